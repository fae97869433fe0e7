/**
 * `make bench`: the service against a bare handler doing the same work (bench/baseline.ts), on a
 * PostgreSQL database seeded with 10,000 and with 1,000,000 employees, plus start-up time and RSS
 * on PostgreSQL and on the embedded PGlite. Each scenario runs in rounds, the service and the
 * bare handler alternating (which goes first alternates too), and the table gives the median of
 * the rounds and the ratios. Prints a table and writes bench/results.json.
 *
 * Settings (environment): BENCH_SIZES (10000,1000000), BENCH_ROUNDS (3), BENCH_DURATION_S (8, per
 * run), BENCH_CONNECTIONS (16), BENCH_SERVER (wfm: bin/wfm serve; tsx; dist), BENCH_NODE_OPTIONS
 * (NODE_OPTIONS of the service's process alone, e.g. its heap limits). A quick run:
 * `BENCH_SIZES=2000 BENCH_ROUNDS=1 BENCH_DURATION_S=2 make bench`.
 *
 * BENCH_SCENARIOS (comma-separated parts of scenario names, e.g. `first page,filtered`) runs only
 * the scenarios whose name contains one of them, without the restart and PGlite measurements, and
 * merges their rows into the existing bench/results.json (a row of the same size and scenario is
 * replaced; the run is listed under `partial_runs`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createFixture, dropFixture, type Fixture } from './seed.js';
import { nodeOptionsFor, rssMb, SERVER_KIND, serverCommand, stopProcess, waitHealthy } from './server.js';
import { benchWebhooks, type WebhookRun } from './webhooks.js';

const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/** Parts of scenario names to run (BENCH_SCENARIOS); none: every scenario. */
const ONLY = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const RESULTS = 'bench/results.json';
/** Node options for the service's process only (e.g. heap limits), passed as NODE_OPTIONS. */
const NODE_OPTIONS = process.env.BENCH_NODE_OPTIONS ?? '';
const SERVICE_PORT = 3900;
const BASELINE_PORT = 3901;
const PGLITE_PORT = 3902;

interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A new body for each request (the hires, the leave requests). */
  body?: () => string;
}

interface Scenario {
  name: string;
  service: Target;
  baseline?: Target;
  /** The same list over /trpc, measured in the same rounds and compared with the REST list. */
  trpc?: Target;
  /** Run in every round (else in the first only). */
  everyRound: boolean;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

interface Row {
  size: number;
  scenario: string;
  service: Run;
  baseline?: Run;
  trpc?: Run;
  rounds: { service: Run[]; baseline: Run[]; trpc: Run[] };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 10) / 10;
};

