// The HTTP rules every route shares (decisions §1): X-Request-Id echoed or minted, 404 and 405
// problems, a trailing slash, problem type URIs, HEAD; and /trpc's envelope and errors. On routes
// that need no tenant.
import { describe, expect, test } from 'vitest';
import { UUID } from '../support/formats.js';
import { expectProblem, startTestServer, useTestServer } from '../support/harness.js';
import { trpcUrl } from './helpers.js';

const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000' });

/** One request of every kind the foundation answers, with the status it must get. */
const cases: { name: string; path: string; init?: RequestInit; status: number; code?: string }[] = [
  { name: '200 health', path: '/v1/health', status: 200 },
  { name: '200 capabilities', path: '/v1/capabilities', status: 200 },
  { name: '200 modules', path: '/v1/modules', status: 200 },
  { name: '200 module', path: '/v1/modules/leave', status: 200 },
  { name: '200 openapi.json', path: '/openapi.json', status: 200 },
  { name: '200 docs', path: '/docs', status: 200 },
  { name: '200 problem page', path: '/problems/not_found', status: 200 },
  { name: '200 trpc', path: trpcUrl('modules.list', { limit: 1 }), status: 200 },
  { name: '400 query', path: '/v1/modules?limit=0', status: 400, code: 'invalid_query_parameter' },
  { name: '400 cursor', path: '/v1/modules?cursor=nope', status: 400, code: 'invalid_cursor' },
  { name: '404 under /v1', path: '/v1/no-such-thing', status: 404, code: 'not_found' },
  { name: '404 outside /v1', path: '/no-such-thing', status: 404, code: 'not_found' },
  { name: '404 record', path: '/v1/modules/no-such-module', status: 404, code: 'not_found' },
  { name: '405', path: '/v1/modules', init: { method: 'POST' }, status: 405, code: 'method_not_allowed' },
  {
    name: '401',
    path: '/v1/modules',
    init: { headers: { Authorization: 'Bearer svc_live_nope' } },
    status: 401,
    code: 'invalid_credential',
  },
];

