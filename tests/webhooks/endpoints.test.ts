import { beforeAll, describe, expect, inject, test } from 'vitest';
import { sql, useFreshDatabase } from '../support/database.js';
import {
  expectDocumentedProblem,
  expectProblem,
  type TestServer,
  type TestTenant,
  useTestServer,
} from '../support/harness.js';
import { idempotencyKey, jsonInit, type Page, parallel, statusCounts } from '../support/http.js';
import { nodeWfm, onlyJsonObject } from '../support/processes.js';
import { isolationCases, securityCases } from '../support/security.js';

/**
 * The webhook endpoints API (decisions §14): /v1/webhook-endpoints and webhookEndpoints.* over
 * tRPC, the URL rule (no server-side request forgery: WEBHOOK_ALLOW_PRIVATE_URLS stays false here),
 * the limit of 16 per tenant, tenant and sandbox isolation, scopes, and `wfm webhook`. On a database
 * of its own, so that no dispatcher of another file ever sends (or fails) the deliveries it queues:
 * they stay pending, as this server runs none.
 */

const { url: databaseUrl } = useFreshDatabase('wfm_webhook_endpoints');
const h = useTestServer(() => ({
  DATABASE_URL: databaseUrl,
  RATE_LIMIT_POINTS: '100000',
  RATE_LIMIT_IP_POINTS: '100000',
}));
const server = () => h as TestServer;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;
/** Public IP literals: accepted without a DNS lookup (the sandbox has no resolver to rely on). */
const PUBLIC_URL = 'https://93.184.215.14/hooks';
const OTHER_PUBLIC_URL = 'https://[2606:4700:4700::1111]:8443/workforce?x=1';
const ALL = ['webhooks:read', 'webhooks:write'] as const;

interface Endpoint {
  id: string;
  url: string;
  event_types: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: string;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  next_attempt_at: string | null;
}

const ENDPOINT_KEYS = [
  'created_at',
  'description',
  'disabled_reason',
  'enabled',
  'event_types',
  'id',
  'updated_at',
  'url',
];

async function post(secret: string, body: unknown, headers: Record<string, string> = {}) {
  return h.as(secret, '/v1/webhook-endpoints', jsonInit('POST', body, headers));
}

