// When to try a request again and how long to wait first: pure rules, no I/O. The loop that applies
// them is transport.ts.

/** The default of `maxRetryDelay`: a wait the server asks for beyond it goes back to the caller. */
export const MAX_RETRY_DELAY_MS = 60_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;

/** Methods a network error may safely repeat without an Idempotency-Key (RFC 9110 §9.2.1). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Methods that change something: each attempt of one call carries the same Idempotency-Key. */
export const KEYED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A request that may be sent again after a failure that might have reached the server. */
export function isRepeatable(request: Request): boolean {
  return SAFE_METHODS.has(request.method) || request.headers.has('idempotency-key');
}

/** Gateway failures: the API may or may not have done the request, so only a repeatable one is retried. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** An answer worth another attempt: 429 always (refused before anything was done), 502/503/504 when repeatable. */
export function isRetriedStatus(status: number, repeatable: boolean): boolean {
  return status === 429 || (repeatable && GATEWAY_STATUSES.has(status));
}

/**
 * Exponential backoff with jitter (±25 %) for a retry the server gave no wait for: 0.5 s, 1 s, 2 s,
 * … up to 8 s. The jitter keeps many clients refused at once from coming back at once.
 */
export function backoffMs(retriesSoFar: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retriesSoFar);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** Whole seconds (`"3"`), as both headers send them, in milliseconds; nothing else. */
function secondsMs(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : undefined;
}

/** An IMF-fixdate, the HTTP date senders must use (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`. */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); garbage is absent. */
function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  if (HTTP_DATE.test(value.trim())) return Math.max(0, Date.parse(value) - now);
  return secondsMs(value);
}

/**
 * How long to wait before retrying a 429 or 502/503/504: `Retry-After`, else `RateLimit-Reset`
 * (seconds until the window resets), else backoff. `undefined` when the server asks for more than
 * `maxDelayMs`: waiting minutes inside a call is worse than answering.
 */
export function retryDelayMs(
  headers: Headers,
  retriesSoFar: number,
  maxDelayMs: number,
  now: number = Date.now(),
): number | undefined {
  const asked = retryAfterMs(headers.get('retry-after'), now) ?? secondsMs(headers.get('ratelimit-reset'));
  if (asked === undefined) return backoffMs(retriesSoFar);
  return asked <= maxDelayMs ? asked : undefined;
}
