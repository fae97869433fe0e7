import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Orm, openOrm, poolStats } from '../../db/orm.js';
import { adminUrl } from './globalSetup.js';
import type { Json } from './http.js';

/**
 * The test process's own ORM on the suite's database (or `url`), for set-up and for checking rows;
 * through PgBouncer too when the run's database is (project cluster-pgbouncer).
 */
export function openTestOrm(url = inject('databaseUrl')): Promise<Orm> {
  return openOrm({ DATABASE_URL: url, DATA_DIR: './var', DATABASE_TRANSACTION_POOLING: inject('transactionPooling') });
}

/** Raw SQL outside any tenant filter, on a test server's database or through an ORM of the test's own. */
export function sql<T = Json>(on: { orm: Orm } | Orm, query: string, params: unknown[] = []): Promise<T[]> {
  const orm = 'em' in on ? on : on.orm;
  return orm.em.fork().getConnection().execute<T[]>(query, params);
}

/**
 * The plan PostgreSQL makes for `text` ($n placeholders, as the service sends it) with `values`, as a
 * prepared statement: `custom` is planned for these values (an unnamed statement, and a named one's
 * first executions), `generic` for any values (what a named statement settles on). One line per node.
 */
export async function planOf(
  on: { orm: Orm },
  text: string,
  values: readonly unknown[],
  mode: 'custom' | 'generic',
): Promise<string> {
  return on.orm.em.fork().transactional(async (em) => {
    await em.execute(`set local plan_cache_mode = force_${mode}_plan`);
    await em.execute(`prepare planned_statement as ${text}`);
    try {
      const args = values.map(() => '?').join(', ');
      const rows = await em.execute<{ 'QUERY PLAN': string }[]>(`explain execute planned_statement(${args})`, [
        ...values,
      ]);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await em.execute('deallocate planned_statement');
    }
  });
}

/** The request pool of a test server: connections open, idle, and callers waiting for one. */
export async function requestPool(h: {
  orm: Orm;
}): Promise<{ max: number; total: number; idle: number; waiting: number }> {
  const stats = await poolStats(h.orm);
  if (!stats) throw new Error('requestPool: the server is on PGlite, which has no pool');
  return stats;
}

/**
 * A new, empty database on the suite's PostgreSQL server, for a file that must not share the
 * suite's (it runs a dispatcher, locks a table, adds a constraint): created in beforeAll, dropped
 * (with force) in afterAll. `name` and `url` are known at once. Register it before the server or
 * nodes that use it, so that they stop before it is dropped (afterAll hooks run in reverse order).
 * `url` goes the way the suite's database does: through PgBouncer in the project cluster-pgbouncer
 * (its wildcard entry serves new databases); created and dropped straight on PostgreSQL.
 */
export function useFreshDatabase(prefix: string): { name: string; url: string } {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let created = false;
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    created = true;
  });
  afterAll(async () => {
    if (created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * A data directory of the test file's own (the server's DATA_DIR: .eml files, PGlite), made before
 * its tests and removed after them: `dir.path` inside hooks and tests.
 */
export function useTempDir(prefix: string): { readonly path: string } {
  let made: string | undefined;
  beforeAll(async () => {
    made = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (made) await rm(made, { recursive: true, force: true });
  });
  return {
    get path() {
      if (!made) throw new Error('useTempDir: the directory is made in beforeAll; read it in a hook or a test');
      return made;
    },
  };
}
