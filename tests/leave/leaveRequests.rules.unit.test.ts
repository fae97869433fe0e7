import { describe, expect, test } from 'vitest';
import {
  availableDays,
  availableToFile,
  balanceOfYear,
  calendarDays,
  DECIDED_STATUS,
  firstOverlap,
  type LeaveDecider,
  type LeaveDecision,
  type LeaveDuration,
  type LeaveRange,
  type LeaveStatus,
  leaveBalanceCovers,
  leaveBalanceMovement,
  leaveDateErrors,
  leaveDecisionRefusal,
  leaveRangesOverlap,
  leaveTransitionRefusal,
  nextLeaveStatus,
} from '../../routers/leave/leaveRequests.rules.js';

// The leave rules of routers/leave/leaveRequests.rules.ts, without a database (decisions §8).

const range = (start_date: string, end_date: string, leave_duration: LeaveDuration = 'full_day'): LeaveRange => ({
  start_date,
  end_date,
  leave_duration,
});
const morning = (date: string) => range(date, date, 'half_day_morning');
const afternoon = (date: string) => range(date, date, 'half_day_afternoon');
const fullDay = (date: string) => range(date, date);

describe('leaveRangesOverlap', () => {
  test.each([
    ['disjoint ranges', range('2026-03-01', '2026-03-03'), range('2026-03-04', '2026-03-06'), false],
    ['ranges meeting on one date', range('2026-03-01', '2026-03-04'), range('2026-03-04', '2026-03-06'), true],
    ['a range inside another', range('2026-03-01', '2026-03-10'), range('2026-03-04', '2026-03-05'), true],
    ['the same range', range('2026-03-01', '2026-03-10'), range('2026-03-01', '2026-03-10'), true],
    ['a range across the other', range('2026-02-25', '2026-03-02'), range('2026-03-01', '2026-03-05'), true],
    ['full days of consecutive dates', fullDay('2026-03-01'), fullDay('2026-03-02'), false],
    ['full days of one date', fullDay('2026-03-01'), fullDay('2026-03-01'), true],
    ['a morning and an afternoon of one date', morning('2026-03-01'), afternoon('2026-03-01'), false],
    ['an afternoon and a morning of one date', afternoon('2026-03-01'), morning('2026-03-01'), false],
    ['two mornings of one date', morning('2026-03-01'), morning('2026-03-01'), true],
    ['two afternoons of one date', afternoon('2026-03-01'), afternoon('2026-03-01'), true],
    ['a full day and a morning of one date', fullDay('2026-03-01'), morning('2026-03-01'), true],
    ['a full day and an afternoon of one date', fullDay('2026-03-01'), afternoon('2026-03-01'), true],
    ['a morning and an afternoon of different dates', morning('2026-03-01'), afternoon('2026-03-02'), false],
    ['a morning inside a multi-day range', range('2026-03-01', '2026-03-05'), morning('2026-03-03'), true],
    ['an afternoon on the first date of a range', range('2026-03-01', '2026-03-05'), afternoon('2026-03-01'), true],
    ['a morning on the last date of a range', range('2026-03-01', '2026-03-05'), morning('2026-03-05'), true],
    ['a morning the day after a range', range('2026-03-01', '2026-03-05'), morning('2026-03-06'), false],
    [
      'a half day over two dates (not one date) and the other half',
      range('2026-03-01', '2026-03-02', 'half_day_morning'),
      afternoon('2026-03-01'),
      true,
    ],
    ['ranges across a year end', range('2025-12-30', '2025-12-31'), range('2026-01-01', '2026-01-02'), false],
  ])('%s: %s', (_name, a, b, expected) => {
    expect(leaveRangesOverlap(a, b)).toBe(expected);
    expect(leaveRangesOverlap(b, a)).toBe(expected);
  });

  test('firstOverlap: the first existing request that overlaps, in the order given; none when none does', () => {
    const existing = [
      { id: 'a', ...afternoon('2026-03-01') },
      { id: 'b', ...range('2026-03-01', '2026-03-02') },
      { id: 'c', ...morning('2026-03-01') },
    ];
    expect(firstOverlap(morning('2026-03-01'), existing)?.id).toBe('b');
    expect(firstOverlap(afternoon('2026-03-02'), existing)?.id).toBe('b');
    expect(firstOverlap(afternoon('2026-03-03'), existing)).toBeUndefined();
    expect(firstOverlap(morning('2026-03-01'), [existing[0]])).toBeUndefined();
    expect(firstOverlap(fullDay('2026-03-01'), [])).toBeUndefined();
  });
});

