// GET /v1/leave-requests and /v1/leave-requests/{id}: scopes, isolation, every field, id and limit
// errors, cursor walks and misuse. Filing is leaveRequests.create.test.ts, the list's filters leaveRequests.filters.test.ts.
import { describe, expect, test } from 'vitest';
import type { LeaveRequestRecord } from '../../routers/leave/leaveRequest.record.js';
import { DATE, RFC3339_MS, UUID_V7 } from '../support/formats.js';
import { expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { expectMatchesOpenApi } from '../support/openapi.js';
import { isolationCases, securityCases } from '../support/security.js';
import {
  expectCursorRejected,
  expectLimitRules,
  expectStableWalkUnderInserts,
  getOk,
  insertEmployee,
  insertLeaveRequests,
  leaveTypeOf,
  tamper,
} from './helpers.js';

const h = useTestServer();

const requestPath = async (t: TestTenant) => {
  const [row] = await insertLeaveRequests(h, t.tenant.id, t.hr_admin.id, 1);
  return `/v1/leave-requests/${row.id}`;
};

describe('security', () => {
  securityCases(() => h, { name: 'GET /v1/leave-requests', scope: 'leave:read', path: () => '/v1/leave-requests' });
  securityCases(() => h, { name: 'GET /v1/leave-requests/{id}', scope: 'leave:read', path: requestPath });
  isolationCases(() => h, {
    name: 'leave requests',
    scope: 'leave:read',
    listPath: '/v1/leave-requests',
    recordPath: requestPath,
  });
});

test('a new tenant has no leave requests', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  const page = await getOk<Page>(h, secret, '/v1/leave-requests', '/leave-requests');
  expect(page).toEqual({ data: [], next_cursor: null, has_more: false });
});

test('a stored leave request reads back with every field, with the right types, as a list and by id', async () => {
  const t = await h.tenant();
  const employee = await insertEmployee(h, t.tenant.id);
  const sick = await leaveTypeOf(h, t.tenant.id, 'SICK');
  const decidedAt = new Date('2026-04-01T09:30:15.123Z');
  const [decided] = await insertLeaveRequests(h, t.tenant.id, employee.id, 1, {
    leaveTypeId: sick.id,
    startDate: '2026-03-30',
    endDate: '2026-04-01',
    daysCount: 2.5,
    status: 'approved',
    reason: 'Flu, then a dentist appointment in the morning',
    decidedBy: t.hr_admin.id,
    decidedAt,
    decisionComment: 'Get well soon',
  });
  const [halfDay] = await insertLeaveRequests(h, t.tenant.id, employee.id, 1, {
    startDate: '2026-05-04',
    endDate: '2026-05-04',
    daysCount: 0.5,
    leaveDuration: 'half_day_afternoon',
  });
  const secret = await h.key(t, ['leave:read']);
  const page = await getOk<Page<LeaveRequestRecord>>(h, secret, '/v1/leave-requests', '/leave-requests');
  expect(page.data.map((r) => r.id)).toEqual([decided.id, halfDay.id]);
  const [first, second] = page.data;
  expect(first).toEqual({
    id: decided.id,
    employee_id: employee.id,
    leave_type_id: sick.id,
    start_date: '2026-03-30',
    end_date: '2026-04-01',
    days_count: 2.5,
    status: 'approved',
    reason: 'Flu, then a dentist appointment in the morning',
    leave_duration: 'full_day',
    decided_by: t.hr_admin.id,
    decided_at: '2026-04-01T09:30:15.123Z',
    decision_comment: 'Get well soon',
    created_at: expect.stringMatching(RFC3339_MS),
    updated_at: expect.stringMatching(RFC3339_MS),
    version: 1,
  });
  // Defaults: pending, no decision yet.
  expect(second).toMatchObject({
    status: 'pending',
    leave_duration: 'half_day_afternoon',
    days_count: 0.5,
    start_date: '2026-05-04',
    end_date: '2026-05-04',
    decided_by: null,
    decided_at: null,
    decision_comment: null,
    reason: 'Family visit',
  });
  for (const record of page.data) {
    expect(record.id).toMatch(UUID_V7);
    expect(record.start_date).toMatch(DATE);
    expect(typeof record.days_count).toBe('number');
    const one = await getOk<{ data: LeaveRequestRecord }>(
      h,
      secret,
      `/v1/leave-requests/${record.id}`,
      '/leave-requests/{id}',
    );
    expect(one).toEqual({ data: record });
  }
});

