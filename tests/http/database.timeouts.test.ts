import { Migration } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from '../../core/problems.js';
import { migrationsList } from '../../db/migrations/index.js';
import { migrate, type Orm, openOrm, ormOptions, readTimeout, serverStatementTimeoutMs } from '../../db/orm.js';
import { parseEnv } from '../../server/main/env.js';
import { requestPool, sql, useFreshDatabase } from '../support/database.js';
import { hireBody, postEmployee } from '../support/employees.js';
import { expectProblem, startTestServer, type TestTenant, useTestServer } from '../support/harness.js';

/**
 * The database session timeouts of decisions §16, on a database of this file's own: it locks the
 * employees table, which would stall every other test file running beside it on the suite's.
 */

/** A transaction of a plain pg connection (no timeouts of ours) holding `lock table employees`. */
async function lockEmployees(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query('lock table employees in access exclusive mode');
  return {
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

const POOL = 10;
const LOCK_TIMEOUT_MS = 300;

/** The server's database, and an empty one for the migrations to run on. */
const { url } = useFreshDatabase('wfm_timeouts');
const empty = useFreshDatabase('wfm_timeouts');
const orms: Orm[] = [];
afterAll(async () => {
  for (const orm of orms) await orm.close();
});

const h = useTestServer({
  DATABASE_URL: url,
  DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
  RATE_LIMIT_POINTS: '100000',
  LOG_LEVEL: 'silent',
});
let t: TestTenant;
let key: string;
beforeAll(async () => {
  t = await h.tenant();
  key = await h.key(t, ['employees:read', 'employees:write']);
});

async function open(settings: Record<string, number>): Promise<Orm> {
  const orm = await openOrm({ DATABASE_URL: url, DATA_DIR: './var', ...settings });
  orms.push(orm);
  return orm;
}

const list = () => h.as(key, '/v1/employees?limit=5');
const hire = () => postEmployee(h, key, hireBody(t));

describe('lock_timeout', () => {
  test('behind a held table lock, reads and writes answer 503 service_unavailable at once; after it, 200 again', async () => {
    expect((await list()).status).toBe(200);
    const lock = await lockEmployees(url);
    const started = performance.now();
    let held: number;
    try {
      // More requests than the pool has connections: each gives its connection back when refused.
      const responses = await Promise.all([
        ...Array.from({ length: POOL + 5 }, () => list()),
        ...Array.from({ length: 3 }, () => hire()),
      ]);
      const trpc = await h.as(key, `/trpc/employees.list?input=${encodeURIComponent('{"limit":5}')}`);
      held = performance.now() - started;
      for (const res of responses) {
        const body = await expectProblem(res, 503, 'service_unavailable');
        expect(body.detail).toBeTruthy();
        expect(res.headers.get('retry-after')).toBe('1');
      }
      // The same over tRPC.
      expect(trpc.status).toBe(503);
      expect(((await trpc.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
        'service_unavailable',
      );
    } finally {
      await lock.release();
    }
    // Waves of at most POOL requests, each cut off after the lock timeout: far from the 30 s a
    // request would otherwise have waited for this lock (or forever).
    expect(held).toBeLessThan(5000);

    const after = await Promise.all(Array.from({ length: POOL + 5 }, () => list()));
    expect(after.map((r) => r.status)).toEqual(after.map(() => 200));
    expect((await hire()).status).toBe(200);
    const stats = await requestPool(h);
    expect(stats.waiting).toBe(0);
    expect(stats.total).toBeLessThanOrEqual(POOL);
    // No session of the server was left inside a transaction by the refused requests.
    const [{ n }] = await sql<{ n: number }>(
      h,
      `select count(*)::int as n from pg_stat_activity
        where datname = ? and state like 'idle in transaction%'`,
      [new URL(url).pathname.slice(1)],
    );
    expect(n).toBe(0);
  });

  test('defaults: statement 5 s, lock 3 s, idle in a transaction 30 s, pool wait 3 s, read limit statement + 1 s', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      DB_STATEMENT_TIMEOUT_MS: 5_000,
      DB_LOCK_TIMEOUT_MS: 3_000,
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30_000,
      DB_POOL_TIMEOUT_MS: 3_000,
      DB_POOL_MAX: 10,
    });
    expect(env.DB_QUERY_TIMEOUT_MS).toBeUndefined();
    expect(readTimeout(env)).toBe(6_000);
    expect(readTimeout({ ...env, DB_STATEMENT_TIMEOUT_MS: 20_000 })).toBe(21_000);
    expect(readTimeout({ ...env, DB_STATEMENT_TIMEOUT_MS: 0 })).toBe(0);
    expect(readTimeout({ ...env, DB_QUERY_TIMEOUT_MS: 9_000 })).toBe(9_000);
  });

  test('a read limit not above the statement timeout is refused at start', () => {
    expect(() => parseEnv({ DB_STATEMENT_TIMEOUT_MS: '5000', DB_QUERY_TIMEOUT_MS: '5000' })).toThrow(
      /DB_QUERY_TIMEOUT_MS: DB_QUERY_TIMEOUT_MS must exceed DB_STATEMENT_TIMEOUT_MS/,
    );
    expect(parseEnv({ DB_STATEMENT_TIMEOUT_MS: '0', DB_QUERY_TIMEOUT_MS: '2000' }).DB_QUERY_TIMEOUT_MS).toBe(2000);
  });

  test('every connection of the server carries the three settings', async () => {
    const show = async (name: string) =>
      ((await h.orm.em.fork().execute(`show ${name}`)) as Record<string, string>[])[0][name];
    expect(await show('lock_timeout')).toBe(`${LOCK_TIMEOUT_MS}ms`);
    // The defaults (decisions §16): statement 5 s, idle in a transaction 30 s.
    expect(await show('statement_timeout')).toBe('5s');
    // What a node behind a transaction pooler checks at start (it warns when 0).
    expect(await serverStatementTimeoutMs(h.orm)).toBe(5000);
    expect(await serverStatementTimeoutMs(await open({ DB_STATEMENT_TIMEOUT_MS: 0 }))).toBe(0);
    expect(await serverStatementTimeoutMs(await open({ DB_STATEMENT_TIMEOUT_MS: 250 }))).toBe(250);
    expect(await show('idle_in_transaction_session_timeout')).toBe('30s');
  });
});

describe('statement_timeout', () => {
  test('a statement that runs too long is cancelled (57014), which the API treats as unavailable (503)', async () => {
    const orm = await open({ DB_STATEMENT_TIMEOUT_MS: 200 });
    const started = performance.now();
    const error = await orm.em
      .fork()
      .execute('select pg_sleep(3)')
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(performance.now() - started).toBeLessThan(2000);
    expect((error as { code?: string }).code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The connection is fine afterwards.
    expect(await orm.em.fork().execute('select 1 as one')).toEqual([{ one: 1 }]);
  });

  test('over HTTP: a request cut off by statement_timeout is 503 service_unavailable, not 500', async () => {
    const cut = await startTestServer({
      DATABASE_URL: url,
      DB_STATEMENT_TIMEOUT_MS: '300',
      DB_LOCK_TIMEOUT_MS: '0',
      RATE_LIMIT_POINTS: '100000',
    });
    try {
      // Its own key, so that its credential lookup does not wait on the table lock below.
      const cutKey = await cut.key(t, ['employees:read']);
      expect((await cut.as(cutKey, '/v1/employees')).status).toBe(200);
      const lock = await lockEmployees(url);
      try {
        const res = await cut.as(cutKey, '/v1/employees');
        await expectProblem(res, 503, 'service_unavailable');
        expect(res.headers.get('retry-after')).toBe('1');
      } finally {
        await lock.release();
      }
      expect((await cut.as(cutKey, '/v1/employees')).status).toBe(200);
    } finally {
      await cut.close();
    }
  });

  test('0 turns a timeout off: the server default (none) applies', async () => {
    const orm = await open({ DB_STATEMENT_TIMEOUT_MS: 0, DB_LOCK_TIMEOUT_MS: 0, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 0 });
    const [row] = await orm.em.fork().execute('show statement_timeout');
    expect(row).toEqual({ statement_timeout: '0' });
  });
});

describe('idle_in_transaction_session_timeout', () => {
  test('a transaction left idle is ended by the server; the pool recovers', async () => {
    const orm = await open({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 200 });
    const error = await orm.em
      .fork()
      .transactional(async (tx) => {
        await tx.execute('select 1');
        await new Promise((resolve) => setTimeout(resolve, 600));
        await tx.execute('select 1');
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await orm.em.fork().execute('select 1 as one')).toEqual([{ one: 1 }]);
  });
});

class SlowForTest extends Migration {
  override name = 'Migration99990101000000SlowForTest';

  override up(): void {
    this.addSql('select pg_sleep(0.6)');
  }
}

describe('migrations', () => {
  test('run with the timeouts off: a migration longer than statement_timeout completes', async () => {
    const options = ormOptions({ DATABASE_URL: empty.url, DATA_DIR: './var', DB_STATEMENT_TIMEOUT_MS: 200 });
    const orm = await MikroORM.init({
      ...options,
      migrations: {
        ...options.migrations,
        migrationsList: [...migrationsList, { name: SlowForTest.name, class: SlowForTest }],
      },
    });
    orms.push(orm);
    const applied = await migrate(orm);
    expect(applied).toEqual([...migrationsList.map((m) => m.name), SlowForTest.name]);
    // `set local`: the pool's connections keep their timeout after the migrations.
    const [row] = await orm.em.fork().execute('show statement_timeout');
    expect(row).toEqual({ statement_timeout: '200ms' });
  });
});
