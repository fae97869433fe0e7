/**
 * The leave-request list's date window (decisions §15): the conditions of its `from` and `to`
 * filters. A request meets the window [from, to] when start_date <= to and end_date >= from; a page
 * reads the window's rows a start date at a time.
 */
import type { FilterCondition } from '../../db/listQueries.js';
import { sql } from '../../db/namedValues.js';

export const LEAVE_REQUEST_WINDOW = {
  from: {
    where: (value) => sql`end_date >= ${value}`,
    // No request lasts longer than the tenant's longest (Migration20261127000013ListWindowIndexes),
    // so one that meets the window started at most that long before `from`.
    range: {
      column: 'start_date',
      side: 'from',
      day: (value) => sql`${value}::date - (select max(end_date - start_date) from leave_requests)`,
    },
  },
  to: { where: (value) => sql`start_date <= ${value}`, range: { column: 'start_date', side: 'to' } },
} as const satisfies Record<'from' | 'to', FilterCondition>;
