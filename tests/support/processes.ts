import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';

/** The repository root. */
export const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * The CLI as it ships (`node dist/bundle/cli.js`, the bundle bin/wfm runs), for child processes run
 * with the suite's own Node (not the machine's older one): every server, worker and command the
 * tests start as a process runs it. The suite builds dist/ and the bundle before it starts
 * (tests/support/compiled.ts).
 */
export const cli = path.join(root, 'dist/bundle/cli.js');

/**
 * The environment for child processes: the suite's own Node first on PATH (so `#!/usr/bin/env node`
 * scripts such as bin/wfm get Node 24 too), nothing inherited that would pick a database or port.
 */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'DATA_DIR',
    'PORT',
    'PUBLIC_BASE_URL',
    'LOG_LEVEL',
    'CURSOR_SECRET',
    'CREDENTIAL_PREFIX',
    'SMTP_URL',
    'DATABASE_TRANSACTION_POOLING',
  ]) {
    delete env[name];
  }
  return {
    ...env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    ...extra,
  };
}

export interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * DATABASE_TRANSACTION_POOLING=true for a server or node when the run's database is PgBouncer in
 * transaction mode (the project cluster-pgbouncer, vitest.config.ts); nothing otherwise.
 */
export function transactionPooling(): { DATABASE_TRANSACTION_POOLING?: 'true' } {
  return inject('transactionPooling') ? { DATABASE_TRANSACTION_POOLING: 'true' } : {};
}

/** Runs a command to completion with exactly `env`, in `cwd` (the repository root), and collects its output. */
export function collect(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string = root,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** Runs a command to completion in the child environment of `childEnv(env)` and collects its output. */
export function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Result> {
  return collect(command, args, childEnv(env));
}

/** `node dist/bundle/cli.js …` (what bin/wfm execs) with the suite's Node, in the child environment of `env`. */
export function nodeWfm(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return run(process.execPath, [cli, ...args], env);
}

/** stdout is exactly one JSON object on one line, nothing else. */
export function onlyJsonObject(result: { stdout: string; stderr?: string }): Record<string, unknown> {
  expect(result.stdout.endsWith('\n'), result.stderr).toBe(true);
  expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  const value = JSON.parse(result.stdout) as unknown;
  expect(value).toBeTypeOf('object');
  expect(value).not.toBeNull();
  expect(Array.isArray(value)).toBe(false);
  return value as Record<string, unknown>;
}

/** A port nothing listens on right now: bind port 0, read the port, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      server.close(() => resolve(address.port));
    });
  });
}

/** Resolves with the exit code once `child` has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * The local ports of the TCP connections process `pid` holds (Linux: the socket inodes among its
 * open files, looked up in /proc/net/tcp and tcp6), to tell which process sent a request.
 */
export function tcpPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]);
    } catch {
      // Closed since the listing.
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    // Columns: sl, local address:port (hex), remote, state, queues, timer, retransmits, uid, timeout, inode.
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length > 9 && inodes.has(columns[9])) ports.add(Number.parseInt(columns[1].split(':')[1], 16));
    }
  }
  return ports;
}
