import { describe, expect, inject, test } from 'vitest';
import { parseEnv } from '../../server/main/env.js';
import { sql, useFreshDatabase } from '../support/database.js';
import { hire } from '../support/employees.js';
import { type TestServer, type TestTenant, useTestServer } from '../support/harness.js';
import { jsonInit } from '../support/http.js';
import { nodeWfm } from '../support/processes.js';
import { sleep, waitFor } from '../support/wait.js';
import { type Receiver, useHeldReceivers, useReceivers } from '../support/webhooks.js';
import { type Subscriber, subscribeToHires } from './helpers.js';

/**
 * A tenant's share of a node's sending slots (decisions §21): a tenant's endpoints together hold at
 * most WEBHOOK_TENANT_CONCURRENCY attempts in flight per node, so one tenant's hanging receivers
 * cannot take every slot (16 endpoints × 4 = 64 = the node's slots) and make other tenants wait out
 * their timeouts. Through each server's own dispatcher, on a database of its own per describe.
 */

const serverEnv = (url: string, over: Record<string, string> = {}) => ({
  DATABASE_URL: url,
  OUTBOX_DISPATCH: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  // Long enough that a slot held by a hanging receiver is not freed during a test.
  WEBHOOK_TIMEOUT_MS: '8000',
  WEBHOOK_LEASE_S: '30',
  WEBHOOK_RETRY_SCHEDULE: '60',
  RATE_LIMIT_POINTS: '100000',
  ...over,
});

