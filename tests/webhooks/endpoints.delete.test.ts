// DELETE /v1/webhook-endpoints/{id}: 204, then 404 everywhere, its delivery attempts gone with it,
// replayed under its Idempotency-Key; a body with a field is refused. On a database of its own.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectDocumentedProblem, expectProblem } from '../support/harness.js';
import { idempotencyKey, jsonInit, type Page } from '../support/http.js';
import { type Endpoint, json, useEndpointsServer } from './helpers.js';

const { h, create, org } = useEndpointsServer('own');

describe('delete', () => {
  test('DELETE is 204 without a body; then 404 everywhere; its attempts go with it; replayed under its key', async () => {
    const { key, t } = await org();
    const { data: made } = await create(key);
    await json(await h.as(key, `/v1/webhook-endpoints/${made.id}/test`, { method: 'POST' }), 202);
    const keyHeader = { 'Idempotency-Key': idempotencyKey('del') };
    const res = await h.as(key, `/v1/webhook-endpoints/${made.id}`, { method: 'DELETE', headers: keyHeader });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-type')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    // The same key again: the stored answer, not a 404.
    const replay = await h.as(key, `/v1/webhook-endpoints/${made.id}`, { method: 'DELETE', headers: keyHeader });
    expect(replay.status).toBe(204);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe('');

    await expectDocumentedProblem(
      h,
      await h.as(key, `/v1/webhook-endpoints/${made.id}`, { method: 'DELETE' }),
      404,
      'not_found',
      'DELETE',
      '/webhook-endpoints/{id}',
    );
    await expectProblem(await h.as(key, `/v1/webhook-endpoints/${made.id}`), 404, 'not_found');
    await expectProblem(await h.as(key, `/v1/webhook-endpoints/${made.id}/deliveries`), 404, 'not_found');
    expect(await sql(h, 'select id from webhook_deliveries where tenant_id = ?', [t.tenant.id])).toEqual([]);
    const list = await json<Page<Endpoint>>(await h.as(key, '/v1/webhook-endpoints'));
    expect(list.data.map((e) => e.id)).not.toContain(made.id);
  });

  test('a DELETE body with a field is 400 invalid_body, and nothing is deleted', async () => {
    const { key } = await org();
    const { data: made } = await create(key);
    await expectDocumentedProblem(
      h,
      await h.as(key, `/v1/webhook-endpoints/${made.id}`, jsonInit('DELETE', { force: true })),
      400,
      'invalid_body',
      'DELETE',
      '/webhook-endpoints/{id}',
    );
    expect((await h.as(key, `/v1/webhook-endpoints/${made.id}`)).status).toBe(200);
  });
});
