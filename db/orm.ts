import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { type EntityManager, MikroORM, type Options } from '@mikro-orm/postgresql';
import type { Env } from '../server/env.js';
import { entities, tenantScopedEntities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';

export type Orm = MikroORM;
export const TENANT_FILTER = 'tenant';
export type { EntityManager };

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
    return { ...common, clientUrl: env.DATABASE_URL, pool: { min: 0, max: 10 } };
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

/** Applies pending migrations; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
