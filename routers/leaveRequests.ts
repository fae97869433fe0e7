import type { InferEntity } from '@mikro-orm/core';
import { z } from 'zod';
import { LEAVE_DURATIONS, LEAVE_STATUSES, LeaveBalance, LeaveRequest, LeaveType } from '../db/entities/leave.js';
import { Employee } from '../db/entities/tenancy.js';
import type { EntityManager } from '../db/orm.js';
import { ApiError } from '../server/errors.js';
import { dateField, decimalField, textField } from '../server/fields.js';
import { seedLeaveBalances } from '../server/leaveSeed.js';
import { enqueueEmail } from '../server/outbox.js';
import { single } from '../server/pagination.js';
import { isoDate, isoDateTime, readProcedures, toIsoDate } from '../server/records.js';
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

const MAX_REASON = 1000;
/** Body dates (1900-01-01..9999-12-31); also decides whether the cross-field date rules apply. */
const inputDate = dateField();
/** leave_requests.days_count is numeric(5, 1), > 0 and a multiple of 0.5: checked exactly. */
const daysCount = decimalField({ min: 0.5, max: 366, step: 0.5, description: 'Working days taken; halves allowed.' });

export const createLeaveRequestInput = z
  .strictObject({
    employee_id: z.uuid().meta({ description: 'The employee taking the leave.' }),
    leave_type_id: z.uuid(),
    start_date: inputDate,
    end_date: inputDate,
    days_count: daysCount,
    reason: textField({ max: MAX_REASON, multiline: true }),
    leave_duration: z.enum(LEAVE_DURATIONS).default('full_day'),
  })
  .superRefine((input, issue) => {
    const fail = (path: string, message: string) => issue.addIssue({ code: 'custom', path: [path], message });
    // A date that is not a real date is reported by its own field; comparing it would add bogus errors.
    const realDates = inputDate.safeParse(input.start_date).success && inputDate.safeParse(input.end_date).success;
    // Likewise a days_count refused by its own rules is not compared with the range.
    const realDays = daysCount.safeParse(input.days_count).success;
    if (!realDates) {
      // Nothing to compare.
    } else if (input.end_date < input.start_date) {
      fail('end_date', 'end_date must not be before start_date');
    } else if (input.start_date.slice(0, 4) !== input.end_date.slice(0, 4)) {
      fail('end_date', 'start_date and end_date must be in the same calendar year');
    } else if (realDays && input.days_count > calendarDays(input.start_date, input.end_date)) {
      fail('days_count', 'days_count exceeds the calendar days in the range');
    }
    if (input.leave_duration !== 'full_day') {
      if (input.start_date !== input.end_date) fail('end_date', 'a half day covers one date');
      if (realDays && input.days_count !== 0.5) fail('days_count', 'a half day counts 0.5');
    }
  })
  .meta({ id: 'CreateLeaveRequestInput' });

export const leaveDecisionInput = z
  .strictObject({
    id: z.uuid(),
    actor_employee_id: z.uuid().meta({ description: 'The employee deciding.' }),
    comment: textField({
      max: MAX_REASON,
      multiline: true,
      blank: true,
      description: 'Sent to the employee.',
    }).optional(),
  })
  .meta({ id: 'LeaveDecisionInput' });

