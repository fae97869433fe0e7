// The fetch every call of the client goes through (openapi-fetch's `fetch` option): credentials,
// Idempotency-Key, timeouts and retries. It sends what it is given; of the answers it reads each body
// whole (so that the attempt's timeout covers it) and parses only error bodies, to tell a problem
// document from a proxy's page.
import { isProblem, WorkforceHttpError, WorkforceNetworkError, WorkforceTimeoutError } from './errors.js';
import { backoffMs, isRepeatable, isRetriedStatus, KEYED_METHODS, retryDelayMs } from './retries.js';

export type Fetch = (request: Request) => Promise<Response>;

/** Where a request's `Authorization` comes from: a fixed API key, or OAuth tokens (oauth.ts). */
export interface Credentials {
  /** The `Authorization` value for the next attempt. */
  authorization(): Promise<string>;
  /** Told that the server refused `rejected` with 401; true when another value is worth one more try. */
  renew?(rejected: string): boolean;
}

/** What `onRetry` is told before each wait for another attempt. */
export interface RetryEvent {
  /** The attempt the wait leads to: 2 before the first retry. */
  attempt: number;
  /** Milliseconds about to be waited. */
  delayMs: number;
  /** An answer worth retrying (its `status`), no answer (`network_error`, the cause in `error`) or a timed-out attempt. */
  reason: 'status' | 'network_error' | 'timeout';
  status?: number;
  error?: unknown;
  /** The request's method and full URL. */
  method: string;
  url: string;
}

export interface TransportOptions {
  fetch: Fetch;
  maxRetries: number;
  /** Milliseconds each attempt may take, answer body included. */
  timeout: number;
  /** Milliseconds the whole call may take, attempts and waits included (no limit when absent). */
  totalTimeout?: number;
  /** The longest wait a `Retry-After` or `RateLimit-Reset` is obeyed for; beyond it the answer is returned. */
  maxRetryDelay: number;
  /** Told before each wait; a hook that throws ends the call with its error. */
  onRetry?: (retry: RetryEvent) => void;
  credentials?: Credentials;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (the retries' and the follower's waits). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** An error answer whose body is a problem document (JSON with a string `code`). */
function isProblemAnswer(response: Response, body: Uint8Array): boolean {
  if (!/^application\/(problem\+)?json\b/i.test(response.headers.get('content-type') ?? '')) return false;
  try {
    return isProblem(JSON.parse(new TextDecoder().decode(body)));
  } catch {
    return false;
  }
}

/**
 * A fetch that
 * - gives every POST, PUT, PATCH and DELETE an `Idempotency-Key` (a new UUID unless the request has one),
 *   the same on each of its attempts;
 * - sets `Authorization` from `credentials` unless the request has one, and on a 401 renews it once;
 * - reads each answer's body within its attempt, which `timeout` bounds, and the whole call within
 *   `totalTimeout`; a timeout throws WorkforceTimeoutError, no answer WorkforceNetworkError, the
 *   request's own signal rejects with its reason;
 * - retries 429, and 502/503/504 of a repeatable request (a read, or a keyed write), after the wait the
 *   answer asks for (up to `maxRetryDelay`), and a network error or timeout of a repeatable request
 *   after backoff, at most `maxRetries` times and never past `totalTimeout`; a caller's abort is
 *   never retried;
 * - throws WorkforceHttpError for an error answer that is no problem document, so that `error` of a
 *   call is only ever one.
 * Each attempt sends a clone of the request: a body stream can be sent only once.
 */
export function transport(options: TransportOptions): Fetch {
  return async (request) => {
    const headers = new Headers(request.headers);
    if (KEYED_METHODS.has(request.method) && !headers.has('idempotency-key')) {
      headers.set('Idempotency-Key', crypto.randomUUID());
    }
    const credentials = headers.has('authorization') ? undefined : options.credentials;
    const template = new Request(request, { headers });
    const repeatable = isRepeatable(template);
    const deadline = performance.now() + (options.totalTimeout ?? Number.POSITIVE_INFINITY);
    let attempts = 0;
    let retries = 0;
    let renewed = false;
    /** Waits before another attempt, if one is left and the wait ends before the deadline. */
    const retried = async (delayMs: number | undefined, why: Pick<RetryEvent, 'reason' | 'status' | 'error'>) => {
      if (delayMs === undefined || retries >= options.maxRetries || delayMs > deadline - performance.now()) {
        return false;
      }
      options.onRetry?.({ attempt: attempts + 1, delayMs, ...why, method: request.method, url: request.url });
      await sleep(delayMs, request.signal);
      retries++;
      return true;
    };
    for (;;) {
      const limit = AbortSignal.timeout(
        Math.max(0, Math.ceil(Math.min(options.timeout, deadline - performance.now()))),
      );
      const attempt = new Request(template.clone(), { signal: AbortSignal.any([request.signal, limit]) });
      const authorization = await credentials?.authorization();
      if (authorization) attempt.headers.set('Authorization', authorization);
      attempts++;
      let response: Response;
      let body: Uint8Array;
      try {
        response = await options.fetch(attempt);
        body = new Uint8Array(await response.clone().arrayBuffer());
      } catch (error) {
        if (request.signal.aborted) throw request.signal.reason;
        const timedOut = limit.aborted;
        const why = timedOut ? ({ reason: 'timeout' } as const) : ({ reason: 'network_error', error } as const);
        if (repeatable && (await retried(backoffMs(retries), why))) continue;
        throw timedOut ? new WorkforceTimeoutError(attempts, error) : new WorkforceNetworkError(attempts, error);
      }
      if (response.status === 401 && authorization && !renewed && credentials?.renew?.(authorization)) {
        renewed = true;
        continue;
      }
      if (isRetriedStatus(response.status, repeatable)) {
        const delay = retryDelayMs(response.headers, retries, options.maxRetryDelay);
        if (await retried(delay, { reason: 'status', status: response.status })) continue;
      }
      if (response.status >= 400 && !isProblemAnswer(response, body)) throw new WorkforceHttpError(response, body);
      return response;
    }
  };
}
