// `wfm listen` (issue 34 item 5): a tenant's events, followed through the public API from the newest
// one on, forwarded to a local receiver signed as real deliveries are (Standard Webhooks, verified
// here with the `standardwebhooks` package and the secret the command printed), one printed line per
// event; after a restart it goes on from the last event it forwarded. The CLI is a child process, as
// bin/wfm runs it; the receiver a real HTTP server that checks each delivery against the document.
import { type ChildProcess, spawn } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { afterEach, expect, test } from 'vitest';
import { EVENT_RETENTION_DAYS } from '../../routers/events/events.writes.js';
import { sql, useTempDir } from '../support/database.js';
import { hire, patchEmployee } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { childEnv, cli, exited, nodeWfm } from '../support/processes.js';
import { waitFor } from '../support/wait.js';
import { type Receiver, useReceivers } from '../support/webhooks.js';
import { SECRET } from './helpers.js';

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
const receiver = useReceivers(h);
const dataDir = useTempDir('wfm-listen-');
const DAY_MS = 86_400_000;

/** A running `wfm listen`: what it has printed so far, line by line. */
interface Listening {
  child: ChildProcess;
  stdout: string[];
  stderr: () => string;
  /** Waits for a printed line that `match` finds, and answers it. */
  line(match: RegExp): Promise<string>;
}

const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    child.kill('SIGTERM');
    await exited(child);
  }
});

/** `wfm listen --forward-to <receiver> --base-url <server> [...extra]`, the key in WORKFORCE_API_KEY. */
function listen(key: string, to: Receiver, extra: string[] = []): Listening {
  const child = spawn(process.execPath, [cli, 'listen', '--forward-to', to.url, '--base-url', h.url, ...extra], {
    env: childEnv({ DATA_DIR: dataDir.path, WORKFORCE_API_KEY: key, LOG_LEVEL: 'silent' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const stdout: string[] = [];
  let partial = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    stdout.push(...lines);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const line = async (match: RegExp) => {
    await waitFor(
      () => stdout.some((l) => match.test(l)) || child.exitCode !== null,
      `a line ${match} from wfm listen`,
    );
    const found = stdout.find((l) => match.test(l));
    if (!found) throw new Error(`wfm listen exited ${child.exitCode}: ${stderr}\n${stdout.join('\n')}`);
    return found;
  };
  return { child, stdout, stderr: () => stderr, line };
}

/** Waits for `wfm listen` to be ready and answers the signing secret it printed. */
async function ready(listening: Listening): Promise<string> {
  const secret = /whsec_\S+/.exec(await listening.line(/^Ready/))?.[0];
  expect(secret).toMatch(SECRET);
  return secret as string;
}

/** SIGTERM, as a terminal's ^C or a process manager stops it: it ends with 0. */
async function stop(listening: Listening): Promise<void> {
  listening.child.kill('SIGTERM');
  expect(await exited(listening.child), listening.stderr()).toBe(0);
}

/** The event each request `to` received so far carried, verified with `secret` as a receiver would. */
function verified(to: Receiver, secret: string) {
  return to.received.map((request) => {
    const event = new Webhook(secret).verify(request.body, request.headers) as {
      id: string;
      type: string;
      data: { object: { id: string } };
    };
    expect(request.headers['webhook-id']).toBe(event.id);
    expect(request.headers['content-type']).toBe('application/json');
    return { type: event.type, object: event.data.object.id, id: event.id };
  });
}

async function setUp(): Promise<{ t: TestTenant; write: string; read: string }> {
  const t = await h.tenant();
  return { t, write: await h.key(t, ['employees:write']), read: await h.key(t, ['employees:read']) };
}

test('forwards each new event signed, from the newest on, printing a line; resumes after a restart', async () => {
  const { t, write, read } = await setUp();
  const to = await receiver();
  const before = await hire(h, write, t);

  const first = listen(read, to);
  const secret = await ready(first);
  const ada = await hire(h, write, t);
  const line = await first.line(/employee\.created/);
  expect(verified(to, secret)).toEqual([{ type: 'employee.created', object: ada.id, id: expect.any(String) }]);
  const [{ id: adaEvent }] = verified(to, secret);
  expect(line).toMatch(new RegExp(`^\\S+Z +employee\\.created +${adaEvent} +→ 200 \\(\\d+ ms\\)$`));
  await stop(first);

  // Written while nothing listens: forwarded after the restart, the earlier one not again.
  const grace = await hire(h, write, t);
  const second = listen(read, to);
  expect(await ready(second)).toBe(secret);
  await waitFor(() => to.received.length === 2, 'the event written while it was stopped');
  const alan = await hire(h, write, t);
  await waitFor(() => to.received.length === 3, 'the next event');
  const events = verified(to, secret);
  expect(events.map((e) => e.object)).toEqual([ada.id, grace.id, alan.id]);
  await second.line(new RegExp(events[2].id));
  expect(second.stdout.filter((l) => l.includes('→ 200'))).toHaveLength(2);
  expect(verified(to, secret).map((e) => e.object)).not.toContain(before.id);
  await stop(second);
});

test('--events forwards only those types; --json prints one object per line, with what the receiver answered', async () => {
  const { t, write, read } = await setUp();
  const to = await receiver();
  to.answer(() => 503);
  const listening = listen(read, to, ['--events', 'employee.updated', '--json']);
  const start = JSON.parse(await listening.line(/^\{/)) as Record<string, unknown>;
  expect(start).toMatchObject({ forward_to: to.url, base_url: h.url, events: ['employee.updated'] });
  expect(start.secret).toMatch(SECRET);

  const ada = await hire(h, write, t);
  const res = await patchEmployee(h, write, ada.id as string, {
    actor_employee_id: t.hr_admin.id,
    designation: 'Staff Engineer',
  });
  expect(res.status).toBe(200);
  const line = JSON.parse(await listening.line(/"type":"employee\.updated"/)) as Record<string, unknown>;
  expect(line).toEqual({
    id: expect.any(String),
    type: 'employee.updated',
    created_at: expect.any(String),
    status: 503,
    error: null,
    duration_ms: expect.any(Number),
  });
  expect(verified(to, start.secret as string)).toEqual([{ type: 'employee.updated', object: ada.id, id: line.id }]);
  await stop(listening);
});

test('a kept position past the 30 days: says so and goes on from the newest event', async () => {
  const { t, write, read } = await setUp();
  const to = await receiver();
  const first = listen(read, to);
  const secret = await ready(first);
  await hire(h, write, t);
  await waitFor(() => to.received.length === 1, 'the first event');
  await stop(first);
  const [{ id: kept }] = verified(to, secret);
  await sql(h, 'update events set created_at = ?::timestamptz where id = ?', [
    new Date(Date.now() - (EVENT_RETENTION_DAYS + 0.01) * DAY_MS).toISOString(),
    kept,
  ]);

  const second = listen(read, to);
  await ready(second);
  expect(await second.line(/expired/)).toContain(kept);
  const grace = await hire(h, write, t);
  await waitFor(() => to.received.length === 2, 'the next event');
  expect(verified(to, secret)[1].object).toBe(grace.id);
  await stop(second);
});

test('--help shows it; without a key it says where to give one, and exits 1', async () => {
  const help = await nodeWfm(['--help']);
  expect(help.stdout).toContain('wfm listen --forward-to URL [--events a,b] [--base-url URL] [--api-key KEY]');
  const to = await receiver();
  const listening = listen('', to);
  expect(await exited(listening.child)).toBe(1);
  expect(listening.stderr()).toContain('WORKFORCE_API_KEY');
});
