import type { Context, Middleware } from 'koa';
import { REPLAYED_HEADER } from '../idempotency.js';
import type { Metrics } from '../metrics.js';

/**
 * The route a request is counted under: the template its handler set on `ctx.state.route` (/v1's
 * route table, the tRPC procedure, the operations paths), else the path of the router's matched
 * route (`/docs/assets/:file` → `/docs/assets/{file}`), else `unmatched`. Never the raw path: the
 * label's values stay a fixed, small set whatever clients send.
 */
function routeLabel(ctx: Context): string {
  const set: unknown = ctx.state.route;
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
