import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Orm } from '../../db/orm.js';
import { type NodeProcess, spawnNode } from '../support/cluster.js';
import { openTestOrm, sql, useFreshDatabase } from '../support/database.js';
import { hireBody } from '../support/employees.js';
import type { TestTenant } from '../support/harness.js';
import { tcpPortsOf } from '../support/processes.js';
import { newKey, newTenant } from '../support/tenants.js';
import { waitFor } from '../support/wait.js';
import { type Received, useReceivers } from '../support/webhooks.js';
import { authed } from './helpers.js';

/**
 * Webhook delivery from several processes on one database (decisions §14): two `wfm serve` nodes,
 * both dispatching, deliver a burst of events, each exactly once; a dispatcher killed with SIGKILL
 * in the middle of a delivery leaves its attempt leased, and another process (`wfm worker`) sends
 * the same attempt once the lease has run out. On a database of the file's own.
 */

const LEASE_S = 3;
const TIMEOUT_MS = 2500;
const BURST = 60;

const { url } = useFreshDatabase('wfm_cluster_webhooks');
let dataDir: string;
let orm: Orm;
const nodes: NodeProcess[] = [];
// Deliveries are judged by the document the first node serves (the nodes run one build).
const receiver = useReceivers({ contract: () => (nodes[0] as NodeProcess).contract() });

const nodeEnv = () => ({
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  OUTBOX_DISPATCH: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_INTERVAL_MS: '100',
  WEBHOOK_RETRY_SCHEDULE: '1,1,1',
  WEBHOOK_LEASE_S: String(LEASE_S),
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  RATE_LIMIT_POINTS: '100000',
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'wfm-cluster-webhooks-'));
  // Both at once on the empty database: they migrate it together.
  nodes.push(...(await Promise.all([spawnNode(nodeEnv()), spawnNode(nodeEnv())])));
  orm = await openTestOrm(url);
}, 90_000);
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
  await orm?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 30_000);

/** An endpoint created through `node`'s API; its secret. */
async function endpoint(node: NodeProcess, t: TestTenant, target: string) {
  // The read scopes too: an endpoint may subscribe only to what its creator may read (decisions §18).
  const key = await newKey(orm, t, [
    'webhooks:write',
    'employees:write',
    'webhooks:read',
    'employees:read',
    'leave:read',
  ]);
  const res = await node.fetch('/v1/webhook-endpoints', authed(key, 'POST', { url: target, event_types: ['*'] }));
  const body = (await res.json()) as { data: { id: string }; secret: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { id: body.data.id, secret: body.secret, key };
}

interface Row {
  event_id: string;
  attempt: number;
  status: string;
  locked: boolean;
}

function rows(endpointId: string): Promise<Row[]> {
  return sql<Row>(
    orm,
    `select event_id, attempt, status, locked_until > now() as locked
       from webhook_deliveries where endpoint_id = ? order by event_id, attempt`,
    [endpointId],
  );
}

describe('two nodes dispatching', () => {
  test(`a burst of ${BURST} events over both nodes: every one delivered, each exactly once`, async () => {
    const r = await receiver();
    const t = await newTenant(orm);
    const e = await endpoint(nodes[0] as NodeProcess, t, r.url);
    for (let i = 0; i < BURST; i += 10) {
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          (nodes[(i + j) % 2] as NodeProcess)
            .fetch('/v1/employees', authed(e.key, 'POST', hireBody(t)))
            .then((res) => res.status),
        ),
      );
      expect(statuses).toEqual(statuses.map(() => 200));
    }
    await waitFor(
      async () => (await rows(e.id)).filter((row) => row.status === 'succeeded').length === BURST,
      `${BURST} deliveries to succeed`,
      30_000,
      100,
    );
    const settled = await rows(e.id);
    expect(settled).toHaveLength(BURST);
    expect(settled.every((row) => row.attempt === 1 && row.status === 'succeeded')).toBe(true);
    // A moment more: nothing arrives twice, late.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ids = r.received.map((q) => q.headers['webhook-id']);
    expect(ids).toHaveLength(BURST);
    expect(new Set(ids).size).toBe(BURST);
    expect([...new Set(ids)].sort()).toEqual(settled.map((row) => row.event_id).sort());
    const wh = new Webhook(e.secret);
    for (const q of r.received) {
      expect((wh.verify(q.body, q.headers) as { type: string }).type).toBe('employee.created');
    }
  }, 90_000);
});

