import type { Orm } from '../../db/orm.js';
import { sql } from '../support/database.js';

/** An authenticated JSON request. */
export function authed(secret: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    headers: {
      Authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  } satisfies RequestInit;
}

interface PgClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  release(): void;
}

/**
 * Locks a tenant's row (FOR UPDATE) in a transaction of the test's own, so that every hire into the
 * tenant waits inside its transaction until `release()`. `waiting()` counts the sessions it blocks.
 */
export async function lockTenantRow(orm: Orm, tenantId: string) {
  const pool = (await orm.em.getConnection().getNativeClient()) as unknown as { connect(): Promise<PgClient> };
  const client = await pool.connect();
  await client.query('begin');
  await client.query('select id from tenants where id = $1 for update', [tenantId]);
  const [{ pid }] = (await client.query('select pg_backend_pid() as pid')).rows as { pid: number }[];
  let released = false;
  return {
    async waiting(): Promise<number> {
      // Blocked by the lock, or queued behind a session that is (a row's later waiters wait on the
      // first one).
      const rows = await sql<{ n: number }>(
        orm,
        `with recursive blocked(pid) as (
           select pid from pg_stat_activity where ? = any(pg_blocking_pids(pid))
           union
           select a.pid from pg_stat_activity a join blocked b on b.pid = any(pg_blocking_pids(a.pid))
         ) select count(*)::int as n from blocked`,
        [pid],
      );
      return rows[0].n;
    },
    async release(): Promise<void> {
      if (released) return;
      released = true;
      await client.query('rollback').catch(() => {});
      client.release();
    },
  };
}
