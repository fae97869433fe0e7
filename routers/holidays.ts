import { z } from 'zod';

import { isoDate, isoDateTime, readProcedures } from '../api/records.js';
import { router } from '../api/trpc.js';

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
  }),
);