function summary(runs: Run[]): Run {
  return {
    rps: Math.round(median(runs.map((r) => r.rps))),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

async function cannon(target: Target, duration = DURATION_S): Promise<Run> {
  const { body, ...options } = target;
  const result = await autocannon({
    connections: CONNECTIONS,
    duration,
    ...options,
    headers: { ...options.headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { requests: [{ setupRequest: (req) => ({ ...req, body: body() }) }] } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

interface Started {
  child: ChildProcess;
  url: string;
  startupMs: number;
  rssAfterStartMb: number;
}

/** `wfm serve` on `port`, timed from the spawn to its first healthy answer. */
async function startService(env: Record<string, string>, port: number): Promise<Started> {
  const [command, ...args] = serverCommand();
  const since = performance.now();
  const child = spawn(command, args, {
    env: {
      ...process.env,
      ...nodeOptionsFor([]),
      ...(NODE_OPTIONS ? { NODE_OPTIONS } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RATE_LIMIT_POINTS: '100000000',
      RATE_LIMIT_IP_POINTS: '100000000',
      OUTBOX_DISPATCH: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const startupMs = await waitHealthy(url, child, since);
  return { child, url, startupMs, rssAfterStartMb: rssMb(child.pid as number).rss };
}

async function startBaseline(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.resolve('node_modules/tsx/dist/loader.mjs'),
      'bench/baseline.ts',
      String(BASELINE_PORT),
      databaseUrl,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the baseline exited with ${code}`)));
  });
  return child;
}

const FIRST_PAGE = 'GET /v1/employees?limit=50 (first page)';
const MIDDLE_PAGE = 'GET /v1/employees?limit=50 (page at the middle)';
const FILTERED_FIRST_PAGE = 'GET /v1/employees?department=Sales&limit=50 (filtered first page)';
const FILTERED_MIDDLE_PAGE = 'GET /v1/employees?department=Sales&limit=50 (filtered page at the middle of Sales)';

/** The webhook scenario's name (bench/webhooks.ts), for BENCH_SCENARIOS. */
const WEBHOOK_SCENARIO = 'webhook deliveries (16 receivers, 4 tenants)';

/** Whether BENCH_SCENARIOS selects the scenario named `name`. */
const selected = (name: string) => ONLY.length === 0 || ONLY.some((part) => name.includes(part));

function scenarios(fixture: Fixture, service: string, baseline: string, token: string): Scenario[] {
  const auth = { Authorization: `Bearer ${fixture.apiKey}` };
  let hires = 0;
  const hire = (who: string) => () =>
    JSON.stringify({
      actor_employee_id: fixture.hrAdminId,
      email: `hire-${who}-${++hires}-${Date.now()}@bench.example`,
      full_name: `Hire ${hires}`,
      joining_date: '2026-12-01',
    });
  let filings = 0;
  const leave = () => {
    const n = filings++;
    const day = new Date(Date.UTC(2027, 0, 1) + Math.floor(n / fixture.filerIds.length) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return JSON.stringify({
      employee_id: fixture.filerIds[n % fixture.filerIds.length],
      leave_type_id: fixture.unpaidLeaveTypeId,
      start_date: day,
      end_date: day,
      days_count: 1,
      reason: 'Bench',
    });
  };
  const list = '/v1/employees?limit=50';
  const deep = `/v1/employees?limit=50&cursor=${fixture.deepCursor}`;
  const byId = `/v1/employees/${fixture.someoneId}`;
  // decisions §15: a tenth of the employees, on its index (tenant_id, department, created_at, id).
  const filtered = `/v1/employees?department=${encodeURIComponent(fixture.department)}&limit=50`;
  const filteredDeep = `${filtered}&cursor=${fixture.filteredDeepCursor}`;
  return [
    {
      name: FIRST_PAGE,
      service: { url: `${service}${list}`, headers: auth },
      baseline: { url: `${baseline}${list}`, headers: auth },
      trpc: {
        url: `${service}/trpc/employees.list?input=${encodeURIComponent(JSON.stringify({ limit: 50 }))}`,
        headers: auth,
      },
      everyRound: true,
    },
    {
      name: MIDDLE_PAGE,
      service: { url: `${service}${deep}`, headers: auth },
      baseline: { url: `${baseline}${deep}`, headers: auth },
      everyRound: true,
    },
    {
      name: FILTERED_FIRST_PAGE,
      service: { url: `${service}${filtered}`, headers: auth },
      everyRound: true,
    },
    {
      name: FILTERED_MIDDLE_PAGE,
      service: { url: `${service}${filteredDeep}`, headers: auth },
      everyRound: true,
    },
    {
      name: 'GET /v1/employees/{id}',
      service: { url: `${service}${byId}`, headers: auth },
      baseline: { url: `${baseline}${byId}`, headers: auth },
      everyRound: true,
    },
    {
      name: 'POST /v1/employees (hiring journey)',
      service: { url: `${service}/v1/employees`, method: 'POST', headers: auth, body: hire('s') },
      baseline: { url: `${baseline}/v1/employees`, method: 'POST', headers: auth, body: hire('b') },
      everyRound: true,
    },
    {
      name: 'GET /v1/whoami (OAuth access token)',
      service: { url: `${service}/v1/whoami`, headers: { Authorization: `Bearer ${token}` } },
      everyRound: false,
    },
    {
      name: 'POST /v1/leave-requests',
      service: { url: `${service}/v1/leave-requests`, method: 'POST', headers: auth, body: leave },
      everyRound: false,
    },
  ];
}

function log(text: string): void {
  process.stderr.write(`${text}\n`);
}

const show = (run: Run) =>
  `${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms${run.non2xx ? `, non-2xx ${run.non2xx}` : ''}`;

async function benchSize(size: number, rows: Row[], processes: Record<string, unknown>[]): Promise<void> {
  log(`\n== ${size.toLocaleString('en')} employees`);
  const fixture = await createFixture(size);
  log(`  seeded in ${fixture.seedMs} ms`);
  const service = await startService({ DATABASE_URL: fixture.url }, SERVICE_PORT);
  log(`  service healthy ${service.startupMs} ms after start, RSS ${service.rssAfterStartMb} MB`);
  const baseline = await startBaseline(fixture.url);
  const baselineUrl = `http://127.0.0.1:${BASELINE_PORT}`;
  try {
    const tokenResponse = await fetch(`${service.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', ...fixture.client }),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const list = scenarios(fixture, service.url, baselineUrl, token).filter((s) => selected(s.name));
    // Warm-up: both servers compile their hot paths before anything is measured.
    for (const scenario of list.slice(0, 3)) {
      await cannon(scenario.service, 2);
      if (scenario.baseline) await cannon(scenario.baseline, 2);
    }
    const results = new Map(list.map((s) => [s, { service: [] as Run[], baseline: [] as Run[], trpc: [] as Run[] }]));
    for (let round = 0; round < ROUNDS; round++) {
      log(`  round ${round + 1} of ${ROUNDS}`);
      for (const scenario of list) {
        if (round > 0 && !scenario.everyRound) continue;
        const runs = results.get(scenario) as Row['rounds'];
        const order: ('service' | 'baseline' | 'trpc')[] = ['service', 'baseline', 'trpc'];
        if (round % 2) order.reverse();
        for (const which of order) {
          const target = scenario[which];
          if (!target) continue;
          const run = await cannon(target);
          runs[which].push(run);
          log(`    ${scenario.name} [${which}]: ${show(run)}`);
        }
      }
    }
    for (const scenario of list) {
      const runs = results.get(scenario) as Row['rounds'];
      rows.push({
        size,
        scenario: scenario.name,
        service: summary(runs.service),
        ...(runs.baseline.length ? { baseline: summary(runs.baseline) } : {}),
        ...(runs.trpc.length ? { trpc: summary(runs.trpc) } : {}),
        rounds: runs,
      });
    }
    const { rss, peak } = rssMb(service.child.pid as number);
    processes.push({
      size,
      database: 'postgresql',
      startup_ms: service.startupMs,
      rss_after_start_mb: service.rssAfterStartMb,
      rss_at_end_mb: rss,
      peak_rss_mb: peak,
      baseline_peak_rss_mb: rssMb(baseline.pid as number).peak,
    });
    log(`  service peak RSS ${peak} MB`);
  } finally {
    await stopProcess(service.child);
    await stopProcess(baseline);
  }
  if (ONLY.length) {
    await dropFixture(fixture);
    return;
  }
  // A restart on the migrated database: start-up without anything to migrate or seed.
  const restart = await startService({ DATABASE_URL: fixture.url }, SERVICE_PORT);
  processes.push({
    size,
    database: 'postgresql',
    phase: 'restart (already migrated)',
    startup_ms: restart.startupMs,
    rss_after_start_mb: restart.rssAfterStartMb,
  });
  log(`  restart: healthy after ${restart.startupMs} ms, RSS ${restart.rssAfterStartMb} MB`);
  await stopProcess(restart.child);
  await dropFixture(fixture);
}

/** The embedded database: a first start (creates the data directory), a restart, and the RSS under load. */
async function pglite(processes: Record<string, unknown>[]): Promise<void> {
  log('\n== embedded PGlite');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wfm-bench-pglite-'));
  try {
    for (const phase of ['first start (creates the data directory)', 'restart (reopens it)']) {
      const server = await startService({ DATABASE_URL: '', DATA_DIR: dir }, PGLITE_PORT);
      try {
        const entry: Record<string, unknown> = {
          database: 'pglite',
          phase,
          startup_ms: server.startupMs,
          rss_after_start_mb: server.rssAfterStartMb,
        };
        if (phase.startsWith('restart')) {
          // What the embedded database costs under the same load: the public module catalogue.
          const run = await cannon({ url: `${server.url}/v1/modules` });
          entry.load = `GET /v1/modules: ${show(run)}`;
          entry.peak_rss_mb = rssMb(server.child.pid as number).peak;
        }
        processes.push(entry);
        log(`  ${phase}: ${JSON.stringify(entry)}`);
      } finally {
        await stopProcess(server.child);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => n.toLocaleString('en');
const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '–');

function table(rows: Row[]): string {
  const lines = [
    '| employees | scenario | req/s | p50 ms | p99 ms | bare req/s | bare p99 ms | ratio (req/s) | ratio (p99) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const b = r.baseline;
    lines.push(
      `| ${fmt(r.size)} | ${r.scenario} | ${fmt(r.service.rps)} | ${r.service.p50} | ${r.service.p99} | ${b ? fmt(b.rps) : ''} | ${b ? b.p99 : ''} | ${b ? ratio(r.service.rps, b.rps) : ''} | ${b ? ratio(r.service.p99, b.p99) : ''} |`,
    );
    if (r.trpc) {
      lines.push(
        `| ${fmt(r.size)} | GET /trpc/employees.list (limit 50), against the REST list | ${fmt(r.trpc.rps)} | ${r.trpc.p50} | ${r.trpc.p99} | ${fmt(r.service.rps)} | ${r.service.p99} | ${ratio(r.trpc.rps, r.service.rps)} | ${ratio(r.trpc.p99, r.service.p99)} |`,
      );
    }
  }
  return lines.join('\n');
}

/** The first page over the deep page, and each filtered page against the unfiltered first page (req/s). */
function pageRatios(rows: readonly Row[]) {
  const sizes = [...new Set(rows.map((r) => r.size))];
  const rps = (size: number, scenario: string) =>
    rows.find((r) => r.size === size && r.scenario === scenario)?.service.rps;
  const over = (a?: number, b?: number) => (a && b ? Number(ratio(a, b)) : null);
  return {
    deepVsFirst: sizes.map((size) => ({
      size,
      first_over_deep_rps: over(rps(size, FIRST_PAGE), rps(size, MIDDLE_PAGE)),
    })),
    filteredVsFirst: sizes.map((size) => ({
      size,
      filtered_first_over_first_rps: over(rps(size, FILTERED_FIRST_PAGE), rps(size, FIRST_PAGE)),
      filtered_middle_over_first_rps: over(rps(size, FILTERED_MIDDLE_PAGE), rps(size, FIRST_PAGE)),
    })),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const rows: Row[] = [];
  const processes: Record<string, unknown>[] = [];
  for (const size of SIZES) await benchSize(size, rows, processes);
  if (!ONLY.length) await pglite(processes);
  const webhooks: WebhookRun[] = selected(WEBHOOK_SCENARIO) ? await benchWebhooks(DURATION_S, SERVICE_PORT) : [];
  const machine = {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
  const settings = {
    server: SERVER_KIND,
    service_node_options: NODE_OPTIONS,
    rounds: ROUNDS,
    duration_s: DURATION_S,
    connections: CONNECTIONS,
    sizes: SIZES.join(','),
    statistic: 'median of the rounds',
  };
  const seconds = Math.round((performance.now() - started) / 1000);
  let results: Record<string, unknown>;
  if (ONLY.length) {
    // A partial run: its rows replace those of the same size and scenario in the last full run's file.
    const previous = JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown> & {
      throughput: Row[];
      partial_runs?: unknown[];
    };
    const key = (r: Row) => `${r.size} ${r.scenario}`;
    const measured = new Map(rows.map((r) => [key(r), r]));
    const throughput = previous.throughput.map((r) => measured.get(key(r)) ?? r);
    // A scenario new to the file goes after the last row of its size.
    for (const row of rows.filter((r) => !previous.throughput.some((p) => key(p) === key(r)))) {
      const last = throughput.findLastIndex((r) => r.size === row.size);
      throughput.splice(last < 0 ? throughput.length : last + 1, 0, row);
    }
    const { deepVsFirst, filteredVsFirst } = pageRatios(throughput);
    results = {
      ...previous,
      ...(webhooks.length ? { webhooks } : {}),
      throughput,
      deep_page_vs_first_page: deepVsFirst,
      filtered_page_vs_first_page: filteredVsFirst,
      partial_runs: [
        ...(previous.partial_runs ?? []),
        { date: new Date().toISOString(), scenarios: ONLY, machine, settings, bench_seconds: seconds },
      ],
    };
  } else {
    const { deepVsFirst, filteredVsFirst } = pageRatios(rows);
    results = {
      date: new Date().toISOString(),
      machine,
      settings,
      throughput: rows,
      deep_page_vs_first_page: deepVsFirst,
      filtered_page_vs_first_page: filteredVsFirst,
      webhooks,
      process: processes,
      bench_seconds: seconds,
    };
  }
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(
    `\nMachine: ${machine.cpus} × ${machine.cpu_model}, ${machine.memory_gb} GiB, Node ${machine.node}\n` +
      `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s a run, ${ROUNDS} round(s), medians; ratio = service ÷ bare handler\n` +
      `service: ${SERVER_KIND}${NODE_OPTIONS ? `, NODE_OPTIONS=${NODE_OPTIONS}` : ''}${ONLY.length ? `; only scenarios matching ${ONLY.join(' | ')}` : ''}\n\n` +
      `${table(rows)}\n\n`,
  );
  const ratios = pageRatios(rows);
  for (const d of ratios.deepVsFirst)
    if (d.first_over_deep_rps !== null)
      process.stdout.write(`${fmt(d.size)}: first page ÷ deep page req/s ${d.first_over_deep_rps}\n`);
  for (const d of ratios.filteredVsFirst)
    process.stdout.write(
      `${fmt(d.size)}: filtered first page ÷ first page req/s ${d.filtered_first_over_first_rps}, filtered deep page ÷ first page ${d.filtered_middle_over_first_rps}\n`,
    );
  for (const w of webhooks)
    process.stdout.write(
      `webhooks${w.hanging_receiver ? ', one receiver hanging' : ''}: ${w.delivered} deliveries to healthy receivers, ${w.deliveries_per_s}/s, commit to arrival p50 ${w.p50_ms} ms, p99 ${w.p99_ms} ms, max ${w.max_ms} ms\n`,
    );
  if (!ONLY.length) for (const p of processes) process.stdout.write(`${JSON.stringify(p)}\n`);
  process.stdout.write(`bench took ${seconds} s\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
