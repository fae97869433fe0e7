/**
 * @workforce/trpc: the Workforce API's router type for first-party TypeScript frontends, and a
 * ready tRPC client for it (decisions §17, §20). No server code: AppRouter is a type (appRouter.ts).
 */
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  httpSubscriptionLink,
  type OperationContext,
  splitLink,
  type TRPCClient,
  TRPCClientError,
  type TRPCLink,
} from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter, ErrorShape } from './appRouter.js';
import { BearerEventSource } from './eventSource.js';

export type { AppRouter, ErrorShape, FieldError } from './appRouter.js';
export { BearerEventSource, type BearerEventSourceEvent, type BearerEventSourceInit } from './eventSource.js';

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
  /** A fetch of your own (tests, instrumentation); the global one by default. Subscriptions use it too. */
  fetch?: typeof fetch;
}

/**
 * What a call's `{ context }` may carry for the server. tRPC types a call's context as any record,
 * and its interface cannot be augmented from here (@trpc/client re-exports it from a chunk), so the
 * client of createWorkforceTRPCClient types its mutations' context with this instead.
 */
export interface WorkforceOperationContext extends OperationContext {
  /** The write's Idempotency-Key (1–255 visible ASCII characters): the same key replays the first answer. */
  idempotencyKey?: string;
  /** The write's If-Match: the record's `version` (`3`) or the header's own value (`'"3"'`, `'*'`). */
  ifMatch?: number | string;
}

/** A mutation's options on the client of createWorkforceTRPCClient. */
export interface WorkforceMutationOptions {
  signal?: AbortSignal;
  context?: WorkforceOperationContext;
}

/** A procedure's `mutate` with its options typed; queries and subscriptions are tRPC's own. */
type TypedMutate<F> = F extends (...args: infer A) => infer R
  ? A extends [unknown, ...unknown[]]
    ? (input: A[0], opts?: WorkforceMutationOptions) => R
    : (input?: A[0], opts?: WorkforceMutationOptions) => R
  : F;
type WithTypedWrites<T> = {
  [K in keyof T]: T[K] extends { mutate: infer F }
    ? { mutate: TypedMutate<F> }
    : T[K] extends { query: unknown } | { subscribe: unknown }
      ? T[K]
      : K extends string
        ? WithTypedWrites<T[K]>
        : T[K];
};

/**
 * The client createWorkforceTRPCClient returns: tRPC's client of AppRouter, with `idempotencyKey`
 * and `ifMatch` typed in a mutation's context. React Query's integrations take tRPC's own client:
 * build that one from workforceLinks.
 */
export type WorkforceTRPCClient = WithTypedWrites<TRPCClient<AppRouter>>;

/** The `data` of every error the API answers over /trpc. */
export type WorkforceErrorData = ErrorShape['data'];
/** The API's problem codes (decisions §2), a union to switch on. */
export type WorkforceProblemCode = WorkforceErrorData['code'];
/** A TRPCClientError the API answered: `data.code`, `data.httpStatus`, `data.request_id` are there. */
export type WorkforceTRPCError = TRPCClientError<AppRouter> & {
  readonly data: WorkforceErrorData;
  readonly shape: ErrorShape;
};

/**
 * Whether `error` is an answer of the API (not a network failure or an abort): then `error.data.code`
 * is the problem code, typed as the union of the API's codes, and `error.data.request_id` the id to
 * quote to support.
 */
export function isWorkforceTRPCError(error: unknown): error is WorkforceTRPCError {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { code?: unknown }).code === 'string' &&
    typeof (data as { httpStatus?: unknown }).httpStatus === 'number'
  );
}

/**
 * The write's Idempotency-Key, from `{ context: { idempotencyKey } }` (1–255 visible ASCII
 * characters; sending the mutation again with the same key replays the first answer). Checked here
 * too: React Query's `trpc.context` and JavaScript callers are not typed by WorkforceOperationContext.
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
 * The links of the Workforce client, for a tRPC client of your own (React Query's
 * `createTRPCContext` / `createTRPCOptionsProxy` take `createTRPCClient<AppRouter>({ links })`):
 * - subscriptions (`events.onEvent`) over server-sent events, through httpSubscriptionLink with a
 *   BearerEventSource that sends the token in the Authorization header, as the server asks;
 * - a mutation given `{ context: { idempotencyKey } }` or `{ context: { ifMatch } }` alone, with
 *   that `Idempotency-Key` or `If-Match` header;
 * - everything else batched, at most MAX_BATCH_SIZE calls to a request.
 */
export function workforceLinks(options: WorkforceTRPCClientOptions): TRPCLink<AppRouter>[] {
  const { url, token } = options;
  // The global fetch looked up at each call, not captured now (a test or polyfill may set it later).
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const authorization = async () => ({
    Authorization: `Bearer ${typeof token === 'function' ? await token() : token}`,
  });
  return [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({
        url,
        EventSource: BearerEventSource,
        // Asked at every (re)connection, so a refreshed token is sent.
        eventSourceOptions: () => ({ headers: authorization, fetch: fetchFn }),
      }),
      false: splitLink({
        condition: (op) =>
          op.type === 'mutation' && (op.context.idempotencyKey !== undefined || op.context.ifMatch !== undefined),
        true: httpLink({
          url,
          fetch: options.fetch,
          headers: async ({ op }) => ({ ...(await authorization()), ...writeHeaders(op.context) }),
        }),
        false: httpBatchLink({ url, fetch: options.fetch, maxItems: MAX_BATCH_SIZE, headers: authorization }),
      }),
    }),
  ];
}

/**
 * A tRPC client for the Workforce API, over workforceLinks: calls made together are batched, a
 * keyed or conditional mutation goes alone with its headers, `events.onEvent` streams over
 * server-sent events. Errors are TRPCClientError; isWorkforceTRPCError tells the API's answers.
 */
export function createWorkforceTRPCClient(options: WorkforceTRPCClientOptions): WorkforceTRPCClient {
  // The same object as tRPC's client: only its mutations' context is typed more narrowly.
  return createTRPCClient<AppRouter>({ links: workforceLinks(options) }) as WorkforceTRPCClient;
}
