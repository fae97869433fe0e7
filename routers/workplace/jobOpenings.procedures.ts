/** GET /v1/job-openings and /v1/job-openings/{id}: read-only, filtered by status. */
import { z } from 'zod';
import { equalsFilter, isoDateTime, readProcedures } from '../../core/records.js';
import { router } from '../../core/trpc.js';
import { EMPLOYMENT_TYPES } from '../../db/entities/tenancy.js';
import { JOB_OPENING_STATUSES } from '../../db/entities/workplace.js';

export const jobOpeningSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    department: z.string().nullable(),
    location: z.string().nullable(),
    employment_type: z.enum(EMPLOYMENT_TYPES),
    status: z.enum(JOB_OPENING_STATUSES),
    openings: z.int().min(1).meta({ description: 'Positions to fill.' }),
    posted_at: isoDateTime.nullable().meta({ description: 'When it was published; null while a draft.' }),
    created_at: isoDateTime,
  })
  .meta({ id: 'JobOpening' });

export const jobOpeningsRouter = router(
  readProcedures({
    scope: 'recruitment:read',
    path: '/job-openings',
    tag: 'recruitment',
    table: 'job_openings',
    schema: jobOpeningSchema,
    summaries: { list: 'List job openings', get: 'Get a job opening' },
    filters: {
      status: equalsFilter(
        'status',
        z.enum(JOB_OPENING_STATUSES).meta({ description: 'Only job openings in this status.' }),
      ),
    },
  }),
);
