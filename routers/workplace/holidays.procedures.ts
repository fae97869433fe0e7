/** GET /v1/holidays and /v1/holidays/{id}: read-only, filtered by a date window. */
import { z } from 'zod';
import { dateField } from '../../core/fields.js';
import { dateBoundFilter, isoDate, isoDateTime, readProcedures } from '../../core/records.js';
import { router } from '../../core/trpc.js';

export const holidaySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    date: isoDate,
    is_optional: z.boolean().meta({ description: 'An optional (floating) holiday employees may choose to take.' }),
    created_at: isoDateTime,
  })
  .meta({ id: 'Holiday' });

export const holidaysRouter = router(
  readProcedures({
    scope: 'holidays:read',
    path: '/holidays',
    tag: 'holidays',
    table: 'holidays',
    schema: holidaySchema,
    summaries: { list: 'List holidays', get: 'Get a holiday' },
    // decisions §15: an inclusive window on the holiday's date.
    filters: {
      from: dateBoundFilter('holidays.date', '>=', dateField('Only holidays on or after this date (inclusive).')),
      to: dateBoundFilter(
        'holidays.date',
        '<=',
        dateField('Only holidays on or before this date (inclusive); not before `from`.'),
      ),
    },
    window: ['from', 'to'],
  }),
);
