/** GET /v1/surveys and /v1/surveys/{id}: read-only, filtered by status. */
import { z } from 'zod';
import { equalsFilter, isoDate, isoDateTime, readProcedures } from '../../core/records.js';
import { router } from '../../core/trpc.js';
import { SURVEY_STATUSES } from '../../db/entities/workplace.js';

export const surveySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(SURVEY_STATUSES),
    is_anonymous: z.boolean().meta({ description: 'Responses are not linked to employees.' }),
    starts_on: isoDate.nullable(),
    ends_on: isoDate.nullable(),
    question_count: z.int().min(0),
    created_at: isoDateTime,
  })
  .meta({ id: 'Survey' });

export const surveysRouter = router(
  readProcedures({
    scope: 'surveys:read',
    path: '/surveys',
    tag: 'surveys',
    table: 'surveys',
    schema: surveySchema,
    summaries: { list: 'List surveys', get: 'Get a survey' },
    filters: {
      status: equalsFilter('status', z.enum(SURVEY_STATUSES).meta({ description: 'Only surveys in this status.' })),
    },
  }),
);
