import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { dateField, decimalField, textField } from '../api/fields.js';
import { single } from '../api/pagination.js';
import { isoDate, isoDateTime, readProcedures, recordColumns, sqlDate, sqlNumber } from '../api/records.js';
import { router, scoped } from '../api/trpc.js';
import { LEAVE_DURATIONS, LEAVE_STATUSES } from '../db/entities/leave.js';
import type { EntityManager } from '../db/orm.js';
import { inTransaction, parsed, TenantReader } from '../db/tenantReader.js';
import { ALLOWANCE_TYPES_JSON, type AllowanceType, balanceSeedRows, SEED_BALANCES } from '../domain/leaveTypes.js';
import { outboxInsert, outboxRows } from '../server/outbox.js';

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

/** The read record as a select list: an explicit field list (decisions §8), one column each. */
const leaveRequestColumns = recordColumns(leaveRequestSchema);

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

/**
 * The employee, the leave type and who is to be told, with the employee's row locked: every leave
 * write of one employee (filing, decisions) takes this lock first, so the balance and overlap
 * checks of the statement after it read state no concurrent write can change.
 */
const FILING_LOCK = TenantReader.prepare(`
  select e.id, e.full_name, e.manager_id, m.email as manager_email,
         lt.id as type_id, lt.name as type_name, lt.code as type_code, ${sqlNumber('lt.annual_allowance')} as allowance,
         (select coalesce(json_agg(json_build_object('id', a.id, 'email', a.email) order by a.created_at, a.id), '[]')
            from employees a where a.is_hr_admin) as hr_admins,
         ${ALLOWANCE_TYPES_JSON}
    from employees e
    left join employees m on m.id = e.manager_id
    left join leave_types lt on lt.id = ?
   where e.id = ?
     for no key update of e`);

interface FilingLock {
  id: string;
  full_name: string;
  manager_id: string | null;
  manager_email: string | null;
  type_id: string | null;
  type_name: string;
  type_code: string;
  allowance: number | null;
  hr_admins: string | { id: string; email: string }[];
  allowance_types: string | AllowanceType[];
}

/**
 * The filing itself, one statement under the employee's lock: refused when the range meets a
 * pending or approved request (a morning and an afternoon half day on one date do not overlap) or
 * the balance cannot cover it; otherwise the days are reserved as pending (the balance row created
 * if the year has none yet), the request written and its notices put in the outbox.
 */
const FILE = TenantReader.prepare(`
  with overlap as (
    select id from leave_requests
     where employee_id = ? and status in ('pending', 'approved')
       and start_date <= ?::date and end_date >= ?::date
       and not (start_date = end_date and start_date = ?::date and ?::date = ?::date
                and ((leave_duration = 'half_day_morning' and ? = 'half_day_afternoon')
                  or (leave_duration = 'half_day_afternoon' and ? = 'half_day_morning')))
     limit 1
  ),
  balance as (
    select allowance - used - pending as available from leave_balances
     where employee_id = ? and leave_type_id = ? and year = ?
  ),
  accepted as (
    select 1 as ok
     where not exists (select 1 from overlap)
       and (?::numeric is null or coalesce((select available from balance), ?::numeric) >= ?::numeric)
  ),
  seeded as (${SEED_BALANCES} and exists (select 1 from accepted)
  ),
  reserved as (
    update leave_balances set pending = pending + ?::numeric, updated_at = ?::timestamptz
     where id = (select id from leave_balances where employee_id = ? and leave_type_id = ? and year = ?)
       and ?::boolean and exists (select 1 from accepted)
  ),
  filed as (
    insert into leave_requests (id, tenant_id, employee_id, leave_type_id, start_date, end_date, days_count,
                                leave_duration, status, reason, created_at, updated_at)
    select ?, ?, ?, ?, ?::date, ?::date, ?::numeric, ?, 'pending', ?, ?::timestamptz, ?::timestamptz from accepted
    returning ${leaveRequestColumns}
  ),
  notified as (${outboxInsert('exists (select 1 from filed)')})
  select (select id from overlap) as overlapping_id,
         ${sqlNumber('coalesce((select available from balance), ?::numeric)')} as available,
         filed.*
    from (select 1) as one left join filed on true`);

interface FileOutcome extends Partial<LeaveRequestRecord> {
  overlapping_id: string | null;
  available: number | null;
}

const describe = (r: { start_date: string; end_date: string; days_count: number }) =>
  `${r.start_date} to ${r.end_date} (${r.days_count} day${r.days_count === 1 ? '' : 's'})`;

