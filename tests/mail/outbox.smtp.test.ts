import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openOrm } from '../../db/orm.js';
import { createDelivery, OutboxDispatcher } from '../../routers/mail/mail.dispatcher.js';
import { parseEnv } from '../../server/main/env.js';
import { sql, useFreshDatabase } from '../support/database.js';
import { hire, uniqueEmail } from '../support/employees.js';
import { startTestServer, type TestServer, type TestTenant, useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';
import { type Mailbox, startMailbox } from '../support/smtp.js';
import { sleep, waitFor } from '../support/wait.js';

/**
 * The e-mail outbox (decisions §12) against a real SMTP listener. These tests run on a database
 * of their own, so that their dispatchers never touch other test files' outbox rows.
 */

const logger = pino({ level: 'silent' });
const WRITE = ['employees:write'] as const;

const { url: databaseUrl } = useFreshDatabase('wfm_outbox');
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox?.close());
const h = useTestServer({ DATABASE_URL: databaseUrl });

interface OutboxRow {
  id: string;
  tenant_id: string;
  kind: string;
  recipient: string;
  state: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  due_in_s: number;
}

async function outboxRow(server: TestServer, recipient: string): Promise<OutboxRow> {
  const rows = await sql<OutboxRow>(
    server,
    `select id, tenant_id, kind, recipient, state, attempts, last_error, sent_at,
            extract(epoch from next_attempt_at - now())::float as due_in_s
       from outbox_messages where recipient = ?`,
    [recipient],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** Hires `n` employees and returns their e-mail addresses. */
async function hireSome(server: TestServer, secret: string, t: TestTenant, n: number, actor = t.hr_admin.id) {
  const emails: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = uniqueEmail('invitee');
    await hire(server, secret, t, { email, actor_employee_id: actor });
    emails.push(email);
  }
  return emails;
}

test('a malformed SMTP_URL stops the start with the other settings (nodemailer itself loads with the first e-mail)', () => {
  for (const url of ['garbage', 'smtp://mail.internal:notaport', 'http://mail.internal']) {
    expect(() => parseEnv({ SMTP_URL: url }), url).toThrow(/SMTP_URL/);
  }
  expect(parseEnv({ SMTP_URL: 'smtp://mail.internal:25?pool=true' }).SMTP_URL).toBe(
    'smtp://mail.internal:25?pool=true',
  );
});

test('a dispatching server delivers each live invite exactly once and never a sandbox one', async () => {
  const server = await startTestServer({
    DATABASE_URL: databaseUrl,
    OUTBOX_DISPATCH: 'true',
    OUTBOX_INTERVAL_MS: '100',
    SMTP_URL: mailbox.url,
  });
  try {
    const t = await server.tenant({ name: `Outbox ${randomBytes(3).toString('hex')}` });
    const live = await server.key(t, WRITE);
    const sandbox = await server.key(t, WRITE, 'test');
    const liveEmails = await hireSome(server, live, t, 3);
    const sandboxEmails = await hireSome(server, sandbox, t, 2, t.sandbox_hr_admin.id);
    await waitFor(async () => liveEmails.every((e) => mailbox.to(e).length > 0), 'live invites', 15_000);
    await waitFor(
      async () => {
        const rows = await Promise.all(sandboxEmails.map((e) => outboxRow(server, e)));
        return rows.every((r) => r.state === 'suppressed');
      },
      'sandbox invites suppressed',
      15_000,
    );
    // A few more dispatcher passes change nothing.
    await sleep(600);
    for (const email of liveEmails) {
      expect(mailbox.to(email)).toHaveLength(1);
      const row = await outboxRow(server, email);
      expect(row).toMatchObject({ kind: 'employee_invite', state: 'sent', attempts: 1, last_error: null });
      expect(Date.parse(String(row.sent_at))).not.toBeNaN();
      const raw = mailbox.to(email)[0].raw;
      expect(raw).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}`, 'm'));
      expect(raw).toMatch(/^From: Workforce <no-reply@workforce\.example>/m);
      expect(raw).toContain(`Subject: You are invited to ${t.tenant.name} on Workforce`);
      expect(raw).toContain(`Message-ID: <${row.id}@workforce.example>`);
      expect(raw).toMatch(/EMP-000[234]/);
    }
    for (const email of sandboxEmails) {
      expect(mailbox.to(email)).toHaveLength(0);
      expect(await outboxRow(server, email)).toMatchObject({ state: 'suppressed', sent_at: null });
    }
  } finally {
    await server.close();
  }
});

describe('one dispatcher pass at a time', () => {
  let t: TestTenant;
  let live: string;
  let smtp: OutboxDispatcher;
  beforeAll(async () => {
    t = await h.tenant();
    live = await h.key(t, WRITE);
    smtp = new OutboxDispatcher(h.orm, createDelivery({ SMTP_URL: mailbox.url, DATA_DIR: tmpdir() }), logger);
    // Settle whatever earlier tests left, so each test below sees only its own rows.
    await smtp.runOnce();
  });

  test('a refusing SMTP leaves the row pending with attempts and last_error; a later pass delivers it once', async () => {
    const [email] = await hireSome(h, live, t, 1);
    mailbox.refuse = { code: 451, message: 'Mailbox busy, try later' };
    try {
      expect(await smtp.runOnce()).toBe(0);
    } finally {
      mailbox.refuse = undefined;
    }
    const failed = await outboxRow(h, email);
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, sent_at: null });
    expect(failed.last_error).toMatch(/451|Mailbox busy/);
    // Backoff: 2 s after the first failure.
    expect(failed.due_in_s).toBeGreaterThan(0.5);
    expect(failed.due_in_s).toBeLessThanOrEqual(2.1);
    expect(mailbox.to(email)).toHaveLength(0);
    // Not yet due: the next pass leaves it alone, even though the listener now accepts.
    expect(await smtp.runOnce()).toBe(0);
    expect((await outboxRow(h, email)).attempts).toBe(1);
    // Time passes.
    await sql(h, 'update outbox_messages set next_attempt_at = now() where id = ?', [failed.id]);
    expect(await smtp.runOnce()).toBe(1);
    const sent = await outboxRow(h, email);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2 });
    expect(Date.parse(String(sent.sent_at))).not.toBeNaN();
    expect(mailbox.to(email)).toHaveLength(1);
    expect(await smtp.runOnce()).toBe(0);
    expect(mailbox.to(email)).toHaveLength(1);
  });

  test('after the last attempt a message is failed for good', async () => {
    const [email] = await hireSome(h, live, t, 1);
    const row = await outboxRow(h, email);
    await sql(h, 'update outbox_messages set attempts = 7 where id = ?', [row.id]);
    mailbox.refuse = { code: 550, message: 'No such user' };
    try {
      expect(await smtp.runOnce()).toBe(1);
    } finally {
      mailbox.refuse = undefined;
    }
    const failed = await outboxRow(h, email);
    expect(failed).toMatchObject({ state: 'failed', attempts: 8, sent_at: null });
    expect(failed.last_error).toMatch(/550|No such user/);
    await sql(h, 'update outbox_messages set next_attempt_at = now() where id = ?', [row.id]);
    expect(await smtp.runOnce()).toBe(0);
    expect(mailbox.to(email)).toHaveLength(0);
  });

  test('a delivery slower than idle_in_transaction_session_timeout is recorded once: its transaction sets its own', async () => {
    const [email] = await hireSome(h, live, t, 1);
    const short = await openOrm({
      DATABASE_URL: databaseUrl,
      DATA_DIR: tmpdir(),
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 300,
    });
    const slowSmtp = createDelivery({ SMTP_URL: mailbox.url, DATA_DIR: tmpdir() });
    const slow = new OutboxDispatcher(
      short,
      async (message) => {
        await sleep(1000);
        await slowSmtp(message);
      },
      logger,
    );
    try {
      expect(await slow.runOnce()).toBe(1);
    } finally {
      await short.close();
    }
    expect(await outboxRow(h, email)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(mailbox.to(email)).toHaveLength(1);
  });

  test('an unreachable SMTP server counts as a failed attempt', async () => {
    const [email] = await hireSome(h, live, t, 1);
    const closed = await startMailbox();
    await closed.close();
    const nowhere = new OutboxDispatcher(h.orm, createDelivery({ SMTP_URL: closed.url, DATA_DIR: tmpdir() }), logger);
    expect(await nowhere.runOnce()).toBe(0);
    const row = await outboxRow(h, email);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.last_error).toBeTruthy();
    await sql(h, 'update outbox_messages set next_attempt_at = now() where id = ?', [row.id]);
    expect(await smtp.runOnce()).toBe(1);
    expect(mailbox.to(email)).toHaveLength(1);
  });

  test('sandbox messages are suppressed by a pass, never delivered', async () => {
    const sandbox = await h.key(t, WRITE, 'test');
    const emails = await hireSome(h, sandbox, t, 2, t.sandbox_hr_admin.id);
    expect(await smtp.runOnce()).toBe(2);
    for (const email of emails) {
      expect(await outboxRow(h, email)).toMatchObject({ tenant_id: t.sandbox.id, state: 'suppressed', sent_at: null });
      expect(mailbox.to(email)).toHaveLength(0);
    }
  });

  test('two dispatchers at once never send the same message twice (FOR UPDATE SKIP LOCKED)', async () => {
    const emails = await hireSome(h, live, t, 5);
    const other = new OutboxDispatcher(h.orm, createDelivery({ SMTP_URL: mailbox.url, DATA_DIR: tmpdir() }), logger);
    mailbox.delayMs = 100;
    let settled: number[];
    try {
      settled = await Promise.all([smtp.runOnce(), other.runOnce(), smtp.runOnce()]);
    } finally {
      mailbox.delayMs = 0;
    }
    expect(settled.reduce((a, b) => a + b, 0)).toBe(5);
    for (const email of emails) {
      expect(mailbox.to(email)).toHaveLength(1);
      expect(await outboxRow(h, email)).toMatchObject({ state: 'sent', attempts: 1 });
    }
  });

  test('without SMTP_URL each message becomes an .eml file under DATA_DIR/mail', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wfm-mail-'));
    try {
      const [email] = await hireSome(h, live, t, 1);
      const sandbox = await h.key(t, WRITE, 'test');
      const [quiet] = await hireSome(h, sandbox, t, 1, t.sandbox_hr_admin.id);
      const files = new OutboxDispatcher(h.orm, createDelivery({ SMTP_URL: undefined, DATA_DIR: dir }), logger);
      expect(await files.runOnce()).toBe(2);
      const row = await outboxRow(h, email);
      expect(row.state).toBe('sent');
      expect(await readdir(path.join(dir, 'mail'))).toEqual([`${row.id}.eml`]);
      const eml = await readFile(path.join(dir, 'mail', `${row.id}.eml`), 'utf8');
      expect(eml).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm'));
      expect(eml).toMatch(/^From: Workforce <no-reply@workforce\.example>$/m);
      expect(eml).toContain(`Subject: You are invited to ${t.tenant.name} on Workforce`);
      expect(eml).toContain(`Message-ID: <${row.id}@workforce.example>`);
      // The account's one-time set-up link (decisions §20), on PUBLIC_BASE_URL.
      const text = eml.replace(/=\n/g, '').replace(/=3D/g, '='); // quoted-printable
      expect(text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/account\/setup\?token=[A-Za-z0-9_-]{43}$/m);
      expect(eml).not.toContain('\r\n');
      const suppressed = await outboxRow(h, quiet);
      expect(suppressed.state).toBe('suppressed');
      expect(existsSync(path.join(dir, 'mail', `${suppressed.id}.eml`))).toBe(false);
      expect(mailbox.to(email)).toHaveLength(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a hire that is refused or rolled back leaves no message to send', async () => {
    const full = await h.tenant({ seats: 1 });
    const secret = await h.key(full, WRITE);
    const email = uniqueEmail('never');
    const res = await h.as(secret, '/v1/employees', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        actor_employee_id: full.hr_admin.id,
        email,
        full_name: 'Never Hired',
        joining_date: '2026-01-05',
      } satisfies Json),
    });
    expect(res.status).toBe(422);
    expect(await sql(h, 'select 1 from outbox_messages where recipient = ?', [email])).toHaveLength(0);
    await smtp.runOnce();
    expect(mailbox.to(email)).toHaveLength(0);
  });
});
