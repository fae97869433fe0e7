import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import type { Orm } from '../../db/orm.js';
import { WebhookDispatcher } from '../../routers/webhooks/webhook.dispatcher.js';
import { type Env, parseEnv } from '../../server/main/env.js';
import { openTestOrm, sql, useFreshDatabase } from '../support/database.js';
import { hire } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';
import { waitFor } from '../support/wait.js';
import { type Receiver, useReceivers } from '../support/webhooks.js';
import { subscribeToHires } from './helpers.js';

/**
 * Fair claiming and the per-endpoint limit (decisions §18), with dispatchers of the test's own on a
 * database of the file's own (the server dispatches nothing): a deep backlog for one endpoint does
 * not hold back another's attempts, and two dispatchers, each on a pool of its own as two nodes
 * are, never have more than WEBHOOK_ENDPOINT_CONCURRENCY attempts of one endpoint in flight together.
 */

const { url } = useFreshDatabase('wfm_webhook_fairness');
const h = useTestServer(() => ({
  DATABASE_URL: url,
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  RATE_LIMIT_POINTS: '100000',
}));
const receiver = useReceivers(h);

const settings = (over: Record<string, string> = {}): Env =>
  parseEnv({
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '60',
    WEBHOOK_TIMEOUT_MS: '5000',
    WEBHOOK_LEASE_S: '30',
    WEBHOOK_INTERVAL_MS: '100',
    ...over,
  });

const dispatchers: WebhookDispatcher[] = [];
const orms: Orm[] = [];
/** A started dispatcher; `orm`: the node's own (a pool of its own), else the test server's. */
function dispatcher(orm: Orm = h.orm, over: Record<string, string> = {}): WebhookDispatcher {
  const d = new WebhookDispatcher(orm, settings(over), pino({ level: 'silent' }));
  dispatchers.push(d);
  d.start();
  return d;
}
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
  await Promise.all(orms.splice(0).map((o) => o.close()));
  // Nothing due is left for the next test's dispatchers.
  await sql(h, `update webhook_deliveries set status = 'failed', locked_until = null where status = 'pending'`);
});

const endpoint = (r: Receiver) => subscribeToHires(h, r);

/**
 * `count` more events like the endpoint's first (a real hire's), each with a pending attempt due
 * `dueSecondsAgo` seconds ago: a backlog made in SQL, as a receiver down for a while leaves one.
 */
async function backlog(e: { id: string }, count: number, dueSecondsAgo: number): Promise<void> {
  await sql(
    h,
    `with model as (select e.* from events e join webhook_deliveries d on d.event_id = e.id
                     where d.endpoint_id = ? order by e.created_at limit 1),
          copies as (
            insert into events (id, tenant_id, type, data, previous_attributes, request_id, idempotency_key, created_at)
            select wf_uuidv7(), m.tenant_id, m.type, m.data, m.previous_attributes, m.request_id, null, m.created_at
              from model m, generate_series(1, ?) g
            returning id, tenant_id, type)
     insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at)
     select c.tenant_id, ?, c.id, c.type, 1, 'pending', now() - make_interval(secs => ?) from copies c`,
    [e.id, count, e.id, dueSecondsAgo],
  );
}

/** Holds each request `ms` before answering 200; counts the requests open at once. */
function slow(r: Receiver, ms: number): { max: () => number; open: () => number } {
  let open = 0;
  let max = 0;
  r.answer((request) => {
    open++;
    max = Math.max(max, open);
    setTimeout(() => {
      open--;
      request.res.writeHead(200).end();
    }, ms);
    return 'hang';
  });
  return { max: () => max, open: () => open };
}

