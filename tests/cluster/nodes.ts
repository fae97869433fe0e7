import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Orm } from '../../db/orm.js';
import { type NodeProcess, spawnNode } from '../support/cluster.js';
import { openTestOrm, useFreshDatabase } from '../support/database.js';
import { statusCounts } from '../support/http.js';
import { newKey, newTenant } from '../support/tenants.js';
import { authed } from './helpers.js';

/** Per-credential budget of the two nodes: small, so the combined limit is reached quickly. */
const POINTS = 12;

export interface Cluster {
  /** Two `wfm serve` processes on the same PostgreSQL (and Redis). */
  nodes: [NodeProcess, NodeProcess];
  /** The test process's own ORM on that database. */
  orm: Orm;
  /** Node `i % 2`: requests alternate between the nodes. */
  node(i: number): NodeProcess;
}

/**
 * Starts two `wfm serve` processes with RATE_LIMIT_STORE=`store` once for the file (start-up costs
 * seconds per process) and stops them with SIGTERM after it. With `freshDatabase`, both start at
 * the same moment on a new, empty database, so they migrate it concurrently; it is dropped after.
 */
export function useCluster(store: 'redis' | 'postgres', options: { freshDatabase?: boolean } = {}): Cluster {
  const cluster = { nodes: [], node: (i: number) => cluster.nodes[i % 2] } as unknown as Cluster;
  const database = options.freshDatabase ? useFreshDatabase('wfm_cluster') : undefined;
  beforeAll(async () => {
    const env: Record<string, string> = {
      RATE_LIMIT_STORE: store,
      RATE_LIMIT_POINTS: String(POINTS),
      RATE_LIMIT_DURATION_S: '60',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    const started = await Promise.allSettled([spawnNode(env), spawnNode(env)]);
    const nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    cluster.nodes = nodes as [NodeProcess, NodeProcess];
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    cluster.orm = await openTestOrm(env.DATABASE_URL);
  }, 90_000);
  afterAll(async () => {
    const exits = await Promise.all(cluster.nodes.map((n) => n.stop()));
    await cluster.orm?.close();
    // A node that did not shut down cleanly on SIGTERM is a failure of its own.
    expect(exits).toEqual(cluster.nodes.map(() => ({ code: 0, signal: null })));
  }, 30_000);
  return cluster;
}

/** Decisions §5: one budget per credential across every node. */
export function sharedRateLimitTests(store: 'redis' | 'postgres', cluster: Cluster): void {
  describe(`rate limits shared through ${store}`, () => {
    test('alternating between the nodes: 429 exactly at the combined limit', async () => {
      const t = await newTenant(cluster.orm);
      const key = await newKey(cluster.orm, t, ['employees:read']);
      for (let i = 0; i < POINTS; i++) {
        const res = await cluster.node(i).fetch('/v1/employees?limit=1', authed(key));
        expect(res.status, `request ${i + 1} on node ${i % 2}: ${await res.text()}`).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBe(String(POINTS));
        // Each node sees the points the other spent: remaining counts down across both.
        expect(res.headers.get('ratelimit-remaining'), `request ${i + 1}`).toBe(String(POINTS - 1 - i));
      }
      for (const node of cluster.nodes) {
        const res = await node.fetch('/v1/employees?limit=1', authed(key));
        expect(res.status).toBe(429);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(((await res.json()) as { code: string }).code).toBe('rate_limited');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.headers.get('ratelimit-remaining')).toBe('0');
      }
    });

    test(`${3 * POINTS} parallel requests over both nodes: exactly ${POINTS} pass`, async () => {
      const t = await newTenant(cluster.orm);
      const key = await newKey(cluster.orm, t, ['employees:read']);
      const results = await Promise.all(
        Array.from({ length: 3 * POINTS }, (_, i) =>
          cluster
            .node(i)
            .fetch('/v1/employees?limit=1', authed(key))
            .then(async (res) => ({ status: res.status, node: i % 2, body: await res.text() })),
        ),
      );
      expect(statusCounts(results)).toEqual({ 200: POINTS, 429: 2 * POINTS });
      // Both nodes served some of the budget and refused some of the excess.
      for (const node of [0, 1]) {
        expect(results.filter((r) => r.node === node && r.status === 429).length).toBeGreaterThan(0);
      }
    });
  });
}
