import { createHmac } from 'node:crypto';

/**
 * Webhook delivery as rules (decisions §14, Standard Webhooks 1.0): how a delivery is signed, when a
 * failed attempt is tried again, and what an answer (or its absence) means. Pure; the dispatcher
 * that claims, sends and records is the process's job (routers/webhooks/webhook.dispatcher.ts).
 */

/** How much of a receiver's answer is read; the rest is discarded unread. */
export const RESPONSE_READ_LIMIT = 4096;

/** A delivery's `error` column holds at most this many characters. */
const ERROR_MAX = 500;

const SECRET_PREFIX = 'whsec_';

/** The HMAC key of a Standard Webhooks secret: the bytes its base64 part (after `whsec_`) encodes. */
function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")>` for
 * each secret, space-separated (the current secret first; the rotated-away one beside it during its
 * grace period, so a receiver still on either verifies).
 */
export function webhookSignature(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map(
      (secret) => `v1,${createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
    )
    .join(' ');
}

/**
 * Seconds until the next attempt after attempt `attempt` (counted from 1) failed: the schedule's
 * `attempt`-th delay, or null when that was the last attempt (1 + the schedule's length in all).
 */
export function retryDelaySeconds(schedule: readonly number[], attempt: number): number | null {
  return attempt >= 1 && attempt <= schedule.length ? (schedule[attempt - 1] as number) : null;
}

/** What an attempt came to, as its delivery row records it. */
export interface AttemptOutcome {
  status: 'succeeded' | 'failed';
  /** The receiver's HTTP status; null when none arrived. */
  responseStatus: number | null;
  error: string | null;
}

function clip(text: string): string {
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text;
}

/** An answer's status: 2xx is success; a redirect is not followed and fails; anything else fails. */
export function responseOutcome(status: number): AttemptOutcome {
  if (status >= 200 && status < 300) return { status: 'succeeded', responseStatus: status, error: null };
  const error =
    status >= 300 && status < 400
      ? `the endpoint answered ${status}: redirects are not followed`
      : `the endpoint answered ${status}`;
  return { status: 'failed', responseStatus: status, error };
}

/** Node's names for connection failures, as a receiver's operator would say them. */
const CONNECTION_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the endpoint',
  EPIPE: 'connection closed by the endpoint',
  UND_ERR_SOCKET: 'connection closed by the endpoint before it answered',
  UND_ERR_CLOSED: 'connection closed by the endpoint before it answered',
  ENOTFOUND: 'host does not resolve',
  EAI_AGAIN: 'host does not resolve (temporary DNS failure)',
  ETIMEOUT: 'host did not resolve in time',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_OVERFLOW: 'the endpoint answered with headers too large',
  HPE_INVALID_CONSTANT: 'the endpoint answered something other than HTTP',
};

function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A request that got no answer: a timeout (`timeoutMs`), a refused or broken connection, a DNS or
 * TLS failure. The error text names the cause, never the request's content.
 */
export function failureOutcome(error: unknown, timeoutMs: number): AttemptOutcome {
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { status: 'failed', responseStatus: null, error: `no answer within ${timeoutMs} ms` };
  }
  const code = codeOf(error);
  let text: string;
  if (code && CONNECTION_ERRORS[code]) text = CONNECTION_ERRORS[code];
  else if (code && /CERT|SSL|TLS|SIGNATURE/.test(code)) text = `TLS failure: ${code}`;
  else if (code) text = `request failed: ${code}`;
  else {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    text = `request failed: ${cause ?? (error instanceof Error ? error.message : String(error))}`;
  }
  return { status: 'failed', responseStatus: null, error: clip(text) };
}

/** A delivery that was not sent (the endpoint's state or URL refuses it), with the reason. */
export function refusedOutcome(reason: string): AttemptOutcome {
  return { status: 'failed', responseStatus: null, error: clip(reason) };
}
