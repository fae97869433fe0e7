import type { Logger } from 'pino';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Orm, poolStats } from '../../db/orm.js';
import type { WebhookOutcome } from '../../routers/webhooks/webhook.dispatcher.js';
import { BoundedRead } from './boundedRead.js';
import { LIMITER_NAMES, type LimiterName } from './rateLimit.js';

/** What came of a claimed webhook delivery (routers/webhooks/webhook.dispatcher.ts). */
const WEBHOOK_OUTCOMES: readonly WebhookOutcome[] = ['succeeded', 'failed', 'disabled', 'lease_lost', 'error'];

/** How long a scrape waits for the backlog query; past it the backlog gauges are left out of that scrape. */
const BACKLOG_QUERY_LIMIT_MS = 1000;

/**
 * The outbox's and the webhook deliveries' backlog in one statement: pending rows are found through
 * the partial indexes `outbox_messages_due` and `webhook_deliveries_due` (`where state|status =
 * 'pending'`), so the cost follows the backlog, not the tables' history.
 */
const BACKLOG = `
  select o.pending as outbox_pending,
         coalesce(extract(epoch from now() - o.oldest), 0)::float8 as outbox_oldest_s,
         w.pending as webhook_pending,
         coalesce(extract(epoch from now() - w.oldest), 0)::float8 as webhook_oldest_s
    from (select count(*)::int as pending, min(created_at) as oldest
            from outbox_messages where state = 'pending') o,
         (select count(*)::int as pending, min(created_at) as oldest
            from webhook_deliveries where status = 'pending') w`;

interface Backlog {
  outbox_pending: number;
  outbox_oldest_s: number;
  webhook_pending: number;
  webhook_oldest_s: number;
}

/** The ORMs whose pools are watched: the request pool, and the background work's (server/main/start.ts). */
interface Pools {
  request: Orm;
  background: Orm;
}

/**
 * The Prometheus metrics of one server: a registry of its own (never prom-client's global one, so
 * that several servers in one process, as in the tests, keep their counts apart). The places that
 * count call the small methods below; the gauges are read when scraped.
 */
export class Metrics {
  private readonly registry = new Registry();
  /** The backlog gauges, exposed only by a scrape whose backlog query answered in time. */
  private readonly backlogRegistry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly rateLimitRejections: Counter<'kind'>;
  private readonly replays: Counter;
  private readonly webhookDeliveries: Counter<'outcome'>;
  private readonly poolConnections: Gauge<'pool' | 'state'>;
  private readonly poolWaiting: Gauge<'pool'>;
  private readonly poolMax: Gauge<'pool'>;
  private readonly outboxPending: Gauge;
  private readonly outboxOldest: Gauge;
  private readonly webhookPending: Gauge;
  private readonly webhookOldest: Gauge;
  private pools: Pools | undefined;
  private backlog: BoundedRead<Backlog> | undefined;

