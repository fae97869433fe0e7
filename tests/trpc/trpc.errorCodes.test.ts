import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { type TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { AppRouter } from '../../routers/index.js';
import { type PgProxy, pgProxy } from '../support/cluster.js';
import { hireBody } from '../support/employees.js';
import { serverPerTest, type TestServer, type TestTenant, useTestServer } from '../support/harness.js';
import { transactionPooling } from '../support/processes.js';

// A refused /trpc call carries the tRPC code of its HTTP status (decisions §17), so that tRPC's own
// tools (React Query's retry rules, error boundaries, logging) tell a client's mistake from a
// server fault; `data.code` keeps the problem code. Read as a frontend reads it: @trpc/client.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
const perTest = serverPerTest();
let t: TestTenant;
let full: string;
/** A tenant whose one seat its HR admin takes. */
let packed: TestTenant;

beforeAll(async () => {
  t = await h.tenant();
  full = await h.key(t, ['employees:read', 'employees:write']);
  packed = await h.tenant({ seats: 1 });
});

function client(server: TestServer, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${server.url}/trpc`, headers: token ? { Authorization: `Bearer ${token}` } : {} })],
  });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return error as TRPCClientError<AppRouter>;
}

/** Asserts the error as @trpc/client gives it; returns the HTTP answer it came in. */
async function expectRefused(promise: Promise<unknown>, status: number, trpcCode: TRPC_ERROR_CODE_KEY, code: string) {
  const error = await refusal(promise);
  expect(error.data).toMatchObject({ code, httpStatus: status });
  expect(error.shape?.code).toBe(TRPC_ERROR_CODES_BY_KEY[trpcCode]);
  const response = error.meta?.response as Response | undefined;
  expect(response?.status).toBe(status);
  return response as Response;
}

describe('each refusal carries the tRPC code of its status, never INTERNAL_SERVER_ERROR', () => {
  test('400 BAD_REQUEST, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND', async () => {
    await expectRefused(
      client(h, full).employees.list.query({ limit: 0 }),
      400,
      'BAD_REQUEST',
      'invalid_query_parameter',
    );
    await expectRefused(client(h).employees.list.query({}), 401, 'UNAUTHORIZED', 'unauthorized');
    await expectRefused(
      client(h, `${full.slice(0, -4)}zzzz`).employees.list.query({}),
      401,
      'UNAUTHORIZED',
      'invalid_credential',
    );
    await expectRefused(
      client(h, await h.key(t, ['leave:read'])).employees.list.query({}),
      403,
      'FORBIDDEN',
      'insufficient_scope',
    );
    await expectRefused(
      client(h, full).employees.get.query({ id: '0195f0a0-0000-7000-8000-000000000000' }),
      404,
      'NOT_FOUND',
      'not_found',
    );
    await expectRefused(
      client(h, full).employees.create.mutate(
        hireBody(t, { actor_employee_id: '0195f0a0-0000-7000-8000-000000000000' }) as never,
      ),
      404,
      'NOT_FOUND',
      'actor_not_found',
    );
  });

  test('409 CONFLICT, 413 PAYLOAD_TOO_LARGE, 422 UNPROCESSABLE_CONTENT', async () => {
    const api = client(h, full);
    await expectRefused(
      api.employees.create.mutate(hireBody(t, { email: t.hr_admin.email }) as never),
      409,
      'CONFLICT',
      'email_taken',
    );
    await expectRefused(
      api.employees.create.mutate(hireBody(t, { full_name: 'x'.repeat(70_000) }) as never),
      413,
      'PAYLOAD_TOO_LARGE',
      'payload_too_large',
    );
    await expectRefused(
      client(h, await h.key(packed, ['employees:write'])).employees.create.mutate(hireBody(packed) as never),
      422,
      'UNPROCESSABLE_CONTENT',
      'seat_limit_reached',
    );
  });

  test('429 TOO_MANY_REQUESTS once the budget is spent', async () => {
    const s = await perTest({ RATE_LIMIT_POINTS: '1' });
    const tenant = await s.tenant();
    const api = client(s, await s.key(tenant, ['employees:read']));
    await api.employees.list.query({});
    const response = await expectRefused(api.employees.list.query({}), 429, 'TOO_MANY_REQUESTS', 'rate_limited');
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('405 METHOD_NOT_SUPPORTED and 415 UNSUPPORTED_MEDIA_TYPE, JSON bodies in tRPC shape', async () => {
    const cases = [
      { init: { method: 'GET' }, path: 'employees.create', status: 405, key: 'METHOD_NOT_SUPPORTED' },
      {
        init: { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' },
        path: 'employees.create',
        status: 415,
        key: 'UNSUPPORTED_MEDIA_TYPE',
      },
    ] as const;
    for (const { init, path, status, key } of cases) {
      const res = await h.fetch(`/trpc/${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${full}`, ...('headers' in init ? init.headers : {}) },
      });
      const text = await res.text();
      expect(res.status, text).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = JSON.parse(text) as { error: { code: number; data: { httpStatus: number } } };
      expect(body.error.code).toBe(TRPC_ERROR_CODES_BY_KEY[key]);
      expect(body.error.data.httpStatus).toBe(status);
    }
  });
});

describe('a database that cannot be reached', () => {
  let proxy: PgProxy;
  beforeAll(async () => {
    proxy = await pgProxy(inject('databaseUrl'));
  });
  afterAll(() => proxy?.close());

  test('is 503 SERVICE_UNAVAILABLE in tRPC shape, also when the credential could not be looked up', async () => {
    const s = await perTest({ DATABASE_URL: proxy.url, ...transactionPooling() });
    const tenant = await s.tenant();
    const api = client(s, await s.key(tenant, ['employees:read']));
    await api.employees.list.query({});
    await proxy.cut();
    try {
      await expectRefused(api.employees.list.query({}), 503, 'SERVICE_UNAVAILABLE', 'service_unavailable');
    } finally {
      await proxy.restore();
    }
  });
});
