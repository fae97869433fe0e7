import { uuidv7 } from 'uuidv7';
import type { WriteOrigin } from '../../core/context.js';
import { DomainError, type FieldError } from '../../core/domainError.js';
import { checkVersion, type ExpectedVersions } from '../../core/versions.js';
import { sqlDate, sqlNumber } from '../../db/columns.js';
import type { LEAVE_DURATIONS, LEAVE_STATUSES } from '../../db/entities/leave.js';
import type { EntityManager } from '../../db/orm.js';
import { inTransaction, parsed, TenantReader } from '../../db/tenantReader.js';
import { recordEvents } from '../events/eventLog.js';
import { outboxInsert, outboxRows } from '../mail/outbox.writes.js';
import { LEAVE_REQUEST_COLUMNS, type LeaveRequestRecord } from './leaveRequest.record.js';
import { ALLOWANCE_TYPES_JSON, type AllowanceType, balanceSeedRows, SEED_BALANCES } from './leaveTypes.writes.js';

/**
 * Leave requests (decisions §8): the rules as named pure functions, then the two writes (filing
 * and the decisions) that apply them under the employee's row lock. The API layer
 * (routers/leave/leaveRequests.procedures.ts) parses the input and serialises the record; nothing here knows HTTP.
 */

export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export type LeaveDuration = (typeof LEAVE_DURATIONS)[number];
export type LeaveDecision = 'approve' | 'reject' | 'cancel';

// ---------------------------------------------------------------------------------------------
// Dates of a new request

/** What the date rules of a new request look at. */
export interface LeaveDates {
  start_date: string;
  end_date: string;
  days_count: number;
  leave_duration: LeaveDuration;
}