describe('approval matrix: leaveDecisionRefusal', () => {
  const EMPLOYEE = 'employee';
  const MANAGER = 'manager';
  const ADMIN = 'hr-admin';
  const OTHER = 'colleague';
  const actors: Record<string, LeaveDecider> = {
    'the employee': { actorId: EMPLOYEE, actorIsHrAdmin: false, employeeId: EMPLOYEE, managerId: MANAGER },
    'the employee, an HR admin': { actorId: EMPLOYEE, actorIsHrAdmin: true, employeeId: EMPLOYEE, managerId: MANAGER },
    'the manager': { actorId: MANAGER, actorIsHrAdmin: false, employeeId: EMPLOYEE, managerId: MANAGER },
    'the manager, an HR admin': { actorId: MANAGER, actorIsHrAdmin: true, employeeId: EMPLOYEE, managerId: MANAGER },
    'an HR admin': { actorId: ADMIN, actorIsHrAdmin: true, employeeId: EMPLOYEE, managerId: MANAGER },
    'an HR admin, no manager': { actorId: ADMIN, actorIsHrAdmin: true, employeeId: EMPLOYEE, managerId: null },
    'a colleague': { actorId: OTHER, actorIsHrAdmin: false, employeeId: EMPLOYEE, managerId: MANAGER },
    'a colleague, no manager': { actorId: OTHER, actorIsHrAdmin: false, employeeId: EMPLOYEE, managerId: null },
  };
  const APPROVERS_ONLY = (d: LeaveDecision) =>
    `Only the employee's manager or an HR admin may ${d} a leave request, never the employee.`;
  const CANCEL_REFUSED = 'Only the employee or an HR admin may cancel a leave request.';
  /** true: allowed; false: refused with the decision's sentence. */
  const matrix: Record<string, Record<LeaveDecision, boolean>> = {
    'the employee': { approve: false, reject: false, cancel: true },
    'the employee, an HR admin': { approve: false, reject: false, cancel: true },
    'the manager': { approve: true, reject: true, cancel: false },
    'the manager, an HR admin': { approve: true, reject: true, cancel: true },
    'an HR admin': { approve: true, reject: true, cancel: true },
    'an HR admin, no manager': { approve: true, reject: true, cancel: true },
    'a colleague': { approve: false, reject: false, cancel: false },
    'a colleague, no manager': { approve: false, reject: false, cancel: false },
  };
  const cases = Object.entries(matrix).flatMap(([actor, row]) =>
    (Object.entries(row) as [LeaveDecision, boolean][]).map(
      ([decision, allowed]) => [actor, decision, allowed] as const,
    ),
  );

  test.each(cases)('%s may %s: %s', (actor, decision, allowed) => {
    const expected = allowed ? undefined : decision === 'cancel' ? CANCEL_REFUSED : APPROVERS_ONLY(decision);
    expect(leaveDecisionRefusal(decision, actors[actor])).toBe(expected);
  });

  test('the reject refusal names reject', () => {
    expect(leaveDecisionRefusal('reject', actors['a colleague'])).toBe(
      "Only the employee's manager or an HR admin may reject a leave request, never the employee.",
    );
  });
});

