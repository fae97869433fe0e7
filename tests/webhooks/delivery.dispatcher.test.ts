import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { WebhookDispatcher } from '../../routers/webhooks/webhook.dispatcher.js';
import { type Env, parseEnv } from '../../server/main/env.js';
import { sql, useFreshDatabase } from '../support/database.js';
import { hire } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { jsonInit } from '../support/http.js';
import { sleep, waitFor } from '../support/wait.js';
import { type Receiver, useReceivers } from '../support/webhooks.js';

/**
 * The webhook dispatcher's claim, lease and record (routers/webhooks/webhook.dispatcher.ts), driven pass by pass: the
 * test server dispatches nothing (OUTBOX_DISPATCH=false), the tests run dispatchers of their own
 * with runOnce() on its database, a fresh one so that no other file's attempts are due here.
 */

const { url } = useFreshDatabase('wfm_webhook_dispatch');
const h = useTestServer(() => ({
  DATABASE_URL: url,
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  RATE_LIMIT_POINTS: '100000',
}));
const receiver = useReceivers(h);

const settings = (over: Record<string, string> = {}): Env =>
  parseEnv({
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '60,60',
    WEBHOOK_TIMEOUT_MS: '3000',
    WEBHOOK_LEASE_S: '30',
    WEBHOOK_DISABLE_AFTER: '100',
    ...over,
  });

const dispatchers: WebhookDispatcher[] = [];
function dispatcher(over: Record<string, string> = {}): WebhookDispatcher {
  const d = new WebhookDispatcher(h.orm, settings(over), pino({ level: 'silent' }));
  dispatchers.push(d);
  return d;
}
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
  // Nothing due is left for the next test's dispatchers.
  await sql(h, `update webhook_deliveries set status = 'failed' where status = 'pending'`);
});

interface Row {
  attempt: number;
  status: string;
  response_status: number | null;
  error: string | null;
  locked: boolean;
  due_in_s: number | null;
}

async function rows(endpointId: string): Promise<Row[]> {
  return sql<Row>(
    h,
    `select attempt, status, response_status, error, locked_until is not null as locked,
            round(extract(epoch from next_attempt_at - now()))::int as due_in_s
       from webhook_deliveries where endpoint_id = ? order by attempt`,
    [endpointId],
  );
}