function calendarDays(start: string, end: string): number {
  return (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
}

type Tx = EntityManager;

/**
 * Locks the employee row: every leave write of one employee (filing, decisions) takes this lock
 * first, so the balance and overlap checks read state no concurrent write can change.
 */
async function lockEmployee(tx: Tx, employeeId: string) {
  await tx.execute('select id from employees where id = ? for update', [employeeId]);
}

async function balanceFor(tx: Tx, tenantId: string, employeeId: string, leaveTypeId: string, year: number) {
  await seedLeaveBalances(tx, tenantId, employeeId, year);
  return tx.findOne(LeaveBalance, { employeeId, leaveTypeId, year });
}

/** Recipients of a filing notice: the employee's manager and every HR admin, without duplicates. */
async function approversOf(tx: Tx, employee: InferEntity<typeof Employee>) {
  const admins = await tx.find(Employee, { isHrAdmin: true });
  const manager = employee.managerId ? await tx.findOne(Employee, { id: employee.managerId }) : null;
  const all = [...(manager ? [manager] : []), ...admins].filter((e) => e.id !== employee.id);
  return [...new Map(all.map((e) => [e.email, e])).values()];
}

const describe = (r: { startDate: string | Date; endDate: string | Date; daysCount: number }) =>
  `${toIsoDate(r.startDate)} to ${toIsoDate(r.endDate)} (${r.daysCount} day${r.daysCount === 1 ? '' : 's'})`;

/**
 * Files a leave request (decisions §8): 404 for an employee or leave type outside the tenant, 422
 * when the balance cannot cover it or it overlaps a pending or approved request. Reserves the days
 * as pending and notifies the manager and HR admins, all in one transaction.
 */
export async function fileLeaveRequest(
  em: EntityManager,
  tenantId: string,
  input: z.infer<typeof createLeaveRequestInput>,
) {
  return em.transactional(async (tx) => {
    const employee = await tx.findOne(Employee, { id: input.employee_id });
    if (!employee)
      throw new ApiError('employee_not_found', { detail: `No employee ${input.employee_id} in this tenant.` });
    const type = await tx.findOne(LeaveType, { id: input.leave_type_id });
    if (!type)
      throw new ApiError('leave_type_not_found', { detail: `No leave type ${input.leave_type_id} in this tenant.` });
    await lockEmployee(tx, employee.id);
    const overlapping = await tx.execute<{ id: string }[]>(
      `select id from leave_requests
        where tenant_id = ? and employee_id = ? and status in ('pending', 'approved')
          and start_date <= ? and end_date >= ?
          and not (start_date = end_date and start_date = ? and ? = ?
                   and ((leave_duration = 'half_day_morning' and ? = 'half_day_afternoon')
                     or (leave_duration = 'half_day_afternoon' and ? = 'half_day_morning')))
        limit 1`,
      [
        tenantId,
        employee.id,
        input.end_date,
        input.start_date,
        input.start_date,
        input.start_date,
        input.end_date,
        input.leave_duration,
        input.leave_duration,
      ],
    );
    if (overlapping.length) {
      throw new ApiError('overlapping_leave_request', {
        detail: `The dates meet leave request ${overlapping[0].id}, which is pending or approved.`,
      });
    }
    const year = Number(input.start_date.slice(0, 4));
    if (type.annualAllowance !== null && type.annualAllowance !== undefined) {
      const balance = await balanceFor(tx, tenantId, employee.id, type.id, year);
      const available = balance ? balance.allowance - balance.used - balance.pending : 0;
      if (!balance || input.days_count > available + 1e-9) {
        throw new ApiError('insufficient_leave_balance', {
          detail: `${input.days_count} day(s) requested, ${Math.max(0, Math.round(available * 10) / 10)} available of ${type.code} in ${year}.`,
        });
      }
      balance.pending += input.days_count;
    }
    const request = tx.create(LeaveRequest, {
      tenantId,
      employeeId: employee.id,
      leaveTypeId: type.id,
      startDate: input.start_date,
      endDate: input.end_date,
      daysCount: input.days_count,
      leaveDuration: input.leave_duration,
      status: 'pending',
      reason: input.reason,
    });
    await tx.flush();
    for (const approver of await approversOf(tx, employee)) {
      await enqueueEmail(tx, {
        tenantId,
        kind: 'leave_filed',
        to: approver.email,
        subject: `Leave request from ${employee.fullName}`,
        body: `${employee.fullName} asks for ${type.name}, ${describe(request)}.\nReason: ${input.reason}\n`,
      });
    }
    return toLeaveRequestRecord(request);
  });
}

export type LeaveDecision = 'approve' | 'reject' | 'cancel';

const NEXT_STATUS = { approve: 'approved', reject: 'rejected', cancel: 'cancelled' } as const;

/** Which statuses each decision may leave from (decisions §8). */
const ALLOWED_FROM: Record<LeaveDecision, readonly string[]> = {
  approve: ['pending'],
  reject: ['pending'],
  cancel: ['pending', 'approved'],
};

/**
 * Approve, reject or cancel (decisions §8). Approve and reject: the employee's manager or an HR
 * admin, never the employee; cancel: the employee or an HR admin. Balances move with the status
 * and the employee is notified, in one transaction.
 */
export async function decideLeaveRequest(
  em: EntityManager,
  tenantId: string,
  decision: LeaveDecision,
  input: z.infer<typeof leaveDecisionInput>,
) {
  return em.transactional(async (tx) => {
    const found = await tx.findOne(LeaveRequest, { id: input.id });
    if (!found) throw new ApiError('not_found', { detail: `No leave request ${input.id}.` });
    const actor = await tx.findOne(Employee, { id: input.actor_employee_id });
    if (!actor)
      throw new ApiError('actor_not_found', { detail: `No employee ${input.actor_employee_id} in this tenant.` });
    const employee = await tx.findOneOrFail(Employee, { id: found.employeeId });
    const isSelf = actor.id === employee.id;
    const permitted =
      decision === 'cancel'
        ? isSelf || actor.isHrAdmin
        : !isSelf && (actor.isHrAdmin || employee.managerId === actor.id);
    if (!permitted) {
      throw new ApiError('actor_not_permitted', {
        detail:
          decision === 'cancel'
            ? 'Only the employee or an HR admin may cancel a leave request.'
            : `Only the employee's manager or an HR admin may ${decision} a leave request, never the employee.`,
      });
    }
    await lockEmployee(tx, employee.id);
    // Re-read under the lock: a concurrent decision may have moved it.
    const request = await tx.findOneOrFail(LeaveRequest, { id: input.id }, { refresh: true });
    if (!ALLOWED_FROM[decision].includes(request.status)) {
      throw new ApiError('invalid_leave_transition', {
        detail: `This leave request is ${request.status}; it cannot be ${NEXT_STATUS[decision]}.`,
      });
    }
    const type = await tx.findOneOrFail(LeaveType, { id: request.leaveTypeId });
    if (type.annualAllowance !== null && type.annualAllowance !== undefined) {
      const year = Number(toIsoDate(request.startDate).slice(0, 4));
      const balance = await balanceFor(tx, tenantId, employee.id, type.id, year);
      if (balance) {
        const days = request.daysCount;
        if (request.status === 'pending') balance.pending -= days;
        else balance.used -= days; // cancelling an approved request gives the days back
        if (decision === 'approve') balance.used += days;
      }
    }
    request.status = NEXT_STATUS[decision];
    request.decidedBy = actor.id;
    request.decidedAt = new Date();
    request.decisionComment = input.comment || null; // a blank comment (trimmed to '') is no comment
    await tx.flush();
    await enqueueEmail(tx, {
      tenantId,
      kind: `leave_${request.status}`,
      to: employee.email,
      subject: `Your leave request was ${request.status}`,
      body: `Your ${type.name} request for ${describe(request)} was ${request.status} by ${actor.fullName}.${input.comment ? `\nComment: ${input.comment}` : ''}\n`,
    });
    return toLeaveRequestRecord(request);
  });
}

const write = scoped('leave:write');
const leaveRequestResponse = single(leaveRequestSchema, 'LeaveRequestResponse');
const writeErrors = [400, 401, 403, 404, 409, 413, 415, 422, 429];

function decisionProcedure(decision: LeaveDecision, summary: string, description: string) {
  return write
    .meta({
      openapi: {
        method: 'POST',
        path: `/leave-requests/{id}/${decision}`,
        tags: ['leave'],
        summary,
        description: `${description} Accepts Idempotency-Key.`,
        errorResponses: [400, 401, 403, 404, 409, 413, 415, 429],
      },
    })
    .input(leaveDecisionInput)
    .output(leaveRequestResponse)
    .mutation(async ({ ctx, input }) => ({
      data: await decideLeaveRequest(ctx.em, ctx.credential.tenantId, decision, input),
    }));
}

export const leaveRequestsRouter = router({
  ...readProcedures({
    scope: 'leave:read',
    path: '/leave-requests',
    tag: 'leave',
    entity: LeaveRequest,
    schema: leaveRequestSchema,
    serialize: toLeaveRequestRecord,
    summaries: { list: 'List leave requests', get: 'Get a leave request' },
  }),

  create: write
    .meta({
      openapi: {
        method: 'POST',
        path: '/leave-requests',
        tags: ['leave'],
        summary: 'File a leave request',
        description:
          'Checks the balance and overlaps, reserves the days as pending and notifies the manager and HR admins. Accepts Idempotency-Key.',
        errorResponses: writeErrors,
      },
    })
    .input(createLeaveRequestInput)
    .output(leaveRequestResponse)
    .mutation(async ({ ctx, input }) => ({ data: await fileLeaveRequest(ctx.em, ctx.credential.tenantId, input) })),

  approve: decisionProcedure(
    'approve',
    'Approve a leave request',
    "By the employee's manager or an HR admin; moves the days from pending to used.",
  ),
  reject: decisionProcedure(
    'reject',
    'Reject a leave request',
    "By the employee's manager or an HR admin; releases the pending days.",
  ),
  cancel: decisionProcedure(
    'cancel',
    'Cancel a leave request',
    'By the employee or an HR admin; pending or approved days are given back.',
  ),
});
