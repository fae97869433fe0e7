import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PgProxy, pgProxy } from '../support/cluster.js';
import { expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import { quota } from '../support/rateLimits.js';

// A server whose shared rate-limit store (Redis) is reached through a TCP proxy that the test
// freezes (connections open, nothing forwarded) and cuts: the store's outage must neither hang nor
// fail requests (decisions §5).
const POINTS = 6;
const STORE_TIMEOUT_MS = 300;

let proxy: PgProxy;
beforeAll(async () => {
  proxy = await pgProxy('redis://127.0.0.1:6379');
});
afterAll(() => proxy?.close());

const h = useTestServer(() => ({
  RATE_LIMIT_STORE: 'redis',
  REDIS_URL: proxy.url,
  RATE_LIMIT_POINTS: String(POINTS),
  RATE_LIMIT_STORE_TIMEOUT_MS: String(STORE_TIMEOUT_MS),
  LOG_LEVEL: 'silent',
}));
// Before the server closes (afterAll hooks run in reverse): it disconnects through a working proxy.
afterAll(async () => {
  proxy?.hold(false);
  await proxy?.restore();
});

let t: TestTenant;
let key: string;
beforeAll(async () => {
  t = await h.tenant();
  key = await h.key(t, ['employees:read']);
});

async function timedList(secret = key): Promise<{ res: Response; ms: number }> {
  const started = performance.now();
  const res = await h.as(secret, '/v1/employees?limit=1');
  return { res, ms: performance.now() - started };
}

describe('the shared rate-limit store out of reach', () => {
  test('frozen: answered within the store timeout from a per-process budget; shared again after', async () => {
    const first = await timedList();
    expect(first.res.status).toBe(200);
    expect(quota(first.res).remaining).toBe(POINTS - 1);

    proxy.hold(true);
    try {
      // The same budget, counted in this process's memory while Redis does not answer.
      for (let i = 1; i <= POINTS; i++) {
        const { res, ms } = await timedList();
        expect(res.status, await res.clone().text()).toBe(200);
        expect(quota(res)).toMatchObject({ limit: POINTS, remaining: POINTS - i });
        expect(ms).toBeLessThan(STORE_TIMEOUT_MS + 1000);
      }
      const { res, ms } = await timedList();
      await expectProblem(res, 429, 'rate_limited');
      expect(ms).toBeLessThan(STORE_TIMEOUT_MS + 1000);
    } finally {
      // The frozen connection is dropped with what it held (had it been let through, Redis would
      // count those late commands too: an outage can only make the shared count stricter). The
      // commands that timed out are not sent again on the new connection.
      await proxy.cut();
      proxy.hold(false);
      await proxy.restore();
    }

    // ioredis reconnects by itself (its backoff is well under this); then Redis counts again: its
    // count goes on from the one request before the freeze, where the memory budget is spent.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const again = await timedList();
    expect(again.res.status).toBe(200);
    expect(quota(again.res).remaining).toBe(POINTS - 2);
  });

  test('down (connection refused): answered at once from the per-process budget; shared again after', async () => {
    const other = await h.key(t, ['employees:read']);
    for (let i = 1; i <= 3; i++) expect(quota(await h.as(other, '/v1/employees?limit=1')).remaining).toBe(POINTS - i);
    await proxy.cut();
    try {
      const { res, ms } = await timedList(other);
      expect(res.status).toBe(200);
      // A budget of this process's own: nothing of the three counted in Redis.
      expect(quota(res).remaining).toBe(POINTS - 1);
      expect(ms).toBeLessThan(STORE_TIMEOUT_MS + 1000);
    } finally {
      await proxy.restore();
    }
    // ioredis reconnects by itself (its backoff is well under this); then Redis counts again: 3 + 1.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const res = await h.as(other, '/v1/employees?limit=1');
    expect(res.status).toBe(200);
    expect(quota(res).remaining).toBe(POINTS - 4);
  });
});
