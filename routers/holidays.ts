import type { InferEntity } from '@mikro-orm/core';
import { z } from 'zod';
import { Holiday } from '../db/entities/workplace.js';
import { isoDate, isoDateTime, readProcedures, toIsoDate } from '../server/records.js';
import { router } from '../server/trpc.js';

export const holidaySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    date: isoDate,
    is_optional: z.boolean().meta({ description: 'An optional (floating) holiday employees may choose to take.' }),
    created_at: isoDateTime,
  })
  .meta({ id: 'Holiday' });

export type HolidayRecord = z.infer<typeof holidaySchema>;

export function toHolidayRecord(h: InferEntity<typeof Holiday>): HolidayRecord {
  return {
    id: h.id,
    name: h.name,
    date: toIsoDate(h.date),
    is_optional: h.isOptional,
    created_at: h.createdAt.toISOString(),
  };
}

export const holidaysRouter = router(
  readProcedures({
    scope: 'holidays:read',
    path: '/holidays',
    tag: 'holidays',
    entity: Holiday,
    schema: holidaySchema,
    serialize: toHolidayRecord,
    summaries: { list: 'List holidays', get: 'Get a holiday' },
  }),
);
