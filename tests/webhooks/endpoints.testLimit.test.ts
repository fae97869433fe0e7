// POST /v1/webhook-endpoints/{id}/test at most WEBHOOK_TEST_LIMIT (default 10) per endpoint per minute
// (decisions §18): 429 rate_limited beyond, with Retry-After; counted in the database under the
// endpoint's lock, so concurrent requests cannot overshoot. On a database of its own: it queues deliveries.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectProblem } from '../support/harness.js';
import { idempotencyKey, parallel, statusCounts } from '../support/http.js';
import { json, useEndpointsServer } from './helpers.js';

const { h, create, org } = useEndpointsServer('own');

const sendTest = (key: string, id: string, headers: Record<string, string> = {}) =>
  h.as(key, `/v1/webhook-endpoints/${id}/test`, { method: 'POST', headers });

describe('the /test limit', () => {
  test('the 11th test event of an endpoint within a minute is 429 with Retry-After; another endpoint is unaffected', async () => {
    const { key } = await org();
    const { data: busy } = await create(key);
    const { data: other } = await create(key);
    for (let i = 0; i < 10; i++) await json(await sendTest(key, busy.id), 202);

    const refused = await sendTest(key, busy.id);
    const body = await expectProblem(refused, 429, 'rate_limited');
    expect(body.detail).toMatch(/at most 10 test events per endpoint per minute/i);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Refused: no event recorded for it.
    const [{ n }] = await sql<{ n: number }>(
      h,
      "select count(*)::int as n from events where type = 'webhook.test' and data -> 'object' ->> 'id' = ?",
      [busy.id],
    );
    expect(n).toBe(10);

    await json(await sendTest(key, other.id), 202);

    // Once the oldest counted event is a minute old, one more is allowed (aged in SQL, not waited for).
    await sql(
      h,
      `update events set created_at = created_at - interval '61 seconds'
        where id = (select id from events where type = 'webhook.test' and data -> 'object' ->> 'id' = ?
                     order by created_at limit 1)`,
      [busy.id],
    );
    await json(await sendTest(key, busy.id), 202);
    await expectProblem(await sendTest(key, busy.id), 429, 'rate_limited');
  });

  test('concurrent test requests to one endpoint: exactly 10 accepted, the rest 429', async () => {
    const { key } = await org();
    const { data: made } = await create(key);
    const results = await parallel(16, () => sendTest(key, made.id));
    expect(statusCounts(results)).toEqual({ 202: 10, 429: 6 });
  });

  test('an idempotent replay of an accepted test is answered from the key, not counted, even at the limit', async () => {
    const { key } = await org();
    const { data: made } = await create(key);
    const headers = { 'Idempotency-Key': idempotencyKey('test-limit') };
    const first = await json<{ data: { event_id: string } }>(await sendTest(key, made.id, headers), 202);
    for (let i = 0; i < 9; i++) await json(await sendTest(key, made.id), 202);
    const replay = await sendTest(key, made.id, headers);
    expect(await json(replay, 202)).toEqual(first);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await expectProblem(await sendTest(key, made.id), 429, 'rate_limited');
  });

  test('over /trpc: TOO_MANY_REQUESTS with rate_limited', async () => {
    const { key } = await org();
    const { data: made } = await create(key);
    for (let i = 0; i < 10; i++) await json(await sendTest(key, made.id), 202);
    const res = await h.fetch('/trpc/webhookEndpoints.test', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ id: made.id }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(429);
    expect(JSON.parse(text).error.data).toMatchObject({ code: 'rate_limited', httpStatus: 429 });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