/** POST /v1/webhook-endpoints that must succeed: the endpoint and its secret. */
async function create(secret: string, body: Record<string, unknown> = {}) {
  const res = await post(secret, { url: PUBLIC_URL, event_types: ['*'], ...body });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as { data: Endpoint; secret: string };
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function deliveriesOf(secret: string, id: string, query = '?limit=100') {
  return json<Page<Delivery>>(await h.as(secret, `/v1/webhook-endpoints/${id}/deliveries${query}`));
}

/** A tenant with a key holding both webhook scopes, live (and one for its sandbox). */
async function org() {
  const t = await h.tenant();
  return { t, key: await h.key(t, ALL), sandboxKey: await h.key(t, ALL, 'test') };
}

describe('create, read, list', () => {
  let o: Awaited<ReturnType<typeof org>>;
  beforeAll(async () => {
    o = await org();
  });

  test('POST answers the endpoint and a Standard Webhooks secret, shown only there; GET and the list agree', async () => {
    const res = await post(o.key, {
      url: OTHER_PUBLIC_URL,
      event_types: ['employee.created', 'leave_request.approved'],
      description: '  Payroll sync\r\nsecond line  ',
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const created = await json<{ data: Endpoint; secret: string }>(res);
    expect(Object.keys(created).sort()).toEqual(['data', 'secret']);
    expect(Object.keys(created.data).sort()).toEqual(ENDPOINT_KEYS);
    expect(created.data).toEqual({
      id: expect.stringMatching(UUID),
      url: OTHER_PUBLIC_URL,
      event_types: ['employee.created', 'leave_request.approved'],
      description: 'Payroll sync\nsecond line',
      enabled: true,
      disabled_reason: null,
      created_at: expect.stringMatching(INSTANT),
      updated_at: created.data.created_at,
    });
    expect(created.secret).toMatch(SECRET);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    // Kept for the dispatcher to sign with; never answered again.
    const [row] = await sql<{ secret: string; tenant_id: string; previous_secret: string | null }>(
      h,
      'select secret, tenant_id, previous_secret from webhook_endpoints where id = ?',
      [created.data.id],
    );
    expect(row).toEqual({ secret: created.secret, tenant_id: o.t.tenant.id, previous_secret: null });

    const one = await h.as(o.key, `/v1/webhook-endpoints/${created.data.id}`);
    expect(one.headers.get('cache-control')).toBe('no-store');
    const oneText = await one.text();
    expect(oneText).not.toContain(created.secret);
    expect(JSON.parse(oneText)).toEqual({ data: created.data });
    const list = await json<Page<Endpoint>>(await h.as(o.key, '/v1/webhook-endpoints?limit=100'));
    expect(list.data).toContainEqual(created.data);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const other = await create(o.key);
    expect(other.secret).not.toBe(created.secret);
    expect(other.data).toMatchObject({ url: PUBLIC_URL, event_types: ['*'], description: null });
  });

  test('the list is a keyset page ascending by (created_at, id)', async () => {
    const { key } = await org();
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await create(key, { description: `n${i}` })).data);
    const first = await json<Page<Endpoint>>(await h.as(key, '/v1/webhook-endpoints?limit=2'));
    expect(first.data).toEqual(made.slice(0, 2));
    expect(first.has_more).toBe(true);
    const second = await json<Page<Endpoint>>(
      await h.as(key, `/v1/webhook-endpoints?limit=2&cursor=${encodeURIComponent(first.next_cursor as string)}`),
    );
    expect(second).toEqual({ data: made.slice(2), next_cursor: null, has_more: false });
  });

  test('a body that breaks the schema is 400 invalid_body naming every field', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['url', 'event_types']],
      [{ url: PUBLIC_URL, event_types: [] }, ['event_types']],
      [{ url: PUBLIC_URL, event_types: ['employee.deleted'] }, ['event_types.0']],
      [{ url: PUBLIC_URL, event_types: ['webhook.test'] }, ['event_types.0']],
      [{ url: PUBLIC_URL, event_types: ['*', 'employee.created'] }, ['event_types']],
      [{ url: PUBLIC_URL, event_types: ['employee.created', 'employee.created'] }, ['event_types']],
      [{ url: PUBLIC_URL, event_types: 'employee.created' }, ['event_types']],
      [{ url: 42, event_types: ['*'] }, ['url']],
      [{ url: PUBLIC_URL, event_types: ['*'], secret: 'whsec_mine' }, ['secret']],
      [{ url: PUBLIC_URL, event_types: ['*'], enabled: false }, ['enabled']],
      [{ url: PUBLIC_URL, event_types: ['*'], description: '   ' }, ['description']],
      [{ url: PUBLIC_URL, event_types: ['*'], description: 'a\u0000b' }, ['description']],
      [{ url: PUBLIC_URL, event_types: ['*'], description: 'x'.repeat(501) }, ['description']],
    ];
    for (const [body, paths] of cases) {
      const res = await post(o.key, body);
      const problem = await expectDocumentedProblem(h, res, 400, 'invalid_body', 'POST', '/webhook-endpoints');
      const named = (problem.errors as { path: string }[]).map((e) => e.path);
      expect([...new Set(named)].sort(), JSON.stringify(body)).toEqual([...paths].sort());
    }
  });

  test.each([
    ['http://', 'http://93.184.215.14/hooks', 'https://'],
    ['credentials', 'https://user:pass@93.184.215.14/hooks', 'credentials'],
    ['relative', '/hooks', 'absolute URL'],
    ['longer than 2,048 characters', `https://93.184.215.14/${'a'.repeat(2030)}`, '2048'],
    ['private 10/8', 'https://10.0.0.1/hooks', 'non-public address (private)'],
    ['private 192.168/16', 'https://192.168.1.20:8443/hooks', 'non-public address (private)'],
    ['loopback', 'https://127.0.0.1/hooks', 'non-public address (loopback)'],
    ['loopback by name', 'https://localhost:3000/hooks', 'loopback host'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data/', 'non-public address (link-local)'],
    ['CGNAT', 'https://100.64.0.1/hooks', 'non-public address (shared (CGNAT))'],
    ['IPv6 loopback', 'https://[::1]/hooks', 'non-public address (loopback)'],
    ['IPv6 link-local', 'https://[fe80::1]/hooks', 'non-public address (link-local)'],
    ['IPv6 unique-local', 'https://[fd00::5]/hooks', 'non-public address (unique-local)'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hooks', 'non-public address (IPv6-embedded loopback)'],
    ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/hooks', 'non-public address (IPv6-embedded private)'],
    ['a name that does not resolve', 'https://no-such-host.invalid/hooks', 'does not resolve'],
  ])('a refused URL (%s) is 400 invalid_body naming url and why; nothing is created', async (_, url, why) => {
    const { key, t } = await org();
    const problem = await expectDocumentedProblem(
      h,
      await post(key, { url, event_types: ['*'] }),
      400,
      'invalid_body',
      'POST',
      '/webhook-endpoints',
    );
    expect(problem.errors).toEqual([{ path: 'url', message: expect.stringContaining(why) }]);
    // The length is the schema's rule (every violation counted in the detail); the others say why there too.
    expect(problem.detail).toContain(why === '2048' ? '1 problem' : why);
    expect(await sql(h, 'select id from webhook_endpoints where tenant_id = ?', [t.tenant.id])).toEqual([]);
  });

  test('an unknown id is 404, a malformed one 400 invalid_id, on every operation', async () => {
    const unknown = '01a20129-a8bd-7fe6-893d-e14d781596aa';
    const ops: [string, string, string, RequestInit][] = [
      ['GET', `/v1/webhook-endpoints/ID`, '/webhook-endpoints/{id}', {}],
      ['PATCH', `/v1/webhook-endpoints/ID`, '/webhook-endpoints/{id}', jsonInit('PATCH', { enabled: true })],
      ['DELETE', `/v1/webhook-endpoints/ID`, '/webhook-endpoints/{id}', { method: 'DELETE' }],
      ['POST', `/v1/webhook-endpoints/ID/rotate-secret`, '/webhook-endpoints/{id}/rotate-secret', { method: 'POST' }],
      ['POST', `/v1/webhook-endpoints/ID/test`, '/webhook-endpoints/{id}/test', { method: 'POST' }],
      ['GET', `/v1/webhook-endpoints/ID/deliveries`, '/webhook-endpoints/{id}/deliveries', {}],
    ];
    for (const [method, path, template, init] of ops) {
      await expectDocumentedProblem(
        h,
        await h.as(o.key, path.replace('ID', unknown), init),
        404,
        'not_found',
        method,
        template,
      );
      await expectDocumentedProblem(
        h,
        await h.as(o.key, path.replace('ID', 'nope'), init),
        400,
        'invalid_id',
        method,
        template,
      );
    }
  });
});

