// GET /v1/leave-balances (decisions §8): the balances a new HR admin starts with, stored rows and
// availability, parameter errors, paging, and seedLeaveBalances. How filing and deciding move them
// is leaveRequests.create.test.ts and leaveRequests.decide.test.ts.
import { describe, expect, test } from 'vitest';
import type { LeaveBalanceRecord } from '../../routers/leave/leaveBalance.record.js';
import { seedLeaveBalances } from '../../routers/leave/leaveTypes.writes.js';
import { expectProblem, useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { expectMatchesOpenApi } from '../support/openapi.js';
import { securityCases } from '../support/security.js';
import {
  expectCursorRejected,
  expectLimitRules,
  getOk,
  insertBalance,
  insertEmployee,
  insertLeaveTypes,
  leaveTypeOf,
  tamper,
} from './helpers.js';

const h = useTestServer();

const THIS_YEAR = new Date().getUTCFullYear();

describe('security', () => {
  securityCases(() => h, {
    name: 'GET /v1/leave-balances',
    scope: 'leave:read',
    path: (t) => `/v1/leave-balances?employee_id=${t.hr_admin.id}`,
  });
});

test("the first HR admin starts with this year's ANNUAL (20) and SICK (10) balances; UNPAID has none", async () => {
  const t = await h.tenant();
  for (const [env, admin] of [
    ['live', t.hr_admin],
    ['test', t.sandbox_hr_admin],
  ] as const) {
    const secret = await h.key(t, ['leave:read'], env);
    const tenantId = env === 'live' ? t.tenant.id : t.sandbox.id;
    const page = await getOk<Page<LeaveBalanceRecord>>(
      h,
      secret,
      `/v1/leave-balances?employee_id=${admin.id}`,
      '/leave-balances',
    );
    expect(page).toEqual({
      data: [
        {
          employee_id: admin.id,
          leave_type_id: (await leaveTypeOf(h, tenantId, 'ANNUAL')).id,
          year: THIS_YEAR,
          allowance: 20,
          used: 0,
          pending: 0,
          available: 20,
        },
        {
          employee_id: admin.id,
          leave_type_id: (await leaveTypeOf(h, tenantId, 'SICK')).id,
          year: THIS_YEAR,
          allowance: 10,
          used: 0,
          pending: 0,
          available: 10,
        },
      ],
      next_cursor: null,
      has_more: false,
    });
  }
});

test('stored balance rows are reported as numbers with available = allowance − used − pending', async () => {
  const t = await h.tenant();
  const tenantId = t.tenant.id;
  const employee = await insertEmployee(h, tenantId);
  const annual = await leaveTypeOf(h, tenantId, 'ANNUAL');
  const sick = await leaveTypeOf(h, tenantId, 'SICK');
  await insertBalance(h, {
    tenantId,
    employeeId: employee.id,
    leaveTypeId: annual.id,
    year: 2030,
    allowance: 22.5,
    used: 3.5,
    pending: 1.5,
  });
  await insertBalance(h, {
    tenantId,
    employeeId: employee.id,
    leaveTypeId: sick.id,
    year: 2030,
    allowance: 10,
    used: 0.1 * 3, // 0.3 in numeric(5,1): no float noise comes back
    pending: 0.2,
  });
  const secret = await h.key(t, ['leave:read']);
  const page = await getOk<Page<LeaveBalanceRecord>>(
    h,
    secret,
    `/v1/leave-balances?employee_id=${employee.id}&year=2030`,
    '/leave-balances',
  );
  expect(page.data).toEqual([
    {
      employee_id: employee.id,
      leave_type_id: annual.id,
      year: 2030,
      allowance: 22.5,
      used: 3.5,
      pending: 1.5,
      available: 17.5,
    },
    {
      employee_id: employee.id,
      leave_type_id: sick.id,
      year: 2030,
      allowance: 10,
      used: 0.3,
      pending: 0.2,
      available: 9.5,
    },
  ]);
  for (const row of page.data) {
    for (const key of ['year', 'allowance', 'used', 'pending', 'available'] as const) {
      expect(typeof row[key], key).toBe('number');
    }
  }

  // A year without stored rows reads as each type's annual allowance, nothing used or pending.
  const fresh = await getOk<Page<LeaveBalanceRecord>>(
    h,
    secret,
    `/v1/leave-balances?employee_id=${employee.id}&year=2031`,
    '/leave-balances',
  );
  expect(
    fresh.data.map(({ allowance, used, pending, available, year }) => [year, allowance, used, pending, available]),
  ).toEqual([
    [2031, 20, 0, 0, 20],
    [2031, 10, 0, 0, 10],
  ]);
});

test('employee_id is required and must be a UUID; year must be a whole year', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  for (const query of ['', '?employee_id=', '?employee_id=nope', '?limit=5']) {
    const body = await expectProblem(await h.as(secret, `/v1/leave-balances${query}`), 400, 'invalid_query_parameter');
    expect(body.detail, query).toContain('employee_id');
    await expectMatchesOpenApi(h, 'GET', '/leave-balances', 400, body);
  }
  for (const year of ['', 'abc', '2026.5', '-1', '10000']) {
    const body = await expectProblem(
      await h.as(secret, `/v1/leave-balances?employee_id=${t.hr_admin.id}&year=${year}`),
      400,
      'invalid_query_parameter',
    );
    expect(body.detail, `year=${year}`).toContain('year');
  }
  // The scope is checked first.
  const wrong = await h.key(t, ['employees:read']);
  await expectProblem(await h.as(wrong, '/v1/leave-balances'), 403, 'insufficient_scope');
});

