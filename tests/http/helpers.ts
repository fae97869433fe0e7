import { randomBytes } from 'node:crypto';

/** A client address nobody else uses, for X-Forwarded-For on a TRUST_PROXY server (shared stores). */
export function uniqueClientIp(): string {
  const hex = randomBytes(8).toString('hex').match(/.{4}/g) ?? [];
  return `2001:db8:${hex.join(':')}`;
}

/** The tRPC query URL of a procedure with a JSON input. */
export function trpcUrl(procedure: string, input?: unknown): string {
  return input === undefined
    ? `/trpc/${procedure}`
    : `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
}
