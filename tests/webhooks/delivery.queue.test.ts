import { afterEach, expect, test } from 'vitest';
import type { EntityManager } from '../../db/orm.js';
import { claimDue } from '../../routers/webhooks/webhook.dispatcher.js';
import { parseEnv } from '../../server/main/env.js';
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

/** A claim, committed; `between` runs after its first statement, while it holds the rows it locked. */
async function claim(between?: () => Promise<void>) {
  return h.orm.em.fork().transactional(async (tx: EntityManager) => {
    let statements = 0;
    const pausing = {
      execute: async (text: string, params: unknown[]) => {
        if (statements++ === 1) await between?.();
        return tx.execute(text, params);
      },
    } as unknown as Parameters<typeof claimDue>[0];
    return claimDue(pausing, settings, new Map(), settings.WEBHOOK_CONCURRENCY);
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
