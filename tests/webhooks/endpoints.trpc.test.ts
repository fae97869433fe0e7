// webhookEndpoints.* over /trpc: every operation answers the records /v1 has, with the same refusals.
// On a database of its own: it queues a delivery.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectProblem } from '../support/harness.js';
import { type Page, parallel, statusCounts } from '../support/http.js';
import { type Delivery, type Endpoint, json, PUBLIC_URL, SECRET, useEndpointsServer } from './helpers.js';

const { h, org } = useEndpointsServer('own');

describe('over /trpc', () => {
  interface TrpcError {
    error: { data: { code: string; httpStatus: number; errors?: { path: string; message: string }[] } };
  }
  const mutate = (secret: string, procedure: string, input: unknown) =>
    h.fetch(`/trpc/webhookEndpoints.${procedure}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` },
      body: JSON.stringify(input),
    });
  const query = (secret: string, procedure: string, input: unknown) =>
    h.fetch(`/trpc/webhookEndpoints.${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
  async function result<T>(res: Response): Promise<T> {
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return (JSON.parse(text) as { result: { data: T } }).result.data;
  }
  async function trpcError(res: Response, status: number, code: string) {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    const body = JSON.parse(text) as TrpcError;
    expect(body.error.data).toMatchObject({ code, httpStatus: status });
    return body.error.data;
  }

  test('create, list, get, update, rotateSecret, test, deliveries, delete: the records /v1 has', async () => {
    const { key } = await org();
    const made = await result<{ data: Endpoint; secret: string }>(
      await mutate(key, 'create', { url: PUBLIC_URL, event_types: ['employee.created'] }),
    );
    expect(made.secret).toMatch(SECRET);
    expect(await json(await h.as(key, `/v1/webhook-endpoints/${made.data.id}`))).toEqual({ data: made.data });
    const list = await result<Page<Endpoint>>(await query(key, 'list', { limit: 10 }));
    expect(list.data).toEqual([made.data]);
    expect(await result(await query(key, 'get', { id: made.data.id }))).toEqual({ data: made.data });
    const updated = await result<{ data: Endpoint }>(
      await mutate(key, 'update', { id: made.data.id, event_types: ['*'], enabled: false }),
    );
    expect(updated.data).toMatchObject({ event_types: ['*'], enabled: false });
    await mutate(key, 'update', { id: made.data.id, enabled: true });
    const rotated = await result<{ secret: string }>(await mutate(key, 'rotateSecret', { id: made.data.id }));
    expect(rotated.secret).toMatch(SECRET);
    expect(rotated.secret).not.toBe(made.secret);
    const sent = await result<{ data: { event_id: string } }>(await mutate(key, 'test', { id: made.data.id }));
    const deliveries = await result<Page<Delivery>>(await query(key, 'deliveries', { id: made.data.id, limit: 5 }));
    expect(deliveries.data.map((d) => [d.event_id, d.event_type])).toEqual([[sent.data.event_id, 'webhook.test']]);
    await result(await mutate(key, 'delete', { id: made.data.id }));
    await trpcError(await query(key, 'get', { id: made.data.id }), 404, 'not_found');
    await expectProblem(await h.as(key, `/v1/webhook-endpoints/${made.data.id}`), 404, 'not_found');
  });

  test('the same refusals: a refused URL names url, the limit is 422, another tenant is 404, scopes are 403', async () => {
    const { key, t } = await org();
    const bad = await trpcError(
      await mutate(key, 'create', { url: 'https://[::ffff:127.0.0.1]/', event_types: ['*'] }),
      400,
      'invalid_body',
    );
    expect(bad.errors).toEqual([{ path: 'url', message: expect.stringContaining('loopback') }]);
    await trpcError(
      await mutate(key, 'create', { url: PUBLIC_URL, event_types: ['*'], extra: 1 }),
      400,
      'invalid_body',
    );
    const results = await parallel(18, () => mutate(key, 'create', { url: PUBLIC_URL, event_types: ['*'] }));
    expect(statusCounts(results)).toEqual({ 200: 16, 422: 2 });
    expect(JSON.parse(results.find((r) => r.status === 422)?.text as string).error.data.code).toBe(
      'webhook_endpoint_limit_reached',
    );
    const [first] = await sql<{ id: string }>(h, 'select id from webhook_endpoints where tenant_id = ? limit 1', [
      t.tenant.id,
    ]);
    const stranger = await org();
    for (const [procedure, kind] of [
      ['get', 'query'],
      ['deliveries', 'query'],
      ['update', 'mutation'],
      ['delete', 'mutation'],
      ['rotateSecret', 'mutation'],
      ['test', 'mutation'],
    ] as const) {
      const input = procedure === 'update' ? { id: first.id, enabled: false } : { id: first.id };
      const res =
        kind === 'query' ? await query(stranger.key, procedure, input) : await mutate(stranger.key, procedure, input);
      await trpcError(res, 404, 'not_found');
    }
    const readOnly = await h.key(t, ['webhooks:read']);
    await trpcError(await mutate(readOnly, 'delete', { id: first.id }), 403, 'insufficient_scope');
    await trpcError(await query(await h.key(t, ['webhooks:write']), 'list', {}), 403, 'insufficient_scope');
  });
});
