import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Logger } from 'pino';
import { ApiError } from '../../core/problems.js';
import type { Orm } from '../../db/orm.js';
import type { Env } from '../main/env.js';
import { BoundedRead } from './boundedRead.js';
import { createHttpServer } from './httpServer.js';
import type { Metrics } from './metrics.js';
import { problemBoundary, requestId, writeProblem } from './pipeline/edge.js';

/**
 * What load balancers, orchestrators and Prometheus ask a node, outside the public API: GET /livez,
 * GET /readyz and GET /metrics. Not under /v1, so not in the OpenAPI document, no envelope, no
 * rate limit, and no API credential (/metrics has a token of its own).
 */

/**
 * The probe paths. A successful probe is not logged (every few seconds from every balancer and
 * orchestrator, it would bury the requests); a failing one is, and readiness logs its changes.
 */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/livez', '/readyz']);

/** How long /readyz waits for `select 1`; a database slower than this makes the node not ready. */
const DATABASE_CHECK_LIMIT_MS = 1000;

type ReadinessState = { status: 'ready' } | { status: 'not_ready'; reason: 'draining' | 'database' };

/**
 * Whether the node should be sent traffic: once it listens (after the migrations were applied),
 * while the database answers, and until it starts draining (SIGTERM), from when on it says no at
 * once. The check runs on the background work's pool: requests that hold every connection of the
 * request pool do not make a busy node look dead.
 */
export class Readiness {
  #draining = false;
  #last: ReadinessState['status'] | 'database' = 'ready';
  readonly #database: BoundedRead<void>;

  constructor(
    orm: Orm,
    private readonly logger: Logger,
  ) {
    this.#database = new BoundedRead(async () => {
      await orm.em.fork().getConnection().execute('select 1');
    }, DATABASE_CHECK_LIMIT_MS);
  }

  /** From now on the node is not ready (it is draining): for good. */
  drain(): void {
    this.#draining = true;
  }

  async state(): Promise<ReadinessState> {
    if (this.#draining) return { status: 'not_ready', reason: 'draining' };
    const result = await this.#database.result();
    const answered = result !== 'late' && !('error' in result);
    const now = answered ? 'ready' : 'database';
    if (now !== this.#last) {
      // Said once per change, not once per probe.
      if (answered) this.logger.info('readiness: the database answers again, ready');
      else
        this.logger.warn(
          { err: result === 'late' ? undefined : result.error },
          `readiness: the database did not answer select 1 within ${DATABASE_CHECK_LIMIT_MS} ms, not ready`,
        );
      this.#last = now;
    }
    return answered ? { status: 'ready' } : { status: 'not_ready', reason: 'database' };
  }
}

interface OperationsDeps {
  env: Pick<Env, 'METRICS_TOKEN' | 'PUBLIC_BASE_URL'>;
  readiness: Readiness;
  /** Absent when metrics are not exposed at all (neither METRICS_PORT nor METRICS_TOKEN). */
  metrics: Metrics | undefined;
}

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
function bearerMatches(authorization: string, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
  if (given === undefined) return false;
  // Digests of both: equal lengths, and the comparison says nothing about the token's length.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET (and HEAD) /livez, /readyz and, when `serveMetrics`, /metrics; anything else goes on to the
 * next middleware. Each sets `ctx.state.route` for the request metrics.
 */
export function operationsRoutes({ env, readiness, metrics }: OperationsDeps, serveMetrics: boolean): Koa.Middleware {
  const baseUrl = env.PUBLIC_BASE_URL;
  const token = env.METRICS_TOKEN;
  const answers: Record<string, (ctx: Koa.Context) => Promise<void> | void> = {
    '/livez': (ctx) => {
      // The process is up and its event loop turns: nothing else (a dead database is not a reason to restart it).
      ctx.body = { status: 'ok' };
    },
    '/readyz': async (ctx) => {
      const state = await readiness.state();
      ctx.status = state.status === 'ready' ? 200 : 503;
      ctx.body = state;
    },
  };
  if (metrics && serveMetrics) {
    answers['/metrics'] = async (ctx) => {
      const authorization = ctx.get('Authorization');
      if (token && !bearerMatches(authorization, token)) {
        const challenge = 'Bearer realm="workforce-metrics"';
        throw authorization
          ? new ApiError('invalid_credential', {
              detail: 'The metrics token is wrong.',
              headers: { 'WWW-Authenticate': `${challenge}, error="invalid_token"` },
            })
          : new ApiError('unauthorized', {
              detail: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.',
              headers: { 'WWW-Authenticate': challenge },
            });
      }
      const { contentType, body } = await metrics.scrape();
      ctx.type = contentType;
      ctx.body = body;
    };
  }
  return async (ctx, next) => {
    const answer = Object.hasOwn(answers, ctx.path) ? answers[ctx.path] : undefined;
    if (!answer) return next();
    ctx.state.route = ctx.path;
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      writeProblem(
        ctx,
        new ApiError('method_not_allowed', { detail: `${ctx.method} is not allowed on ${ctx.path}; use GET.` }),
        baseUrl,
      );
      return;
    }
    await answer(ctx);
  };
}

export interface OperationsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * The METRICS_PORT listener, on METRICS_HOST: /metrics (with the token when METRICS_TOKEN is set),
 * /livez and /readyz, nothing else.
 */
export async function startOperationsListener(
  env: Env & { METRICS_PORT: number },
  deps: Omit<OperationsDeps, 'env'>,
  logger: Logger,
): Promise<OperationsListener> {
  const app = new Koa();
  app.silent = true;
  app.use(requestId);
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  });
  app.use(problemBoundary(env.PUBLIC_BASE_URL, logger));
  app.use(operationsRoutes({ ...deps, env }, true));
  app.use((ctx) => {
    writeProblem(
      ctx,
      new ApiError('not_found', { detail: `No route ${ctx.method} ${ctx.path}.` }),
      env.PUBLIC_BASE_URL,
    );
  });
  const server = createHttpServer(app.callback(), env, logger);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
    server.listen(env.METRICS_PORT, env.METRICS_HOST);
  });
  const { address, port, family } = server.address() as AddressInfo;
  const host = family === 'IPv6' ? `[${address}]` : address;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // A scraper's keep-alive connection, or a scrape still running (its queries are bounded).
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      }),
  };
}
