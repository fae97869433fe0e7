import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { BACKGROUND_POOL_MAX } from '../../server/main/start.js';
import { useFreshDatabase, useTempDir } from '../support/database.js';
import { hire, hireBody, postEmployee } from '../support/employees.js';
import { expectProblem, serverPerTest, useTestServer } from '../support/harness.js';
import { idempotencyKey, jsonInit } from '../support/http.js';
import { type Family, type Labels, parseExposition, sampleValue } from '../support/prometheus.js';
import { expectNoRateLimitHeaders } from '../support/rateLimits.js';
import { waitFor } from '../support/wait.js';
import { useReceivers } from '../support/webhooks.js';

/**
 * Prometheus metrics (server/http/metrics.ts): scraped from the METRICS_PORT listener and from the main
 * port with METRICS_TOKEN, every scrape parsed strictly (tests/support/prometheus.ts), counters
 * checked to move by exactly what known requests did. On a database of its own with the server's
 * dispatchers running: the backlog gauges count every pending row of the database. The e-mail
 * dispatcher runs its first pass at the start and then not for an hour, so hired employees'
 * invites stay pending; the webhook dispatcher runs every 100 ms.
 */

const TOKEN = randomBytes(24).toString('hex');
const { url } = useFreshDatabase('wfm_metrics');
const dataDir = useTempDir('wfm-metrics-');
const h = useTestServer(() => ({
  DATABASE_URL: url,
  DATA_DIR: dataDir.path,
  METRICS_PORT: '0',
  METRICS_TOKEN: TOKEN,
  OUTBOX_DISPATCH: 'true',
  OUTBOX_INTERVAL_MS: '3600000',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_INTERVAL_MS: '100',
  WEBHOOK_RETRY_SCHEDULE: '3600',
  RATE_LIMIT_IP_POINTS: '3',
}));
const receivers = useReceivers(h);
const perTest = serverPerTest();

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** A scrape of the metrics port, parsed. */
async function scrape(): Promise<Map<string, Family>> {
  const res = await fetch(`${h.metricsUrl}/metrics`, bearer(TOKEN));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(text);
}

/** `workforce_http_requests_total` and the histogram's `_count` for one series (0 when absent). */
function requests(families: Map<string, Family>, labels: Labels): { total: number; timed: number } {
  return {
    total: sampleValue(families, 'workforce_http_requests_total', labels) ?? 0,
    timed: sampleValue(families, 'workforce_http_request_duration_seconds_count', labels) ?? 0,
  };
}

/** How much each named series moved between two scrapes. */
function moved(before: Map<string, Family>, after: Map<string, Family>, series: Labels[]) {
  return series.map((labels) => {
    const [b, a] = [requests(before, labels), requests(after, labels)];
    return { ...labels, total: a.total - b.total, timed: a.timed - b.timed };
  });
}

