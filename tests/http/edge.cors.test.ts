import { beforeAll, describe, expect, test } from 'vitest';
import { parseEnv } from '../../server/main/env.js';
import { expectProblem, serverPerTest, type TestServer, type TestTenant, useTestServer } from '../support/harness.js';

// Browsers (decisions §1 "CORS", §20 "Browsers"): the origins of CORS_ORIGINS may call the API from
// a page, with every request header a tRPC or REST client sends, and read every response header a
// client reads. A preflight from any other origin is 403 problem+json, never 415; an actual request
// from one is served without CORS headers, so the browser keeps its answer from the page.

const APP = 'https://app.example.test';
const DEV = 'http://localhost:5173';
// Configured as people write them: a trailing slash and upper case still name the origin.
const h = useTestServer({ CORS_ORIGINS: `https://App.Example.test/, ${DEV}`, RATE_LIMIT_POINTS: '100000' });
const perTest = serverPerTest();
const NO_ID = '0195f0a0-0000-7000-8000-000000000000';

/** What the clients send: @workforce/client, @workforce/trpc (httpBatchStreamLink sends trpc-accept). */
const REQUEST_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'If-Match',
  'If-None-Match',
  'trpc-accept',
  'X-Request-Id',
];
/** What the clients read; the service sends no Location (a create answers its record). */
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'ETag',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Idempotent-Replayed',
  'WWW-Authenticate',
];

/** A header's comma-separated list, lower case. */
const list = (res: Response, name: string) =>
  (res.headers.get(name) ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

/** What a browser sends before a request it may not make without asking. */
function preflight(s: TestServer, path: string, origin: string, method: string, headers = REQUEST_HEADERS) {
  return s.fetch(path, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      // Browsers send the names in lower case, sorted, comma-separated.
      'Access-Control-Request-Headers': headers
        .map((name) => name.toLowerCase())
        .sort()
        .join(','),
    },
  });
}

const trpcInput = (input: unknown) => `input=${encodeURIComponent(JSON.stringify(input))}`;

/** The requests a first-party app makes: REST and tRPC, reads and writes, the token endpoint. */
const REQUESTS: [path: string, method: string][] = [
  ['/v1/employees', 'GET'],
  ['/v1/employees', 'POST'],
  [`/v1/employees/${NO_ID}`, 'PATCH'],
  [`/v1/leave-requests/${NO_ID}/approve`, 'POST'],
  [`/trpc/employees.list,leaveRequests.list?batch=1&${trpcInput({ 0: {}, 1: {} })}`, 'GET'],
  ['/trpc/employees.create', 'POST'],
  ['/trpc/leaveRequests.approve?batch=1', 'POST'],
  ['/oauth/token', 'POST'],
];

describe('a preflight from an allowed origin', () => {
  test('204 with the exact origin, every header the clients send, no credentials, Vary: Origin', async () => {
    for (const origin of [APP, DEV]) {
      for (const [path, method] of REQUESTS) {
        const res = await preflight(h, path, origin, method);
        const what = `${origin} ${method} ${path}`;
        expect(res.status, what).toBe(204);
        expect(await res.text(), what).toBe('');
        expect(res.headers.get('access-control-allow-origin'), what).toBe(origin);
        expect(list(res, 'access-control-allow-methods'), what).toContain(method.toLowerCase());
        expect(list(res, 'access-control-allow-headers'), what).toEqual(
          expect.arrayContaining(REQUEST_HEADERS.map((name) => name.toLowerCase())),
        );
        // Tokens travel in Authorization, never in cookies: no credentialed requests.
        expect(res.headers.get('access-control-allow-credentials'), what).toBeNull();
        expect(res.headers.get('access-control-max-age'), what).toBe('600');
        expect(list(res, 'vary'), what).toContain('origin');
        expect(res.headers.get('x-request-id'), what).toBeTruthy();
        // Answered before any credential or budget: a preflight spends nothing.
        expect(res.headers.get('ratelimit-remaining'), what).toBeNull();
      }
    }
  });

  test('every method a client uses is allowed', async () => {
    const res = await preflight(h, '/v1/employees', APP, 'DELETE');
    expect(res.status).toBe(204);
    expect(list(res, 'access-control-allow-methods')).toEqual(
      expect.arrayContaining(['get', 'head', 'post', 'patch', 'delete']),
    );
  });
});

