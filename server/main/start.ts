/**
 * Starting a process: `wfm serve` (migrate, then the HTTP server and the background work) and
 * `wfm worker` (the background work alone), each with its probes and graceful stop.
 */
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { CursorCodec, loadCursorSecret } from '../../core/cursors.js';
import { isEmbedded, migrate, type Orm, openOrm, serverStatementTimeoutMs } from '../../db/orm.js';
import { purgeExpiredEvents } from '../../routers/events/events.writes.js';
import { startJobs } from '../../routers/index.js';
import { configureWebhookResolver } from '../../routers/webhooks/webhookHosts.dns.js';
import { eraseExpiredPreviousSecrets } from '../../routers/webhooks/webhookSecrets.writes.js';
import { createApp } from '../http/app.js';
import { createHttpServer } from '../http/httpServer.js';
import type { Metrics } from '../http/metrics.js';
import { purgeExpiredKeys } from '../http/pipeline/idempotency.js';
import { type OperationsListener, Readiness, startOperationsListener } from '../http/probes.js';
import { RateLimits } from '../http/rateLimit.js';
import { startCredentialNotices } from './credentialNotices.js';
import type { Env } from './env.js';
import { createLogger, flushLogger } from './logging.js';

export interface RunningServer {
  url: string;
  server: Server;
  orm: Orm;
  /** The METRICS_PORT listener's http://host:port, when there is one. */
  metricsUrl?: string;
  /**
   * Reports not ready (/readyz 503 draining) at once, goes on serving for SHUTDOWN_DELAY_MS, then
   * stops taking requests, answers those in flight, and closes everything.
   */
  close(): Promise<void>;
}

/**
 * Opens the database, applies migrations, and serves the app until close(). It listens only once
 * the migrations are applied: a node that answers is ready as far as the schema goes.
 */
export async function startServer(env: Env, logger: Logger = createLogger(env)): Promise<RunningServer> {
  configureWebhookResolver(env.WEBHOOK_DNS_SERVERS);
  const { orm, backgroundPool } = await openDatabase(env, logger);
  // Counted only where they can be read: METRICS_PORT, or /metrics on the main port with METRICS_TOKEN.
  // Otherwise prom-client is not even loaded.
  const metrics =
    env.METRICS_PORT !== undefined || env.METRICS_TOKEN
      ? new (await import('../http/metrics.js')).Metrics(logger)
      : undefined;
  // Independent of each other: one after the other, start-up waited for the sum.
  const [cursorSecret, rateLimits] = await Promise.all([
    loadCursorSecret(orm.em.fork(), env.CURSOR_SECRET),
    RateLimits.create(env, logger, (kind) => metrics?.rateLimitRejected(kind)),
  ]);
  const cursors = new CursorCodec(cursorSecret);
  const background = await startBackgroundWork(env, orm, logger, metrics, backgroundPool);
  const { readiness, operations } = await watchAndProbe(
    env,
    { request: orm, background: background.orm },
    metrics,
    logger,
  );
  // Aborted when the server stops taking requests: open subscription streams end with it.
  const stopping = new AbortController();
  // Registered before it serves: a revocation from now on waits for this node (decisions §3).
  const credentialNotices = await startCredentialNotices(env, logger);
  const app = createApp({
    env,
    orm,
    logger,
    cursors,
    rateLimits,
    readiness,
    metrics,
    stopping: stopping.signal,
    credentialCache: credentialNotices?.cache,
  });
  const server = createHttpServer(app.callback(), env, logger);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
    server.listen(env.PORT, env.HOST);
  });
  // Node keeps serving keep-alive connections after server.close() (and says keep-alive in every
  // response), so a draining node would wait out their idle timeout, or never drain behind a load
  // balancer that reuses them. While closing, every response closes its connection instead.
  const unanswered = new Set<ServerResponse>();
  let closing = false;
  server.on('request', (_req, res: ServerResponse) => {
    if (closing) return void res.setHeader('Connection', 'close');
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    server,
    orm,
    metricsUrl: operations?.url,
    async close() {
      readiness.drain();
      // Load balancers see /readyz fail and take the node out of rotation; until they have, it serves.
      if (env.SHUTDOWN_DELAY_MS) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
      closing = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
      stopping.abort();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      metrics?.unwatch();
      await operations?.close();
      await credentialNotices?.close();
      await background.stop();
      await rateLimits.shutdown();
      await orm.close();
      await flushLogger(logger);
    },
  };
}

/**
 * Opens the database and applies pending migrations and, on PostgreSQL, meanwhile opens the
 * background work's own pool (startBackgroundWork): each opening checks its session settings, and
 * one after the other, start-up waited for both. If either fails, whichever opened is closed and
 * the first failure (the request pool's, when both failed) is thrown.
 */
async function openDatabase(env: Env, logger: Logger): Promise<{ orm: Orm; backgroundPool?: Orm }> {
  const [request, background] = await Promise.allSettled([
    openMigrated(env, logger),
    env.DATABASE_URL ? openBackgroundPool(env, logger) : undefined,
  ]);
  if (request.status === 'fulfilled' && background.status === 'fulfilled') {
    return { orm: request.value, backgroundPool: background.value };
  }
  await Promise.all(
    [request, background].map((opened) => (opened.status === 'fulfilled' ? opened.value?.close() : undefined)),
  );
  throw request.status === 'rejected' ? request.reason : (background as PromiseRejectedResult).reason;
}

/**
 * Opens the database and applies pending migrations. Through a transaction pooler the service
 * cannot set the session timeouts itself: it says so when the pooler does not either.
 */
