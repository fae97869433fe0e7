import type { InferEntity } from '@mikro-orm/core';
import { z } from 'zod';
import { LEAVE_DURATIONS, LEAVE_STATUSES, LeaveRequest } from '../db/entities/leave.js';
import { listEnvelope, pageQuery, single } from '../server/pagination.js';
import { getRecord, idParam, isoDate, isoDateTime, listRecords, toIsoDate } from '../server/records.js';
import { router, scoped } from '../server/trpc.js';

export const leaveRequestSchema = z
  .object({
    id: z.uuid(),
    employee_id: z.uuid().meta({ description: 'The employee taking the leave.' }),
    leave_type_id: z.uuid(),
    start_date: isoDate,
    end_date: isoDate,
    days_count: z.number().positive().multipleOf(0.5).meta({ description: 'Working days taken; halves allowed.' }),
    status: z.enum(LEAVE_STATUSES).meta({
      description: 'pending → approved | rejected | cancelled; approved → cancelled. rejected and cancelled are final.',
    }),
    reason: z.string(),
    leave_duration: z.enum(LEAVE_DURATIONS),
    decided_by: z.uuid().nullable().meta({ description: 'The employee who approved, rejected or cancelled it.' }),
    decided_at: isoDateTime.nullable(),
    decision_comment: z.string().nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'LeaveRequest' });

export type LeaveRequestRecord = z.infer<typeof leaveRequestSchema>;

/** The read record: an explicit field list (decisions §8). */
export function toLeaveRequestRecord(r: InferEntity<typeof LeaveRequest>): LeaveRequestRecord {
  return {
    id: r.id,
    employee_id: r.employeeId,
    leave_type_id: r.leaveTypeId,
    start_date: toIsoDate(r.startDate),
    end_date: toIsoDate(r.endDate),
    days_count: r.daysCount,
    status: r.status,
    reason: r.reason,
    leave_duration: r.leaveDuration,
    decided_by: r.decidedBy ?? null,
    decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
    decision_comment: r.decisionComment ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const read = scoped('leave:read');

export const leaveRequestsRouter = router({
  list: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/leave-requests',
        tags: ['leave'],
        summary: 'List leave requests',
        description: 'Ascending by (created_at, id).',
        errorResponses: [400, 401, 403, 429],
      },
    })
    .input(z.object(pageQuery))
    .output(listEnvelope(leaveRequestSchema, 'LeaveRequestList'))
    .query(async ({ ctx, input }) => {
      const page = await listRecords(ctx, LeaveRequest, input, 'leave-requests');
      return { ...page, data: page.data.map(toLeaveRequestRecord) };
    }),

  get: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/leave-requests/{id}',
        tags: ['leave'],
        summary: 'Get a leave request',
        description: "One leave request of the credential's tenant; an id of another tenant is 404.",
        errorResponses: [400, 401, 403, 404, 429],
      },
    })
    .input(idParam)
    .output(single(leaveRequestSchema, 'LeaveRequestResponse'))
    .query(async ({ ctx, input }) => ({
      data: toLeaveRequestRecord(await getRecord(ctx, LeaveRequest, input.id)),
    })),
});
