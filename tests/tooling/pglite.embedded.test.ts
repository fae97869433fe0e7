import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, test } from 'vitest';
import { type Contract, servedContract, validatingFetch } from '../support/openapi.js';
import { childEnv, cli, exited, freePort, root } from '../support/processes.js';
import { waitFor } from '../support/wait.js';
import { useReceivers } from '../support/webhooks.js';

// `wfm serve --seed-demo` with no DATABASE_URL, as `make run` starts it: the embedded PGlite is
// created under DATA_DIR, migrated, seeded with the demo organisation and served, and a webhook
// receiver on http://localhost works as its start banner says (decisions §17). Creating a PGlite
// data directory takes seconds (more on a busy machine), hence the generous limits.
const STARTUP_LIMIT_MS = 60_000;
const EXIT_LIMIT_MS = 15_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'wfm-pglite-'));
let child: ChildProcess | undefined;
let stderr = '';
/** The document the server under test serves, once its port is known: its deliveries are judged by it. */
let served: () => Promise<Contract> = () => Promise.reject(new Error('the server has not started'));
const receiver = useReceivers({ contract: () => served() });

afterAll(async () => {
  // Only reached with a live child when the test failed: take down its whole process group.
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    await exited(child);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForHealth(base: string, proc: ChildProcess): Promise<unknown> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(`wfm serve exited early (${proc.exitCode ?? proc.signalCode}):\n${stderr}`);
    }
    try {
      const res = await fetch(`${base}/v1/health`, { signal: AbortSignal.timeout(2_000) });
      const body = (await res.json()) as { status?: string };
      if (res.status === 200 && body.status === 'ok') return body;
      last = `${res.status} ${JSON.stringify(body)}`;
    } catch (error) {
      last = String(error);
    }
    await sleep(250);
  }
  throw new Error(`/v1/health did not answer ok within ${STARTUP_LIMIT_MS} ms (last: ${last}):\n${stderr}`);
}

test(
  'wfm serve --seed-demo without DATABASE_URL creates, migrates, seeds and serves an embedded PGlite, delivers webhooks to http://localhost, and stops on SIGTERM',
  async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    served = servedContract(base);
    // The compiled CLI on Node itself (what bin/wfm execs), not through npx: npx does not pass
    // SIGTERM on to its child (checked with npm 11), so a signal to npx would leave the server running.
    child = spawn(process.execPath, [cli, 'serve', '--seed-demo'], {
      cwd: root,
      env: childEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true, // its own process group, so a failed run can be cleaned up completely
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });

    expect(await waitForHealth(base, child)).toMatchObject({ status: 'ok', product: 'Workforce' });

    // Checked against the served document, as every harness request is.
    const modules = await validatingFetch(base, served)('/v1/modules');
    expect(modules.status).toBe(200);
    const list = (await modules.json()) as { data: unknown[]; has_more: boolean };
    expect(list.data.length).toBeGreaterThan(0);
    expect(list).toHaveProperty('next_cursor');

    // The banner says how to try a local receiver, and one on http://localhost gets a signed event.
    await waitFor(async () => stderr.includes('Webhooks:'), 'the start banner', 10_000, 50);
    expect(stderr).toContain('Webhooks: this embedded default accepts http://localhost receivers');
    const liveKey = /live API key +(\S+)/.exec(stderr)?.[1];
    const hooks = await receiver('/hook');
    const call = validatingFetch(base, served);
    const json = { Authorization: `Bearer ${liveKey}`, 'Content-Type': 'application/json' };
    const created = await call('/v1/webhook-endpoints', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url: `http://localhost:${hooks.port}/hook`, event_types: ['*'] }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { data: endpoint } = (await created.json()) as { data: { id: string } };
    const sent = await call(`/v1/webhook-endpoints/${endpoint.id}/test`, { method: 'POST', headers: json, body: '{}' });
    expect(sent.status).toBe(202);
    await waitFor(async () => hooks.received.length > 0, 'the webhook.test delivery', 15_000, 100);
    expect(JSON.parse(hooks.received[0].body)).toMatchObject({ type: 'webhook.test' });
    expect(hooks.received[0].headers['webhook-signature']).toMatch(/^v1,/);

    const exit = exited(child);
    child.kill('SIGTERM');
    const code = await Promise.race([exit, sleep(EXIT_LIMIT_MS).then(() => 'timeout' as const)]);
    expect(code, `wfm serve did not exit cleanly after SIGTERM:\n${stderr}`).toBe(0);

    // The database lives on in DATA_DIR/pglite: a PostgreSQL data directory.
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite', 'base'))).toBe(true);
  },
  STARTUP_LIMIT_MS + EXIT_LIMIT_MS + 30_000,
);
