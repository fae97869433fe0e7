/**
 * Start-up of `wfm serve`: time from spawn to the first healthy answer, and RSS right after.
 * `tsx bench/startup.ts <database url | pglite DIR> [runs]` (BENCH_SERVER picks wfm, tsx or dist).
 */
import { spawn } from 'node:child_process';
import { nodeOptionsFor, rssMb, serverCommand, stopProcess, waitHealthy } from './server.js';

export interface Startup {
  startupMs: number;
  rssMb: number;
}

/** Starts the server on `port` against `database` (a PostgreSQL URL, or a PGlite data directory). */
export async function measureStartup(database: { url?: string; dataDir?: string }, port: number): Promise<Startup> {
  const [command, ...args] = serverCommand();
  const since = performance.now();
  const child = spawn(command, args, {
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
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const startupMs = await waitHealthy(`http://127.0.0.1:${port}`, child, since);
    return { startupMs, rssMb: rssMb(child.pid as number).rss };
  } finally {
    await stopProcess(child);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [target, runs = '3'] = process.argv.slice(2);
  const database = target.startsWith('postgres') ? { url: target } : { dataDir: target };
  for (let i = 0; i < Number(runs); i++) {
    const result = await measureStartup(database, 3995);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}
