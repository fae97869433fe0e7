import { afterAll, beforeAll, expect, test } from 'vitest';
import { FLEET_SCHEMA, seedFleet } from '../../bench/webhookFleet.js';
import { migrate, type Orm, openOrm } from '../../db/orm.js';
import { runStatement } from '../../db/statements.js';
import { claimDue, type RunStatement } from '../../routers/webhooks/webhook.dispatcher.js';
import { parseEnv } from '../../server/main/env.js';
import { useFreshDatabase } from '../support/database.js';
import { explainPrepared, nodeName, type PlanNode, planNodes, rowsRead } from '../support/plans.js';

// The webhook dispatcher's claim costs what it claims, not what waits (decisions §18, issue 36): on a
// database with WAITING endpoints whose attempts wait in backoff and DUE endpoints with attempts
// due, analysed, the claim, run as the dispatcher runs it (its statement EXPLAIN ANALYZEd, then
// run), is one statement that reads the due endpoints' queue rows once and the attempts of the
// endpoints it claims for, never of every due endpoint nor of the waiting ones: no sequential scan
// and no walk (skip scan) over the pending attempts.

/** A database of its own: the statistics and the queue below are this file's. */
const { url } = useFreshDatabase('wfm_delivery_plans');

const WAITING = 30_000;
/** Many more than the node's 64 free slots: the claim must not read the attempts of each. */
const DUE = 1000;
/** Attempts due per due endpoint: more than the endpoint's limit, so some stay due after the claim. */
const DUE_ATTEMPTS = 6;
/**
 * Rows a claim may read per endpoint it claims for: its queue row again, its first due attempt, its
 * leases, the attempts it leases and those after them, the times its queue row is set from.
 */
const ROWS_PER_CLAIMED = 20;

const settings = parseEnv({});
let orm: Orm;
let due: Set<string>;

beforeAll(async () => {
  // The seed's statements (and its commit, checking every deferred key) run past the default timeouts.
  orm = await openOrm({ DATABASE_URL: url, DATA_DIR: './var', DB_STATEMENT_TIMEOUT_MS: 0 });
  // Seeded before the queue's migration, then upgraded: the migration's backfill fills the queue.
  expect((await orm.migrator.up({ to: FLEET_SCHEMA })).at(-1)?.name).toBe(FLEET_SCHEMA);
  const ids = await seedFleet(orm, {
    tenants: 1000,
    waiting: WAITING,
    due: DUE,
    dueAttempts: DUE_ATTEMPTS,
    url: 'https://hooks.example.com/h',
    secret: 'not opened here',
  });
  due = new Set(ids);
  await migrate(orm);
  await orm.em.getConnection().execute('vacuum (analyze)');
}, 120_000);

afterAll(() => orm?.close());

test('the migration filled the queue from the pending attempts: a row an endpoint, due now for the due ones', async () => {
  const [row] = await orm.em
    .getConnection()
    .execute<{ rows: number; due: number }[]>(
      'select count(*)::int as rows, (count(*) filter (where due_at <= now()))::int as due from webhook_endpoint_queue',
    );
  expect(row).toEqual({ rows: WAITING + DUE, due: DUE });
});

test('a claim reads the due endpoints, not the ones whose attempts wait', async () => {
  const em = orm.em.fork();
  await em.begin();
  try {
    const plans: { text: string; plan: PlanNode; ms: number }[] = [];
    // Each statement of the claim EXPLAIN ANALYZEd with the generic plan its named statement runs
    // (and undone), then run as the dispatcher runs it.
    const explaining: RunStatement = async (text, values) => {
      await em.execute('savepoint explained');
      try {
        plans.push({ text, ...(await explainPrepared(em, text, values, 'generic')) });
      } finally {
        await em.execute('rollback to savepoint explained');
      }
      return runStatement(em, text, values);
    };
    const claimed = await claimDue(explaining, settings, new Map(), settings.WEBHOOK_CONCURRENCY);

    // A real claim: the node's free slots filled, from the due endpoints only, at most 4 of each.
    expect(claimed).toHaveLength(settings.WEBHOOK_CONCURRENCY);
    expect(claimed.every((row) => due.has(row.endpoint_id))).toBe(true);
    const perEndpoint = new Map<string, number>();
    for (const row of claimed) perEndpoint.set(row.endpoint_id, (perEndpoint.get(row.endpoint_id) ?? 0) + 1);
    expect(Math.max(...perEndpoint.values())).toBeLessThanOrEqual(settings.WEBHOOK_ENDPOINT_CONCURRENCY);

    const all = plans.flatMap(({ plan }) => planNodes(plan));
    const rowsOf = (table: string) =>
      all.filter((node) => node['Relation Name'] === table).reduce((sum, node) => sum + rowsRead(node, true), 0);
    const claimedFor = perEndpoint.size;
    // Each statement's time and its scans, with the rows each read.
    const shown = plans
      .map(({ plan, ms }) =>
        [
          `${ms.toFixed(1)} ms`,
          ...planNodes(plan)
            .filter((node) => node['Relation Name'])
            .map((node) => `  ${nodeName(node)}: ${rowsRead(node, true)}`),
        ].join('\n'),
      )
      .join('\n');
    const what = `${plans.length} statements; attempts ${rowsOf('webhook_deliveries')} and queue ${rowsOf('webhook_endpoint_queue')} rows read, claiming for ${claimedFor} of ${DUE} due endpoints among ${WAITING + DUE}\n${shown}`;
    // One round trip a claim.
    expect(plans, what).toHaveLength(1);
    // The due endpoints' queue rows once, and the attempts of only the endpoints claimed for.
    expect(rowsOf('webhook_endpoint_queue'), what).toBeLessThanOrEqual(DUE + ROWS_PER_CLAIMED * claimedFor);
    expect(rowsOf('webhook_deliveries'), what).toBeLessThanOrEqual(ROWS_PER_CLAIMED * claimedFor);
    expect(
      all.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name']?.startsWith('webhook_')),
      what,
    ).toEqual([]);
    // The skip scan over the pending attempts (a recursive walk, one probe per endpoint with any).
    expect(
      all.filter((node) => node['Node Type'] === 'Recursive Union'),
      what,
    ).toEqual([]);
  } finally {
    await em.rollback();
  }
}, 60_000);
