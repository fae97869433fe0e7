/**
 * The leave rules (decisions §8), pure: a new request's dates, overlaps, the approval matrix (who may
 * approve, reject or cancel: leaveDecisionRefusal), the statuses a decision leads from and to, and
 * the balance arithmetic. The writes (leaveRequests.writes.ts) apply them under the employee's row
 * lock; tests/leave/leaveRequests.rules.unit.test.ts runs them without a database.
 */
import type { FieldError } from '../../core/domainError.js';
import type { LEAVE_DURATIONS, LEAVE_STATUSES } from '../../db/entities/leave.js';

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