/**
 * Files a leave request (decisions §8): 404 for an employee or leave type outside the tenant, 422
 * when the balance cannot cover it or it overlaps a pending or approved request. Reserves the days
 * as pending and notifies the manager and HR admins, all in one transaction of two statements.
 */
export async function fileLeaveRequest(
  em: EntityManager,
  tenantId: string,
  input: z.infer<typeof createLeaveRequestInput>,
) {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    const employee = await reader.one<FilingLock>(FILING_LOCK, [input.leave_type_id, input.employee_id]);
    if (!employee) {
      throw new ApiError('employee_not_found', { detail: `No employee ${input.employee_id} in this tenant.` });
    }
    if (!employee.type_id) {
      throw new ApiError('leave_type_not_found', { detail: `No leave type ${input.leave_type_id} in this tenant.` });
    }
    const year = Number(input.start_date.slice(0, 4));
    const tracked = employee.allowance !== null;
    const now = new Date().toISOString();
    // Recipients: the employee's manager and every HR admin, once each, never the employee.
    const admins = parsed(employee.hr_admins);
    const approvers = [
      ...(employee.manager_id && employee.manager_email
        ? [{ id: employee.manager_id, email: employee.manager_email }]
        : []),
      ...admins,
    ].filter((e) => e.id !== employee.id);
    const recipients = [...new Set(approvers.map((e) => e.email))];
    const filedRequest = { start_date: input.start_date, end_date: input.end_date, days_count: input.days_count };
    const notices = recipients.map((to) => ({
      tenantId,
      kind: 'leave_filed',
      to,
      subject: `Leave request from ${employee.full_name}`,
      body: `${employee.full_name} asks for ${employee.type_name}, ${describe(filedRequest)}.\nReason: ${input.reason}\n`,
    }));
    const outcome = (await reader.one<FileOutcome>(FILE, [
      // overlap
      input.employee_id,
      input.end_date,
      input.start_date,
      input.start_date,
      input.start_date,
      input.end_date,
      input.leave_duration,
      input.leave_duration,
      // balance
      input.employee_id,
      input.leave_type_id,
      year,
      // accepted
      employee.allowance,
      employee.allowance,
      input.days_count,
      // seeded
      tenantId,
      input.employee_id,
      year,
      input.leave_type_id,
      0,
      input.leave_type_id,
      input.days_count,
      now,
      now,
      balanceSeedRows(parsed(employee.allowance_types)),
      tracked,
      input.employee_id,
      year,
      // reserved
      input.days_count,
      now,
      input.employee_id,
      input.leave_type_id,
      year,
      tracked,
      // filed
      uuidv7(),
      tenantId,
      input.employee_id,
      input.leave_type_id,
      input.start_date,
      input.end_date,
      input.days_count,
      input.leave_duration,
      input.reason,
      now,
      now,
      // notified
      outboxRows(notices),
      // the outcome
      employee.allowance,
    ])) as FileOutcome;
    const { overlapping_id, available, ...request } = outcome;
    if (overlapping_id) {
      throw new ApiError('overlapping_leave_request', {
        detail: `The dates meet leave request ${overlapping_id}, which is pending or approved.`,
      });
    }
    if (!request.id) {
      const left = available ?? 0;
      throw new ApiError('insufficient_leave_balance', {
        detail: `${input.days_count} day(s) requested, ${Math.max(0, Math.round(left * 10) / 10)} available of ${employee.type_code} in ${year}.`,
      });
    }
    return request as LeaveRequestRecord;
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
 * The request, its employee, its type and the actor, with the request's and the employee's rows
 * locked: the status read here is the latest committed one, and no other leave write of the
 * employee runs until this one commits.
 */
const DECISION_LOCK = TenantReader.prepare(`
  select r.status, r.employee_id, r.leave_type_id, ${sqlDate('r.start_date')} as start_date,
         ${sqlDate('r.end_date')} as end_date, ${sqlNumber('r.days_count')} as days_count,
         e.email as employee_email, e.manager_id,
         a.id as actor_id, a.is_hr_admin as actor_is_hr_admin, a.full_name as actor_name,
         lt.name as type_name, ${sqlNumber('lt.annual_allowance')} as allowance,
         ${ALLOWANCE_TYPES_JSON}
    from leave_requests r
    join employees e on e.id = r.employee_id
    join leave_types lt on lt.id = r.leave_type_id
    left join employees a on a.id = ?
   where r.id = ?
     for no key update of r, e`);

interface DecisionLock {
  status: string;
  employee_id: string;
  leave_type_id: string;
  start_date: string;
  end_date: string;
  days_count: number;
  employee_email: string;
  manager_id: string | null;
  actor_id: string | null;
  actor_is_hr_admin: boolean | null;
  actor_name: string;
  type_name: string;
  allowance: number | null;
  allowance_types: string | AllowanceType[];
}

/** The decision, one statement: the balance moves with the status, the employee is told. */
const DECIDE = TenantReader.prepare(`
  with seeded as (${SEED_BALANCES}
  ),
  moved as (
    update leave_balances set used = used + ?::numeric, pending = pending + ?::numeric, updated_at = ?::timestamptz
     where id = (select id from leave_balances where employee_id = ? and leave_type_id = ? and year = ?)
       and ?::boolean
  ),
  decided as (
    update leave_requests set status = ?, decided_by = ?, decided_at = ?::timestamptz, decision_comment = ?,
                              updated_at = ?::timestamptz
     where id = (select id from leave_requests where id = ?)
    returning ${leaveRequestColumns}
  ),
  notified as (${outboxInsert('exists (select 1 from decided)')})
  select * from decided`);

/**
 * Approve, reject or cancel (decisions §8). Approve and reject: the employee's manager or an HR
 * admin, never the employee; cancel: the employee or an HR admin. Balances move with the status
 * and the employee is notified, in one transaction of two statements.
 */
export async function decideLeaveRequest(
  em: EntityManager,
  tenantId: string,
  decision: LeaveDecision,
  input: z.infer<typeof leaveDecisionInput>,
) {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    const request = await reader.one<DecisionLock>(DECISION_LOCK, [input.actor_employee_id, input.id]);
    if (!request) throw new ApiError('not_found', { detail: `No leave request ${input.id}.` });
    if (!request.actor_id) {
      throw new ApiError('actor_not_found', { detail: `No employee ${input.actor_employee_id} in this tenant.` });
    }
    const isSelf = request.actor_id === request.employee_id;
    const isHrAdmin = request.actor_is_hr_admin === true;
    const permitted =
      decision === 'cancel' ? isSelf || isHrAdmin : !isSelf && (isHrAdmin || request.manager_id === request.actor_id);
    if (!permitted) {
      throw new ApiError('actor_not_permitted', {
        detail:
          decision === 'cancel'
            ? 'Only the employee or an HR admin may cancel a leave request.'
            : `Only the employee's manager or an HR admin may ${decision} a leave request, never the employee.`,
      });
    }
    if (!ALLOWED_FROM[decision].includes(request.status)) {
      throw new ApiError('invalid_leave_transition', {
        detail: `This leave request is ${request.status}; it cannot be ${NEXT_STATUS[decision]}.`,
      });
    }
    const status = NEXT_STATUS[decision];
    const year = Number(request.start_date.slice(0, 4));
    const tracked = request.allowance !== null;
    const days = request.days_count;
    // Pending days are released; cancelling an approved request gives the used days back; approving uses them.
    const pendingChange = request.status === 'pending' ? -days : 0;
    const usedChange = (request.status === 'approved' ? -days : 0) + (decision === 'approve' ? days : 0);
    const now = new Date().toISOString();
    const comment = input.comment || null; // a blank comment (trimmed to '') is no comment
    const notice = {
      tenantId,
      kind: `leave_${status}`,
      to: request.employee_email,
      subject: `Your leave request was ${status}`,
      body: `Your ${request.type_name} request for ${describe(request)} was ${status} by ${request.actor_name}.${input.comment ? `\nComment: ${input.comment}` : ''}\n`,
    };
    const [decided] = await reader.all<LeaveRequestRecord>(DECIDE, [
      // seeded
      tenantId,
      request.employee_id,
      year,
      request.leave_type_id,
      usedChange,
      request.leave_type_id,
      pendingChange,
      now,
      now,
      balanceSeedRows(parsed(request.allowance_types)),
      tracked,
      request.employee_id,
      year,
      // moved
      usedChange,
      pendingChange,
      now,
      request.employee_id,
      request.leave_type_id,
      year,
      tracked,
      // decided
      status,
      request.actor_id,
      now,
      comment,
      now,
      input.id,
      // notified
      outboxRows([notice]),
    ]);
    return decided;
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
    table: 'leave_requests',
    schema: leaveRequestSchema,
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
