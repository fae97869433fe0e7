// Retries that end (decisions §19): once an attempt of an event to an endpoint has succeeded, none of
// its scheduled attempts to that endpoint is sent any more (a manual retry always is), and recover
// also sends at once the attempts waiting for a scheduled retry, so a receiver that was down for a
// few seconds gets everything back from one call. A real dispatcher and receivers, on a database of
// its own, with a 4 s retry schedule.
import { describe, expect, test } from 'vitest';
import { jsonInit } from '../support/http.js';
import { sleep, waitFor } from '../support/wait.js';
import { type Delivery, json } from './helpers.js';
import { useDeliveringServer } from './redelivery.js';

const SCHEDULE_S = 4;
const { h, receiver, endpoint, settled, testEvent, deliveries } = useDeliveringServer('wfm_webhook_supersede', {
  retries: `${SCHEDULE_S},${SCHEDULE_S}`,
  intervalMs: 100,
});

describe('retries that end', () => {
  test('after a manual retry succeeds, the scheduled retry of that event is not sent', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => 500);
    const e = await endpoint(t, r.url);
    const eventId = await testEvent(e.key, e.id);
    const [first] = await settled(e.key, e.id, ['failed', 'pending']);
    r.answer(() => 200);

    const res = await h.as(e.key, `/v1/webhook-endpoints/${e.id}/deliveries/${(first as Delivery).id}/retry`, {
      method: 'POST',
    });
    const manual = await json<{ data: Delivery }>(res, 202);
    expect(manual.data.attempt).toBe(3);
    const rows = await settled(e.key, e.id, ['failed', 'failed', 'succeeded']);
    // The scheduled attempt 2 ends without being sent, saying why.
    expect(rows[1]).toMatchObject({
      attempt: 2,
      status: 'failed',
      response_status: null,
      duration_ms: null,
      next_attempt_at: null,
      error: 'not sent: attempt 3 of this event succeeded',
    });
    // Past the time it was due: the receiver got the first attempt and the manual retry, nothing more.
    await sleep(SCHEDULE_S * 1000 + 1000);
    expect(r.received.map((q) => q.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect((await deliveries(e.key, e.id)).map((d) => d.status)).toEqual(['failed', 'failed', 'succeeded']);
  });

  test('a manual retry is sent even when another attempt already succeeded', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const e = await endpoint(t, r.url);
    await testEvent(e.key, e.id);
    const [first] = await settled(e.key, e.id, ['succeeded']);
    const res = await h.as(e.key, `/v1/webhook-endpoints/${e.id}/deliveries/${(first as Delivery).id}/retry`, {
      method: 'POST',
    });
    expect(res.status).toBe(202);
    await settled(e.key, e.id, ['succeeded', 'succeeded']);
    expect(r.received).toHaveLength(2);
  });

  test('a receiver down for a few seconds gets everything back from one recover, each event once', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => 503);
    const e = await endpoint(t, r.url);
    const since = new Date(Date.now() - 1000).toISOString();
    const events = [await testEvent(e.key, e.id), await testEvent(e.key, e.id), await testEvent(e.key, e.id)];
    // Each first attempt failed; each event's retry waits for the schedule.
    await waitFor(
      async () => (await deliveries(e.key, e.id)).filter((d) => d.status === 'failed').length === 3,
      'three failures',
    );
    r.answer(() => 200);

    const asked = Date.now();
    const res = await h.as(e.key, `/v1/webhook-endpoints/${e.id}/recover`, jsonInit('POST', { since }));
    expect(await json(res, 202)).toEqual({ data: { requeued: 3, has_more: false, next_since: null } });
    await waitFor(() => r.received.filter((q) => q.at >= asked).length === 3, 'the three events again');
    // Sent at once, not when the schedule would have sent them.
    expect(Math.max(...r.received.map((q) => q.at)) - asked).toBeLessThan(SCHEDULE_S * 1000 - 1000);
    const redelivered = r.received.filter((q) => q.at >= asked).map((q) => q.headers['webhook-id']);
    expect(redelivered.sort()).toEqual([...events].sort());
    // Nothing waits any more: a second recover requeues nothing, and nothing more arrives.
    expect(
      await json(await h.as(e.key, `/v1/webhook-endpoints/${e.id}/recover`, jsonInit('POST', { since })), 202),
    ).toEqual({
      data: { requeued: 0, has_more: false, next_since: null },
    });
    await sleep(SCHEDULE_S * 1000 + 500);
    expect(r.received).toHaveLength(6);
  });
});