describe('requests', () => {
  test('are counted and timed once each by method, route template and status', async () => {
    const t = await h.tenant();
    const key = await h.key(t, ['employees:read']);
    await h.contract(); // its GET /openapi.json now, not among the requests counted below
    const before = await scrape();
    const id = t.hr_admin.id;
    expect((await h.as(key, `/v1/employees/${id}`)).status).toBe(200);
    expect((await h.as(key, `/v1/employees/${randomUUID()}`)).status).toBe(404);
    expect((await h.as(key, '/v1/employees/')).status).toBe(200);
    expect(
      (await h.raw.as(key, `/trpc/employees.get?input=${encodeURIComponent(JSON.stringify({ id }))}`)).status,
    ).toBe(200);
    expect((await h.raw.as(key, '/trpc/employees.nothing')).status).toBe(404);
    expect((await h.raw.as(key, '/trpc/health,whoami?batch=1&input={}')).status).toBe(200);
    expect((await h.fetch('/oauth/token', { method: 'POST' })).status).toBe(400);
    expect((await h.fetch('/openapi.json')).status).toBe(200);
    expect((await h.fetch('/docs/assets/swagger-ui.css')).status).toBe(200);
    expect((await h.fetch(`/no/such/${id}`)).status).toBe(404);
    expect((await h.fetch(`/v1/no-such/${id}`)).status).toBe(404);
    expect((await h.fetch('/v1/health')).status).toBe(200);
    const after = await scrape();

    const series = [
      { method: 'GET', route: '/v1/employees/{id}', status: '200' },
      { method: 'GET', route: '/v1/employees/{id}', status: '404' },
      { method: 'GET', route: '/v1/employees', status: '200' },
      { method: 'GET', route: '/trpc/employees.get', status: '200' },
      { method: 'GET', route: '/trpc/{batch}', status: '200' },
      { method: 'POST', route: '/oauth/token', status: '400' },
      { method: 'GET', route: '/openapi.json', status: '200' },
      { method: 'GET', route: '/docs/assets/{file}', status: '200' },
      { method: 'GET', route: 'unmatched', status: '404' },
      { method: 'GET', route: '/v1/health', status: '200' },
    ];
    const once = (labels: Labels) => ({ ...labels, total: 1, timed: 1 });
    expect(moved(before, after, series)).toEqual([
      ...series.slice(0, -2).map(once),
      // /no/such/…, /v1/no-such/… and the unknown tRPC procedure
      { ...series.at(-2), total: 3, timed: 3 },
      once(series.at(-1) as Labels),
    ]);

    // Bounded: every route label is a template, never a path as sent.
    const routes = new Set(after.get('workforce_http_requests_total')?.samples.map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-|no-such|nothing/);
    const buckets = after.get('workforce_http_request_duration_seconds')?.samples.filter((s) => s.labels.le);
    expect(new Set(buckets?.map((s) => s.labels.le))).toContain('+Inf');
  });

  test('a 429 is counted by limiter, as a request with its status', async () => {
    const before = await scrape();
    // No credential: the anonymous budget of this client IP (RATE_LIMIT_IP_POINTS=3) runs out.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.fetch('/v1/employees')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const after = await scrape();
    const rejections = (f: Map<string, Family>, kind: string) =>
      sampleValue(f, 'workforce_rate_limit_rejections_total', { kind });
    expect(rejections(after, 'anonymous')).toBe((rejections(before, 'anonymous') as number) + 1);
    for (const kind of ['credential', 'token', 'tokenFailure']) expect(rejections(after, kind)).toBe(0);
    expect(
      moved(before, after, [
        { method: 'GET', route: '/v1/employees', status: '401' },
        { method: 'GET', route: '/v1/employees', status: '429' },
      ]),
    ).toEqual([
      { method: 'GET', route: '/v1/employees', status: '401', total: 3, timed: 3 },
      { method: 'GET', route: '/v1/employees', status: '429', total: 1, timed: 1 },
    ]);
  });

  test('an idempotent replay is counted; the hire leaves its invite pending in the outbox', async () => {
    const t = await h.tenant();
    const key = await h.key(t, ['employees:write']);
    const before = await scrape();
    const body = hireBody(t);
    const headers = { 'Idempotency-Key': idempotencyKey('metrics') };
    const first = await postEmployee(h, key, body, headers);
    const again = await postEmployee(h, key, body, headers);
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
    const after = await scrape();
    expect(sampleValue(after, 'workforce_idempotent_replays_total')).toBe(
      (sampleValue(before, 'workforce_idempotent_replays_total') as number) + 1,
    );
    expect(moved(before, after, [{ method: 'POST', route: '/v1/employees', status: '200' }])).toEqual([
      { method: 'POST', route: '/v1/employees', status: '200', total: 2, timed: 2 },
    ]);
    const pending = (f: Map<string, Family>) => sampleValue(f, 'workforce_outbox_pending_messages') as number;
    expect(pending(after)).toBe(pending(before) + 1);
    const oldest = sampleValue(after, 'workforce_outbox_oldest_pending_age_seconds') as number;
    expect(oldest).toBeGreaterThanOrEqual(0);
    expect(oldest).toBeLessThan(300);
  });
});

describe('webhook deliveries', () => {
  test('are counted by outcome; a failed one leaves its retry pending', async () => {
    const receiver = await receivers();
    const t = await h.tenant();
    const key = await h.key(t, [
      // A subscription to every type needs every read scope (decisions §18).
      'webhooks:write',
      'employees:write',
      'employees:read',
      'leave:read',
      'webhooks:read',
    ]);
    const created = await h.as(
      key,
      '/v1/webhook-endpoints',
      jsonInit('POST', { url: receiver.url, event_types: ['*'] }),
    );
    expect(created.status).toBe(200);
    const delivered = (f: Map<string, Family>, outcome: string) =>
      sampleValue(f, 'workforce_webhook_deliveries_total', { outcome }) as number;
    const before = await scrape();
    expect(sampleValue(before, 'workforce_webhook_pending_deliveries')).toBe(0);

    await hire(h, key, t);
    await waitFor(async () => delivered(await scrape(), 'succeeded') === delivered(before, 'succeeded') + 1, 'success');
    receiver.answer(() => 500);
    await hire(h, key, t);
    await waitFor(async () => delivered(await scrape(), 'failed') === delivered(before, 'failed') + 1, 'failure');

    const after = await scrape();
    expect(receiver.received).toHaveLength(2);
    expect(['succeeded', 'failed', 'disabled', 'lease_lost', 'error'].map((o) => delivered(after, o))).toEqual([
      delivered(before, 'succeeded') + 1,
      delivered(before, 'failed') + 1,
      0,
      0,
      0,
    ]);
    // The failed attempt's retry, an hour away (WEBHOOK_RETRY_SCHEDULE=3600).
    expect(sampleValue(after, 'workforce_webhook_pending_deliveries')).toBe(1);
    const oldest = sampleValue(after, 'workforce_webhook_oldest_pending_delivery_age_seconds') as number;
    expect(oldest).toBeGreaterThanOrEqual(0);
    expect(oldest).toBeLessThan(60);
  });
});

