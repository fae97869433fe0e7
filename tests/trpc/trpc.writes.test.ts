import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { countEmployees, hireBody, postEmployee, uniqueEmail } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';

/** The same writes over /trpc (decisions §11): same credentials, scopes, rules and error codes. */
const h = useTestServer();

interface TrpcError {
  error: { message: string; code: number; data: { code: string; httpStatus: number; errors?: { path: string }[] } };
}

function call(procedure: string, secret: string | undefined, input: unknown, init: RequestInit = {}) {
  return h.fetch(`/trpc/${procedure}`, {
    method: 'POST',
    ...init,
    headers: {
      'Content-Type': 'application/json',
      ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
      ...init.headers,
    },
    body: typeof input === 'string' ? input : JSON.stringify(input),
  });
}

async function expectTrpcError(res: Response, status: number, code: string): Promise<TrpcError['error']> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('x-request-id')).toBeTruthy();
  const body = JSON.parse(text) as TrpcError;
  expect(body.error.data.code).toBe(code);
  expect(body.error.data.httpStatus).toBe(status);
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

describe('employees.create over /trpc', () => {
  let t: TestTenant;
  let secret: string;
  beforeAll(async () => {
    t = await h.tenant({ seats: 3 });
    secret = await h.key(t, ['employees:read', 'employees:write']);
  });

  test('hires like POST /v1/employees: same record, next code, journey in the database', async () => {
    const email = uniqueEmail('trpc');
    const res = await call('employees.create', secret, hireBody(t, { email: email.toUpperCase() }));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const { data } = (JSON.parse(text) as { result: { data: { data: Json } } }).result.data;
    expect(data).toMatchObject({ employee_id: 'EMP-0002', email, manager_id: null, employment_type: 'full_time' });
    const rest = (await (await h.as(secret, `/v1/employees/${data.id}`)).json()) as { data: Json };
    expect(rest.data).toEqual(data);
    const outbox = await sql(h, 'select kind from outbox_messages where recipient = ?', [email]);
    expect(outbox).toEqual([{ kind: 'employee_invite' }]);
  });

  test('without actor_employee_id, an API key is 400 invalid_body naming it with the other problems; 401 first', async () => {
    const { actor_employee_id: _, ...withoutActor } = hireBody(t);
    const before = await countEmployees(h, t.tenant.id);
    const missing = await expectTrpcError(await call('employees.create', secret, withoutActor), 400, 'invalid_body');
    expect(missing.data.errors).toEqual([
      { path: 'actor_employee_id', message: expect.stringMatching(/API key or a client-credentials token/) },
    ]);
    const also = await expectTrpcError(
      await call('employees.create', secret, { ...withoutActor, email: 'x' }),
      400,
      'invalid_body',
    );
    expect(also.data.errors?.map((e) => e.path).sort()).toEqual(['actor_employee_id', 'email']);
    await expectTrpcError(await call('employees.create', undefined, withoutActor), 401, 'unauthorized');
    expect(await countEmployees(h, t.tenant.id)).toBe(before);
  });

  test('the same error codes: invalid_body with every violation, email_taken, actor rules', async () => {
    const invalid = await expectTrpcError(
      await call('employees.create', secret, hireBody(t, { email: 'x', joining_date: '2026-02-30', extra: 1 })),
      400,
      'invalid_body',
    );
    expect(invalid.data.errors?.map((e) => e.path).sort()).toEqual(['email', 'extra', 'joining_date']);
    await expectTrpcError(
      await call('employees.create', secret, hireBody(t, { email: t.hr_admin.email })),
      409,
      'email_taken',
    );
    await expectTrpcError(
      await call(
        'employees.create',
        secret,
        hireBody(t, { actor_employee_id: '01a20129-a8bd-7fe6-893d-e14d781596aa' }),
      ),
      404,
      'actor_not_found',
    );
    await expectTrpcError(
      await call('employees.create', secret, hireBody(t, { manager_id: '01a20129-a8bd-7fe6-893d-e14d781596aa' })),
      404,
      'manager_not_found',
    );
  });

  // tRPC reports unparsable JSON as BAD_REQUEST with a SyntaxError cause.
  test('unparsable JSON is 400 invalid_json, as over REST', async () => {
    await expectTrpcError(await call('employees.create', secret, '{x'), 400, 'invalid_json');
  });

  test('unparsable JSON is a 400', async () => {
    const res = await call('employees.create', secret, '{x');
    expect(res.status).toBe(400);
    expect(((await res.json()) as TrpcError).error.data.httpStatus).toBe(400);
  });

  test('seat_limit_reached is HTTP 422 with error.data.code', async () => {
    const full = await h.tenant({ seats: 2 });
    const fullSecret = await h.key(full, ['employees:write']);
    expect((await call('employees.create', fullSecret, hireBody(full))).status).toBe(200);
    const email = uniqueEmail();
    await expectTrpcError(
      await call('employees.create', fullSecret, hireBody(full, { email })),
      422,
      'seat_limit_reached',
    );
    // The REST surface answers the same.
    const rest = await postEmployee(h, fullSecret, hireBody(full));
    expect(rest.status).toBe(422);
    expect(((await rest.json()) as Json).code).toBe('seat_limit_reached');
    expect(await countEmployees(h, full.tenant.id)).toBe(2);
  });

  test('401 without a credential and 403 with the wrong scope, before the body', async () => {
    const none = await expectTrpcError(await call('employees.create', undefined, '{x'), 401, 'unauthorized');
    expect(none.message).toBeTruthy();
    const reader = await h.key(t, ['employees:read']);
    const res = await call('employees.create', reader, hireBody(t));
    await expectTrpcError(res.clone(), 403, 'insufficient_scope');
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer realm="workforce", error="insufficient_scope", scope="employees:write"',
    );
  });

  test('a GET on a mutation is refused', async () => {
    const res = await h.as(secret, `/trpc/employees.create?input=${encodeURIComponent(JSON.stringify(hireBody(t)))}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('employees.update over /trpc', () => {
  test('updates designation and department; foreign ids are not_found', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['employees:write']);
    const res = await call('employees.update', secret, {
      id: t.hr_admin.id,
      actor_employee_id: t.hr_admin.id,
      designation: 'Director',
      department: null,
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect((JSON.parse(text) as { result: { data: { data: Json } } }).result.data.data).toMatchObject({
      id: t.hr_admin.id,
      designation: 'Director',
      department: null,
    });
    const other = await h.tenant();
    await expectTrpcError(
      await call('employees.update', secret, {
        id: other.hr_admin.id,
        actor_employee_id: t.hr_admin.id,
        designation: 'X',
      }),
      404,
      'not_found',
    );
    await expectTrpcError(
      await call('employees.update', secret, { id: 'nope', actor_employee_id: t.hr_admin.id, designation: 'X' }),
      400,
      'invalid_id',
    );
    await expectTrpcError(
      await call('employees.update', secret, { id: t.hr_admin.id, actor_employee_id: t.hr_admin.id }),
      400,
      'invalid_body',
    );
  });
});
