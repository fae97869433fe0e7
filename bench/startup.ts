/**
 * Start-up of `wfm serve`: time from spawn to the first healthy answer, the CPU time the process
 * spent by then (steadier than the wall time on a busy machine), RSS right after, and RSS idle a few
 * seconds later. `tsx bench/startup.ts <database url | pglite DIR> [runs] [--seed-demo]`
 * (BENCH_SERVER picks wfm, tsx or dist). With --seed-demo, what `make run` starts, the idle RSS is
 * read after the demo organisation is created (on an empty DIR) and its banner printed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
}
