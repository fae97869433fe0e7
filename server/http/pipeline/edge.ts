/**
 * The steps every request meets first, in order (server/http/app.ts composes them): its X-Request-Id,
 * its metrics and log line, the problem boundary, CORS; and the problem document of a path no route
 * took. Koa's `ctx.state`, what the pipeline keeps of a request, is declared here, once.
 *
 * CORS for first-party apps in a browser (decisions §1 "CORS", §20 "Browsers"): a page of an allowed
 * origin may send every request header our REST and tRPC clients send and read every response header
 * they read. A preflight from any other origin is refused (403 cors_origin_not_allowed); an actual
 * request from one is served without CORS headers, so the browser keeps the answer from the page.
 * Credentials travel in the Authorization header, never in cookies: no credentialed requests
 * (no Access-Control-Allow-Credentials), and so no CSRF through CORS.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError, toProblem } from '../../../core/problems.js';
import type { Metrics } from '../metrics.js';
import { REPLAYED_HEADER } from '../outcome.js';

declare module 'koa' {
  /** What the pipeline keeps of a request (the procedure's own state is core/context.ts's RequestState, an argument). */
  interface DefaultState {
    /** Its X-Request-Id (`requestId`). */
    requestId: string;
    /**
     * The route it is counted under, set where it is found (/v1's route table, the tRPC procedure,
     * the operations paths, a preflight); else the router's matched path, else `unmatched`.
     */
    route?: string;
  }
}

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** X-Request-Id (decisions §1): a well-formed inbound id is echoed, else a UUID minted; on every response, errors included. */
export const requestId: Middleware = async (ctx, next) => {
  const inbound = ctx.get('X-Request-Id');
  const id = VALID_REQUEST_ID.test(inbound) ? inbound : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  await next();
};

/**
 * The route a request is counted under: `ctx.state.route`, else the path of the router's matched
 * route (`/docs/assets/:file` → `/docs/assets/{file}`), else `unmatched`. Never the raw path: the
 * label's values stay a fixed, small set whatever clients send.
 */
function routeLabel(ctx: Context): string {
  const set = ctx.state.route;
  if (typeof set === 'string') return set;
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  return typeof matched === 'string' ? matched.replace(/:(\w+)/g, '{$1}') : 'unmatched';
}

/** Counts and times every request once, with its final status, and the idempotent replays among them. */
export function requestMetrics(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.request(ctx.method, routeLabel(ctx), ctx.status, (performance.now() - started) / 1000);
      if (ctx.response.get(REPLAYED_HEADER) === 'true') metrics.idempotentReplay();
    }
  };
}

/**
 * `nosniff` on every answer, and one log line per request at `info` (below that level, nothing of
 * it is even built); a successful probe (one of `quietPaths`) is not logged.
 */
export function requestLog(logger: Logger, quietPaths: ReadonlySet<string>): Middleware {
  return async (ctx, next) => {
    // Every answer says what it is; browsers must not guess (a JSON body is never run as HTML).
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      // Never log headers: they carry credentials.
      if (ctx.status !== 200 || !quietPaths.has(ctx.path))
        logger.info(
          {
            request_id: ctx.state.requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
    }
  };
}

/** Writes `error` as an application/problem+json response, with the headers it carries. */
export function writeProblem(ctx: Context, error: ApiError, baseUrl: string): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify(toProblem(error, baseUrl, ctx.state.requestId));
}

/**
 * Outermost error boundary: every error that reaches it leaves as a problem document. Anything
 * that is not an ApiError, a DomainError or a database outage is logged with the request id and answered as a bare 500.
 */
export function problemBoundary(baseUrl: string, logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const answer = ApiError.from(error);
      if (answer) {
        if (answer.problemCode === 'service_unavailable') {
          logger.warn({ err: error, request_id: ctx.state.requestId }, 'database unavailable');
        }
        writeProblem(ctx, answer, baseUrl);
        return;
      }
      logger.error({ err: error, request_id: ctx.state.requestId }, 'unhandled error');
      writeProblem(ctx, new ApiError('internal_error', { detail: 'An unexpected error occurred.' }), baseUrl);
    }
  };
}

/** The last step: nothing matched, a problem document rather than Koa's text 404. */
export function notFound(baseUrl: string): Middleware {
  return (ctx) => {
    writeProblem(ctx, new ApiError('not_found', { detail: `No route ${ctx.method} ${ctx.path}.` }), baseUrl);
  };
}

/**
 * Whether a page of `origin` (as the browser serialises it: `https://app.example.com`) may call the
 * API. One lookup for every source of allowed origins: CORS_ORIGINS (`configuredOrigins`), and the
 * origins of registered first-party apps' redirect URIs (`wfm app create`, decisions §20) join it
 * here, e.g. `(o) => fromEnv(o) || apps.allowsOrigin(o)`. It may look them up asynchronously.
 */
export type OriginPolicy = (origin: string) => boolean | Promise<boolean>;

/** Methods a client uses; HEAD answers wherever GET does. */
const ALLOW_METHODS = 'GET, HEAD, POST, PATCH, DELETE';
/**
 * Every request header @workforce/client, @workforce/trpc and tRPC's links send (trpc-accept: the
 * streaming batch link), and Last-Event-ID, which EventSource polyfills send when a subscription
 * resumes (decisions §20).
 */
const ALLOW_HEADERS =
  'Authorization, Content-Type, Idempotency-Key, If-Match, If-None-Match, trpc-accept, X-Request-Id, Last-Event-ID';
/** Every response header a client reads beyond the safelisted ones; the service sends no Location. */
const EXPOSE_HEADERS =
  'X-Request-Id, ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Idempotent-Replayed, WWW-Authenticate, Allow';
/** How long a browser may reuse a preflight's answer (Chromium caps it at two hours). */
const MAX_AGE_S = '600';

/**
 * The policy of a list of origins, as browsers write them (CORS_ORIGINS, which server/main/env.ts
 * checks and writes so at start): exact matches only.
 */
export function configuredOrigins(origins: readonly string[]): OriginPolicy {
  const allowed = new Set(origins);
  return (origin) => allowed.has(origin);
}

/** The CORS middleware: before any route, credential or budget, so a preflight costs nothing. */
export function cors(isAllowed: OriginPolicy): Middleware {
  return async (ctx, next) => {
    // Whether an answer may be read depends on the Origin: a cache must not hand one origin's to another.
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    const allowed = origin !== '' && (await isAllowed(origin));
    if (ctx.method === 'OPTIONS' && origin !== '' && ctx.get('Access-Control-Request-Method') !== '') {
      ctx.state.route = 'preflight';
      if (!allowed) {
        throw new ApiError('cors_origin_not_allowed', {
          detail: `Pages of ${origin} may not call this API: the origins of CORS_ORIGINS and of registered first-party apps (wfm app create) may.`,
        });
      }
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Methods', ALLOW_METHODS);
      ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
      ctx.set('Access-Control-Max-Age', MAX_AGE_S);
      ctx.status = 204;
      return;
    }
    if (allowed) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
    await next();
    // Again: an answer that set a Vary of its own (tRPC's) replaced the one above.
    ctx.vary('Origin');
  };
}
