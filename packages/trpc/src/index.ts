/**
 * @workforce/trpc: the Workforce API's router type for first-party TypeScript frontends, and a
 * ready tRPC client for it (decisions §17). No server code: AppRouter is a type (appRouter.ts).
 */
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCClient } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './appRouter.js';

export type { AppRouter, ErrorShape, FieldError } from './appRouter.js';

/** Every procedure's input, by path: `RouterInputs['employees']['create']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Every procedure's output, by path: `RouterOutputs['employees']['list']['data'][number]`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Procedures one /trpc request may batch (decisions §16); the server refuses a larger batch. */
export const MAX_BATCH_SIZE = 10;

export interface WorkforceTRPCClientOptions {
  /** The tRPC endpoint itself: `https://api.example.com/trpc`. */
  url: string;
  /**
   * An API key (`svc_live_…`, `svc_test_…`) or an OAuth access token, sent as a Bearer credential;
   * a function is asked before every HTTP request (for a token the frontend refreshes).
   */
  token: string | (() => string | Promise<string>);
  /** A fetch of your own (tests, instrumentation); the global one by default. */
  fetch?: typeof fetch;
}

/**
 * The write's Idempotency-Key, from `{ context: { idempotencyKey } }` (1–255 visible ASCII
 * characters; sending the mutation again with the same key replays the first answer). tRPC types a
 * call's context as any record (its interface is re-exported, so a package cannot narrow it), so
 * the type is checked here.
 */
function idempotencyKeyOf(context: Record<string, unknown>): string {
  const key = context.idempotencyKey;
  if (typeof key !== 'string') throw new TypeError('context.idempotencyKey must be a string');
  return key;
}

/**
 * The write's If-Match, from `{ context: { ifMatch } }`: a record's version (`3`, sent as `"3"`, the
 * record's ETag) or the header's own value (`'"3"'`, `'*'`). The write is made only when the record
 * is still at that version, else it fails with `precondition_failed` (412) and nothing is written.
 */
function ifMatchOf(context: Record<string, unknown>): string {
  const value = context.ifMatch;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return `"${value}"`;
  if (typeof value === 'string') return value;
  throw new TypeError('context.ifMatch must be a version (a positive integer) or an If-Match value');
}

/** A mutation's own headers, from its context: Idempotency-Key and If-Match. */
function writeHeaders(context: Record<string, unknown>): Record<string, string> {
  return {
    ...(context.idempotencyKey !== undefined ? { 'Idempotency-Key': idempotencyKeyOf(context) } : {}),
    ...(context.ifMatch !== undefined ? { 'If-Match': ifMatchOf(context) } : {}),
  };
}

/**
 * A tRPC client for the Workforce API: calls made together are batched, at most MAX_BATCH_SIZE
 * to a request; a mutation given `{ context: { idempotencyKey } }` or `{ context: { ifMatch } }`
 * is sent alone, with that `Idempotency-Key` or `If-Match` header. Errors are TRPCClientError with
 * the problem code in `error.data.code`.
 */
export function createWorkforceTRPCClient(options: WorkforceTRPCClientOptions): TRPCClient<AppRouter> {
  const { url, token } = options;
  const authorization = async () => ({
    Authorization: `Bearer ${typeof token === 'function' ? await token() : token}`,
  });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) =>
          op.type === 'mutation' && (op.context.idempotencyKey !== undefined || op.context.ifMatch !== undefined),
        true: httpLink({
          url,
          fetch: options.fetch,
          headers: async ({ op }) => ({ ...(await authorization()), ...writeHeaders(op.context) }),
        }),
        false: httpBatchLink({ url, fetch: options.fetch, maxItems: MAX_BATCH_SIZE, headers: authorization }),
      }),
    ],
  });
}
