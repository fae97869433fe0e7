/** What a procedure answered over HTTP, before it is written (and, for writes, stored for replay), and its writing. */
import type { Context as KoaContext } from 'koa';
import type { ApiError } from '../../core/problems.js';

/** What a /v1 procedure answered, before it is written (and, for writes, stored for replay). */
export interface RestOutcome {
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
  error?: ApiError;
}

/** Marks a response served from a stored outcome (`true`); the metrics count these. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export function sendOutcome(ctx: KoaContext, outcome: RestOutcome): void {
  ctx.set(outcome.headers);
  ctx.status = outcome.status;
  if (outcome.status === 204 || outcome.status === 304) {
    ctx.body = null; // no body, no Content-Type (a stored 204 replays the same way; 304: decisions §19)
    return;
  }
  ctx.type = outcome.contentType;
  // As bytes: Koa then measures no text, and the socket writes them as they are, where a string is
  // copied once more to be joined to the head and again to be encoded (a list page: 24 KB each).
  ctx.body = Buffer.from(outcome.body);
}
