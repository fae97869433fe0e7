// A real server for the tests, on the suite's database and a free port: requests checked against the
// served OpenAPI document, tenants and credentials, and the problem-document assertions.
// Spawned server processes are cluster.ts; the database itself, database.ts.
import type { Logger } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Scope } from '../../core/scopes.js';
import type { CreateOrganisationInput, createOrganisation } from '../../routers/organisations/organisations.writes.js';
import { parseEnv } from '../../server/main/env.js';
import { createLogger } from '../../server/main/logging.js';
import { type RunningServer, startServer } from '../../server/main/start.js';
import { type Contract, expectMatchesOpenApi, servedContract, validatingFetch } from './openapi.js';
import { freePort, transactionPooling } from './processes.js';
import { newClient, newKey, newTenant } from './tenants.js';

export type TestTenant = Awaited<ReturnType<typeof createOrganisation>>;

/** Requests to a test server. */
interface Requests {
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

/** Settings over the test defaults below (PORT, DATABASE_URL, LOG_LEVEL, OUTBOX_DISPATCH, …). */
export type Settings = Record<string, string>;

/**
 * A real server on the suite's PostgreSQL database, on a free port. `env` overrides settings
 * (low rate limits, a store, …); `logger` replaces the one on stderr (to read what it logs).
 * The caller closes it: a server for the whole file is `useTestServer`.
 */
export async function startTestServer(env: Settings = {}, logger?: Logger): Promise<TestServer> {
  const port = String(await freePort());
  const parsed = parseEnv({
    PORT: port,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // Test servers share one database: only tests that watch e-mail delivery run a dispatcher.
    OUTBOX_DISPATCH: 'false',
    DATABASE_URL: inject('databaseUrl'),
    ...transactionPooling(),
    ...env,
  });
  const running = await startServer(parsed, logger ?? createLogger(parsed, 2));
  const prefix = parsed.CREDENTIAL_PREFIX;
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
    tenant: (input) => newTenant(running.orm, input),
    key: (tenant, scopes, keyEnv = 'live') => newKey(running.orm, tenant, scopes, keyEnv, prefix),
    client: (tenant, scopes, clientEnv = 'live') => newClient(running.orm, tenant, scopes, clientEnv, prefix),
  };
}

/**
 * One server for the file (or the `describe` it is called in): started in beforeAll, closed in
 * afterAll. What it returns is that server once beforeAll has run, so use it inside tests and
 * hooks only (reading it earlier throws):
 *
 *     const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000' });
 *     test('…', async () => { const t = await h.tenant(); … });
 *
 * `env` may be a function, called in beforeAll, for settings known only once earlier hooks have run
 * (a database of the file's own: `useFreshDatabase`). Hooks run in the order they are registered
 * and their afterAll in the reverse order, so a database registered before the server outlives it,
 * and a beforeAll registered after it (a tenant, keys) can use it.
 */
export function useTestServer(env: Settings | (() => Settings | Promise<Settings>) = {}, logger?: Logger): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(typeof env === 'function' ? await env() : env, logger);
  });
  afterAll(() => server?.close());
  const started = (what: PropertyKey): TestServer => {
    if (!server) {
      throw new Error(`useTestServer: the server starts in beforeAll; read ${String(what)} inside a test or hook`);
    }
    return server;
  };
  return new Proxy({} as TestServer, {
    // `then` and symbols (await, inspection) read as absent before the start rather than throwing.
    get: (_, key) =>
      !server && (key === 'then' || typeof key === 'symbol') ? undefined : Reflect.get(started(key), key),
    has: (_, key) => Reflect.has(started(key), key),
    ownKeys: () => Reflect.ownKeys(started('its keys')),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(started(key), key),
  });
}

/**
 * A `startTestServer` for tests that each need a server of their own (the memory store keeps
 * budgets per process); every server it starts is closed in afterAll.
 */
export function serverPerTest(): (env: Settings) => Promise<TestServer> {
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

/** `expectProblem`, and the body also valid against the served OpenAPI document for the operation. */
export async function expectDocumentedProblem(
  h: TestServer,
  res: Response,
  status: number,
  code: string,
  method: string,
  template: string,
): Promise<Record<string, unknown>> {
  const body = await expectProblem(res, status, code);
  await expectMatchesOpenApi(h, method, template, status, body);
  return body;
}
