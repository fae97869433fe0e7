// PATCH /v1/webhook-endpoints/{id}: url, event_types, description and enabled (turning an endpoint the
// dispatcher disabled back on), and the refusals that leave it unchanged. On the suite's database.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectDocumentedProblem, expectProblem } from '../support/harness.js';
import { jsonInit } from '../support/http.js';
import { type Endpoint, INSTANT, json, OTHER_PUBLIC_URL, PUBLIC_URL, useEndpointsServer } from './helpers.js';

const { h, create, org } = useEndpointsServer('suite');

describe('update', () => {
  test('PATCH changes url, event_types and description (null clears); the answer is what GET says', async () => {
    const { key } = await org();
    const { data: made } = await create(key, { description: 'old' });
    const res = await h.as(
      key,
      `/v1/webhook-endpoints/${made.id}`,
      jsonInit('PATCH', { url: OTHER_PUBLIC_URL, event_types: ['leave_request.created'], description: null }),
    );
    const { data } = await json<{ data: Endpoint }>(res);
    expect(data).toEqual({
      ...made,
      url: OTHER_PUBLIC_URL,
      event_types: ['leave_request.created'],
      description: null,
      updated_at: expect.stringMatching(INSTANT),
    });
    expect(data.updated_at >= made.updated_at).toBe(true);
    expect(await json(await h.as(key, `/v1/webhook-endpoints/${made.id}`))).toEqual({ data });
    // One field alone leaves the others.
    const only = await json<{ data: Endpoint }>(
      await h.as(key, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', { description: 'new' })),
    );
    expect(only.data).toMatchObject({
      url: OTHER_PUBLIC_URL,
      event_types: ['leave_request.created'],
      description: 'new',
    });
  });

  test('enabled: false turns it off; enabled: true turns it on and clears disabled_reason and the failure count', async () => {
    const { key } = await org();
    const { data: made } = await create(key);
    const off = await json<{ data: Endpoint }>(
      await h.as(key, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', { enabled: false })),
    );
    expect(off.data).toMatchObject({ enabled: false, disabled_reason: null });
    // As the dispatcher leaves an endpoint it disabled.
    await sql(
      h,
      "update webhook_endpoints set disabled_reason = '100 deliveries in a row failed', consecutive_failures = 100 where id = ?",
      [made.id],
    );
    const seen = await json<{ data: Endpoint }>(await h.as(key, `/v1/webhook-endpoints/${made.id}`));
    expect(seen.data).toMatchObject({ enabled: false, disabled_reason: '100 deliveries in a row failed' });
    const on = await json<{ data: Endpoint }>(
      await h.as(key, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', { enabled: true })),
    );
    expect(on.data).toMatchObject({ enabled: true, disabled_reason: null, url: PUBLIC_URL });
    expect(await sql(h, 'select consecutive_failures from webhook_endpoints where id = ?', [made.id])).toEqual([
      { consecutive_failures: 0 },
    ]);
  });

  test('PATCH refusals: nothing to change, unknown fields, bad values, a refused URL; the endpoint is unchanged', async () => {
    const { key } = await org();
    const { data: made } = await create(key);
    const patch = (body: unknown) => h.as(key, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', body));
    const empty = await expectProblem(await patch({}), 400, 'invalid_body');
    expect(JSON.stringify(empty.errors)).toContain('at least one of url, event_types, description, enabled');
    for (const [body, path] of [
      [{ secret: 'x' }, 'secret'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ event_types: [] }, 'event_types'],
      [{ url: 'http://93.184.215.14/' }, 'url'],
      [{ url: 'https://[::ffff:192.168.0.1]/' }, 'url'],
      [{ url: 'https://169.254.169.254/' }, 'url'],
    ] as const) {
      const problem = await expectDocumentedProblem(
        h,
        await patch(body),
        400,
        'invalid_body',
        'PATCH',
        '/webhook-endpoints/{id}',
      );
      expect(
        (problem.errors as { path: string }[]).map((e) => e.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect(await json(await h.as(key, `/v1/webhook-endpoints/${made.id}`))).toEqual({ data: made });
  });
});
