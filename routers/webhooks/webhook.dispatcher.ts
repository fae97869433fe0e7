/**
 * The webhook dispatcher (decisions §14, §18, §21), on every node: claims due attempts from the
 * webhook_deliveries queue with leases, fairly per endpoint, at most N in flight per endpoint across
 * the cluster and M per tenant on the node, sends each outside any transaction, records its outcome
 * and schedules retries.
 */
import type { Logger } from 'pino';
import type { Agent, fetch, Response } from 'undici';
import { uuidv7 } from 'uuidv7';
import { API_VERSION, PRODUCT } from '../../core/product.js';
import { RepeatingPass } from '../../core/repeatingPass.js';
import { sqlTimestamp } from '../../db/columns.js';
import { sql, statement } from '../../db/namedValues.js';
import type { EntityManager, Orm } from '../../db/orm.js';
import type { SecretKeyRing } from '../../db/secrets.js';
import { namedStatement, runStatement } from '../../db/statements.js';
import { TenantReader, tenantStatement } from '../../db/tenantReader.js';
import { eventColumns, parseEventRow } from '../events/event.record.js';
import { EVENT_RETENTION_DAYS, onDeliveriesQueued, queueEndpoints } from '../events/events.writes.js';
import {
  type AttemptOutcome,
  failureOutcome,
  RESPONSE_READ_LIMIT,
  refusedOutcome,
  responseOutcome,
  retryDelaySeconds,
  webhookSignature,
} from './webhookDeliveries.rules.js';
import { recordEndpointDisabled } from './webhookDeliveries.writes.js';
import { resolveHost, webhookLookup } from './webhookHosts.dns.js';
import { signingSecrets } from './webhookSecrets.writes.js';
import { checkWebhookUrl } from './webhookUrls.rules.js';

// The webhook dispatcher (decisions §14, §18): claims, sends and records delivery attempts. The rules
// it applies (signature, retries, outcomes) are webhookDeliveries.rules.ts; the SQL of the queue is here.

const USER_AGENT = `${PRODUCT}-Webhooks/${API_VERSION} (Standard Webhooks 1.0)`;

/** The error of an attempt closed unsent because its event is past retention (decisions §21). */
const PAST_RETENTION = `not sent: the event is older than the ${EVENT_RETENTION_DAYS} days events are kept`;

/** The settings the dispatcher reads (server/main/env.ts parses them, with the rest, at boot). */
interface Settings {
  WEBHOOK_INTERVAL_MS: number;
  WEBHOOK_TIMEOUT_MS: number;
  WEBHOOK_LEASE_S: number;
  /** Seconds before each retry; its length is the number of retries. */
  WEBHOOK_RETRY_SCHEDULE: readonly number[];
  WEBHOOK_DISABLE_AFTER: number;
  WEBHOOK_ALLOW_PRIVATE_URLS: boolean;
  /** Opens the stored (sealed) signing secrets (decisions §18). */
  secretKeys: SecretKeyRing;
  /** Attempts this node sends at once at most (its sending slots). */
  WEBHOOK_CONCURRENCY: number;
  /** Attempts in flight per endpoint at most, counted across every node. */
  WEBHOOK_ENDPOINT_CONCURRENCY: number;
  /** Attempts in flight per tenant (its endpoints together) at most, counted on this node. */
  WEBHOOK_TENANT_CONCURRENCY: number;
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
  /** Whether the event is within the days events are kept (decisions §21: past them, never sent). */
  kept: boolean;
}