/** Calendar days from `start` to `end` (YYYY-MM-DD), both included. */
export function calendarDays(start: string, end: string): number {
  return (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
}

/**
 * The cross-field rules of a new request's dates, as field problems (none when it passes): the end
 * is not before the start, both are in one calendar year, days_count does not exceed the calendar
 * days of the range, and a half day is one date counting 0.5. `checked` says which fields passed
 * their own rules: a date that is not a real date, or a days_count refused on its own, is not
 * compared (that would add bogus problems beside the field's own).
 */
export function leaveDateErrors(
  input: LeaveDates,
  checked: { dates: boolean; days: boolean } = { dates: true, days: true },
): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (path: string, message: string) => errors.push({ path, message });
  if (!checked.dates) {
    // Nothing to compare.
  } else if (input.end_date < input.start_date) {
    fail('end_date', 'end_date must not be before start_date');
  } else if (input.start_date.slice(0, 4) !== input.end_date.slice(0, 4)) {
    fail('end_date', 'start_date and end_date must be in the same calendar year');
  } else if (checked.days && input.days_count > calendarDays(input.start_date, input.end_date)) {
    fail('days_count', 'days_count exceeds the calendar days in the range');
  }
  if (input.leave_duration !== 'full_day') {
    if (input.start_date !== input.end_date) fail('end_date', 'a half day covers one date');
    if (checked.days && input.days_count !== 0.5) fail('days_count', 'a half day counts 0.5');
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Overlap

/** A request's dates as the overlap rule sees them. */
export interface LeaveRange {
  start_date: string;
  end_date: string;
  leave_duration: LeaveDuration;
}

/**
 * Whether two requests overlap: they share a date, except a morning and an afternoon half day of
 * the same single date, which do not.
 */
export function leaveRangesOverlap(a: LeaveRange, b: LeaveRange): boolean {
  if (a.start_date > b.end_date || b.start_date > a.end_date) return false;
  const sameSingleDate = a.start_date === a.end_date && b.start_date === b.end_date && a.start_date === b.start_date;
  const morningAndAfternoon =
    (a.leave_duration === 'half_day_morning' && b.leave_duration === 'half_day_afternoon') ||
    (a.leave_duration === 'half_day_afternoon' && b.leave_duration === 'half_day_morning');
  return !(sameSingleDate && morningAndAfternoon);
}

/** The first of `existing` (pending or approved requests) that `range` overlaps, if any. */
export function firstOverlap<T extends LeaveRange>(range: LeaveRange, existing: readonly T[]): T | undefined {
  return existing.find((other) => leaveRangesOverlap(range, other));
}

// ---------------------------------------------------------------------------------------------
// Decisions: who, from which status, what the balance does

/** Who decides on whose request. */
export interface LeaveDecider {
  actorId: string;
  actorIsHrAdmin: boolean;
  /** The employee the request is for. */
  employeeId: string;
  /** That employee's manager. */
  managerId: string | null;
}

/**
 * The approval matrix: approve and reject are for the employee's manager or an HR admin, never the
 * employee themself (not even an HR admin); cancel is for the employee or an HR admin. Undefined
 * when `decider` may take `decision`, else why not.
 */
export function leaveDecisionRefusal(decision: LeaveDecision, decider: LeaveDecider): string | undefined {
  const isSelf = decider.actorId === decider.employeeId;
  const isManager = decider.managerId !== null && decider.managerId === decider.actorId;
  if (decision === 'cancel') {
    return isSelf || decider.actorIsHrAdmin
      ? undefined
      : 'Only the employee or an HR admin may cancel a leave request.';
  }
  return !isSelf && (decider.actorIsHrAdmin || isManager)
    ? undefined
    : `Only the employee's manager or an HR admin may ${decision} a leave request, never the employee.`;
}

/** The status each decision leads to. */
export const DECIDED_STATUS = { approve: 'approved', reject: 'rejected', cancel: 'cancelled' } as const;
export type DecidedStatus = (typeof DECIDED_STATUS)[LeaveDecision];

/**
 * Which statuses each decision may leave from: pending → approved | rejected | cancelled;
 * approved → cancelled; rejected and cancelled are final.
 */
const LEAVE_DECISION_FROM: Readonly<Record<LeaveDecision, readonly LeaveStatus[]>> = {
  approve: ['pending'],
  reject: ['pending'],
  cancel: ['pending', 'approved'],
};

/** The status `decision` takes a request in `from` to, or undefined when it may not. */
export function nextLeaveStatus(from: LeaveStatus, decision: LeaveDecision): DecidedStatus | undefined {
  return LEAVE_DECISION_FROM[decision].includes(from) ? DECIDED_STATUS[decision] : undefined;
}

/** Why `decision` may not take a request in `from`, or undefined when it may. */
export function leaveTransitionRefusal(from: LeaveStatus, decision: LeaveDecision): string | undefined {
  return nextLeaveStatus(from, decision)
    ? undefined
    : `This leave request is ${from}; it cannot be ${DECIDED_STATUS[decision]}.`;
}

// ---------------------------------------------------------------------------------------------
// Balances

/** A balance row's days for one type and year. */
export interface BalanceDays {
  allowance: number;
  used: number;
  pending: number;
}

/** Day amounts have one decimal; keep float noise (20 − 0.1 − 0.2) out of the arithmetic. */
const tenths = (n: number) => Math.round(n * 10) / 10;

/** allowance − used − pending. */
export function availableDays(balance: BalanceDays): number {
  return tenths(balance.allowance - balance.used - balance.pending);
}

/**
 * The days an employee can still file for a type in a year: null when the type keeps no balance
 * (`annualAllowance` null); the type's annual allowance when the year has no balance row yet.
 */
export function availableToFile(
  annualAllowance: number | null,
  balance: BalanceDays | null | undefined,
): number | null {
  if (annualAllowance === null) return null;
  return balance ? availableDays(balance) : annualAllowance;
}

/**
 * An employee's balance of a type for a year as the API lists it: the balance row when there is
 * one; without one (a type added later, a year not yet seeded) the type's annual allowance with
 * nothing used or pending.
 */
export function balanceOfYear(
  annualAllowance: number,
  row: { allowance: number | null; used: number | null; pending: number | null } | null | undefined,
): BalanceDays & { available: number } {
  const balance = { allowance: row?.allowance ?? annualAllowance, used: row?.used ?? 0, pending: row?.pending ?? 0 };
  return { ...balance, available: availableDays(balance) };
}

/** Whether `available` (availableToFile) covers `days`: always for a type without a balance (null). */
export function leaveBalanceCovers(available: number | null, days: number): boolean {
  return available === null || available >= days;
}

/**
 * How a decision moves the balance of a request of `days` in status `from`: its pending days are
 * released, the used days of an approved request are given back, and approving uses the days.
 */
export function leaveBalanceMovement(
  from: LeaveStatus,
  decision: LeaveDecision,
  days: number,
): { pending: number; used: number } {
  return {
    pending: from === 'pending' ? -days : 0,
    used: (from === 'approved' ? -days : 0) + (decision === 'approve' ? days : 0),
  };
}

// ---------------------------------------------------------------------------------------------
// The writes

const describe = (r: { start_date: string; end_date: string; days_count: number }) =>
  `${r.start_date} to ${r.end_date} (${r.days_count} day${r.days_count === 1 ? '' : 's'})`;

/** A new request as the API hands it over (after parsing and the date rules). */
export interface FileLeaveInput extends LeaveDates {
  employee_id: string;
  leave_type_id: string;
  reason: string;
}

/**
 * The employee, the leave type and who is to be told, with the employee's row locked: every leave
 * write of one employee (filing, decisions) takes this lock first, so what the statements after it
 * read no concurrent leave write of the employee can change.
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
 * What the filing rules decide on, read after the lock (a statement of its own: a statement sees
 * what was committed when it started, so reads in the locking statement could predate a filing
 * that held the lock while this one waited for it): the employee's pending and approved requests
 * whose dates meet the range, and the balance row of the type for the year.
 */
const FILING_STATE = TenantReader.prepare(`
  select (select coalesce(json_agg(json_build_object('id', r.id, 'start_date', ${sqlDate('r.start_date')},
                                                     'end_date', ${sqlDate('r.end_date')},
                                                     'leave_duration', r.leave_duration)
                                   order by r.start_date, r.id), '[]')
            from leave_requests r
           where r.employee_id = ? and r.status in ('pending', 'approved')
             and r.start_date <= ?::date and r.end_date >= ?::date) as meeting,
         (select json_build_object('allowance', ${sqlNumber('b.allowance')}, 'used', ${sqlNumber('b.used')},
                                   'pending', ${sqlNumber('b.pending')})
            from leave_balances b
           where b.employee_id = ? and b.leave_type_id = ? and b.year = ?) as balance`);

interface FilingState {
  meeting: string | (LeaveRange & { id: string })[];
  balance: string | BalanceDays | null;
}

/**
 * The filing's write, once the rules have passed: the days reserved as pending (the year's balance
 * rows created if it has none yet), the request written and its notices put in the outbox.
 */
const FILE = TenantReader.prepare(`
  with seeded as (${SEED_BALANCES}
  ),
  reserved as (
    update leave_balances set pending = pending + ?::numeric, updated_at = ?::timestamptz
     where id = (select id from leave_balances where employee_id = ? and leave_type_id = ? and year = ?)
       and ?::boolean
  ),
  filed as (
    insert into leave_requests (id, tenant_id, employee_id, leave_type_id, start_date, end_date, days_count,
                                leave_duration, status, reason, created_at, updated_at)
    values (?, ?, ?, ?, ?::date, ?::date, ?::numeric, ?, 'pending', ?, ?::timestamptz, ?::timestamptz)
    returning ${LEAVE_REQUEST_COLUMNS}
  ),
  notified as (${outboxInsert('exists (select 1 from filed)')})
  select * from filed`);

const ACTOR_IS_HR_ADMIN = TenantReader.prepare('select is_hr_admin from employees where id = ?');

/**
 * With an employee's own token (decisions §20) the signed-in employee files: for themself, or, as an
 * HR admin, for anyone; else actor_not_permitted (before anything about the other employee is read).
 */
export async function checkFilingActor(
  em: EntityManager,
  tenantId: string,
  actorId: string,
  employeeId: string,
): Promise<void> {
  if (actorId === employeeId.toLowerCase()) return;
  const actor = await new TenantReader(em, tenantId).one<{ is_hr_admin: boolean }>(ACTOR_IS_HR_ADMIN, [actorId]);
  if (!actor?.is_hr_admin) {
    throw new DomainError('actor_not_permitted', {
      detail: 'An employee files leave for themself; only an HR admin files it for someone else.',
    });
  }
}

/**
 * Files a leave request (decisions §8): employee_not_found or leave_type_not_found for an employee
 * or leave type outside the tenant; overlapping_leave_request when the range overlaps a pending or
 * approved request (leaveRangesOverlap); insufficient_leave_balance when the balance cannot cover
 * it (leaveBalanceCovers). Reserves the days as pending and notifies the manager and HR admins, in
 * one transaction: the employee's lock, the state the rules decide on, the write, its
 * `leave_request.created` event (decisions §14).
 */
export async function fileLeaveRequest(
  em: EntityManager,
  tenantId: string,
  input: FileLeaveInput,
  origin: WriteOrigin,
): Promise<LeaveRequestRecord> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    const employee = await reader.one<FilingLock>(FILING_LOCK, [input.leave_type_id, input.employee_id]);
    if (!employee) {
      throw new DomainError('employee_not_found', { detail: `No employee ${input.employee_id} in this tenant.` });
    }
    if (!employee.type_id) {
      throw new DomainError('leave_type_not_found', { detail: `No leave type ${input.leave_type_id} in this tenant.` });
    }
    const year = Number(input.start_date.slice(0, 4));
    const state = (await reader.one<FilingState>(FILING_STATE, [
      input.employee_id,
      input.end_date,
      input.start_date,
      input.employee_id,
      input.leave_type_id,
      year,
    ])) as FilingState;
    const overlapping = firstOverlap(input, parsed(state.meeting));
    if (overlapping) {
      throw new DomainError('overlapping_leave_request', {
        detail: `The dates meet leave request ${overlapping.id}, which is pending or approved.`,
      });
    }
    const available = availableToFile(employee.allowance, state.balance === null ? null : parsed(state.balance));
    if (!leaveBalanceCovers(available, input.days_count)) {
      throw new DomainError('insufficient_leave_balance', {
        detail: `${input.days_count} day(s) requested, ${Math.max(0, available ?? 0)} available of ${employee.type_code} in ${year}.`,
      });
    }
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
    const notices = recipients.map((to) => ({
      tenantId,
      kind: 'leave_filed',
      to,
      subject: `Leave request from ${employee.full_name}`,
      body: `${employee.full_name} asks for ${employee.type_name}, ${describe(input)}.\nReason: ${input.reason}\n`,
    }));
    const [filed] = await reader.all<LeaveRequestRecord>(FILE, [
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
    ]);
    await recordEvents(reader, origin, [{ type: 'leave_request.created', object: filed }]);
    return filed as LeaveRequestRecord;
  });
}

