/**
 * Starting and watching the server the benchmark measures. BENCH_SERVER picks how it is run:
 * `wfm` (default: bin/wfm serve, what ships), `tsx` (the TypeScript sources through the tsx loader)
 * or `dist` (the compiled build, node dist/server/main/cli.js).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const SERVER_KIND = process.env.BENCH_SERVER ?? 'wfm';

/** The command line of `wfm serve`, with Node flags of the caller's (through NODE_OPTIONS for bin/wfm). */
export function serverCommand(nodeFlags: string[] = []): string[] {
  switch (SERVER_KIND) {
    case 'tsx':
      return [
        process.execPath,
        ...nodeFlags,
        '--import',
        path.resolve('node_modules/tsx/dist/loader.mjs'),
        'server/main/cli.ts',
        'serve',
      ];
    case 'dist':
      return [process.execPath, ...nodeFlags, 'dist/server/main/cli.js', 'serve'];
    default:
      return [path.resolve('bin/wfm'), 'serve'];
  }
}

/** NODE_OPTIONS carrying `nodeFlags` when the server is started through bin/wfm. */
export function nodeOptionsFor(nodeFlags: string[]): Record<string, string> {
  if (SERVER_KIND !== 'wfm' || !nodeFlags.length) return {};
  return { NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...nodeFlags].join(' ').trim() };
}

/** Polls GET /v1/health every 10 ms until it answers 200; the time from `since` to that answer. */
export async function waitHealthy(url: string, child: ChildProcess, since = performance.now()): Promise<number> {
  for (let i = 0; i < 6000; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/v1/health`)).ok) return Math.round(performance.now() - since);
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy in 60 s');
}

/** Resident set size now (VmRSS) and at its peak so far (VmHWM), in MB. */
export function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** SIGTERM, and the exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