/**
 * Claiming (decisions §18, §21): one statement, so one round trip, planned once per connection. The
 * endpoints with work are read from the endpoints' queue (webhook_endpoint_queue), whose `due_at` is
 * never later than the moment one of the endpoint's pending attempts may be claimed: the writes that
 * queue or hasten an attempt bring it forward in their own statement (queueEndpoints,
 * events.writes.ts), and only the claim moves it later. So a claim reads the endpoints due now
 * through the queue's index, however many wait in backoff.
 *
 * The due rows are taken in the order of fairness as the queue rows tell it: fewest leases running
 * (`lease_ends`, the ends of the endpoint's leases as its last claim left them: an outcome recorded
 * since may still count there, so an endpoint can only come later than it should), then oldest due.
 * Of one tenant, no more endpoints than the attempts its share of this node still allows (the share
 * less this node's attempts of the tenant in flight, a jsonb object tenant id → count the node keeps
 * in memory): a tenant at its share is skipped, not waited for. In that order, only as far as it
 * needs, each endpoint's first claimable attempt (pending, due, not leased to a live dispatcher; a
 * lease that ran out, its dispatcher dead mid-send, is claimable again) and its leases running now
 * are read; those with an attempt to claim and fewer leases than their limit, and those with
 * nothing to claim (their attempts leased, settled or deleted since), are locked, up to this node's
 * free slots (SKIP LOCKED: a row another claim or a write queueing attempts holds is left to it).
 *
 * A row is locked only as this statement's snapshot read it (by its place, `ctid`, and `xmin`: a
 * row changed since is a new version elsewhere, and the lock's recheck passes it over). Every claim
 * changes the queue row of each endpoint it claims for, so a claim that committed meanwhile, with
 * leases this snapshot cannot see, makes the row be passed over: the leases counted here are every
 * lease there is, and no two claims exceed an endpoint's limit together. So does a write that
 * queued an attempt meanwhile: the row stays due, not set from a snapshot without that attempt.
 *
 * Then the attempts: each endpoint's oldest claimable ones, up to its limit less its leases
 * running; of each tenant, no more than its share of this node still allows; round-robin over the
 * endpoints (fewest in flight first, then oldest: every endpoint's first before any endpoint's
 * second) up to the free slots, each leased for WEBHOOK_LEASE_S. And each locked queue row set to
 * when its endpoint may next be claimed: the earliest of the leases just taken, its other attempts'
 * next_attempt_at, and the end of each lease held (an attempt leased is due again when its lease runs
 * out), null when nothing is pending; with the ends of its leases running now.
 *
 * Returns the attempts leased, each with `idle`: how many of the rows locked had nothing to claim
 * (they took free slots of this claim; one row with no attempt when it leased none).
 */
const CLAIM = statement<{
  endpointLimit: number;
  share: number;
  inFlight: string;
  free: number;
  leaseSeconds: number;
}>(
  (v) => sql`
  with chosen as (
    select locked.row, s.tenant_id, s.endpoint_id, due.at, busy.n as busy, busy.ends
      from (select s.*, row_number() over (partition by s.tenant_id order by s.leased, s.due_at, s.endpoint_id) as rn
              from (select q.ctid as row, q.xmin as seen, q.tenant_id, q.endpoint_id, q.due_at,
                           (select count(*) from unnest(q.lease_ends) e where e >= now()) as leased
                      from webhook_endpoint_queue q
                     where q.due_at <= now()) s
             order by s.leased, s.due_at, s.endpoint_id) s
      left join lateral (select a.next_attempt_at as at from webhook_deliveries a
                          where a.endpoint_id = s.endpoint_id and a.status = 'pending' and a.next_attempt_at <= now()
                            and (a.locked_until is null or a.locked_until < now())
                          order by a.next_attempt_at limit 1) due on true
     cross join lateral (select count(*) as n, array_agg(f.locked_until) as ends from webhook_deliveries f
                          where f.endpoint_id = s.endpoint_id and f.status = 'pending' and f.locked_until is not null
                            and f.locked_until >= now()) busy
     -- Each row locked as the walk reaches it (a lateral lock is a nested loop: the walk stops at
     -- the free slots' count), as read, when it has something to do.
     cross join lateral (select q.ctid as row from webhook_endpoint_queue q
                          where q.ctid = s.row and q.xmin = s.seen and (due.at is null or busy.n < ${v.endpointLimit})
                            for no key update skip locked) locked
     where s.rn <= ${v.share} - coalesce((${v.inFlight}::jsonb ->> s.tenant_id::text)::int, 0)
     order by s.leased, s.due_at, s.endpoint_id
     limit ${v.free}
  ), due as (
    select a.id, a.rn, c.ord,
           row_number() over (partition by c.tenant_id order by a.rn, c.ord) as tenant_rn,
           ${v.share} - coalesce((${v.inFlight}::jsonb ->> c.tenant_id::text)::int, 0) as room
      from (select c.*, row_number() over (order by c.busy, c.at, c.endpoint_id) as ord
              from chosen c where c.at is not null) c
     cross join lateral (select a.id, row_number() over (order by a.next_attempt_at, a.id) as rn
                           from webhook_deliveries a
                          where a.endpoint_id = c.endpoint_id and a.status = 'pending' and a.next_attempt_at <= now()
                            and (a.locked_until is null or a.locked_until < now())
                          order by a.next_attempt_at, a.id
                          limit ${v.endpointLimit} - c.busy) a
  ), leased as (
    update webhook_deliveries d
       set locked_until = now() + make_interval(secs => ${v.leaseSeconds})
     where d.id in (select x.id from webhook_deliveries x
                     where x.id in (select u.id from due u where u.tenant_rn <= u.room order by u.rn, u.ord limit ${v.free})
                     for update skip locked)
       and d.status = 'pending' and (d.locked_until is null or d.locked_until < now())
    returning d.id, d.tenant_id, d.endpoint_id, d.event_id, d.attempt, d.locked_until
  ), requeued as (
    update webhook_endpoint_queue q
       set due_at = least(
             (select min(l.locked_until) from leased l where l.endpoint_id = q.endpoint_id),
             (select a.next_attempt_at from webhook_deliveries a
               where a.endpoint_id = q.endpoint_id and a.status = 'pending' and a.locked_until is null
                 and a.id not in (select l.id from leased l)
               order by a.next_attempt_at limit 1),
             (select min(greatest(a.next_attempt_at, a.locked_until)) from webhook_deliveries a
               where a.endpoint_id = q.endpoint_id and a.status = 'pending' and a.locked_until is not null
                 and a.id not in (select l.id from leased l))),
           lease_ends = array(select unnest(c.ends)
                              union all select l.locked_until from leased l where l.endpoint_id = q.endpoint_id)
      from chosen c
     where q.ctid = c.row
  )
  select l.id, l.tenant_id, l.endpoint_id, l.event_id, l.attempt,
         ${sql.raw(sqlTimestamp('l.locked_until'))} as locked_until, i.idle
    from (select count(*)::int as idle from chosen c where c.at is null) i
    left join leased l on true`,
);
const CLAIM_TEXT = namedStatement(CLAIM.sql);

