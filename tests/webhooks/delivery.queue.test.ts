import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { sql as sqlOf, statement } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import { runStatement } from '../../db/statements.js';
import { queueEndpoints } from '../../routers/events/events.writes.js';
import { claimDue } from '../../routers/webhooks/webhook.dispatcher.js';
import { type Env, parseEnv } from '../../server/main/env.js';
import { sql, useFreshDatabase } from '../support/database.js';
import { hire } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';
import { sleep, waitFor } from '../support/wait.js';
import { subscribeToHires } from './helpers.js';

/**
 * The endpoints' queue (decisions §18, webhook_endpoint_queue): the claim reads an endpoint only
 * while its row says it is due, so the row must never say later than its attempts. Claims of the
 * test's own, run as the dispatcher runs them (routers/webhooks/webhook.dispatcher.ts claimDue), on
 * a database of the file's own; the server dispatches nothing and nothing is sent.
 */

const { url } = useFreshDatabase('wfm_webhook_queue');
const h = useTestServer(() => ({ DATABASE_URL: url, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', RATE_LIMIT_POINTS: '100000' }));

const LEASE_S = 2;
const settings = parseEnv({ WEBHOOK_LEASE_S: String(LEASE_S), WEBHOOK_TIMEOUT_MS: '1000' });
/** Never sent: no dispatcher runs. */
const RECEIVER = { url: 'http://127.0.0.1:9/hook' };

// Nothing left for the next test's claims.
afterEach(() =>
  sql(h, `update webhook_deliveries set status = 'failed', locked_until = null where status = 'pending'`),
);

/** A claim, committed; `between` runs after its statement, while its transaction holds the rows it locked. */
async function claim(between?: () => Promise<void>, over: Env = settings, free = settings.WEBHOOK_CONCURRENCY) {
  return h.orm.em.fork().transactional(async (tx: EntityManager) => {
    const claimed = await claimDue((text, values) => runStatement(tx, text, values), over, new Map(), free);
    await between?.();
    return claimed;
  });
}

/** The endpoint's queue row: its time (Unix ms; null: nothing pending) and whether it is due now. */
async function queued(endpointId: string): Promise<{ at: number | null; due: boolean }> {
  const [row] = await sql<{ at: number | null; due: boolean }>(
    h,
    `select (extract(epoch from due_at) * 1000)::float8 as at, coalesce(due_at <= now(), false) as due
       from webhook_endpoint_queue where endpoint_id = ?`,
    [endpointId],
  );
  if (!row) throw new Error(`no queue row for endpoint ${endpointId}`);
  return row;
}

test('a write queueing an attempt while a claim holds the endpoint’s row waits for it, and the next claim takes the attempt', async () => {
  const e = await subscribeToHires(h, RECEIVER);
  await hire(h, e.key, e.t);
  let second: Promise<unknown> | undefined;
  const first = await claim(async () => {
    // The hire's statement queues its attempt and then waits for the queue row the claim holds.
    second = hire(h, e.key, e.t);
    await waitFor(
      async () => {
        const [row] = await sql<{ n: number }>(
          h,
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return (row?.n ?? 0) > 0;
      },
      'the hire waiting for the queue row',
      2000,
      5,
    );
  });
  // The claim saw the first hire's attempt only, and set the row to its lease's end; the second
  // hire, once the claim committed, brought it forward again.
  expect(first).toHaveLength(1);
  await second;
  expect(await queued(e.id)).toMatchObject({ due: true });
  const next = await claim();
  expect(next).toHaveLength(1);
  expect(next[0]?.event_id).not.toBe(first[0]?.event_id);
  // Both leased now: due again when the first lease runs out.
  expect((await queued(e.id)).at).toBe(Date.parse(first[0]?.locked_until as string));
});

test('a claimed endpoint is due again when its lease runs out, and not at all once nothing is pending', async () => {
  const e = await subscribeToHires(h, RECEIVER);
  await hire(h, e.key, e.t);
  const [leased] = await claim();
  expect(leased).toBeDefined();
  // Due at the lease's end, and not before: the next claim does not read it.
  expect((await queued(e.id)).at).toBe(Date.parse(leased?.locked_until as string));
  expect(await claim()).toEqual([]);
  await sleep(LEASE_S * 1000 + 100);
  // Its dispatcher died mid-send: the same attempt, claimed again.
  const [again] = await claim();
  expect(again?.id).toBe(leased?.id);
  // Recorded as the dispatcher records an outcome (nothing else pending): once that lease's end has
  // passed, the claim that reads the row finds nothing to claim and sets it idle.
  await sql(
    h,
    `update webhook_deliveries set status = 'succeeded', locked_until = null, next_attempt_at = null where id = ?`,
    [again?.id],
  );
  expect(await queued(e.id)).toMatchObject({ due: false });
  await sleep(LEASE_S * 1000 + 100);
  expect(await queued(e.id)).toMatchObject({ due: true });
  expect(await claim()).toEqual([]);
  expect(await queued(e.id)).toEqual({ at: null, due: false });
});

describe('a row that changed after the claim read it is passed over', () => {
  /** Endpoints due with nothing to claim, before the endpoint in the claim's order: it locks each first. */
  const AHEAD = 5000;
  /** A share no test reaches: every row of the one tenant may be claimed. */
  const wide = parseEnv({
    WEBHOOK_LEASE_S: String(LEASE_S),
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_TENANT_CONCURRENCY: '100000',
  });

  /**
   * A claim for the subscriber's endpoint whose statement reads its row before `meanwhile` (SQL on a
   * connection of its own, in a transaction held open) commits, and locks it after: the rows ahead
   * take it that long. Returns the endpoint's id.
   */
  async function claimAcross(meanwhile: (endpointId: string) => string, attempts: number): Promise<string> {
    const e = await subscribeToHires(h, RECEIVER);
    for (let i = 0; i < attempts; i++) await hire(h, e.key, e.t);
    await sql(
      h,
      `with ahead as (
         insert into webhook_endpoints (id, tenant_id, url, event_types, secret)
         select gen_random_uuid(), ?, ?, '{employee.deleted}', 'not opened' from generate_series(1, ?)
         returning tenant_id, id)
       insert into webhook_endpoint_queue (tenant_id, endpoint_id, due_at)
       select tenant_id, id, now() - interval '1 hour' from ahead`,
      [e.t.tenant.id, RECEIVER.url, AHEAD],
    );
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(meanwhile(e.id));
      const claiming = claim(undefined, wide, AHEAD + 10);
      // Locking the rows ahead (its transaction has an id from its first lock on): its snapshot is taken.
      await waitFor(
        async () => {
          const [row] = await sql<{ n: number }>(
            h,
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state = 'active' and query like '%lease_ends%'
                and backend_xid is not null`,
          );
          return (row?.n ?? 0) > 0;
        },
        'the claim locking the rows ahead',
        5000,
        1,
      );
      await other.query('commit');
      await claiming;
    } finally {
      await other.end();
    }
    return e.id;
  }

  test('another node’s claim committed meanwhile: the two never lease more than the endpoint’s limit', async () => {
    // Eight due; the other claim leased the four newest (it found the older ones held, by a write
    // since undone) and set the row, as a claim does.
    const id = await claimAcross(
      (endpointId) => `
      with leased as (
        update webhook_deliveries set locked_until = now() + interval '${LEASE_S} seconds'
         where id in (select id from webhook_deliveries where endpoint_id = '${endpointId}' and status = 'pending'
                       order by next_attempt_at desc, id desc limit 4)
        returning locked_until)
      update webhook_endpoint_queue set lease_ends = (select array_agg(locked_until) from leased)
       where endpoint_id = '${endpointId}'`,
      8,
    );
    const [row] = await sql<{ n: number }>(
      h,
      `select count(*)::int as n from webhook_deliveries
        where endpoint_id = ? and status = 'pending' and locked_until >= now()`,
      [id],
    );
    expect(row?.n).toBe(settings.WEBHOOK_ENDPOINT_CONCURRENCY);
  }, 60_000);

  test('a write queueing an attempt committed meanwhile: the row is never set later than that attempt', async () => {
    // One due; the write queues a second attempt of its event, due now, as every write that queues one does.
    const id = await claimAcross(
      (endpointId) =>
        statement(
          () => sqlOf`
          with queued as (
            insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at)
            select tenant_id, endpoint_id, event_id, event_type, 2, 'pending', now() from webhook_deliveries
             where endpoint_id = ${sqlOf.lit(endpointId)}
            returning tenant_id, endpoint_id, next_attempt_at)
          ${queueEndpoints(sqlOf`select tenant_id, endpoint_id, next_attempt_at from queued`)}`,
        ).sql,
      1,
    );
    // Every pending attempt is claimable no earlier than its endpoint's row says.
    const [row] = await sql<{ n: number }>(
      h,
      `select count(*)::int as n from webhook_deliveries d join webhook_endpoint_queue q on q.endpoint_id = d.endpoint_id
        where d.endpoint_id = ? and d.status = 'pending'
          and (q.due_at is null or q.due_at > greatest(d.next_attempt_at, d.locked_until))`,
      [id],
    );
    expect(row?.n).toBe(0);
  }, 60_000);
});
