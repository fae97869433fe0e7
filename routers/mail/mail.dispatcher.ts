/**
 * The e-mail dispatcher: claims due outbox rows with a lease, sends them by SMTP (or writes .eml
 * files under DATA_DIR/mail) outside any transaction, and records the outcome with retries.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { RepeatingPass } from '../../core/repeatingPass.js';
import { sql, statement } from '../../db/namedValues.js';
import type { Orm } from '../../db/orm.js';

const FROM_ADDRESS = 'Workforce <no-reply@workforce.example>';
const MAX_ATTEMPTS = 8;
const BATCH = 20;

/**
 * idle_in_transaction_session_timeout of a delivery's transaction, at least. The dispatcher holds
 * its message's row lock while it talks to the SMTP server, so that a send and its record are one
 * transaction; a request-sized limit would end the session of a slow delivery, and the message,
 * never marked as attempted, would be sent again on every pass with no backoff. Above nodemailer's
 * longest default timeout (10 min without socket activity). Set with `set local`, for this
 * transaction only, which works through a transaction pooler too.
 */
const DELIVERY_IDLE_IN_TRANSACTION_MS = 15 * 60 * 1000;

/** A failed attempt: counted, its error kept, and the message due again after `retrySeconds` unless it failed for good. */
const FAILED_ATTEMPT = statement<{
  id: string;
  attempts: number;
  error: string;
  state: 'failed' | 'pending';
  retrySeconds: number;
}>(
  (v) => sql`
  update outbox_messages set attempts = ${v.attempts}, last_error = ${v.error}, state = ${v.state},
         next_attempt_at = now() + make_interval(secs => ${v.retrySeconds})
   where id = ${v.id}`,
);

/** Exponential backoff: 2 s, 4 s, 8 s … capped at 10 minutes. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(600, 2 ** attempts);
}

interface DueMessage {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  env: 'live' | 'test';
}

type Deliver = (message: DueMessage) => Promise<void>;

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under DATA_DIR/mail.
 * nodemailer is loaded with the first message, not at start (docs/decisions.md, "What a process loads").
 */
export function createDelivery(env: { SMTP_URL?: string; DATA_DIR: string }): Deliver {
  let transport: Promise<Transporter> | undefined;
  const mailDir = path.resolve(env.DATA_DIR, 'mail');
  return async (message) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      env.SMTP_URL
        ? nodemailer.createTransport(env.SMTP_URL)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const info = await (await transport).sendMail({
      from: FROM_ADDRESS,
      to: message.recipient,
      subject: message.subject,
      text: message.body,
      messageId: `<${message.id}@workforce.example>`,
    });
    if (!env.SMTP_URL) {
      await mkdir(mailDir, { recursive: true });
      await writeFile(path.join(mailDir, `${message.id}.eml`), info.message as Buffer);
    }
  };
}

/**
 * Delivers the outbox. Each message is claimed with FOR UPDATE SKIP LOCKED, so several dispatchers
 * (one per server node) never take the same message, and is marked sent in the transaction that
 * holds its lock. Sandbox tenants' messages are recorded as suppressed, never sent.
 */
export class OutboxDispatcher {
  private readonly passes: RepeatingPass;

  constructor(
    private readonly orm: Orm,
    private readonly deliver: Deliver,
    private readonly logger: Logger,
    intervalMs = 1000,
  ) {
    this.passes = new RepeatingPass(
      () => this.runOnce(),
      intervalMs,
      (err) => logger.error({ err }, 'outbox pass failed'),
    );
  }

  start(): void {
    this.passes.start();
  }

  async stop(): Promise<void> {
    await this.passes.stop();
  }

  /** One pass; returns how many messages it settled (sent, suppressed or failed for good). */
  async runOnce(): Promise<number> {
    let settled = 0;
    for (let i = 0; i < BATCH; i++) {
      const outcome = await this.settleNext();
      if (outcome === 'none') break;
      if (outcome === 'settled') settled++;
    }
    return settled;
  }

  /**
   * Claims one due message and records its outcome in the same short transaction, so a crash
   * between a delivery and its record can resend that one message at most.
   */
  private settleNext(): Promise<'none' | 'settled' | 'retry'> {
    return this.orm.em.fork().transactional(async (tx) => {
      const [message] = await tx.execute<DueMessage[]>(
        `select m.id, m.recipient, m.subject, m.body, m.attempts, t.env
           from outbox_messages m join tenants t on t.id = m.tenant_id
          where m.state = 'pending' and m.next_attempt_at <= now()
          order by m.next_attempt_at, m.id
          limit 1
          for update of m skip locked`,
      );
      if (!message) return 'none';
      if (message.env === 'test') {
        await tx.execute(`update outbox_messages set state = 'suppressed' where id = ?`, [message.id]);
        return 'settled';
      }
      await tx.execute(`set local idle_in_transaction_session_timeout = ${DELIVERY_IDLE_IN_TRANSACTION_MS}`);
      try {
        await this.deliver(message);
        await tx.execute(
          `update outbox_messages set state = 'sent', sent_at = now(), attempts = attempts + 1 where id = ?`,
          [message.id],
        );
        return 'settled';
      } catch (error) {
        const attempts = message.attempts + 1;
        const final = attempts >= MAX_ATTEMPTS;
        this.logger.warn({ err: error, outbox_id: message.id, attempts }, 'e-mail delivery failed');
        await tx.execute(
          FAILED_ATTEMPT.sql,
          FAILED_ATTEMPT.bind({
            id: message.id,
            attempts,
            error: String((error as Error).message ?? error).slice(0, 1000),
            state: final ? 'failed' : 'pending',
            retrySeconds: retryDelaySeconds(attempts),
          }),
        );
        return final ? 'settled' : 'retry';
      }
    });
  }
}
