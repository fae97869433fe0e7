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
 * A tRPC client for the Workforce API: calls made together are batched, at most MAX_BATCH_SIZE
 * to a request; a mutation given `{ context: { idempotencyKey } }` is sent alone, with that
 * `Idempotency-Key` header. Errors are TRPCClientError with the problem code in `error.data.code`.
 */
export function createWorkforceTRPCClient(options: WorkforceTRPCClientOptions): TRPCClient<AppRouter> {
  const { url, token } = options;
  const authorization = async () => ({
    Authorization: `Bearer ${typeof token === 'function' ? await token() : token}`,
  });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'mutation' && op.context.idempotencyKey !== undefined,
        true: httpLink({
          url,
          fetch: options.fetch,
          headers: async ({ op }) => ({ ...(await authorization()), 'Idempotency-Key': idempotencyKeyOf(op.context) }),
        }),
        false: httpBatchLink({ url, fetch: options.fetch, maxItems: MAX_BATCH_SIZE, headers: authorization }),
      }),
    ],
  });
}
