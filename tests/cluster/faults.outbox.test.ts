import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Orm } from '../../db/orm.js';
import { spawnNode } from '../support/cluster.js';
import { openTestOrm, sql, useFreshDatabase } from '../support/database.js';
import { hireBody } from '../support/employees.js';
import { startTestServer } from '../support/harness.js';
import { authed } from './helpers.js';

// A database of its own: a dispatcher delivers every due message of its database, and the suite's
// shared one holds other tests' messages, which they watch.
const { url } = useFreshDatabase('wfm_outbox');
let orm: Orm;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wfm-outbox-'));
});
afterAll(async () => {
  await orm?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Hires enough employees for three dispatcher passes (20 messages each): one invite e-mail per hire. */
const MESSAGES = 50;

async function emlIds(dataDir: string): Promise<string[]> {
  const files = await readdir(path.join(dataDir, 'mail')).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith('.eml')).map((f) => f.slice(0, -'.eml'.length));
}

describe('the outbox after a dispatcher crash', () => {
  test('a dispatcher SIGKILLed mid-way: the next one sends every message, one .eml per message', async () => {
    // Enqueue: hires through a server that does not dispatch (it also migrates the new database).
    const h = await startTestServer({ DATABASE_URL: url, RATE_LIMIT_POINTS: '100000' });
    try {
      const t = await h.tenant();
      const key = await h.key(t, ['employees:write']);
      for (let batch = 0; batch < MESSAGES; batch += 10) {
        const statuses = await Promise.all(
          Array.from({ length: Math.min(10, MESSAGES - batch) }, () =>
            h.fetch('/v1/employees', authed(key, 'POST', hireBody(t))).then((r) => r.status),
          ),
        );
        expect(statuses).toEqual(statuses.map(() => 200));
      }
    } finally {
      await h.close();
    }
    orm = await openTestOrm(url);
    const messages = await sql<{ id: string; recipient: string }>(
      orm,
      `select id, recipient from outbox_messages where state = 'pending' order by id`,
    );
    expect(messages).toHaveLength(MESSAGES);
    const ids = messages.map((m) => m.id).sort();

    // A node with the dispatcher on and no SMTP_URL (mail as .eml files under DATA_DIR/mail): killed
    // with SIGKILL as soon as it has written its first file, i.e. in the middle of a pass.
    const first = path.join(dir, 'first');
    const crashed = await spawnNode(
      { DATABASE_URL: url, OUTBOX_DISPATCH: 'true', DATA_DIR: first },
      { waitHealthy: false },
    );
    const started = performance.now();
    while ((await emlIds(first)).length === 0) {
      if (crashed.child.exitCode !== null) throw new Error(`the dispatcher exited: ${crashed.stderr()}`);
      if (performance.now() - started > 45_000) throw new Error('the dispatcher wrote nothing in 45 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await crashed.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    // A commit the killed process had sent may still land after this (PostgreSQL, or PgBouncer,
    // has the bytes): what the first dispatcher recorded is known only at the end, by sent_at, its
    // transaction's start, which is before this moment.
    const [{ killedAt }] = await sql<{ killedAt: Date }>(orm, 'select now() as "killedAt"');
    const writtenByFirst = await emlIds(first);
    const sentByFirst = (
      await sql<{ id: string }>(orm, `select id from outbox_messages where state = 'sent' order by id`)
    ).map((r) => r.id);
    // Marked sent only with the pass that delivered them, so never without a file.
    expect(writtenByFirst).toEqual(expect.arrayContaining(sentByFirst));

    // `wfm worker`, the dispatcher alone, resumes: everything that was not marked sent goes out.
    const second = path.join(dir, 'second');
    const worker = await spawnNode({ DATABASE_URL: url, DATA_DIR: second }, { command: 'worker' });
    try {
      const until = performance.now() + 30_000;
      for (;;) {
        const [row] = await sql<{ n: number }>(
          orm,
          `select count(*)::int as n from outbox_messages where state <> 'sent'`,
        );
        if (row.n === 0) break;
        if (worker.child.exitCode !== null) throw new Error(`the worker exited: ${worker.stderr()}`);
        if (performance.now() > until) throw new Error(`${row.n} messages still not sent after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      expect(await worker.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }

    const writtenBySecond = await emlIds(second);
    const resent = writtenBySecond.filter((id) => writtenByFirst.includes(id));
    console.info(
      `outbox crash: the killed dispatcher wrote ${writtenByFirst.length} .eml and had marked ` +
        `${sentByFirst.length} sent; the next one sent ${writtenBySecond.length}, ${resent.length} of them again`,
    );
    // Every message sent, each with exactly one .eml (named by its id) across both nodes' mail
    // directories, except those whose delivery the crash kept from being recorded.
    const rows = await sql<{ id: string; state: string; attempts: number; sent_at: Date | null }>(
      orm,
      'select id, state, attempts, sent_at from outbox_messages order by id',
    );
    expect(rows.map((r) => [r.id, r.state])).toEqual(ids.map((id) => [id, 'sent']));
    for (const r of rows) expect(r.sent_at).not.toBeNull();
    expect([...new Set([...writtenByFirst, ...writtenBySecond])].sort()).toEqual(ids);
    // What the second sent is exactly what the first had not marked sent: nothing twice from the
    // record, and a re-delivery only for messages of the pass the crash interrupted (at most a batch).
    const recordedByFirst = rows.filter((r) => (r.sent_at as Date) < killedAt).map((r) => r.id);
    expect(writtenByFirst).toEqual(expect.arrayContaining(recordedByFirst));
    expect(writtenBySecond.sort()).toEqual(ids.filter((id) => !recordedByFirst.includes(id)));
    expect(resent.every((id) => !recordedByFirst.includes(id))).toBe(true);
    expect(resent.length).toBeLessThanOrEqual(20);
    // The files are the messages: recipient and Message-ID from the row.
    const byId = new Map(messages.map((m) => [m.id, m.recipient]));
    for (const id of writtenBySecond.slice(0, 5)) {
      const eml = await readFile(path.join(second, 'mail', `${id}.eml`), 'utf8');
      expect(eml).toContain(`Message-ID: <${id}@workforce.example>`);
      expect(eml).toContain(`To: ${byId.get(id)}`);
    }
  }, 120_000);
});
