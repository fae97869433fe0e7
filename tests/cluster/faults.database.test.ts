import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type PgProxy, pgProxy } from '../support/cluster.js';
import { openTestOrm, requestPool, sql } from '../support/database.js';
import { hireBody } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';
import { sleep, waitFor } from '../support/wait.js';
import { authed, lockTenantRow } from './helpers.js';

// A server whose DATABASE_URL goes through a TCP proxy that the test cuts (every connection
// destroyed, new ones refused) and restores: PostgreSQL going away and coming back.
let proxy: PgProxy;
// The test's own connection, straight to PostgreSQL: it stays up while the proxy is cut.
let direct: Awaited<ReturnType<typeof openTestOrm>>;
beforeAll(async () => {
  proxy = await pgProxy(inject('databaseUrl'));
  direct = await openTestOrm();
});
afterAll(async () => {
  await direct?.close();
  await proxy?.close();
});

/**
 * The database limits of this file's server (decisions §16), shorter than the defaults so that the
 * test is quick: a frozen database is noticed after DB_QUERY_TIMEOUT_MS (no answer to a query) or
 * DB_POOL_TIMEOUT_MS (no connection, or no free one).
 */
const LIMITS = { DB_STATEMENT_TIMEOUT_MS: 2000, DB_QUERY_TIMEOUT_MS: 2500, DB_POOL_TIMEOUT_MS: 1000 };
const h = useTestServer(() => ({
  DATABASE_URL: proxy.url,
  RATE_LIMIT_POINTS: '100000',
  LOG_LEVEL: 'error',
  ...Object.fromEntries(Object.entries(LIMITS).map(([name, ms]) => [name, String(ms)])),
}));
// Runs before the server closes (afterAll hooks run in reverse): it closes through a working proxy.
afterAll(() => proxy?.restore());

interface Sent {
  kind: 'read' | 'write';
  started: number;
  ended: number;
  status: number;
  body: string;
  retryAfter: string | null;
  key?: string;
  payload?: Json;
}

/**
 * The longest a request may take, database or no database: a wait for a connection, then a query
 * with no answer, and some slack for a loaded machine.
 */
const HANG_MS = LIMITS.DB_POOL_TIMEOUT_MS + LIMITS.DB_QUERY_TIMEOUT_MS + 1000;

/**
 * Two ways a database fails: it goes away (connections closed, new ones refused), or it stops
 * answering without closing anything (a frozen host, a network partition): only the client-side
 * limits notice that one.
 */
const OUTAGES = [
  { name: 'PostgreSQL down', outageMs: 2000, workers: 4, start: () => proxy.cut(), end: () => proxy.restore() },
  {
    name: 'PostgreSQL frozen (connections open, nothing answered)',
    // Each request waits out a limit here, so more clients to see enough of them.
    outageMs: 5000,
    workers: 8,
    start: async () => proxy.hold(true),
    end: async () => proxy.hold(false),
  },
];