describe('at most 16 endpoints per tenant', () => {
  test('20 parallel creates: exactly 16 made, 4 are 422 webhook_endpoint_limit_reached; a freed place is taken again', async () => {
    const { t, key, sandboxKey } = await org();
    const results = await parallel(20, (i) => post(key, { url: PUBLIC_URL, event_types: ['*'], description: `#${i}` }));
    expect(statusCounts(results)).toEqual({ 200: 16, 422: 4 });
    for (const r of results.filter((x) => x.status === 422)) {
      const body = JSON.parse(r.text) as Record<string, unknown>;
      expect(body).toMatchObject({ code: 'webhook_endpoint_limit_reached', status: 422 });
      expect(body.detail).toContain('16');
      expect(r.headers.get('content-type')).toBe('application/problem+json');
    }
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>(h, 'select count(*) as n from webhook_endpoints where tenant_id = ?', [t.tenant.id])
        )[0].n,
      );
    expect(await count()).toBe(16);
    const listed = await json<Page<Endpoint>>(await h.as(key, '/v1/webhook-endpoints?limit=100'));
    expect(listed.data).toHaveLength(16);

    // The sandbox counts its own.
    await create(sandboxKey);

    await expectDocumentedProblem(
      h,
      await post(key, { url: PUBLIC_URL, event_types: ['*'] }),
      422,
      'webhook_endpoint_limit_reached',
      'POST',
      '/webhook-endpoints',
    );
    expect((await h.as(key, `/v1/webhook-endpoints/${listed.data[0].id}`, { method: 'DELETE' })).status).toBe(204);
    await create(key);
    expect(await count()).toBe(16);
    const again = await post(key, { url: PUBLIC_URL, event_types: ['*'] });
    await expectProblem(again, 422, 'webhook_endpoint_limit_reached');
  });
});

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