async function openMigrated(env: Env, logger: Logger): Promise<Orm> {
  checkSecretKeys(env, logger);
  const orm = await openOrm(env, (message) => logger.debug({ orm: true }, message));
  await migrate(orm);
  if (env.DATABASE_TRANSACTION_POOLING && !(await serverStatementTimeoutMs(orm))) {
    logger.warn(
      'DATABASE_TRANSACTION_POOLING: the server sessions have no statement_timeout; set it in the pooler ' +
        '(PgBouncer connect_query, docs/operations.md "PgBouncer in transaction mode")',
    );
  }
  return orm;
}

/**
 * Reads (or creates) the key signing secrets are sealed under (decisions §18) before anything needs
 * it; a cluster must share it, which the key file under DATA_DIR only does when DATA_DIR is shared.
 */
function checkSecretKeys(env: Env, logger: Logger): void {
  const keyId = env.secretKeys.currentKeyId;
  if (env.secretKeys.usesKeyFile && env.DATABASE_URL) {
    logger.warn(
      { key_id: keyId, key_file: env.secretKeys.keyFile },
      'SECRETS_ENCRYPTION_KEY is unset: webhook secrets are encrypted under the key file ' +
        `${env.secretKeys.keyFile}; every node on this DATABASE_URL must hold the same key ` +
        '(set SECRETS_ENCRYPTION_KEY on every node; docs/configuration.md)',
    );
  }
}

/**
 * What operators watch: the metrics read the pools (and the backlog on the background pool),
 * readiness checks the database on the background pool, and METRICS_PORT, when set, serves both.
 */
async function watchAndProbe(
  env: Env,
  pools: { request: Orm; background: Orm },
  metrics: Metrics | undefined,
  logger: Logger,
): Promise<{ readiness: Readiness; operations: OperationsListener | undefined }> {
  metrics?.watch(pools);
  const readiness = new Readiness(pools.background, logger);
  const { METRICS_PORT } = env;
  const operations =
    METRICS_PORT === undefined
      ? undefined
      : await startOperationsListener({ ...env, METRICS_PORT }, { readiness, metrics }, logger);
  return { readiness, operations };
}

export interface RunningWorker {
  /** The METRICS_PORT listener's http://host:port, when there is one. */
  metricsUrl?: string;
  close(): Promise<void>;
}

/**
 * `wfm worker`: the background work alone (the dispatchers and the purges, whatever
 * OUTBOX_DISPATCH says), for a deployment that runs it apart from the API nodes; with METRICS_PORT,
 * its metrics and probes on that port (there is no other).
 */
export async function startWorker(env: Env, logger: Logger): Promise<RunningWorker> {
  configureWebhookResolver(env.WEBHOOK_DNS_SERVERS);
  const { orm, backgroundPool } = await openDatabase(env, logger);
  const metrics = env.METRICS_PORT === undefined ? undefined : new (await import('../http/metrics.js')).Metrics(logger);
  const background = await startBackgroundWork({ ...env, OUTBOX_DISPATCH: true }, orm, logger, metrics, backgroundPool);
  const { readiness, operations } = await watchAndProbe(
    env,
    { request: orm, background: background.orm },
    metrics,
    logger,
  );
  return {
    metricsUrl: operations?.url,
    async close() {
      readiness.drain();
      metrics?.unwatch();
      await operations?.close();
      await background.stop();
      await orm.close();
      await flushLogger(logger);
    },
  };
}

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Connections of the background work's own pool: the e-mail dispatcher uses one at a time (held
 * while it talks to the SMTP server), the webhook dispatcher's short statements another, the purge
 * a third, and the readiness check and the metrics' backlog query (one at a time each) a fourth.
 */
export const BACKGROUND_POOL_MAX = 4;

/** The background work's own pool on PostgreSQL (BACKGROUND_POOL_MAX connections). */
function openBackgroundPool(env: Env, logger: Logger): Promise<Orm> {
  return openOrm(env, (message) => logger.debug({ orm: 'background' }, message), { poolMax: BACKGROUND_POOL_MAX });
}

export interface BackgroundWork {
  /** The ORM the background work runs on: its own pool on PostgreSQL, `orm` itself on PGlite. */
  orm: Orm;
  stop(): Promise<void>;
}

/**
 * The outbox dispatchers, of e-mail and of webhooks (unless OUTBOX_DISPATCH=false), and the periodic
 * purge of expired idempotency keys and events. On PostgreSQL they run on a pool of their own (decisions §16),
 * closed by stop(): requests that hold every connection of the request pool cannot stall the
 * delivery of e-mail or webhooks, nor can the dispatchers take a connection a request is waiting
 * for. PGlite is one in-process connection, which they share with the requests. `pool`: the
 * background pool when it is open already (startServer opens it beside the migrations).
 */
export async function startBackgroundWork(
  env: Env,
  orm: Orm,
  logger: Logger,
  metrics?: Metrics,
  pool?: Orm,
): Promise<BackgroundWork> {
  const own = pool ?? (isEmbedded(orm) ? undefined : await openBackgroundPool(env, logger));
  const db = own ?? orm;
  const jobs = env.OUTBOX_DISPATCH ? startJobs(db, env, logger, metrics) : undefined;
  const purge = setInterval(() => {
    // One after the other, on one connection: then the events older than 30 days, with their
    // deliveries (decisions §14).
    purgeExpiredKeys(db.em.fork())
      .catch((err) => logger.warn({ err }, 'idempotency purge failed'))
      .then(() => purgeExpiredEvents(db.em.fork()))
      .catch((err) => logger.warn({ err }, 'event purge failed'))
      // Rotated-away webhook secrets whose grace has ended (decisions §18).
      .then(() => eraseExpiredPreviousSecrets(db.em.fork()))
      .catch((err) => logger.warn({ err }, 'webhook secret purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  return {
    orm: db,
    async stop() {
      clearInterval(purge);
      await jobs?.stop();
      await own?.close();
    },
  };
}
