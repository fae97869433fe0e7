import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { afterAll, inject } from 'vitest';
import { createApiKey, createOAuthClient } from '../../domain/credentials.js';
import { type CreateOrganisationInput, createOrganisation } from '../../domain/organisations.js';
import type { Scope } from '../../domain/scopes.js';
import { parseEnv } from '../../server/env.js';
import { createLogger, type RunningServer, startServer } from '../../server/server.js';
import { type Contract, servedContract, validatingFetch } from './openapi.js';
import { freePort } from './processes.js';

export type TestTenant = Awaited<ReturnType<typeof createOrganisation>>;

/** Requests to a test server. */
export interface Requests {
  /** fetch against the server: `h.fetch('/v1/modules')`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** GET (or any method) with `Authorization: Bearer <secret>`. */
  as(secret: string, path: string, init?: RequestInit): Promise<Response>;
}

export interface TestServer extends RunningServer, Requests {
  /**
   * `fetch` and `as` check every /v1 response against the served OpenAPI document before the test
   * sees it (tests/support/openapi.ts: a documented status, Content-Type, body and header values, or
   * one of the few answers decided before any operation), and fail the test on a drift. `raw` is the
   * same without the check, for a test that deliberately reads an answer the document does not
   * describe; say why where it is used.
   */
  raw: Requests;
  /** The served /openapi.json, compiled for checking responses (fetched once, on first use). */
  contract(): Promise<Contract>;
  /** A fresh organisation (live + sandbox tenant, first HR admins), unique to the caller. */
  tenant(input?: Partial<CreateOrganisationInput>): Promise<TestTenant>;
  /** An API key's secret for `tenant` (the live tenant id) with `scopes`, on `env` (default live). */
  key(tenant: TestTenant, scopes: readonly Scope[], env?: 'live' | 'test'): Promise<string>;
  /** An OAuth client for `tenant` with `scopes`. */
  client(
    tenant: TestTenant,
    scopes: readonly Scope[],
    env?: 'live' | 'test',
  ): Promise<{ client_id: string; client_secret: string }>;
}

/**
 * A real server on the suite's PostgreSQL database, on a free port. `env` overrides settings
 * (low rate limits, a store, …); `logger` replaces the one on stderr (to read what it logs).
 * Close it in afterAll.
 */
export async function startTestServer(env: Record<string, string> = {}, logger?: Logger): Promise<TestServer> {
  const port = String(await freePort());
  const parsed = parseEnv({
    PORT: port,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // Test servers share one database: only tests that watch e-mail delivery run a dispatcher.
    OUTBOX_DISPATCH: 'false',
    DATABASE_URL: inject('databaseUrl'),
    ...env,
  });
  const running = await startServer(parsed, logger ?? createLogger(parsed, 2));
  const prefix = parsed.CREDENTIAL_PREFIX;
  const em = () => running.orm.em.fork();
  const contract = servedContract(running.url);
  const checked = validatingFetch(running.url, contract);
  const bearer = (secret: string, init?: RequestInit): RequestInit => ({
    ...init,
    headers: { ...init?.headers, Authorization: `Bearer ${secret}` },
  });
  return {
    ...running,
    fetch: checked,
    as: (secret, path, init) => checked(path, bearer(secret, init)),
    raw: {
      fetch: (path, init) => fetch(`${running.url}${path}`, init),
      as: (secret, path, init) => fetch(`${running.url}${path}`, bearer(secret, init)),
    },
    contract,
    tenant: (input) => createOrganisation(em(), { name: `Test ${randomBytes(4).toString('hex')}`, ...input }),
    key: async (tenant, scopes, keyEnv = 'live') =>
      (await createApiKey(em(), prefix, { tenantId: tenant.tenant.id, env: keyEnv, scopes: [...scopes] })).secret,
    client: (tenant, scopes, clientEnv = 'live') =>
      createOAuthClient(em(), prefix, { tenantId: tenant.tenant.id, env: clientEnv, scopes: [...scopes] }),
  };
}

/**
 * A `startTestServer` for tests that each need a server of their own (the memory store keeps
 * budgets per process); every server it starts is closed in afterAll.
 */
export function serverPerTest(): (env: Record<string, string>) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));
  return async (env) => {
    const s = await startTestServer(env);
    servers.push(s);
    return s;
  };
}

/** Asserts the RFC 9457 shape every error response must have, and returns the body. */
export async function expectProblem(res: Response, status: number, code: string): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  const requestId = res.headers.get('x-request-id');
  const problem = { status: res.status, contentType: res.headers.get('content-type'), code: body.code };
  const expected = { status, contentType: 'application/problem+json', code };
  if (JSON.stringify(problem) !== JSON.stringify(expected)) {
    throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(problem)}: ${JSON.stringify(body)}`);
  }
  if (typeof body.type !== 'string' || !body.type.endsWith(`/problems/${code}`))
    throw new Error(`bad type ${body.type}`);
  if (typeof body.title !== 'string' || body.status !== status)
    throw new Error(`bad title/status ${JSON.stringify(body)}`);
  if (!requestId || body.request_id !== requestId)
    throw new Error(`request_id ${body.request_id} != header ${requestId}`);
  return body;
}