test('a malformed id is 400 invalid_id, an unknown one 404 not_found, and a wrong scope wins over both', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  for (const bad of ['not-a-uuid', '123', '01a20129-a8bd-7fe6-893d-e14d781596a']) {
    const body = await expectProblem(await h.as(secret, `/v1/leave-requests/${bad}`), 400, 'invalid_id');
    await expectMatchesOpenApi(h, 'GET', '/leave-requests/{id}', 400, body);
  }
  const missing = await expectProblem(
    await h.as(secret, '/v1/leave-requests/01a20129-a8bd-7fe6-893d-e14d781596aa'),
    404,
    'not_found',
  );
  await expectMatchesOpenApi(h, 'GET', '/leave-requests/{id}', 404, missing);
  const wrong = await h.key(t, ['leave:write', 'employees:read']);
  await expectProblem(await h.as(wrong, '/v1/leave-requests/not-a-uuid'), 403, 'insufficient_scope');
});

test('limit: 1..100, default 50; anything else is 400 invalid_query_parameter', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  await insertLeaveRequests(h, t.tenant.id, t.hr_admin.id, 120);
  await expectLimitRules(h, secret, '/v1/leave-requests');
  const page = await getOk<Page>(h, secret, '/v1/leave-requests', '/leave-requests');
  expect(page.data).toHaveLength(50);
  expect(page.has_more).toBe(true);
  const full = await getOk<Page>(h, secret, '/v1/leave-requests?limit=100', '/leave-requests');
  expect(full.data).toHaveLength(100);
  // Unknown query parameters are ignored.
  expect((await h.as(secret, '/v1/leave-requests?limit=2&colour=blue')).status).toBe(200);
});

test('a walk with limit=7 over more than 100 requests, while requests are being filed, sees each existing one once', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  const employee = await insertEmployee(h, t.tenant.id);
  await insertLeaveRequests(h, t.tenant.id, employee.id, 104);
  const inserts = await expectStableWalkUnderInserts(h, secret, '/v1/leave-requests', 7, () =>
    insertLeaveRequests(h, t.tenant.id, employee.id, 3),
  );
  expect(inserts).toBeGreaterThan(0);
});

test('cursor misuse is 400 invalid_cursor: garbage, tampered, another list, another tenant', async () => {
  const t = await h.tenant();
  const other = await h.tenant();
  await insertLeaveRequests(h, t.tenant.id, t.hr_admin.id, 3);
  await insertLeaveRequests(h, other.tenant.id, other.hr_admin.id, 3);
  const secret = await h.key(t, ['leave:read', 'employees:read']);
  const first = await getOk<Page>(h, secret, '/v1/leave-requests?limit=1', '/leave-requests');
  const cursor = first.next_cursor as string;
  expect(cursor).toBeTypeOf('string');
  expect((await h.as(secret, `/v1/leave-requests?limit=1&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);

  for (const garbage of ['garbage', '.', 'a.b.c', `${cursor}A`]) {
    await expectCursorRejected(h, secret, '/v1/leave-requests', garbage);
  }
  await expectCursorRejected(h, secret, '/v1/leave-requests', tamper(cursor));

  await insertEmployee(h, t.tenant.id);
  const employees = (await (await h.as(secret, '/v1/employees?limit=1')).json()) as Page;
  await expectCursorRejected(h, secret, '/v1/leave-requests', employees.next_cursor as string);
  const types = (await (await h.as(secret, '/v1/leave-types?limit=1')).json()) as Page;
  await expectCursorRejected(h, secret, '/v1/leave-requests', types.next_cursor as string);
  await expectCursorRejected(h, secret, '/v1/leave-types', cursor);

  const foreign = await getOk<Page>(
    h,
    await h.key(other, ['leave:read']),
    '/v1/leave-requests?limit=1',
    '/leave-requests',
  );
  await expectCursorRejected(h, secret, '/v1/leave-requests', foreign.next_cursor as string);
});
