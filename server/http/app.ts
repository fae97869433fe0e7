/**
 * The Koa pipeline, in the order a request meets it: request id, problem boundary, metrics, CORS,
 * then /v1 (route, credential, rate limit, body, procedure), /trpc, /oauth/token, the docs and probes.
 * It decides nothing a procedure decides: the order of checks of decisions §1 is core/trpc.ts's.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import Koa from 'koa';
import {
  attachRequestState,
  deferInputError,
  type RequestState,
  rateLimitKey,
  requestState,
  type Services,
} from '../../core/context.js';
import { ApiError, problemCodes } from '../../core/problems.js';
import { MAX_BATCH_SIZE, malformedPathId } from '../../core/trpc.js';
import { appRouter } from '../../routers/index.js';
import { withWebhookUrlPolicy } from '../../routers/webhooks/webhookEndpoints.procedures.js';
import type { Env } from '../main/env.js';
import { accountSetupRoutes } from './accountSetup.js';
import { anyOrigin, registeredAppOrigins } from './appOrigins.js';
import { resolveAuth } from './auth.js';
import { readIfMatch, replayedWithEtag } from './conditional.js';
import { configuredOrigins, cors } from './cors.js';
import { contentSecurityPolicy, inlineScriptSource, sendHtmlPage } from './htmlPage.js';
import { executeWrite, parseIdempotencyKey } from './idempotency.js';
import type { Metrics } from './metrics.js';
import { readJsonBody } from './middleware/body.js';
import { problemBoundary, writeProblem } from './middleware/problem.js';
import { requestId } from './middleware/requestId.js';
import { requestMetrics } from './middleware/requestMetrics.js';
import { authorizationServerMetadata, tokenEndpoint, writeOAuthError } from './oauthToken.js';
import { operationsRoutes, PROBE_PATHS, type Readiness } from './probes.js';
import { quotaHeaders, type RateLimits } from './rateLimit.js';
import { createRestHandler, hasWellFormedId, procedureTable, rejectPathParamsInBody, sendOutcome } from './rest.js';
import { signInRoutes } from './signIn.js';
import { createTrpcHandler } from './trpcEndpoint.js';

export interface AppDeps extends Services {
  env: Env;
  rateLimits: RateLimits;
  readiness: Readiness;
  /** Absent when metrics are not exposed (neither METRICS_PORT nor METRICS_TOKEN): nothing is counted. */
  metrics?: Metrics;
  /** Aborts when the server stops: open subscription streams end (server/http/trpcEndpoint.ts). */
  stopping?: AbortSignal;
}

const REST_PREFIX = '/v1';
const TRPC_PREFIX = '/trpc';

/**
 * The committed openapi.json, which server/openapi/document.ts generates (a test holds them equal): served
 * as it is (but for the webhook URL pattern of a deployment that allows private URLs), so that serving
 * needs neither the generator nor the time and memory it takes. At the
 * repository root, two levels up from server/http/ and three from the compiled dist/server/http/.
 */
function openApiFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../openapi.json'), path.resolve(here, '../../../openapi.json')];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`openapi.json not found (looked at ${candidates.join(', ')})`);
  return found;
}

/** Read on first use, then kept. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/** Swagger UI's files, looked up on the first request for one (the package is never imported). */
const swaggerDir = once(async () =>
  path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
);
const SWAGGER_ASSET = /^swagger-ui(-bundle|-standalone-preset)?\.(js|css)$/;

function clientIp(ctx: Koa.Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The rightmost entry is the one our own proxy appended; those left of it are the client's word.
    const forwarded = ctx.get('X-Forwarded-For').split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return ctx.req.socket.remoteAddress ?? 'unknown';
}