describe('rotate-secret', () => {
  test('a new secret; the old one keeps signing for 24 h as previous_secret; a second rotation drops the first', async () => {
    const { key } = await org();
    const made = await create(key);
    const before = Date.now();
    const rotated = await json<{ data: Endpoint; secret: string }>(
      await h.as(key, `/v1/webhook-endpoints/${made.data.id}/rotate-secret`, { method: 'POST' }),
    );
    expect(Object.keys(rotated).sort()).toEqual(['data', 'secret']);
    expect(rotated.secret).toMatch(SECRET);
    expect(rotated.secret).not.toBe(made.secret);
    expect(rotated.data).toEqual({ ...made.data, updated_at: expect.stringMatching(INSTANT) });
    const read = async () =>
      (
        await sql<{ secret: string; previous_secret: string; previous_secret_expires_at: Date }>(
          h,
          'select secret, previous_secret, previous_secret_expires_at from webhook_endpoints where id = ?',
          [made.data.id],
        )
      )[0];
    const row = await read();
    expect(row.secret).toBe(rotated.secret);
    expect(row.previous_secret).toBe(made.secret);
    const grace = new Date(row.previous_secret_expires_at).getTime() - before;
    expect(grace).toBeGreaterThan(24 * 3600 * 1000 - 60_000);
    expect(grace).toBeLessThan(24 * 3600 * 1000 + 60_000);

    const again = await json<{ secret: string }>(
      await h.as(key, `/v1/webhook-endpoints/${made.data.id}/rotate-secret`, { method: 'POST' }),
    );
    const after = await read();
    expect(after.secret).toBe(again.secret);
    expect(after.previous_secret).toBe(rotated.secret);
    // Never shown again by a read.
    const text = await (await h.as(key, `/v1/webhook-endpoints/${made.data.id}`)).text();
    expect(text).not.toContain(again.secret);
  });
});

