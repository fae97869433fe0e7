import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { type EntityManager, MikroORM, type Options } from '@mikro-orm/postgresql';
import pg from 'pg';
import { prepareEmbeddedDataDir } from './embedded.js';
import { entities, tenantScopedEntities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';
import { SECRET_KEYS_EXTENSION, type SecretKeyRing, secretKeysFromVariables } from './secrets.js';
import { statementName } from './statements.js';

/**
 * Database timeouts (decisions §16), also the defaults for callers that open the database without a
 * parsed environment (test set-up, the benchmark). A request-sized statement limit, a client-side
 * read limit a little above it (a database that stops answering without closing its connections
 * never cancels anything itself), and a limit on the wait for a pooled connection: a frozen database
 * answers 503 within a few seconds instead of holding requests forever.
 */
export const DB_TIMEOUT_DEFAULTS = {
  DB_STATEMENT_TIMEOUT_MS: 5_000,
  DB_LOCK_TIMEOUT_MS: 3_000,
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30_000,
  DB_POOL_TIMEOUT_MS: 3_000,
} as const;

export type Orm = MikroORM;
export const TENANT_FILTER = 'tenant';
export type { EntityManager };

type Release = (err?: Error | boolean) => void;

/** Queries run inside `withoutReadTimeout` (the migrations) have no client-side read limit. */
const unboundedReads = new AsyncLocalStorage<true>();

/** Runs `work` with no client-side read limit on its queries (it may rightly run for minutes). */
function withoutReadTimeout<T>(work: () => Promise<T>): Promise<T> {
  return unboundedReads.run(true, work);
}

interface ClientOptions extends pg.ClientConfig {
  /** Client-side read limit of a query in milliseconds (DB_QUERY_TIMEOUT_MS); 0 or absent: none. */
  readTimeoutMillis?: number;
  /**
   * Send the statements registered in db/statements.ts as named prepared statements. Off through a
   * transaction pooler: a server connection there serves another client at the next transaction, and
   * PgBouncer before 1.21 (`max_prepared_statements`) cannot carry a named statement across.
   */
  namedStatements?: boolean;
}

/**
 * The pg client of every pool.
 *
 * It goes back to its pool, and so out of it, when its connection ends while it is checked out.
 * Kysely (under MikroORM) releases a transaction's connection only after a begin, commit or
 * rollback that succeeded; when PostgreSQL goes away mid-transaction all three fail and the dead
 * client was never released: every outage cost the pool connections for good, until requests
 * waited forever for one and shutdown (pool.end) hung. pg-pool assigns `release` at each checkout;
 * this client keeps it and calls it at most once, so a later release by Kysely is a no-op.
 *
 * A query with no answer within the read limit destroys the connection: the query fails
 * ("Connection terminated", 503), and so does any later query the client had queued, and the client
 * leaves the pool. node-postgres's own `query_timeout` is not used: it rejects the query but leaves
 * the client waiting for that answer, so the client went back to the pool unusable.
 *
 * A statement registered in db/statements.ts goes as a named prepared statement (`namedStatements`):
 * node-postgres parses it once on each connection and then sends only its name and values.
 */
class PooledClient extends pg.Client {
  #release: Release | undefined;

  constructor(config: ClientOptions = {}) {
    super(config);
    this.on('end', () => this.release(new Error('PostgreSQL connection ended while checked out')));
    const limit = config.readTimeoutMillis;
    const named = config.namedStatements ?? false;
    if (!limit && !named) return;
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [text, values, ...callback] = args;
      const name = named && typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined;
      const result = name ? query({ name, text }, values, ...callback) : query(...args);
      if (!limit || !(result instanceof Promise) || unboundedReads.getStore()) return result;
      const timer = setTimeout(() => this.abandon(), limit);
      const clear = () => clearTimeout(timer);
      result.then(clear, clear);
      return result;
    }) as typeof this.query;
  }

  /** Ends the connection without the goodbye a frozen server would never read. */
  private abandon(): void {
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }

  set release(release: Release) {
    this.#release = release;
  }

  get release(): Release {
    return (err) => {
      const release = this.#release;
      this.#release = undefined;
      release?.(err);
    };
  }
}

