/**
 * The credential and rate-limit step: the Authorization header resolved once per request (decisions
 * §3) into the request's state, and a point of the caller's budget spent per procedure it runs
 * (decisions §5: per credential, else per client IP), with the RateLimit-* headers. A refusal is
 * kept on the state, not thrown: each procedure past the budget throws it first thing.
 */
import type Koa from 'koa';
import { type Auth, type RequestState, rateLimitKey, requestState, type Services } from '../../../core/context.js';
import type { EntityManager } from '../../../db/orm.js';
import type { CredentialCache } from '../../../routers/credentials/credentialCache.rules.js';
import { resolveBearer } from '../../../routers/credentials/credentials.reads.js';
import type { Env } from '../../main/env.js';
import { quotaHeaders, type RateLimits } from '../rateLimit.js';

/** `Bearer <token>`: the scheme in any case, the token 1 to 512 visible ASCII characters. */
const BEARER = /^bearer +([\x21-\x7e]{1,512}) *$/i;

/** The bearer credential in an Authorization header: null when there is none, false when malformed. */
function bearerToken(header: string | undefined): string | null | false {
  if (!header) return null;
  const match = BEARER.exec(header);
  return match ? match[1] : false;
}

async function resolveAuth(
  header: string | undefined,
  em: EntityManager,
  prefix: string,
  cache: CredentialCache | undefined,
): Promise<Auth> {
  const token = bearerToken(header);
  if (token === null) return { state: 'anonymous' };
  if (token === false) return { state: 'invalid' };
  return resolveBearer(em, prefix, token, cache);
}

/** The caller's address: behind our own proxy (TRUST_PROXY), the rightmost X-Forwarded-For entry. */
export function clientIp(ctx: Koa.Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The rightmost entry is the one our own proxy appended; those left of it are the client's word.
    const forwarded = ctx.get('X-Forwarded-For').split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return ctx.req.socket.remoteAddress ?? 'unknown';
}

export interface CredentialDeps {
  env: Pick<Env, 'CREDENTIAL_PREFIX' | 'TRUST_PROXY'>;
  rateLimits: RateLimits;
  services: Services;
  /** The routes that spend no budget (ProcedureTable `unlimited`). */
  unlimited: ReadonlySet<string>;
  /** This node's cache of resolved credentials; absent when it keeps none (server/main/credentialNotices.ts). */
  credentialCache?: CredentialCache;
}

/**
 * The step: `(ctx, routeKey, procedures)` → the request's state, with its credential, and a refusal
 * when the budget did not cover every one of its `procedures` (several in a tRPC batch).
 */
export function credentialStep({ env, rateLimits, services, unlimited, credentialCache }: CredentialDeps) {
  return async (ctx: Koa.Context, routeKey: string, procedures = 1): Promise<RequestState> => {
    const state = requestState({
      requestId: ctx.state.requestId,
      // A statement outside any transaction: the ORM's own entity manager, no fork (requestState).
      auth: await resolveAuth(
        ctx.get('Authorization') || undefined,
        services.orm.em,
        env.CREDENTIAL_PREFIX,
        credentialCache,
      ),
      services,
    });
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
}

/** What `credentialStep` returns. */
export type CredentialStep = ReturnType<typeof credentialStep>;
