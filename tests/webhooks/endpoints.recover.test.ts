// POST /v1/webhook-endpoints/{id}/recover (decisions §18): every event whose delivery ended failed at or
// after `since` gets one new attempt, oldest first, with the same webhook-id; 400/403/404/409; one
// Idempotency-Key queues once; over tRPC too. A real dispatcher and receivers, on a database of its own.
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { expectDocumentedProblem, expectProblem } from '../support/harness.js';
import { idempotencyKey, jsonInit } from '../support/http.js';
import { waitFor } from '../support/wait.js';
import { json } from './helpers.js';
import { useDeliveringServer } from './redelivery.js';

// A one-minute poll: every attempt here goes out because its commit woke the dispatcher (decisions §18).
const { h, receiver, endpoint, settled, testEvent } = useDeliveringServer('wfm_webhook_recover', {
  intervalMs: 60_000,
});

const recover = (key: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
  h.as(key, `/v1/webhook-endpoints/${id}/recover`, jsonInit('POST', body, headers));
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('recover', () => {
  test('a receiver that failed then recovers gets every failed event again, oldest first, same webhook-id, once per key', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => 503);
    const e = await endpoint(t, r.url);
    const since = ago(1000);
    const first = await testEvent(e.key, e.id);
    await settled(e.key, e.id, ['failed', 'failed']);
    const second = await testEvent(e.key, e.id);
    await settled(e.key, e.id, ['failed', 'failed', 'failed', 'failed']);
    expect(r.received).toHaveLength(4);

    r.answer(() => 200);
    const headers = { 'Idempotency-Key': idempotencyKey('recover') };
    const asked = Date.now();
    const res = await recover(e.key, e.id, { since }, headers);
    const body = await json<{ data: { requeued: number; has_more: boolean; next_since: string | null } }>(res, 202);
    expect(body).toEqual({ data: { requeued: 2, has_more: false, next_since: null } });
    // The same key: the stored answer, nothing queued again.
    const replay = await recover(e.key, e.id, { since }, headers);
    expect(await json(replay, 202)).toEqual(body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const rows = await settled(e.key, e.id, ['failed', 'failed', 'failed', 'failed', 'succeeded', 'succeeded']);
    // New attempt rows, counted on, listed (and made) oldest event first.
    expect(rows.slice(4).map((d) => [d.event_id, d.attempt, d.response_status])).toEqual([
      [first, 3, 200],
      [second, 3, 200],
    ]);
    await waitFor(() => r.received.length === 6, 'the two redeliveries');
    // Sent when the recover committed, not at the next poll (a minute away).
    expect(Math.max(...r.received.slice(4).map((req) => req.at)) - asked).toBeLessThan(2000);
    const redelivered = r.received
      .slice(4)
      .map((req) => new Webhook(e.secret).verify(req.body, req.headers) as { id: string });
    expect(redelivered.map((ev) => ev.id).sort()).toEqual([first, second].sort());
    expect(
      r.received
        .slice(4)
        .map((req) => req.headers['webhook-id'])
        .sort(),
    ).toEqual([first, second].sort());

    // Nothing failed any more: a new key recovers nothing.
    expect(await json(await recover(e.key, e.id, { since }), 202)).toEqual({
      data: { requeued: 0, has_more: false, next_since: null },
    });
  });

  test('only deliveries that ended failed at or after since; a succeeded one is not sent again', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => 500);
    const e = await endpoint(t, r.url);
    await testEvent(e.key, e.id);
    await settled(e.key, e.id, ['failed', 'failed']);
    // After the failure: nothing ended failed since.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await json(await recover(e.key, e.id, { since: ago(0) }), 202)).toEqual({
      data: { requeued: 0, has_more: false, next_since: null },
    });
    r.answer(() => 200);
    const ok = await endpoint(t, r.url);
    await testEvent(ok.key, ok.id);
    await settled(ok.key, ok.id, ['succeeded']);
    expect(await json(await recover(ok.key, ok.id, { since: ago(60_000) }), 202)).toEqual({
      data: { requeued: 0, has_more: false, next_since: null },
    });
  });

  test('400 for a since malformed, in the future or over 30 days ago; 404; 409 disabled; 403 without webhooks:write', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const e = await endpoint(t, r.url);
    const path = '/v1/webhook-endpoints/{id}/recover';
    for (const since of ['yesterday', '2026-11-23', '2026-02-30T00:00:00Z', ago(-60_000), ago(31 * 86_400_000), 5]) {
      const problem = await expectDocumentedProblem(
        h,
        await recover(e.key, e.id, { since }),
        400,
        'invalid_body',
        'POST',
        path,
      );
      expect(problem.errors).toEqual([expect.objectContaining({ path: 'since' })]);
    }
    const missing = await expectProblem(await recover(e.key, e.id, {}), 400, 'invalid_body');
    expect(missing.errors).toEqual([expect.objectContaining({ path: 'since' })]);
    await expectProblem(await recover(e.key, e.id, { since: ago(1000), extra: true }), 400, 'invalid_body');
    // An offset is RFC 3339 too.
    const anHourAgoInParis = new Date(Date.now()).toISOString().replace('Z', '+01:00');
    expect(await json(await recover(e.key, e.id, { since: anHourAgoInParis }), 202)).toEqual({
      data: { requeued: 0, has_more: false, next_since: null },
    });

    await expectDocumentedProblem(
      h,
      await recover(e.key, '019a7b41-0c2d-7e3f-9a1b-2c3d4e5f6a7b', { since: ago(1000) }),
      404,
      'not_found',
      'POST',
      path,
    );
    await expectProblem(await recover(e.key, 'not-a-uuid', { since: ago(1000) }), 400, 'invalid_id');
    // Another tenant's endpoint is not found.
    const other = await endpoint(await h.tenant(), r.url);
    await expectProblem(await recover(e.key, other.id, { since: ago(1000) }), 404, 'not_found');

    const readOnly = await h.key(t, ['webhooks:read']);
    const refused = await recover(readOnly, e.id, { since: ago(1000) });
    await expectProblem(refused, 403, 'insufficient_scope');
    expect(refused.headers.get('www-authenticate')).toContain('scope="webhooks:write"');

    await json(await h.as(e.key, `/v1/webhook-endpoints/${e.id}`, jsonInit('PATCH', { enabled: false })));
    const disabled = await expectDocumentedProblem(
      h,
      await recover(e.key, e.id, { since: ago(1000) }),
      409,
      'webhook_endpoint_disabled',
      'POST',
      path,
    );
    expect(disabled.detail).toMatch(/disabled/);
  });

  test('over /trpc: webhookEndpoints.recover', async () => {
    const t = await h.tenant();
    const r = await receiver();
    r.answer(() => 500);
    const e = await endpoint(t, r.url);
    await testEvent(e.key, e.id);
    await settled(e.key, e.id, ['failed', 'failed']);
    r.answer(() => 200);
    const call = (input: unknown) =>
      h.fetch('/trpc/webhookEndpoints.recover', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${e.key}` },
        body: JSON.stringify(input),
      });
    const res = await call({ id: e.id, since: ago(60_000) });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text).result.data).toEqual({ data: { requeued: 1, has_more: false, next_since: null } });
    await settled(e.key, e.id, ['failed', 'failed', 'succeeded']);
    const bad = await call({ id: e.id, since: ago(-60_000) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.data).toMatchObject({ code: 'invalid_body' });
  });
});
