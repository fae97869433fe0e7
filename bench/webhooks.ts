/**
 * The webhook scenarios of `make bench` (issue 24, decisions §18): 16 local receivers across 4
 * tenants, hires driving employee.created deliveries, measured twice: every receiver healthy, then
 * one that never answers. Reports deliveries a second and the delay from an event's commit (its
 * created_at) to its arrival at the healthy receivers. Then the fleet (issue 36): the dispatcher's
 * claim, and its delivery rate, with 100,000 endpoints whose attempts wait in backoff. Not a test:
 * the suite asserts the bounds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SCOPES } from '../core/scopes.js';
import { migrate, openOrm } from '../db/orm.js';
import { runStatement } from '../db/statements.js';
import { createApiKey } from '../routers/credentials/credentials.writes.js';
import { createOrganisation } from '../routers/organisations/organisations.writes.js';
import { CLAIM_BATCH, claimDue, type RunStatement, WebhookDispatcher } from '../routers/webhooks/webhook.dispatcher.js';
import { parseEnv } from '../server/main/env.js';
import { admin, dbUrl } from './seed.js';
import { serverCommand, stopProcess, waitHealthy } from './server.js';
import { FLEET_SCHEMA, seedFleet } from './webhookFleet.js';

const TENANTS = 4;
const ENDPOINTS_PER_TENANT = 4;
/**
 * Hires a second, spread over the tenants (BENCH_WEBHOOK_HIRES_PER_S): a pace the dispatcher keeps
 * up with, so the delays measured are latency, not a growing queue. Each hire is delivered to the
 * 4 endpoints of its tenant.
 */
const HIRES_PER_S = Number(process.env.BENCH_WEBHOOK_HIRES_PER_S ?? 8);

