/**
 * Start-up of `wfm serve`: time from spawn to the first healthy answer, the CPU time the process
 * spent by then (steadier than the wall time on a busy machine), RSS right after, and RSS idle a few
 * seconds later. `tsx bench/startup.ts <database url | DIR> [runs] [--seed-demo]` (DIR: DATA_DIR of
 * the embedded PGlite; BENCH_SERVER picks wfm, tsx or dist). With --seed-demo, what `make run`
 * starts, the idle RSS is read after the demo organisation is created (on an empty DIR) and its
 * banner printed. On a DIR, then PGlite alone: a bare Node process that opens the same database and
 * idles, the floor under the embedded service's memory.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nodeOptionsFor, rssMb, serverCommand, stopProcess, waitHealthy } from './server.js';

export interface Startup {
  startupMs: number;
  /** User and system CPU time of the server process from its start to its first healthy answer. */
  cpuMs: number;
  rssMb: number;
  /** RSS once idle: IDLE_MS after the healthy answer (after the demo banner, with --seed-demo). */
  idleRssMb: number;
}

const IDLE_MS = 3000;
/** The banner's last line (server/main/cli.ts): the demo organisation is created by then. */
const DEMO_BANNER_END = 'API reference';

/** CPU time of process `pid` so far, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts the server on `port` against `database` (a PostgreSQL URL, or a PGlite data directory). */
export async function measureStartup(
  database: { url?: string; dataDir?: string },
  port: number,
  seedDemo = false,
): Promise<Startup> {
  const [command, ...args] = serverCommand();
  const since = performance.now();
  const child = spawn(command, [...args, ...(seedDemo ? ['--seed-demo'] : [])], {
    env: {
      ...process.env,
      ...nodeOptionsFor([]),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      OUTBOX_DISPATCH: 'false',
      DATABASE_URL: database.url ?? '',
      ...(database.dataDir ? { DATA_DIR: database.dataDir } : {}),
    },
    stdio: ['ignore', 'ignore', seedDemo ? 'pipe' : 'inherit'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  try {
    const pid = child.pid as number;
    const startupMs = await waitHealthy(`http://127.0.0.1:${port}`, child, since);
    const atHealthy = { cpuMs: cpuMs(pid), rssMb: rssMb(pid).rss };
    while (seedDemo && !stderr.includes(DEMO_BANNER_END)) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
      await sleep(50);
    }
    await sleep(IDLE_MS);
    return { startupMs, ...atHealthy, idleRssMb: rssMb(pid).rss };
  } finally {
    await stopProcess(child);
  }
}

/** PGlite alone: opens the data directory, reads a catalogue, says so, and idles until stopped. */
const PGLITE_ALONE = `
const { PGlite } = require(process.argv[1]);
(async () => {
  const db = await PGlite.create({ dataDir: process.argv[2] });
  await db.query('select count(*) from pg_class');
  process.stdout.write('ready\\n');
  setInterval(() => {}, 60000);
})();
`;

/**
 * PGlite alone on DATA_DIR `dataDir` (its database in `pglite/`), with the V8 flag bin/wfm gives
 * the embedded service (--liftoff-only): its RSS after IDLE_MS idle, and its peak.
 */
export async function measurePgliteAlone(dataDir: string): Promise<{ idleRssMb: number; peakRssMb: number }> {
  // The PGlite the service's driver runs, resolved as db/embedded.ts resolves it.
  const pglite = createRequire(createRequire(import.meta.url).resolve('@mikro-orm/pglite')).resolve(
    '@electric-sql/pglite',
  );
  const args = ['--liftoff-only', '-e', PGLITE_ALONE, pglite, path.join(dataDir, 'pglite')];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`PGlite alone exited with ${code}`)));
    });
    await sleep(IDLE_MS);
    const { rss, peak } = rssMb(child.pid as number);
    return { idleRssMb: rss, peakRssMb: peak };
  } finally {
    await stopProcess(child);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seedDemo = process.argv.includes('--seed-demo');
  const [target, runs = '3'] = process.argv.slice(2).filter((arg) => arg !== '--seed-demo');
  const database = target.startsWith('postgres') ? { url: target } : { dataDir: target };
  const startups: number[] = [];
  for (let i = 0; i < Number(runs); i++) {
    const result = await measureStartup(database, 3995, seedDemo);
    startups.push(result.startupMs);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
  const sorted = startups.sort((a, b) => a - b);
  process.stdout.write(`median start to healthy: ${sorted[Math.floor(sorted.length / 2)]} ms\n`);
  if (database.dataDir) process.stdout.write(`PGlite alone: ${JSON.stringify(await measurePgliteAlone(target))}\n`);
}