describe.each(OUTAGES)('$name under load', ({ name, outageMs, workers: clients, start, end }) => {
  test('503 service_unavailable within the limits while it lasts, 200 by itself after, no write lost or doubled', async () => {
    const t = await h.tenant();
    const key = await h.key(t, ['employees:read', 'employees:write']);
    const sent: Sent[] = [];
    let stop = false;
    let n = 0;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const write = (i + w) % 2 === 0;
        const idempotencyKey = write ? `fault-${w}-${i}-${n++}` : undefined;
        const payload = write ? hireBody(t) : undefined;
        const init = write
          ? authed(key, 'POST', payload, { 'Idempotency-Key': idempotencyKey as string })
          : authed(key);
        const started = performance.now();
        let status = 0;
        let body = '';
        let retryAfter: string | null = null;
        try {
          const res = await h.fetch(write ? '/v1/employees' : '/v1/employees?limit=5', {
            ...init,
            signal: AbortSignal.timeout(HANG_MS * 2),
          });
          status = res.status;
          retryAfter = res.headers.get('retry-after');
          body = await res.text();
        } catch (error) {
          body = String(error);
        }
        sent.push({
          kind: write ? 'write' : 'read',
          started,
          ended: performance.now(),
          status,
          body,
          retryAfter,
          key: idempotencyKey,
          payload,
        });
        // A steady stream, not a flood: about 40 requests a second per client.
        await sleep(25);
      }
    };
    const workers = Array.from({ length: clients }, (_, w) => worker(w));
    try {
      await waitFor(() => sent.filter((s) => s.status === 200).length >= 20, 'warm-up');
      const cutAt = performance.now();
      await start();
      await sleep(outageMs);
      const restoredAt = performance.now();
      await end();
      // It comes back by itself: a read and a write sent after the restore succeed.
      await waitFor(
        () =>
          ['read', 'write'].every((kind) =>
            sent.some((s) => s.kind === kind && s.started > restoredAt && s.status === 200),
          ),
        'recovery',
        15_000,
      );
      stop = true;
      await Promise.all(workers);
      // Connections the outage broke mid-transaction went back to the pool (and out of it): none is
      // still checked out once the load has stopped, so the pool keeps its full size.
      await waitFor(async () => {
        const pool = await requestPool(h);
        return pool.total === pool.idle && pool.waiting === 0;
      }, 'every pooled connection released');

      const firstOk = Math.min(...sent.filter((s) => s.started > restoredAt && s.status === 200).map((s) => s.ended));
      const during = sent.filter((s) => s.started > cutAt + 50 && s.ended < restoredAt);
      const slowest = Math.max(...sent.map((s) => s.ended - s.started));
      console.info(
        `${name}: ${sent.length} requests, ${during.length} during the outage, ` +
          `${sent.filter((s) => s.status === 503).length} answered 503, slowest ${Math.round(slowest)} ms, ` +
          `first 200 ${Math.round(firstOk - restoredAt)} ms after the restore`,
      );

      // Only 200 or 503, never 500, never a dropped connection, never a hang.
      const unexpected = sent.filter((s) => s.status !== 200 && s.status !== 503);
      expect(unexpected.map((s) => `${s.kind} ${s.status} ${s.body}`)).toEqual([]);
      expect(slowest).toBeLessThan(HANG_MS);
      // Everything sent while it was down was refused with the problem document, with Retry-After.
      expect(during.length).toBeGreaterThanOrEqual(clients);
      expect(during.filter((s) => s.status !== 503).map((s) => `${s.kind} ${s.status} ${s.body}`)).toEqual([]);
      for (const s of sent.filter((s) => s.status === 503)) {
        const problem = JSON.parse(s.body) as { code: string; status: number; type: string };
        expect(problem).toMatchObject({ code: 'service_unavailable', status: 503 });
        expect(problem.type).toMatch(/\/problems\/service_unavailable$/);
        expect(Number(s.retryAfter)).toBeGreaterThan(0);
      }

      // A client retries each refused write with its Idempotency-Key: exactly one record per key.
      const writes = sent.filter((s) => s.kind === 'write');
      const failed = writes.filter((s) => s.status !== 200);
      expect(failed.length).toBeGreaterThan(0);
      let replayed = 0;
      for (const s of failed) {
        const retry = () =>
          h.fetch('/v1/employees', authed(key, 'POST', s.payload, { 'Idempotency-Key': s.key as string }));
        const res = await retry();
        const text = await res.text();
        expect(res.status, text).toBe(200);
        if (res.headers.get('idempotent-replayed') === 'true') replayed++;
      }
      console.info(`retried ${failed.length} refused writes: ${replayed} had committed (replayed)`);
      const rows = await sql<{ email: string; n: number }>(
        direct,
        'select email, count(*)::int as n from employees where tenant_id = ? group by email',
        [t.tenant.id],
      );
      const byEmail = new Map(rows.map((r) => [r.email, r.n]));
      for (const s of writes) expect(byEmail.get(String(s.payload?.email)), s.key).toBe(1);
      expect(rows.length).toBe(1 + writes.length);
    } finally {
      stop = true;
      await end();
      await Promise.allSettled(workers);
    }
  });
});

/**
 * A write whose Idempotency-Key was claimed and whose transaction the outage then broke: the hire
 * waits on the tenant row (locked by the test) when the proxy is cut, so it deterministically fails
 * after the claim, and releasing the claim fails too, the database being gone.
 */
async function strandedWrite() {
  const t = await h.tenant();
  const key = await h.key(t, ['employees:write']);
  const idempotencyKey = `stranded-${t.tenant.id}`;
  const body = hireBody(t);
  const post = () => h.fetch('/v1/employees', authed(key, 'POST', body, { 'Idempotency-Key': idempotencyKey }));
  const lock = await lockTenantRow(direct, t.tenant.id);
  let response: Promise<Response> | undefined;
  try {
    response = post();
    await waitFor(async () => (await lock.waiting()) > 0, 'the hire to wait on the tenant row');
    await proxy.cut();
    const res = await response;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('service_unavailable');
  } finally {
    await lock.release();
    await proxy.restore();
    await response?.catch(() => {});
  }
  // The broken write's server session, blocked on the row lock, could not notice its client had
  // gone; granted the lock now, it finds out and ends, and its transaction's advisory lock on the
  // key with it. Until then a retry is rightly 409 idempotency_key_in_use ("retry shortly").
  await waitFor(
    async () =>
      (
        await sql<{ n: number }>(
          direct,
          `select count(*)::int as n from pg_locks
            where locktype = 'advisory' and granted
              and ((classid::bigint << 32) | objid::bigint) = hashtextextended(?, 0)`,
          [`idempotency:${t.tenant.id}:${idempotencyKey}`],
        )
      )[0].n === 0,
    "the broken write's session to end",
  );
  const employees = async () =>
    (
      await sql<{ n: number }>(direct, 'select count(*)::int as n from employees where tenant_id = ? and email = ?', [
        t.tenant.id,
        body.email,
      ])
    )[0].n;
  await waitFor(async () => (await h.fetch('/v1/health')).status === 200, 'the server to answer again');
  return { post, employees };
}

describe('a write the outage broke after its Idempotency-Key was claimed', () => {
  test('retried with its key it is done exactly once', async () => {
    const stranded = await strandedWrite();
    expect(await stranded.employees()).toBe(0);
    const res = await stranded.post();
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await stranded.employees()).toBe(1);
    const replay = await stranded.post();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(text);
    expect(await stranded.employees()).toBe(1);
  });

  // The key is held by an advisory lock of the write's own transaction, which the outage ended:
  // nothing is left to free, so the retry right after that session has gone goes through.
  test('retried right after the outage it succeeds (no 409 idempotency_key_in_use)', async () => {
    const stranded = await strandedWrite();
    const res = await stranded.post();
    expect(res.status, await res.text()).toBe(200);
  });
});
