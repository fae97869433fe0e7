// Versions of the leave request record (decisions §19): `version` counts committed changes, GET and
// the writes answer `ETag: "<version>"`, If-None-Match gives 304, If-Match makes approve, reject and
// cancel conditional (412 precondition_failed after 404/403, before 409; nothing written), over /v1
// and /trpc.
import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectDocumentedProblem, expectProblem, useTestServer } from '../support/harness.js';
import { idempotencyKey, type Json, jsonInit, parallel, statusCounts } from '../support/http.js';
import { day, type Org, setupOrg } from '../support/leave.js';
import { type Decision, daysOf, leaveBody, postDecision, postLeave } from './helpers.js';

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });

const NOBODY = '01a20129-a8bd-7fe6-893d-e14d781596aa';

let org: Org;
/** leave:read and leave:write together, for GET after a write. */
let both: string;
/** Dates of the next request: each test files on days of its own, so that none overlaps another. */
let nextDay = 0;

beforeAll(async () => {
  org = await setupOrg(h);
  both = await h.key(org.t, ['leave:read', 'leave:write']);
});

/** A 200 `{ data }` answer, its ETag checked against the record's version. */
async function record(res: Response): Promise<Json> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const { data } = JSON.parse(text) as { data: Json };
  expect(res.headers.get('etag')).toBe(`"${data.version}"`);
  return data;
}

/** Files one day of annual leave for the org's employee: version 1. */
async function file(): Promise<string> {
  nextDay += 1;
  const date = day(`01-${String(1 + nextDay).padStart(2, '0')}`);
  const filed = await record(
    await postLeave(h, both, leaveBody(org, { start_date: date, end_date: date, days_count: 1 })),
  );
  expect(filed.version).toBe(1);
  return filed.id as string;
}

const decide = (id: string, decision: Decision, actorId: string, headers: Record<string, string> = {}) =>
  postDecision(h, both, id, decision, { actor_employee_id: actorId }, headers);

/** The request as stored: its status, version and the count of its events. */
async function stored(id: string) {
  const [row] = await sql<{ status: string; version: number; events: number }>(
    h,
    `select r.status, r.version,
            (select count(*)::int from events v where v.data->'object'->>'id' = r.id::text) as events
       from leave_requests r where r.id = ?`,
    [id],
  );
  return row;
}

describe('version and ETag', () => {
  test('filed is 1, each decision +1; GET, the filing and the decisions answer the ETag; events carry it', async () => {
    const id = await file();
    expect((await record(await h.as(both, `/v1/leave-requests/${id}`))).version).toBe(1);
    expect((await record(await decide(id, 'approve', org.manager.id))).version).toBe(2);
    expect((await record(await decide(id, 'cancel', org.employee.id))).version).toBe(3);
    expect((await record(await h.as(both, `/v1/leave-requests/${id}`))).version).toBe(3);
    const events = await sql<{ type: string; version: number }>(
      h,
      `select type, (data->'object'->>'version')::int as version from events
        where tenant_id = ? and data->'object'->>'id' = ? order by created_at, id`,
      [org.tenantId, id],
    );
    expect(events).toEqual([
      { type: 'leave_request.created', version: 1 },
      { type: 'leave_request.approved', version: 2 },
      { type: 'leave_request.cancelled', version: 3 },
    ]);
  });

  test('If-None-Match with the version is 304 with the ETag and no body; another is 200', async () => {
    const id = await file();
    for (const value of ['"1"', '"3", "1"', '*', 'W/"1"']) {
      const res = await h.as(both, `/v1/leave-requests/${id}`, { headers: { 'If-None-Match': value } });
      expect(res.status, value).toBe(304);
      expect(res.headers.get('etag')).toBe('"1"');
      expect(await res.text()).toBe('');
    }
    const fresh = await h.as(both, `/v1/leave-requests/${id}`, { headers: { 'If-None-Match': '"2"' } });
    expect((await record(fresh)).version).toBe(1);
    await expectDocumentedProblem(
      h,
      await h.as(both, `/v1/leave-requests/${id}`, { headers: { 'If-None-Match': 'one' } }),
      400,
      'invalid_header',
      'GET',
      '/leave-requests/{id}',
    );
  });
});

