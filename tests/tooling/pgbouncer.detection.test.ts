// A DATABASE_URL that reaches a transaction pooler without DATABASE_TRANSACTION_POOLING=true is
// caught at start, positively (decisions §18): the session timeouts the process sends must be in
// force, whether the pooler refuses them or drops them silently. Needs PgBouncer; skipped without.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openOrm } from '../../db/orm.js';
import { type PgBouncer, startPgBouncer } from '../support/pgbouncer.js';
import { PGBOUNCER_MISSING } from '../support/pgbouncerBinary.js';
import { nodeWfm } from '../support/processes.js';

const direct = () => inject('directDatabaseUrl');
let refusing: PgBouncer | undefined;
let dropping: PgBouncer | undefined;

beforeAll(async () => {
  [refusing, dropping] = await Promise.all([
    startPgBouncer(direct(), { poolSize: 2 }),
    startPgBouncer(direct(), { poolSize: 2, dropTimeouts: true }),
  ]);
});
afterAll(() => Promise.all([refusing?.close(), dropping?.close()]));

describe('a transaction pooler without DATABASE_TRANSACTION_POOLING', () => {
  test('that refuses the start-up settings stops the process, naming the setting', async (context) => {
    if (!refusing) return context.skip(`${PGBOUNCER_MISSING}: the pooler detection needs it`);
    await expect(openOrm({ DATABASE_URL: refusing.url(direct()), DATA_DIR: './var' })).rejects.toThrow(
      /set DATABASE_TRANSACTION_POOLING=true.*refused: unsupported startup parameter/,
    );
    const wfm = await nodeWfm(['migrate'], { DATABASE_URL: refusing.url(direct()), LOG_LEVEL: 'silent' });
    expect(wfm.code).not.toBe(0);
    expect(wfm.stderr).toContain('DATABASE_TRANSACTION_POOLING=true');
  });

  test('that drops them silently is caught by reading them back', async (context) => {
    if (!dropping) return context.skip(`${PGBOUNCER_MISSING}: the pooler detection needs it`);
    await expect(openOrm({ DATABASE_URL: dropping.url(direct()), DATA_DIR: './var' })).rejects.toThrow(
      /set DATABASE_TRANSACTION_POOLING=true.*dropped: .*statement_timeout is 0 ms, not 5000/,
    );
  });

  test('with DATABASE_TRANSACTION_POOLING=true the same pooler is used as it should be', async (context) => {
    if (!refusing) return context.skip(`${PGBOUNCER_MISSING}: the pooler detection needs it`);
    const orm = await openOrm({
      DATABASE_URL: refusing.url(direct()),
      DATA_DIR: './var',
      DATABASE_TRANSACTION_POOLING: true,
    });
    try {
      const [row] = await orm.em.fork().execute<{ one: number }[]>('select 1 as one');
      expect(row.one).toBe(1);
    } finally {
      await orm.close();
    }
  });
});