/** What opening the database reads; the timeouts default to DB_TIMEOUT_DEFAULTS when absent. */
export interface DatabaseEnv extends Partial<Record<keyof typeof DB_TIMEOUT_DEFAULTS, number>> {
  /** A PostgreSQL server, directly or through a pooler; absent: the embedded PGlite under DATA_DIR. */
  DATABASE_URL?: string;
  /**
   * DATABASE_URL is a pooler in transaction mode (PgBouncer `pool_mode = transaction`): server
   * sessions are shared between clients transaction by transaction, so nothing session-level is
   * sent (the pooler's `connect_query` sets the session timeouts, docs/operations.md
   * "PgBouncer in transaction mode").
   */
  DATABASE_TRANSACTION_POOLING?: boolean;
  /** Client-side read limit; default DB_STATEMENT_TIMEOUT_MS + 1 s (none when that is 0). */
  DB_QUERY_TIMEOUT_MS?: number;
  /** Connections of the request pool (default 10). */
  DB_POOL_MAX?: number;
  DATA_DIR: string;
  /**
   * The keys the migrations seal secrets with (decisions §18); absent: built from process.env and
   * DATA_DIR as the process would, and only if a migration needs them.
   */
  secretKeys?: SecretKeyRing;
}

export interface PoolOptions {
  /** Connections of this ORM's pool (PostgreSQL only; PGlite is one in-process connection); default DB_POOL_MAX. */
  poolMax?: number;
}

/** The request pool's size: this many requests can hold a connection at once. */
const REQUEST_POOL_MAX = 10;

/**
 * Session settings sent with every new PostgreSQL connection (decisions §16): a statement that runs
 * too long, a lock that is not granted in time, or a transaction left idle are cut off by the
 * server, so no request can hold a connection or a lock indefinitely. 0 turns one off.
 * node-postgres sends them in the start-up packet, so they hold from the first query. Through a
 * transaction pooler nothing is sent: PgBouncer refuses unknown start-up parameters, and a session
 * setting would stay on a server connection that other clients then use.
 */
