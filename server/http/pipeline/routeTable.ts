/**
 * The /v1 route table step: which route of the procedure table a request is for (404 when none,
 * 405 with Allow when the route has no such method), before any credential, budget or body.
 */
import type { Context as KoaContext } from 'koa';
import { ApiError } from '../../../core/problems.js';
import { REST_PREFIX, type RestRoute } from '../procedureTable.js';

/** The path under /v1 without a trailing slash (`/v1/employees/` is `/employees`); undefined: not a /v1 request. */
export function restSubPath(path: string): string | undefined {
  if (path !== REST_PREFIX && !path.startsWith(`${REST_PREFIX}/`)) return undefined;
  return path.slice(REST_PREFIX.length).replace(/\/+$/, '') || '/';
}

/** The route of `subPath`, the request counted under it; throws 404 or 405. */
export function findRoute(routes: readonly RestRoute[], ctx: KoaContext, subPath: string): RestRoute {
  const route = routes.find((r) => r.pattern.test(subPath));
  if (!route) throw new ApiError('not_found', { detail: `No route ${ctx.method} ${ctx.path}.` });
  ctx.state.route = route.key;
  // HEAD is answered wherever GET is (RFC 9110 §9.3.2); Koa sends no body for it.
  if (!route.allowed.includes(ctx.method)) {
    ctx.set('Allow', route.allow);
    throw new ApiError('method_not_allowed', {
      detail: `${ctx.method} is not allowed on ${ctx.path}; use ${route.allow}.`,
    });
  }
  if (route.tenantData) ctx.set('Cache-Control', 'no-store');
  return route;
}