describe('transitions: nextLeaveStatus and leaveTransitionRefusal', () => {
  const table: [LeaveStatus, LeaveDecision, LeaveStatus | undefined][] = [
    ['pending', 'approve', 'approved'],
    ['pending', 'reject', 'rejected'],
    ['pending', 'cancel', 'cancelled'],
    ['approved', 'approve', undefined],
    ['approved', 'reject', undefined],
    ['approved', 'cancel', 'cancelled'],
    ['rejected', 'approve', undefined],
    ['rejected', 'reject', undefined],
    ['rejected', 'cancel', undefined],
    ['cancelled', 'approve', undefined],
    ['cancelled', 'reject', undefined],
    ['cancelled', 'cancel', undefined],
  ];
  test.each(table)('%s, %s → %s', (from, decision, next) => {
    expect(nextLeaveStatus(from, decision)).toBe(next);
    expect(leaveTransitionRefusal(from, decision)).toBe(
      next ? undefined : `This leave request is ${from}; it cannot be ${DECIDED_STATUS[decision]}.`,
    );
  });

  test('the refusal sentence', () => {
    expect(leaveTransitionRefusal('approved', 'reject')).toBe('This leave request is approved; it cannot be rejected.');
  });
});

describe('balances', () => {
  test('availableDays: allowance − used − pending, in tenths without float noise', () => {
    expect(availableDays({ allowance: 20, used: 0, pending: 0 })).toBe(20);
    expect(availableDays({ allowance: 20, used: 3.5, pending: 2 })).toBe(14.5);
    expect(availableDays({ allowance: 20, used: 0.1, pending: 0.2 })).toBe(19.7);
    expect(availableDays({ allowance: 10, used: 8, pending: 4 })).toBe(-2);
  });

  test('availableToFile: null for a type without a balance; the annual allowance when the year has no row', () => {
    expect(availableToFile(null, null)).toBeNull();
    expect(availableToFile(null, { allowance: 5, used: 5, pending: 0 })).toBeNull();
    expect(availableToFile(20, null)).toBe(20);
    expect(availableToFile(20, undefined)).toBe(20);
    // The row's own allowance counts, not the type's.
    expect(availableToFile(20, { allowance: 25, used: 3, pending: 1.5 })).toBe(20.5);
  });

  test.each([
    ['untracked (null) covers anything', null, 366, true],
    ['exactly the days left', 19.7, 19.7, true],
    ['more than the days left', 19.5, 20, false],
    ['nothing left', 0, 0.5, false],
    ['less than the days left', 10, 0.5, true],
    ['an overdrawn balance', -2, 0.5, false],
  ])('leaveBalanceCovers: %s', (_name, available, days, expected) => {
    expect(leaveBalanceCovers(available, days)).toBe(expected);
  });

  test('coverage of a balance with tenths: 20 − 0.1 − 0.2 covers 19.7 days', () => {
    expect(leaveBalanceCovers(availableToFile(20, { allowance: 20, used: 0.1, pending: 0.2 }), 19.7)).toBe(true);
    expect(leaveBalanceCovers(availableToFile(20, { allowance: 20, used: 0.1, pending: 0.2 }), 20)).toBe(false);
  });

  test.each([
    ['pending', 'approve', { pending: -2.5, used: 2.5 }],
    ['pending', 'reject', { pending: -2.5, used: 0 }],
    ['pending', 'cancel', { pending: -2.5, used: 0 }],
    ['approved', 'cancel', { pending: 0, used: -2.5 }],
  ] as [LeaveStatus, LeaveDecision, { pending: number; used: number }][])(
    'leaveBalanceMovement: %s, %s',
    (from, decision, movement) => {
      expect(leaveBalanceMovement(from, decision, 2.5)).toEqual(movement);
    },
  );

  test('balanceOfYear: the row when there is one, else the annual allowance with nothing taken', () => {
    expect(balanceOfYear(20, null)).toEqual({ allowance: 20, used: 0, pending: 0, available: 20 });
    expect(balanceOfYear(20, { allowance: null, used: null, pending: null })).toEqual({
      allowance: 20,
      used: 0,
      pending: 0,
      available: 20,
    });
    expect(balanceOfYear(20, { allowance: 22, used: 0.1, pending: 0.2 })).toEqual({
      allowance: 22,
      used: 0.1,
      pending: 0.2,
      available: 21.7,
    });
  });
});

