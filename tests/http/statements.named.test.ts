/**
 * Statements with bind parameters (issue 25, db/statements.ts): a registered statement goes as a
 * named prepared statement, parsed once per connection and then sent by name, except through a
 * transaction pooler (DATABASE_TRANSACTION_POOLING), where every statement goes unnamed.
 */
import { afterAll, expect, test } from 'vitest';
import { type Orm, openOrm } from '../../db/orm.js';
import { namedStatement, runStatement } from '../../db/statements.js';
import { adminUrl } from '../support/globalSetup.js';

const orms: Orm[] = [];
afterAll(async () => {
  for (const orm of orms) await orm.close();
});

const STATEMENT = namedStatement("select ?::int + 1 as n, '?' as mark -- a ? in a comment");

/** The statement's answer, and the names its connection holds it under, from inside one transaction. */
async function runOnOneConnection(pooling: boolean) {
  const orm = await openOrm({ DATABASE_URL: adminUrl, DATA_DIR: './var', DATABASE_TRANSACTION_POOLING: pooling });
  orms.push(orm);
  return orm.em.fork().transactional(async (em) => {
    const rows = await runStatement(em, STATEMENT, [41]);
    const again = await runStatement(em, STATEMENT, [1]);
    const prepared = await em.execute<{ name: string }[]>(
      'select name from pg_prepared_statements where statement = ?',
      [STATEMENT],
    );
    return { rows: [...rows, ...again], names: prepared.map((p) => p.name) };
  });
}

test('a registered statement is prepared once on its connection under one name, its values bound', async () => {
  const { rows, names } = await runOnOneConnection(false);
  expect(rows).toEqual([
    { n: 42, mark: '?' },
    { n: 2, mark: '?' },
  ]);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^wf\d+$/);
});

test('with DATABASE_TRANSACTION_POOLING nothing is named: the same statement goes unnamed, its values bound', async () => {
  const { rows, names } = await runOnOneConnection(true);
  expect(rows).toEqual([
    { n: 42, mark: '?' },
    { n: 2, mark: '?' },
  ]);
  expect(names).toEqual([]);
});

test('the pool’s connections run every named statement’s generic plan; through a transaction pooler nothing is set', async () => {
  const setting = async (pooling: boolean) => {
    const orm = await openOrm({ DATABASE_URL: adminUrl, DATA_DIR: './var', DATABASE_TRANSACTION_POOLING: pooling });
    orms.push(orm);
    const [row] = await runStatement<{ mode: string }>(
      orm.em.fork(),
      "select current_setting('plan_cache_mode') as mode",
      [],
    );
    return row.mode;
  };
  expect(await setting(false)).toBe('force_generic_plan');
  expect(await setting(true)).toBe('auto');
});

test('a database error comes back as MikroORM’s exception for it, as em.execute gives', async () => {
  const orm = await openOrm({ DATABASE_URL: adminUrl, DATA_DIR: './var' });
  orms.push(orm);
  await expect(runStatement(orm.em.fork(), namedStatement('select ?::int as n'), ['not a number'])).rejects.toThrow(
    expect.objectContaining({ name: 'DriverException', code: '22P02' }),
  );
});