export function createApp(deps: AppDeps): Koa {
  const { env, logger, orm, rateLimits, readiness, metrics } = deps;
  const baseUrl = env.PUBLIC_BASE_URL;
  // The committed document, with this deployment's webhook URL policy (development allows http://).
  const openapiJson = once(async () =>
    withWebhookUrlPolicy(await readFile(openApiFile(), 'utf8'), env.WEBHOOK_ALLOW_PRIVATE_URLS),
  );
  const procedures = procedureTable(appRouter);
  /** The routes of procedures whose meta says `rateLimited: false` (decisions §5), on /v1 and /trpc. */
  const unlimited = new Set(
    [...procedures.byPath.values()]
      .filter((entry) => entry.meta.rateLimited === false)
      .flatMap((entry) => [
        `${TRPC_PREFIX}/${entry.path}`,
        ...(entry.rest ? [`${REST_PREFIX}${entry.rest.template}`] : []),
      ]),
  );
  const { routes } = procedures;
  const onInternalError = (error: Error, state: RequestState) =>
    logger.error({ err: error.cause ?? error, request_id: state.requestId }, 'procedure failed');
  const rest = createRestHandler(procedures, baseUrl, onInternalError);
  /** The route a /trpc request is counted under: its procedure; one label for every batch. */
  const trpcRoute = (path: string, batched: boolean) =>
    batched ? `${TRPC_PREFIX}/{batch}` : procedures.byPath.has(path) ? `${TRPC_PREFIX}/${path}` : 'unmatched';

  const app = new Koa({ proxy: env.TRUST_PROXY });
  app.silent = true;

  app.use(requestId);
  if (metrics) app.use(requestMetrics(metrics));
  app.use(async (ctx, next) => {
    // Every answer says what it is; browsers must not guess (a JSON body is never run as HTML).
    ctx.set('X-Content-Type-Options', 'nosniff');
    // One line per request at `info`; below that level, nothing of it is even built.
    if (!logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      // Never log headers: they carry credentials.
      if (ctx.status !== 200 || !PROBE_PATHS.has(ctx.path))
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
  });
  app.use(problemBoundary(baseUrl, logger));

  // Before any route, so that a preflight is answered, or refused, whatever the path (decisions §20).
  app.use(cors(anyOrigin(configuredOrigins(env.CORS_ORIGINS), registeredAppOrigins(orm))));

  /**
   * Resolves the credential once and spends a point of the caller's budget for each procedure the
   * request runs (several in a tRPC batch, decisions §5).
   */
  const prepare = async (ctx: Koa.Context, routeKey: string, procedures = 1): Promise<RequestState> => {
    const state = requestState({
      requestId: ctx.state.requestId,
      // A statement outside any transaction: the ORM's own entity manager, no fork (requestState).
      auth: await resolveAuth(ctx.get('Authorization') || undefined, orm.em, env.CREDENTIAL_PREFIX),
      services: deps,
    });
    attachRequestState(ctx.req, state);
    if (!unlimited.has(routeKey)) {
      const { quota, admitted, rejection } =
        state.auth.state === 'authenticated'
          ? await rateLimits.take('credential', rateLimitKey(state.auth.credential), procedures)
          : await rateLimits.take('anonymous', clientIp(ctx, env.TRUST_PROXY), procedures);
      ctx.set(quotaHeaders(quota));
      // Thrown by the first middleware of each procedure past the budget, so /trpc callers get a tRPC error.
      if (rejection) state.refusal = { admitted, rejection };
    }
    return state;
  };

  /**
   * `prepare` for a /trpc request. A refusal before any procedure could run (the credential lookup
   * found the database unreachable: 503) is thrown by each procedure first thing, as a spent budget
   * is, so that a tRPC client reads it in tRPC's error shape (decisions §17), not as problem+json.
   */
  const prepareTrpc = async (ctx: Koa.Context, procedures: number): Promise<RequestState> => {
    try {
      return await prepare(ctx, ctx.path, procedures);
    } catch (error) {
      const rejection = ApiError.from(error);
      if (!rejection) throw error;
      const state = requestState({
        requestId: ctx.state.requestId,
        auth: { state: 'anonymous' },
        services: deps,
        refusal: { admitted: 0, rejection },
      });
      attachRequestState(ctx.req, state);
      return state;
    }
  };

  const router = new Router();

  router.get('/openapi.json', async (ctx) => {
    ctx.type = 'application/json';
    ctx.body = await openapiJson();
  });
  router.get('/docs', (ctx) => {
    sendHtmlPage(ctx, DOCS_PAGE, DOCS_POLICY);
  });
  router.get('/docs/assets/:file', async (ctx) => {
    const file = path.basename(ctx.params.file);
    if (!SWAGGER_ASSET.test(file)) throw new ApiError('not_found');
    ctx.type = path.extname(file);
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = await readFile(path.join(await swaggerDir(), file));
  });
  router.get('/problems/:code', (ctx) => {
    const code = ctx.params.code as keyof typeof problemCodes;
    const entry = problemCodes[code];
    if (!Object.hasOwn(problemCodes, code)) throw new ApiError('not_found', { detail: `No problem code '${code}'.` });
    sendHtmlPage(
      ctx,
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>${entry.title}</title><h1>${entry.title}</h1><p>Status ${entry.status}, code <code>${code}</code>.</p><p>See the <a href="/docs">API reference</a> for when it is returned.</p></html>`,
    );
  });

  // The page of an account's set-up link (decisions §20).
  accountSetupRoutes(router, orm);
  // A first-party app's sign-in page and sign-out (decisions §20).
  signInRoutes(router, deps, (ctx) => clientIp(ctx, env.TRUST_PROXY));

  router.post('/oauth/token', async (ctx) => {
    try {
      const ip = clientIp(ctx, env.TRUST_PROXY);
      ctx.set(quotaHeaders(await rateLimits.consume('token', ip)));
      await tokenEndpoint(ctx, orm.em.fork(), deps, ip);
    } catch (error) {
      // Every answer of the token endpoint has the RFC 6749 body (decisions §4), a failure too.
      let answer = ApiError.from(error);
      if (!answer) {
        logger.error({ err: error, request_id: ctx.state.requestId }, 'token endpoint failed');
        answer = new ApiError('internal_error', { detail: 'An unexpected error occurred.' });
      }
      writeOAuthError(ctx, answer, baseUrl);
    }
  });
  router.all('/oauth/token', (ctx) => {
    // Every answer of the token endpoint has the RFC 6749 body, this one too (decisions §4).
    ctx.set('Allow', 'POST');
    writeOAuthError(ctx, new ApiError('method_not_allowed', { detail: 'Use POST /oauth/token.' }), baseUrl);
  });
  router.get('/.well-known/oauth-authorization-server', (ctx) => {
    ctx.body = authorizationServerMetadata(baseUrl);
  });

  const trpc = createTrpcHandler(procedures, onInternalError, deps.stopping);
  router.all(`${TRPC_PREFIX}/:path`, async (ctx) => {
    // tRPC itself answers for every /trpc request, its errors included; never cache what it says.
    ctx.set('Cache-Control', 'no-store');
    const path = ctx.params.path;
    const batched = new URLSearchParams(ctx.querystring).get('batch') === '1';
    ctx.state.route = trpcRoute(path, batched);
    const procedures = batched ? path.split(',').length : 1;
    // A batch over the limit is refused whole by tRPC (maxBatchSize) before any procedure, or even
    // the credential lookup, runs: like an unknown route, it costs no budget and no database work.
    const state = procedures <= MAX_BATCH_SIZE ? await prepareTrpc(ctx, procedures) : undefined;
    const outcome = await trpc(ctx, state, path, batched);
    if (outcome) sendOutcome(ctx, outcome); // none: a subscription's stream is already the body
  });

  // Everything under /v1: route lookup (404/405), credential, rate limit, body, then the procedure.
  // First, so that the most frequent requests do not walk the router's table (none of its paths
  // is under /v1).
  const v1: Koa.Middleware = async (ctx, next) => {
    if (ctx.path !== REST_PREFIX && !ctx.path.startsWith(`${REST_PREFIX}/`)) return next();
    const subPath = ctx.path.slice(REST_PREFIX.length).replace(/\/+$/, '') || '/';
    const route = routes.find((r) => r.pattern.test(subPath));
    if (!route) throw new ApiError('not_found', { detail: `No route ${ctx.method} ${ctx.path}.` });
    ctx.state.route = `${REST_PREFIX}${route.template}`;
    // HEAD is answered wherever GET is (RFC 9110 §9.3.2); Koa sends no body for it.
    if (!route.allowed.includes(ctx.method)) {
      ctx.set('Allow', route.allow);
      throw new ApiError('method_not_allowed', {
        detail: `${ctx.method} is not allowed on ${ctx.path}; use ${route.allow}.`,
      });
    }
    if (route.tenantData) ctx.set('Cache-Control', 'no-store');
    const state = await prepare(ctx, `${REST_PREFIX}${route.template}`);
    if (state.refusal) throw state.refusal.rejection;
    const req = ctx.req as IncomingMessage & { body?: unknown };
    req.body = undefined;
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      sendOutcome(ctx, await rest(ctx, subPath, route.template));
      return;
    }
    const meta = procedures.byOperation.get(`${ctx.method} ${route.template}`)?.meta;
    const idempotencyKey = await deferInputError(state, async () => {
      // The path id is judged before anything about the body or the key (decisions §1).
      if (!hasWellFormedId(route.idSegment, subPath)) throw malformedPathId();
      req.body = await readJsonBody(ctx.req);
      rejectPathParamsInBody(req.body, route.params);
      return parseIdempotencyKey(ctx.req.headers['idempotency-key'] as string | undefined);
    });
    // A conditional write's versions (decisions §19); read apart from the key, so that a replay
    // answers its stored response whatever If-Match says, a malformed one included.
    if (!state.inputError) await deferInputError(state, async () => readIfMatch(state, meta, ctx.req.headers));
    state.idempotencyKey = idempotencyKey; // the write's events record it (decisions §14)
    // The route's path, without a trailing slash: `/v1/employees/` and `/v1/employees` are one request.
    const write = {
      method: ctx.method,
      path: `${REST_PREFIX}${subPath}`,
      body: req.body,
      key: idempotencyKey,
      scope: route.scopes[ctx.method],
      beforeTransaction: meta?.beforeTransaction,
      errorContentType: 'application/problem+json',
    };
    const outcome = await executeWrite(state, write, () => rest(ctx, subPath, route.template));
    sendOutcome(ctx, replayedWithEtag(meta, outcome));
  };
  // /livez, /readyz, and /metrics when METRICS_TOKEN is set: never rate limited, no API credential.
  app.use(operationsRoutes({ env, readiness, metrics }, Boolean(env.METRICS_TOKEN)));
  app.use(v1);
  app.use(router.routes());

  // Nothing matched: a problem document, not Koa's text 404.
  app.use((ctx) => {
    writeProblem(ctx, new ApiError('not_found', { detail: `No route ${ctx.method} ${ctx.path}.` }), baseUrl);
  });

  return app;
}

/** Starts Swagger UI; no validator badge, which would load an image from validator.swagger.io. */
const DOCS_SCRIPT =
  "window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null });";

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Workforce API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>${DOCS_SCRIPT}</script>
</body>
</html>`;

/**
 * What /docs loads: Swagger UI's script and stylesheet from /docs/assets, its one inline script by
 * hash (not 'unsafe-inline': nothing else inline may run), the icons its stylesheet holds as data:
 * URLs, and /openapi.json and "Try it out" requests on this origin. It needs no inline style (React
 * sets styles through the DOM, which style-src does not govern) and no eval.
 */
const DOCS_POLICY = contentSecurityPolicy({
  script: ["'self'", inlineScriptSource(DOCS_SCRIPT)],
  style: ["'self'"],
  img: ["'self'", 'data:'],
  connect: ["'self'"],
});
