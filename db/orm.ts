import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { type EntityManager, MikroORM, type Options } from '@mikro-orm/postgresql';
import pg from 'pg';
import { entities, tenantScopedEntities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';

/**
 * Database session timeouts (decisions §16), also the defaults for callers that open the database
 * without a parsed environment (test set-up, the benchmark).
 */
export const DB_TIMEOUT_DEFAULTS = {
  DB_STATEMENT_TIMEOUT_MS: 10_000,
  DB_LOCK_TIMEOUT_MS: 5_000,
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30_000,
} as const;

export type Orm = MikroORM;
export const TENANT_FILTER = 'tenant';
export type { EntityManager };

type Release = (err?: Error | boolean) => void;

/**
 * A pg client that goes back to its pool, and so out of it, when its connection ends while it is
 * checked out. Kysely (under MikroORM) releases a transaction's connection only after a begin,
 * commit or rollback that succeeded; when PostgreSQL goes away mid-transaction all three fail and
 * the dead client was never released: every outage cost the pool connections for good, until
 * requests waited forever for one and shutdown (pool.end) hung. pg-pool assigns `release` at each
 * checkout; this client keeps it and calls it at most once, so a later release by Kysely is a no-op.
 */
class SelfReleasingClient extends pg.Client {
  #release: Release | undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('end', () => this.release(new Error('PostgreSQL connection ended while checked out')));
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
  /** A PostgreSQL server; absent: the embedded PGlite database under DATA_DIR. */
  DATABASE_URL?: string;
  DATA_DIR: string;
}

export interface PoolOptions {
  /** Connections of this ORM's pool (PostgreSQL only; PGlite is one in-process connection). */
  poolMax?: number;
}

/** The request pool's size: this many requests can hold a connection at once. */
const REQUEST_POOL_MAX = 10;

/**
 * Session settings sent with every new PostgreSQL connection (decisions §16): a statement that runs
 * too long, a lock that is not granted in time, or a transaction left idle are cut off by the
 * server, so no request can hold a connection or a lock indefinitely. 0 leaves the server's own
 * setting. node-postgres sends them in the start-up packet, so they hold from the first query.
 */
function sessionTimeouts(env: DatabaseEnv): {
  statement_timeout: number;
  lock_timeout: number;
  idle_in_transaction_session_timeout: number;
} {
  return {
    statement_timeout: env.DB_STATEMENT_TIMEOUT_MS ?? DB_TIMEOUT_DEFAULTS.DB_STATEMENT_TIMEOUT_MS,
    lock_timeout: env.DB_LOCK_TIMEOUT_MS ?? DB_TIMEOUT_DEFAULTS.DB_LOCK_TIMEOUT_MS,
    idle_in_transaction_session_timeout:
      env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? DB_TIMEOUT_DEFAULTS.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/** MikroORM options: PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR. */
export function ormOptions(
  env: DatabaseEnv,
  log: (message: string) => void = () => {},
  { poolMax = REQUEST_POOL_MAX }: PoolOptions = {},
): Options {
  const common = {
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // rate-limiter-flexible owns this table; keep it out of schema diffs.
    schemaGenerator: { skipTables: ['rate_limits'] },
    // Structural tenant isolation: every read of a tenant-owned entity is scoped to the tenant the
    // request's credential belongs to. It is on by default and needs its argument, so a query
    // that forgot the tenant fails instead of leaking (server/app.ts sets it once per request).
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
      // A database that stops answering must fail requests (503) rather than queue them forever.
      driverOptions: {
        Client: SelfReleasingClient,
        connectionTimeoutMillis: 5000,
        keepAlive: true,
        ...sessionTimeouts(env),
      },
    };
  }
  // PGlite: the session timeouts are not applied. It is one in-process session, so there is no other
  // session to wait for a lock on or to be starved by, and its single-threaded WebAssembly
  // PostgreSQL has no timer to cancel a running statement (`statement_timeout` is accepted there but
  // never fires).
  const dir = path.resolve(env.DATA_DIR, 'pglite');
  mkdirSync(path.dirname(dir), { recursive: true });
  return { ...common, driver: PgliteDriver as unknown as Options['driver'], dbName: dir };
}

export async function openOrm(env: DatabaseEnv, log?: (message: string) => void, pool?: PoolOptions): Promise<Orm> {
  return MikroORM.init(ormOptions(env, log, pool));
}

/** Whether `orm` is the embedded PGlite (one in-process connection) rather than a PostgreSQL pool. */
export function isEmbedded(orm: Orm): boolean {
  return (orm.config.get('driver') as unknown) === PgliteDriver;
}

/** The advisory lock every process holds while it migrates (any fixed number; `wfm` in ASCII). */
const MIGRATION_LOCK = 0x77666d;

/**
 * Applies pending migrations; returns the names applied. On PostgreSQL under a session advisory
 * lock: nodes starting at once on a fresh database take turns instead of running the same DDL
 * concurrently (all but one then failed), and the later ones find nothing left to apply.
 *
 * All pending migrations run in one transaction with the session timeouts turned off (`set local`,
 * so the pooled connection keeps its own settings afterwards): a migration on a large database may
 * rightly run for minutes, and must not be cut off half-way by the request-sized statement_timeout.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  const url = isEmbedded(orm) ? undefined : orm.config.get('clientUrl');
  const lock = url ? new pg.Client({ connectionString: url }) : undefined;
  try {
    await lock?.connect();
    await lock?.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (!url) return (await orm.migrator.up()).map((m) => m.name);
    // Prepares the migrator (its tracking table) outside the transaction below, as up() would.
    await orm.migrator.getPending();
    const connection = orm.em.getConnection();
    const applied = await connection.transactional(async (trx) => {
      for (const setting of ['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout']) {
        await connection.execute(`set local ${setting} = 0`, [], 'run', trx);
      }
      return orm.migrator.up({ transaction: trx });
    });
    return applied.map((m) => m.name);
  } finally {
    // Ending the session releases the lock (so does a crash).
    await lock?.end();
  }
}
