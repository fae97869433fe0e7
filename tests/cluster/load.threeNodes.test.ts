import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { DB_TIMEOUT_DEFAULTS, type Orm } from '../../db/orm.js';
import { prng } from '../../routers/organisations/demo.writes.js';
import { type NodeProcess, spawnNode } from '../support/cluster.js';
import { openTestOrm, sql, useFreshDatabase } from '../support/database.js';
import { hireBody, uniqueEmail } from '../support/employees.js';
import type { TestTenant } from '../support/harness.js';
import { codeOf, idempotencyKey, type Json } from '../support/http.js';
import { day, YEAR } from '../support/leave.js';
import { type PgBouncer, startPgBouncer } from '../support/pgbouncer.js';
import { PGBOUNCER_MISSING } from '../support/pgbouncerBinary.js';
import { type Mailbox, startMailbox } from '../support/smtp.js';
import { newKey, newTenant } from '../support/tenants.js';
import { sleep, waitFor } from '../support/wait.js';
import { authed } from './helpers.js';

/**
 * Three `wfm serve` nodes behind one PgBouncer in transaction mode (started here, on a database of
 * this file's own), sharing the Redis rate-limit store, each dispatching the outbox to an SMTP
 * listener of its own. Eight clients drive mixed reads and keyed writes at them for a bounded time
 * (hires, two tenants' worth, one of them racing for its last plan seats; leave filed against
 * limited balances, then approved, rejected or cancelled), with deliberate retries of a key to the
 * same and to another node; one node is SIGKILLed half-way, and every request it dropped is retried
 * with its key on another node, as a real client would. Afterwards: nothing lost or doubled, seats
 * and balances exact, every e-mail sent once.
 */

/** Clients sending at once, each one request (or a deliberate pair) at a time. */
const WORKERS = 8;
/** How long the clients keep starting new operations. */
const LOAD_MS = 10_000;
/** When node KILLED is SIGKILLed, from the start of the load. */
const KILL_AFTER_MS = 4_000;
const KILLED = 2;
/** Plan seats of the second tenant (its first HR admin takes one): hires race for the last ones. */
const SEATS = 30;
/** Employees of the first tenant who file leave (ANNUAL 20 days, SICK 10 days each). */
const STAFF = 6;
/**
 * A 503 is accepted only this long after the kill. PostgreSQL notices a dead client only when it
 * next writes to it: a killed node's statement runs on (its locks held: a row, an Idempotency-Key)
 * until it ends, at the latest at the statement timeout, and a survivor waiting for such a lock
 * gives up at the lock timeout.
 */
const KILL_GRACE_MS = DB_TIMEOUT_DEFAULTS.DB_STATEMENT_TIMEOUT_MS + DB_TIMEOUT_DEFAULTS.DB_LOCK_TIMEOUT_MS + 1_000;
/** How long a client keeps retrying one request before the test fails. */
const GIVE_UP_MS = 20_000;

const database = useFreshDatabase('wfm_load');
const mailboxes: Mailbox[] = [];
let bouncer: PgBouncer | undefined;
let nodes: NodeProcess[] = [];
let orm: Orm;

/** The fresh database straight on PostgreSQL (this test puts its own PgBouncer in front of it). */
function directUrl(): string {
  const url = new URL(inject('directDatabaseUrl'));
  url.pathname = `/${database.name}`;
  return url.toString();
}

beforeAll(async () => {
  bouncer = await startPgBouncer(directUrl(), { poolSize: 10 });
  if (!bouncer) return;
  for (let i = 0; i < 3; i++) mailboxes.push(await startMailbox());
  const through = bouncer.url(directUrl());
  // The three start at once on the empty database and migrate it together, through the bouncer.
  const started = await Promise.allSettled(
    mailboxes.map((mailbox) =>
      spawnNode({
        DATABASE_URL: through,
        DATABASE_TRANSACTION_POOLING: 'true',
        RATE_LIMIT_STORE: 'redis',
        RATE_LIMIT_POINTS: '100000',
        OUTBOX_DISPATCH: 'true',
        OUTBOX_INTERVAL_MS: '100',
        // One SMTP connection kept per node (nodemailer's pool), as a busy deployment would: a
        // connection per message costs smtp-server's 100 ms greeting delay, ~8 messages/s a node.
        SMTP_URL: `${mailbox.url}?pool=true`,
      }),
    ),
  );
  nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  orm = await openTestOrm(directUrl());
}, 90_000);