  constructor(private readonly logger: Logger) {
    const registers = [this.registry];
    const backlogRegisters = [this.backlogRegistry];
    collectDefaultMetrics({ register: this.registry });
    const requestLabels = ['method', 'route', 'status'] as const;
    this.requests = new Counter({
      name: 'workforce_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: requestLabels,
      registers,
    });
    this.durations = new Histogram({
      name: 'workforce_http_request_duration_seconds',
      help: 'Time from a request reaching the app to its answer, by method, route template and status.',
      labelNames: requestLabels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.rateLimitRejections = new Counter({
      name: 'workforce_rate_limit_rejections_total',
      help: 'Requests refused with 429 by a rate limiter, by limiter.',
      labelNames: ['kind'],
      registers,
    });
    for (const kind of LIMITER_NAMES) this.rateLimitRejections.inc({ kind }, 0);
    this.replays = new Counter({
      name: 'workforce_idempotent_replays_total',
      help: 'Writes answered from a stored response (Idempotent-Replayed: true).',
      registers,
    });
    this.webhookDeliveries = new Counter({
      name: 'workforce_webhook_deliveries_total',
      help: 'Webhook delivery attempts settled by this node, by outcome.',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of WEBHOOK_OUTCOMES) this.webhookDeliveries.inc({ outcome }, 0);
    this.poolConnections = new Gauge({
      name: 'workforce_db_pool_connections',
      help: 'Open connections of a database pool, in use or idle.',
      labelNames: ['pool', 'state'],
      registers,
    });
    this.poolWaiting = new Gauge({
      name: 'workforce_db_pool_waiting',
      help: 'Callers waiting for a connection of a database pool.',
      labelNames: ['pool'],
      registers,
    });
    this.poolMax = new Gauge({
      name: 'workforce_db_pool_max',
      help: 'Largest number of connections a database pool opens.',
      labelNames: ['pool'],
      registers,
    });
    this.outboxPending = new Gauge({
      name: 'workforce_outbox_pending_messages',
      help: 'E-mail outbox messages not yet sent (due or waiting for a retry).',
      registers: backlogRegisters,
    });
    this.outboxOldest = new Gauge({
      name: 'workforce_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest pending outbox message; 0 when none is pending.',
      registers: backlogRegisters,
    });
    this.webhookPending = new Gauge({
      name: 'workforce_webhook_pending_deliveries',
      help: 'Webhook delivery attempts not yet settled (due, in flight or waiting for a retry).',
      registers: backlogRegisters,
    });
    this.webhookOldest = new Gauge({
      name: 'workforce_webhook_oldest_pending_delivery_age_seconds',
      help: 'Age of the oldest pending webhook delivery attempt; 0 when none is pending.',
      registers: backlogRegisters,
    });
  }

  /**
   * Reads the pools of `pools` and, on the background pool, the backlog when scraped. On PGlite both
   * are the one embedded connection: no pool gauges then.
   */
  watch(pools: Pools): void {
    this.pools = pools;
    const background = pools.background;
    this.backlog = new BoundedRead(
      async () => (await background.em.fork().getConnection().execute<Backlog[]>(BACKLOG))[0] as Backlog,
      BACKLOG_QUERY_LIMIT_MS,
    );
  }

  /** Stops reading the database (the server is closing): a late scrape answers without the gauges. */
  unwatch(): void {
    this.pools = undefined;
    this.backlog = undefined;
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  rateLimitRejected(kind: LimiterName): void {
    this.rateLimitRejections.inc({ kind });
  }

  idempotentReplay(): void {
    this.replays.inc();
  }

  webhookDelivery(outcome: WebhookOutcome): void {
    this.webhookDeliveries.inc({ outcome });
  }

  /** The exposition (Prometheus text format), with the gauges read now. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    // The pools first: the backlog query's own wait for a connection is not theirs to count.
    await this.readPools();
    const backlog = await this.readBacklog();
    const body = await this.registry.metrics();
    return {
      contentType: this.registry.contentType,
      body: backlog ? `${body}${await this.backlogRegistry.metrics()}` : body,
    };
  }

  private async readPools(): Promise<void> {
    this.poolConnections.reset();
    this.poolWaiting.reset();
    this.poolMax.reset();
    const pools = this.pools;
    if (!pools) return;
    for (const [pool, orm] of Object.entries(pools)) {
      // Reads the pool's own counters: no query, and no wait even while the database is down.
      const stats = await poolStats(orm);
      if (!stats) continue;
      this.poolConnections.set({ pool, state: 'in_use' }, stats.total - stats.idle);
      this.poolConnections.set({ pool, state: 'idle' }, stats.idle);
      this.poolWaiting.set({ pool }, stats.waiting);
      this.poolMax.set({ pool }, stats.max);
    }
  }

  /**
   * Sets the backlog gauges; false when the database did not answer in time, and the scrape then
   * leaves them out (no sample rather than a stale or made-up one).
   */
  private async readBacklog(): Promise<boolean> {
    const result = await this.backlog?.result();
    if (!result) return false;
    if (result === 'late' || 'error' in result) {
      const err = result === 'late' ? undefined : result.error;
      this.logger.warn(
        { err },
        result === 'late'
          ? `metrics: backlog query took over ${BACKLOG_QUERY_LIMIT_MS} ms, backlog gauges left out of this scrape`
          : 'metrics: backlog query failed, backlog gauges left out of this scrape',
      );
      return false;
    }
    const backlog = result.value;
    this.outboxPending.set(backlog.outbox_pending);
    this.outboxOldest.set(backlog.outbox_oldest_s);
    this.webhookPending.set(backlog.webhook_pending);
    this.webhookOldest.set(backlog.webhook_oldest_s);
    return true;
  }
}