/** A decision as the API hands it over. */
export interface LeaveDecisionInput {
  id: string;
  actor_employee_id: string;
  /** Sent to the employee; blank is no comment. */
  comment?: string | undefined;
}

/**
 * The request, its employee, its type and the actor, with the request's and the employee's rows
 * locked: the status read here is the latest committed one, and no other leave write of the
 * employee runs until this one commits.
 */
const DECISION_LOCK = TenantReader.prepare(`
  select r.status, r.version, r.employee_id, r.leave_type_id, ${sqlDate('r.start_date')} as start_date,
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
  status: LeaveStatus;
  version: number;
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
                              updated_at = ?::timestamptz, version = version + 1
     where id = (select id from leave_requests where id = ?)
    returning ${LEAVE_REQUEST_COLUMNS}
  ),
  notified as (${outboxInsert('exists (select 1 from decided)')})
  select * from decided`);

/**
 * Approve, reject or cancel (decisions §8): not_found for a request outside the tenant,
 * actor_not_found for an actor outside it, actor_not_permitted against the approval matrix
 * (leaveDecisionRefusal), precondition_failed when `expected` (a conditional decision's If-Match,
 * decisions §19) does not hold the locked request's version, invalid_leave_transition from a
 * status the decision may not leave (leaveTransitionRefusal). The balance moves with the status
 * (leaveBalanceMovement), the version goes up by 1, the employee is notified, and
 * `leave_request.<status>` is recorded (decisions §14), in one transaction of three statements.
 */
