import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const INTEGER = /^\d+$/;

/** The modules of decisions §10, in catalogue order. */
export const CATALOGUE_SLUGS = [
  'core-hr',
  'leave',
  'attendance',
  'holidays',
  'assets',
  'recruitment',
  'helpdesk',
  'surveys',
  'payroll',
  'performance',
  'expenses',
  'learning',
];

export interface Module {
  slug: string;
  title: string;
  description: string;
  status: string;
  availability: string;
  category: string;
  url: string;
}

export interface ModulePage {
  data: Module[];
  next_cursor: string | null;
  has_more: boolean;
}

/** A client address nobody else uses, for X-Forwarded-For on a TRUST_PROXY server (shared stores). */
export function uniqueClientIp(): string {
  const hex = randomBytes(8).toString('hex').match(/.{4}/g) ?? [];
  return `2001:db8:${hex.join(':')}`;
}

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

/** The tRPC query URL of a procedure with a JSON input. */
export function trpcUrl(procedure: string, input?: unknown): string {
  return input === undefined
    ? `/trpc/${procedure}`
    : `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
}
