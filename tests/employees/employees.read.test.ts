// GET /v1/employees and /v1/employees/{id}: scopes, tenant isolation, the first HR admin, id errors.
// The writes are employees.create.test.ts and employees.update.test.ts, the list's filters employees.filters.test.ts.
import { describe, expect, test } from 'vitest';
import { expectProblem, useTestServer } from '../support/harness.js';
import { isolationCases, securityCases } from '../support/security.js';

const h = useTestServer();

describe('security', () => {
  securityCases(() => h, { name: 'GET /v1/employees', scope: 'employees:read', path: () => '/v1/employees' });
  securityCases(() => h, {
    name: 'GET /v1/employees/{id}',
    scope: 'employees:read',
    path: (t) => `/v1/employees/${t.hr_admin.id}`,
  });
  isolationCases(() => h, {
    name: 'employees',
    scope: 'employees:read',
    listPath: '/v1/employees',
    recordPath: async (t) => `/v1/employees/${t.hr_admin.id}`,
  });
});

test('the first HR admin is listed and readable by id', async () => {
  const t = await h.tenant({ adminEmail: 'Boss@Example.com', adminName: 'Ada Boss' });
  const secret = await h.key(t, ['employees:read']);
  const list = await h.as(secret, '/v1/employees');
  expect(list.status).toBe(200);
  const page = (await list.json()) as { data: Record<string, unknown>[]; next_cursor: null; has_more: boolean };
  expect(page).toMatchObject({ next_cursor: null, has_more: false });
  expect(page.data).toHaveLength(1);
  expect(page.data[0]).toMatchObject({
    id: t.hr_admin.id,
    employee_id: 'EMP-0001',
    email: 'boss@example.com',
    full_name: 'Ada Boss',
    manager_id: null,
  });
  const one = await h.as(secret, `/v1/employees/${t.hr_admin.id}`);
  expect(await one.json()).toEqual({ data: page.data[0] });
});

test('a malformed id is 400 invalid_id, an unknown one 404, and a bad scope wins over both', async () => {
  const t = await h.tenant();
  const secret = await h.key(t, ['employees:read']);
  await expectProblem(await h.as(secret, '/v1/employees/not-a-uuid'), 400, 'invalid_id');
  await expectProblem(await h.as(secret, '/v1/employees/01a20129-a8bd-7fe6-893d-e14d781596aa'), 404, 'not_found');
  const wrong = await h.key(t, ['leave:read']);
  await expectProblem(await h.as(wrong, '/v1/employees/not-a-uuid'), 403, 'insufficient_scope');
});
