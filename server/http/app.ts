/**
 * The Koa app: the pipeline's steps in the order a request meets them, each a module of its own
 * under pipeline/, then the routes outside /v1, each mounted by its own module. It decides nothing a
 * step or a procedure decides: the order of checks of decisions §1 is core/trpc.ts's.
 */
import Router from '@koa/router';
import Koa from 'koa';
import type { RequestState, Services } from '../../core/context.js';
import type { CredentialCache } from '../../routers/credentials/credentialCache.rules.js';
import { appRouter } from '../../routers/index.js';
import type { Env } from '../main/env.js';
import { accountSetupRoutes } from './accountSetup.js';
import { anyOrigin, registeredAppOrigins } from './appOrigins.js';
import { replayedWithEtag } from './conditional.js';
import { docsRoutes } from './docsRoutes.js';
import type { Metrics } from './metrics.js';
import { tokenRoutes } from './oauthToken.js';
import { sendOutcome } from './outcome.js';
import { readWriteInput } from './pipeline/body.js';
import { clientIp, credentialStep } from './pipeline/credential.js';
import {
  configuredOrigins,
  cors,
  notFound,
  problemBoundary,
  requestId,
  requestLog,
  requestMetrics,
} from './pipeline/edge.js';
import { executeWrite } from './pipeline/idempotency.js';
import { procedureStep } from './pipeline/procedure.js';
import { findRoute, restSubPath } from './pipeline/routeTable.js';
import { operationsRoutes, PROBE_PATHS, type Readiness } from './probes.js';
import { procedureTable, REST_PREFIX } from './procedureTable.js';
import type { RateLimits } from './rateLimit.js';
import { signInRoutes } from './signIn.js';
import { trpcRoutes } from './trpcEndpoint.js';

export interface AppDeps extends Services {
  env: Env;
  rateLimits: RateLimits;
  readiness: Readiness;
  /** Absent when metrics are not exposed (neither METRICS_PORT nor METRICS_TOKEN): nothing is counted. */
  metrics?: Metrics;
  /** Aborts when the server stops: open subscription streams end (server/http/trpcEndpoint.ts). */
  stopping?: AbortSignal;
  /** This node's cache of resolved credentials, when it keeps one (server/main/credentialNotices.ts). */
  credentialCache?: CredentialCache;
}

export function createApp(deps: AppDeps): Koa {
  const { env, logger, orm, rateLimits, readiness, metrics } = deps;
  const baseUrl = env.PUBLIC_BASE_URL;
  const table = procedureTable(appRouter);
  const onInternalError = (error: Error, state: RequestState) =>
    logger.error({ err: error.cause ?? error, request_id: state.requestId }, 'procedure failed');
  const admit = credentialStep({
    env,
    rateLimits,
    services: deps,
    unlimited: table.unlimited,
    credentialCache: deps.credentialCache,
  });
  const runProcedure = procedureStep(table, baseUrl, onInternalError);
  const ipOf = (ctx: Koa.Context) => clientIp(ctx, env.TRUST_PROXY);

  const app = new Koa({ proxy: env.TRUST_PROXY });
  app.silent = true;
  app.use(requestId);
  if (metrics) app.use(requestMetrics(metrics));
  app.use(requestLog(logger, PROBE_PATHS));
  app.use(problemBoundary(baseUrl, logger));
  // Before any route, so that a preflight is answered, or refused, whatever the path (decisions §20).
  app.use(cors(anyOrigin(configuredOrigins(env.CORS_ORIGINS), registeredAppOrigins(orm))));
  // /livez, /readyz, and /metrics when METRICS_TOKEN is set: never rate limited, no API credential.
  app.use(operationsRoutes({ env, readiness, metrics }, Boolean(env.METRICS_TOKEN)));

  // /v1, before the router so that the most frequent requests do not walk its table: the route
  // table (404/405) → credential and rate limit → a write's body → idempotency → the procedure.
  app.use(async (ctx, next) => {
    const subPath = restSubPath(ctx.path);
    if (subPath === undefined) return next();
    const route = findRoute(table.routes, ctx, subPath);
    const state = await admit(ctx, route.key);
    if (state.refusal) throw state.refusal.rejection;
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      sendOutcome(ctx, await runProcedure(ctx, state, subPath, route.template, undefined));
      return;
    }
    const meta = table.byOperation.get(`${ctx.method} ${route.template}`)?.meta;
    const body = await readWriteInput(ctx, state, route, subPath, meta);
    // The route's path, without a trailing slash: `/v1/employees/` and `/v1/employees` are one request.
    const write = {
      method: ctx.method,
      path: `${REST_PREFIX}${subPath}`,
      body,
      key: state.idempotencyKey,
      scope: route.scopes[ctx.method],
      beforeTransaction: meta?.beforeTransaction,
      errorContentType: 'application/problem+json',
    };
    const outcome = await executeWrite(state, write, () => runProcedure(ctx, state, subPath, route.template, body));
    sendOutcome(ctx, replayedWithEtag(meta, outcome));
  });

  const router = new Router();
  docsRoutes(router, env);
  accountSetupRoutes(router, orm); // an account's set-up link (decisions §20)
  signInRoutes(router, deps, ipOf); // a first-party app's sign-in page and sign-out (decisions §20)
  tokenRoutes(router, deps, ipOf);
  trpcRoutes(router, table, admit, deps, onInternalError, deps.stopping);
  app.use(router.routes());
  app.use(notFound(baseUrl));
  return app;
}
