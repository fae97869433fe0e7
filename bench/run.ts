/**
 * `make bench`: autocannon against a real server on PostgreSQL seeded with 10,000 and 1,000,000
 * employees (BENCH_SIZES overrides), plus start-up time and peak RSS on PostgreSQL and on the
 * embedded PGlite. Prints a table and writes bench/results.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrate, openOrm } from '../db/orm.js';
import { SCOPES } from '../server/context.js';
import { createApiKey, createOAuthClient } from '../server/credentials.js';
import { CursorCodec, loadCursorSecret } from '../server/pagination.js';
import { createOrganisation } from '../server/tenants.js';

const ADMIN_URL =
  process.env.BENCH_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TSX = path.resolve('node_modules/.bin/tsx');

function dbUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** N employees (with their login accounts) in one tenant, generated in SQL. */
async function seedEmployees(url: string, tenantId: string, n: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into profiles (id, tenant_id, email, status, created_at)
       select gen_random_uuid(), $1, 'bench' || g || '@bench.example', 'active', now() - make_interval(secs => $2 - g)
         from generate_series(1, $2) g`,
      [tenantId, n],
    );
    await client.query(
      `insert into employees (id, tenant_id, employee_id, profile_id, full_name, email, department, designation,
                              employment_type, joining_date, created_at, updated_at)
       select gen_random_uuid(), p.tenant_id, 'B-' || lpad(row_number() over (order by p.created_at)::text, 8, '0'), p.id,
              'Bench Person ' || row_number() over (order by p.created_at), p.email, 'Engineering', 'Engineer',
              'full_time', date '2024-01-01', p.created_at, p.created_at
         from profiles p where p.tenant_id = $1 and p.email like 'bench%'`,
      [tenantId],
    );
    await client.query('update tenants set next_employee_number = 1 where id = $1', [tenantId]);
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

interface Started {
  child: ChildProcess;
  url: string;
  startupMs: number;
}

async function startServer(env: Record<string, string>, port: number): Promise<Started> {
  const started = performance.now();
  const child = spawn('bin/wfm', ['serve'], {
    env: {
      ...process.env,
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
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/v1/health`)).ok)
        return { child, url, startupMs: Math.round(performance.now() - started) };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Peak resident set size of a process (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Row {
  size: number;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function cannon(
  name: string,
  size: number,
  opts: Omit<autocannon.Options, 'url'> & { url: string },
  rows: Row[],
): Promise<void> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  const row = {
    size,
    scenario: name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
  rows.push(row);
  process.stderr.write(`  ${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}\n`);
}

async function benchSize(size: number, rows: Row[], memory: Record<string, unknown>[]): Promise<void> {
  const name = `wfm_bench_${size}`;
  const url = dbUrl(name);
  process.stderr.write(`\n== ${size} employees (${name})\n`);
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const orm = await openOrm({ DATABASE_URL: url, DATA_DIR: './var' });
  await migrate(orm);
  const org = await createOrganisation(orm.em.fork(), { name: 'Bench Co' });
  const tenantId = org.tenant.id;
  const seedStart = performance.now();
  await seedEmployees(url, tenantId, size);
  process.stderr.write(`  seeded in ${Math.round(performance.now() - seedStart)} ms\n`);
  const key = await createApiKey(orm.em.fork(), 'svc', { tenantId, env: 'live', scopes: [...SCOPES] });
  const client = await createOAuthClient(orm.em.fork(), 'svc', { tenantId, env: 'live', scopes: [...SCOPES] });
  const cursors = new CursorCodec(await loadCursorSecret(orm.em.fork()));
  const conn = orm.em.getConnection();
  const [deep] = await conn.execute<{ id: string; created_at: Date }[]>(
    'select id, created_at from employees where tenant_id = ? order by created_at, id offset ? limit 1',
    [tenantId, Math.floor(size / 2)],
  );
  const deepCursor = cursors.encode(`employees:${tenantId}`, [new Date(deep.created_at).toISOString(), deep.id]);
  const [someone] = await conn.execute<{ id: string }[]>('select id from employees where tenant_id = ? limit 1', [
    tenantId,
  ]);
  const [unpaid] = await conn.execute<{ id: string }[]>(
    "select id from leave_types where tenant_id = ? and code = 'UNPAID'",
    [tenantId],
  );
  const filers = await conn.execute<{ id: string }[]>(
    'select id from employees where tenant_id = ? order by created_at limit 1000',
    [tenantId],
  );
  await orm.close();

  const server = await startServer({ DATABASE_URL: url }, 3900);
  memory.push({ size, database: 'postgresql', startup_ms: server.startupMs });
  const auth = { Authorization: `Bearer ${key.secret}` };
  try {
    const token = (await (
      await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: client.client_id,
          client_secret: client.client_secret,
        }),
      })
    ).json()) as { access_token: string };

    await cannon(
      'GET /v1/employees?limit=50 (first page)',
      size,
      { url: `${server.url}/v1/employees?limit=50`, headers: auth },
      rows,
    );
    await cannon(
      'GET /v1/employees?limit=50 (page at the middle)',
      size,
      { url: `${server.url}/v1/employees?limit=50&cursor=${deepCursor}`, headers: auth },
      rows,
    );
    await cannon(
      'GET /v1/employees/{id}',
      size,
      { url: `${server.url}/v1/employees/${someone.id}`, headers: auth },
      rows,
    );
    await cannon(
      'GET /v1/whoami (OAuth access token)',
      size,
      { url: `${server.url}/v1/whoami`, headers: { Authorization: `Bearer ${token.access_token}` } },
      rows,
    );
    await cannon(
      'GET /trpc/employees.list (limit 50)',
      size,
      {
        url: `${server.url}/trpc/employees.list?input=${encodeURIComponent(JSON.stringify({ limit: 50 }))}`,
        headers: auth,
      },
      rows,
    );
    let hire = 0;
    await cannon(
      'POST /v1/employees (hiring journey)',
      size,
      {
        url: `${server.url}/v1/employees`,
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => {
              hire++;
              return {
                ...req,
                body: JSON.stringify({
                  actor_employee_id: org.hr_admin.id,
                  email: `hire${hire}-${Date.now()}@bench.example`,
                  full_name: `Hire ${hire}`,
                  joining_date: '2026-12-01',
                }),
              };
            },
          },
        ],
      },
      rows,
    );
    let filing = 0;
    await cannon(
      'POST /v1/leave-requests',
      size,
      {
        url: `${server.url}/v1/leave-requests`,
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => {
              const n = filing++;
              const day = new Date(Date.UTC(2027, 0, 1) + Math.floor(n / filers.length) * 86_400_000)
                .toISOString()
                .slice(0, 10);
              return {
                ...req,
                body: JSON.stringify({
                  employee_id: filers[n % filers.length].id,
                  leave_type_id: unpaid.id,
                  start_date: day,
                  end_date: day,
                  days_count: 1,
                  reason: 'Bench',
                }),
              };
            },
          },
        ],
      },
      rows,
    );
    memory.push({ size, database: 'postgresql', peak_rss_mb: peakRssMb(server.child.pid as number) });
  } finally {
    await stop(server.child);
  }

  const baseline = spawn(TSX, ['bench/baseline.ts', '3901', url, tenantId], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => baseline.stdout?.once('data', () => resolve()));
  try {
    await cannon('baseline: node:http + pg, same SQL (first page)', size, { url: 'http://127.0.0.1:3901/' }, rows);
  } finally {
    await stop(baseline);
  }
  await admin(`drop database if exists ${name} with (force)`);
}

