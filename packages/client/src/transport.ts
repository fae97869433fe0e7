// The fetch every call of the client goes through (openapi-fetch's `fetch` option): credentials,
// Idempotency-Key, per-attempt timeout and retries. It sends what it is given; it parses no body.
import { backoffMs, isRepeatable, KEYED_METHODS, retryDelayMs } from './retries.js';

export type Fetch = (request: Request) => Promise<Response>;

/** Where a request's `Authorization` comes from: a fixed API key, or OAuth tokens (oauth.ts). */
export interface Credentials {
  /** The `Authorization` value for the next attempt. */
  authorization(): Promise<string>;
  /** Told that the server refused `rejected` with 401; true when another value is worth one more try. */
  renew?(rejected: string): boolean;
}

export interface TransportOptions {
  fetch: Fetch;
  maxRetries: number;
  /** Milliseconds each attempt may take, answer body included. */
  timeout: number;
  credentials?: Credentials;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Frees the connection of an answer nobody will read. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/**
 * A fetch that
 * - gives every POST, PUT, PATCH and DELETE an `Idempotency-Key` (a new UUID unless the request has one),
 *   the same on each of its attempts;
 * - sets `Authorization` from `credentials` unless the request has one, and on a 401 renews it once;
 * - aborts an attempt after `timeout` ms, and the whole call when the request's own signal aborts;
 * - retries 429, and 503 of a repeatable request, after the wait the answer asks for, and a network
 *   error or timeout of a repeatable request (a read, or a keyed write) after backoff, at most
 *   `maxRetries` times; a caller's abort is never retried.
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
    let retries = 0;
    let renewed = false;
    for (;;) {
      const attempt = new Request(template.clone(), {
        signal: AbortSignal.any([request.signal, AbortSignal.timeout(options.timeout)]),
      });
      const authorization = await credentials?.authorization();
      if (authorization) attempt.headers.set('Authorization', authorization);
      let response: Response;
      try {
        response = await options.fetch(attempt);
      } catch (error) {
        if (request.signal.aborted || !repeatable || retries >= options.maxRetries) throw error;
        await sleep(backoffMs(retries), request.signal);
        retries++;
        continue;
      }
      if (response.status === 401 && authorization && !renewed && credentials?.renew?.(authorization)) {
        renewed = true;
        await discard(response);
        continue;
      }
      const retryable = response.status === 429 || (response.status === 503 && repeatable);
      const delay = retryable && retries < options.maxRetries ? retryDelayMs(response.headers, retries) : undefined;
      if (delay === undefined) return response;
      await discard(response);
      await sleep(delay, request.signal);
      retries++;
    }
  };
}
