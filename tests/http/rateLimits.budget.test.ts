import { describe, expect, test } from 'vitest';
import { INTEGER } from '../support/formats.js';
import { expectProblem, serverPerTest, type TestServer } from '../support/harness.js';
import { expectNoRateLimitHeaders, quota } from '../support/rateLimits.js';
import { trpcUrl, uniqueClientIp } from './helpers.js';

/** Each test gets its own server: the memory store keeps budgets per process. */
const server = serverPerTest();

/** Requests of one anonymous client: on a TRUST_PROXY server, a client address of its own. */
function client(s: TestServer, ip?: string) {
  return (path: string, init: RequestInit = {}) =>
    s.fetch(path, { ...init, headers: { ...(ip ? { 'X-Forwarded-For': ip } : {}), ...(init.headers ?? {}) } });
}

async function expectRateLimited(res: Response, limit: number): Promise<void> {
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(INTEGER);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  const q = quota(res);
  expect(q).toMatchObject({ limit, remaining: 0 });
  expect(q.reset).toBeGreaterThanOrEqual(1);
  const body = await expectProblem(res, 429, 'rate_limited');
  expect(body.detail).toEqual(expect.any(String));
}

/**
 * A budget of 3: three limited requests count down, the fourth is 429, health is never limited
 * and never spends the budget.
 */
async function exhaustBudgetOfThree(call: ReturnType<typeof client>): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const health = await call('/v1/health');
    expect(health.status).toBe(200);
    expectNoRateLimitHeaders(health);
  }
  const seen: { remaining: number; reset: number }[] = [];
  for (const path of ['/v1/capabilities', '/v1/modules', '/v1/modules/leave']) {
    const res = await call(path);
    expect(res.status, path).toBe(200);
    const q = quota(res);
    expect(q.limit).toBe(3);
    expect(q.reset).toBeGreaterThanOrEqual(1);
    expect(q.reset).toBeLessThanOrEqual(60);
    seen.push(q);
  }
  expect(seen.map((q) => q.remaining)).toEqual([2, 1, 0]);
  expect(seen[1].reset).toBeLessThanOrEqual(seen[0].reset);
  expect(seen[2].reset).toBeLessThanOrEqual(seen[1].reset);

  const limited = await call('/v1/modules', { headers: { 'X-Request-Id': 'limited-1' } });
  expect(limited.headers.get('x-request-id')).toBe('limited-1');
  await expectRateLimited(limited, 3);
  // A rejected request costs nothing more and answers the same; errors of the route wait behind it.
  await expectRateLimited(await call('/v1/modules?limit=0'), 3);
  await expectRateLimited(await call('/v1/modules/nope'), 3);
  await expectRateLimited(await call('/v1/capabilities'), 3);

  // tRPC spends the same budget.
  const trpc = await call(trpcUrl('modules.list'));
  expect(trpc.status).toBe(429);
  expect(trpc.headers.get('retry-after')).toMatch(INTEGER);
  expect(trpc.headers.get('x-request-id')).toEqual(expect.any(String));

  for (const path of ['/v1/health', trpcUrl('health')]) {
    const health = await call(path);
    expect(health.status, path).toBe(200);
    expectNoRateLimitHeaders(health);
  }
}

