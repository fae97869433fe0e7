import type { Logger } from 'pino';
import { Agent, fetch, type Response } from 'undici';
import { uuidv7 } from 'uuidv7';
import { API_VERSION, PRODUCT } from '../../core/product.js';
import { RepeatingPass } from '../../core/repeatingPass.js';
import { sqlTimestamp } from '../../db/columns.js';
import type { EntityManager, Orm } from '../../db/orm.js';
import { TenantReader } from '../../db/tenantReader.js';
import { eventColumns, eventRecord } from '../events/eventLog.js';
import {
  type AttemptOutcome,
  failureOutcome,
  RESPONSE_READ_LIMIT,
  refusedOutcome,
  responseOutcome,
  retryDelaySeconds,
  webhookSignature,
} from './webhookDeliveries.js';
import { checkWebhookUrl, webhookLookup } from './webhookUrls.js';

/** Deliveries claimed in one statement; they are sent concurrently, each within the timeout. */
const BATCH = 10;
/** Batches one pass may take before it yields to the next tick. */
const MAX_BATCHES_PER_PASS = 10;

const USER_AGENT = `${PRODUCT}-Webhooks/${API_VERSION} (Standard Webhooks 1.0)`;

/** The settings the dispatcher reads (server/main/env.ts parses them, with the rest, at boot). */
interface Settings {
  WEBHOOK_INTERVAL_MS: number;
  WEBHOOK_TIMEOUT_MS: number;
  WEBHOOK_LEASE_S: number;
  /** Seconds before each retry; its length is the number of retries. */
  WEBHOOK_RETRY_SCHEDULE: readonly number[];
  WEBHOOK_DISABLE_AFTER: number;
  WEBHOOK_ALLOW_PRIVATE_URLS: boolean;
}

/** How each attempt ended, for whoever counts them (server/http/metrics.ts). */
export type WebhookOutcome = 'succeeded' | 'failed' | 'disabled' | 'lease_lost' | 'error';
interface DeliveryCounter {
  webhookDelivery(outcome: WebhookOutcome): void;
}

/** A claimed attempt: its row, and the lease that makes it this dispatcher's until it ends. */
interface Claimed {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  event_id: string;
  attempt: number;
  /** The lease's end as written (RFC 3339, milliseconds): the claim's token. */
  locked_until: string;
}

interface Target {
  id: string;
  type: string;
  created_at: string;
  data: unknown;
  previous_attributes: unknown;
  request: unknown;
  url: string | null;
  enabled: boolean | null;
  secret: string | null;
  previous_secret: string | null;
}

/**
 * Claims due attempts: pending, due, and not leased to a live dispatcher. SKIP LOCKED lets several
 * dispatchers claim at once without waiting on each other or taking the same row; a row whose
 * lease ran out (its dispatcher died mid-send) is due again. One statement, so one short
 * transaction.
 */
const CLAIM = `
  update webhook_deliveries d
     set locked_until = now() + make_interval(secs => ?)
   where d.id in (select q.id from webhook_deliveries q
                   where q.status = 'pending' and q.next_attempt_at <= now()
                     and (q.locked_until is null or q.locked_until < now())
                   order by q.next_attempt_at, q.id
                   limit ?
                   for update skip locked)
  returning d.id, d.tenant_id, d.endpoint_id, d.event_id, d.attempt, ${sqlTimestamp('d.locked_until')} as locked_until`;

/**
 * The event (as GET /v1/events/{id} returns it) and the endpoint of a claimed attempt, read through
 * the attempt's tenant. The rotated-away secret only while its grace period lasts.
 */
const TARGET = TenantReader.prepare(`
  select ${eventColumns('e.')}, w.url, w.enabled, w.secret,
         case when w.previous_secret_expires_at > now() then w.previous_secret end as previous_secret
    from webhook_deliveries d
    join events e on e.id = d.event_id
    left join webhook_endpoints w on w.id = d.endpoint_id
   where d.id = ?`);

/**
 * The outcome, on the row only if the claim is still this dispatcher's (same lease, still pending).
 * A settled attempt is due no more: next_attempt_at is a pending attempt's (a retry is a row of its own).
 */
const RECORD = `
  update webhook_deliveries
     set status = ?, response_status = ?, error = ?, duration_ms = ?, locked_until = null, next_attempt_at = null
   where id = ? and status = 'pending' and locked_until = ?::timestamptz
  returning tenant_id, endpoint_id, event_id, event_type, attempt`;

