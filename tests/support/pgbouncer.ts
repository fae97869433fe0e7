import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DB_TIMEOUT_DEFAULTS } from '../../db/orm.js';
import { PGBOUNCER_MISSING, pgbouncerBinary } from './pgbouncerBinary.js';
import { freePort } from './processes.js';
import { sleep } from './wait.js';

/** A PgBouncer in transaction mode in front of one PostgreSQL server, started by a test. */
export interface PgBouncer {
  port: number;
  /** `databaseUrl` (same database name and user) through the bouncer. */
  url(databaseUrl: string): string;
  /** Stops the bouncer and removes its files. */
  close(): Promise<void>;
}

/** The service's default session timeouts, which production sets in the pooler's connect_query. */
const SESSION_TIMEOUTS = {
  statement_timeout: DB_TIMEOUT_DEFAULTS.DB_STATEMENT_TIMEOUT_MS,
  lock_timeout: DB_TIMEOUT_DEFAULTS.DB_LOCK_TIMEOUT_MS,
  idle_in_transaction_session_timeout: DB_TIMEOUT_DEFAULTS.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
};

/** A value of pgbouncer.ini, quoted when it holds anything but letters, digits and `._-`. */
function iniValue(value: string): string {
  return /^[\w.-]*$/.test(value) ? value : `'${value.replaceAll("'", "''")}'`;
}

/**
 * Starts PgBouncer (`pool_mode = transaction`) on a free port of 127.0.0.1 in front of the server of
 * `upstreamUrl`, every database of it (a wildcard entry, so databases created later work too), as
 * production runs it: `connect_query` sets the service's default timeouts on each server connection
 * (the service sends no session settings through a transaction pooler). Resolves once a `select 1`
 * through it answers; undefined, with a warning, when there is no pgbouncer binary. Close it after.
 *
 * `poolSize` is the server connections per database and user (default 30): enough for two or three
 * `wfm serve` nodes (a pool of 10 each, 3 for background work) and the test's own connections with
 * little queuing, and well inside PostgreSQL's 100 connections beside the rest of the suite; idle
 * server connections are closed after a few seconds.
 */
export async function startPgBouncer(
  upstreamUrl: string,
  options: {
    poolSize?: number;
    /**
     * A misconfigured pooler: it drops the settings a client sends at connect without a word (the
     * timeouts, and `options`, which carries plan_cache_mode), and sets none itself (how the
     * service's positive check of its session settings is tested).
     */
    dropTimeouts?: boolean;
  } = {},
): Promise<PgBouncer | undefined> {
  const binary = pgbouncerBinary();
  if (!binary) {
    console.warn(`${PGBOUNCER_MISSING}: nothing runs through PgBouncer`);
    return undefined;
  }
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const password = decodeURIComponent(upstream.password);
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'wfm-pgbouncer-'));
  const authFile = path.join(dir, 'users.txt');
  const configFile = path.join(dir, 'pgbouncer.ini');
  const connectQuery = Object.entries(SESSION_TIMEOUTS)
    .map(([name, ms]) => `set ${name} = ${ms}`)
    .join('; ');
  const server = `host=${iniValue(upstream.hostname)} port=${upstream.port || 5432}`;
  await writeFile(authFile, `"${user.replaceAll('"', '""')}" "${password.replaceAll('"', '""')}"\n`);
  await writeFile(
    configFile,
    [
      '[databases]',
      options.dropTimeouts ? `* = ${server}` : `* = ${server} connect_query=${iniValue(connectQuery)}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      // Clients are not authenticated; the bouncer logs in to PostgreSQL with the auth file's password.
      'auth_type = trust',
      `auth_file = ${authFile}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 30}`,
      'max_client_conn = 1000',
      `ignore_startup_parameters = extra_float_digits${options.dropTimeouts ? `,${[...Object.keys(SESSION_TIMEOUTS), 'options'].join(',')}` : ''}`,
      // Server connections go back to PostgreSQL soon after the load, not after 10 minutes.
      'server_idle_timeout = 5',
      // A refused server login (a database dropped and created again) is retried within a second.
      'server_login_retry = 1',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root; then it runs as `nobody`, which must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    await chmod(dir, 0o755);
    await chmod(authFile, 0o644);
    await chmod(configFile, 0o644);
  }
  // In the foreground, logging to stderr (kept for the error message when it does not start).
  const child = spawn(binary, [...(asRoot ? ['-u', 'nobody'] : []), configFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    log = (log + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      log += String(error);
      resolve();
    });
  });
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const close = async () => {
    if (!done) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const url = (databaseUrl: string) => {
    const through = new URL(databaseUrl);
    through.host = `127.0.0.1:${port}`;
    return through.toString();
  };

  const until = Date.now() + 15_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url(upstreamUrl), connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    const answered = await client
      .connect()
      .then(() => client.query('select 1'))
      .then(
        (): true => true,
        (error: Error) => error,
      );
    await client.end().catch(() => {});
    if (answered === true) break;
    if (done || Date.now() > until) {
      await close();
      throw new Error(`pgbouncer did not start (${answered.message}):\n${log}`);
    }
    await sleep(100);
  }
  return { port, url, close };
}
