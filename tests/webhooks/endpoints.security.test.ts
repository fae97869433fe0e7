// Every operation of /v1/webhook-endpoints: another tenant's endpoint is 404, a sandbox key sees the
// sandbox's only, and the scopes (401, 403, webhooks:read and :write). On a database of its own.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectProblem, type TestServer, type TestTenant } from '../support/harness.js';
import { jsonInit, type Page } from '../support/http.js';
import { isolationCases, securityCases } from '../support/security.js';
import { ALL, type Endpoint, json, OTHER_PUBLIC_URL, PUBLIC_URL, useEndpointsServer } from './helpers.js';

const { h, create, deliveriesOf, org } = useEndpointsServer('own');
const server = () => h as TestServer;

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
  /** A fresh endpoint of `tenant`, made with a key of its own (the read scopes its `*` needs, decisions §18). */
  const endpointPath = async (tenant: TestTenant, suffix = '') =>
    `/v1/webhook-endpoints/${(await create(await h.key(tenant, ALL))).data.id}${suffix}`;
  /**
   * One receiving only `webhook_endpoint.disabled`: acting on it needs the operation's scope and
   * that type's read scope, webhooks:read (decisions §21).
   */
  const narrowEndpointPath = async (tenant: TestTenant, suffix = '') =>
    `/v1/webhook-endpoints/${(await create(await h.key(tenant, ALL), { event_types: ['webhook_endpoint.disabled'] })).data.id}${suffix}`;

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
    // The least a subscription needs beside webhooks:write: the read scope of its one type.
    body: { url: PUBLIC_URL, event_types: ['webhook_endpoint.disabled'] },
    bodyScopes: ['webhooks:read'],
  });
  securityCases(server, {
    name: 'PATCH /v1/webhook-endpoints/{id}',
    scope: 'webhooks:write',
    method: 'PATCH',
    path: (t) => narrowEndpointPath(t),
    body: { description: 'scoped' },
    bodyScopes: ['webhooks:read'],
  });
  securityCases(server, {
    name: 'POST /v1/webhook-endpoints/{id}/rotate-secret',
    scope: 'webhooks:write',
    method: 'POST',
    path: (t) => narrowEndpointPath(t, '/rotate-secret'),
    bodyScopes: ['webhooks:read'],
  });
  securityCases(server, {
    name: 'POST /v1/webhook-endpoints/{id}/test',
    scope: 'webhooks:write',
    method: 'POST',
    path: (t) => narrowEndpointPath(t, '/test'),
    bodyScopes: ['webhooks:read'],
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
        'POST /webhook-endpoints/{id}/recover webhooks:write',
        'GET /webhook-endpoints/{id}/deliveries webhooks:read',
        'POST /webhook-endpoints/{id}/deliveries/{delivery_id}/retry webhooks:write',
      ].sort(),
    );
  });
});
