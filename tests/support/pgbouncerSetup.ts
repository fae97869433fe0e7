import type { TestProject } from 'vitest/node';
import { startPgBouncer } from './pgbouncer.js';
import { PGBOUNCER_MISSING } from './pgbouncerBinary.js';

/**
 * The second global set-up of the project `cluster-pgbouncer` (vitest.config.ts), after
 * globalSetup.ts has made the run's database: a PgBouncer in transaction mode in front of it, and
 * the tests' databaseUrl through the bouncer, with servers and nodes told so (transactionPooling).
 */
export default async function setup(project: TestProject) {
  const direct = project.getProvidedContext().directDatabaseUrl;
  const bouncer = await startPgBouncer(direct);
  // vitest.config.ts adds the project only where pgbouncer is installed.
  if (!bouncer) throw new Error(PGBOUNCER_MISSING);
  project.provide('databaseUrl', bouncer.url(direct));
  project.provide('transactionPooling', true);
  return () => bouncer.close();
}
