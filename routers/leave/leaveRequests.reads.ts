/**
 * The leave-request list's date window (decisions §15): the conditions of its `from` and `to`
 * filters. A request meets the window [from, to] when start_date <= to and end_date >= from.
 */
import type { FilterCondition } from '../../db/listQueries.js';
import { sql } from '../../db/namedValues.js';

export const LEAVE_REQUEST_WINDOW = {
  from: {
    where: (value) => sql`end_date >= ${value}`,
    range: true,
    // No request lasts longer than the tenant's longest (Migration20261127000013ListWindowIndexes).
    seek: (value) => sql`start_date >= ${value}::date - (select max(end_date - start_date) from leave_requests)`,
  },
  to: { where: (value) => sql`start_date <= ${value}`, range: true },
} as const satisfies Record<'from' | 'to', FilterCondition>;