/** A tenant with `count` endpoints subscribed to its hires, each at a receiver of its own that never answers. */
async function hangingTenant(
  h: TestServer,
  receiver: () => Promise<Receiver>,
  count: number,
): Promise<{ t: TestTenant; key: string; ids: string[]; receivers: Receiver[] }> {
  const t = await h.tenant();
  const key = await h.key(t, ['webhooks:write', 'webhooks:read', 'employees:read', 'employees:write']);
  const ids: string[] = [];
  const receivers: Receiver[] = [];
  for (let i = 0; i < count; i++) {
    const r = await receiver();
    r.answer(() => 'hang');
    const res = await h.as(
      key,
      '/v1/webhook-endpoints',
      jsonInit('POST', { url: r.url, event_types: ['employee.created'] }),
    );
    const body = (await res.json()) as { data: { id: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    ids.push(body.data.id);
    receivers.push(r);
  }
  return { t, key, ids, receivers };
}

/** `more` attempts more of each endpoint's first event, all due already: a backlog behind the hanging ones. */
async function backlog(h: TestServer, ids: string[], more: number): Promise<void> {
  await sql(
    h,
    `insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at)
     select d.tenant_id, d.endpoint_id, d.event_id, d.event_type, g + 1, 'pending', now() - interval '1 minute'
       from webhook_deliveries d, generate_series(1, ?) g
      where d.endpoint_id = any (?::uuid[]) and d.attempt = 1`,
    [more, `{${ids.join(',')}}`],
  );
}

const openRequests = (receivers: Receiver[]) =>
  receivers.reduce((n, r) => n + r.received.filter((q) => !q.res.writableEnded).length, 0);

/** Milliseconds from the start of a hire (before its commit) to the arrival of its delivery at `r`. */
async function hireAndTime(h: TestServer, e: Subscriber, r: Receiver): Promise<number> {
  const before = r.received.length;
  const started = Date.now();
  await hire(h, e.key, e.t);
  await waitFor(() => r.received.length > before, 'the delivery of the hire', 15_000, 2);
  return (r.received[before]?.at as number) - started;
}

describe('the default share (16): one tenant’s 16 hanging endpoints leave the other slots to other tenants', () => {
  const { url } = useFreshDatabase('wfm_webhook_tenant_share');
  const h = useTestServer(() => serverEnv(url));
  const receiver = useReceivers(h);
  const held = useHeldReceivers(h);

  test('16 endpoints that never answer, 20 attempts due each: another tenant’s delivery arrives within 2.5 s, every sample', async () => {
    const a = await hangingTenant(h, () => receiver(), 16);
    held.push(...a.receivers);
    // One hire: an attempt for each of the 16 endpoints, sent at the commit and held open.
    await hire(h, a.key, a.t);
    await waitFor(() => openRequests(a.receivers) >= 16, 'the 16 first attempts, hanging', 5000, 5);
    await backlog(h, a.ids, 20);
    // A hire wakes the node (it claims as much as it may at once); then a poll more, to be sure.
    await hire(h, a.key, a.t);
    await sleep(1500);

    const healthy = await receiver();
    const b = await subscribeToHires(h, healthy);
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) delays.push(await hireAndTime(h, b, healthy));
    // Before the share, the node's 64 slots were all A's: B waited for a hanging attempt's timeout.
    expect(
      delays.filter((d) => d >= 2500),
      `delays ${delays.join(', ')} ms`,
    ).toEqual([]);
    // A holds its share of this node, no more (its 336 other due attempts wait), and no slot is lost.
    expect(openRequests(a.receivers)).toBe(16);
    const [leased] = await sql<{ n: number }>(
      h,
      `select count(*)::int as n from webhook_deliveries where tenant_id = ? and status = 'pending' and locked_until >= now()`,
      [a.t.tenant.id],
    );
    expect(leased?.n).toBe(16);
  }, 120_000);
});

describe('WEBHOOK_TENANT_CONCURRENCY=5: a claim takes for a tenant only the room it has left', () => {
  const { url } = useFreshDatabase('wfm_webhook_tenant_share_five');
  const h = useTestServer(() => serverEnv(url, { WEBHOOK_TENANT_CONCURRENCY: '5' }));
  const receiver = useReceivers(h);
  const held = useHeldReceivers(h);

  test('3 hanging endpoints with 4 attempts due each (12 the endpoint limit allows): 5 in flight, then 5 still; another tenant served', async () => {
    const a = await hangingTenant(h, () => receiver(), 3);
    held.push(...a.receivers);
    await hire(h, a.key, a.t);
    await waitFor(() => openRequests(a.receivers) >= 3, 'the first attempts, hanging', 5000, 5);
    await backlog(h, a.ids, 3);
    await hire(h, a.key, a.t);
    await sleep(1500);
    expect(openRequests(a.receivers)).toBe(5);
    // Spread over its endpoints: round-robin, every endpoint's first before any endpoint's second.
    for (const r of a.receivers) expect(r.received.length).toBeGreaterThanOrEqual(1);

    const healthy = await receiver();
    const b = await subscribeToHires(h, healthy);
    const delay = await hireAndTime(h, b, healthy);
    expect(delay).toBeLessThan(2500);
    // B's delivery took a slot of its own: A still 5.
    await sleep(500);
    expect(openRequests(a.receivers)).toBe(5);
  }, 60_000);
});

describe('WEBHOOK_TENANT_CONCURRENCY, parsed at start', () => {
  test('default 16; a positive whole number; anything else is refused, naming the setting', () => {
    expect(parseEnv({}).WEBHOOK_TENANT_CONCURRENCY).toBe(16);
    expect(parseEnv({ WEBHOOK_TENANT_CONCURRENCY: '3' }).WEBHOOK_TENANT_CONCURRENCY).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => parseEnv({ WEBHOOK_TENANT_CONCURRENCY: bad })).toThrow(/WEBHOOK_TENANT_CONCURRENCY/);
    }
  });

  test('a bad value stops the process, naming the setting', async () => {
    // `migrate` ends on its own either way (the run's database is migrated already).
    const result = await nodeWfm(['migrate', '--json'], {
      DATABASE_URL: inject('databaseUrl'),
      WEBHOOK_TENANT_CONCURRENCY: '0',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/WEBHOOK_TENANT_CONCURRENCY:/);
  });
});