/**
 * The event (as GET /v1/events/{id} returns it) and the endpoint of a claimed attempt, read through
 * the attempt's tenant. The rotated-away secret only while its grace period lasts. `kept`: the event
 * is younger than the days events are kept, by the test the event reads make (events.reads.ts).
 */
const TARGET = tenantStatement<{ id: string }, Target>(
  (v) => sql`
  select ${sql.raw(eventColumns('e.'))}, w.url, w.enabled, w.secret,
         case when w.previous_secret_expires_at > now() then w.previous_secret end as previous_secret,
         e.created_at > now() - make_interval(days => ${sql.lit(EVENT_RETENTION_DAYS)}) as kept
    from webhook_deliveries d
    join events e on e.id = d.event_id
    left join webhook_endpoints w on w.id = d.endpoint_id
   where d.id = ${v.id}`,
);

/**
 * The outcome, on the row only if the claim is still this dispatcher's (same lease, still pending).
 * A settled attempt is due no more: next_attempt_at is a pending attempt's (a retry is a row of its own).
 */
const RECORD = statement<{
  id: string;
  lockedUntil: string;
  status: string;
  responseStatus: number | null;
  error: string | null;
  durationMs: number | null;
}>(
  (v) => sql`
  update webhook_deliveries
     set status = ${v.status}, response_status = ${v.responseStatus}, error = ${v.error}, duration_ms = ${v.durationMs},
         locked_until = null, next_attempt_at = null
   where id = ${v.id} and status = 'pending' and locked_until = ${v.lockedUntil}::timestamptz
  returning tenant_id, endpoint_id, event_id, event_type, attempt`,
);

/** Gives a claimed attempt back untried (the dispatcher is stopping): due again at once, for any node. */
const RELEASE = statement<{ id: string; lockedUntil: string }>(
  (v) => sql`
  with released as (
    update webhook_deliveries set locked_until = null
     where id = ${v.id} and status = 'pending' and locked_until = ${v.lockedUntil}::timestamptz
    returning tenant_id, endpoint_id, next_attempt_at
  ) ${queueEndpoints(sql`select tenant_id, endpoint_id, next_attempt_at from released`)}`,
);