export interface WebhookRun {
  hanging_receiver: boolean;
  hires_per_s: number;
  hires: number;
  /** Deliveries that reached the healthy receivers. */
  delivered: number;
  deliveries_per_s: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

interface Receiver {
  server: Server;
  url: string;
  /** Commit-to-arrival delays of the deliveries it answered. */
  delays: number[];
  hanging: boolean;
}

function startReceiver(hanging: boolean): Promise<Receiver> {
  const receiver: Receiver = { server: createServer(), url: '', delays: [], hanging };
  receiver.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (receiver.hanging) return; // never answers: the dispatcher's timeout ends it
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { created_at: string };
      receiver.delays.push(Date.now() - Date.parse(event.created_at));
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    receiver.server.listen(0, '127.0.0.1', () => {
      receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hook`;
      resolve(receiver);
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

async function post(base: string, token: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** One measured run on a fresh database: hires for `durationS`, then waits for the deliveries. */
async function run(hanging: boolean, durationS: number, port: number): Promise<WebhookRun> {
  const name = `wfm_bench_webhooks_${hanging ? 'hanging' : 'healthy'}`;
  const url = dbUrl(name);
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const orm = await openOrm({ DATABASE_URL: url, DATA_DIR: './var' });
  const tenants: { token: string; hrAdminId: string }[] = [];
  try {
    await migrate(orm);
    for (let i = 0; i < TENANTS; i++) {
      const org = await createOrganisation(orm.em.fork(), { name: `Webhook Co ${i}` });
      const key = await createApiKey(orm.em.fork(), 'svc', {
        tenantId: org.tenant.id,
        env: 'live',
        scopes: [...SCOPES],
      });
      tenants.push({ token: key.secret, hrAdminId: org.hr_admin.id });
    }
  } finally {
    await orm.close();
  }
  const receivers = await Promise.all(
    Array.from({ length: TENANTS * ENDPOINTS_PER_TENANT }, (_, i) => startReceiver(hanging && i === 0)),
  );
  const [command, ...args] = serverCommand();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  try {
    child = spawn(command, args, {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        RATE_LIMIT_POINTS: '100000000',
        OUTBOX_DISPATCH: 'true',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitHealthy(base, child);
    for (const [i, receiver] of receivers.entries()) {
      const tenant = tenants[Math.floor(i / ENDPOINTS_PER_TENANT)];
      await post(base, tenant.token, '/v1/webhook-endpoints', { url: receiver.url, event_types: ['employee.created'] });
    }
    let hires = 0;
    const started = Date.now();
    const total = Math.round(HIRES_PER_S * durationS);
    const sent: Promise<unknown>[] = [];
    for (let n = 0; n < total; n++) {
      // Paced: the n-th hire leaves at n / HIRES_PER_S seconds, whatever the previous ones take.
      const wait = started + (n * 1000) / HIRES_PER_S - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const tenant = tenants[n % TENANTS];
      sent.push(
        post(base, tenant.token, '/v1/employees', {
          actor_employee_id: tenant.hrAdminId,
          email: `hire.${n}.${Date.now()}@bench.example`,
          full_name: 'Bench Hire',
          joining_date: '2026-12-01',
        }).then(() => hires++),
      );
    }
    await Promise.all(sent);
    const healthy = receivers.filter((r) => !r.hanging);
    const expected = (hires / TENANTS) * ENDPOINTS_PER_TENANT - (hanging ? hires / TENANTS : 0);
    const deadline = Date.now() + 60_000;
    const delivered = () => healthy.reduce((sum, r) => sum + r.delays.length, 0);
    while (delivered() < Math.floor(expected) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const delays = healthy.flatMap((r) => r.delays).sort((a, b) => a - b);
    const spanS = (Math.max(...delays, 0) + durationS * 1000) / 1000;
    return {
      hanging_receiver: hanging,
      hires_per_s: HIRES_PER_S,
      hires,
      delivered: delays.length,
      deliveries_per_s: Math.round(delays.length / spanS),
      p50_ms: percentile(delays, 50),
      p99_ms: percentile(delays, 99),
      max_ms: delays.at(-1) ?? 0,
    };
  } finally {
    if (child) await stopProcess(child);
    for (const receiver of receivers) {
      receiver.server.closeAllConnections();
      receiver.server.close();
    }
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** Both runs: every receiver healthy, then one of them hanging. */
export async function benchWebhooks(durationS: number, port: number): Promise<WebhookRun[]> {
  return [await run(false, durationS, port), await run(true, durationS, port)];
}

/** The fleet (BENCH_WEBHOOK_FLEET endpoints in backoff): 16 endpoints a tenant, as the API allows. */
const FLEET = Number(process.env.BENCH_WEBHOOK_FLEET ?? 100_000);
const FLEET_TENANTS = Math.ceil(FLEET / 16);
/** Endpoints with attempts due among the fleet, and how many each. */
const FLEET_DUE = 300;
const FLEET_DUE_ATTEMPTS = 20;
/** Claims timed, each undone (so that every one finds the same due attempts), within 20 s at most. */
const FLEET_CLAIMS = 200;
/** Claims after them EXPLAIN ANALYZEd, for where a claim's time goes. */
const FLEET_EXPLAINED = 20;
const FLEET_CLAIMS_MS = 20_000;
/** How long the dispatcher has to send the due attempts. */
const FLEET_SEND_MS = 30_000;

export interface WebhookFleetRun {
  /** Endpoints whose attempts wait in backoff, over `tenants` tenants. */
  waiting_endpoints: number;
  tenants: number;
  due_endpoints: number;
  due_attempts: number;
  seed_s: number;
  /**
   * One claim of the dispatcher with its 64 slots free: one statement leasing up to CLAIM_BATCH
   * attempts (the node claims again for the rest), timed as the dispatcher sends it. Within it, from
   * EXPLAIN ANALYZE of FLEET_EXPLAINED more claims (server time): the endpoints chosen and locked
   * (`endpoints_*`), and the rest (`lease_*`: their attempts leased, their queue rows set).
   */
  claims: number;
  claim_attempts: number;
  claim_p50_ms: number;
  claim_p99_ms: number;
  endpoints_p50_ms: number;
  endpoints_p99_ms: number;
  lease_p50_ms: number;
  lease_p99_ms: number;
  /** The due attempts sent by a dispatcher to a local receiver, and how fast. */
  delivered: number;
  deliveries_per_s: number;
}

/**
 * A claim's server time from its EXPLAIN (ANALYZE, FORMAT JSON): choosing and locking the endpoints
 * (the CTE `chosen`), and the rest of the statement.
 */
function serverSplit(rows: unknown[]): { choose: number; rest: number } {
  interface Node {
    'Subplan Name'?: string;
    'Actual Total Time': number;
    Plans?: Node[];
  }
  const [{ Plan, 'Execution Time': total }] = (rows[0] as { 'QUERY PLAN': [{ Plan: Node; 'Execution Time': number }] })[
    'QUERY PLAN'
  ];
  const choose = Plan.Plans?.find((node) => node['Subplan Name'] === 'CTE chosen')?.['Actual Total Time'] ?? 0;
  return { choose, rest: total - choose };
}

/**
 * The fleet: seeded on the schema before the queue, then migrated (the queue's backfill runs on
 * it), analysed; the dispatcher's claim timed FLEET_CLAIMS times, each in a transaction rolled
 * back; then a dispatcher of this process sends the due attempts to a receiver answering 204 at
 * once, until all have arrived (or FLEET_SEND_MS has passed).
 */
export async function benchWebhookFleet(): Promise<WebhookFleetRun> {
  const name = 'wfm_bench_webhook_fleet';
  const url = dbUrl(name);
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const settings = parseEnv({
    DATABASE_URL: url,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  let arrived = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  // The seed's statements (and its commit, checking every deferred key) run past the default timeouts.
  const orm = await openOrm({ DATABASE_URL: url, DATA_DIR: './var', DB_STATEMENT_TIMEOUT_MS: 0 });
  try {
    const seeding = performance.now();
    await orm.migrator.up({ to: FLEET_SCHEMA });
    await seedFleet(orm, {
      tenants: FLEET_TENANTS,
      waiting: FLEET,
      due: FLEET_DUE,
      dueAttempts: FLEET_DUE_ATTEMPTS,
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      secret: settings.secretKeys.seal(`whsec_${randomBytes(24).toString('base64')}`),
    });
    await migrate(orm);
    await orm.em.getConnection().execute('vacuum (analyze)');
    const seedS = (performance.now() - seeding) / 1000;

    // Each claim timed as the dispatcher sends it (and undone), then more, EXPLAIN ANALYZEd.
    const free = Math.min(settings.WEBHOOK_CONCURRENCY, CLAIM_BATCH);
    const claims: number[] = [];
    const split: { choose: number; rest: number }[] = [];
    let leased = 0;
    const claimsEnd = performance.now() + FLEET_CLAIMS_MS;
    for (let i = 0; i < FLEET_CLAIMS + FLEET_EXPLAINED && performance.now() < claimsEnd; i++) {
      const em = orm.em.fork();
      const explained = i >= FLEET_CLAIMS;
      await em.begin();
      try {
        const run: RunStatement = async (text, values) => {
          if (explained)
            split.push(serverSplit(await runStatement(em, `explain (analyze, format json) ${text}`, values)));
          const started = performance.now();
          const rows = await runStatement(em, text, values);
          if (!explained) claims.push(performance.now() - started);
          return rows as never;
        };
        leased = (await claimDue(run, settings, new Map(), free)).length;
      } finally {
        await em.rollback();
      }
    }
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const [whole, endpoints, lease] = [
      sorted(claims),
      sorted(split.map((x) => x.choose)),
      sorted(split.map((x) => x.rest)),
    ];

    const expected = FLEET_DUE * FLEET_DUE_ATTEMPTS;
    const dispatcher = new WebhookDispatcher(orm, settings, pino({ level: 'silent' }));
    const started = performance.now();
    dispatcher.start();
    const deadline = Date.now() + FLEET_SEND_MS;
    while (arrived < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const seconds = (performance.now() - started) / 1000;
    await dispatcher.stop();
    const ms = (x: number | undefined) => Math.round((x ?? 0) * 100) / 100;
    return {
      waiting_endpoints: FLEET,
      tenants: FLEET_TENANTS,
      due_endpoints: FLEET_DUE,
      due_attempts: expected,
      seed_s: Math.round(seedS * 10) / 10,
      claims: claims.length,
      claim_attempts: leased,
      claim_p50_ms: ms(percentile(whole, 50)),
      claim_p99_ms: ms(percentile(whole, 99)),
      endpoints_p50_ms: ms(percentile(endpoints, 50)),
      endpoints_p99_ms: ms(percentile(endpoints, 99)),
      lease_p50_ms: ms(percentile(lease, 50)),
      lease_p99_ms: ms(percentile(lease, 99)),
      delivered: arrived,
      deliveries_per_s: Math.round(arrived / seconds),
    };
  } finally {
    await orm.close();
    receiver.closeAllConnections();
    receiver.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}
