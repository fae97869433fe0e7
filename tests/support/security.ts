// The scope and tenant-isolation cases every tenant endpoint must pass, registered as tests in the
// calling file. Not the credentials themselves: tests/credentials/.
import { expect, test } from 'vitest';
import { SCOPES, type Scope } from '../../core/scopes.js';
import { expectProblem, type TestServer, type TestTenant } from './harness.js';
import { creds, tokenJson } from './oauth.js';

export interface SecuredEndpoint {
  /** e.g. 'GET /v1/employees' or 'GET /v1/employees/{id}' */
  name: string;
  scope: Scope;
  /** Builds the request path for a tenant (to point {id} at one of its records). */
  path: (tenant: TestTenant) => Promise<string> | string;
  method?: string;
  body?: unknown;
  /** Scopes the body needs beside the endpoint's (a webhook subscription needs its types' read scopes, decisions §18). */
  bodyScopes?: Scope[];
}

/**
 * The security cases every tenant endpoint must pass, in one place (like unkey's
 * runCommonRouteTests): 401 without or with a bad credential, 403 with every other scope, and
 * 200 with exactly the right scope, through an API key and an OAuth access token alike.
 */
export function securityCases(server: () => TestServer, endpoint: SecuredEndpoint): void {
  const send = (path: string, headers: Record<string, string> = {}) =>
    server().fetch(path, {
      method: endpoint.method ?? 'GET',
      headers: { ...(endpoint.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body),
    });

  test(`${endpoint.name}: 401 unauthorized without a credential`, async () => {
    const tenant = await server().tenant();
    const res = await send(await endpoint.path(tenant));
    await expectProblem(res, 401, 'unauthorized');
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="workforce"');
  });

  test(`${endpoint.name}: 401 invalid_credential for unknown, malformed and non-bearer credentials`, async () => {
    const tenant = await server().tenant();
    const path = await endpoint.path(tenant);
    const client = await server().client(tenant, [endpoint.scope]);
    for (const authorization of [
      'Bearer svc_live_0000000000000000000000000000000000000000',
      'Bearer svc_at_0000000000000000000000000000000000000000',
      'Bearer nonsense',
      'Basic dXNlcjpwYXNz',
      `Bearer ${client.client_id}`,
      `Bearer ${client.client_secret}`,
    ]) {
      const res = await send(path, { Authorization: authorization });
      await expectProblem(res, 401, 'invalid_credential');
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  test(`${endpoint.name}: 403 insufficient_scope with every other scope`, async () => {
    const tenant = await server().tenant();
    const path = await endpoint.path(tenant);
    const others = SCOPES.filter((s) => s !== endpoint.scope);
    const secret = await server().key(tenant, others);
    const res = await send(path, { Authorization: `Bearer ${secret}` });
    const body = await expectProblem(res, 403, 'insufficient_scope');
    expect(body.detail).toContain(endpoint.scope);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="workforce", error="insufficient_scope", scope="${endpoint.scope}"`,
    );
  });

  test(`${endpoint.name}: passes with exactly its scope, by API key and by access token`, async () => {
    const tenant = await server().tenant();
    const path = await endpoint.path(tenant);
    const scopes = [endpoint.scope, ...(endpoint.bodyScopes ?? [])];
    const secret = await server().key(tenant, scopes);
    const byKey = await send(path, { Authorization: `Bearer ${secret}` });
    expect(byKey.status, await byKey.clone().text()).toBeLessThan(300);
    const client = await server().client(tenant, scopes);
    const token = await tokenJson(server(), { grant_type: 'client_credentials', ...creds(client) });
    const { access_token } = (await token.json()) as { access_token: string };
    const byToken = await send(path, { Authorization: `Bearer ${access_token}` });
    expect(byToken.status, await byToken.clone().text()).toBeLessThan(300);
  });
}

/**
 * A record of one tenant is 404 `not_found` to every other tenant, and to the same
 * organisation's sandbox (and never appears in their lists).
 */
export function isolationCases(
  server: () => TestServer,
  endpoint: { name: string; scope: Scope; listPath: string; recordPath: (tenant: TestTenant) => Promise<string> },
): void {
  test(`${endpoint.name}: another tenant's record is 404 and absent from lists; so is live data to the sandbox`, async () => {
    const owner = await server().tenant();
    const stranger = await server().tenant();
    const path = await endpoint.recordPath(owner);
    const id = path.split('/').pop();
    for (const secret of [
      await server().key(stranger, [endpoint.scope]),
      await server().key(owner, [endpoint.scope], 'test'),
    ]) {
      await expectProblem(await server().as(secret, path), 404, 'not_found');
      const list = (await (await server().as(secret, `${endpoint.listPath}?limit=100`)).json()) as {
        data: { id: string }[];
      };
      expect(list.data.map((r) => r.id)).not.toContain(id);
    }
    const own = await server().as(await server().key(owner, [endpoint.scope]), path);
    expect(own.status).toBe(200);
  });
}
