// Versions of the employee record (decisions §19): `version` counts committed changes, GET and the
// writes answer `ETag: "<version>"`, If-None-Match gives 304, If-Match makes PATCH conditional (412
// precondition_failed, nothing written), over /v1 and /trpc, in the order of checks of §1.
import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { hire, hireBody, patchEmployee, postEmployee } from '../support/employees.js';
import { expectDocumentedProblem, expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import { idempotencyKey, type Json, jsonInit, parallel, statusCounts } from '../support/http.js';

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });

const NOBODY = '01a20129-a8bd-7fe6-893d-e14d781596aa';

let t: TestTenant;
let secret: string;

beforeAll(async () => {
  t = await h.tenant();
  secret = await h.key(t, ['employees:read', 'employees:write']);
});

/** GET /v1/employees/{id} with `headers`. */
function getEmployee(id: string, headers: Record<string, string> = {}) {
  return h.as(secret, `/v1/employees/${id}`, { headers });
}

/** The employee as stored: its version, designation and the count of its employee.updated events. */
async function stored(id: string) {
  const [row] = await sql<{ version: number; designation: string | null; updates: number }>(
    h,
    `select e.version, e.designation,
            (select count(*)::int from events v where v.type = 'employee.updated' and v.data->'object'->>'id' = e.id::text) as updates
       from employees e where e.id = ?`,
    [id],
  );
  return row;
}

/** A 200 `{ data }` answer, its ETag checked against the record's version. */
async function record(res: Response): Promise<Json> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const { data } = JSON.parse(text) as { data: Json };
  expect(res.headers.get('etag')).toBe(`"${data.version}"`);
  return data;
}

const patch = (id: string, body: Json, headers: Record<string, string> = {}) =>
  patchEmployee(h, secret, id, { actor_employee_id: t.hr_admin.id, ...body }, headers);

describe('version and ETag', () => {
  test('a hire is version 1; a change is +1; a PATCH that changes nothing leaves it; GET and the writes say ETag', async () => {
    const hired = await record(await postEmployee(h, secret, hireBody(t, { designation: 'Associate' })));
    expect(hired.version).toBe(1);
    const id = hired.id as string;
    expect(await record(await getEmployee(id))).toEqual(hired);

    const changed = await record(await patch(id, { designation: 'Engineer' }));
    expect(changed).toMatchObject({ version: 2, designation: 'Engineer' });
    const unchanged = await record(await patch(id, { designation: 'Engineer' }));
    expect(unchanged).toEqual(changed);
    expect(await record(await getEmployee(id))).toEqual(changed);
    expect(await stored(id)).toEqual({ version: 2, designation: 'Engineer', updates: 1 });

    // A list carries the version in each record, and no ETag of its own.
    const list = await h.as(secret, `/v1/employees?limit=100`);
    expect(list.status).toBe(200);
    expect(list.headers.get('etag')).toBeNull();
    const page = (await list.json()) as { data: Json[] };
    expect(page.data.find((e) => e.id === id)?.version).toBe(2);
  });

  test('the employee.updated event shows the version it made; employee.created shows 1', async () => {
    const hired = await hire(h, secret, t);
    const id = hired.id as string;
    await record(await patch(id, { department: 'Platform' }));
    const events = await sql<{ type: string; version: number }>(
      h,
      `select type, (data->'object'->>'version')::int as version from events
        where tenant_id = ? and data->'object'->>'id' = ? order by created_at, id`,
      [t.tenant.id, id],
    );
    expect(events).toEqual([
      { type: 'employee.created', version: 1 },
      { type: 'employee.updated', version: 2 },
    ]);
    const reader = await h.key(t, ['employees:read']);
    const res = await h.as(reader, '/v1/events?type=employee.updated&limit=100');
    expect(res.status).toBe(200);
    const log = (await res.json()) as { data: { data: { object: Json } }[] };
    expect(log.data.find((e) => e.data.object.id === id)?.data.object.version).toBe(2);
  });
});

