import type { InferEntity } from '@mikro-orm/core';
import { z } from 'zod';
import { SURVEY_STATUSES, Survey } from '../db/entities/workplace.js';
import { isoDate, isoDateTime, readProcedures, toIsoDate } from '../server/records.js';
import { router } from '../server/trpc.js';

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

export type SurveyRecord = z.infer<typeof surveySchema>;

export function toSurveyRecord(s: InferEntity<typeof Survey>): SurveyRecord {
  return {
    id: s.id,
    title: s.title,
    description: s.description ?? null,
    status: s.status,
    is_anonymous: s.isAnonymous,
    starts_on: toIsoDate(s.startsOn),
    ends_on: toIsoDate(s.endsOn),
    question_count: s.questionCount,
    created_at: s.createdAt.toISOString(),
  };
}

export const surveysRouter = router(
  readProcedures({
    scope: 'surveys:read',
    path: '/surveys',
    tag: 'surveys',
    entity: Survey,
    schema: surveySchema,
    serialize: toSurveyRecord,
    summaries: { list: 'List surveys', get: 'Get a survey' },
  }),
);
