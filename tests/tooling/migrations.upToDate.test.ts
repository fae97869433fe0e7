import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { migrationsList } from '../../db/migrations/index.js';
import { migrate, type Orm, openOrm } from '../../db/orm.js';
import { useFreshDatabase } from '../support/database.js';

// A restart on a migrated database (every start but the first after an upgrade) has nothing to
// apply: it reads the migrations' table once and goes on, without the migrating transaction, its
// advisory lock or the migrator's own checks (issue 36: 40-70 ms of a restart). So it does not
// wait for the lock of a node that is migrating, as one with pending migrations must.

const database = useFreshDatabase('wfm_migrations_up_to_date');
const orms: Orm[] = [];
afterAll(async () => {
  for (const orm of orms) await orm.close();
});

/** The advisory lock migrate() takes (db/orm.ts, MIGRATION_LOCK), held by a session of its own. */
async function holdMigrationLock(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('select pg_advisory_lock($1)', [0x77666d]);
  return client;
}

/** `migrate(orm)`'s answer, or 'waited' when it has none within `ms`. */
function within(ms: number, applying: Promise<string[]>): Promise<string[] | 'waited'> {
  return Promise.race([applying, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), ms))]);
}

test('a restart with nothing to apply does not take the migration lock; a database with pending migrations waits for it', async () => {
  const env = { DATABASE_URL: database.url, DATA_DIR: './var' };
  const orm = await openOrm(env);
  orms.push(orm);

  // A new database: it waits for the lock of the node migrating it, then applies everything.
  const holder = await holdMigrationLock();
  const first = migrate(orm);
  expect(await within(1_000, first)).toBe('waited');
  await holder.query('select pg_advisory_unlock_all()');
  expect(await first).toEqual(migrationsList.map((m) => m.name));

  // Migrated: nothing to apply, at once, though another session holds the lock.
  await holder.query('select pg_advisory_lock($1)', [0x77666d]);
  try {
    const restart = await openOrm(env);
    orms.push(restart);
    expect(await within(3_000, migrate(restart))).toEqual([]);
  } finally {
    await holder.end();
  }
});
