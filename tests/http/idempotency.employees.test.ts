// Idempotency-Key (decisions §6) on the employee writes: replays, conflicts, what is not stored, the
// header's syntax, storage with the write, takeover and the 24 h retention. The leave writes are
// tests/leave/leaveRequests.idempotency.test.ts, parallel requests tests/employees/employees.concurrency.test.ts.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { fingerprint, purgeExpiredKeys } from '../../server/http/pipeline/idempotency.js';
import { sql } from '../support/database.js';
import {
  countEmployees,
  hire,
  hireBody,
  journeyRows,
  patchEmployee,
  postEmployee,
  uniqueEmail,
} from '../support/employees.js';
import { expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import { idempotencyKey, type Json, jsonInit } from '../support/http.js';

const h = useTestServer();

const WRITE = ['employees:read', 'employees:write'] as const;

interface KeyRow {
  fingerprint: string;
  response_status: number | null;
  response_body: string | null;
}

async function keyRow(tenantId: string, key: string): Promise<KeyRow | undefined> {
  const [row] = await sql<KeyRow>(
    h,
    'select fingerprint, response_status, response_body from idempotency_keys where tenant_id = ? and key = ?',
    [tenantId, key],
  );
  return row;
}

describe('replays', () => {
  let t: TestTenant;
  let secret: string;
  beforeAll(async () => {
    t = await h.tenant();
    secret = await h.key(t, WRITE);
  });

  test('a retry replays status and body byte for byte, with Idempotent-Replayed and a fresh X-Request-Id', async () => {
    const key = idempotencyKey();
    const body = hireBody(t);
    const first = await postEmployee(h, secret, body, { 'Idempotency-Key': key });
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const count = await countEmployees(h, t.tenant.id);
    // The same body with other key order and whitespace has the same fingerprint.
    const reordered = `{ ${Object.entries(body)
      .reverse()
      .map(([k, v]) => `${JSON.stringify(k)} :  ${JSON.stringify(v)}`)
      .join(' ,\n ')} }`;
    for (const payload of [body, reordered]) {
      const again = await postEmployee(h, secret, payload, { 'Idempotency-Key': key });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toMatch(/^application\/json/);
      expect(again.headers.get('x-request-id')).toBeTruthy();
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(await again.text()).toBe(firstText);
    }
    expect(await countEmployees(h, t.tenant.id)).toBe(count);
    const outbox = await sql(h, 'select 1 from outbox_messages where recipient = ?', [body.email]);
    expect(outbox).toHaveLength(1);
  });

  test('another credential of the same tenant gets the replay too (keys belong to the tenant)', async () => {
    const key = idempotencyKey();
    const body = hireBody(t);
    const first = await postEmployee(h, secret, body, { 'Idempotency-Key': key });
    const other = await h.key(t, ['employees:write']);
    const again = await postEmployee(h, other, body, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
  });

  test("a replayed problem keeps the first request's request_id; the header is new", async () => {
    const taken = await hire(h, secret, t);
    const key = idempotencyKey();
    const body = hireBody(t, { email: taken.email });
    const first = await postEmployee(h, secret, body, { 'Idempotency-Key': key, 'X-Request-Id': 'first-attempt.1' });
    const firstText = await first.text();
    expect(first.status).toBe(409);
    expect(JSON.parse(firstText)).toMatchObject({ code: 'email_taken', request_id: 'first-attempt.1' });
    const again = await postEmployee(h, secret, body, { 'Idempotency-Key': key, 'X-Request-Id': 'second-attempt.2' });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toBe('application/problem+json');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-request-id')).toBe('second-attempt.2');
    const text = await again.text();
    expect(text).toBe(firstText);
    expect(JSON.parse(text).request_id).toBe('first-attempt.1');
  });

  test('a stored 422 is replayed even after the rule would pass', async () => {
    const full = await h.tenant({ seats: 1 });
    const fullSecret = await h.key(full, WRITE);
    const key = idempotencyKey();
    const body = hireBody(full);
    const first = await postEmployee(h, fullSecret, body, { 'Idempotency-Key': key });
    await expectProblem(first.clone(), 422, 'seat_limit_reached');
    expect((await keyRow(full.tenant.id, key))?.response_status).toBe(422);
    await sql(h, 'update tenants set seat_limit = null where id = ?', [full.tenant.id]);
    const again = await postEmployee(h, fullSecret, body, { 'Idempotency-Key': key });
    expect(again.status).toBe(422);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    expect(await countEmployees(h, full.tenant.id)).toBe(1);
    // A new key runs the request afresh.
    const fresh = await postEmployee(h, fullSecret, body, { 'Idempotency-Key': idempotencyKey() });
    expect(fresh.status).toBe(200);
  });

  test('a stored 404 actor_not_found is replayed', async () => {
    const key = idempotencyKey();
    const body = hireBody(t, { actor_employee_id: '01a20129-a8bd-7fe6-893d-e14d781596aa' });
    const first = await postEmployee(h, secret, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(404);
    const again = await postEmployee(h, secret, body, { 'Idempotency-Key': key });
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
  });

  test('PATCH replays the stored response, not the current state', async () => {
    const employee = await hire(h, secret, t);
    const key = idempotencyKey();
    const body = { actor_employee_id: t.hr_admin.id, designation: 'Analyst' };
    const first = await patchEmployee(h, secret, employee.id as string, body, { 'Idempotency-Key': key });
    const firstText = await first.text();
    expect(first.status).toBe(200);
    const moved = await patchEmployee(h, secret, employee.id as string, {
      actor_employee_id: t.hr_admin.id,
      designation: 'Manager',
    });
    expect(moved.status).toBe(200);
    const again = await patchEmployee(h, secret, employee.id as string, body, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const text = await again.text();
    expect(text).toBe(firstText);
    expect((JSON.parse(text) as { data: Json }).data.designation).toBe('Analyst');
    const [row] = await sql(h, 'select designation from employees where id = ?', [employee.id]);
    expect(row.designation).toBe('Manager');
  });

  test('no key, no replay: two identical requests without a key are two requests', async () => {
    const body = hireBody(t);
    expect((await postEmployee(h, secret, body)).status).toBe(200);
    await expectProblem(await postEmployee(h, secret, body), 409, 'email_taken');
  });
});

describe('conflicts', () => {
  let t: TestTenant;
  let secret: string;
  beforeAll(async () => {
    t = await h.tenant();
    secret = await h.key(t, WRITE);
  });

  test('same key with a different body is 409 idempotency_key_reused, and nothing is written', async () => {
    const key = idempotencyKey();
    expect((await postEmployee(h, secret, hireBody(t), { 'Idempotency-Key': key })).status).toBe(200);
    const email = uniqueEmail();
    const res = await postEmployee(h, secret, hireBody(t, { email }), { 'Idempotency-Key': key });
    await expectProblem(res, 409, 'idempotency_key_reused');
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
  });

  test('same key with an invalid body is the 400 invalid_body first (decisions §1), then 409 for a valid one; nothing is written', async () => {
    const key = idempotencyKey();
    const first = hireBody(t);
    expect((await postEmployee(h, secret, first, { 'Idempotency-Key': key })).status).toBe(200);
    const email = uniqueEmail();
    const invalid = await postEmployee(h, secret, hireBody(t, { email, joining_date: '2026-02-30' }), {
      'Idempotency-Key': key,
    });
    const problem = await expectProblem(invalid, 400, 'invalid_body');
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(['joining_date']);
    await expectProblem(
      await postEmployee(h, secret, hireBody(t, { email }), { 'Idempotency-Key': key }),
      409,
      'idempotency_key_reused',
    );
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
    // The key still answers its own request.
    const replay = await postEmployee(h, secret, first, { 'Idempotency-Key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  test('same key on another path or method is 409 idempotency_key_reused', async () => {
    const key = idempotencyKey();
    const created = await postEmployee(h, secret, hireBody(t), { 'Idempotency-Key': key });
    const employee = ((await created.json()) as { data: Json }).data;
    const patch = { actor_employee_id: t.hr_admin.id, designation: 'X' };
    await expectProblem(
      await patchEmployee(h, secret, employee.id as string, patch, { 'Idempotency-Key': key }),
      409,
      'idempotency_key_reused',
    );
    const patchKey = idempotencyKey();
    expect((await patchEmployee(h, secret, employee.id as string, patch, { 'Idempotency-Key': patchKey })).status).toBe(
      200,
    );
    await expectProblem(
      await patchEmployee(h, secret, t.hr_admin.id, patch, { 'Idempotency-Key': patchKey }),
      409,
      'idempotency_key_reused',
    );
    const [row] = await sql(h, 'select designation from employees where id = ?', [t.hr_admin.id]);
    expect(row.designation).not.toBe('X');
  });

  test('the same key in another tenant, or in the sandbox, is independent', async () => {
    const key = idempotencyKey('shared');
    const other = await h.tenant();
    const otherSecret = await h.key(other, WRITE);
    const sandbox = await h.key(t, WRITE, 'test');
    const a = await postEmployee(h, secret, hireBody(t), { 'Idempotency-Key': key });
    const b = await postEmployee(h, otherSecret, hireBody(other), { 'Idempotency-Key': key });
    const c = await postEmployee(h, sandbox, hireBody(t, { actor_employee_id: t.sandbox_hr_admin.id }), {
      'Idempotency-Key': key,
    });
    for (const res of [a, b, c]) {
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect((await keyRow(t.tenant.id, key))?.response_status).toBe(200);
    expect((await keyRow(other.tenant.id, key))?.response_status).toBe(200);
    expect((await keyRow(t.sandbox.id, key))?.response_status).toBe(200);
  });
});

describe('what is not stored', () => {
  let t: TestTenant;
  let secret: string;
  beforeAll(async () => {
    t = await h.tenant();
    secret = await h.key(t, WRITE);
  });

  test('a 400 validation error is not stored: the same key with a fixed body succeeds', async () => {
    const key = idempotencyKey();
    const bad = await postEmployee(h, secret, hireBody(t, { joining_date: '2026-02-30' }), { 'Idempotency-Key': key });
    await expectProblem(bad, 400, 'invalid_body');
    expect(await keyRow(t.tenant.id, key)).toBeUndefined();
    const good = await postEmployee(h, secret, hireBody(t), { 'Idempotency-Key': key });
    expect(good.status).toBe(200);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  test('415, 413 and invalid JSON are not stored', async () => {
    const key = idempotencyKey();
    const plain = { method: 'POST', headers: { 'Content-Type': 'text/plain', 'Idempotency-Key': key }, body: '{}' };
    await expectProblem(await h.as(secret, '/v1/employees', plain), 415, 'unsupported_media_type');
    await expectProblem(
      await h.as(secret, '/v1/employees', jsonInit('POST', '{x', { 'Idempotency-Key': key })),
      400,
      'invalid_json',
    );
    expect(await keyRow(t.tenant.id, key)).toBeUndefined();
    expect((await postEmployee(h, secret, hireBody(t), { 'Idempotency-Key': key })).status).toBe(200);
  });

  test('a malformed path id is not stored', async () => {
    const key = idempotencyKey();
    const body = { actor_employee_id: t.hr_admin.id, designation: 'X' };
    await expectProblem(await patchEmployee(h, secret, 'nope', body, { 'Idempotency-Key': key }), 400, 'invalid_id');
    expect(await keyRow(t.tenant.id, key)).toBeUndefined();
  });

  test('a 403 insufficient_scope is not stored', async () => {
    const key = idempotencyKey();
    const reader = await h.key(t, ['employees:read']);
    const body = hireBody(t);
    await expectProblem(await postEmployee(h, reader, body, { 'Idempotency-Key': key }), 403, 'insufficient_scope');
    expect(await keyRow(t.tenant.id, key)).toBeUndefined();
    const res = await postEmployee(h, secret, body, { 'Idempotency-Key': key });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
  });

  test('a stored response is never served to a credential without the scope (403 comes first)', async () => {
    const key = idempotencyKey();
    const body = hireBody(t);
    expect((await postEmployee(h, secret, body, { 'Idempotency-Key': key })).status).toBe(200);
    const reader = await h.key(t, ['employees:read', 'leave:write']);
    const res = await postEmployee(h, reader, body, { 'Idempotency-Key': key });
    await expectProblem(res, 403, 'insufficient_scope');
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    // Without a credential, or with a bad one, it is 401 whatever the key.
    await expectProblem(
      await h.fetch('/v1/employees', jsonInit('POST', body, { 'Idempotency-Key': key })),
      401,
      'unauthorized',
    );
  });

  test('a body that cannot be read is 400 even with a key already used (body before idempotency)', async () => {
    const key = idempotencyKey();
    expect((await postEmployee(h, secret, hireBody(t), { 'Idempotency-Key': key })).status).toBe(200);
    await expectProblem(
      await h.as(secret, '/v1/employees', jsonInit('POST', '{x', { 'Idempotency-Key': key })),
      400,
      'invalid_json',
    );
    expect((await keyRow(t.tenant.id, key))?.response_status).toBe(200);
  });
});

describe('the Idempotency-Key header', () => {
  let t: TestTenant;
  let secret: string;
  beforeAll(async () => {
    t = await h.tenant();
    secret = await h.key(t, WRITE);
  });

  test.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'my key'],
    ['a tab', 'my\tkey'],
    ['non-ASCII', 'clé-1'],
  ])('%s is 400 invalid_idempotency_key, and nothing is written', async (_name, key) => {
    const email = uniqueEmail();
    const res = await postEmployee(h, secret, hireBody(t, { email }), { 'Idempotency-Key': key });
    await expectProblem(res, 400, 'invalid_idempotency_key');
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
  });

  test('255 visible ASCII characters are a valid key', async () => {
    const key = `${idempotencyKey()}!~"#`.padEnd(255, 'z');
    const res = await postEmployee(h, secret, hireBody(t), { 'Idempotency-Key': key });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await keyRow(t.tenant.id, key))?.response_status).toBe(200);
  });

  test('a malformed key still answers 401 without a credential and 403 with the wrong scope', async () => {
    const init = jsonInit('POST', hireBody(t), { 'Idempotency-Key': 'bad key' });
    await expectProblem(await h.fetch('/v1/employees', init), 401, 'unauthorized');
    const reader = await h.key(t, ['employees:read']);
    await expectProblem(await h.as(reader, '/v1/employees', init), 403, 'insufficient_scope');
  });

  test('a malformed key on PATCH is 400 invalid_idempotency_key', async () => {
    const res = await patchEmployee(
      h,
      secret,
      t.hr_admin.id,
      { actor_employee_id: t.hr_admin.id, designation: 'X' },
      { 'Idempotency-Key': '' },
    );
    await expectProblem(res, 400, 'invalid_idempotency_key');
  });
});

describe('storage, takeover and retention', () => {
  let t: TestTenant;
  let secret: string;
  beforeAll(async () => {
    t = await h.tenant();
    secret = await h.key(t, WRITE);
  });

  async function insertKey(key: string, fields: { fingerprint: string; age: string; status: number; body: string }) {
    await sql(
      h,
      `insert into idempotency_keys (tenant_id, key, fingerprint, response_status, response_body, created_at)
       values (?, ?, ?, ?, ?, now() - ?::interval)`,
      [t.tenant.id, key, fields.fingerprint, fields.status, fields.body, fields.age],
    );
  }

  test('the key is stored with the write: its status, body and fingerprint', async () => {
    const key = idempotencyKey();
    const body = hireBody(t);
    const res = await postEmployee(h, secret, body, { 'Idempotency-Key': key });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(await keyRow(t.tenant.id, key)).toEqual({
      fingerprint: fingerprint('POST', '/v1/employees', body),
      response_status: 200,
      response_body: text,
    });
    // The write it describes is there too.
    const email = (JSON.parse(text) as { data: Json }).data.email as string;
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 1, profiles: 1, outbox: 1 });
  });

  test('a failure at commit leaves neither the write nor the key, and the key can be retried', async () => {
    const key = idempotencyKey();
    const email = uniqueEmail('commitfail');
    const name = `wfm_test_fail_${randomBytes(4).toString('hex')}`;
    await sql(
      h,
      `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'simulated failure at commit'; end $$`,
    );
    // A deferred constraint trigger fires at COMMIT, after the handler and the key update ran.
    await sql(
      h,
      `create constraint trigger ${name} after insert on outbox_messages deferrable initially deferred
         for each row when (new.recipient = '${email}') execute function ${name}()`,
    );
    try {
      const res = await postEmployee(h, secret, hireBody(t, { email }), { 'Idempotency-Key': key });
      await expectProblem(res, 500, 'internal_error');
      expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
      expect(await keyRow(t.tenant.id, key)).toBeUndefined();
    } finally {
      await sql(h, `drop trigger if exists ${name} on outbox_messages`);
      await sql(h, `drop function if exists ${name}()`);
    }
    const retry = await postEmployee(h, secret, hireBody(t, { email }), { 'Idempotency-Key': key });
    expect(retry.status, await retry.clone().text()).toBe(200);
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 1, profiles: 1, outbox: 1 });
  });

  /** Holds the advisory lock a running request with `key` holds, on a connection of its own. */
  async function whileKeyIsHeld(key: string, during: () => Promise<void>): Promise<void> {
    const holder = new pg.Client({ connectionString: inject('databaseUrl') });
    await holder.connect();
    try {
      await holder.query('begin');
      const { rows } = await holder.query('select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as locked', [
        `idempotency:${t.tenant.id}:${key}`,
      ]);
      expect(rows[0].locked).toBe(true);
      await during();
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
  }

  test('while a request holds the key, the same key is 409 idempotency_key_in_use with Retry-After', async () => {
    const key = idempotencyKey();
    const body = hireBody(t);
    await whileKeyIsHeld(key, async () => {
      for (const attempt of [body, hireBody(t)]) {
        const res = await postEmployee(h, secret, attempt, { 'Idempotency-Key': key });
        await expectProblem(res, 409, 'idempotency_key_in_use');
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      }
      expect(await journeyRows(h, t.tenant.id, body.email as string)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
      expect(await keyRow(t.tenant.id, key)).toBeUndefined();
    });
    // The holder ended (as a crashed request's transaction does): the key is free at once.
    const res = await postEmployee(h, secret, body, { 'Idempotency-Key': key });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
  });

  test('a completed key with another fingerprint is 409 idempotency_key_reused', async () => {
    const key = idempotencyKey();
    await insertKey(key, {
      fingerprint: 'f'.repeat(64),
      age: '0 seconds',
      status: 200,
      body: '{}',
    });
    await expectProblem(
      await postEmployee(h, secret, hireBody(t), { 'Idempotency-Key': key }),
      409,
      'idempotency_key_reused',
    );
  });

  test('keys older than 24 h are treated as absent; younger ones still replay', async () => {
    const old = idempotencyKey('old');
    const body = hireBody(t);
    const print = fingerprint('POST', '/v1/employees', body);
    await insertKey(old, {
      fingerprint: print,
      age: '25 hours',
      status: 200,
      body: '{"data":"stale"}',
    });
    const res = await postEmployee(h, secret, body, { 'Idempotency-Key': old });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(text).not.toBe('{"data":"stale"}');
    expect(await keyRow(t.tenant.id, old)).toMatchObject({ response_status: 200, response_body: text });
    // An old key with another fingerprint is no conflict either.
    const oldOther = idempotencyKey('old');
    await insertKey(oldOther, {
      fingerprint: 'e'.repeat(64),
      age: '25 hours',
      status: 200,
      body: '{}',
    });
    expect((await postEmployee(h, secret, hireBody(t), { 'Idempotency-Key': oldOther })).status).toBe(200);
    const young = idempotencyKey('young');
    const youngBody = hireBody(t);
    await insertKey(young, {
      fingerprint: fingerprint('POST', '/v1/employees', youngBody),
      age: '23 hours',
      status: 200,
      body: '{"data":"kept"}',
    });
    // The replay is the stored body byte for byte, here this test's own stand-in (not a record the
    // document describes): read it unchecked.
    const replay = await postEmployee(h.raw, secret, youngBody, { 'Idempotency-Key': young });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe('{"data":"kept"}');
  });

  test('purgeExpiredKeys deletes keys past 24 h and keeps the rest', async () => {
    const old = idempotencyKey('purge-old');
    const young = idempotencyKey('purge-young');
    await insertKey(old, {
      fingerprint: 'a'.repeat(64),
      age: '25 hours',
      status: 200,
      body: '{}',
    });
    await insertKey(young, {
      fingerprint: 'b'.repeat(64),
      age: '1 hour',
      status: 200,
      body: '{}',
    });
    expect(await purgeExpiredKeys(h.orm.em.fork())).toBeGreaterThanOrEqual(1);
    expect(await keyRow(t.tenant.id, old)).toBeUndefined();
    expect(await keyRow(t.tenant.id, young)).toBeDefined();
  });

  test('purgeExpiredKeys works through a backlog in batches, oldest first, until none is left', async () => {
    const old = [1, 2, 3, 4, 5].map((n) => idempotencyKey(`purge-batch-${n}`));
    const young = idempotencyKey('purge-batch-young');
    for (const [n, key] of old.entries()) {
      await insertKey(key, { fingerprint: String(n).repeat(64), age: `${30 + n} hours`, status: 200, body: '{}' });
    }
    await insertKey(young, { fingerprint: 'y'.repeat(64), age: '2 hours', status: 200, body: '{}' });
    // Batches of 2: three statements for these five (more if other files left expired keys).
    expect(await purgeExpiredKeys(h.orm.em.fork(), 2)).toBeGreaterThanOrEqual(old.length);
    for (const key of old) expect(await keyRow(t.tenant.id, key)).toBeUndefined();
    expect(await keyRow(t.tenant.id, young)).toBeDefined();
  });
});
