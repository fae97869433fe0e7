import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { inject } from 'vitest';
import { type Contract, servedContract, validatingFetch } from './openapi.js';
import { childEnv, cli, freePort, root, transactionPooling } from './processes.js';
import { waitFor } from './wait.js';

/** Whether a TCP connection to 127.0.0.1:`port` is accepted (false on ECONNREFUSED). */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A `wfm serve` or `wfm worker` child process. */
export interface NodeProcess {
  /** http://127.0.0.1:PORT (serve only). */
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far (start-up errors, crash reports). */
  stderr(): string;
  /** Settles when the process has exited. */
  exited: Promise<Exit>;
  /**
   * fetch against this node; every /v1 response is checked against the node's served OpenAPI
   * document first, as the harness's are (tests/support/openapi.ts).
   */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The same without the check, for a test that deliberately reads an undocumented answer. */
  raw: { fetch(path: string, init?: RequestInit): Promise<Response> };
  /** The node's served /openapi.json, compiled for checking responses. */
  contract(): Promise<Contract>;
  /** Sends `signal` (default SIGTERM) and waits for the exit; SIGKILL after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<Exit>;
}

export interface SpawnOptions {
  /** `serve` (default) or `worker`. */
  command?: 'serve' | 'worker';
  /** Wait for GET /v1/health to answer 200 (serve only; default true). */
  waitHealthy?: boolean;
}

/**
 * Starts `wfm <command>` as a child process on the suite's database (DATABASE_URL, LOG_LEVEL,
 * OUTBOX_DISPATCH and the port may be overridden in `env`), and for `serve` waits until
 * /v1/health answers. Stop it in afterAll.
 */
export async function spawnNode(env: Record<string, string> = {}, options: SpawnOptions = {}): Promise<NodeProcess> {
  const command = options.command ?? 'serve';
  const port = Number(env.PORT ?? (await freePort()));
  const processEnv = childEnv({
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: inject('databaseUrl'),
    ...transactionPooling(),
    LOG_LEVEL: 'silent',
    OUTBOX_DISPATCH: 'false',
    ...env,
  });
  // One plain Node process on the compiled CLI (what bin/wfm execs), so that every signal, SIGKILL
  // too, reaches the server itself. In its own process group, so that a last-resort SIGKILL takes
  // anything it started with it.
  const child = spawn(process.execPath, [cli, command], {
    cwd: root,
    env: processEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const contract = servedContract(url);
  const node: NodeProcess = {
    url,
    port,
    child,
    stderr: () => stderr,
    exited,
    fetch: validatingFetch(url, contract),
    raw: { fetch: (p, init) => fetch(`${url}${p}`, init) },
    contract,
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      const killGroup = () => {
        try {
          process.kill(-(child.pid as number), 'SIGKILL');
        } catch {
          // already gone
        }
      };
      if (done) return exited;
      if (signal === 'SIGKILL') killGroup();
      else child.kill(signal);
      const timer = setTimeout(killGroup, graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
  if (command === 'serve' && options.waitHealthy !== false) {
    try {
      await waitFor(
        async () => {
          if (done) throw new Error(`wfm serve exited during start-up: ${stderr}`);
          const res = await fetch(`${url}/v1/health`).catch(() => undefined);
          return res?.status === 200;
        },
        `wfm serve on port ${port}`,
        45_000,
        100,
      );
      // The document now, while the node certainly answers: a response checked while it drains
      // (SIGTERM) must not depend on a new connection to it.
      await contract();
    } catch (error) {
      await node.stop('SIGKILL');
      throw error;
    }
  }
  return node;
}

/**
 * A TCP proxy in front of PostgreSQL. `cut()` destroys every connection through it and refuses
 * new ones (the port stops listening: ECONNREFUSED), as a database server that went away would;
 * `restore()` listens again on the same port. `hold(true)` keeps connections open but stops
 * passing bytes on, as a database that has stopped answering would.
 */
export interface PgProxy {
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url: string;
  /** Connections currently open through the proxy. */
  connections(): number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  hold(on: boolean): void;
  close(): Promise<void>;
}

export async function pgProxy(databaseUrl: string): Promise<PgProxy> {
  const upstream = new URL(databaseUrl);
  let holding = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  let pairs = 0;
  const relay = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk) => {
      if (holding) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = net.createServer((client) => {
    const db = net.connect(Number(upstream.port || 5432), upstream.hostname);
    pairs++;
    let closed = false;
    for (const s of [client, db]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        if (!closed) pairs--;
        closed = true;
        client.destroy();
        db.destroy();
      });
    }
    relay(client, db);
    relay(db, client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${port}`;
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  return {
    port,
    url: url.toString(),
    connections: () => pairs,
    async cut() {
      await stopListening();
    },
    async restore() {
      if (!server.listening) await listen(port);
    },
    hold(on) {
      holding = on;
      if (!on) for (const flush of held.splice(0)) flush();
    },
    close: stopListening,
  };
}