describe('rate limiting, per anonymous client IP', () => {
  test('memory store: 3 requests, then 429 rate_limited with Retry-After', async () => {
    const s = await server({ RATE_LIMIT_IP_POINTS: '3' });
    await exhaustBudgetOfThree(client(s));
    // Without TRUST_PROXY, X-Forwarded-For is not the client address: no fresh budget.
    await expectRateLimited(await client(s, uniqueClientIp())('/v1/modules'), 3);
  });

  // decisions §11: the same error codes on both surfaces.
  test('/trpc answers 429 as a tRPC error with data.code rate_limited', async () => {
    const s = await server({ RATE_LIMIT_IP_POINTS: '1' });
    expect((await s.fetch(trpcUrl('modules.list', {}))).status).toBe(200);
    const res = await s.fetch(trpcUrl('modules.list', {}));
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error?: { data?: { code?: string } } };
    expect(body.error?.data?.code).toBe('rate_limited');
  });

  test('the quota appears in the capabilities manifest', async () => {
    const s = await server({ RATE_LIMIT_IP_POINTS: '7', RATE_LIMIT_POINTS: '11', RATE_LIMIT_DURATION_S: '30' });
    const res = await s.fetch('/v1/capabilities');
    expect(quota(res)).toMatchObject({ limit: 7, remaining: 6 });
    expect(quota(res).reset).toBeLessThanOrEqual(30);
    expect(((await res.json()) as { limits: unknown }).limits).toMatchObject({
      rate_limit: { authenticated: { points: 11, duration_s: 30 }, anonymous: { points: 7, duration_s: 30 } },
    });
  });

  test('health stays unlimited with a budget of 1 after many calls', async () => {
    const s = await server({ RATE_LIMIT_IP_POINTS: '1' });
    const results = await Promise.all(Array.from({ length: 25 }, () => s.fetch('/v1/health')));
    for (const res of results) {
      expect(res.status).toBe(200);
      expectNoRateLimitHeaders(res);
    }
    expect(quota(await s.fetch('/v1/modules')).remaining).toBe(0);
    await expectRateLimited(await s.fetch('/v1/modules'), 1);
  });

  test('with TRUST_PROXY, each X-Forwarded-For client has its own budget', async () => {
    const s = await server({ RATE_LIMIT_IP_POINTS: '2', TRUST_PROXY: 'true' });
    const [a, b] = [client(s, uniqueClientIp()), client(s, uniqueClientIp())];
    expect(quota(await a('/v1/modules')).remaining).toBe(1);
    expect(quota(await a('/v1/modules')).remaining).toBe(0);
    await expectRateLimited(await a('/v1/modules'), 2);
    expect(quota(await b('/v1/modules')).remaining).toBe(1);
  });

  test('with TRUST_PROXY, the rightmost X-Forwarded-For entry is the client: what it claims left of it is ignored', async () => {
    const s = await server({ RATE_LIMIT_IP_POINTS: '2', TRUST_PROXY: 'true' });
    const ip = uniqueClientIp();
    const claiming = (claimed: string) =>
      s.fetch('/v1/modules', { headers: { 'X-Forwarded-For': `${claimed}, ${ip}` } });
    expect(quota(await claiming(uniqueClientIp())).remaining).toBe(1);
    expect(quota(await claiming(uniqueClientIp())).remaining).toBe(0);
    await expectRateLimited(await claiming(uniqueClientIp()), 2);
  });

  // A client address of its own per test keeps parallel runs on the shared Redis apart.
  test('redis store: 3 requests, then 429', async () => {
    const s = await server({ RATE_LIMIT_STORE: 'redis', RATE_LIMIT_IP_POINTS: '3', TRUST_PROXY: 'true' });
    await exhaustBudgetOfThree(client(s, uniqueClientIp()));
  });

  test('postgres store: 3 requests, then 429', async () => {
    const s = await server({ RATE_LIMIT_STORE: 'postgres', RATE_LIMIT_IP_POINTS: '3', TRUST_PROXY: 'true' });
    await exhaustBudgetOfThree(client(s, uniqueClientIp()));
  });

  test.each(['redis', 'postgres'])('two nodes on the %s store share one budget', async (store) => {
    const env = { RATE_LIMIT_STORE: store, RATE_LIMIT_IP_POINTS: '4', TRUST_PROXY: 'true' };
    const [one, two] = await Promise.all([server(env), server(env)]);
    const ip = uniqueClientIp();
    const calls = [client(one, ip), client(two, ip)];
    const remaining: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await calls[i % 2]('/v1/modules');
      expect(res.status).toBe(200);
      remaining.push(quota(res).remaining);
    }
    expect(remaining).toEqual([3, 2, 1, 0]);
    await expectRateLimited(await calls[0]('/v1/modules'), 4);
    await expectRateLimited(await calls[1]('/v1/modules'), 4);
    // Another client on the same nodes is untouched.
    expect(quota(await client(one, uniqueClientIp())('/v1/modules')).remaining).toBe(3);
  });
});