test('an unknown employee, or one of another tenant or of the sandbox, is 404 employee_not_found', async () => {
  const t = await h.tenant();
  const other = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  for (const id of ['01a20129-a8bd-7fe6-893d-e14d781596aa', other.hr_admin.id, t.sandbox_hr_admin.id]) {
    const body = await expectProblem(
      await h.as(secret, `/v1/leave-balances?employee_id=${id}`),
      404,
      'employee_not_found',
    );
    await expectMatchesOpenApi(h, 'GET', '/leave-balances', 404, body);
  }
});

test('pages like every list: limit rules, a cursor bound to the employee and year, misuse is 400 invalid_cursor', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  const path = `/v1/leave-balances?employee_id=${t.hr_admin.id}`;
  await insertLeaveTypes(h, t.tenant.id, 3);
  await expectLimitRules(h, secret, path);

  const rows: LeaveBalanceRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<LeaveBalanceRecord> = await getOk<Page<LeaveBalanceRecord>>(
      h,
      secret,
      `${path}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      '/leave-balances',
    );
    rows.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  // ANNUAL, SICK and the three added types (1.5 days each, no rows stored yet); never UNPAID.
  expect(rows.map((r) => r.allowance)).toEqual([20, 10, 1.5, 1.5, 1.5]);
  expect(new Set(rows.map((r) => r.leave_type_id)).size).toBe(5);

  const first = await getOk<Page>(h, secret, `${path}&limit=1`, '/leave-balances');
  const own = first.next_cursor as string;
  await expectCursorRejected(h, secret, path, 'garbage');
  await expectCursorRejected(h, secret, path, tamper(own));
  // The same cursor for another employee, another year, or on the leave types list.
  const colleague = await insertEmployee(h, t.tenant.id);
  await expectCursorRejected(h, secret, `/v1/leave-balances?employee_id=${colleague.id}`, own);
  await expectCursorRejected(h, secret, `${path}&year=${THIS_YEAR + 1}`, own);
  await expectCursorRejected(h, secret, '/v1/leave-types', own);
  const types = (await (await h.as(secret, '/v1/leave-types?limit=1')).json()) as Page;
  await expectCursorRejected(h, secret, path, types.next_cursor as string);
});

test('seedLeaveBalances (reused by employee creation) works on a bare entity manager and is safe to repeat', async () => {
  const t = await h.tenant();
  const employee = await insertEmployee(h, t.tenant.id);
  const em = h.orm.em.fork(); // no tenant filter arguments set, as in a CLI or a fresh transaction
  const created = await em.transactional((tx) => seedLeaveBalances(tx, t.tenant.id, employee.id, 2032));
  expect(created.map((b) => [b.year, b.allowance, b.used, b.pending])).toEqual([
    [2032, 20, 0, 0],
    [2032, 10, 0, 0],
  ]);
  expect(await seedLeaveBalances(h.orm.em.fork(), t.tenant.id, employee.id, 2032)).toEqual([]);
  // Another tenant's leave types never leak into the seed.
  const other = await h.tenant();
  await insertLeaveTypes(h, other.tenant.id, 2);
  expect(await seedLeaveBalances(h.orm.em.fork(), t.tenant.id, employee.id, 2033)).toHaveLength(2);
});
