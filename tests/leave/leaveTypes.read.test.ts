// GET /v1/leave-types and /v1/leave-types/{id}: scopes, isolation, the three types a tenant starts
// with, tRPC, id and limit errors, cursor walks and misuse.
import { describe, expect, test } from 'vitest';
import { RFC3339_MS, UUID_V7 } from '../support/formats.js';
import { expectProblem, type TestServer, useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { expectMatchesOpenApi } from '../support/openapi.js';
import { isolationCases, securityCases } from '../support/security.js';
import {
  expectCursorRejected,
  expectLimitRules,
  expectStableWalkUnderInserts,
  getOk,
  insertEmployee,
  insertLeaveTypes,
  leaveTypeOf,
  tamper,
} from './helpers.js';

const h = useTestServer();

const annualPath = async (t: Awaited<ReturnType<TestServer['tenant']>>) =>
  `/v1/leave-types/${(await leaveTypeOf(h, t.tenant.id, 'ANNUAL')).id}`;

describe('security', () => {
  securityCases(() => h, { name: 'GET /v1/leave-types', scope: 'leave:read', path: () => '/v1/leave-types' });
  securityCases(() => h, { name: 'GET /v1/leave-types/{id}', scope: 'leave:read', path: annualPath });
  isolationCases(() => h, {
    name: 'leave types',
    scope: 'leave:read',
    listPath: '/v1/leave-types',
    recordPath: annualPath,
  });
});

interface LeaveTypeRecord {
  id: string;
  name: string;
  code: string;
  is_paid: boolean;
  annual_allowance: number | null;
  created_at: string;
}

test('a new tenant, and its sandbox, start with ANNUAL, SICK and UNPAID, readable as a list and by id', async () => {
  const t = await h.tenant();
  for (const env of ['live', 'test'] as const) {
    const secret = await h.key(t, ['leave:read'], env);
    const page = await getOk<Page<LeaveTypeRecord>>(h, secret, '/v1/leave-types', '/leave-types');
    expect(page).toMatchObject({ next_cursor: null, has_more: false });
    expect(page.data.map(({ code, is_paid, annual_allowance }) => ({ code, is_paid, annual_allowance }))).toEqual([
      { code: 'ANNUAL', is_paid: true, annual_allowance: 20 },
      { code: 'SICK', is_paid: true, annual_allowance: 10 },
      { code: 'UNPAID', is_paid: false, annual_allowance: null },
    ]);
    for (const record of page.data) {
      expect(Object.keys(record).sort()).toEqual(['annual_allowance', 'code', 'created_at', 'id', 'is_paid', 'name']);
      expect(record.id).toMatch(UUID_V7);
      expect(record.created_at).toMatch(RFC3339_MS);
      expect(record.name.length).toBeGreaterThan(0);
      const one = await getOk<{ data: LeaveTypeRecord }>(
        h,
        secret,
        `/v1/leave-types/${record.id}`,
        '/leave-types/{id}',
      );
      expect(one).toEqual({ data: record });
    }
  }
});

test('the same procedures answer over tRPC', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  const res = await h.as(secret, `/trpc/leaveTypes.list?input=${encodeURIComponent(JSON.stringify({ limit: 2 }))}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { data: Page<LeaveTypeRecord> } };
  expect(body.result.data.data.map((r) => r.code)).toEqual(['ANNUAL', 'SICK']);
  expect(body.result.data.has_more).toBe(true);
});

test('a malformed id is 400 invalid_id, an unknown one 404 not_found, and a wrong scope wins over both', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  const bad = await expectProblem(await h.as(secret, '/v1/leave-types/not-a-uuid'), 400, 'invalid_id');
  await expectMatchesOpenApi(h, 'GET', '/leave-types/{id}', 400, bad);
  const missing = await expectProblem(
    await h.as(secret, '/v1/leave-types/01a20129-a8bd-7fe6-893d-e14d781596aa'),
    404,
    'not_found',
  );
  await expectMatchesOpenApi(h, 'GET', '/leave-types/{id}', 404, missing);
  const wrong = await h.key(t, ['employees:read']);
  await expectProblem(await h.as(wrong, '/v1/leave-types/not-a-uuid'), 403, 'insufficient_scope');
});

test('limit: 1..100, default 50; anything else is 400 invalid_query_parameter', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  await expectLimitRules(h, secret, '/v1/leave-types');
  await insertLeaveTypes(h, t.tenant.id, 60);
  const page = await getOk<Page>(h, secret, '/v1/leave-types', '/leave-types');
  expect(page.data).toHaveLength(50);
  expect(page.has_more).toBe(true);
});

test('a walk with limit=7 over more than 100 types, while types are being added, sees each existing one once', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['leave:read']);
  await insertLeaveTypes(h, t.tenant.id, 105);
  const inserts = await expectStableWalkUnderInserts(h, secret, '/v1/leave-types', 7, () =>
    insertLeaveTypes(h, t.tenant.id, 2),
  );
  expect(inserts).toBeGreaterThan(0);
});

test('the OpenAPI check rejects a body that breaks the documented schema', async () => {
  const record = { id: 'not-a-uuid', name: 'x', code: 'X', is_paid: 'yes', annual_allowance: 1, created_at: 'now' };
  await expect(
    expectMatchesOpenApi(h, 'GET', '/v1/leave-types', 200, { data: [record], next_cursor: null, has_more: false }),
  ).rejects.toThrow(/does not match/);
  await expect(expectMatchesOpenApi(h, 'GET', '/v1/leave-types/{id}', 200, { data: {} })).rejects.toThrow();
  await expect(expectMatchesOpenApi(h, 'GET', '/v1/no-such-path', 200, {})).rejects.toThrow(/no operation/);
});

describe('cursor misuse is 400 invalid_cursor', () => {
  test('garbage, a tampered cursor, and a cursor of another list or another tenant', async () => {
    const t = await h.tenant();
    const other = await h.tenant();
    const secret = await h.key(t, ['leave:read', 'employees:read']);
    const first = await getOk<Page>(h, secret, '/v1/leave-types?limit=1', '/leave-types');
    expect(first.next_cursor).toBeTypeOf('string');
    const cursor = first.next_cursor as string;
    // The genuine cursor works.
    const second = await getOk<Page<LeaveTypeRecord>>(
      h,
      secret,
      `/v1/leave-types?limit=1&cursor=${encodeURIComponent(cursor)}`,
      '/leave-types',
    );
    expect(second.data[0].code).toBe('SICK');

    for (const garbage of ['garbage', 'abc.def', `${cursor}x`, `${cursor}.x`, cursor.split('.')[0], '%%%']) {
      await expectCursorRejected(h, secret, '/v1/leave-types', garbage);
    }
    await expectCursorRejected(h, secret, '/v1/leave-types', tamper(cursor));

    await insertEmployee(h, t.tenant.id);
    const employees = (await (await h.as(secret, '/v1/employees?limit=1')).json()) as Page;
    expect(employees.next_cursor).toBeTypeOf('string');
    await expectCursorRejected(h, secret, '/v1/leave-types', employees.next_cursor as string);
    await expectCursorRejected(h, secret, '/v1/employees', cursor);

    const otherSecret = await h.key(other, ['leave:read']);
    const foreign = await getOk<Page>(h, otherSecret, '/v1/leave-types?limit=1', '/leave-types');
    await expectCursorRejected(h, secret, '/v1/leave-types', foreign.next_cursor as string);
    // Nor does a live cursor work on the same organisation's sandbox.
    const sandbox = await h.key(t, ['leave:read'], 'test');
    await expectCursorRejected(h, sandbox, '/v1/leave-types', cursor);
  });
});