describe('test events and deliveries', () => {
  test('POST …/test is 202 {data: {event_id}}: one delivery queued, for that endpoint only, whatever its types; not in /v1/events', async () => {
    const { t, key } = await org();
    const reader = await h.key(t, ['employees:read', 'leave:read']);
    const target = await create(key, { event_types: ['employee.updated'] });
    const bystander = await create(key, { event_types: ['*'] });
    const res = await h.as(key, `/v1/webhook-endpoints/${target.data.id}/test`, {
      method: 'POST',
      headers: { 'X-Request-Id': 'test-event-request-1' },
    });
    const body = await json<{ data: { event_id: string } }>(res, 202);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual({ data: { event_id: expect.stringMatching(UUID) } });

    const deliveries = await deliveriesOf(key, target.data.id);
    expect(deliveries).toEqual({
      data: [
        {
          id: expect.stringMatching(UUID),
          event_id: body.data.event_id,
          event_type: 'webhook.test',
          attempt: 1,
          status: 'pending',
          response_status: null,
          error: null,
          duration_ms: null,
          created_at: expect.stringMatching(INSTANT),
          next_attempt_at: expect.stringMatching(INSTANT),
        },
      ],
      next_cursor: null,
      has_more: false,
    });
    expect((await deliveriesOf(key, bystander.data.id)).data).toEqual([]);
    const [event] = await sql<{ type: string; data: { object: Record<string, unknown> }; request_id: string }>(
      h,
      'select type, data, request_id from events where id = ?',
      [body.data.event_id],
    );
    expect(event).toMatchObject({ type: 'webhook.test', request_id: 'test-event-request-1' });
    expect(event.data.object).toMatchObject({ id: target.data.id });

    // The event log never lists it.
    const events = await json<Page<{ id: string }>>(await h.as(reader, '/v1/events?limit=100'));
    expect(events.data.map((e) => e.id)).not.toContain(body.data.event_id);
    await expectProblem(await h.as(reader, `/v1/events/${body.data.event_id}`), 404, 'not_found');
  });

  test('under one Idempotency-Key a test event is sent once; a disabled endpoint gets no delivery', async () => {
    const { key } = await org();
    const { data: made } = await create(key);
    const headers = { 'Idempotency-Key': idempotencyKey('test') };
    const first = await h.as(key, `/v1/webhook-endpoints/${made.id}/test`, { method: 'POST', headers });
    const firstBody = await first.text();
    expect(first.status).toBe(202);
    const second = await h.as(key, `/v1/webhook-endpoints/${made.id}/test`, { method: 'POST', headers });
    expect(second.status).toBe(202);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.text()).toBe(firstBody);
    expect((await deliveriesOf(key, made.id)).data).toHaveLength(1);

    await json(await h.as(key, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', { enabled: false })));
    const off = await json<{ data: { event_id: string } }>(
      await h.as(key, `/v1/webhook-endpoints/${made.id}/test`, { method: 'POST' }),
      202,
    );
    const after = await deliveriesOf(key, made.id);
    expect(after.data).toHaveLength(1);
    expect(after.data.map((d) => d.event_id)).not.toContain(off.data.event_id);
  });

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

describe('tenants and sandboxes', () => {
  test("another tenant's endpoint is 404 to every operation, and left unchanged", async () => {
    const owner = await org();
    const stranger = await org();
    const { data: made } = await create(owner.key);
    for (const secret of [stranger.key, owner.sandboxKey]) {
      const base = `/v1/webhook-endpoints/${made.id}`;
      await expectProblem(await h.as(secret, base), 404, 'not_found');
      await expectProblem(await h.as(secret, base, jsonInit('PATCH', { url: OTHER_PUBLIC_URL })), 404, 'not_found');
      await expectProblem(await h.as(secret, base, { method: 'DELETE' }), 404, 'not_found');
      await expectProblem(await h.as(secret, `${base}/rotate-secret`, { method: 'POST' }), 404, 'not_found');
      await expectProblem(await h.as(secret, `${base}/test`, { method: 'POST' }), 404, 'not_found');
      await expectProblem(await h.as(secret, `${base}/deliveries`), 404, 'not_found');
    }
    expect(await json(await h.as(owner.key, `/v1/webhook-endpoints/${made.id}`))).toEqual({ data: made });
    expect((await deliveriesOf(owner.key, made.id)).data).toEqual([]);
    const [row] = await sql<{ previous_secret: string | null }>(
      h,
      'select previous_secret from webhook_endpoints where id = ?',
      [made.id],
    );
    expect(row.previous_secret).toBeNull();
  });

  test('a sandbox key acts on the sandbox’s endpoints only; live and sandbox lists are apart', async () => {
    const o = await org();
    const live = await create(o.key, { description: 'live' });
    const sandbox = await create(o.sandboxKey, { description: 'sandbox' });
    const [row] = await sql<{ tenant_id: string }>(h, 'select tenant_id from webhook_endpoints where id = ?', [
      sandbox.data.id,
    ]);
    expect(row.tenant_id).toBe(o.t.sandbox.id);
    const liveList = await json<Page<Endpoint>>(await h.as(o.key, '/v1/webhook-endpoints'));
    const sandboxList = await json<Page<Endpoint>>(await h.as(o.sandboxKey, '/v1/webhook-endpoints'));
    expect(liveList.data.map((e) => e.id)).toEqual([live.data.id]);
    expect(sandboxList.data.map((e) => e.id)).toEqual([sandbox.data.id]);
    const sent = await json<{ data: { event_id: string } }>(
      await h.as(o.sandboxKey, `/v1/webhook-endpoints/${sandbox.data.id}/test`, { method: 'POST' }),
      202,
    );
    expect((await deliveriesOf(o.sandboxKey, sandbox.data.id)).data.map((d) => d.event_id)).toEqual([
      sent.data.event_id,
    ]);
    expect((await h.as(o.sandboxKey, `/v1/webhook-endpoints/${sandbox.data.id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await h.as(o.key, `/v1/webhook-endpoints/${live.data.id}`)).status).toBe(200);
  });

  isolationCases(server, {
    name: 'GET /v1/webhook-endpoints/{id}',
    scope: 'webhooks:read',
    listPath: '/v1/webhook-endpoints',
    recordPath: async (tenant) => `/v1/webhook-endpoints/${(await create(await h.key(tenant, ALL))).data.id}`,
  });
});

describe('scopes', () => {
  /** A fresh endpoint of `tenant`, made with a key of its own. */
  const endpointPath = async (tenant: TestTenant, suffix = '') =>
    `/v1/webhook-endpoints/${(await create(await h.key(tenant, ['webhooks:write']))).data.id}${suffix}`;

  securityCases(server, {
    name: 'GET /v1/webhook-endpoints',
    scope: 'webhooks:read',
    path: () => '/v1/webhook-endpoints',
  });
  securityCases(server, {
    name: 'GET /v1/webhook-endpoints/{id}',
    scope: 'webhooks:read',
    path: (t) => endpointPath(t),
  });
  securityCases(server, {
    name: 'GET /v1/webhook-endpoints/{id}/deliveries',
    scope: 'webhooks:read',
    path: (t) => endpointPath(t, '/deliveries'),
  });
  securityCases(server, {
    name: 'POST /v1/webhook-endpoints',
    scope: 'webhooks:write',
    method: 'POST',
    path: () => '/v1/webhook-endpoints',
    body: { url: PUBLIC_URL, event_types: ['*'] },
  });
  securityCases(server, {
    name: 'PATCH /v1/webhook-endpoints/{id}',
    scope: 'webhooks:write',
    method: 'PATCH',
    path: (t) => endpointPath(t),
    body: { description: 'scoped' },
  });
  securityCases(server, {
    name: 'POST /v1/webhook-endpoints/{id}/rotate-secret',
    scope: 'webhooks:write',
    method: 'POST',
    path: (t) => endpointPath(t, '/rotate-secret'),
  });
  securityCases(server, {
    name: 'POST /v1/webhook-endpoints/{id}/test',
    scope: 'webhooks:write',
    method: 'POST',
    path: (t) => endpointPath(t, '/test'),
  });

  // The shared cases send the same request twice (key, then token): a DELETE answers 404 the second time.
  test('DELETE /v1/webhook-endpoints/{id}: 401 without a credential, 403 with every other scope, 204 with webhooks:write', async () => {
    const t = await h.tenant();
    const path = await endpointPath(t);
    await expectProblem(await h.fetch(path, { method: 'DELETE' }), 401, 'unauthorized');
    const others = await h.key(t, ['webhooks:read', 'employees:write', 'leave:write', 'employees:read']);
    const refused = await expectProblem(await h.as(others, path, { method: 'DELETE' }), 403, 'insufficient_scope');
    expect(refused.detail).toContain('webhooks:write');
    expect((await h.as(await h.key(t, ['webhooks:write']), path, { method: 'DELETE' })).status).toBe(204);
  });

  test('the two scopes are in the OAuth metadata, the capabilities and the OpenAPI document', async () => {
    const meta = (await (await h.fetch('/.well-known/oauth-authorization-server')).json()) as {
      scopes_supported: string[];
    };
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['webhooks:read', 'webhooks:write']));
    const caps = (await (await h.fetch('/v1/capabilities')).json()) as { auth: { scopes: string[] } };
    expect(caps.auth.scopes).toEqual(expect.arrayContaining(['webhooks:read', 'webhooks:write']));
    const doc = (await h.contract()).doc as {
      paths: Record<string, Record<string, { 'x-required-scope'?: string }>>;
      components: { securitySchemes: { oauth2: { flows: { clientCredentials: { scopes: Record<string, string> } } } } };
    };
    expect(Object.keys(doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes)).toEqual(
      expect.arrayContaining(['webhooks:read', 'webhooks:write']),
    );
    const scopes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/webhook-endpoints'))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([m, op]) => `${m.toUpperCase()} ${path} ${op['x-required-scope']}`),
      );
    expect(scopes.sort()).toEqual(
      [
        'GET /webhook-endpoints webhooks:read',
        'POST /webhook-endpoints webhooks:write',
        'GET /webhook-endpoints/{id} webhooks:read',
        'PATCH /webhook-endpoints/{id} webhooks:write',
        'DELETE /webhook-endpoints/{id} webhooks:write',
        'POST /webhook-endpoints/{id}/rotate-secret webhooks:write',
        'POST /webhook-endpoints/{id}/test webhooks:write',
        'GET /webhook-endpoints/{id}/deliveries webhooks:read',
      ].sort(),
    );
  });
});

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

describe('wfm webhook', () => {
  const run = (...args: string[]) => nodeWfm(args, { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  async function ok(...args: string[]): Promise<Record<string, unknown>> {
    const result = await run(...args);
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    return onlyJsonObject(result);
  }

  test('create (live and test), list, delete: JSON results that hold on the API; refusals exit non-zero', async () => {
    expect(inject('databaseUrl')).not.toBe(databaseUrl);
    const o = await org();
    const tenantId = o.t.tenant.id;
    const [live, sandbox, privateUrl, unknownType] = await Promise.all([
      ok(
        'webhook',
        'create',
        '--tenant',
        tenantId,
        '--env',
        'live',
        '--url',
        PUBLIC_URL,
        '--events',
        'employee.created,leave_request.approved',
        '--description',
        'From the CLI',
        '--json',
      ),
      ok(
        'webhook',
        'create',
        '--tenant',
        tenantId,
        '--env',
        'test',
        '--url',
        OTHER_PUBLIC_URL,
        '--events',
        '*',
        '--json',
      ),
      run(
        'webhook',
        'create',
        '--tenant',
        tenantId,
        '--env',
        'live',
        '--url',
        'https://10.0.0.8/',
        '--events',
        '*',
        '--json',
      ),
      run(
        'webhook',
        'create',
        '--tenant',
        tenantId,
        '--env',
        'live',
        '--url',
        PUBLIC_URL,
        '--events',
        'bogus.type',
        '--json',
      ),
    ]);
    expect(live).toEqual({ id: expect.stringMatching(UUID), secret: expect.stringMatching(SECRET) });
    expect(sandbox).toEqual({ id: expect.stringMatching(UUID), secret: expect.stringMatching(SECRET) });
    expect(privateUrl.code).not.toBe(0);
    expect(onlyJsonObject(privateUrl)).toEqual({ error: expect.stringContaining('non-public address (private)') });
    expect(unknownType.code).not.toBe(0);
    expect(onlyJsonObject(unknownType)).toEqual({ error: expect.stringContaining('bogus.type') });

    const viaApi = await json<{ data: Endpoint }>(await h.as(o.key, `/v1/webhook-endpoints/${live.id}`));
    expect(viaApi.data).toMatchObject({
      url: PUBLIC_URL,
      event_types: ['employee.created', 'leave_request.approved'],
      description: 'From the CLI',
      enabled: true,
    });
    expect((await h.as(o.sandboxKey, `/v1/webhook-endpoints/${sandbox.id}`)).status).toBe(200);
    await expectProblem(await h.as(o.key, `/v1/webhook-endpoints/${sandbox.id}`), 404, 'not_found');
    const [{ secret }] = await sql<{ secret: string }>(h, 'select secret from webhook_endpoints where id = ?', [
      live.id,
    ]);
    expect(secret).toBe(live.secret);

    const listed = await ok('webhook', 'list', '--tenant', tenantId, '--json');
    expect(Object.keys(listed)).toEqual(['endpoints']);
    const endpoints = listed.endpoints as (Endpoint & { env: string })[];
    expect(endpoints.map((e) => [e.id, e.env]).sort()).toEqual(
      [
        [live.id, 'live'],
        [sandbox.id, 'test'],
      ].sort(),
    );
    expect(endpoints.find((e) => e.id === live.id)).toEqual({ ...viaApi.data, env: 'live' });
    expect(JSON.stringify(listed)).not.toContain(live.secret as string);

    const deleted = await ok('webhook', 'delete', live.id as string, '--json');
    expect(deleted).toEqual({ id: live.id, deleted: true });
    await expectProblem(await h.as(o.key, `/v1/webhook-endpoints/${live.id}`), 404, 'not_found');
    const again = await run('webhook', 'delete', live.id as string, '--json');
    expect(again.code).not.toBe(0);
    expect(onlyJsonObject(again)).toEqual({ error: expect.stringContaining(live.id as string) });
  });
});
