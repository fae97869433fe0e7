/**
 * Rate limits (decisions §5): the per-credential, per-IP and token-endpoint budgets on
 * rate-limiter-flexible (memory, Redis or PostgreSQL), with a memory fallback when the store fails.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Logger } from 'pino';
import type * as Flexible from 'rate-limiter-flexible';
import { ApiError } from '../../core/problems.js';
import { openPgPool } from '../../db/orm.js';
import type { Env } from '../main/env.js';

// The memory limiter and its answer from their own modules, and the shared stores' limiters and the
// Redis client only when RATE_LIMIT_STORE names one: the package's index loads every store's limiter,
// and with ioredis that was 74 modules at every start (docs/decisions.md, "What a process loads").
// Required, not imported, so that the index and these share one RateLimiterRes (`instanceof` below).
const require = createRequire(import.meta.url);
const RateLimiterMemory: typeof Flexible.RateLimiterMemory = require('rate-limiter-flexible/lib/RateLimiterMemory.js');
const RateLimiterRes: typeof Flexible.RateLimiterRes = require('rate-limiter-flexible/lib/RateLimiterRes.js');
const sharedStores = () => require('rate-limiter-flexible') as typeof Flexible;

type Limiter = Flexible.RateLimiterMemory | Flexible.RateLimiterRedis | Flexible.RateLimiterPostgres;
type IRateLimiterOptions = Flexible.IRateLimiterOptions;

/**
 * credential: per API key / OAuth client; anonymous: per client IP; token: the token endpoint per
 * client IP; tokenFailure: failed client authentications, per client IP and per (client id, IP);
 * signInFailure: failed sign-ins, per account (e-mail address) and per client IP (decisions §20).
 */
export const LIMITER_NAMES = ['credential', 'anonymous', 'token', 'tokenFailure', 'signInFailure'] as const;
export type LimiterName = (typeof LIMITER_NAMES)[number];

/** What a spend of several points came to: the quota after it, and how many points it covered. */
export interface Admission {
  quota: Quota;
  admitted: number;
  rejection?: ApiError;
}

export interface Quota {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** The limiters of one process, on the store RATE_LIMIT_STORE names (shared by every node for redis/postgres). */
export class RateLimits {
  private constructor(
    private readonly limiters: Record<LimiterName, Limiter>,
    private readonly close: () => Promise<void>,
    private readonly onRejection: (kind: LimiterName) => void,
  ) {}

  /**
   * `onRejection` is told of every 429 a limiter decides (the metrics count them).
   *
   * A shared store (redis, postgres) that fails or does not answer within
   * RATE_LIMIT_STORE_TIMEOUT_MS does not fail the request: each limiter then counts in this
   * process's memory (rate-limiter-flexible's insurance limiter, same budget), so while the store is
   * out N nodes allow up to N times the limit, and the API stays up (decisions §5).
   */
  static async create(
    env: Env,
    logger: Logger,
    onRejection: (kind: LimiterName) => void = () => {},
  ): Promise<RateLimits> {
    const duration = env.RATE_LIMIT_DURATION_S;
    const specs: Record<LimiterName, IRateLimiterOptions> = {
      credential: { keyPrefix: 'rl_cred', points: env.RATE_LIMIT_POINTS, duration },
      anonymous: { keyPrefix: 'rl_ip', points: env.RATE_LIMIT_IP_POINTS, duration },
      token: { keyPrefix: 'rl_token', points: env.RATE_LIMIT_TOKEN_POINTS, duration },
      tokenFailure: { keyPrefix: 'rl_token_fail', points: env.RATE_LIMIT_TOKEN_FAIL_POINTS, duration },
      signInFailure: { keyPrefix: 'rl_signin_fail', points: env.RATE_LIMIT_SIGNIN_POINTS, duration: SIGNIN_WINDOW_S },
    };
    const build = (make: (o: IRateLimiterOptions) => Limiter) =>
      Object.fromEntries(Object.entries(specs).map(([name, o]) => [name, make(o)])) as Record<LimiterName, Limiter>;
    const insurance = (o: IRateLimiterOptions) => ({ insuranceLimiter: new RateLimiterMemory(o) });
    if (env.RATE_LIMIT_STORE === 'redis') {
      const timeout = env.RATE_LIMIT_STORE_TIMEOUT_MS;
      const { Redis } = require('ioredis') as typeof import('ioredis');
      const { RateLimiterRedis } = sharedStores();
      const redis = new Redis(env.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
        commandTimeout: timeout,
        // A command that timed out was answered from memory: sent again on reconnection, it would
        // count that request a second time.
        autoResendUnfulfilledCommands: false,
        connectTimeout: Math.max(timeout, 1000),
      });
      // ioredis reports each failed (re)connection here; unheard, it would print to stderr.
      redis.on('error', (err: Error) =>
        logger.warn({ err }, 'rate-limit store (redis) unavailable; counting in memory'),
      );
      await redis.connect();
      const make = (o: IRateLimiterOptions) => new RateLimiterRedis({ ...o, storeClient: redis, ...insurance(o) });
      return new RateLimits(build(make), async () => void redis.disconnect(), onRejection);
    }
    if (env.RATE_LIMIT_STORE === 'postgres') {
      if (!env.DATABASE_URL) throw new Error('RATE_LIMIT_STORE=postgres needs DATABASE_URL');
      const { RateLimiterPostgres } = sharedStores();
      const pool = openPgPool({ ...env, DATABASE_URL: env.DATABASE_URL }, 5);
      // rate-limiter-flexible names its statements, and a named (prepared) statement lives on a
      // server session, which a transaction pooler does not keep for a client: PgBouncer then
      // answers "prepared statement does not exist". Sent unnamed, they work through it too.
      const unnamed = { query: (q: pg.QueryConfig) => pool.query({ text: q.text, values: q.values }) };
      // The rate_limits table comes from a migration, so nothing is created in the background.
      const make = (o: IRateLimiterOptions) =>
        new RateLimiterPostgres({
          ...o,
          storeClient: unnamed,
          storeType: 'pool',
          tableName: 'rate_limits',
          tableCreated: true,
          clearExpiredByTimeout: false,
          ...insurance(o),
        });
      return new RateLimits(build(make), () => pool.end(), onRejection);
    }
    return new RateLimits(
      build((o) => new RateLimiterMemory(o)),
      async () => {},
      onRejection,
    );
  }

