import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type IRateLimiterOptions,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Env } from './env.js';
import { ApiError } from './errors.js';

type Limiter = RateLimiterMemory | RateLimiterRedis | RateLimiterPostgres;

export interface Quota {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** The limiters of one process, on the store RATE_LIMIT_STORE names (shared by every node for redis/postgres). */
export class RateLimits {
  private constructor(
    private readonly limiters: Record<'credential' | 'anonymous', Limiter>,
    private readonly close: () => Promise<void>,
  ) {}

  static async create(env: Env): Promise<RateLimits> {
    const duration = env.RATE_LIMIT_DURATION_S;
    const specs = {
      credential: { keyPrefix: 'rl_cred', points: env.RATE_LIMIT_POINTS, duration },
      anonymous: { keyPrefix: 'rl_ip', points: env.RATE_LIMIT_IP_POINTS, duration },
    };
    if (env.RATE_LIMIT_STORE === 'redis') {
      const redis = new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
      await redis.connect();
      const make = (o: IRateLimiterOptions) => new RateLimiterRedis({ ...o, storeClient: redis });
      return new RateLimits(
        { credential: make(specs.credential), anonymous: make(specs.anonymous) },
        async () => void redis.disconnect(),
      );
    }
    if (env.RATE_LIMIT_STORE === 'postgres') {
      if (!env.DATABASE_URL) throw new Error('RATE_LIMIT_STORE=postgres needs DATABASE_URL');
      const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 5 });
      // The rate_limits table comes from a migration, so nothing is created in the background.
      const make = (o: IRateLimiterOptions) =>
        new RateLimiterPostgres({
          ...o,
          storeClient: pool,
          tableName: 'rate_limits',
          tableCreated: true,
          clearExpiredByTimeout: false,
        });
      return new RateLimits({ credential: make(specs.credential), anonymous: make(specs.anonymous) }, () => pool.end());
    }
    return new RateLimits(
      { credential: new RateLimiterMemory(specs.credential), anonymous: new RateLimiterMemory(specs.anonymous) },
      async () => {},
    );
  }

  /** Spends one point of `key`'s budget; throws 429 `rate_limited` when it is gone. */
  async consume(kind: 'credential' | 'anonymous', key: string): Promise<Quota> {
    const limiter = this.limiters[kind];
    try {
      return toQuota(limiter.points, await limiter.consume(key));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const quota = toQuota(limiter.points, rejection);
      throw new ApiError('rate_limited', {
        detail: `Rate limit of ${limiter.points} requests per ${limiter.duration} s exceeded; retry in ${quota.resetSeconds} s.`,
        headers: { ...quotaHeaders(quota), 'Retry-After': String(quota.resetSeconds) },
      });
    }
  }

  shutdown(): Promise<void> {
    return this.close();
  }
}

function toQuota(limit: number, res: RateLimiterRes): Quota {
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