describe('If-None-Match on GET /v1/employees/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = (await hire(h, secret, t)).id as string;
    await record(await patch(id, { designation: 'Two' }));
  });

  test.each([['"2"'], ['"1", "2"'], ['*'], ['W/"2"'], ['"7" ,W/"2"']])(
    'If-None-Match: %s is 304 with the ETag and no body',
    async (value) => {
      const res = await getEmployee(id, { 'If-None-Match': value });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe('"2"');
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(res.headers.get('content-type')).toBeNull();
      expect(await res.text()).toBe('');
    },
  );

  test('another version is 200 with the record', async () => {
    const res = await getEmployee(id, { 'If-None-Match': '"1"' });
    expect((await record(res)).version).toBe(2);
  });

  test('HEAD answers 304 too', async () => {
    const res = await h.as(secret, `/v1/employees/${id}`, { method: 'HEAD', headers: { 'If-None-Match': '"2"' } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('"2"');
  });

  test('a malformed value is 400 invalid_header; an unknown id is still 404', async () => {
    const body = await expectDocumentedProblem(
      h,
      await getEmployee(id, { 'If-None-Match': '2' }),
      400,
      'invalid_header',
      'GET',
      '/employees/{id}',
    );
    expect(body.detail).toContain('If-None-Match');
    await expectProblem(await getEmployee(NOBODY, { 'If-None-Match': '"1"' }), 404, 'not_found');
  });
});

