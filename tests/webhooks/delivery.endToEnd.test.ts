import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { leaveBody, postLeave } from '../leave/helpers.js';
import { sql, useFreshDatabase, useTempDir } from '../support/database.js';
import { hire, hireBody, patchEmployee, postEmployee } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { jsonInit, type Page } from '../support/http.js';
import { setupOrg } from '../support/leave.js';
import { sleep, waitFor } from '../support/wait.js';
import { closedPort, type Received, type Receiver, useReceivers } from '../support/webhooks.js';

/**
 * Webhook delivery (decisions §14) end to end: real writes through the API, a real dispatcher in
 * the test server, real receivers on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE_URLS), every delivery
 * verified with the `standardwebhooks` package as a receiver would. A short retry schedule (1 s,
 * three retries), a 1.5 s timeout and disabling after 3 failures in a row keep it fast. On a
 * database of its own: the dispatcher delivers every due attempt of its database.
 */

const TIMEOUT_MS = 1500;
const { url } = useFreshDatabase('wfm_webhooks');
const dataDir = useTempDir('wfm-webhooks-');

const h = useTestServer(() => ({
  DATABASE_URL: url,
  DATA_DIR: dataDir.path,
  OUTBOX_DISPATCH: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,1,1',
  WEBHOOK_INTERVAL_MS: '100',
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  WEBHOOK_LEASE_S: '5',
  WEBHOOK_DISABLE_AFTER: '3',
  RATE_LIMIT_POINTS: '100000',
}));
const receiver = useReceivers(h);

interface Endpoint {
  id: string;
  secret: string;
  /** webhooks:read + webhooks:write, employees:read + leave:read, employees:write, on the endpoint's env. */
  key: string;
}

interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  next_attempt_at: string | null;
}

interface EventRecord {
  id: string;
  type: string;
  created_at: string;
  data: { object: Record<string, unknown> };
  previous_attributes: Record<string, unknown> | null;
  request: { id: string; idempotency_key: string | null };
}

async function keyFor(t: TestTenant, env: 'live' | 'test' = 'live') {
  return h.key(t, ['webhooks:read', 'webhooks:write', 'employees:read', 'employees:write', 'leave:read'], env);
}

