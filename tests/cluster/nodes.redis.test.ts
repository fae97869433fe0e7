import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { hireBody } from '../support/employees.js';
import { codeOf, parallel, statusCounts } from '../support/http.js';
import { newKey, newTenant } from '../support/tenants.js';
import { authed } from './helpers.js';
import { sharedRateLimitTests, useCluster } from './nodes.js';

// Two `wfm serve` processes on one PostgreSQL and one Redis (decisions §12: several nodes).
const cluster = useCluster('redis');

sharedRateLimitTests('redis', cluster);

describe('idempotency keys across nodes (decisions §6)', () => {
  test('one key sent to both nodes at once: exactly one employee, the other node replays it', async () => {
    const { orm } = cluster;
    const t = await newTenant(orm);
    // Several rounds, each a fresh Idempotency-Key raced between the nodes (and a fresh API key: a
    // round takes four requests of its small rate-limit budget).
    for (let round = 0; round < 4; round++) {
      const key = await newKey(orm, t, ['employees:write']);
      const idempotencyKey = `cluster-${randomBytes(8).toString('hex')}`;
      const body = hireBody(t);
      const post = (i: number) =>
        cluster.node(i).fetch('/v1/employees', authed(key, 'POST', body, { 'Idempotency-Key': idempotencyKey }));
      const [first, second] = await parallel(2, post);
      const fresh = [first, second].filter((r) => r.status === 200 && !r.headers.get('idempotent-replayed'));
      expect(fresh, JSON.stringify([first, second].map((r) => [r.status, r.text]))).toHaveLength(1);
      const original = fresh[0];
      const originNode = original === first ? 0 : 1;
      const other = original === first ? second : first;
      // The loser either saw the first still running (409 idempotency_key_in_use) or its result.
      if (other.status === 200) {
        expect(other.headers.get('idempotent-replayed')).toBe('true');
        expect(other.text).toBe(original.text);
      } else {
        expect(other.status, other.text).toBe(409);
        expect(codeOf(other)).toBe('idempotency_key_in_use');
      }
      // The other node replays the stored response byte for byte, with a fresh request id.
      const replay = await post(originNode + 1);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.text()).toBe(original.text);
      expect(replay.headers.get('x-request-id')).not.toBe(original.headers.get('x-request-id'));
      const rows = await sql<{ n: number }>(
        orm,
        'select count(*)::int as n from employees where tenant_id = ? and email = ?',
        [t.tenant.id, body.email],
      );
      expect(rows[0].n).toBe(1);
      // The same key with another body, on either node: 409 idempotency_key_reused.
      const reused = await cluster
        .node(originNode + 1)
        .fetch(
          '/v1/employees',
          authed(key, 'POST', { ...body, full_name: 'Someone Else' }, { 'Idempotency-Key': idempotencyKey }),
        );
      expect(reused.status).toBe(409);
      expect(((await reused.json()) as { code: string }).code).toBe('idempotency_key_reused');
    }
    const [count] = await sql<{ n: number }>(orm, 'select count(*)::int as n from employees where tenant_id = ?', [
      t.tenant.id,
    ]);
    expect(count.n).toBe(1 + 4);
  });
});

describe('seat limits across nodes (decisions §7)', () => {
  test('20 parallel creates over both nodes into 3 free seats make exactly 3', async () => {
    const { orm } = cluster;
    // 4 seats, the first HR admin takes one.
    const t = await newTenant(orm, { seats: 4 });
    // Budgets are per credential: spread the batch over a few keys so the rate limit stays out of it.
    const keys = await Promise.all([0, 1, 2, 3].map(() => newKey(orm, t, ['employees:write'])));
    const results = await parallel(20, (i) =>
      cluster.node(i).fetch('/v1/employees', authed(keys[i % 4], 'POST', hireBody(t))),
    );
    expect(statusCounts(results)).toEqual({ 200: 3, 422: 17 });
    for (const r of results.filter((r) => r.status === 422)) expect(codeOf(r)).toBe('seat_limit_reached');
    const codes = await sql<{ employee_id: string }>(
      orm,
      'select employee_id from employees where tenant_id = ? order by employee_id',
      [t.tenant.id],
    );
    // Codes come from the tenant row both nodes lock: no gaps, no duplicates.
    expect(codes.map((c) => c.employee_id)).toEqual(['EMP-0001', 'EMP-0002', 'EMP-0003', 'EMP-0004']);
  });
});

describe('signed cursors across nodes (decisions §1)', () => {
  test('a cursor from one node pages on the other (the secret is shared through the database)', async () => {
    const { orm } = cluster;
    const t = await newTenant(orm);
    const write = await newKey(orm, t, ['employees:write']);
    for (let i = 0; i < 2; i++) {
      const res = await cluster.node(i).fetch('/v1/employees', authed(write, 'POST', hireBody(t)));
      expect(res.status, await res.text()).toBe(200);
    }
    const read = await newKey(orm, t, ['employees:read']);
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const query: string = `/v1/employees?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await cluster.node(page).fetch(query, authed(read));
      const text = await res.text();
      expect(res.status, text).toBe(200);
      const body = JSON.parse(text) as { data: { id: string }[]; next_cursor: string | null; has_more: boolean };
      ids.push(...body.data.map((e) => e.id));
      cursor = body.next_cursor;
      expect(body.has_more).toBe(page < 2);
    }
    expect(new Set(ids).size).toBe(3);
  });
});
