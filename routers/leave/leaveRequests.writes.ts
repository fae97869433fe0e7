import { uuidv7 } from 'uuidv7';
import type { WriteOrigin } from '../../core/context.js';
import { DomainError } from '../../core/domainError.js';
import { checkVersion, type ExpectedVersions } from '../../core/versions.js';
import { sqlDate, sqlNumber } from '../../db/columns.js';
import { sql } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import { inTransaction, parsed, TenantReader, tenantStatement } from '../../db/tenantReader.js';
import { recordEvents } from '../events/events.writes.js';
import { outboxInsertOf, outboxRows } from '../mail/outbox.writes.js';
import { LEAVE_REQUEST_COLUMNS, type LeaveRequestRecord } from './leaveRequest.record.js';
import {
  availableToFile,
  type BalanceDays,
  firstOverlap,
  type LeaveDates,
  type LeaveDecision,
  type LeaveRange,
  type LeaveStatus,
  leaveBalanceCovers,
  leaveBalanceMovement,
  leaveDecisionRefusal,
  leaveTransitionRefusal,
  nextLeaveStatus,
} from './leaveRequests.rules.js';
import { ALLOWANCE_TYPES_JSON, type AllowanceType, balanceSeedRows, seedBalances } from './leaveTypes.writes.js';

/**
 * Leave requests (decisions §8): the two writes, filing and the decisions, which apply the rules
 * (leaveRequests.rules.ts) under the employee's row lock. The API layer
 * (routers/leave/leaveRequests.procedures.ts) parses the input and serialises the record; nothing here knows HTTP.
 */

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
const FILING_LOCK = tenantStatement<{ employee_id: string; leave_type_id: string }, FilingLock>(
  (v) => sql`
  select e.id, e.full_name, e.manager_id, m.email as manager_email,
         lt.id as type_id, lt.name as type_name, lt.code as type_code, ${sql.raw(sqlNumber('lt.annual_allowance'))} as allowance,
         (select coalesce(json_agg(json_build_object('id', a.id, 'email', a.email) order by a.created_at, a.id), '[]')
            from employees a where a.is_hr_admin) as hr_admins,
         ${sql.raw(ALLOWANCE_TYPES_JSON)}
    from employees e
    left join employees m on m.id = e.manager_id
    left join leave_types lt on lt.id = ${v.leave_type_id}
   where e.id = ${v.employee_id}
     for no key update of e`,
);

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
const FILING_STATE = tenantStatement<
  Pick<FileLeaveInput, 'employee_id' | 'leave_type_id' | 'start_date' | 'end_date'> & { year: number },
  FilingState
>(
  (v) => sql`
  select (select coalesce(json_agg(json_build_object('id', r.id, 'start_date', ${sql.raw(sqlDate('r.start_date'))},
                                                     'end_date', ${sql.raw(sqlDate('r.end_date'))},
                                                     'leave_duration', r.leave_duration)
                                   order by r.start_date, r.id), '[]')
            from leave_requests r
           where r.employee_id = ${v.employee_id} and r.status in ('pending', 'approved')
             and r.start_date <= ${v.end_date}::date and r.end_date >= ${v.start_date}::date) as meeting,
         (select json_build_object('allowance', ${sql.raw(sqlNumber('b.allowance'))}, 'used', ${sql.raw(sqlNumber('b.used'))},
                                   'pending', ${sql.raw(sqlNumber('b.pending'))})
            from leave_balances b
           where b.employee_id = ${v.employee_id} and b.leave_type_id = ${v.leave_type_id} and b.year = ${v.year}) as balance`,
);

interface FilingState {
  meeting: string | (LeaveRange & { id: string })[];
  balance: string | BalanceDays | null;
}

/**
 * The filing's write, once the rules have passed: the days reserved as pending (the year's balance
 * rows created if it has none yet), the request written and its notices put in the outbox.
 */
/** The values of FILE: the request's, and what the filing adds. */
interface FilingValues extends FileLeaveInput {
  id: string;
  tenant_id: string;
  year: number;
  /** Whether the type keeps a balance. */
  tracked: boolean;
  balance_rows: string;
  now: string;
  notices: string;
}

/**
 * The filing's write, once the rules have passed: the days reserved as pending (the year's balance
 * rows created if it has none yet), the request written and its notices put in the outbox.
 */
const FILE = tenantStatement<FilingValues, LeaveRequestRecord>(
  (v) => sql`
  with seeded as (${seedBalances({
    tenantId: v.tenant_id,
    employeeId: v.employee_id,
    year: v.year,
    at: v.now,
    rows: v.balance_rows,
    when: sql`${v.tracked}::boolean`,
    change: { leaveTypeId: v.leave_type_id, used: sql`0`, pending: v.days_count },
  })}
  ),
  reserved as (
    update leave_balances set pending = pending + ${v.days_count}::numeric, updated_at = ${v.now}::timestamptz
     where id = (select id from leave_balances where employee_id = ${v.employee_id} and leave_type_id = ${v.leave_type_id} and year = ${v.year})
       and ${v.tracked}::boolean
  ),
  filed as (
    insert into leave_requests (id, tenant_id, employee_id, leave_type_id, start_date, end_date, days_count,
                                leave_duration, status, reason, created_at, updated_at)
    values (${v.id}, ${v.tenant_id}, ${v.employee_id}, ${v.leave_type_id}, ${v.start_date}::date, ${v.end_date}::date, ${v.days_count}::numeric,
            ${v.leave_duration}, 'pending', ${v.reason}, ${v.now}::timestamptz, ${v.now}::timestamptz)
    returning ${sql.raw(LEAVE_REQUEST_COLUMNS)}
  ),
  notified as (${outboxInsertOf(v.notices, sql`exists (select 1 from filed)`)})
  select * from filed`,
);