async function pgliteStartup(memory: Record<string, unknown>[]): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wfm-bench-pglite-'));
  try {
    for (const phase of ['first start (creates the data directory)', 'restart (reopens it)']) {
      const server = await startServer({ DATABASE_URL: '', DATA_DIR: dir }, 3902);
      const res = await fetch(`${server.url}/v1/modules`);
      memory.push({
        database: 'pglite',
        phase,
        startup_ms: server.startupMs,
        peak_rss_mb: peakRssMb(server.child.pid as number),
        modules_status: res.status,
      });
      await stop(server.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function table(rows: Row[]): string {
  const header = '| employees | scenario | req/s | p50 ms | p99 ms | non-2xx |\n|---:|---|---:|---:|---:|---:|';
  return [
    header,
    ...rows.map(
      (r) => `| ${r.size.toLocaleString('en')} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const memory: Record<string, unknown>[] = [];
  for (const size of SIZES) await benchSize(size, rows, memory);
  await pgliteStartup(memory);
  const machine = {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
  const results = {
    date: new Date().toISOString(),
    machine,
    settings: { duration_s: DURATION_S, connections: CONNECTIONS },
    throughput: rows,
    process: memory,
  };
  writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(
    `\nMachine: ${machine.cpus} × ${machine.cpu_model}, ${machine.memory_gb} GiB, Node ${machine.node}\n`,
  );
  process.stdout.write(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per scenario\n\n${table(rows)}\n\n`);
  for (const m of memory) process.stdout.write(`${JSON.stringify(m)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