describe('If-Match on approve, reject and cancel', () => {
  test.each(['approve', 'reject', 'cancel'] as const)(
    '%s: a stale version is 412 naming the current one, and nothing is written (status, balance, events)',
    async (decision) => {
      const id = await file();
      const actor = decision === 'cancel' ? org.employee.id : org.manager.id;
      const balance = await daysOf(h, org, org.employee.id);
      const res = await decide(id, decision, actor, { 'If-Match': '"2"' });
      const body = await expectDocumentedProblem(
        h,
        res,
        412,
        'precondition_failed',
        'POST',
        `/leave-requests/{id}/${decision}`,
      );
      expect(body.detail).toMatch(/version 1\b/);
      expect(await stored(id)).toEqual({ status: 'pending', version: 1, events: 1 });
      expect(await daysOf(h, org, org.employee.id)).toEqual(balance);
      expect((await record(await decide(id, decision, actor, { 'If-Match': '"1"' }))).version).toBe(2);
    },
  );

  test('* always matches; a malformed value is 400 invalid_header', async () => {
    const id = await file();
    const body = await expectDocumentedProblem(
      h,
      await decide(id, 'approve', org.manager.id, { 'If-Match': '1' }),
      400,
      'invalid_header',
      'POST',
      '/leave-requests/{id}/approve',
    );
    expect(body.detail).toContain('If-Match');
    expect(await stored(id)).toMatchObject({ status: 'pending', version: 1 });
    expect((await record(await decide(id, 'approve', org.manager.id, { 'If-Match': '*' }))).version).toBe(2);
  });

  test('order: 404 and the actor (404, 403) before 412; 412 before 409 invalid_leave_transition', async () => {
    const id = await file();
    await expectProblem(await decide(NOBODY, 'approve', org.manager.id, { 'If-Match': '"9"' }), 404, 'not_found');
    await expectProblem(await decide(id, 'approve', NOBODY, { 'If-Match': '"9"' }), 404, 'actor_not_found');
    await expectProblem(
      await decide(id, 'approve', org.employee.id, { 'If-Match': '"9"' }),
      403,
      'actor_not_permitted',
    );
    await expectProblem(
      await decide(id, 'approve', org.colleague.id, { 'If-Match': '"9"' }),
      403,
      'actor_not_permitted',
    );
    await record(await decide(id, 'reject', org.manager.id));
    // Rejected is final: with a stale version the precondition answers first, with the current one the rule.
    await expectProblem(await decide(id, 'approve', org.manager.id, { 'If-Match': '"1"' }), 412, 'precondition_failed');
    await expectProblem(
      await decide(id, 'approve', org.manager.id, { 'If-Match': '"2"' }),
      409,
      'invalid_leave_transition',
    );
    expect(await stored(id)).toEqual({ status: 'rejected', version: 2, events: 2 });
  });

  test('an Idempotency-Key replay answers the stored response whatever If-Match says', async () => {
    const id = await file();
    const key = idempotencyKey('leave-versions');
    const first = await decide(id, 'approve', org.manager.id, { 'Idempotency-Key': key, 'If-Match': '"1"' });
    const text = await first.text();
    expect(first.status, text).toBe(200);
    const again = await decide(id, 'approve', org.manager.id, { 'Idempotency-Key': key, 'If-Match': '"1"' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('etag')).toBe('"2"');
    expect(await again.text()).toBe(text);
    expect(await stored(id)).toMatchObject({ status: 'approved', version: 2 });
  });

  test('two parallel decisions with the same If-Match: one 200 and one 412', async () => {
    const id = await file();
    const results = await parallel(2, (i) =>
      decide(id, i === 0 ? 'approve' : 'cancel', i === 0 ? org.manager.id : org.employee.id, { 'If-Match': '"1"' }),
    );
    expect(statusCounts(results), results.map((r) => r.text).join('\n')).toEqual({ 200: 1, 412: 1 });
    expect(await stored(id)).toMatchObject({ version: 2, events: 2 });
  });
});

describe('over /trpc', () => {
  test('leaveRequests.approve reads If-Match', async () => {
    const id = await file();
    const call = (headers: Record<string, string>) =>
      h.raw.fetch(
        '/trpc/leaveRequests.approve',
        jsonInit('POST', { id, actor_employee_id: org.manager.id }, { Authorization: `Bearer ${both}`, ...headers }),
      );
    const stale = await call({ 'If-Match': '"3"' });
    expect(stale.status).toBe(412);
    expect(((await stale.json()) as { error: { data: Json } }).error.data).toMatchObject({
      code: 'precondition_failed',
      httpStatus: 412,
    });
    expect(await stored(id)).toMatchObject({ status: 'pending', version: 1 });
    const ok = await call({ 'If-Match': '"1"' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { data: { data: Json } } }).result.data.data.version).toBe(2);
  });
});
