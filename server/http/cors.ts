/**
 * CORS for first-party apps in a browser (decisions §1 "CORS", §20 "Browsers"): a page of an allowed
 * origin may send every request header our REST and tRPC clients send and read every response header
 * they read. A preflight from any other origin is refused (403 cors_origin_not_allowed); an actual
 * request from one is served without CORS headers, so the browser keeps the answer from the page.
 * Credentials travel in the Authorization header, never in cookies: no credentialed requests
 * (no Access-Control-Allow-Credentials), and so no CSRF through CORS.
 */
import type { Middleware } from 'koa';
import { ApiError } from '../../core/problems.js';

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