afterAll(async () => {
  // The survivors shut down cleanly on SIGTERM (the killed one has exited already, unless the test
  // failed before the kill).
  const exits = await Promise.all(nodes.map((n, i) => n.stop(i === KILLED ? 'SIGKILL' : 'SIGTERM')));
  await orm?.close();
  await bouncer?.close();
  await Promise.all(mailboxes.map((m) => m.close()));
  const survivors = exits.filter((_, i) => i !== KILLED);
  expect(survivors).toEqual(survivors.map(() => ({ code: 0, signal: null })));
}, 30_000);

interface Answer {
  status: number;
  text: string;
  headers: Headers;
  node: number;
}

interface Tenant {
  t: TestTenant;
  secret: string;
}

interface Filed {
  id: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
}

/** fetch's own failure (refused, reset, cut off mid-body), as opposed to an answer or a failed check. */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

const messageIdOf = (raw: string) => /^Message-ID: <([^@>]+)@workforce\.example>/im.exec(raw)?.[1];

test('three nodes behind PgBouncer under load, one SIGKILLed: no keyed write lost or doubled, seats and balances exact, every e-mail sent once', async (context) => {
  if (!bouncer) {
    context.skip(`${PGBOUNCER_MISSING}: the three-node load test needs it`);
  }
  const started = performance.now();
  const seed = Date.now() % 1_000_000;
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

  // Set-up, straight on the database: a tenant without a seat limit, whose staff file leave, and
  // one with SEATS seats.
  const scopes = ['employees:read', 'employees:write', 'leave:read', 'leave:write'] as const;
  const mainOrg = await newTenant(orm);
  const seatsOrg = await newTenant(orm, { seats: SEATS });
  const main: Tenant = { t: mainOrg, secret: await newKey(orm, mainOrg, scopes) };
  const seats: Tenant = { t: seatsOrg, secret: await newKey(orm, seatsOrg, scopes) };
  const types = Object.fromEntries(
    (
      await sql<{ id: string; code: string }>(orm, 'select id, code from leave_types where tenant_id = ?', [
        mainOrg.tenant.id,
      ])
    ).map((r) => [r.code, r.id]),
  ) as Record<'ANNUAL' | 'SICK', string>;

  // --- The client side: every request, its answer, retries -------------------------------------
  const alive = new Set([0, 1, 2]);
  let t0 = performance.now();
  const elapsed = () => performance.now() - t0;
  const answers: { status: number; at: number; node: number; what: string }[] = [];
  const problems: string[] = [];
  const networkErrors: { node: number; at: number }[] = [];
  let retries = 0;
  let replays = 0;
  /** Writes a node dropped: found done on retry (the killed node had committed them), or done anew. */
  const dropped = { committed: 0, redone: 0 };

  const someNode = (not?: number) => {
    const others = [...alive].filter((i) => i !== not);
    return pick(others.length > 0 ? others : [...alive]);
  };

  /**
   * One request as a careful client sends it: a network error (the node died under it, or is gone)
   * is retried on another node with the same Idempotency-Key; 503 and 409 idempotency_key_in_use
   * are retried shortly after, on any node.
   */
  async function send(method: string, path: string, secret: string, body?: Json, key?: string, node?: number) {
    let target = node ?? someNode();
    const what = `${method} ${path}`;
    let lost = false;
    const tried: string[] = [];
    const since = elapsed();
    for (let attempt = 1; ; attempt++) {
      if (elapsed() - since > GIVE_UP_MS) {
        throw new Error(
          `${what}: no answer in ${GIVE_UP_MS} ms, ${attempt - 1} attempts: ${tried.slice(-10).join(', ')}`,
        );
      }
      if (attempt > 1) retries++;
      let res: Response;
      let text: string;
      try {
        res = await nodes[target].fetch(path, authed(secret, method, body, key ? { 'Idempotency-Key': key } : {}));
        text = await res.text();
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        networkErrors.push({ node: target, at: elapsed() });
        tried.push(`node ${target} at ${Math.round(elapsed())} ms: ${(error as Error).message}`);
        lost = true;
        target = someNode(target);
        continue;
      }
      answers.push({ status: res.status, at: elapsed(), node: target, what });
      tried.push(`node ${target} at ${Math.round(elapsed())} ms: ${res.status} ${codeOf(text)}`);
      if (res.status === 503 || (res.status === 409 && codeOf(text) === 'idempotency_key_in_use')) {
        await sleep(50 + random() * 100);
        target = someNode();
        continue;
      }
      if (lost && key) dropped[res.headers.get('idempotent-replayed') === 'true' ? 'committed' : 'redone']++;
      return { status: res.status, text, headers: res.headers, node: target } satisfies Answer;
    }
  }

  /**
   * A keyed write. Sometimes sent twice at once to two nodes (a double submit), and sometimes
   * replayed with its key afterwards to the same or another node: every answer is the same, and a
   * later replay says so (Idempotent-Replayed).
   */
  async function write(method: string, path: string, secret: string, body: Json): Promise<Answer> {
    const key = idempotencyKey('load');
    const roll = random();
    let answer: Answer;
    if (roll < 0.1) {
      const first = someNode();
      const [a, b] = await Promise.all([
        send(method, path, secret, body, key, first),
        send(method, path, secret, body, key, someNode(first)),
      ]);
      if (a.status !== b.status || a.text !== b.text) {
        problems.push(`double submit of ${path} answered ${a.status} ${a.text} and ${b.status} ${b.text}`);
      }
      answer = a;
    } else {
      answer = await send(method, path, secret, body, key);
    }
    if (roll > 0.8) {
      replays++;
      const again = await send(method, path, secret, body, key, roll > 0.9 ? answer.node : someNode(answer.node));
      if (again.status !== answer.status || again.text !== answer.text) {
        problems.push(
          `replay of ${path} answered ${again.status} ${again.text}, first ${answer.status} ${answer.text}`,
        );
      } else if (again.headers.get('idempotent-replayed') !== 'true') {
        problems.push(`replay of ${path} (${again.status}) without Idempotent-Replayed: true`);
      }
    }
    return answer;
  }

  const unexpected = (answer: Answer, what: string) =>
    problems.push(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);

  // --- What the clients do ------------------------------------------------------------------------
  /** Employees each tenant acknowledged (id and e-mail of every hire answered 200). */
  const hired = { main: new Map<string, string>(), seats: new Map<string, string>() };
  let seatRefusals = 0;
  const leaveRefusals: Record<string, number> = {};
  const filed = new Map<string, Filed>();
  let decisions = 0;

  async function hire(which: 'main' | 'seats'): Promise<void> {
    const tenant = which === 'main' ? main : seats;
    const body = hireBody(tenant.t, { email: uniqueEmail('load'), joining_date: day('01-05') });
    const answer = await write('POST', '/v1/employees', tenant.secret, body);
    if (answer.status === 200) {
      const { id, email } = (JSON.parse(answer.text) as { data: { id: string; email: string } }).data;
      hired[which].set(id, email);
    } else if (which === 'seats' && answer.status === 422 && codeOf(answer.text) === 'seat_limit_reached') {
      seatRefusals++;
    } else {
      unexpected(answer, `hire into ${which}`);
    }
  }

  // Leave is filed in the current year, in whole weeks' Monday-to-Friday ranges from February on.
  const firstMonday = new Date(Date.UTC(YEAR, 1, 1));
  while (firstMonday.getUTCDay() !== 1) firstMonday.setUTCDate(firstMonday.getUTCDate() + 1);
  const dateOf = (week: number, weekday: number) =>
    new Date(firstMonday.getTime() + (week * 7 + weekday) * 86_400_000).toISOString().slice(0, 10);

  async function fileLeave(staff: string[], mine: Filed[]): Promise<void> {
    const week = Math.floor(random() * 40);
    const from = Math.floor(random() * 5);
    const days = 1 + Math.floor(random() * (5 - from));
    const answer = await write('POST', '/v1/leave-requests', main.secret, {
      employee_id: pick(staff),
      leave_type_id: random() < 0.7 ? types.ANNUAL : types.SICK,
      start_date: dateOf(week, from),
      end_date: dateOf(week, from + days - 1),
      days_count: days,
      reason: 'Load test',
    });
    const code = codeOf(answer.text) ?? '';
    if (answer.status === 200) {
      const { id } = (JSON.parse(answer.text) as { data: { id: string } }).data;
      const request: Filed = { id, status: 'pending' };
      filed.set(id, request);
      mine.push(request);
    } else if (answer.status === 422 && ['insufficient_leave_balance', 'overlapping_leave_request'].includes(code)) {
      leaveRefusals[code] = (leaveRefusals[code] ?? 0) + 1;
    } else {
      unexpected(answer, 'leave filing');
    }
  }

  /** A decision on one of the client's own open requests: nobody else decides them, so it is 200. */
  async function decide(request: Filed): Promise<void> {
    const roll = random();
    const decision =
      request.status === 'approved' ? 'cancel' : roll < 0.6 ? 'approve' : roll < 0.8 ? 'reject' : 'cancel';
    const answer = await write('POST', `/v1/leave-requests/${request.id}/${decision}`, main.secret, {
      actor_employee_id: mainOrg.hr_admin.id,
    });
    if (answer.status !== 200) return void unexpected(answer, `${decision} of a ${request.status} request`);
    request.status = (JSON.parse(answer.text) as { data: Filed }).data.status;
    decisions++;
  }

  async function read(staff: string[]): Promise<void> {
    const roll = random();
    const employee = pick(staff);
    const path =
      roll < 0.3
        ? '/v1/employees?limit=10'
        : roll < 0.5
          ? `/v1/employees/${pick([...hired.main.keys()])}`
          : roll < 0.7
            ? `/v1/leave-requests?employee_id=${employee}&limit=10`
            : `/v1/leave-balances?employee_id=${employee}&year=${YEAR}`;
    const answer = await send('GET', path, main.secret);
    if (answer.status !== 200) return void unexpected(answer, `GET ${path}`);
    if (path.startsWith('/v1/leave-balances')) {
      // Never negative, never above the allowance, at any moment a client looks.
      type Balance = { allowance: number; used: number; pending: number; available: number };
      for (const b of (JSON.parse(answer.text) as { data: Balance[] }).data) {
        if (b.used < 0 || b.pending < 0 || b.used + b.pending > b.allowance || b.available < 0) {
          problems.push(`balance read ${JSON.stringify(b)}`);
        }
      }
    }
  }

  // The staff who file leave: hired through the API before the load (their invites are in the outbox).
  for (let i = 0; i < STAFF; i++) await hire('main');
  expect(problems).toEqual([]);
  const staff = [...hired.main.keys()];

  // --- The load ---------------------------------------------------------------------------------
  t0 = performance.now();
  let killedAt = Number.NaN;
  let killDoneAt = Number.NaN;
  const killer = (async () => {
    await sleep(KILL_AFTER_MS);
    killedAt = elapsed();
    const exit = await nodes[KILLED].stop('SIGKILL');
    killDoneAt = elapsed();
    // The load balancer takes it out once it is gone; until then clients meet its closed port.
    alive.delete(KILLED);
    return exit;
  })();
  const workers = Array.from({ length: WORKERS }, async () => {
    const mine: Filed[] = [];
    while (elapsed() < LOAD_MS) {
      const roll = random();
      const open = mine.filter((r) => r.status === 'pending' || r.status === 'approved');
      if (roll < 0.35) await read(staff);
      else if (roll < 0.5) await hire('main');
      else if (roll < 0.6) await hire('seats');
      else if (roll < 0.8 || open.length === 0) await fileLeave(staff, mine);
      else await decide(pick(open));
    }
  });
  await Promise.all(workers);
  const loadMs = elapsed();
  const setupMs = t0 - started;
  let drainMs = Number.NaN;
  const sent = { messages: 0, twice: 0 };
  // One line, whatever the outcome of the checks below.
  context.onTestFinished(() => {
    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    const statuses = Object.entries(byStatus).map(([status, n]) => `${status}×${n}`);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      `load (seed ${seed}): ${answers.length + networkErrors.length} requests in ${s(loadMs)} ` +
        `(${Math.round(answers.length / (loadMs / 1000))}/s; set-up ${s(setupMs)}, outbox drained ${s(drainMs)} after) ` +
        `to 3 nodes behind PgBouncer: ${statuses.join(' ')}, ${networkErrors.length} dropped by node ${KILLED} ` +
        `(SIGKILLed at ${s(killedAt)}; ${dropped.committed} found done, ${dropped.redone} done anew on retry), ` +
        `${retries} retries, ${replays} deliberate replays; ${hired.main.size + hired.seats.size} hires ` +
        `(${seatRefusals} refused for seats), ${filed.size} filings (refused: ${JSON.stringify(leaveRefusals)}), ` +
        `${decisions} decisions; ${sent.messages} e-mails, ${sent.twice} sent twice`,
    );
  });
  expect(await killer).toEqual({ code: null, signal: 'SIGKILL' });

  // --- Afterwards ---------------------------------------------------------------------------------
  expect(problems, problems.slice(0, 20).join('\n')).toEqual([]);
  // The killed node, and no other, dropped requests; only while it was being killed did anyone 503.
  expect(networkErrors.filter((e) => e.node !== KILLED)).toEqual([]);
  const failures = answers.filter((a) => a.status >= 500);
  expect(failures.filter((a) => a.status !== 503 || a.at < killedAt || a.at > killDoneAt + KILL_GRACE_MS)).toEqual([]);

  // Every acknowledged hire exists exactly once, and nothing else was hired (no e-mail twice).
  const employeesOf = async (t: TestTenant) =>
    (
      await sql<{ id: string; email: string }>(
        orm,
        'select id, email from employees where tenant_id = ? and id <> ? order by id',
        [t.tenant.id, t.hr_admin.id],
      )
    ).map((r) => [r.id, r.email]);
  const acknowledged = (m: Map<string, string>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  expect(await employeesOf(mainOrg)).toEqual(acknowledged(hired.main));
  expect(await employeesOf(seatsOrg)).toEqual(acknowledged(hired.seats));

  // Seats: never more than the plan's, and all of them taken once a hire was refused for want of one.
  expect(1 + hired.seats.size).toBeLessThanOrEqual(SEATS);
  if (seatRefusals > 0) expect(1 + hired.seats.size).toBe(SEATS);

  // Every acknowledged filing exists once, in the status its last decision gave it, and no other.
  const requests = await sql<{ id: string; status: string }>(
    orm,
    'select id, status from leave_requests where tenant_id = ? order by id',
    [mainOrg.tenant.id],
  );
  expect(requests).toEqual(
    [...filed.values()].map((r) => ({ id: r.id, status: r.status })).sort((a, b) => (a.id < b.id ? -1 : 1)),
  );

  // Balances: used and pending are the sums of the approved and pending requests, within the allowance.
  const balances = await sql<{
    allowance: number;
    used: number;
    pending: number;
    approved_days: number;
    pending_days: number;
  }>(
    orm,
    `select b.allowance::float8 as allowance, b.used::float8 as used, b.pending::float8 as pending,
            coalesce(sum(r.days_count) filter (where r.status = 'approved'), 0)::float8 as approved_days,
            coalesce(sum(r.days_count) filter (where r.status = 'pending'), 0)::float8 as pending_days
       from leave_balances b
       left join leave_requests r on r.employee_id = b.employee_id and r.leave_type_id = b.leave_type_id
                                 and extract(year from r.start_date) = b.year
      where b.tenant_id = ?
      group by b.id`,
    [mainOrg.tenant.id],
  );
  expect(balances.length).toBeGreaterThanOrEqual(2 * STAFF);
  for (const b of balances) {
    expect(b).toMatchObject({ used: b.approved_days, pending: b.pending_days });
    expect(b.used).toBeGreaterThanOrEqual(0);
    expect(b.pending).toBeGreaterThanOrEqual(0);
    expect(b.used + b.pending).toBeLessThanOrEqual(b.allowance);
  }

  // The outbox: one message per acknowledged write (an invite per hire, a notice to the HR admin per
  // filing, one to the employee per decision), all sent once the two dispatchers left have drained it.
  await waitFor(
    async () =>
      (await sql<{ n: number }>(orm, `select count(*)::int as n from outbox_messages where state = 'pending'`))[0].n ===
      0,
    'the outbox to drain',
    20_000,
    100,
  );
  drainMs = elapsed() - loadMs;
  const outbox = await sql<{ id: string; kind: string; state: string }>(
    orm,
    'select id::text, kind, state from outbox_messages order by id',
  );
  const kinds: Record<string, number> = {};
  for (const { kind } of outbox) {
    const counted = kind === 'employee_invite' || kind === 'leave_filed' ? kind : 'decided';
    kinds[counted] = (kinds[counted] ?? 0) + 1;
  }
  expect(kinds).toEqual({
    employee_invite: hired.main.size + hired.seats.size,
    leave_filed: filed.size,
    ...(decisions > 0 ? { decided: decisions } : {}),
  });
  expect(outbox.filter((m) => m.state !== 'sent')).toEqual([]);
  // Each message reached an SMTP listener once. The one exception: the message the killed node was
  // delivering, if the listener had it before the node could record it (at-least-once at a crash),
  // sent again by another node.
  const deliveries = mailboxes.flatMap((box, node) => box.messages.map((m) => ({ node, id: messageIdOf(m.raw) })));
  const byId = new Map<string, number[]>();
  for (const d of deliveries) byId.set(d.id ?? '?', [...(byId.get(d.id ?? '?') ?? []), d.node]);
  expect([...byId.keys()].sort()).toEqual(outbox.map((m) => m.id));
  const twice = [...byId.entries()].filter(([, by]) => by.length > 1);
  sent.messages = outbox.length;
  sent.twice = twice.length;
  expect(twice.length).toBeLessThanOrEqual(1);
  for (const [, by] of twice) {
    expect(by).toHaveLength(2);
    expect(by).toContain(KILLED);
  }
}, 60_000);
