// PATCH /v1/employees/{id} (decisions §7): designation and department, the actor rules, id and body
// errors and the order of the checks. Hiring is employees.create.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { hire, patchEmployee } from '../support/employees.js';
import { RFC3339_MS } from '../support/formats.js';
import { expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import { type Json, jsonInit } from '../support/http.js';
import { securityCases } from '../support/security.js';
import { sleep } from '../support/wait.js';

const h = useTestServer();

const NOBODY = '01a20129-a8bd-7fe6-893d-e14d781596aa';

describe('security', () => {
  let current: TestTenant | undefined;
  securityCases(() => h, {
    name: 'PATCH /v1/employees/{id}',
    scope: 'employees:write',
    method: 'PATCH',
    body: {
      get actor_employee_id() {
        return current?.hr_admin.id ?? NOBODY;
      },
      designation: 'Chief People Officer',
    },
    path: (t) => {
      current = t;
      return `/v1/employees/${t.hr_admin.id}`;
    },
  });

  test('employees:read does not imply employees:write', async () => {
    const t = await h.tenant();
    const reader = await h.key(t, ['employees:read']);
    const res = await patchEmployee(h, reader, t.hr_admin.id, { actor_employee_id: t.hr_admin.id, designation: 'X' });
    await expectProblem(res, 403, 'insufficient_scope');
  });
});

describe('PATCH /v1/employees/{id}', () => {
  let t: TestTenant;
  let secret: string;
  let employee: Json;
  const actor = () => t.hr_admin.id;

  beforeAll(async () => {
    t = await h.tenant();
    secret = await h.key(t, ['employees:read', 'employees:write']);
    employee = await hire(h, secret, t, { department: 'Sales', designation: 'Associate' });
  });

  async function current(id = employee.id as string): Promise<Json> {
    return ((await (await h.as(secret, `/v1/employees/${id}`)).json()) as { data: Json }).data;
  }

  test('sets designation and department; 200 { data: employee } with updated_at moved', async () => {
    const before = await current();
    await sleep(5);
    const res = await patchEmployee(h, secret, employee.id as string, {
      actor_employee_id: actor(),
      designation: '  Staff Engineer ',
      department: 'Platform',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const { data } = (await res.json()) as { data: Json };
    expect(data).toEqual({
      ...before,
      designation: 'Staff Engineer',
      department: 'Platform',
      updated_at: expect.stringMatching(RFC3339_MS),
      version: (before.version as number) + 1,
    });
    expect(Date.parse(data.updated_at as string)).toBeGreaterThan(Date.parse(before.updated_at as string));
    expect(data.created_at).toBe(before.created_at);
    expect(await current()).toEqual(data);
    const [row] = await sql(h, 'select designation, department from employees where id = ?', [employee.id]);
    expect(row).toEqual({ designation: 'Staff Engineer', department: 'Platform' });
  });

  test('one field alone leaves the other alone', async () => {
    const res = await patchEmployee(h, secret, employee.id as string, {
      actor_employee_id: actor(),
      department: 'Research',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Json }).data).toMatchObject({
      department: 'Research',
      designation: 'Staff Engineer',
    });
  });

  test('null clears a field', async () => {
    const res = await patchEmployee(h, secret, employee.id as string, {
      actor_employee_id: actor(),
      designation: null,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Json }).data).toMatchObject({ designation: null, department: 'Research' });
    const both = await patchEmployee(h, secret, employee.id as string, {
      actor_employee_id: actor(),
      designation: null,
      department: null,
    });
    expect(((await both.json()) as { data: Json }).data).toMatchObject({ designation: null, department: null });
    const [row] = await sql(h, 'select designation, department from employees where id = ?', [employee.id]);
    expect(row).toEqual({ designation: null, department: null });
  });

  test.each([
    ['empty designation', { designation: '' }, ['designation']],
    ['blank department', { department: '   ' }, ['department']],
    ['designation over 100', { designation: 'x'.repeat(101) }, ['designation']],
    ['designation not a string', { designation: 7 }, ['designation']],
    ['full_name', { full_name: 'New Name', designation: 'Lead' }, ['full_name']],
    ['email', { email: 'new@example.com', department: 'Ops' }, ['email']],
    [
      'several other fields',
      { employee_id: 'X-1', manager_id: NOBODY, phone: '123' },
      ['employee_id', 'manager_id', 'phone'],
    ],
  ])('400 invalid_body: %s', async (_name, fields, paths) => {
    const before = await current();
    const res = await patchEmployee(h, secret, employee.id as string, { actor_employee_id: actor(), ...fields });
    const problem = await expectProblem(res, 400, 'invalid_body');
    const errors = problem.errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path).sort()).toEqual(expect.arrayContaining(paths));
    for (const path of paths) expect(errors.some((e) => e.path === path)).toBe(true);
    expect(await current()).toEqual(before);
  });

  test('neither designation nor department is 400 invalid_body', async () => {
    for (const body of [{ actor_employee_id: actor() }, { actor_employee_id: actor(), designation: undefined }]) {
      const res = await patchEmployee(h, secret, employee.id as string, body);
      const problem = await expectProblem(res, 400, 'invalid_body');
      expect(Array.isArray(problem.errors)).toBe(true);
      expect((problem.errors as unknown[]).length).toBeGreaterThan(0);
    }
  });

  test('actor_employee_id is required and must be a UUID', async () => {
    for (const body of [{ designation: 'X' }, { actor_employee_id: 'me', designation: 'X' }]) {
      const res = await patchEmployee(h, secret, employee.id as string, body);
      const problem = await expectProblem(res, 400, 'invalid_body');
      expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(['actor_employee_id']);
    }
  });

  test('a malformed id is 400 invalid_id (after the scope check)', async () => {
    const body = { actor_employee_id: actor(), designation: 'X' };
    await expectProblem(await patchEmployee(h, secret, 'not-a-uuid', body), 400, 'invalid_id');
    const reader = await h.key(t, ['employees:read']);
    await expectProblem(await patchEmployee(h, reader, 'not-a-uuid', body), 403, 'insufficient_scope');
  });

  test('a malformed id comes before anything about the body or the key: unreadable JSON, 415, 413, a bad key (decisions §1)', async () => {
    const patch = (init: RequestInit) => h.as(secret, '/v1/employees/xyz', { method: 'PATCH', ...init });
    const json = { 'Content-Type': 'application/json' };
    for (const res of [
      await patch({ headers: json, body: '{x' }),
      await patch({ headers: { 'Content-Type': 'text/plain' }, body: 'designation=X' }),
      await patch({ headers: json, body: JSON.stringify({ designation: 'x'.repeat(70 * 1024) }) }),
      await patch({ headers: { ...json, 'Idempotency-Key': 'bad key' }, body: '{}' }),
      await patch({ headers: json, body: JSON.stringify({ id: 'also-in-the-body', designation: 'X' }) }),
    ]) {
      await expectProblem(res, 400, 'invalid_id');
    }
    // Credential and scope still come first.
    const reader = await h.key(t, ['employees:read']);
    const res = await h.as(reader, '/v1/employees/xyz', { method: 'PATCH', headers: json, body: '{x' });
    await expectProblem(res, 403, 'insufficient_scope');
    await expectProblem(
      await h.fetch('/v1/employees/xyz', { method: 'PATCH', headers: json, body: '{x' }),
      401,
      'unauthorized',
    );
    // With a well-formed id, the body is judged as before.
    const wellFormed = await h.as(secret, `/v1/employees/${NOBODY}`, { method: 'PATCH', headers: json, body: '{x' });
    await expectProblem(wellFormed, 400, 'invalid_json');
  });

  test("an unknown id, another tenant's employee, or a sandbox one is 404 not_found, never 403", async () => {
    const other = await h.tenant();
    const otherSecret = await h.key(other, ['employees:write']);
    const stranger = await hire(h, otherSecret, other);
    const body = { actor_employee_id: actor(), designation: 'Hijacked' };
    for (const id of [NOBODY, stranger.id as string, other.hr_admin.id, t.sandbox_hr_admin.id]) {
      await expectProblem(await patchEmployee(h, secret, id, body), 404, 'not_found');
    }
    // Even acting as the other tenant's HR admin.
    await expectProblem(
      await patchEmployee(h, secret, stranger.id as string, { actor_employee_id: other.hr_admin.id, designation: 'X' }),
      404,
      'not_found',
    );
    const [row] = await sql<{ designation: string | null }>(h, 'select designation from employees where id = ?', [
      stranger.id,
    ]);
    expect(row.designation).toBeNull();
  });

  test('an id in the body is an unknown field (400), and cannot redirect the write', async () => {
    const other = await hire(h, secret, t, { designation: 'Untouched' });
    const res = await patchEmployee(h, secret, employee.id as string, {
      id: other.id,
      actor_employee_id: actor(),
      designation: 'Via path',
    });
    const problem = await expectProblem(res, 400, 'invalid_body');
    expect(problem.errors).toEqual([{ path: 'id', message: expect.any(String) }]);
    expect((await current(other.id as string)).designation).toBe('Untouched');
  });

  test('actor rules: unknown or foreign actor 404 actor_not_found; a non-admin 403 actor_not_hr_admin', async () => {
    const before = await current();
    const other = await h.tenant();
    for (const id of [NOBODY, other.hr_admin.id, t.sandbox_hr_admin.id]) {
      const res = await patchEmployee(h, secret, employee.id as string, { actor_employee_id: id, designation: 'X' });
      await expectProblem(res, 404, 'actor_not_found');
    }
    // An employee may not promote themself.
    const self = await patchEmployee(h, secret, employee.id as string, {
      actor_employee_id: employee.id,
      designation: 'CEO',
    });
    await expectProblem(self, 403, 'actor_not_hr_admin');
    expect(await current()).toEqual(before);
  });

  test('an HR admin may update their own record', async () => {
    const res = await patchEmployee(h, secret, t.hr_admin.id, {
      actor_employee_id: actor(),
      designation: 'Head of HR',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Json }).data).toMatchObject({
      id: t.hr_admin.id,
      employee_id: 'EMP-0001',
      designation: 'Head of HR',
    });
  });

  test('body rules and their order: 415, invalid_json; 401 and 403 come first', async () => {
    const path = `/v1/employees/${employee.id}`;
    const plain: RequestInit = { method: 'PATCH', headers: { 'Content-Type': 'text/plain' }, body: '{}' };
    await expectProblem(await h.as(secret, path, plain), 415, 'unsupported_media_type');
    await expectProblem(await h.as(secret, path, jsonInit('PATCH', '{x')), 400, 'invalid_json');
    await expectProblem(await h.fetch(path, jsonInit('PATCH', '{x')), 401, 'unauthorized');
    const reader = await h.key(t, ['employees:read']);
    await expectProblem(await h.as(reader, path, plain), 403, 'insufficient_scope');
  });
});