/** A failed attempt counts against its endpoint; the one that reaches the limit disables it. */
const COUNT_FAILURE = statement<{ tenant: string; endpoint: string; disableAfter: number; reason: string }>(
  (v) => sql`
  update webhook_endpoints
     set consecutive_failures = consecutive_failures + 1,
         enabled = enabled and consecutive_failures + 1 < ${v.disableAfter},
         disabled_reason = case when enabled and consecutive_failures + 1 >= ${v.disableAfter} then ${v.reason}
                                else disabled_reason end,
         updated_at = case when enabled and consecutive_failures + 1 >= ${v.disableAfter} then now() else updated_at end
   where tenant_id = ${v.tenant} and id = ${v.endpoint}
  returning enabled`,
);

const COUNT_SUCCESS = statement<{ tenant: string; endpoint: string }>(
  (v) => sql`update webhook_endpoints set consecutive_failures = 0
   where tenant_id = ${v.tenant} and id = ${v.endpoint} and consecutive_failures <> 0`,
);

/**
 * Once an attempt of an event to an endpoint has succeeded, the attempts of it still waiting that
 * were not asked for by hand are not sent (decisions §19: a manual retry that succeeded must not be
 * followed by the scheduled one); they end failed, saying why. One leased right now goes on.
 */
const SUPERSEDE = statement<{ tenant: string; endpoint: string; event: string; error: string }>(
  (v) => sql`
  update webhook_deliveries
     set status = 'failed', error = ${v.error}, next_attempt_at = null
   where tenant_id = ${v.tenant} and endpoint_id = ${v.endpoint} and event_id = ${v.event} and status = 'pending'
     and not by_hand and locked_until is null`,
);

/**
 * The scheduled retry of a failed attempt, unless another attempt of its event to the endpoint has
 * succeeded; the endpoint due by then in the endpoints' queue.
 */
const NEXT_ATTEMPT = statement<{
  id: string;
  tenant: string;
  endpoint: string;
  event: string;
  eventType: string;
  attempt: number;
  delaySeconds: number;
}>(
  (v) => sql`
  with retry as (
    insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at,
                                    created_at)
    select ${v.id}, ${v.tenant}::uuid, ${v.endpoint}::uuid, ${v.event}::uuid, ${v.eventType}, ${v.attempt}, 'pending',
           now() + make_interval(secs => ${v.delaySeconds}), now()
     where not exists (select 1 from webhook_deliveries s
                        where s.tenant_id = ${v.tenant}::uuid and s.endpoint_id = ${v.endpoint}::uuid
                          and s.event_id = ${v.event}::uuid and s.status = 'succeeded')
    on conflict do nothing
    returning tenant_id, endpoint_id, next_attempt_at
  ) ${queueEndpoints(sql`select tenant_id, endpoint_id, next_attempt_at from retry`)}`,
);

/**
 * Attempts one claim leases at most: a node with more free slots claims again at once for the rest,
 * sending the first batch meanwhile. A claim's cost grows with the attempts it leases (each one a
 * row written, with its endpoint's queue row); 16 keeps one within a few milliseconds with hundreds
 * of endpoints due (bench/webhooks.ts, the fleet).
 */
export const CLAIM_BATCH = 16;

/** The settings a claim reads. */
type ClaimSettings = Pick<Settings, 'WEBHOOK_ENDPOINT_CONCURRENCY' | 'WEBHOOK_TENANT_CONCURRENCY' | 'WEBHOOK_LEASE_S'>;

/** Sends `text` ($n placeholders) with `values` and answers its rows: runStatement (db/statements.ts) on an em. */
export type RunStatement = <R>(text: string, values: readonly unknown[]) => Promise<R[]>;

/**
 * Up to `free` due attempts leased, with `inFlight` this node's attempts in flight by tenant, each
 * claim one statement sent by `run`. A claim whose free slots went partly to queue rows with nothing
 * to claim (each set once) is followed by one for the slots still free, counting the attempts just
 * leased against their tenants. The dispatcher runs it outside any transaction; the plan test
 * (tests/tooling/plans.deliveries.test.ts) and the bench (bench/webhooks.ts) run it as it does.
 */
