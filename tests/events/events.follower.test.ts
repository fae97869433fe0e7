import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Orm } from '../../db/orm.js';
import { prng } from '../../routers/organisations/demo.writes.js';
import { type NodeProcess, spawnNode } from '../support/cluster.js';
import { openTestOrm, sql, useFreshDatabase, useTempDir } from '../support/database.js';
import { hireBody, uniqueEmail } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { idempotencyKey, type Json, jsonInit, type Page } from '../support/http.js';
import { day, YEAR } from '../support/leave.js';
import { newKey, newTenant } from '../support/tenants.js';

// Decisions §19, "No event is passed over": a follower that keeps the last event id it saw and
// reads GET /v1/events?after=<id> again and again sees every committed event exactly once, under
// concurrent writers of every event-producing write (hires, PATCHes, leave filings, approvals,
// rejections, cancellations) on two nodes of one PostgreSQL database, and on the embedded one.

/** A request to one of the nodes (`node` picks it, modulo their number), answering status and body. */
type Send = (node: number, method: string, path: string, body?: Json) => Promise<{ status: number; text: string }>;

interface Run {
  /** Event ids in the order the follower was shown them. */
  seen: string[];
  /** Every event of the log afterwards, walking next_cursor from the start. */
  log: string[];
  /** Event-producing writes answered 200 (each records exactly one event). */
  committed: number;
  /** Polls the follower made, and how many of them were empty pages. */
  polls: number;
  emptyPolls: number;
}

interface Plan {
  send: Send;
  tenant: TestTenant;
  leaveTypeId: string;
  writers: number;
  /** The writers stop once this many events have been committed. */
  events: number;
}

const LIMIT = 100;

function dataOf<T>(answer: { status: number; text: string }, what: string): T {
  expect(answer.status, `${what}: ${answer.text.slice(0, 500)}`).toBe(200);
  return (JSON.parse(answer.text) as { data: T }).data;
}

/**
 * Starts the follower, then the writers; stops the writers at `plan.events` committed events, lets
 * the follower catch up (a poll begun after the last write answered and returning nothing), then
 * reads the whole log.
 */
