import type { InferEntity } from '@mikro-orm/core';
import { z } from 'zod';
import { LeaveType } from '../db/entities/leave.js';
import { listEnvelope, pageQuery, single } from '../server/pagination.js';
import { getRecord, idParam, isoDateTime, listRecords } from '../server/records.js';
import { router, scoped } from '../server/trpc.js';

export const leaveTypeSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    code: z.string().meta({ description: 'Stable code, unique in the tenant, e.g. ANNUAL.' }),
    is_paid: z.boolean(),
    annual_allowance: z
      .number()
      .nullable()
      .meta({ description: 'Days granted per calendar year; null when no balance is tracked.' }),
    created_at: isoDateTime,
  })
  .meta({ id: 'LeaveType' });

export type LeaveTypeRecord = z.infer<typeof leaveTypeSchema>;

export function toLeaveTypeRecord(t: InferEntity<typeof LeaveType>): LeaveTypeRecord {
  return {
    id: t.id,
    name: t.name,
    code: t.code,
    is_paid: t.isPaid,
    annual_allowance: t.annualAllowance ?? null,
    created_at: t.createdAt.toISOString(),
  };
}

const read = scoped('leave:read');

export const leaveTypesRouter = router({
  list: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/leave-types',
        tags: ['leave'],
        summary: 'List leave types',
        description: 'Ascending by (created_at, id).',
        errorResponses: [400, 401, 403, 429],
      },
    })
    .input(z.object(pageQuery))
    .output(listEnvelope(leaveTypeSchema, 'LeaveTypeList'))
    .query(async ({ ctx, input }) => {
      const page = await listRecords(ctx, LeaveType, input, 'leave-types');
      return { ...page, data: page.data.map(toLeaveTypeRecord) };
    }),

  get: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/leave-types/{id}',
        tags: ['leave'],
        summary: 'Get a leave type',
        description: "One leave type of the credential's tenant; an id of another tenant is 404.",
        errorResponses: [400, 401, 403, 404, 429],
      },
    })
    .input(idParam)
    .output(single(leaveTypeSchema, 'LeaveTypeResponse'))
    .query(async ({ ctx, input }) => ({ data: toLeaveTypeRecord(await getRecord(ctx, LeaveType, input.id)) })),
});
