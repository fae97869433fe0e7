// POST /v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry (decisions §18): one new attempt of that
// delivery's event whatever its status, the same webhook-id; 400/403/404/409; one Idempotency-Key
// queues once; over tRPC too. A real dispatcher and receivers, on a database of its own.
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { expectDocumentedProblem, expectProblem } from '../support/harness.js';
import { idempotencyKey, jsonInit } from '../support/http.js';
import { waitFor } from '../support/wait.js';
import { type Delivery, INSTANT, json, UUID } from './helpers.js';
import { useDeliveringServer } from './redelivery.js';

// A one-minute poll: every attempt here goes out because its commit woke the dispatcher (decisions §18).
const { h, receiver, endpoint, deliveries, settled, testEvent } = useDeliveringServer('wfm_webhook_retry', {
  intervalMs: 60_000,
});

const TEMPLATE = '/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry';
const retry = (key: string, id: string, deliveryId: string, headers: Record<string, string> = {}) =>
  h.as(key, `/v1/webhook-endpoints/${id}/deliveries/${deliveryId}/retry`, { method: 'POST', headers });

describe('retry', () => {
  test('a failed delivery, once the receiver recovers: a new attempt with the same webhook-id, once per key', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => 500);
    const e = await endpoint(t, r.url);
    const eventId = await testEvent(e.key, e.id);
    const [first] = await settled(e.key, e.id, ['failed', 'failed']);
    r.answer(() => 200);

    const headers = { 'Idempotency-Key': idempotencyKey('retry') };
    const asked = Date.now();
    const res = await retry(e.key, e.id, (first as Delivery).id, headers);
    const body = await json<{ data: Delivery }>(res, 202);
    expect(body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        event_id: eventId,
        event_type: 'webhook.test',
        attempt: 3,
        status: 'pending',
        response_status: null,
        error: null,
        duration_ms: null,
        created_at: expect.stringMatching(INSTANT),
        next_attempt_at: expect.stringMatching(INSTANT),
      },
    });
    // A UUID v7 (decisions §1).
    expect(body.data.id[14]).toBe('7');
    const replay = await retry(e.key, e.id, (first as Delivery).id, headers);
    expect(await json(replay, 202)).toEqual(body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const rows = await settled(e.key, e.id, ['failed', 'failed', 'succeeded']);
    expect(rows[2]).toMatchObject({ id: body.data.id, attempt: 3, response_status: 200 });
    await waitFor(() => r.received.length === 3, 'the retried delivery');
    const request = r.received[2];
    // Sent when the retry committed, not at the next poll (a minute away).
    expect((request?.at ?? Infinity) - asked).toBeLessThan(2000);
    expect(request?.headers['webhook-id']).toBe(eventId);
    expect((new Webhook(e.secret).verify(request?.body ?? '', request?.headers ?? {}) as { id: string }).id).toBe(
      eventId,
    );
  });

  test('whatever its status: a succeeded delivery is sent again too', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const e = await endpoint(t, r.url);
    const eventId = await testEvent(e.key, e.id);
    const [done] = await settled(e.key, e.id, ['succeeded']);
    const again = await json<{ data: Delivery }>(await retry(e.key, e.id, (done as Delivery).id), 202);
    expect(again.data).toMatchObject({ event_id: eventId, attempt: 2, status: 'pending' });
    await settled(e.key, e.id, ['succeeded', 'succeeded']);
    await waitFor(() => r.received.length === 2, 'two deliveries');
    expect(r.received.map((req) => req.headers['webhook-id'])).toEqual([eventId, eventId]);
  });

  test('404 for an unknown delivery, one of another endpoint or tenant; 400 invalid_id; 409 disabled; 403 without webhooks:write', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const e = await endpoint(t, r.url);
    await testEvent(e.key, e.id);
    const [mine] = await settled(e.key, e.id, ['succeeded']);
    const sibling = await endpoint(t, r.url);
    await testEvent(sibling.key, sibling.id);
    const [theirs] = await settled(sibling.key, sibling.id, ['succeeded']);
    const unknown = '019a7b52-3e4f-7a5b-8c6d-7e8f9a0b1c2d';

    await expectDocumentedProblem(h, await retry(e.key, e.id, unknown), 404, 'not_found', 'POST', TEMPLATE);
    // A delivery of another endpoint, even of the same tenant, is not this endpoint's.
    await expectProblem(await retry(e.key, e.id, (theirs as Delivery).id), 404, 'not_found');
    await expectProblem(await retry(e.key, unknown, (mine as Delivery).id), 404, 'not_found');
    await expectProblem(await retry(e.key, 'nope', (mine as Delivery).id), 400, 'invalid_id');
    await expectProblem(await retry(e.key, e.id, 'nope'), 400, 'invalid_id');
    // Another tenant's key: not found, and nothing queued.
    const stranger = await endpoint(await h.tenant(), r.url);
    await expectProblem(await retry(stranger.key, e.id, (mine as Delivery).id), 404, 'not_found');
    expect(await deliveries(e.key, e.id)).toHaveLength(1);

    const readOnly = await h.key(t, ['webhooks:read']);
    const refused = await retry(readOnly, e.id, (mine as Delivery).id);
    await expectProblem(refused, 403, 'insufficient_scope');
    expect(refused.headers.get('www-authenticate')).toContain('scope="webhooks:write"');

    await json(await h.as(e.key, `/v1/webhook-endpoints/${e.id}`, jsonInit('PATCH', { enabled: false })));
    await expectDocumentedProblem(
      h,
      await retry(e.key, e.id, (mine as Delivery).id),
      409,
      'webhook_endpoint_disabled',
      'POST',
      TEMPLATE,
    );
    expect(await deliveries(e.key, e.id)).toHaveLength(1);
  });

  test('over /trpc: webhookEndpoints.retry', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const e = await endpoint(t, r.url);
    const eventId = await testEvent(e.key, e.id);
    const [done] = await settled(e.key, e.id, ['succeeded']);
    const call = (input: unknown) =>
      h.fetch('/trpc/webhookEndpoints.retry', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${e.key}` },
        body: JSON.stringify(input),
      });
    const res = await call({ id: e.id, delivery_id: (done as Delivery).id });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text).result.data.data).toMatchObject({ event_id: eventId, attempt: 2 });
    const missing = await call({ id: e.id, delivery_id: '019a7b52-3e4f-7a5b-8c6d-7e8f9a0b1c2d' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.data).toMatchObject({ code: 'not_found' });
  });
});
