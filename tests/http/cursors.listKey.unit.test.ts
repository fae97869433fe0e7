import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { CursorCodec, cursorListKey } from '../../core/cursors.js';

// The list a cursor is bound to (core/cursors.ts cursorListKey, decisions §15): pure, no server.
// The lists themselves: tests/employees/employees.filters.test.ts, tests/leave/leaveRequests.filters.test.ts,
// tests/workplace/workplace.filters.test.ts.

const TENANT = '01a20129-a8bd-7fe6-893d-e14d781596aa';
const OTHER = '01a20129-a8bd-7fe6-893d-e14d781596ab';

test('without filters the key is what it was before filters existed: list and tenant', () => {
  expect(cursorListKey('employees', TENANT)).toBe(`employees:${TENANT}`);
  expect(cursorListKey('employees', TENANT, {})).toBe(`employees:${TENANT}`);
  expect(cursorListKey('employees', TENANT, { department: undefined })).toBe(`employees:${TENANT}`);
});

test('canonical: names sorted, absent filters left out, whatever order they come in', () => {
  const key = cursorListKey('leave-requests', TENANT, { to: '2026-12-31', status: 'approved', from: '2026-01-01' });
  expect(key).toBe(`leave-requests?from=2026-01-01&status=approved&to=2026-12-31:${TENANT}`);
  expect(
    cursorListKey('leave-requests', TENANT, {
      status: 'approved',
      employee_id: undefined,
      from: '2026-01-01',
      to: '2026-12-31',
    }),
  ).toBe(key);
});

test('any other filter set is another key: a value changed, a filter dropped or added, another list or tenant', () => {
  const base = { department: 'Sales', employment_type: 'contractor' };
  const keys = [
    cursorListKey('employees', TENANT, base),
    cursorListKey('employees', TENANT, { ...base, department: 'sales' }),
    cursorListKey('employees', TENANT, { department: 'Sales' }),
    cursorListKey('employees', TENANT, { ...base, manager_id: OTHER }),
    cursorListKey('employees', TENANT),
    cursorListKey('job-openings', TENANT, base),
    cursorListKey('employees', OTHER, base),
  ];
  expect(new Set(keys).size).toBe(keys.length);
});

test('values are percent-encoded: no value can spell another filter, the query or the tenant', () => {
  const pairs: [Record<string, string>, Record<string, string>][] = [
    [{ department: 'A&employment_type=intern' }, { department: 'A', employment_type: 'intern' }],
    [{ department: 'A=B' }, { 'department=A': 'B' }],
    [{ department: `x:${OTHER}` }, { department: 'x' }],
    [{ department: 'a?b=c' }, { department: 'a', b: 'c' }],
  ];
  for (const [one, other] of pairs) {
    expect(cursorListKey('employees', TENANT, one)).not.toBe(cursorListKey('employees', TENANT, other));
  }
  expect(cursorListKey('employees', TENANT, { department: 'R&D: 50%' })).toBe(
    `employees?department=R%26D%3A%2050%25:${TENANT}`,
  );
});

test('a cursor signed for one filter set decodes only for that set', () => {
  const codec = new CursorCodec(randomBytes(32));
  const list = cursorListKey('assets', TENANT, { status: 'assigned' });
  const cursor = codec.encode(list, ['2026-11-23T10:00:00.000Z', OTHER]);
  expect(codec.decode(cursorListKey('assets', TENANT, { status: 'assigned' }), cursor)).toEqual([
    '2026-11-23T10:00:00.000Z',
    OTHER,
  ]);
  for (const filters of [{}, { status: 'available' }, { status: 'assigned', assigned_to: OTHER }]) {
    expect(() => codec.decode(cursorListKey('assets', TENANT, filters), cursor)).toThrow(
      expect.objectContaining({ code: 'invalid_cursor' }),
    );
  }
});