describe('a preflight from an origin not allowed', () => {
  const others = [
    'https://evil.example',
    'https://app.example.test.evil.example',
    'http://app.example.test', // another scheme
    'https://app.example.test:8443', // another port
    'http://localhost:5174',
    'null', // a sandboxed frame or a file: page
  ];

  test('403 cors_origin_not_allowed as problem+json, never 415, no CORS headers', async () => {
    for (const origin of others) {
      for (const [path, method] of REQUESTS) {
        const res = await preflight(h, path, origin, method);
        const what = `${origin} ${method} ${path}`;
        expect(res.headers.get('access-control-allow-origin'), what).toBeNull();
        expect(res.headers.get('access-control-allow-headers'), what).toBeNull();
        expect(res.headers.get('access-control-allow-methods'), what).toBeNull();
        expect(list(res, 'vary'), what).toContain('origin');
        const body = await expectProblem(res, 403, 'cors_origin_not_allowed');
        expect(body.title).toBe('Origin not allowed');
        expect(body.detail).toContain(origin);
      }
    }
  });

  test('CORS off (no CORS_ORIGINS): every origin is refused alike', async () => {
    const s = await perTest({});
    for (const [path, method] of REQUESTS) {
      await expectProblem(await preflight(s, path, APP, method), 403, 'cors_origin_not_allowed');
    }
  });

  test('an OPTIONS that is no preflight (no Access-Control-Request-Method) is answered as before: 405', async () => {
    const res = await h.fetch('/v1/employees', { method: 'OPTIONS', headers: { Origin: APP } });
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD');
    await expectProblem(res, 405, 'method_not_allowed');
  });
});

describe('actual requests', () => {
  let t: TestTenant;
  let key: string;
  beforeAll(async () => {
    t = await h.tenant();
    key = await h.key(t, ['employees:read', 'employees:write']);
  });

  function expectReadable(res: Response, origin: string) {
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(list(res, 'access-control-expose-headers')).toEqual(
      expect.arrayContaining(EXPOSED_HEADERS.map((name) => name.toLowerCase())),
    );
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(list(res, 'vary')).toContain('origin');
  }

  test('from an allowed origin: the exact origin, the headers a client reads exposed, on /v1 and /trpc', async () => {
    const read = await h.as(key, '/v1/employees', { headers: { Origin: APP } });
    expect(read.status).toBe(200);
    expectReadable(read, APP);
    const record = await h.as(key, `/v1/employees/${t.hr_admin.id}`, { headers: { Origin: DEV } });
    expect(record.status).toBe(200);
    expect(record.headers.get('etag')).toBeTruthy();
    expectReadable(record, DEV);
    // The single-query fast path keeps tRPC's own Vary beside Origin.
    const trpc = await h.as(key, `/trpc/employees.list?${trpcInput({ limit: 1 })}`, { headers: { Origin: APP } });
    expect(trpc.status).toBe(200);
    expectReadable(trpc, APP);
    expect(list(trpc, 'vary')).toEqual(expect.arrayContaining(['trpc-accept', 'accept', 'origin']));
  });

  test('from an allowed origin, refusals too are readable (401 with WWW-Authenticate)', async () => {
    const res = await h.fetch('/v1/employees', { headers: { Origin: APP } });
    expectReadable(res, APP);
    await expectProblem(res, 401, 'unauthorized');
    const trpc = await h.fetch('/trpc/employees.list', { headers: { Origin: APP } });
    expect(trpc.status).toBe(401);
    expectReadable(trpc, APP);
  });

  test('from any other origin, or none: served without CORS headers (the browser keeps the answer)', async () => {
    for (const headers of [{ Origin: 'https://evil.example' }, {} as Record<string, string>]) {
      const res = await h.as(key, '/v1/employees', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-expose-headers')).toBeNull();
      // A cache must not hand this answer to an allowed origin.
      expect(list(res, 'vary')).toContain('origin');
    }
  });
});

describe('CORS_ORIGINS', () => {
  test('origins as browsers write them; anything else stops the start, named', () => {
    expect(parseEnv({ CORS_ORIGINS: ' HTTPS://App.Example.test:443/ , http://localhost:5173' }).CORS_ORIGINS).toEqual([
      APP,
      DEV,
    ]);
    expect(parseEnv({}).CORS_ORIGINS).toEqual([]);
    for (const bad of ['app.example.test', 'https://app.example.test/app', 'ftp://files.example.test', '*']) {
      expect(() => parseEnv({ CORS_ORIGINS: `${APP},${bad}` }), bad).toThrow(
        `CORS_ORIGINS: not an origin (scheme://host[:port]): ${bad}`,
      );
    }
  });
});