describe('fair claiming across endpoints', () => {
  test('10,000 deliveries due for one endpoint, then 10 for another: the 10 are sent within seconds', async () => {
    const deep = await receiver();
    const other = await receiver();
    const a = await endpoint(deep);
    const b = await endpoint(other);
    // One real event each (a hire, due now), then the backlogs: A's 10,000 all due before B's 10.
    await hire(h, a.key, a.t);
    await hire(h, b.key, b.t);
    await sql(h, `update webhook_deliveries set next_attempt_at = now() - interval '1 hour' where endpoint_id = ?`, [
      a.id,
    ]);
    await backlog(a, 9_999, 3000);
    await backlog(b, 9, 1);
    slow(deep, 50);
    const started = Date.now();
    dispatcher();
    await waitFor(() => other.received.length === 10, "the other endpoint's 10 deliveries", 10_000, 10);
    const took = Date.now() - started;
    expect(took).toBeLessThan(3000);
    // A's backlog goes on, at most 4 at a time: nowhere near done.
    expect(deep.received.length).toBeLessThan(1000);
    expect(new Set(other.received.map((q) => q.headers['webhook-id'])).size).toBe(10);
  });

  // Also: a wake-up while every slot is busy (this hire's) must not stop the node claiming when one frees.
  test('every slot of the node busy with a backlog: a slot that frees goes first to an endpoint with none in flight', async () => {
    const deep = await receiver();
    const other = await receiver();
    const a = await endpoint(deep);
    const b = await endpoint(other);
    await hire(h, a.key, a.t);
    await backlog(a, 199, 60);
    slow(deep, 200);
    dispatcher(h.orm, { WEBHOOK_CONCURRENCY: '4' });
    await waitFor(() => deep.received.length === 4, "the node's 4 slots busy", 3000, 5);
    // Due after all of A's 200, while A holds every slot of the node.
    const started = Date.now();
    await hire(h, b.key, b.t);
    await waitFor(() => other.received.length === 1, "the other endpoint's delivery", 10_000, 5);
    // The first slot to free (A's attempts take 200 ms) is B's, not A's next: oldest-first would take 10 s.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(deep.received.length).toBeLessThan(20);
  });
});

describe('at most WEBHOOK_ENDPOINT_CONCURRENCY attempts in flight per endpoint, across nodes', () => {
  test('two dispatchers on one database, a slow receiver: never more than 4 requests at once, each sent once', async () => {
    const r = await receiver();
    const e = await endpoint(r);
    await hire(h, e.key, e.t);
    await backlog(e, 39, 1);
    const load = slow(r, 150);
    for (let i = 0; i < 2; i++) {
      const orm = await openTestOrm(url);
      orms.push(orm);
      dispatcher(orm, { WEBHOOK_CONCURRENCY: '32' });
    }
    await waitFor(() => r.received.length === 40 && load.open() === 0, 'all 40 deliveries', 20_000, 20);
    expect(load.max()).toBe(4);
    const ids = r.received.map((q) => q.headers['webhook-id']);
    expect(new Set(ids).size).toBe(40);
    await waitFor(
      async () => {
        const [row] = await sql<{ n: number }>(
          h,
          `select count(*)::int as n from webhook_deliveries where endpoint_id = ? and status = 'succeeded'`,
          [e.id],
        );
        return row?.n === 40;
      },
      'the 40 outcomes recorded',
      5000,
    );
  });

  test('WEBHOOK_ENDPOINT_CONCURRENCY=2: two at once; another endpoint meanwhile gets its own slots', async () => {
    const r = await receiver();
    const s = await receiver();
    const e = await endpoint(r);
    const f = await endpoint(s);
    await hire(h, e.key, e.t);
    await hire(h, f.key, f.t);
    await backlog(e, 9, 1);
    await backlog(f, 9, 1);
    const first = slow(r, 100);
    const second = slow(s, 100);
    for (let i = 0; i < 2; i++) {
      const orm = await openTestOrm(url);
      orms.push(orm);
      dispatcher(orm, { WEBHOOK_ENDPOINT_CONCURRENCY: '2' });
    }
    await waitFor(() => r.received.length === 10 && s.received.length === 10, 'both endpoints served', 20_000, 20);
    expect(first.max()).toBe(2);
    expect(second.max()).toBe(2);
  });
});