async function followWhileWriting(plan: Plan): Promise<Run> {
  const { send, tenant } = plan;
  const random = prng(Date.now() % 1_000_000);
  const run: Run = { seen: [], log: [], committed: 0, polls: 0, emptyPolls: 0 };
  let writing = true;
  let writesDone = false;

  // The follower: as fast as it can, alternating the nodes, polling again on an empty page.
  const follower = (async () => {
    let last: string | undefined;
    for (let i = 0; ; i++) {
      const caughtUpIfEmpty = writesDone;
      const answer = await send(i, 'GET', `/v1/events?limit=${LIMIT}${last ? `&after=${last}` : ''}`);
      expect(answer.status, answer.text.slice(0, 500)).toBe(200);
      const page = JSON.parse(answer.text) as Page<{ id: string }>;
      run.polls++;
      for (const event of page.data) run.seen.push(event.id);
      if (page.data.length) last = page.data[page.data.length - 1].id;
      else {
        run.emptyPolls++;
        if (caughtUpIfEmpty) return;
      }
    }
  })();

  // Each writer works on employees of its own (no two writers file leave on one person's dates).
  const writer = async (w: number) => {
    const write = (method: string, path: string, body: Json) => send(w + run.committed, method, path, body);
    const ok = <T>(answer: { status: number; text: string }, what: string) => {
      const data = dataOf<T>(answer, what);
      run.committed++;
      return data;
    };
    const hire = async () =>
      ok<{ id: string }>(
        await write(
          'POST',
          '/v1/employees',
          hireBody(tenant, { email: uniqueEmail('follow'), joining_date: day('01-05') }),
        ),
        'hire',
      );
    const people = [(await hire()).id, (await hire()).id];
    const nextDay = new Map(people.map((id) => [id, 0]));
    const pending: string[] = [];
    const approved: string[] = [];
    while (writing) {
      const roll = random();
      if (roll < 0.2) {
        await hire();
      } else if (roll < 0.4) {
        const id = people[Math.floor(random() * people.length)];
        ok(
          await write('PATCH', `/v1/employees/${id}`, {
            actor_employee_id: tenant.hr_admin.id,
            designation: `Engineer ${idempotencyKey('d')}`,
          }),
          'PATCH',
        );
      } else if (roll < 0.7 || (pending.length === 0 && approved.length === 0)) {
        const id = people[Math.floor(random() * people.length)];
        const n = nextDay.get(id) as number;
        nextDay.set(id, n + 1);
        // One day each, from 6 January on, never the same day twice for one person.
        const date = new Date(Date.UTC(YEAR, 0, 6 + n)).toISOString().slice(0, 10);
        const filed = ok<{ id: string }>(
          await write('POST', '/v1/leave-requests', {
            employee_id: id,
            leave_type_id: plan.leaveTypeId,
            start_date: date,
            end_date: date,
            days_count: 1,
            reason: 'Following the log',
          }),
          'leave filing',
        );
        pending.push(filed.id);
      } else {
        // approve or reject a pending request, or cancel a pending or an approved one
        const fromApproved = approved.length > 0 && (pending.length === 0 || random() < 0.3);
        const queue = fromApproved ? approved : pending;
        const id = queue.splice(Math.floor(random() * queue.length), 1)[0];
        const decision = fromApproved ? 'cancel' : (['approve', 'reject', 'cancel'] as const)[Math.floor(random() * 3)];
        ok(
          await write('POST', `/v1/leave-requests/${id}/${decision}`, { actor_employee_id: tenant.hr_admin.id }),
          decision,
        );
        if (decision === 'approve') approved.push(id);
      }
      if (run.committed >= plan.events) writing = false;
    }
  };
  try {
    await Promise.all(Array.from({ length: plan.writers }, (_, w) => writer(w)));
  } finally {
    writing = false;
    writesDone = true;
  }
  await follower;

  // The whole log afterwards, page by page.
  let cursor: string | null = null;
  do {
    const answer = await send(
      0,
      'GET',
      `/v1/events?limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(answer.status, answer.text.slice(0, 500)).toBe(200);
    const page = JSON.parse(answer.text) as Page<{ id: string }>;
    run.log.push(...page.data.map((e) => e.id));
    cursor = page.next_cursor;
  } while (cursor);
  return run;
}

/** The follower's account: none missed, none twice, and the log holds every write answered 200. */
function expectFollowed(run: Run, minimum: number): void {
  const seen = new Set(run.seen);
  const missed = run.log.filter((id) => !seen.has(id));
  const twice = run.seen.length - seen.size;
  const logged = new Set(run.log);
  const unknown = run.seen.filter((id) => !logged.has(id));
  console.info(
    `follower: ${run.log.length} events in the log, ${run.committed} writes answered; ` +
      `${run.polls} polls (${run.emptyPolls} empty); missed ${missed.length}, seen twice ${twice}`,
  );
  expect(run.log.length).toBeGreaterThanOrEqual(minimum);
  expect(new Set(run.log).size).toBe(run.log.length);
  expect(run.log.length).toBe(run.committed);
  const outOfOrder = run.seen.filter((id, i) => run.log[i] !== id).length;
  expect({ missed: missed.length, twice, unknown: unknown.length, outOfOrder }).toEqual({
    missed: 0,
    twice: 0,
    unknown: 0,
    outOfOrder: 0,
  });
}

const SCOPES = ['employees:read', 'employees:write', 'leave:read', 'leave:write'] as const;

describe('on PostgreSQL, two nodes', () => {
  const database = useFreshDatabase('wfm_follow');
  let nodes: NodeProcess[] = [];
  let orm: Orm;

  beforeAll(async () => {
    const env = { DATABASE_URL: database.url, RATE_LIMIT_POINTS: '10000000' };
    const started = await Promise.allSettled([spawnNode(env), spawnNode(env)]);
    nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    orm = await openTestOrm(database.url);
  }, 90_000);

  afterAll(async () => {
    const exits = await Promise.all(nodes.map((n) => n.stop()));
    await orm?.close();
    expect(exits).toEqual(nodes.map(() => ({ code: 0, signal: null })));
  }, 30_000);

  test('16 writers of every event-producing write, a follower of after=: every one of 5,000+ events seen once, in order', async () => {
    const tenant = await newTenant(orm);
    const secret = await newKey(orm, tenant, SCOPES);
    const [unpaid] = await sql<{ id: string }>(
      orm,
      "select id from leave_types where tenant_id = ? and code = 'UNPAID'",
      [tenant.tenant.id],
    );
    // Straight to the nodes, unchecked against the document: the follower polls as fast as it can.
    const send: Send = async (node, method, path, body) => {
      const res = await nodes[node % nodes.length].raw.fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey('f') }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, text: await res.text() };
    };
    const run = await followWhileWriting({
      send,
      tenant,
      leaveTypeId: unpaid.id,
      writers: 16,
      events: 5_000,
    });
    expectFollowed(run, 5_000);
  }, 240_000);
});

describe('on the embedded database (PGlite)', () => {
  const dataDir = useTempDir('wfm-follow-embedded-');
  const h = useTestServer(() => ({ DATABASE_URL: '', DATA_DIR: dataDir.path, RATE_LIMIT_POINTS: '10000000' }));

  test('6 writers, a follower of after=: every one of 400+ events seen once, in order', async () => {
    const tenant = await h.tenant();
    const secret = await h.key(tenant, [...SCOPES]);
    const [unpaid] = await sql<{ id: string }>(
      h,
      "select id from leave_types where tenant_id = ? and code = 'UNPAID'",
      [tenant.tenant.id],
    );
    const send: Send = async (_node, method, path, body) => {
      const res = await h.as(
        secret,
        path,
        body === undefined ? { method } : jsonInit(method, body, { 'Idempotency-Key': idempotencyKey('f') }),
      );
      return { status: res.status, text: await res.text() };
    };
    const run = await followWhileWriting({
      send,
      tenant,
      leaveTypeId: unpaid.id,
      writers: 6,
      events: 400,
    });
    expectFollowed(run, 400);
  }, 120_000);
});
