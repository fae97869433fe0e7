import { afterAll, beforeAll, expect, test } from 'vitest';
import { afterCommit } from '../../db/afterCommit.js';
import type { Orm } from '../../db/orm.js';
import { openTestOrm } from '../support/database.js';

/**
 * The after-commit signal the webhook dispatcher wakes on (db/afterCommit.ts): a callback runs once
 * its transaction has committed, never before and never after a rollback, for both ways a write
 * opens one (begin/commit, as server/http/pipeline/idempotency.ts does, and transactional()).
 */

let orm: Orm;
beforeAll(async () => {
  orm = await openTestOrm();
});
afterAll(() => orm?.close());

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

test('begin … commit: the callback runs after the commit, once', async () => {
  const em = orm.em.fork();
  const calls: string[] = [];
  await em.begin();
  await em.execute('select 1');
  afterCommit(em, () => calls.push('a'));
  afterCommit(em, () => calls.push('b'));
  await tick();
  expect(calls).toEqual([]);
  await em.commit();
  expect(calls).toEqual(['a', 'b']);
  // The next transaction of the same EntityManager does not run them again.
  await em.begin();
  await em.commit();
  expect(calls).toEqual(['a', 'b']);
});

test('begin … rollback: the callback never runs', async () => {
  const em = orm.em.fork();
  let called = false;
  await em.begin();
  afterCommit(em, () => {
    called = true;
  });
  await em.rollback();
  await em.begin();
  await em.commit();
  await tick();
  expect(called).toBe(false);
});

test('transactional(): after its commit; a callback that throws stops neither the others nor the write', async () => {
  const calls: string[] = [];
  const result = await orm.em.fork().transactional(async (tx) => {
    afterCommit(tx, () => {
      throw new Error('a listener failing');
    });
    afterCommit(tx, () => calls.push('after'));
    await tick();
    expect(calls).toEqual([]);
    return 42;
  });
  expect(result).toBe(42);
  expect(calls).toEqual(['after']);
  await expect(
    orm.em.fork().transactional(async (tx) => {
      afterCommit(tx, () => calls.push('rolled back'));
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  await tick();
  expect(calls).toEqual(['after']);
});

test('outside a transaction (its statement committed already): on a later tick', async () => {
  let called = false;
  afterCommit(orm.em.fork(), () => {
    called = true;
  });
  expect(called).toBe(false);
  await tick();
  expect(called).toBe(true);
});
