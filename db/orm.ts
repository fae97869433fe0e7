import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { type EntityManager, MikroORM, type Options } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Env } from '../server/env.js';
import { entities, tenantScopedEntities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';

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

/** MikroORM options: PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR. */
export function ormOptions(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  log: (message: string) => void = () => {},
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
      pool: { min: 0, max: 10 },
      // A database that stops answering must fail requests (503) rather than queue them forever.
      driverOptions: { Client: SelfReleasingClient, connectionTimeoutMillis: 5000, keepAlive: true },
    };
  }
  const dir = path.resolve(env.DATA_DIR, 'pglite');
  mkdirSync(path.dirname(dir), { recursive: true });
  return { ...common, driver: PgliteDriver as unknown as Options['driver'], dbName: dir };
}

export async function openOrm(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  log?: (message: string) => void,
): Promise<Orm> {
  return MikroORM.init(ormOptions(env, log));
}

/** The advisory lock every process holds while it migrates (any fixed number; `wfm` in ASCII). */
const MIGRATION_LOCK = 0x77666d;

/**
 * Applies pending migrations; returns the names applied. On PostgreSQL under a session advisory
 * lock: nodes starting at once on a fresh database take turns instead of running the same DDL
 * concurrently (all but one then failed), and the later ones find nothing left to apply.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  const url = (orm.config.get('driver') as unknown) === PgliteDriver ? undefined : orm.config.get('clientUrl');
  const lock = url ? new pg.Client({ connectionString: url }) : undefined;
  try {
    await lock?.connect();
    await lock?.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    // Ending the session releases the lock (so does a crash).
    await lock?.end();
  }
}