const ACTOR_IS_HR_ADMIN = tenantStatement<{ id: string }, { is_hr_admin: boolean }>(
  (v) => sql`select is_hr_admin from employees where id = ${v.id}`,
);

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
  const actor = await new TenantReader(em, tenantId).one(ACTOR_IS_HR_ADMIN, { id: actorId });
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
    const employee = await reader.one(FILING_LOCK, input);
    if (!employee) {
      throw new DomainError('employee_not_found', { detail: `No employee ${input.employee_id} in this tenant.` });
    }
    if (!employee.type_id) {
      throw new DomainError('leave_type_not_found', { detail: `No leave type ${input.leave_type_id} in this tenant.` });
    }
    const year = Number(input.start_date.slice(0, 4));
    const state = (await reader.one(FILING_STATE, { ...input, year })) as FilingState;
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
    const [filed] = await reader.all(FILE, {
      ...input,
      // Ids are UUID v7, made in this order: the balance rows, the request, the notices.
      balance_rows: balanceSeedRows(parsed(employee.allowance_types)),
      id: uuidv7(),
      tenant_id: tenantId,
      year,
      tracked,
      now,
      notices: outboxRows(notices),
    });
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
const DECISION_LOCK = tenantStatement<{ id: string; actor_id: string }, DecisionLock>(
  (v) => sql`
  select r.status, r.version, r.employee_id, r.leave_type_id, ${sql.raw(sqlDate('r.start_date'))} as start_date,
         ${sql.raw(sqlDate('r.end_date'))} as end_date, ${sql.raw(sqlNumber('r.days_count'))} as days_count,
         e.email as employee_email, e.manager_id,
         a.id as actor_id, a.is_hr_admin as actor_is_hr_admin, a.full_name as actor_name,
         lt.name as type_name, ${sql.raw(sqlNumber('lt.annual_allowance'))} as allowance,
         ${sql.raw(ALLOWANCE_TYPES_JSON)}
    from leave_requests r
    join employees e on e.id = r.employee_id
    join leave_types lt on lt.id = r.leave_type_id
    left join employees a on a.id = ${v.actor_id}
   where r.id = ${v.id}
     for no key update of r, e`,
);

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

/** The values of DECIDE. */
interface DecisionValues {
  /** The request's. */
  id: string;
  tenant_id: string;
  employee_id: string;
  leave_type_id: string;
  year: number;
  /** Whether the type keeps a balance, and how the decision moves it. */
  tracked: boolean;
  used: number;
  pending: number;
  balance_rows: string;
  status: LeaveStatus;
  decided_by: string;
  comment: string | null;
  now: string;
  notices: string;
}

/** The decision, one statement: the balance moves with the status, the employee is told. */
const DECIDE = tenantStatement<DecisionValues, LeaveRequestRecord>(
  (v) => sql`
  with seeded as (${seedBalances({
    tenantId: v.tenant_id,
    employeeId: v.employee_id,
    year: v.year,
    at: v.now,
    rows: v.balance_rows,
    when: sql`${v.tracked}::boolean`,
    change: { leaveTypeId: v.leave_type_id, used: v.used, pending: v.pending },
  })}
  ),
  moved as (
    update leave_balances set used = used + ${v.used}::numeric, pending = pending + ${v.pending}::numeric, updated_at = ${v.now}::timestamptz
     where id = (select id from leave_balances where employee_id = ${v.employee_id} and leave_type_id = ${v.leave_type_id} and year = ${v.year})
       and ${v.tracked}::boolean
  ),
  decided as (
    update leave_requests set status = ${v.status}, decided_by = ${v.decided_by}, decided_at = ${v.now}::timestamptz, decision_comment = ${v.comment},
                              updated_at = ${v.now}::timestamptz, version = version + 1
     where id = (select id from leave_requests where id = ${v.id})
    returning ${sql.raw(LEAVE_REQUEST_COLUMNS)}
  ),
  notified as (${outboxInsertOf(v.notices, sql`exists (select 1 from decided)`)})
  select * from decided`,
);

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
    const request = await reader.one(DECISION_LOCK, { id: input.id, actor_id: input.actor_employee_id });
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
    const [decided] = await reader.all(DECIDE, {
      id: input.id,
      tenant_id: tenantId,
      employee_id: request.employee_id,
      leave_type_id: request.leave_type_id,
      year,
      tracked,
      used: moved.used,
      pending: moved.pending,
      balance_rows: balanceSeedRows(parsed(request.allowance_types)),
      status,
      decided_by: request.actor_id,
      comment,
      now,
      notices: outboxRows([notice]),
    });
    await recordEvents(reader, origin, [{ type: `leave_request.${status}`, object: decided }]);
    return decided as LeaveRequestRecord;
  });
}
