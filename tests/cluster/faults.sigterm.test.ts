// SIGTERM to a spawned node with hires in flight: each gets its whole response, new connections are
// refused, the process exits 0 soon after the last. Other faults: faults.database.test.ts,
// faults.outbox.test.ts.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Orm } from '../../db/orm.js';
import { accepts, type NodeProcess, spawnNode } from '../support/cluster.js';
import { openTestOrm, sql } from '../support/database.js';
import { hireBody } from '../support/employees.js';
import { newKey, newTenant } from '../support/tenants.js';
import { waitFor } from '../support/wait.js';
import { authed, lockTenantRow } from './helpers.js';

let orm: Orm;
let node: NodeProcess | undefined;

beforeAll(async () => {
  orm = await openTestOrm();
});
afterAll(async () => {
  await node?.stop('SIGKILL');
  await orm?.close();
});

const BATCH = 30;
/** The server's pool size (db/orm.ts): this many hires can hold a connection at once. */
const POOL = 10;

/**
 * POST with node:http, to know when the request has been written whole to an established
 * connection (`sent`); `response` settles with the status and the full body, or the socket error.
 */
function post(port: number, path: string, init: ReturnType<typeof authed>) {
  let sent!: () => void;
  const written = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const response = new Promise<{ status: number; body: string; connection?: string; at: number }>((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: init.method, headers: init.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, at: performance.now() }),
      );
      res.on('error', (error) => resolve({ status: 0, body: String(error), at: performance.now() }));
    });
    req.on('error', (error) => resolve({ status: 0, body: String(error), at: performance.now() }));
    req.on('finish', sent);
    req.end(init.body);
  });
  return { written, response };
}

describe('SIGTERM drains in-flight requests', () => {
  test(`${BATCH} hires in flight: each gets its whole response, new connections are refused, exit 0`, async () => {
    // One Node process on the compiled CLI (what bin/wfm execs), the signal straight to the server.
    node = await spawnNode({ RATE_LIMIT_POINTS: '1000' });
    const t = await newTenant(orm);
    const key = await newKey(orm, t, ['employees:write']);
    // Every hire waits inside its transaction on the tenant row the test holds, so all of them are
    // in flight at once when the signal arrives; each has claimed its Idempotency-Key by then.
    const lock = await lockTenantRow(orm, t.tenant.id);
    const run = randomBytes(4).toString('hex');
    const n = node;
    const requests = Array.from({ length: BATCH }, (_, i) =>
      post(n.port, '/v1/employees', authed(key, 'POST', hireBody(t), { 'Idempotency-Key': `drain-${run}-${i}` })),
    );
    let signalledAt = 0;
    try {
      // All written to open connections; the first POOL hires hold every pooled connection and wait
      // on the row, the others wait for a connection. Every one of them is in flight.
      await Promise.all(requests.map((r) => r.written));
      await waitFor(async () => (await lock.waiting()) === POOL, `${POOL} hires waiting on the tenant row`);

      signalledAt = performance.now();
      node.child.kill('SIGTERM');
      // The listener closes at once; the process stays up while requests are in flight.
      await waitFor(async () => !(await accepts(n.port)), 'the port to refuse connections', 10_000);
      expect(node.child.exitCode).toBeNull();
    } finally {
      await lock.release();
    }

    const results = await Promise.all(requests.map((r) => r.response));
    const exit = await node.exited;
    const exitedAt = performance.now();
    const lastResponse = Math.max(...results.map((r) => r.at));
    console.info(
      `SIGTERM with ${BATCH} requests in flight: exit ${exit.code} ${Math.round(exitedAt - signalledAt)} ms after ` +
        `the signal, ${Math.round(exitedAt - lastResponse)} ms after the last response`,
    );
    // No socket hang-up, no truncated body: every accepted request was answered in full.
    expect(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body}`)).toEqual([]);
    for (const r of results) expect(JSON.parse(r.body)).toMatchObject({ data: { id: expect.any(String) } });
    expect(exit, node.stderr()).toEqual({ code: 0, signal: null });
    // The drained responses close their connections, so the node need not wait out keep-alive
    // timeouts (5 s) before it exits.
    expect(results.map((r) => r.connection)).toEqual(results.map(() => 'close'));
    expect(exitedAt - lastResponse).toBeLessThan(4000);
    const [count] = await sql<{ n: number }>(orm, 'select count(*)::int as n from employees where tenant_id = ?', [
      t.tenant.id,
    ]);
    expect(count.n).toBe(1 + BATCH);
    // And after the exit nothing listens.
    expect(await accepts(node.port)).toBe(false);
  }, 90_000);
});