function sessionTimeouts(
  env: DatabaseEnv,
): Partial<Record<'statement_timeout' | 'lock_timeout' | 'idle_in_transaction_session_timeout', number>> {
  if (env.DATABASE_TRANSACTION_POOLING) return {};
  return {
    statement_timeout: env.DB_STATEMENT_TIMEOUT_MS ?? DB_TIMEOUT_DEFAULTS.DB_STATEMENT_TIMEOUT_MS,
    lock_timeout: env.DB_LOCK_TIMEOUT_MS ?? DB_TIMEOUT_DEFAULTS.DB_LOCK_TIMEOUT_MS,
    idle_in_transaction_session_timeout:
      env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? DB_TIMEOUT_DEFAULTS.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * The client-side read limit: above the statement timeout, so that the server cancels a slow
 * statement first and this fires only when the server does not answer at all.
 */
export function readTimeout(env: DatabaseEnv): number {
  if (env.DB_QUERY_TIMEOUT_MS !== undefined) return env.DB_QUERY_TIMEOUT_MS;
  const statement = env.DB_STATEMENT_TIMEOUT_MS ?? DB_TIMEOUT_DEFAULTS.DB_STATEMENT_TIMEOUT_MS;
  return statement && statement + 1000;
}

/**
 * Every statement a connection prepares by name runs its generic plan: planned once per connection
 * and kept. Under the default (`auto`) PostgreSQL plans a prepared statement for each of its first
 * five runs and keeps planning it afresh whenever those custom plans look cheaper than the generic
 * one, which it judged so for the statements with branches their parameters switch off: a date
 * window's page (0.5–0.6 ms of planning on each request, about a third of its time in the
 * database) and the hire's account statement (1.5 ms, under the tenant's lock). The statements are
 * written for their generic plans (tests/tooling/plans.filters.test.ts reads each filter's). Sent in
 * the start-up packet with the timeouts; not through a transaction pooler, where every statement
 * goes unnamed and a generic plan would be made for one run.
 */
function sessionPlanning(env: DatabaseEnv): Pick<pg.ClientConfig, 'options'> {
  return env.DATABASE_TRANSACTION_POOLING ? {} : { options: '-c plan_cache_mode=force_generic_plan' };
}

/** The options of every pg pool of the service: its client, the timeouts and the session settings. */
function poolOptions(env: DatabaseEnv): pg.PoolConfig & ClientOptions {
  return {
    Client: PooledClient,
    // pg-pool's limit on a checkout: the wait for a free connection, opening a new one included.
    connectionTimeoutMillis: env.DB_POOL_TIMEOUT_MS ?? DB_TIMEOUT_DEFAULTS.DB_POOL_TIMEOUT_MS,
    readTimeoutMillis: readTimeout(env),
    namedStatements: !env.DATABASE_TRANSACTION_POOLING,
    keepAlive: true,
    ...sessionTimeouts(env),
    ...sessionPlanning(env),
  };
}

/**
 * A plain pg pool on DATABASE_URL with the ORM pools' timeouts and settings, for a library that
 * wants a pg pool of its own (the PostgreSQL rate-limit store).
 */
export function openPgPool(env: DatabaseEnv & { DATABASE_URL: string }, max: number): pg.Pool {
  return new pg.Pool({ ...poolOptions(env), connectionString: env.DATABASE_URL, max });
}

/** The embedded database's data directory: DATA_DIR/pglite. */
function embeddedDataDir(env: Pick<DatabaseEnv, 'DATA_DIR'>): string {
  return path.resolve(env.DATA_DIR, 'pglite');
}

/** Whether the embedded database's data directory has been created. */
export function embeddedDataDirExists(env: Pick<DatabaseEnv, 'DATA_DIR'>): boolean {
  return existsSync(path.join(embeddedDataDir(env), 'PG_VERSION'));
}

/**
 * The embedded database's MikroORM driver, loaded with the first embedded database opened: a
 * process on PostgreSQL never loads PGlite (16 modules; decisions, "What a process loads").
 */
let pgliteDriver: Options['driver'] | undefined;

/**
 * MikroORM options: PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR
 * (whose driver openOrm adds).
 */
export function ormOptions(
  env: DatabaseEnv,
  log: (message: string) => void = () => {},
  { poolMax = env.DB_POOL_MAX ?? REQUEST_POOL_MAX }: PoolOptions = {},
): Options {
  const common = {
    entities,
    extensions: [
      Migrator,
      {
        register: (orm: { config: Pick<Orm['config'], 'registerExtension'> }) => {
          let keys = env.secretKeys;
          orm.config.registerExtension(SECRET_KEYS_EXTENSION, () => {
            keys ??= secretKeysFromVariables(process.env, env.DATA_DIR);
            return keys;
          });
        },
      },
    ],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // rate-limiter-flexible owns this table; keep it out of schema diffs.
    schemaGenerator: { skipTables: ['rate_limits'] },
    // Entity queries have no implicit tenant: this filter is on by default and needs its argument,
    // so an ORM read of a tenant-owned entity that does not name its tenant fails instead of
    // leaking. Requests read and write through db/tenantReader.ts (where isolation happens).
    filters: {
      [TENANT_FILTER]: {
        cond: (args: { tenantId: string }) => ({ tenantId: args.tenantId }),
        entity: tenantScopedEntities.map((e) => e.meta.className),
        default: true,
        args: true,
      },
    },
    debug: false,
    logger: log,
    allowGlobalContext: false,
  } satisfies Partial<Options>;
  if (env.DATABASE_URL) {
    return {
      ...common,
      clientUrl: env.DATABASE_URL,
      pool: { min: 0, max: poolMax },
      driverOptions: poolOptions(env),
    };
  }
  // PGlite: the session timeouts are not applied. It is one in-process session, so there is no other
  // session to wait for a lock on or to be starved by, and its single-threaded WebAssembly
  // PostgreSQL has no timer to cancel a running statement (`statement_timeout` is accepted there but
  // never fires).
  const dir = embeddedDataDir(env);
  mkdirSync(path.dirname(dir), { recursive: true });
  return { ...common, dbName: dir };
}

export async function openOrm(env: DatabaseEnv, log?: (message: string) => void, pool?: PoolOptions): Promise<Orm> {
  const options = ormOptions(env, log, pool);
  if (!env.DATABASE_URL) {
    await prepareEmbeddedDataDir(options.dbName as string);
    pgliteDriver ??= (await import('@mikro-orm/pglite')).PgliteDriver as unknown as Options['driver'];
    options.driver = pgliteDriver;
  }
  const orm = await MikroORM.init(options);
  if (env.DATABASE_URL && !env.DATABASE_TRANSACTION_POOLING) {
    try {
      await expectSessionTimeouts(orm, sessionTimeouts(env));
    } catch (error) {
      await orm.close();
      throw error;
    }
  }
  return orm;
}

/** What a process behind a transaction pooler must be told (decisions §18). */
const POOLER_WITHOUT_SETTING =
  'DATABASE_URL reaches a transaction pooler (such as PgBouncer): set DATABASE_TRANSACTION_POOLING=true, ' +
  "and the timeouts in the pooler's connect_query (docs/operations.md, PgBouncer)";

/**
 * Checks, positively, that the session timeouts this process sends when it connects are in force
 * (decisions §18): a transaction pooler refuses them (PgBouncer: "unsupported startup parameter"),
 * or may drop them silently; either way the process stops here, naming DATABASE_TRANSACTION_POOLING.
 */
async function expectSessionTimeouts(orm: Orm, sent: Partial<Record<string, number>>): Promise<void> {
  const names = Object.keys(sent);
  let rows: { name: string; ms: number }[];
  try {
    rows = await orm.em.fork().execute(
      `select name, (case when unit = 'ms' then setting::bigint else setting::bigint * 1000 end)::int as ms
         from pg_settings where name = any (string_to_array(?, ','))`,
      [names.join(',')],
    );
  } catch (error) {
    if (/unsupported startup parameter/i.test(String((error as Error).message))) {
      throw new Error(`${POOLER_WITHOUT_SETTING} (the pooler refused: ${(error as Error).message})`);
    }
    throw error;
  }
  const dropped = rows
    .filter((row) => row.ms !== sent[row.name])
    .map((row) => `${row.name} is ${row.ms} ms, not ${sent[row.name]}`);
  if (dropped.length)
    throw new Error(
      `${POOLER_WITHOUT_SETTING} (the session settings sent at connect were dropped: ${dropped.join('; ')})`,
    );
}

/** Whether `orm` is the embedded PGlite (one in-process connection) rather than a PostgreSQL pool. */
export function isEmbedded(orm: Orm): boolean {
  return pgliteDriver !== undefined && orm.config.get('driver') === pgliteDriver;
}

/** The advisory lock a process holds while it migrates (any fixed number; `wfm` in ASCII). */
const MIGRATION_LOCK = 0x77666d;

/**
 * Applies pending migrations; returns the names applied.
 *
 * On PostgreSQL all pending migrations run in one transaction that first takes a transaction-scoped
 * advisory lock: nodes starting at once on a fresh database take turns instead of running the same
 * DDL concurrently (all but one then failed), and the later ones find nothing left to apply. The
 * lock ends with the transaction, so it works through a transaction pooler too (a session lock
 * would stay on the pooled server connection after its client left, and the next node to migrate
 * waited for it forever). The migrations' tracking table is read and created in that transaction,
 * under the lock.
 *
 * The timeouts are off for it (`set local`, so the pooled connection keeps its own settings
 * afterwards, and no client-side read limit): a migration on a large database may rightly run for
 * minutes, and must not be cut off half-way by the request-sized limits.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  if (await allApplied(orm)) return [];
  if (isEmbedded(orm)) return (await orm.migrator.up()).map((m) => m.name);
  const connection = orm.em.getConnection();
  const storage = (orm.migrator as Migrator).getStorage();
  const applied = await withoutReadTimeout(() =>
    connection.transactional(async (trx) => {
      // The timeouts first: waiting for another node's migrations is no reason to fail.
      for (const setting of ['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout']) {
        await connection.execute(`set local ${setting} = 0`, [], 'run', trx);
      }
      await connection.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK], 'run', trx);
      storage.setMasterMigration(trx);
      try {
        return await orm.migrator.up({ transaction: trx });
      } finally {
        storage.unsetMasterMigration();
      }
    }),
  );
  return applied.map((m) => m.name);
}

/** SQLSTATE undefined_table. */
const UNDEFINED_TABLE = '42P01';

/**
 * Whether every migration of the ORM's list is applied already: one read of the migrations' table.
 * A restart (every start but the first after an upgrade) then skips the migrating transaction, its
 * lock and the migrator's own checks of the table, 40-70 ms of its start; and it does not wait for
 * the lock of a node applying migrations it does not know. No table yet (a new database): no.
 */
async function allApplied(orm: Orm): Promise<boolean> {
  const { tableName, migrationsList: list = [] } = orm.config.get('migrations');
  let rows: { name: string }[];
  try {
    rows = await orm.em.getConnection().execute(`select name from ${tableName}`);
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return false;
    throw error;
  }
  const applied = new Set(rows.map((row) => row.name));
  return list.every((migration) => applied.has(migration.name));
}

/**
 * The statement_timeout of the server sessions in milliseconds (0: none). Through a transaction
 * pooler it is whatever the pooler's connect_query set, which the service cannot set itself.
 */
export async function serverStatementTimeoutMs(orm: Orm): Promise<number> {
  const [row] = await orm.em
    .fork()
    .execute<{ ms: number }[]>(
      `select (extract(epoch from current_setting('statement_timeout')::interval) * 1000)::int as ms`,
    );
  return row.ms;
}

/** Connections of a PostgreSQL pool now (for the metrics); undefined on PGlite. */
export async function poolStats(
  orm: Orm,
): Promise<{ max: number; total: number; idle: number; waiting: number } | undefined> {
  if (isEmbedded(orm)) return undefined;
  const pool = (await orm.em.getConnection().getNativeClient()) as unknown as pg.Pool & {
    options: { max: number };
  };
  return { max: pool.options.max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