describe('a node killed mid-send while others dispatch', () => {
  test('three nodes, one killed with attempts in flight: every event delivered, sent again only if the dead node held it, never 5 at once', async () => {
    // A third node for this test alone: the next test needs the first two.
    const doomed = await spawnNode(nodeEnv());
    nodes.push(doomed);
    const r = await receiver();
    let open = 0;
    let most = 0;
    // Each request answered after 300 ms (if its sender is still there): the doomed node dies holding some.
    r.answer((request) => {
      open++;
      most = Math.max(most, open);
      void request.answered.then(() => open--);
      setTimeout(() => {
        if (!request.res.destroyed) request.res.writeHead(200).end();
      }, 300);
      return 'hang';
    });
    const t = await newTenant(orm);
    const e = await endpoint(doomed, t, r.url);
    const count = 20;
    // Hired through the doomed node: its own commits wake it first, so it claims first.
    const statuses = await Promise.all(
      Array.from({ length: count }, () =>
        doomed.fetch('/v1/employees', authed(e.key, 'POST', hireBody(t))).then((res) => res.status),
      ),
    );
    expect(statuses).toEqual(statuses.map(() => 200));
    // Killed while a request of its own is held, one that arrived under 150 ms ago (answered at 300):
    // the other nodes claim too, so requests in flight need not be its.
    const ownPorts = () => tcpPortsOf(doomed.child.pid as number);
    await waitFor(
      () => {
        const own = ownPorts();
        return r.received.some((q) => !q.res.writableEnded && Date.now() - q.at < 150 && own.has(q.remotePort));
      },
      'a request of the doomed node in flight',
      10_000,
      5,
    );
    expect(await doomed.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const killedAt = Date.now();
    await waitFor(
      async () => (await rows(e.id)).filter((row) => row.status === 'succeeded').length === count,
      `${count} deliveries to succeed`,
      LEASE_S * 1000 + 20_000,
      100,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const events = (await rows(e.id)).map((row) => row.event_id).sort();
    const sends = new Map<string, Received[]>();
    for (const q of r.received)
      sends.set(q.headers['webhook-id'] as string, [...(sends.get(q.headers['webhook-id'] as string) ?? []), q]);
    // Nothing lost: every event reached the receiver, and was answered 200 at least once.
    expect([...sends.keys()].sort()).toEqual(events);
    for (const [id, qs] of sends) expect(await Promise.all(qs.map((q) => q.answered)), id).toContain(true);
    // Sent twice only what the dead node was sending when it died (it may even have had its answer, unrecorded):
    // a first send before the kill and one more after it, by a live node once the lease ran out. Never a third.
    const twice = [...sends.values()].filter((qs) => qs.length > 1);
    // What the dead node never had an answer for (its connection closed first) was sent again.
    const cut = new Set<string>();
    for (const [id, qs] of sends) if (!(await qs[0].answered)) cut.add(id);
    expect(cut.size).toBeGreaterThanOrEqual(1);
    for (const id of cut) expect(sends.get(id), id).toHaveLength(2);
    expect(twice.length).toBeLessThanOrEqual(4);
    for (const [first, second, ...more] of twice) {
      expect(more).toEqual([]);
      expect((first as Received).at).toBeLessThan(killedAt);
      expect((second as Received).at).toBeGreaterThan(killedAt);
    }
    // One attempt row per event (the same attempt sent again), and the endpoint limit held over three nodes.
    expect((await rows(e.id)).every((row) => row.attempt === 1)).toBe(true);
    expect(most).toBeLessThanOrEqual(4);
  }, 90_000);
});

describe('a dispatcher killed mid-delivery', () => {
  test('its attempt stays leased, then another process sends the same attempt after the lease', async () => {
    // One dispatcher left, so that the request the receiver holds is known to be node 0's.
    const [first, second] = nodes as [NodeProcess, NodeProcess];
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const r = await receiver();
    r.answer((_, i) => (i === 0 ? 'hang' : 200));
    const t = await newTenant(orm);
    const e = await endpoint(first, t, r.url);
    const res = await first.fetch('/v1/employees', authed(e.key, 'POST', hireBody(t)));
    expect(res.status).toBe(200);
    await waitFor(() => r.received.length === 1, 'the delivery to reach the receiver', 10_000, 5);
    const held = r.received[0] as Received;
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const killedAt = Date.now();
    // Nothing recorded: pending, still leased to the dead node.
    const [leased] = await rows(e.id);
    expect(leased).toMatchObject({ attempt: 1, status: 'pending', locked: true });
    const [lease] = await sql<{ until: number }>(
      orm,
      'select (extract(epoch from locked_until) * 1000)::float8 as until from webhook_deliveries where endpoint_id = ?',
      [e.id],
    );

    const worker = await spawnNode(nodeEnv(), { command: 'worker' });
    nodes.push(worker);
    await waitFor(() => r.received.length === 2, 'the retry by the worker', LEASE_S * 1000 + 15_000, 20);
    const retried = r.received[1] as Received;
    // Not before the dead node's lease ran out (a lease that began when it claimed, just before `held`).
    expect(retried.at).toBeGreaterThanOrEqual((lease?.until as number) - 5);
    expect((lease?.until as number) - held.at).toBeLessThanOrEqual(LEASE_S * 1000);
    expect(retried.headers['webhook-id']).toBe(held.headers['webhook-id']);
    const wh = new Webhook(e.secret);
    expect(wh.verify(retried.body, retried.headers)).toEqual(wh.verify(held.body, held.headers));
    await waitFor(async () => (await rows(e.id))[0]?.status === 'succeeded', 'the retry to be recorded', 5000);
    // The same attempt, sent again: no second attempt row, no failure counted.
    expect(await rows(e.id)).toMatchObject([{ attempt: 1, status: 'succeeded', locked: null }]);
    expect(Date.now() - killedAt).toBeLessThan(LEASE_S * 1000 + 15_000);
    expect(await worker.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 90_000);
});
