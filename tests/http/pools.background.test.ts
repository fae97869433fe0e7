import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseEnv } from '../../server/main/env.js';
import { BACKGROUND_POOL_MAX, startBackgroundWork } from '../../server/main/start.js';
import { requestPool, useFreshDatabase, useTempDir } from '../support/database.js';
import { useTestServer } from '../support/harness.js';
import { waitFor } from '../support/wait.js';

/**
 * The outbox dispatcher has a connection pool of its own (decisions §16): with every connection of
 * the request pool held by requests that wait on a lock, it still delivers e-mail. On a database of
 * this file's own, so that its dispatcher never takes other files' outbox rows and its table lock
 * stalls nobody else.
 */

const POOL = 10;

const { url } = useFreshDatabase('wfm_bgpool');
const dataDir = useTempDir('wfm-bgpool-');

const h = useTestServer(() => ({
  DATABASE_URL: url,
  DATA_DIR: dataDir.path,
  OUTBOX_DISPATCH: 'true',
  OUTBOX_INTERVAL_MS: '50',
  // The requests below wait on a lock for as long as the test holds it.
  DB_LOCK_TIMEOUT_MS: '30000',
  DB_STATEMENT_TIMEOUT_MS: '30000',
  DB_POOL_TIMEOUT_MS: '30000',
  RATE_LIMIT_POINTS: '100000',
}));

let side: pg.Client;
beforeAll(async () => {
  side = new pg.Client({ connectionString: url });
  await side.connect();
});
afterAll(() => side?.end());

test('with every request connection held, the dispatcher still delivers an e-mail', async () => {
  const t = await h.tenant();
  const key = await h.key(t, ['employees:read']);
  // Whatever creating the organisation queued is delivered first.
  await waitFor(
    async () => (await side.query(`select 1 from outbox_messages where state = 'pending'`)).rowCount === 0,
    'the outbox to drain',
    10_000,
  );

  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  await blocker.query('begin');
  await blocker.query('lock table employees in access exclusive mode');
  let requests: Promise<Response>[] = [];
  try {
    requests = Array.from({ length: POOL + 5 }, () => h.as(key, '/v1/employees?limit=5'));
    // Every connection of the request pool waits on the lock, and more requests wait for one.
    await waitFor(
      async () => {
        const stats = await requestPool(h);
        return stats.total === POOL && stats.idle === 0 && stats.waiting > 0;
      },
      'the request pool to be exhausted',
      10_000,
    );

    const id = randomUUID();
    await side.query(
      `insert into outbox_messages (id, tenant_id, kind, recipient, subject, body)
       values ($1, $2, 'test', $3, 'Starved?', 'Delivered while every request connection was busy.')`,
      [id, t.tenant.id, `starved.${randomBytes(4).toString('hex')}@example.com`],
    );
    await waitFor(
      async () =>
        (await side.query(`select 1 from outbox_messages where id = $1 and state = 'sent'`, [id])).rowCount === 1,
      'the message to be sent while the request pool is exhausted',
      10_000,
    );
    // Still exhausted: the delivery did not wait for a request connection.
    expect(await requestPool(h)).toMatchObject({ total: POOL, idle: 0 });
    expect((await requestPool(h)).waiting).toBeGreaterThan(0);
  } finally {
    await blocker.query('rollback');
    await blocker.end();
  }
  const answered = await Promise.all(requests);
  expect(answered.map((r) => r.status)).toEqual(answered.map(() => 200));
});

test('the background pool: its own ORM and pool (BACKGROUND_POOL_MAX), the session timeouts, closed on stop', async () => {
  const env = parseEnv({
    DATABASE_URL: url,
    OUTBOX_DISPATCH: 'false',
    DB_STATEMENT_TIMEOUT_MS: '4321',
    DB_LOCK_TIMEOUT_MS: '1234',
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '1000',
  });
  const background = await startBackgroundWork(env, h.orm, pino({ level: 'silent' }));
  const show = async (name: string) =>
    ((await background.orm.em.fork().execute(`show ${name}`)) as Record<string, string>[])[0][name];
  try {
    expect(background.orm).not.toBe(h.orm);
    expect((await requestPool(background)).max).toBe(BACKGROUND_POOL_MAX);
    expect(await show('statement_timeout')).toBe('4321ms');
    expect(await show('lock_timeout')).toBe('1234ms');
    expect(await show('idle_in_transaction_session_timeout')).toBe('1s');
  } finally {
    await background.stop();
  }
  expect(await background.orm.isConnected()).toBe(false);
});