async function endpoint(t: TestTenant, target: string): Promise<{ id: string; key: string }> {
  const key = await h.key(t, [
    // A subscription to every type needs every read scope (decisions §18).
    'webhooks:write',
    'employees:write',
    'employees:read',
    'leave:read',
    'webhooks:read',
  ]);
  const res = await h.as(key, '/v1/webhook-endpoints', jsonInit('POST', { url: target, event_types: ['*'] }));
  const body = (await res.json()) as { data: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { id: body.data.id, key };
}

/** A tenant, an endpoint at `r`, and one event (a hire) queued for it. */
async function queued(r: Receiver | string) {
  const t = await h.tenant();
  const e = await endpoint(t, typeof r === 'string' ? r : r.url);
  await hire(h, e.key, t);
  expect(await rows(e.id)).toMatchObject([{ attempt: 1, status: 'pending', locked: false }]);
  return e;
}

describe('the URL is checked again at every delivery', () => {
  test('a URL now refused (here: private addresses no longer allowed): failed with the reason, not sent, retried', async () => {
    const r = await receiver();
    const e = await queued(`https://localhost:${r.port}/hooks`);
    expect(await dispatcher({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' }).runOnce()).toBe(1);
    expect(await rows(e.id)).toEqual([
      {
        attempt: 1,
        status: 'failed',
        response_status: null,
        error: 'the URL is refused: must not point at a loopback host',
        locked: false,
        due_in_s: null,
      },
      { attempt: 2, status: 'pending', response_status: null, error: null, locked: false, due_in_s: 60 },
    ]);
    expect(r.received).toHaveLength(0);
    const [count] = await sql<{ consecutive_failures: number }>(
      h,
      'select consecutive_failures from webhook_endpoints where id = ?',
      [e.id],
    );
    expect(count?.consecutive_failures).toBe(1);
  });
});

describe('claims and leases', () => {
  test('a claimed attempt is leased: another dispatcher does not take it while it is being sent', async () => {
    const r = await receiver();
    r.answer(() => 'hang');
    const e = await queued(r);
    const first = dispatcher();
    const pass = first.runOnce();
    await waitFor(() => r.received.length === 1, 'the first request');
    const [lease] = await sql<{ s: number }>(
      h,
      'select extract(epoch from locked_until - now())::float8 as s from webhook_deliveries where endpoint_id = ?',
      [e.id],
    );
    expect(lease?.s).toBeGreaterThan(25);
    expect(lease?.s).toBeLessThanOrEqual(30);
    expect(await dispatcher().runOnce()).toBe(0);
    await sleep(200);
    expect(r.received).toHaveLength(1);
    // Answered late (after the 3 s timeout): the first records its failure.
    expect(await pass).toBe(1);
    expect((await rows(e.id)).map((row) => [row.attempt, row.status, row.error])).toEqual([
      [1, 'failed', 'no answer within 3000 ms'],
      [2, 'pending', null],
    ]);
  });

  test('a lost lease: the outcome is not recorded over the next claim, and no retry is added', async () => {
    const r = await receiver();
    r.answer(() => 'hang');
    const e = await queued(r);
    const pass = dispatcher().runOnce();
    await waitFor(() => r.received.length === 1, 'the first request');
    // Another node claimed it after the lease ran out (as if this one had stalled past it).
    await sql(h, `update webhook_deliveries set locked_until = now() + interval '1 hour' where endpoint_id = ?`, [
      e.id,
    ]);
    r.received[0]?.res.writeHead(200).end();
    expect(await pass).toBe(0);
    expect(await rows(e.id)).toMatchObject([{ attempt: 1, status: 'pending', response_status: null, locked: true }]);
  });

  test('a lease that ran out (its node died mid-send): any dispatcher sends the same attempt again', async () => {
    const r = await receiver();
    const e = await queued(r);
    // As a node that claimed it and died would leave it: pending, leased, the lease over.
    await sql(h, `update webhook_deliveries set locked_until = now() - interval '1 second' where endpoint_id = ?`, [
      e.id,
    ]);
    expect(await dispatcher().runOnce()).toBe(1);
    expect(await rows(e.id)).toMatchObject([{ attempt: 1, status: 'succeeded', response_status: 200, locked: false }]);
    expect(r.received).toHaveLength(1);
  });

  test('an attempt not yet due, or leased, is not claimed', async () => {
    const r = await receiver();
    const e = await queued(r);
    await sql(h, `update webhook_deliveries set next_attempt_at = now() + interval '1 minute' where endpoint_id = ?`, [
      e.id,
    ]);
    expect(await dispatcher().runOnce()).toBe(0);
    await sql(
      h,
      `update webhook_deliveries set next_attempt_at = now(), locked_until = now() + interval '1 minute' where endpoint_id = ?`,
      [e.id],
    );
    expect(await dispatcher().runOnce()).toBe(0);
    expect(r.received).toHaveLength(0);
  });

  test('stopping mid-send gives the attempt back untried: pending, unleased, not counted', async () => {
    const r = await receiver();
    r.answer(() => 'hang');
    const e = await queued(r);
    const d = dispatcher();
    d.start();
    await waitFor(() => r.received.length === 1, 'the first request');
    const started = performance.now();
    await d.stop();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await rows(e.id)).toMatchObject([
      { attempt: 1, status: 'pending', response_status: null, error: null, locked: false },
    ]);
    const [count] = await sql<{ consecutive_failures: number }>(
      h,
      'select consecutive_failures from webhook_endpoints where id = ?',
      [e.id],
    );
    expect(count?.consecutive_failures).toBe(0);
    // Due at once for the next dispatcher.
    r.answer(() => 200);
    expect(await dispatcher().runOnce()).toBe(1);
    expect(await rows(e.id)).toMatchObject([{ attempt: 1, status: 'succeeded' }]);
  });

  test('the last attempt of the schedule: failed, and no further one', async () => {
    const r = await receiver();
    r.answer(() => 410);
    const e = await queued(r);
    const d = dispatcher({ WEBHOOK_RETRY_SCHEDULE: '0,0' });
    for (let i = 0; i < 3; i++) await d.runOnce();
    expect(await d.runOnce()).toBe(0);
    expect((await rows(e.id)).map((row) => [row.attempt, row.status, row.response_status])).toEqual([
      [1, 'failed', 410],
      [2, 'failed', 410],
      [3, 'failed', 410],
    ]);
    expect(r.received).toHaveLength(3);
  });

  test('a batch larger than one claim: every due attempt of the pass is sent, once', async () => {
    const r = await receiver();
    const t = await h.tenant();
    const e = await endpoint(t, r.url);
    for (let i = 0; i < 25; i++) await hire(h, e.key, t);
    expect(await dispatcher().runOnce()).toBe(25);
    const ids = r.received.map((q) => q.headers['webhook-id']);
    expect(new Set(ids).size).toBe(25);
    expect((await rows(e.id)).every((row) => row.status === 'succeeded')).toBe(true);
  });
});