describe('date rules: leaveDateErrors', () => {
  const dates = (
    start_date: string,
    end_date: string,
    days_count: number,
    leave_duration: LeaveDuration = 'full_day',
  ) => ({
    start_date,
    end_date,
    days_count,
    leave_duration,
  });

  test('calendarDays counts both ends, across months and leap days', () => {
    expect(calendarDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(calendarDays('2026-03-01', '2026-03-03')).toBe(3);
    expect(calendarDays('2026-02-27', '2026-03-01')).toBe(3);
    expect(calendarDays('2028-02-27', '2028-03-01')).toBe(4);
    expect(calendarDays('2026-01-01', '2026-12-31')).toBe(365);
  });

  test.each([
    ['a valid full-day range', dates('2026-03-01', '2026-03-03', 3), []],
    ['fewer days than the range', dates('2026-03-01', '2026-03-05', 2.5), []],
    ['a valid morning', dates('2026-03-01', '2026-03-01', 0.5, 'half_day_morning'), []],
    ['a valid afternoon', dates('2026-03-01', '2026-03-01', 0.5, 'half_day_afternoon'), []],
    [
      'end before start',
      dates('2026-03-02', '2026-03-01', 1),
      [{ path: 'end_date', message: 'end_date must not be before start_date' }],
    ],
    [
      'two calendar years',
      dates('2026-12-31', '2027-01-01', 2),
      [{ path: 'end_date', message: 'start_date and end_date must be in the same calendar year' }],
    ],
    [
      'more days than calendar days',
      dates('2026-03-01', '2026-03-03', 3.5),
      [{ path: 'days_count', message: 'days_count exceeds the calendar days in the range' }],
    ],
    [
      'a half day over two dates',
      dates('2026-03-01', '2026-03-02', 0.5, 'half_day_morning'),
      [{ path: 'end_date', message: 'a half day covers one date' }],
    ],
    [
      'a half day counting 1',
      dates('2026-03-01', '2026-03-01', 1, 'half_day_afternoon'),
      [{ path: 'days_count', message: 'a half day counts 0.5' }],
    ],
    [
      'a half day over two dates counting 2',
      dates('2026-03-01', '2026-03-02', 2, 'half_day_morning'),
      [
        { path: 'end_date', message: 'a half day covers one date' },
        { path: 'days_count', message: 'a half day counts 0.5' },
      ],
    ],
    [
      'a half day ending before it starts',
      dates('2026-03-02', '2026-03-01', 0.5, 'half_day_morning'),
      [
        { path: 'end_date', message: 'end_date must not be before start_date' },
        { path: 'end_date', message: 'a half day covers one date' },
      ],
    ],
  ])('%s', (_name, input, expected) => {
    expect(leaveDateErrors(input)).toEqual(expected);
  });

  test('fields refused by their own rules are not compared; the half-day date rule still applies', () => {
    const bad = dates('2026-03-02', '2026-03-01', 9, 'half_day_morning');
    expect(leaveDateErrors(bad, { dates: false, days: true })).toEqual([
      { path: 'end_date', message: 'a half day covers one date' },
      { path: 'days_count', message: 'a half day counts 0.5' },
    ]);
    expect(leaveDateErrors(bad, { dates: false, days: false })).toEqual([
      { path: 'end_date', message: 'a half day covers one date' },
    ]);
    expect(leaveDateErrors(dates('2026-03-01', '2026-03-02', 9), { dates: true, days: false })).toEqual([]);
  });
});