export async function claimDue(
  run: RunStatement,
  s: ClaimSettings,
  inFlight: ReadonlyMap<string, number>,
  free: number,
): Promise<Claimed[]> {
  const claimed: Claimed[] = [];
  const counts = new Map(inFlight);
  for (;;) {
    const rows = await run<Claimed & { id: string | null; idle: number }>(
      CLAIM_TEXT,
      CLAIM.bind({
        endpointLimit: s.WEBHOOK_ENDPOINT_CONCURRENCY,
        share: s.WEBHOOK_TENANT_CONCURRENCY,
        inFlight: JSON.stringify(Object.fromEntries(counts)),
        free: free - claimed.length,
        leaseSeconds: s.WEBHOOK_LEASE_S,
      }),
    );
    const leased = rows.filter((row): row is Claimed & { idle: number } => row.id !== null);
    for (const { idle: _idle, ...row } of leased) {
      claimed.push(row);
      counts.set(row.tenant_id, (counts.get(row.tenant_id) ?? 0) + 1);
    }
    if (!rows[0]?.idle || claimed.length >= free) return claimed;
  }
}

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
 * Sends the webhook deliveries (decisions §14, §18, §21) from `wfm serve` and `wfm worker`, any
 * number of nodes on one database. A node has WEBHOOK_CONCURRENCY sending slots, each attempt its
 * own: it claims due attempts into its free slots (one statement; fair across endpoints, never
 * more than WEBHOOK_ENDPOINT_CONCURRENCY in flight per endpoint over the cluster, nor more than
 * WEBHOOK_TENANT_CONCURRENCY per tenant on this node), sends each outside any transaction within
 * WEBHOOK_TIMEOUT_MS, and claims again as soon as one ends, so a receiver that never answers holds
 * its endpoint's slots and no other's, and a tenant whose receivers all hang holds its share of the
 * node and no more. An attempt whose event is past retention is closed unsent. It claims when a
 * slot frees, when a write of this process that queued attempts commits (first attempts at once)
 * and every WEBHOOK_INTERVAL_MS (retries, ran-out leases, other nodes' events). Each outcome is
 * recorded in a short transaction of its own, only if its lease is still held: a dispatcher that
 * died or stalled past its lease has lost the row to another node, which sends it again (at least
 * once; receivers deduplicate by webhook-id). A failed attempt queues the next one per
 * WEBHOOK_RETRY_SCHEDULE and counts against its endpoint, which WEBHOOK_DISABLE_AFTER failures in a
 * row disable.
 */
export class WebhookDispatcher {
  private readonly passes: RepeatingPass;
  private readonly stopping = new AbortController();
  /** The attempts being sent, each settling on its own: one sending slot each. */
  private readonly sending = new Set<Promise<void>>();
  /** The claim under way, if any; `claimAgain`: a slot freed or an event committed meanwhile. */
  private claiming?: Promise<number>;
  private claimAgain = false;
  /** This node's attempts in flight by tenant id (a tenant's share is per node: decisions §21). */
  private readonly inFlight = new Map<string, number>();
  /** Attempts settled so far (runOnce counts its own from it). */
  private settled = 0;
  private stopListening?: () => void;
  /**
   * The connections deliveries go out on. Unless private URLs are allowed, every address a
   * connection is about to use is checked again (webhookLookup): DNS may answer the connect
   * otherwise than it answered checkWebhookUrl a moment before. undici is loaded with the first
   * delivery, not at start (docs/decisions.md, "What a process loads").
   */
  private client?: Promise<{ agent: Agent; fetch: typeof fetch }>;

  constructor(
    private readonly orm: Orm,
    private readonly settings: Settings,
    private readonly logger: Logger,
    /** Counts the settled attempts by outcome. */
    private readonly metrics?: DeliveryCounter,
  ) {
    this.passes = new RepeatingPass(
      () => this.claim(),
      settings.WEBHOOK_INTERVAL_MS,
      (err) => logger.error({ err }, 'webhook pass failed'),
    );
  }

  start(): void {
    this.stopListening = onDeliveriesQueued(() => this.wake());
    this.passes.start();
  }

  /**
   * Stops taking work; requests in flight are abandoned and their attempts given back untried (due
   * at once for another node), so a draining node does not wait out slow receivers.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.stopListening?.();
    await this.passes.stop();
    await this.claiming?.catch(() => 0);
    await Promise.all(this.sending);
    // stop() may run twice (a test's teardown, then the process's): close the connections once.
    const agent = this.client && (await this.client.catch(() => undefined))?.agent;
    if (agent && !agent.closed) await agent.close();
  }

  /** undici's fetch and the agent deliveries go out through, made at the first delivery. */
  private http(): Promise<{ agent: Agent; fetch: typeof fetch }> {
    this.client ??= import('undici').then(({ Agent, fetch }) => ({
      agent: new Agent({ connect: { lookup: webhookLookup(!this.settings.WEBHOOK_ALLOW_PRIVATE_URLS) } }),
      fetch,
    }));
    return this.client;
  }

  /**
   * Claims and sends until nothing is due that this node may take, and waits for what it sent to
   * settle (tests, and a node that drains by hand); returns how many attempts were settled meanwhile.
   */
  async runOnce(): Promise<number> {
    const before = this.settled;
    for (;;) {
      await this.claim();
      if (!this.sending.size) break;
      await Promise.race(this.sending);
    }
    return this.settled - before;
  }

  /** Claims into the free slots now, or once more after the claim under way; a failure is logged. */
  private wake(): void {
    if (this.stopping.signal.aborted) return;
    this.claim().catch((err) => this.logger.error({ err }, 'webhook claim failed'));
  }

  /**
   * Claims due attempts into this node's free slots and starts sending each; returns how many it
   * claimed. One claim at a time: asked meanwhile, the claim under way claims once more when done.
   */
  private claim(): Promise<number> {
    if (this.claiming) {
      this.claimAgain = true;
      return this.claiming;
    }
    // Cleared on a later tick (never before it is set, even when nothing is awaited: every slot
    // busy); asked again in between, it claims again.
    const claiming = this.claimWhileAsked().finally(() => {
      this.claiming = undefined;
      if (this.claimAgain) this.wake();
    });
    this.claiming = claiming;
    return claiming;
  }

  private async claimWhileAsked(): Promise<number> {
    let claimed = 0;
    do {
      this.claimAgain = false;
      const free = Math.min(this.settings.WEBHOOK_CONCURRENCY - this.sending.size, CLAIM_BATCH);
      if (free <= 0 || this.stopping.signal.aborted) break;
      const rows = await this.claimAttempts(free);
      claimed += rows.length;
      for (const row of rows) this.send(row);
      // A full batch: more may be due, for the slots still free.
      if (rows.length === free) this.claimAgain = true;
    } while (this.claimAgain);
    return claimed;
  }

  /**
   * Leases up to `free` due attempts, fairly across endpoints, within each one's limit and each
   * tenant's share of this node. Claims run one at a time, so the counts in flight are this node's
   * as the statements run (another node's attempts take slots of its own, not this node's).
   */
  private claimAttempts(free: number): Promise<Claimed[]> {
    const em = this.orm.em.fork();
    return claimDue((text, values) => runStatement(em, text, values), this.settings, this.inFlight, free);
  }

  /**
   * Sends a claimed attempt in a slot of its own, counted against its tenant's share; the slot frees
   * (and the node claims again) when it settles.
   */
  private send(row: Claimed): void {
    const tenant = row.tenant_id;
    this.inFlight.set(tenant, (this.inFlight.get(tenant) ?? 0) + 1);
    const sending: Promise<void> = this.settle(row)
      .then((settled) => {
        if (settled) this.settled++;
      })
      .finally(() => {
        const left = (this.inFlight.get(tenant) ?? 1) - 1;
        if (left > 0) this.inFlight.set(tenant, left);
        else this.inFlight.delete(tenant);
        this.sending.delete(sending);
        this.wake();
      });
    this.sending.add(sending);
  }

  /** Sends one claimed attempt and records what came of it; false when it was given back or lost. */
  private async settle(row: Claimed): Promise<boolean> {
    try {
      const target = await new TenantReader(this.orm.em.fork(), row.tenant_id).one(TARGET, { id: row.id });
      // Gone with its endpoint or its (purged) event: nothing to send, nothing to record.
      if (!target) return false;
      // Past the days kept (decisions §21), though the purge has not run yet: closed, not sent. Failed
      // with the reason rather than left pending or deleted, so the endpoint's attempts list says what
      // became of it until the purge takes it with its event; it neither counts against the endpoint
      // (the receiver did nothing) nor queues a retry.
      if (!target.kept) {
        const recorded = await this.record(row, refusedOutcome(PAST_RETENTION), null, false);
        this.metrics?.webhookDelivery(recorded ? 'failed' : 'lease_lost');
        return recorded;
      }
      const { outcome, durationMs, counts } = await this.attempt(target);
      if (this.stopping.signal.aborted && outcome === undefined) {
        await this.orm.em
          .fork()
          .getConnection()
          .execute(RELEASE.sql, RELEASE.bind({ id: row.id, lockedUntil: row.locked_until }));
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
    const refused = await checkWebhookUrl(target.url, this.settings.WEBHOOK_ALLOW_PRIVATE_URLS, resolveHost);
    if (refused) return { outcome: refusedOutcome(`the URL is refused: ${refused}`), durationMs: null, counts: true };

    const { url: _url, enabled: _enabled, secret: _secret, previous_secret: _previous, kept: _kept, ...event } = target;
    const body = JSON.stringify(parseEventRow(event));
    const timestamp = Math.floor(Date.now() / 1000);
    const opened = signingSecrets(this.settings.secretKeys, target.secret, target.previous_secret);
    if ('error' in opened) return { outcome: refusedOutcome(opened.error), durationMs: null, counts: true };
    const { secrets } = opened;
    const timeoutMs = this.settings.WEBHOOK_TIMEOUT_MS;
    const { agent, fetch } = await this.http();
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), this.stopping.signal]);
    const started = performance.now();
    let outcome: AttemptOutcome | undefined;
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        redirect: 'manual',
        signal,
        dispatcher: agent,
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
      >(
        RECORD.sql,
        RECORD.bind({
          id: row.id,
          lockedUntil: row.locked_until,
          status: outcome.status,
          responseStatus: outcome.responseStatus,
          error: outcome.error,
          durationMs,
        }),
      );
      if (!mine) {
        this.logger.warn({ delivery_id: row.id }, 'webhook delivery lease lost before its outcome was recorded');
        return false;
      }
      if (!counts) return true;
      if (outcome.status === 'succeeded') {
        await tx.execute(COUNT_SUCCESS.sql, COUNT_SUCCESS.bind({ tenant: mine.tenant_id, endpoint: mine.endpoint_id }));
        await tx.execute(
          SUPERSEDE.sql,
          SUPERSEDE.bind({
            tenant: mine.tenant_id,
            endpoint: mine.endpoint_id,
            event: mine.event_id,
            error: `not sent: attempt ${mine.attempt} of this event succeeded`,
          }),
        );
        return true;
      }
      const reason = `disabled after ${s.WEBHOOK_DISABLE_AFTER} consecutive failed deliveries (the last: ${outcome.error})`;
      const [endpoint] = await tx.execute<{ enabled: boolean }[]>(
        COUNT_FAILURE.sql,
        COUNT_FAILURE.bind({
          tenant: mine.tenant_id,
          endpoint: mine.endpoint_id,
          disableAfter: s.WEBHOOK_DISABLE_AFTER,
          reason: reason.slice(0, 300),
        }),
      );
      // Disabled by this failure: the operational event and the HR admins' e-mail, in this transaction.
      if (endpoint && !endpoint.enabled) {
        await recordEndpointDisabled(tx, mine.tenant_id, mine.endpoint_id, s.WEBHOOK_DISABLE_AFTER);
      }
      const delay = retryDelaySeconds(s.WEBHOOK_RETRY_SCHEDULE, mine.attempt);
      if (endpoint?.enabled && delay !== null) {
        await tx.execute(
          NEXT_ATTEMPT.sql,
          NEXT_ATTEMPT.bind({
            id: uuidv7(),
            tenant: mine.tenant_id,
            endpoint: mine.endpoint_id,
            event: mine.event_id,
            eventType: mine.event_type,
            attempt: mine.attempt + 1,
            delaySeconds: delay,
          }),
        );
      }
      return true;
    });
  }
}
