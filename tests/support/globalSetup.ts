// Vitest's global setup: one fresh, migrated database for the run, provided to the test files and
// dropped at the end. The PgBouncer in front of it (project cluster-pgbouncer) is pgbouncerSetup.ts.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openOrm } from '../../db/orm.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's database: straight to PostgreSQL, or through PgBouncer (project cluster-pgbouncer). */
    databaseUrl: string;
    /** The same database straight to PostgreSQL, for what cannot go through a transaction pooler. */
    directDatabaseUrl: string;
    /** databaseUrl is PgBouncer in transaction mode: servers run with DATABASE_TRANSACTION_POOLING. */
    transactionPooling: boolean;
  }
}

/** The server the suite runs against: TEST_DATABASE_URL, else the local `test` database. */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One fresh, migrated database for the whole run; dropped at the end. */
export default async function setup(project: TestProject) {
  const name = `wfm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = databaseUrl(name);
  const orm = await openOrm({ DATABASE_URL: url, DATA_DIR: './var' });
  await migrate(orm);
  await orm.close();
  project.provide('databaseUrl', url);
  project.provide('directDatabaseUrl', url);
  project.provide('transactionPooling', false);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
