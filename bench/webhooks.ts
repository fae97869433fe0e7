/**
 * The webhook scenario of `make bench` (issue 24, decisions §18): 16 local receivers across 4
 * tenants, hires driving employee.created deliveries, measured twice: every receiver healthy, then
 * one that never answers. Reports deliveries a second and the delay from an event's commit (its
 * created_at) to its arrival at the healthy receivers. Not a test: the suite asserts the bounds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCOPES } from '../core/scopes.js';
import { migrate, openOrm } from '../db/orm.js';
import { createApiKey } from '../routers/credentials/credentials.writes.js';
import { createOrganisation } from '../routers/organisations/organisations.writes.js';
import { admin, dbUrl } from './seed.js';
import { serverCommand, stopProcess, waitHealthy } from './server.js';

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