describe('X-Request-Id', () => {
  test.each(cases)('$name: a fresh UUID when none is sent', async ({ path, init, status, code }) => {
    const res = await h.fetch(path, init);
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    if (code) await expectProblem(res, status, code);
  });

  test.each(cases)('$name: a valid inbound id is echoed', async ({ path, init, status, code }) => {
    const id = `it-${status}.req:${Math.random().toString(36).slice(2)}_X`;
    const res = await h.fetch(path, { ...init, headers: { ...(init?.headers ?? {}), 'X-Request-Id': id } });
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toBe(id);
    if (code) expect((await expectProblem(res, status, code)).request_id).toBe(id);
  });

  test('ids are unique per request', async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, async () => (await h.fetch('/v1/health')).headers.get('x-request-id')),
    );
    expect(new Set(ids).size).toBe(5);
  });

  test.each([
    ['1 character', 'a'],
    ['128 characters', 'x'.repeat(128)],
    ['every allowed character class', 'AZaz09._:-'],
  ])('accepted at the edges: %s', async (_, id) => {
    const res = await h.fetch('/v1/health', { headers: { 'X-Request-Id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
  });

  test.each([
    ['too long (129)', 'x'.repeat(129)],
    ['a space', 'has space'],
    ['a slash', 'a/b'],
    ['a semicolon', 'a;b'],
    ['a quote', 'a"b'],
    ['a plus', 'a+b'],
    ['only whitespace', '   '],
  ])('replaced by a new UUID when it has %s', async (_, id) => {
    const res = await h.fetch('/v1/modules/nope', { headers: { 'X-Request-Id': id } });
    const header = res.headers.get('x-request-id');
    expect(header).toMatch(UUID);
    expect((await expectProblem(res, 404, 'not_found')).request_id).toBe(header);
  });
});

describe('unknown routes and methods', () => {
  test.each([
    '/v1',
    '/v1/',
    '/v1/nope',
    '/v1/modules/leave/extra',
    '/v1/health/x',
    '/nope',
    '/',
    '/v2/health',
    '/openapi.yaml',
  ])('GET %s is a 404 not_found problem', async (path) => {
    const res = await h.fetch(path);
    const body = await expectProblem(res, 404, 'not_found');
    expect(body.detail).toEqual(expect.any(String));
  });

  test.each([
    ['POST', '/v1/modules'],
    ['DELETE', '/v1/health'],
    ['PUT', '/v1/modules/leave'],
    ['PATCH', '/v1/capabilities'],
    ['DELETE', '/v1/modules/no-such-module'],
  ])('%s %s is 405 method_not_allowed with Allow: GET, HEAD', async (method, path) => {
    const res = await h.fetch(path, { method });
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    const body = await expectProblem(res, 405, 'method_not_allowed');
    expect(body.detail).toContain(method);
  });

  test('a trailing slash reaches the same route', async () => {
    const res = await h.fetch('/v1/modules/');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  test('problem documents carry an absolute type URI under PUBLIC_BASE_URL', async () => {
    const other = await startTestServer({ PUBLIC_BASE_URL: 'https://api.workforce.test' });
    try {
      const res = await other.fetch('/v1/nope');
      const body = await expectProblem(res, 404, 'not_found');
      expect(body).toEqual({
        type: 'https://api.workforce.test/problems/not_found',
        title: 'Not found',
        status: 404,
        code: 'not_found',
        detail: expect.any(String),
        request_id: res.headers.get('x-request-id'),
      });
    } finally {
      await other.close();
    }
  });

  // RFC 9110 §9.1: a server that supports GET must support HEAD.
  test('HEAD on a GET route answers like GET, without a body', async () => {
    const res = await h.fetch('/v1/modules/leave', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.text()).toBe('');
    const missing = await h.fetch('/v1/modules/no-such-module', { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });
});

describe('/trpc', () => {
  test('modules.list returns the tRPC envelope around the list envelope', async () => {
    const res = await h.fetch(trpcUrl('modules.list', { limit: 2 }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(res.headers.get('ratelimit-limit')).toBe('100000');
    const body = (await res.json()) as { result: { data: { data: { slug: string }[]; next_cursor: string } } };
    expect(body).toEqual({
      result: { data: { data: expect.any(Array), next_cursor: expect.any(String), has_more: true } },
    });
    expect(body.result.data.data.map((m) => m.slug)).toEqual(['core-hr', 'leave']);

    // The cursor is the same token on both surfaces.
    const rest = await h.fetch(`/v1/modules?limit=2&cursor=${encodeURIComponent(body.result.data.next_cursor)}`);
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { data: { slug: string }[] }).data.map((m) => m.slug)).toEqual([
      'attendance',
      'holidays',
    ]);
  });

  test('modules.get with an unknown slug is HTTP 404 with data.code not_found', async () => {
    const res = await h.fetch(trpcUrl('modules.get', { slug: 'no-such-module' }), {
      headers: { 'X-Request-Id': 'trpc-404' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('trpc-404');
    const body = (await res.json()) as { error: { message: string; data: Record<string, unknown> } };
    expect(body.error.data).toMatchObject({ code: 'not_found', httpStatus: 404, title: 'Not found' });
    expect(body.error.message).toContain('no-such-module');
  });

  test('modules.get with a known slug', async () => {
    const res = await h.fetch(trpcUrl('modules.get', { slug: 'leave' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: { data: { data: { slug: 'leave', title: 'Leave' } } } });
  });

  test('invalid input is HTTP 400 with data.code invalid_query_parameter', async () => {
    const res = await h.fetch(trpcUrl('modules.list', { limit: 0 }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { data: Record<string, unknown> } };
    expect(body.error.data).toMatchObject({ code: 'invalid_query_parameter', httpStatus: 400 });
  });

  test('an unknown bearer is HTTP 401 invalid_credential with WWW-Authenticate', async () => {
    const res = await h.fetch(trpcUrl('modules.list'), { headers: { Authorization: 'Bearer svc_live_nope' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const body = (await res.json()) as { error: { data: Record<string, unknown> } };
    expect(body.error.data.code).toBe('invalid_credential');
  });

  test('health ignores credentials and is not rate limited', async () => {
    const res = await h.fetch(trpcUrl('health'), { headers: { Authorization: 'Bearer svc_live_nope' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBeNull();
    expect(await res.json()).toMatchObject({ result: { data: { status: 'ok', product: 'Workforce' } } });
  });

  test('an unknown procedure is HTTP 404 with data.code not_found', async () => {
    const res = await h.fetch(trpcUrl('nope.list'));
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    const body = (await res.json()) as { error: { data: Record<string, unknown> } };
    expect(body.error.data.code).toBe('not_found');
  });

  // Koa's ctx.status would also stamp the reason phrase "OK", which tRPC leaves alone.
  test('error responses carry the matching reason phrase', async () => {
    const res = await h.fetch(trpcUrl('modules.get', { slug: 'no-such-module' }));
    expect(res.status).toBe(404);
    expect(res.statusText).toBe('Not Found');
  });
});