describe('the database pools and the process', () => {
  test('have gauges for both pools, and the default Node.js metrics', async () => {
    const families = await scrape();
    for (const [pool, max] of [
      ['request', 10],
      ['background', BACKGROUND_POOL_MAX],
    ] as const) {
      const inUse = sampleValue(families, 'workforce_db_pool_connections', { pool, state: 'in_use' }) as number;
      const idle = sampleValue(families, 'workforce_db_pool_connections', { pool, state: 'idle' }) as number;
      expect(sampleValue(families, 'workforce_db_pool_max', { pool })).toBe(max);
      expect(sampleValue(families, 'workforce_db_pool_waiting', { pool })).toBe(0);
      expect(Number.isInteger(inUse) && Number.isInteger(idle), `${pool}: ${inUse} ${idle}`).toBe(true);
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(idle).toBeGreaterThanOrEqual(0);
      expect(inUse + idle).toBeLessThanOrEqual(max);
    }
    // The request pool has served this file's requests, and nothing holds a connection between them.
    expect(sampleValue(families, 'workforce_db_pool_connections', { pool: 'request', state: 'idle' })).toBeGreaterThan(
      0,
    );
    expect(sampleValue(families, 'workforce_db_pool_connections', { pool: 'request', state: 'in_use' })).toBe(0);
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    for (const [name, family] of families) {
      expect(family.help, name).toBeTruthy();
      if (!name.startsWith('process_') && !name.startsWith('nodejs_')) expect(name).toMatch(/^workforce_/);
    }
  });
});

describe('exposure', () => {
  test('the metrics port wants the token when METRICS_TOKEN is set', async () => {
    const none = await fetch(`${h.metricsUrl}/metrics`);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="workforce-metrics"');
    await expectProblem(none, 401, 'unauthorized');
    const wrong = await fetch(`${h.metricsUrl}/metrics`, bearer(`${TOKEN.slice(0, -1)}x`));
    await expectProblem(wrong, 401, 'invalid_credential');
    await expectProblem(await fetch(`${h.metricsUrl}/metrics`, bearer(TOKEN.slice(0, -1))), 401, 'invalid_credential');
    await expectProblem(await fetch(`${h.metricsUrl}/v1/health`), 404, 'not_found');
    // The operations paths, and nothing else, are on the metrics port.
    expect(await (await fetch(`${h.metricsUrl}/livez`)).json()).toEqual({ status: 'ok' });
    expect(new URL(h.metricsUrl as string).hostname).toBe('127.0.0.1');
    expect(h.metricsUrl).not.toBe(h.url);
  });

  test('the main port answers /metrics with the token only, not rate limited, not documented', async () => {
    await expectProblem(await h.raw.fetch('/metrics'), 401, 'unauthorized');
    await expectProblem(await h.raw.fetch('/metrics', bearer('x'.repeat(48))), 401, 'invalid_credential');
    const before = await scrape();
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      // More scrapes than the anonymous budget (RATE_LIMIT_IP_POINTS=3), which is spent by now anyway.
      const res = await h.raw.fetch('/metrics', bearer(TOKEN));
      expectNoRateLimitHeaders(res);
      parseExposition(await res.text());
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(
      moved(before, await scrape(), [
        { method: 'GET', route: '/metrics', status: '200' },
        { method: 'GET', route: '/metrics', status: '401' },
      ]),
    ).toEqual([
      { method: 'GET', route: '/metrics', status: '200', total: 5, timed: 5 },
      { method: 'GET', route: '/metrics', status: '401', total: 0, timed: 0 },
    ]);
    const doc = (await (await h.fetch('/openapi.json')).json()) as { paths: Record<string, unknown> };
    const documented = Object.keys(doc.paths).filter((p) => /metrics|livez|readyz/.test(p));
    expect(documented).toEqual([]);
  });

  test('METRICS_PORT alone: metrics there without a token, none on the main port', async () => {
    const s = await perTest({ METRICS_PORT: '0' });
    const res = await fetch(`${s.metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    const families = parseExposition(await res.text());
    expect(families.get('workforce_http_requests_total')?.type).toBe('counter');
    await expectProblem(await s.raw.fetch('/metrics', bearer(TOKEN)), 404, 'not_found');
  });

  test('neither METRICS_PORT nor METRICS_TOKEN: no metrics endpoint at all', async () => {
    const s = await perTest({});
    expect(s.metricsUrl).toBeUndefined();
    await expectProblem(await s.raw.fetch('/metrics'), 404, 'not_found');
    await expectProblem(await s.raw.fetch('/metrics', bearer(TOKEN)), 404, 'not_found');
    expect((await s.raw.fetch('/livez')).status).toBe(200);
  });
});