/** POST /v1/webhook-endpoints: the endpoint and the secret it answers with. */
async function createEndpoint(
  t: TestTenant,
  target: string,
  eventTypes: string[] = ['*'],
  env: 'live' | 'test' = 'live',
): Promise<Endpoint> {
  const key = await keyFor(t, env);
  const res = await h.as(key, '/v1/webhook-endpoints', jsonInit('POST', { url: target, event_types: eventTypes }));
  const body = (await res.json()) as { data: { id: string }; secret: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { id: body.data.id, secret: body.secret, key };
}

/** PATCH /v1/employees/{id} as the tenant's first HR admin: one employee.updated event. */
function update(e: Endpoint, t: TestTenant, employee: Record<string, unknown>, fields: Record<string, unknown>) {
  return patchEmployee(h, e.key, employee.id as string, { actor_employee_id: t.hr_admin.id, ...fields });
}

async function deliveries(e: Endpoint): Promise<Delivery[]> {
  const res = await h.as(e.key, `/v1/webhook-endpoints/${e.id}/deliveries?limit=100`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Page<Delivery>).data;
}

/** Waits until the endpoint's attempts, in order, have these statuses. */
async function settled(e: Endpoint, statuses: Delivery['status'][], timeoutMs = 15_000): Promise<Delivery[]> {
  let rows: Delivery[] = [];
  await waitFor(
    async () => {
      rows = await deliveries(e);
      return JSON.stringify(rows.map((r) => r.status)) === JSON.stringify(statuses);
    },
    `attempts ${statuses.join(', ')} (have ${JSON.stringify(rows.map((r) => [r.attempt, r.status]))})`,
    timeoutMs,
    100,
  );
  return rows;
}

async function received(r: Receiver, n: number, timeoutMs = 15_000): Promise<Received[]> {
  await waitFor(() => r.received.length >= n, `${n} request(s) at ${r.url} (have ${r.received.length})`, timeoutMs);
  return r.received.slice(0, n);
}

async function eventById(key: string, id: string): Promise<EventRecord> {
  const res = await h.as(key, `/v1/events/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: EventRecord }).data;
}

/** Asserts a request is a Standard Webhooks delivery signed with `secret`, and returns its event. */
function verified(request: Received, secret: string): EventRecord {
  const event = new Webhook(secret).verify(request.body, request.headers) as EventRecord;
  expect(request.headers['webhook-id']).toBe(event.id);
  return event;
}

describe('a delivery', () => {
  test('verifies with standardwebhooks unchanged: headers, signature, and the body is the event record', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const e = await createEndpoint(t, r.url);
    const hired = await hire(h, e.key, t);
    const patched = await update(e, t, hired, { designation: 'Rear Admiral' });
    expect(patched.status).toBe(200);
    const [first, second] = await received(r, 2);
    const events = [verified(first as Received, e.secret), verified(second as Received, e.secret)];
    // Order is not guaranteed: the two events, whichever came first.
    const byType = Object.fromEntries(events.map((ev) => [ev.type, ev]));
    expect(Object.keys(byType).sort()).toEqual(['employee.created', 'employee.updated']);
    for (const [request, event] of [
      [first, events[0]],
      [second, events[1]],
    ] as [Received, EventRecord][]) {
      expect(await request.answered).toBe(true);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toMatch(/^Workforce-Webhooks\//);
      expect(Math.abs(Number(request.headers['webhook-timestamp']) * 1000 - request.at)).toBeLessThan(5000);
      expect(request.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      // Exactly the record GET /v1/events/{id} answers.
      expect(JSON.parse(request.body)).toEqual(await eventById(e.key, event.id));
      expect(Object.keys(JSON.parse(request.body)).sort()).toEqual(
        ['created_at', 'data', 'id', 'previous_attributes', 'request', 'type'].sort(),
      );
      // Another secret, a changed body or id: refused.
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(request.body, request.headers),
      ).toThrow(WebhookVerificationError);
      expect(() => new Webhook(e.secret).verify(`${request.body} `, request.headers)).toThrow(WebhookVerificationError);
    }
    expect(byType['employee.created']?.data.object.id).toBe(hired.id);
    expect(byType['employee.updated']?.previous_attributes).toEqual({ designation: null });
    expect(byType['employee.updated']?.data.object.designation).toBe('Rear Admiral');

    const rows = await settled(e, ['succeeded', 'succeeded']);
    for (const row of rows) {
      expect(row).toMatchObject({
        attempt: 1,
        status: 'succeeded',
        response_status: 200,
        error: null,
        next_attempt_at: null,
      });
      expect(row.duration_ms).toBeGreaterThanOrEqual(0);
      expect(row.duration_ms).toBeLessThan(TIMEOUT_MS);
    }
    expect(rows.map((row) => row.event_id).sort()).toEqual(events.map((ev) => ev.id).sort());
    // Nothing more arrives: one delivery per event.
    await sleep(500);
    expect(r.received).toHaveLength(2);
  });

  test('the test event: delivered to that endpoint only, signed like any other, the body its record', async () => {
    const t = await h.tenant();
    const [r, other] = [await receiver(), await receiver()];
    const e = await createEndpoint(t, r.url, ['leave_request.approved']);
    await createEndpoint(t, other.url, ['*']);
    const res = await h.as(e.key, `/v1/webhook-endpoints/${e.id}/test`, jsonInit('POST', {}));
    expect(res.status).toBe(202);
    const { event_id } = ((await res.json()) as { data: { event_id: string } }).data;
    const [request] = await received(r, 1);
    const event = verified(request as Received, e.secret);
    expect(event).toMatchObject({ id: event_id, type: 'webhook.test', previous_attributes: null });
    expect(event.data.object).toMatchObject({ id: e.id });
    expect(typeof event.request.id).toBe('string');
    expect(event.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [row] = await settled(e, ['succeeded']);
    expect(row).toMatchObject({ event_id, event_type: 'webhook.test', attempt: 1, response_status: 200 });
    await sleep(500);
    expect(other.received).toHaveLength(0);
  });

  test('an endpoint gets only the types it subscribed to', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const e = await createEndpoint(t, r.url, ['employee.updated']);
    const hired = await hire(h, e.key, t);
    expect((await update(e, t, hired, { department: 'Navy' })).status).toBe(200);
    const [request] = await received(r, 1);
    expect(verified(request as Received, e.secret).type).toBe('employee.updated');
    await settled(e, ['succeeded']);
    await sleep(400);
    expect(r.received).toHaveLength(1);
  });
});

describe('failures and retries', () => {
  test('fails twice, then succeeds: the same webhook-id three times, a second apart; attempts 1, 2 failed, 3 succeeded', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer((_, i) => [500, 503][i] ?? 204);
    const e = await createEndpoint(t, r.url, ['employee.created']);
    await hire(h, e.key, t);
    const requests = await received(r, 3);
    const ids = requests.map((q) => verified(q, e.secret).id);
    expect(new Set(ids).size).toBe(1);
    // Each attempt signed anew with its own timestamp, and sent after the schedule's delay (1 s).
    for (let i = 1; i < 3; i++) {
      expect((requests[i] as Received).at - (requests[i - 1] as Received).at).toBeGreaterThanOrEqual(900);
      expect(Number(requests[i]?.headers['webhook-timestamp'])).toBeGreaterThan(
        Number(requests[i - 1]?.headers['webhook-timestamp']),
      );
    }
    const rows = await settled(e, ['failed', 'failed', 'succeeded']);
    expect(rows.map((row) => [row.attempt, row.status, row.response_status, row.error])).toEqual([
      [1, 'failed', 500, 'the endpoint answered 500'],
      [2, 'failed', 503, 'the endpoint answered 503'],
      [3, 'succeeded', 204, null],
    ]);
    expect(new Set(rows.map((row) => row.event_id))).toEqual(new Set(ids));
    expect(rows.every((row) => row.event_type === 'employee.created' && row.next_attempt_at === null)).toBe(true);
    // The success cleared the failures in a row.
    const [endpoint] = await sql<{ consecutive_failures: number; enabled: boolean }>(
      h,
      'select consecutive_failures, enabled from webhook_endpoints where id = ?',
      [e.id],
    );
    expect(endpoint).toEqual({ consecutive_failures: 0, enabled: true });
    await sleep(1500);
    expect(r.received).toHaveLength(3);
  });

  test('a pending retry shows when it is due', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => 'hang');
    const e = await createEndpoint(t, r.url, ['employee.created']);
    await hire(h, e.key, t);
    const rows = await settled(e, ['failed', 'pending'], 10_000);
    const [failed, pending] = rows as [Delivery, Delivery];
    expect(pending.attempt).toBe(2);
    expect(pending.next_attempt_at).not.toBeNull();
    const due = Date.parse(pending.next_attempt_at as string) - Date.parse(pending.created_at);
    expect(due).toBeGreaterThanOrEqual(990);
    expect(due).toBeLessThanOrEqual(1010);
    expect(failed.next_attempt_at).toBeNull();
  });

  test('a redirect is not followed: failed with its 3xx, the target gets nothing', async () => {
    const t = await h.tenant();
    const [r, target] = [await receiver(), await receiver()];
    r.answer((_, i) => (i === 0 ? { status: 307, headers: { location: target.url } } : 200));
    const e = await createEndpoint(t, r.url, ['employee.created']);
    await hire(h, e.key, t);
    const rows = await settled(e, ['failed', 'succeeded']);
    expect(rows[0]).toMatchObject({
      attempt: 1,
      status: 'failed',
      response_status: 307,
      error: 'the endpoint answered 307: redirects are not followed',
    });
    expect(rows[1]).toMatchObject({ attempt: 2, status: 'succeeded', response_status: 200 });
    expect(r.received).toHaveLength(2);
    expect(target.received).toHaveLength(0);
  });

  test('no answer within the timeout: failed without a status, then retried', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer((_, i) => (i === 0 ? 'hang' : 200));
    const e = await createEndpoint(t, r.url, ['employee.created']);
    await hire(h, e.key, t);
    const rows = await settled(e, ['failed', 'succeeded']);
    expect(rows[0]).toMatchObject({
      attempt: 1,
      status: 'failed',
      response_status: null,
      error: `no answer within ${TIMEOUT_MS} ms`,
    });
    expect(rows[0]?.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(rows[0]?.duration_ms).toBeLessThan(TIMEOUT_MS + 1000);
    const [held, retried] = r.received as [Received, Received];
    expect(held.headers['webhook-id']).toBe(retried.headers['webhook-id']);
    // The dispatcher gave up on the held request: its connection is closed, the answer never sent.
    held.res.writeHead(200).end();
    expect(await held.answered).toBe(false);
  });

  test('a receiver that is down: connection refused, retried per the schedule', async () => {
    const t = await h.tenant();
    const e = await createEndpoint(t, `http://127.0.0.1:${await closedPort()}/hooks`, ['employee.created']);
    await hire(h, e.key, t);
    const rows = await settled(e, ['failed', 'pending']);
    expect(rows[0]).toMatchObject({ attempt: 1, status: 'failed', response_status: null, error: 'connection refused' });
    expect(rows[0]?.duration_ms).toBeLessThan(TIMEOUT_MS);
  });

  test('a large answer: at most 4 KiB of it is read, the status counts', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => ({ status: 200, body: 'x'.repeat(20_000_000) }));
    const e = await createEndpoint(t, r.url, ['employee.created']);
    await hire(h, e.key, t);
    const [row] = await settled(e, ['succeeded']);
    expect(row?.response_status).toBe(200);
    expect(row?.duration_ms).toBeLessThan(TIMEOUT_MS);
    // The dispatcher stopped reading and closed the connection before the receiver could write it all.
    expect(await (r.received[0] as Received).answered).toBe(false);
  });
});