describe('If-Match on PATCH /v1/employees/{id}', () => {
  test('a stale version is 412 precondition_failed naming the current one, and nothing is written', async () => {
    const id = (await hire(h, secret, t, { designation: 'One' })).id as string;
    await record(await patch(id, { designation: 'Two' }));
    const before = await stored(id);
    const res = await patch(id, { designation: 'Three' }, { 'If-Match': '"1"' });
    const body = await expectDocumentedProblem(h, res, 412, 'precondition_failed', 'PATCH', '/employees/{id}');
    expect(body.detail).toMatch(/version 2\b/);
    expect(res.headers.get('etag')).toBeNull();
    expect(await stored(id)).toEqual(before);
    expect((await record(await getEmployee(id))).designation).toBe('Two');
  });

  test('the current version, a list holding it, or * make the write; a weak tag never matches', async () => {
    const id = (await hire(h, secret, t)).id as string;
    expect((await record(await patch(id, { designation: 'A' }, { 'If-Match': '"1"' }))).version).toBe(2);
    expect((await record(await patch(id, { designation: 'B' }, { 'If-Match': '"1", "2"' }))).version).toBe(3);
    expect((await record(await patch(id, { designation: 'C' }, { 'If-Match': '*' }))).version).toBe(4);
    await expectProblem(await patch(id, { designation: 'D' }, { 'If-Match': 'W/"4"' }), 412, 'precondition_failed');
    // A PATCH that changes nothing still answers to its precondition, and keeps the version.
    await expectProblem(await patch(id, { designation: 'C' }, { 'If-Match': '"3"' }), 412, 'precondition_failed');
    expect((await record(await patch(id, { designation: 'C' }, { 'If-Match': '"4"' }))).version).toBe(4);
    expect(await stored(id)).toMatchObject({ version: 4, designation: 'C', updates: 3 });
  });

  test.each([['4'], ['"4'], ['abc'], ['"4" "5"'], ['*, "4"'], ['']])(
    'If-Match: %j is 400 invalid_header and nothing is written',
    async (value) => {
      const id = (await hire(h, secret, t)).id as string;
      const res = await patch(id, { designation: 'Never' }, { 'If-Match': value });
      const body = await expectDocumentedProblem(h, res, 400, 'invalid_header', 'PATCH', '/employees/{id}');
      expect(body.detail).toContain('If-Match');
      expect(await stored(id)).toMatchObject({ version: 1, designation: null, updates: 0 });
    },
  );

  test('order of checks: scope (403) before a malformed header; 404 and the actor (404/403) before 412', async () => {
    const id = (await hire(h, secret, t)).id as string;
    const reader = await h.key(t, ['employees:read']);
    await expectProblem(
      await patchEmployee(h, reader, id, { actor_employee_id: t.hr_admin.id, designation: 'X' }, { 'If-Match': 'bad' }),
      403,
      'insufficient_scope',
    );
    await expectProblem(await patch(NOBODY, { designation: 'X' }, { 'If-Match': '"9"' }), 404, 'not_found');
    await expectProblem(
      await patchEmployee(h, secret, id, { actor_employee_id: NOBODY, designation: 'X' }, { 'If-Match': '"9"' }),
      404,
      'actor_not_found',
    );
    const plain = (await hire(h, secret, t)).id as string;
    await expectProblem(
      await patchEmployee(h, secret, id, { actor_employee_id: plain, designation: 'X' }, { 'If-Match': '"9"' }),
      403,
      'actor_not_hr_admin',
    );
    // A wrong body is 400 invalid_body whatever the precondition.
    await expectProblem(await patch(id, {}, { 'If-Match': '"9"' }), 400, 'invalid_body');
    expect(await stored(id)).toMatchObject({ version: 1, updates: 0 });
  });

  test('an Idempotency-Key replay answers the stored response whatever If-Match says', async () => {
    const id = (await hire(h, secret, t)).id as string;
    const key = idempotencyKey('versions');
    const first = await patch(id, { designation: 'Kept' }, { 'Idempotency-Key': key, 'If-Match': '"1"' });
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    const again = await patch(id, { designation: 'Kept' }, { 'Idempotency-Key': key, 'If-Match': '"1"' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('etag')).toBe('"2"');
    expect(await again.text()).toBe(firstText);
    const other = await patch(id, { designation: 'Kept' }, { 'Idempotency-Key': key, 'If-Match': 'not a tag' });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(firstText);
    expect(await stored(id)).toMatchObject({ version: 2, updates: 1 });
  });

  test('two parallel PATCHes with the same If-Match: exactly one 200 and one 412', async () => {
    for (let round = 0; round < 5; round++) {
      const id = (await hire(h, secret, t)).id as string;
      const results = await parallel(2, (i) => patch(id, { designation: `Racer ${i}` }, { 'If-Match': '"1"' }));
      expect(statusCounts(results), results.map((r) => r.text).join('\n')).toEqual({ 200: 1, 412: 1 });
      const winner = results.find((r) => r.status === 200);
      const data = (JSON.parse(winner?.text ?? '{}') as { data: Json }).data;
      expect(data.version).toBe(2);
      expect(await stored(id)).toEqual({ version: 2, designation: data.designation, updates: 1 });
    }
  });
});

describe('over /trpc', () => {
  const call = (path: string, input: unknown, headers: Record<string, string> = {}) =>
    h.raw.fetch(`/trpc/${path}`, jsonInit('POST', input, { Authorization: `Bearer ${secret}`, ...headers }));

  test('employees.update reads If-Match: 412 precondition_failed, the current version passes, malformed is 400', async () => {
    const id = (await hire(h, secret, t)).id as string;
    const input = { id, actor_employee_id: t.hr_admin.id, designation: 'Over tRPC' };
    const stale = await call('employees.update', input, { 'If-Match': '"5"' });
    expect(stale.status).toBe(412);
    const refused = (await stale.json()) as { error: { message: string; data: Json } };
    expect(refused.error.data).toMatchObject({ code: 'precondition_failed', httpStatus: 412 });
    expect(refused.error.message).toMatch(/version 1\b/);
    expect(await stored(id)).toMatchObject({ version: 1, updates: 0 });

    const malformed = await call('employees.update', input, { 'If-Match': '5' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { data: Json } }).error.data).toMatchObject({
      code: 'invalid_header',
      httpStatus: 400,
    });

    const ok = await call('employees.update', input, { 'If-Match': '"1"' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { data: { data: Json } } }).result.data.data.version).toBe(2);
    expect(await stored(id)).toMatchObject({ version: 2, updates: 1 });
  });

  test('employees.get answers the version', async () => {
    const id = (await hire(h, secret, t)).id as string;
    const res = await h.raw.fetch(`/trpc/employees.get?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { data: { data: Json } } }).result.data.data.version).toBe(1);
  });
});