/** Gives a claimed attempt back untried (the dispatcher is stopping): due again at once, for any node. */
const RELEASE = `update webhook_deliveries set locked_until = null
   where id = ? and status = 'pending' and locked_until = ?::timestamptz`;

/** A failed attempt counts against its endpoint; the one that reaches the limit disables it. */
const COUNT_FAILURE = `
  update webhook_endpoints
     set consecutive_failures = consecutive_failures + 1,
         enabled = enabled and consecutive_failures + 1 < ?,
         disabled_reason = case when enabled and consecutive_failures + 1 >= ? then ? else disabled_reason end,
         updated_at = case when enabled and consecutive_failures + 1 >= ? then now() else updated_at end
   where tenant_id = ? and id = ?
  returning enabled`;

const COUNT_SUCCESS = `update webhook_endpoints set consecutive_failures = 0
   where tenant_id = ? and id = ? and consecutive_failures <> 0`;

const NEXT_ATTEMPT = `
  insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at,
                                  created_at)
  values (?, ?, ?, ?, ?, ?, 'pending', now() + make_interval(secs => ?), now())
  on conflict do nothing`;

/** Reads at most `limit` bytes of the answer, then lets the rest go (the connection is not reused). */
async function readAtMost(res: Response, limit: number): Promise<void> {
  const reader = res.body?.getReader();
  if (!reader) return;
  try {
    for (let read = 0; read < limit; ) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
    }
  } catch {
    // The status has arrived; a body cut short (timeout, reset) does not change the outcome.
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * Sends the webhook deliveries (decisions §14) from `wfm serve` and `wfm worker`, any number of
 * nodes on one database. Each pass claims a batch of due attempts with a lease (one short
 * statement), sends them outside any transaction, concurrently, each within WEBHOOK_TIMEOUT_MS,
 * and records each outcome in a short transaction of its own, only if its lease is still held: a
 * dispatcher that died or stalled past its lease has lost the row to another node, which sends it
 * again (at least once; receivers deduplicate by webhook-id). A failed attempt queues the next one
 * per WEBHOOK_RETRY_SCHEDULE and counts against its endpoint, which WEBHOOK_DISABLE_AFTER failures
 * in a row disable.
 */
export class WebhookDispatcher {
  private readonly passes: RepeatingPass;
  private readonly stopping = new AbortController();
  /**
   * The connections deliveries go out on. Unless private URLs are allowed, every address a
   * connection is about to use is checked again (webhookLookup): DNS may answer the connect
   * otherwise than it answered checkWebhookUrl a moment before.
   */
  private readonly agent: Agent;

  constructor(
    private readonly orm: Orm,
    private readonly settings: Settings,
    private readonly logger: Logger,
    /** Counts the settled attempts by outcome. */
    private readonly metrics?: DeliveryCounter,
  ) {
    this.agent = new Agent({ connect: { lookup: webhookLookup(!settings.WEBHOOK_ALLOW_PRIVATE_URLS) } });
    this.passes = new RepeatingPass(
      () => this.runOnce(),
      settings.WEBHOOK_INTERVAL_MS,
      (err) => logger.error({ err }, 'webhook pass failed'),
    );
  }

  start(): void {
    this.passes.start();
  }

  /**
   * Stops taking work; requests in flight are abandoned and their attempts given back untried (due
   * at once for another node), so a draining node does not wait out slow receivers.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.passes.stop();
    // stop() may run twice (a test's teardown, then the process's): close the connections once.
    if (!this.agent.closed) await this.agent.close();
  }

  /** One pass: claims and settles batches until none is full; returns how many attempts it settled. */
  async runOnce(): Promise<number> {
    let settled = 0;
    for (let i = 0; i < MAX_BATCHES_PER_PASS && !this.stopping.signal.aborted; i++) {
      const claimed = await this.orm.em
        .fork()
        .getConnection()
        .execute<Claimed[]>(CLAIM, [this.settings.WEBHOOK_LEASE_S, BATCH]);
      const results = await Promise.all(claimed.map((row) => this.settle(row)));
      settled += results.filter(Boolean).length;
      if (claimed.length < BATCH) break;
    }
    return settled;
  }

  /** Sends one claimed attempt and records what came of it; false when it was given back or lost. */
  private async settle(row: Claimed): Promise<boolean> {
    try {
      const target = await new TenantReader(this.orm.em.fork(), row.tenant_id).one<Target>(TARGET, [row.id]);
      // Gone with its endpoint or its (purged) event: nothing to send, nothing to record.
      if (!target) return false;
      const { outcome, durationMs, counts } = await this.attempt(target);
      if (this.stopping.signal.aborted && outcome === undefined) {
        await this.orm.em.fork().getConnection().execute(RELEASE, [row.id, row.locked_until]);
        return false;
      }
      const settled = outcome as AttemptOutcome;
      const recorded = await this.record(row, settled, durationMs, counts);
      this.metrics?.webhookDelivery(recorded ? (counts ? settled.status : 'disabled') : 'lease_lost');
      return recorded;
    } catch (error) {
      // The lease runs out and the attempt is tried again, by this node or another.
      this.metrics?.webhookDelivery('error');
      this.logger.error({ err: error, delivery_id: row.id }, 'webhook delivery could not be settled');
      return false;
    }
  }

  /**
   * What sending the attempt came to. `counts`: whether it counts against the endpoint (a disabled
   * endpoint's attempt is not tried, so it neither counts nor retries). No outcome: abandoned
   * because the dispatcher is stopping.
   */
  private async attempt(
    target: Target,
  ): Promise<{ outcome: AttemptOutcome | undefined; durationMs: number | null; counts: boolean }> {
    if (!target.url || !target.secret || !target.enabled) {
      return { outcome: refusedOutcome('the endpoint is disabled'), durationMs: null, counts: false };
    }
    const refused = await checkWebhookUrl(target.url, this.settings.WEBHOOK_ALLOW_PRIVATE_URLS);
    if (refused) return { outcome: refusedOutcome(`the URL is refused: ${refused}`), durationMs: null, counts: true };

    const { url: _url, enabled: _enabled, secret: _secret, previous_secret: _previous, ...event } = target;
    const body = JSON.stringify(eventRecord(event));
    const timestamp = Math.floor(Date.now() / 1000);
    const secrets = target.previous_secret ? [target.secret, target.previous_secret] : [target.secret];
    const timeoutMs = this.settings.WEBHOOK_TIMEOUT_MS;
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), this.stopping.signal]);
    const started = performance.now();
    let outcome: AttemptOutcome | undefined;
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        redirect: 'manual',
        signal,
        dispatcher: this.agent,
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'webhook-id': target.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(secrets, target.id, timestamp, body),
        },
        body,
      });
      outcome = responseOutcome(res.status);
      await readAtMost(res, RESPONSE_READ_LIMIT);
    } catch (error) {
      outcome = this.stopping.signal.aborted ? undefined : failureOutcome(error, timeoutMs);
    }
    return { outcome, durationMs: Math.round(performance.now() - started), counts: true };
  }

  /**
   * Records the outcome on the claimed row if the lease is still held, and in the same transaction
   * moves the endpoint's failure count and queues the next attempt of a failure that has one.
   */
  private async record(row: Claimed, outcome: AttemptOutcome, durationMs: number | null, counts: boolean) {
    const s = this.settings;
    return this.orm.em.fork().transactional(async (tx: EntityManager) => {
      const [mine] = await tx.execute<
        { tenant_id: string; endpoint_id: string; event_id: string; event_type: string; attempt: number }[]
      >(RECORD, [outcome.status, outcome.responseStatus, outcome.error, durationMs, row.id, row.locked_until]);
      if (!mine) {
        this.logger.warn({ delivery_id: row.id }, 'webhook delivery lease lost before its outcome was recorded');
        return false;
      }
      if (!counts) return true;
      if (outcome.status === 'succeeded') {
        await tx.execute(COUNT_SUCCESS, [mine.tenant_id, mine.endpoint_id]);
        return true;
      }
      const reason = `disabled after ${s.WEBHOOK_DISABLE_AFTER} consecutive failed deliveries (the last: ${outcome.error})`;
      const [endpoint] = await tx.execute<{ enabled: boolean }[]>(COUNT_FAILURE, [
        s.WEBHOOK_DISABLE_AFTER,
        s.WEBHOOK_DISABLE_AFTER,
        reason.slice(0, 300),
        s.WEBHOOK_DISABLE_AFTER,
        mine.tenant_id,
        mine.endpoint_id,
      ]);
      const delay = retryDelaySeconds(s.WEBHOOK_RETRY_SCHEDULE, mine.attempt);
      if (endpoint?.enabled && delay !== null) {
        await tx.execute(NEXT_ATTEMPT, [
          uuidv7(),
          mine.tenant_id,
          mine.endpoint_id,
          mine.event_id,
          mine.event_type,
          mine.attempt + 1,
          delay,
        ]);
      }
      return true;
    });
  }
}