describe('endpoints', () => {
  test(
    `after ${3} failures in a row: disabled with a reason, no more attempts nor new events; ` +
      'PATCH enabled: true turns it back on',
    async () => {
      const t = await h.tenant();
      const r = await receiver();
      r.answer(() => 500);
      const e = await createEndpoint(t, r.url, ['employee.created', 'employee.updated']);
      const hired = await hire(h, e.key, t);
      const rows = await settled(e, ['failed', 'failed', 'failed']);
      expect(rows.map((row) => [row.attempt, row.response_status])).toEqual([
        [1, 500],
        [2, 500],
        [3, 500],
      ]);
      const got = await h.as(e.key, `/v1/webhook-endpoints/${e.id}`);
      const endpoint = ((await got.json()) as { data: Record<string, unknown> }).data;
      expect(endpoint).toMatchObject({
        enabled: false,
        disabled_reason: 'disabled after 3 consecutive failed deliveries (the last: the endpoint answered 500)',
      });
      // No fourth attempt, although the schedule has one more.
      await sleep(1500);
      expect(await deliveries(e)).toHaveLength(3);
      expect(r.received).toHaveLength(3);

      // An event while it is disabled is never delivered to it, not even once it is on again.
      expect((await update(e, t, hired, { department: 'While off' })).status).toBe(200);
      r.answer(() => 200);
      const on = await h.as(e.key, `/v1/webhook-endpoints/${e.id}`, jsonInit('PATCH', { enabled: true }));
      expect(on.status).toBe(200);
      expect(((await on.json()) as { data: Record<string, unknown> }).data).toMatchObject({
        enabled: true,
        disabled_reason: null,
      });
      expect((await update(e, t, hired, { department: 'Back on' })).status).toBe(200);
      const after = await settled(e, ['failed', 'failed', 'failed', 'succeeded']);
      const [request] = (await received(r, 4)).slice(3);
      const event = verified(request as Received, e.secret);
      expect(event.data.object.department).toBe('Back on');
      expect(after[3]?.event_id).toBe(event.id);
      await sleep(500);
      expect(r.received).toHaveLength(4);
    },
  );

  test('an endpoint disabled by PATCH while a retry is pending: the retry fails, not sent, and nothing after it', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => 500);
    const e = await createEndpoint(t, r.url, ['employee.created']);
    await hire(h, e.key, t);
    await settled(e, ['failed', 'pending']);
    const off = await h.as(e.key, `/v1/webhook-endpoints/${e.id}`, jsonInit('PATCH', { enabled: false }));
    expect(off.status).toBe(200);
    const rows = await settled(e, ['failed', 'failed']);
    expect(rows[1]).toMatchObject({ attempt: 2, response_status: null, error: 'the endpoint is disabled' });
    expect(r.received).toHaveLength(1);
    await sleep(1500);
    expect(await deliveries(e)).toHaveLength(2);
  });

  test('secret rotation: during the grace both secrets verify; after it only the new one', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const e = await createEndpoint(t, r.url, ['employee.created']);
    const res = await h.as(e.key, `/v1/webhook-endpoints/${e.id}/rotate-secret`, jsonInit('POST', {}));
    expect(res.status).toBe(200);
    const rotated = ((await res.json()) as { secret: string }).secret;
    expect(rotated).not.toBe(e.secret);
    await hire(h, e.key, t);
    const [during] = (await received(r, 1)) as [Received];
    const signatures = during.headers['webhook-signature']?.split(' ') ?? [];
    expect(signatures).toHaveLength(2);
    expect(verified(during, e.secret)).toEqual(verified(during, rotated));
    // Each signature alone: the first is the new secret's, the second the old one's.
    const alone = (s: string) => ({ ...during.headers, 'webhook-signature': s });
    expect(() => new Webhook(rotated).verify(during.body, alone(signatures[0] as string))).not.toThrow();
    expect(() => new Webhook(e.secret).verify(during.body, alone(signatures[1] as string))).not.toThrow();

    // The grace is over (24 h, moved into the past here): one signature, the new secret's.
    await sql(h, `update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ?`, [
      e.id,
    ]);
    await hire(h, e.key, t);
    const [, after] = (await received(r, 2)) as [Received, Received];
    expect(after.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(verified(after, rotated).type).toBe('employee.created');
    expect(() => new Webhook(e.secret).verify(after.body, after.headers)).toThrow(WebhookVerificationError);
  });

  test('a deleted endpoint: its pending attempts go with it, nothing is sent', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => 500);
    const e = await createEndpoint(t, r.url, ['employee.created']);
    await hire(h, e.key, t);
    await settled(e, ['failed', 'pending']);
    const res = await h.as(e.key, `/v1/webhook-endpoints/${e.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    await sleep(1500);
    expect(r.received).toHaveLength(1);
    expect(await sql(h, 'select id from webhook_deliveries where endpoint_id = ?', [e.id])).toEqual([]);
  });
});

describe('what is delivered to whom', () => {
  test('a write that rolls back delivers nothing (a refused leave filing)', async () => {
    const org = await setupOrg(h);
    const r = await receiver();
    const e = await createEndpoint(org.t, r.url, ['leave_request.created']);
    const body = leaveBody(org, {});
    const filed = await postLeave(h, org.write, body);
    expect(filed.status).toBe(200);
    const refused = await postLeave(h, org.write, body);
    expect(refused.status).toBe(422);
    const [request] = await received(r, 1);
    const event = verified(request as Received, e.secret);
    expect(event.data.object.id).toBe(((await filed.json()) as { data: { id: string } }).data.id);
    await sleep(1000);
    expect(r.received).toHaveLength(1);
    const events = await sql<{ n: number }>(
      h,
      `select count(*)::int as n from events where tenant_id = ? and type = 'leave_request.created'`,
      [org.tenantId],
    );
    expect(events[0]?.n).toBe(1);
    expect(await deliveries(e)).toHaveLength(1);
  });

  test('never across tenants, nor between live and sandbox', async () => {
    const [a, b] = [await h.tenant(), await h.tenant()];
    const [aLive, aSandbox, bLive] = [await receiver(), await receiver(), await receiver()];
    const ea = await createEndpoint(a, aLive.url);
    const es = await createEndpoint(a, aSandbox.url, ['*'], 'test');
    const eb = await createEndpoint(b, bLive.url);
    const liveHire = await hire(h, ea.key, a);
    const sandboxRes = await postEmployee(h, es.key, hireBody(a, { actor_employee_id: a.sandbox_hr_admin.id }));
    expect(sandboxRes.status).toBe(200);
    const sandboxHire = ((await sandboxRes.json()) as { data: { id: string } }).data;
    const bHire = await hire(h, eb.key, b);

    const object = async (r: Receiver, e: Endpoint) =>
      verified(((await received(r, 1)) as [Received])[0], e.secret).data.object.id;
    expect(await object(aLive, ea)).toBe(liveHire.id);
    expect(await object(aSandbox, es)).toBe(sandboxHire.id);
    expect(await object(bLive, eb)).toBe(bHire.id);
    await sleep(800);
    expect([aLive.received.length, aSandbox.received.length, bLive.received.length]).toEqual([1, 1, 1]);
    // Another tenant's endpoint is 404, its deliveries too.
    expect((await h.as(ea.key, `/v1/webhook-endpoints/${eb.id}/deliveries`)).status).toBe(404);
    expect((await h.as(ea.key, `/v1/webhook-endpoints/${es.id}/deliveries`)).status).toBe(404);
  });
});
