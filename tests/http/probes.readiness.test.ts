import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Orm } from '../../db/orm.js';
import { BACKGROUND_POOL_MAX } from '../../server/main/start.js';
import { type PgProxy, pgProxy, spawnNode } from '../support/cluster.js';
import { openTestOrm } from '../support/database.js';
import { serverPerTest, useTestServer } from '../support/harness.js';
import { captureLogs } from '../support/logs.js';
import { freePort, transactionPooling } from '../support/processes.js';
import { parseExposition, sampleValue } from '../support/prometheus.js';
import { expectNoRateLimitHeaders } from '../support/rateLimits.js';
import { newKey, newTenant } from '../support/tenants.js';
import { waitFor } from '../support/wait.js';

/**
 * Liveness and readiness (server/http/probes.ts): GET /livez while the process is up, GET /readyz
 * while the database answers and the node is not draining; outside /v1, so no envelope, no rate
 * limit, no credential, and not in the OpenAPI document.
 */

const log = captureLogs();
const h = useTestServer({ RATE_LIMIT_IP_POINTS: '1' }, log.logger);
const perTest = serverPerTest();

describe('a running node', () => {
  test('is live and ready, on probes that are never rate limited', async () => {
    // Past the anonymous budget of one request: the probes are not counted against it.
    for (let i = 0; i < 3; i++) {
      const live = await h.raw.fetch('/livez');
      expect([live.status, live.headers.get('content-type'), await live.json()]).toEqual([
        200,
        'application/json; charset=utf-8',
        { status: 'ok' },
      ]);
      const ready = await h.raw.fetch('/readyz');
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expectNoRateLimitHeaders(live);
      expectNoRateLimitHeaders(ready);
    }
    const head = await h.raw.fetch('/readyz', { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await h.raw.fetch('/livez', { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    // /v1/health keeps its own contract, beside them.
    expect(await (await h.fetch('/v1/health')).json()).toMatchObject({ status: 'ok', product: 'Workforce' });
    // A successful probe is not logged (it would bury the requests); a refused one and the rest are.
    const logged = log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number })
      .filter((line) => line.msg === 'request')
      .map((line) => `${line.path} ${line.status}`);
    expect(logged).toContain('/livez 405');
    expect(logged).toContain('/v1/health 200');
    expect(logged.filter((line) => line.endsWith(' 200') && /^\/(livez|readyz) /.test(line))).toEqual([]);
  });
});

describe('a database that stops answering', () => {
  let proxy: PgProxy;
  beforeAll(async () => {
    proxy = await pgProxy(inject('databaseUrl'));
  });
  afterAll(() => proxy?.close());

  test('makes the node not ready within about a second, and ready again when it answers', async () => {
    const s = await perTest({ DATABASE_URL: proxy.url, METRICS_PORT: '0', ...transactionPooling() });
    expect((await s.raw.fetch('/readyz')).status).toBe(200);
    proxy.hold(true);
    try {
      for (const base of [s.url, s.metricsUrl]) {
        const started = Date.now();
        const res = await fetch(`${base}/readyz`);
        expect([res.status, await res.json()]).toEqual([503, { status: 'not_ready', reason: 'database' }]);
        expect(Date.now() - started).toBeLessThan(2500);
      }
      // Alive all the same: nothing to restart.
      let started = Date.now();
      expect((await s.raw.fetch('/livez')).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(500);
      // A scrape answers too, in about a second, without the backlog that only the database knows.
      started = Date.now();
      const scrape = await fetch(`${s.metricsUrl}/metrics`);
      const families = parseExposition(await scrape.text());
      expect(Date.now() - started).toBeLessThan(2500);
      expect(families.has('workforce_http_requests_total')).toBe(true);
      expect(families.has('workforce_db_pool_connections')).toBe(true);
      expect(families.has('workforce_outbox_pending_messages')).toBe(false);
    } finally {
      proxy.hold(false);
    }
    await waitFor(async () => (await s.raw.fetch('/readyz')).status === 200, 'ready again', 15_000, 200);
    const families = parseExposition(await (await fetch(`${s.metricsUrl}/metrics`)).text());
    expect(families.has('workforce_outbox_pending_messages')).toBe(true);
  });
});

describe('a node told to stop (SIGTERM)', () => {
  let orm: Orm;
  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(() => orm?.close());

  test('reports draining at once, serves through SHUTDOWN_DELAY_MS, then exits 0', async () => {
    const t = await newTenant(orm);
    const key = await newKey(orm, t, ['employees:read']);
    const DELAY = 4000;
    const metricsPort = await freePort();
    const node = await spawnNode({ SHUTDOWN_DELAY_MS: String(DELAY), METRICS_PORT: String(metricsPort) });
    const metricsPortReadyz = () => fetch(`http://127.0.0.1:${metricsPort}/readyz`);
    try {
      const auth = { headers: { Authorization: `Bearer ${key}` } };
      expect((await node.fetch('/v1/employees', auth)).status).toBe(200);
      expect((await node.raw.fetch('/readyz')).status).toBe(200);
      expect((await metricsPortReadyz()).status).toBe(200);
      const signalled = Date.now();
      node.child.kill('SIGTERM');
      await waitFor(async () => (await node.raw.fetch('/readyz')).status === 503, 'not ready', 1000, 20);
      const ready = await node.raw.fetch('/readyz');
      expect([ready.status, await ready.json()]).toEqual([503, { status: 'not_ready', reason: 'draining' }]);
      expect((await metricsPortReadyz()).status).toBe(503);
      // Still serving, the API and liveness alike, while the load balancers catch up.
      for (let i = 0; i < 3; i++) {
        expect((await node.fetch('/v1/employees', auth)).status).toBe(200);
        expect((await node.raw.fetch('/livez')).status).toBe(200);
      }
      expect(Date.now() - signalled).toBeLessThan(DELAY);
      const exit = await node.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(DELAY);
    } finally {
      await node.stop('SIGKILL');
    }
  });
});

describe('wfm worker with METRICS_PORT', () => {
  test('serves its metrics and probes on that port, ready until SIGTERM, then exits 0', async () => {
    const metricsPort = await freePort();
    const worker = await spawnNode({ METRICS_PORT: String(metricsPort) }, { command: 'worker' });
    const at = (path: string) => fetch(`http://127.0.0.1:${metricsPort}${path}`);
    try {
      await waitFor(async () => (await at('/readyz').catch(() => undefined))?.status === 200, 'the worker ready');
      expect(await (await at('/livez')).json()).toEqual({ status: 'ok' });
      const families = parseExposition(await (await at('/metrics')).text());
      // The backlog it works through and the pool it works with.
      expect(families.has('workforce_outbox_pending_messages')).toBe(true);
      expect(families.has('workforce_webhook_pending_deliveries')).toBe(true);
      expect(sampleValue(families, 'workforce_db_pool_max', { pool: 'background' })).toBe(BACKGROUND_POOL_MAX);
      expect((await at('/v1/health')).status).toBe(404);
      expect(await worker.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    } finally {
      await worker.stop('SIGKILL');
    }
  });
});
