// GET /v1/webhook-endpoints/{id}/deliveries: one row per attempt, keyset pages ascending, a cursor
// bound to its endpoint. On a database of its own, where no dispatcher sends what it queues.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectDocumentedProblem } from '../support/harness.js';
import { json, useEndpointsServer } from './helpers.js';

const { h, create, deliveriesOf, org } = useEndpointsServer('own');

describe('test events and deliveries', () => {
  test('deliveries: one row per attempt, keyset pages ascending; a cursor belongs to its endpoint', async () => {
    const { key } = await org();
    const { data: a } = await create(key);
    const { data: b } = await create(key);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = await json<{ data: { event_id: string } }>(
        await h.as(key, `/v1/webhook-endpoints/${a.id}/test`, { method: 'POST' }),
        202,
      );
      ids.push(sent.data.event_id);
    }
    // A retry, as the dispatcher records it: the first attempt failed, the second is due.
    const [firstAttempt] = await sql<{ id: string }>(
      h,
      'select id from webhook_deliveries where endpoint_id = ? and event_id = ?',
      [a.id, ids[0]],
    );
    await sql(
      h,
      `update webhook_deliveries set status = 'failed', response_status = 503, error = 'HTTP 503', duration_ms = 12,
              next_attempt_at = null where id = ?`,
      [firstAttempt.id],
    );
    await sql(
      h,
      `insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, attempt, next_attempt_at)
       select gen_random_uuid(), tenant_id, endpoint_id, event_id, event_type, 2, now() + interval '5 seconds'
         from webhook_deliveries where id = ?`,
      [firstAttempt.id],
    );
    const all = await deliveriesOf(key, a.id);
    expect(all.data.map((d) => [d.event_id, d.attempt, d.status])).toEqual([
      [ids[0], 1, 'failed'],
      [ids[1], 1, 'pending'],
      [ids[2], 1, 'pending'],
      [ids[0], 2, 'pending'],
    ]);
    expect(all.data[0]).toMatchObject({
      response_status: 503,
      error: 'HTTP 503',
      duration_ms: 12,
      next_attempt_at: null,
    });
    const page1 = await deliveriesOf(key, a.id, '?limit=3');
    expect(page1.data).toEqual(all.data.slice(0, 3));
    expect(page1.has_more).toBe(true);
    const cursor = encodeURIComponent(page1.next_cursor as string);
    const page2 = await deliveriesOf(key, a.id, `?limit=3&cursor=${cursor}`);
    expect(page2).toEqual({ data: all.data.slice(3), next_cursor: null, has_more: false });
    await expectDocumentedProblem(
      h,
      await h.as(key, `/v1/webhook-endpoints/${b.id}/deliveries?cursor=${cursor}`),
      400,
      'invalid_cursor',
      'GET',
      '/webhook-endpoints/{id}/deliveries',
    );
    await expectDocumentedProblem(
      h,
      await h.as(key, `/v1/webhook-endpoints/${a.id}/deliveries?limit=0`),
      400,
      'invalid_query_parameter',
      'GET',
      '/webhook-endpoints/{id}/deliveries',
    );
  });
});
