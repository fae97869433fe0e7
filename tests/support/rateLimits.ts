import { expect } from 'vitest';
import { INTEGER } from './formats.js';

/** RateLimit-* headers as numbers, after checking they are all present and integers. */
export function quota(res: Response): { limit: number; remaining: number; reset: number } {
  const raw = {
    limit: res.headers.get('ratelimit-limit'),
    remaining: res.headers.get('ratelimit-remaining'),
    reset: res.headers.get('ratelimit-reset'),
  };
  for (const [name, value] of Object.entries(raw)) {
    expect(value, `RateLimit-${name} on ${res.url}`).toMatch(INTEGER);
  }
  return { limit: Number(raw.limit), remaining: Number(raw.remaining), reset: Number(raw.reset) };
}

export function expectNoRateLimitHeaders(res: Response): void {
  const names = [...res.headers.keys()].filter((n) => n.startsWith('ratelimit') || n === 'retry-after');
  expect(names, `rate-limit headers on ${res.url}`).toEqual([]);
}
