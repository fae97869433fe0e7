import { describe, expect, test } from 'vitest';
import { sql, useFreshDatabase } from '../support/database.js';
import { hire } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { waitFor } from '../support/wait.js';
import { type Receiver, useHeldReceivers, useReceivers } from '../support/webhooks.js';
import { type Subscriber, subscribeToHires } from './helpers.js';

/**
 * Isolation and latency of webhook delivery (decisions §18) through the test server's own
 * dispatcher, which polls only once a minute here: what arrives at once was sent because its write
 * committed, or because a slot freed. A receiver that never answers holds its own endpoint's slots
 * and nothing else; first attempts start at the commit. On a database of its own.
 */

const TIMEOUT_MS = 4000;
const { url } = useFreshDatabase('wfm_webhook_isolation');
const h = useTestServer(() => ({
  DATABASE_URL: url,
  OUTBOX_DISPATCH: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_INTERVAL_MS: '60000',
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  WEBHOOK_LEASE_S: '10',
  // One retry, due at once: sent when the failed attempt's slot frees, not at a poll.
  WEBHOOK_RETRY_SCHEDULE: '0',
  RATE_LIMIT_POINTS: '100000',
}));
const receiver = useReceivers(h);

const held = useHeldReceivers(h);

const endpoint = (r: Receiver) => subscribeToHires(h, r);

/** Milliseconds from the start of a hire (before its commit) to the arrival of its delivery at `r`. */
async function hireAndTime(e: Subscriber, r: Receiver): Promise<number> {
  const before = r.received.length;
  const started = Date.now();
  const employee = (await hire(h, e.key, e.t)) as { id: string };
  await waitFor(() => r.received.length > before, 'the delivery of the hire', 5000, 2);
  const arrived = r.received[before];
  expect((JSON.parse(arrived?.body ?? '{}') as { data: { object: { id: string } } }).data.object.id).toBe(employee.id);
  return (arrived?.at as number) - started;
}

const open = (r: Receiver) => r.received.filter((q) => !q.res.writableEnded).length;

/**
 * From a hire's start to its delivery's arrival: usually a few hundred milliseconds, the poll a
 * minute away. Not tighter: on a loaded 2-core machine a hire alone has taken a second.
 */
const PROMPT_MS = 3000;

describe('first attempts start at the commit, not at the next poll', () => {
  test('with WEBHOOK_INTERVAL_MS at a minute, each hire reaches the receiver within seconds', async () => {
    const r = await receiver();
    const e = await endpoint(r);
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) delays.push(await hireAndTime(e, r));
    for (const delay of delays) expect(delay).toBeLessThan(PROMPT_MS);
    expect(r.received).toHaveLength(5);
  });

  test('a retry due at once is sent when its failed attempt ends; every attempt id is a UUID v7', async () => {
    const r = await receiver();
    r.answer((_, i) => (i === 0 ? 503 : 200));
    const e = await endpoint(r);
    await hire(h, e.key, e.t);
    await waitFor(() => r.received.length === 2, 'the attempt and its retry', 3000, 5);
    expect(r.received[1]?.headers['webhook-id']).toBe(r.received[0]?.headers['webhook-id']);
    let page: Page<{ id: string; attempt: number; status: string }> | undefined;
    await waitFor(
      async () => {
        const res = await h.as(e.key, `/v1/webhook-endpoints/${e.id}/deliveries`);
        expect(res.status).toBe(200);
        page = (await res.json()) as typeof page;
        return page?.data.some((d) => d.status === 'succeeded') ?? false;
      },
      'the retry recorded',
      3000,
    );
    const attempts = page?.data ?? [];
    expect(attempts.map((d) => [d.attempt, d.status]).sort()).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    for (const d of attempts)
      expect(d.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // An attempt inserted without an id (as a script would) gets a UUID v7 too.
    const [row] = await sql<{ id: string }>(
      h,
      `insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at)
       select tenant_id, endpoint_id, event_id, event_type, 3, 'failed', null from webhook_deliveries
        where endpoint_id = ? and attempt = 1 returning id::text`,
      [e.id],
    );
    expect(row?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });
});

describe('a receiver that never answers holds no other endpoint back', () => {
  test('60 hanging deliveries queued ahead on one tenant: another tenant’s delivery arrives as fast as without them', async () => {
    const healthy = await receiver();
    const b = await endpoint(healthy);
    const baseline = await hireAndTime(b, healthy);

    const hanging = await receiver();
    held.push(hanging);
    hanging.answer(() => 'hang');
    const a = await endpoint(hanging);
    await hire(h, a.key, a.t);
    await waitFor(() => hanging.received.length === 1, 'the first hanging request', 3000, 5);
    // 60 more queued behind it, all due before the healthy endpoint's next event; a hire wakes the node.
    await sql(
      h,
      `insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at)
       select d.tenant_id, d.endpoint_id, d.event_id, d.event_type, g + 1, 'pending', now() - interval '1 minute'
         from webhook_deliveries d, generate_series(1, 60) g where d.endpoint_id = ?`,
      [a.id],
    );
    await hire(h, a.key, a.t);
    await waitFor(() => open(hanging) === 4, 'four hanging requests (the endpoint limit)', 3000, 5);

    const delay = await hireAndTime(b, healthy);
    // Still hanging while the healthy one was delivered, and still only 4 of them.
    expect(open(hanging)).toBe(4);
    expect(hanging.received).toHaveLength(4);
    expect(delay).toBeLessThan(PROMPT_MS);
    expect(delay).toBeLessThan(baseline + 1000);
    const [queued] = await sql<{ n: number }>(
      h,
      `select count(*)::int as n from webhook_deliveries where endpoint_id = ? and status = 'pending'`,
      [a.id],
    );
    expect(queued?.n).toBeGreaterThanOrEqual(60);
  });
});