export async function decideLeaveRequest(
  em: EntityManager,
  tenantId: string,
  decision: LeaveDecision,
  input: LeaveDecisionInput,
  origin: WriteOrigin,
  expected?: ExpectedVersions,
): Promise<LeaveRequestRecord> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    const request = await reader.one<DecisionLock>(DECISION_LOCK, [input.actor_employee_id, input.id]);
    if (!request) throw new DomainError('not_found', { detail: `No leave request ${input.id}.` });
    if (!request.actor_id) {
      throw new DomainError('actor_not_found', { detail: `No employee ${input.actor_employee_id} in this tenant.` });
    }
    const refusal = leaveDecisionRefusal(decision, {
      actorId: request.actor_id,
      actorIsHrAdmin: request.actor_is_hr_admin === true,
      employeeId: request.employee_id,
      managerId: request.manager_id,
    });
    if (refusal) throw new DomainError('actor_not_permitted', { detail: refusal });
    checkVersion('leave request', request.version, expected);
    const status = nextLeaveStatus(request.status, decision);
    if (!status) {
      throw new DomainError('invalid_leave_transition', { detail: leaveTransitionRefusal(request.status, decision) });
    }
    const year = Number(request.start_date.slice(0, 4));
    const tracked = request.allowance !== null;
    const moved = leaveBalanceMovement(request.status, decision, request.days_count);
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
      moved.used,
      request.leave_type_id,
      moved.pending,
      now,
      now,
      balanceSeedRows(parsed(request.allowance_types)),
      tracked,
      request.employee_id,
      year,
      // moved
      moved.used,
      moved.pending,
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
    await recordEvents(reader, origin, [{ type: `leave_request.${status}`, object: decided }]);
    return decided as LeaveRequestRecord;
  });
}