  /**
   * Spends `points` of `key`'s budget at once (one per procedure of a tRPC batch) and says how many
   * of them the budget still covered; `rejection` (429 `rate_limited`) is set when some were not.
   */
  async take(kind: LimiterName, key: string, points = 1): Promise<Admission> {
    const limiter = this.limiters[kind];
    try {
      return { quota: toQuota(limiter.points, await limiter.consume(key, points)), admitted: points };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const quota = toQuota(limiter.points, rejection);
      this.onRejection(kind);
      // consumedPoints counts this request's points too: those past the limit are refused.
      const refused = Math.min(points, Math.max(0, rejection.consumedPoints - limiter.points));
      const error = new ApiError('rate_limited', {
        detail: `Rate limit of ${limiter.points} requests per ${limiter.duration} s exceeded; retry in ${quota.resetSeconds} s.`,
        headers: { ...quotaHeaders(quota), 'Retry-After': String(quota.resetSeconds) },
      });
      return { quota, admitted: points - refused, rejection: error };
    }
  }

  /** Spends one point of `key`'s budget; throws 429 `rate_limited` when it is gone. */
  async consume(kind: LimiterName, key: string): Promise<Quota> {
    const { quota, rejection } = await this.take(kind, key);
    if (rejection) throw rejection;
    return quota;
  }

  /**
   * 429 while the IP, or this client id from this IP, has used up its budget of failed client
   * authentications. Never per client id alone: a client id is not a secret, so failures counted
   * that way would let anyone lock the real client out from anywhere (decisions §5).
   */
  async checkTokenFailures(ip: string, clientId: string): Promise<void> {
    const limiter = this.limiters.tokenFailure;
    for (const key of tokenFailureKeys(ip, clientId)) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= limiter.points) {
        const retry = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        this.onRejection('tokenFailure');
        throw new ApiError('rate_limited', {
          detail: `Too many failed client authentications; retry in ${retry} s.`,
          headers: { 'Retry-After': String(retry) },
        });
      }
    }
  }

  async recordTokenFailure(ip: string, clientId: string): Promise<void> {
    const limiter = this.limiters.tokenFailure;
    await Promise.all(tokenFailureKeys(ip, clientId).map((key) => limiter.penalty(key, 1)));
  }

  /**
   * The seconds to wait while `email`, or the address `ip`, has used up its failed sign-ins
   * (RATE_LIMIT_SIGNIN_POINTS per 15 minutes); undefined while it may try. Per account, so that
   * guessing one person's password from many addresses is bounded; per address, so that one address
   * trying many accounts is; any address counts, known or not, so the limit tells nothing of which
   * addresses have accounts.
   */
  async signInWait(ip: string, email: string): Promise<number | undefined> {
    const limiter = this.limiters.signInFailure;
    for (const key of signInKeys(ip, email)) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= limiter.points) {
        this.onRejection('signInFailure');
        return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      }
    }
    return undefined;
  }

  async recordSignInFailure(ip: string, email: string): Promise<void> {
    const limiter = this.limiters.signInFailure;
    await Promise.all(signInKeys(ip, email).map((key) => limiter.penalty(key, 1)));
  }

  shutdown(): Promise<void> {
    return this.close();
  }
}

/** The window failed sign-ins are counted in (decisions §20). */
const SIGNIN_WINDOW_S = 15 * 60;

/** Failed sign-ins count per client IP and per account (its e-mail address, as stored: lower-case). */
function signInKeys(ip: string, email: string): string[] {
  return [`ip:${ip}`, `account:${email.trim().toLowerCase()}`];
}

/** Failed client authentications count per client IP and per (client id, client IP) pair. */
function tokenFailureKeys(ip: string, clientId: string): string[] {
  return [`ip:${ip}`, `client:${clientId}@${ip}`];
}

function toQuota(limit: number, res: Flexible.RateLimiterRes): Quota {
  return {
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

export function quotaHeaders(q: Quota): Record<string, string> {
  return {
    'RateLimit-Limit': String(q.limit),
    'RateLimit-Remaining': String(q.remaining),
    'RateLimit-Reset': String(q.resetSeconds),
  };
}
