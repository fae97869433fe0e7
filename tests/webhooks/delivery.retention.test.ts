import { describe, expect, test } from 'vitest';
import { sql, useFreshDatabase } from '../support/database.js';
import { hire } from '../support/employees.js';
import { expectProblem, useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { sleep, waitFor } from '../support/wait.js';
import { useReceivers } from '../support/webhooks.js';
import { type Delivery, subscribeToHires } from './helpers.js';

/**
 * Retention and the scheduled attempts (decisions §21): an event older than the 30 days kept is
 * never sent again by the dispatcher. A retry that falls due after its event has aged past retention
 * is closed `failed`, with an error that says why, and queues no further attempt; a younger event's
 * retry beside it is sent as usual. Through the test server's own dispatcher, on a database of its own.
 */

const RETRY_S = 3;
const { url } = useFreshDatabase('wfm_webhook_retention');
const h = useTestServer(() => ({
  DATABASE_URL: url,
  OUTBOX_DISPATCH: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  // Two retries: a failure of the second attempt would queue a third.
  WEBHOOK_RETRY_SCHEDULE: `${RETRY_S},${RETRY_S}`,
  WEBHOOK_INTERVAL_MS: '100',
  WEBHOOK_TIMEOUT_MS: '1500',
  WEBHOOK_LEASE_S: '5',
  RATE_LIMIT_POINTS: '100000',
}));
const receiver = useReceivers(h);

describe('a scheduled attempt of an event past retention', () => {
  test('is not sent: closed failed with the reason, no retry after it; the younger event beside it is delivered', async () => {
    const r = await receiver();
    // The first attempts fail (503), so each event has a retry scheduled; then the receiver takes all.
    r.answer((_, i) => (i < 2 ? 503 : 200));
    const e = await subscribeToHires(h, r);
    await hire(h, e.key, e.t);
    await hire(h, e.key, e.t);

    const list = async () => {
      const res = await h.as(e.key, `/v1/webhook-endpoints/${e.id}/deliveries?limit=100`);
      expect(res.status).toBe(200);
      return ((await res.json()) as Page<Delivery>).data;
    };
    let rows: Delivery[] = [];
    await waitFor(
      async () => {
        rows = await list();
        return rows.filter((d) => d.attempt === 2 && d.status === 'pending').length === 2;
      },
      'both first attempts failed, both retries scheduled',
      5000,
      50,
    );
    const [aged, young] = rows.filter((d) => d.attempt === 1).map((d) => d.event_id) as [string, string];
    // The retry is still ahead (RETRY_S): the event ages past the 30 days kept meanwhile.
    await sql(h, `update events set created_at = now() - interval '31 days' where id = ?`, [aged]);

    await waitFor(
      async () => {
        rows = await list();
        return rows.filter((d) => d.attempt === 2 && d.status !== 'pending').length === 2;
      },
      'both retries settled',
      (RETRY_S + 5) * 1000,
      100,
    );
    // A moment more: a third attempt would be queued by now (or sent, were it due).
    await sleep(500);
    rows = await list();

    const sentOf = (id: string) => r.received.filter((q) => q.headers['webhook-id'] === id).length;
    expect(sentOf(aged)).toBe(1);
    expect(sentOf(young)).toBe(2);
    const of = (id: string) => rows.filter((d) => d.event_id === id).map((d) => [d.attempt, d.status]);
    expect(of(young)).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    expect(of(aged)).toEqual([
      [1, 'failed'],
      [2, 'failed'],
    ]);
    const closed = rows.find((d) => d.event_id === aged && d.attempt === 2);
    expect(closed).toMatchObject({
      status: 'failed',
      response_status: null,
      duration_ms: null,
      next_attempt_at: null,
      error: 'not sent: the event is older than the 30 days events are kept',
    });
    // What the list shows agrees with the log: the event itself is gone from reads.
    await expectProblem(await h.as(e.key, `/v1/events/${aged}`), 404, 'not_found');
    expect((await h.as(e.key, `/v1/events/${young}`)).status).toBe(200);
  }, 30_000);
});
