import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type Router from '@koa/router';
import { getTRPCErrorFromUnknown, getTRPCErrorShape, TRPCError } from '@trpc/server';
import { createURL, incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { Context as KoaContext } from 'koa';
import { deferInputError, type RequestState, rateLimitKey, requestState, type Services } from '../../core/context.js';
import { ApiError } from '../../core/problems.js';
import { MAX_BATCH_SIZE, toApiError } from '../../core/trpc.js';
import { appRouter } from '../../routers/index.js';
import { readIfMatch } from './conditional.js';
import { type RestOutcome, sendOutcome } from './outcome.js';
import { MAX_BODY_BYTES, parseIdempotencyKey, readJsonBody } from './pipeline/body.js';
import type { CredentialStep } from './pipeline/credential.js';
import { executeWrite } from './pipeline/idempotency.js';
import { callProcedure, type ProcedureTable, TRPC_PREFIX } from './procedureTable.js';

/**
 * The /trpc surface (decisions §11): tRPC's own request handling (batches, its error shape), with
 * the answer captured and written by Koa, so that a mutation goes through the same write path as
 * on /v1: one transaction and the same Idempotency-Key handling (server/http/pipeline/idempotency.ts). A key
 * applies to one call: a batch of several calls with a key is 400 invalid_idempotency_key.
 */

/** Headers an error carries (WWW-Authenticate, Retry-After). */
function errorHeaders(errors: TRPCError[], type: string): Record<string, string> {
  return errors.length ? toApiError(errors[0], type).headers : {};
}

/**
 * The Fetch Request tRPC resolves: the request itself, its body read from the socket by tRPC; or, for
 * a write whose body the pipeline has read, with that body's text. No procedure of a write reads the
 * request's abort signal (a subscription's stream does, and is never a write).
 */
function fetchRequest(ctx: KoaContext, body: string | undefined): Request {
  if (body === undefined) return incomingMessageToRequest(ctx.req, ctx.res, { maxBodySize: MAX_BODY_BYTES });
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.append(name, value);
  }
  return new Request(createURL(ctx.req), { method: ctx.method, headers, body });
}

/** How every /trpc answer is labelled, errors included (decisions §17). */
const TRPC_CONTENT_TYPE = 'application/json';

/**
 * `body` with `data.request_id` on each error (decisions §20). The error formatter (core/trpc.ts)
 * sets it from the context, which tRPC has not made yet when it refuses a request whole (a batch too
 * large, an input that is not JSON); those answers get it here.
 */
function withRequestId(body: string, requestId: string): string {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return body;
  }
  let added = false;
  for (const item of Array.isArray(answer) ? answer : [answer]) {
    const data = (item as { error?: { data?: { request_id?: string } } } | null)?.error?.data;
    if (data && data.request_id === undefined) {
      data.request_id = requestId;
      added = true;
    }
  }
  return added ? JSON.stringify(answer) : body;
}

/** Subscriptions one credential may hold open on a node at once (decisions §20). */
const MAX_OPEN_SUBSCRIPTIONS = 10;
/** What a refused 11th subscription is told to wait: none of the open ones says when it ends. */
const SUBSCRIPTION_RETRY_AFTER_S = 5;

/**
 * `stopping` aborts when the server stops (server/main/start.ts): every open subscription's stream
 * then ends, so that the server's close does not wait for them; the client reconnects, to another
 * node, with its last event id.
 */
function createTrpcHandler(
  table: ProcedureTable,
  onInternalError: (e: TRPCError, s: RequestState) => void,
  stopping?: AbortSignal,
) {
  const writes = (name: string) => table.byPath.get(name)?.writes === true;
  /** Open subscription streams by credential (its key id, the rate limit's key). */
  const open = new Map<string, number>();

  /**
   * tRPC's answer to this request, as text. `state` is absent only for a batch refused as too large;
   * `readBody`, the text of a write's body the pipeline has read.
   */
  const resolve = async (
    ctx: KoaContext,
    state: RequestState | undefined,
    path: string,
    readBody?: string,
  ): Promise<RestOutcome> => {
    const response = await resolveResponse({
      router: appRouter,
      req: fetchRequest(ctx, readBody),
      path,
      maxBatchSize: MAX_BATCH_SIZE,
      error: null,
      createContext: async () => {
        if (!state) throw new Error('a /trpc call reached its procedures without the request state');
        return state;
      },
      responseMeta: ({ errors, type }) => ({ headers: errorHeaders(errors, type) }),
      onError: ({ error, type }) => {
        if (state && toApiError(error, type).problemCode === 'internal_error') onInternalError(error, state);
      },
    });
    const headers = Object.fromEntries(response.headers);
    // Every answer is JSON; tRPC leaves some errors (an unsupported Content-Type) unlabelled, which
    // a Response makes text/plain.
    delete headers['content-type'];
    const text = await response.text();
    const body = response.status >= 400 ? withRequestId(text, ctx.state.requestId) : text;
    return { status: response.status, contentType: TRPC_CONTENT_TYPE, body, headers };
  };

  /**
   * A single query (GET, not batched, no refusal pending, no streaming asked for) runs its procedure
   * directly, as /v1 does, and answers in tRPC's shape: `{"result":{"data":…}}` with tRPC's Vary. It
   * spares a read the Fetch Request and Response tRPC builds around each call (the /trpc list was a
   * fifth dearer than the /v1 list). Whatever fails goes through tRPC's resolveResponse, which runs
   * the query again and answers the error exactly as tRPC does: a read changes nothing when run twice.
   */
  const query = async (ctx: KoaContext, state: RequestState, path: string): Promise<RestOutcome | undefined> => {
    const entry = table.byPath.get(path);
    if (entry?.type !== 'query' || state.refusal || ctx.get('trpc-accept')) return undefined;
    const input = new URLSearchParams(ctx.querystring).get('input');
    try {
      const data = await callProcedure(entry, state, () => (input === null ? undefined : JSON.parse(input)));
      const body = JSON.stringify({ result: { data } });
      return { status: 200, contentType: TRPC_CONTENT_TYPE, body, headers: { vary: 'trpc-accept, accept' } };
    } catch {
      return undefined;
    }
  };

  /** A refusal before a subscription's stream opens: its HTTP status, in tRPC's error shape. */
  const refuseSubscription = (state: RequestState, path: string, thrown: unknown): RestOutcome => {
    const error = getTRPCErrorFromUnknown(thrown);
    const refusal = toApiError(error, 'subscription');
    if (refusal.problemCode === 'internal_error') onInternalError(error, state);
    const shape = getTRPCErrorShape({
      config: appRouter._def._config,
      ctx: state,
      error,
      input: undefined,
      path,
      type: 'subscription',
    });
    return {
      status: refusal.status,
      contentType: TRPC_CONTENT_TYPE,
      body: JSON.stringify({ error: shape }),
      headers: refusal.headers,
    };
  };

  /**
   * A subscription (decisions §20): its checks (rate limit, credential, scope, input, where it
   * starts) run first, so that a refusal is an answer of its own with its status, not an error
   * inside a stream; then the credential's open streams are counted (429 past
   * MAX_OPEN_SUBSCRIPTIONS), and tRPC streams the events as server-sent events, which Koa pipes to
   * the client until it goes away or the server stops. Undefined: the stream is Koa's body.
   */
  const subscribe = async (ctx: KoaContext, state: RequestState, path: string): Promise<RestOutcome | undefined> => {
    const entry = table.byPath.get(path);
    if (!entry) return resolve(ctx, state, path);
    const params = new URLSearchParams(ctx.querystring);
    const lastEventId = ctx.get('Last-Event-Id') || params.get('lastEventId') || params.get('Last-Event-Id');
    try {
      // The same input tRPC builds: the `input` parameter, and the id a reconnecting client resumes after.
      await callProcedure(entry, state, () => {
        const raw = params.get('input');
        let input: unknown;
        try {
          input = raw === null ? undefined : JSON.parse(raw);
        } catch (cause) {
          throw new TRPCError({ code: 'PARSE_ERROR', cause });
        }
        if (!lastEventId) return input;
        return input !== null && typeof input === 'object' ? { ...input, lastEventId } : (input ?? { lastEventId });
      });
    } catch (error) {
      return refuseSubscription(state, path, error);
    }
    // The checks passed, so the credential is valid.
    const holder = state.auth.state === 'authenticated' ? rateLimitKey(state.auth.credential) : '';
    const held = open.get(holder) ?? 0;
    if (held >= MAX_OPEN_SUBSCRIPTIONS) {
      const refusal = new ApiError('rate_limited', {
        detail: `A credential may hold at most ${MAX_OPEN_SUBSCRIPTIONS} subscriptions open at once; close one first.`,
        headers: { 'Retry-After': String(SUBSCRIPTION_RETRY_AFTER_S) },
      });
      return refuseSubscription(state, path, refusal);
    }
    open.set(holder, held + 1);
    ctx.res.once('close', () => {
      const now = (open.get(holder) ?? 1) - 1;
      if (now > 0) open.set(holder, now);
      else open.delete(holder);
    });

    const request = incomingMessageToRequest(ctx.req, ctx.res, { maxBodySize: MAX_BODY_BYTES });
    const signals = stopping ? [request.signal, stopping] : [request.signal];
    const response = await resolveResponse({
      router: appRouter,
      req: new Request(request, { signal: AbortSignal.any(signals) }),
      path,
      error: null,
      createContext: async () => state,
      onError: ({ error }) => {
        if (toApiError(error, 'subscription').problemCode === 'internal_error') onInternalError(error, state);
      },
    });
    // tRPC's stream headers, but the tenant's data is never stored (decisions §1) and Node decides the connection.
    ctx.status = response.status;
    for (const [name, value] of response.headers) {
      if (name !== 'connection' && name !== 'cache-control') ctx.set(name, value);
    }
    ctx.set('Cache-Control', 'no-store, no-transform');
    ctx.body = response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : '';
    return undefined;
  };

  /** Answers one /trpc request to `path` (`employees.create`, or `a,b,c` when `batched`); undefined: a subscription's stream, already Koa's body. */
  return async (
    ctx: KoaContext,
    state: RequestState | undefined,
    path: string,
    batched: boolean,
  ): Promise<RestOutcome | undefined> => {
    if (state && ctx.method === 'GET' && !batched && table.byPath.get(path)?.type === 'subscription') {
      return subscribe(ctx, state, path);
    }
    if (state && ctx.method === 'GET' && !batched) return (await query(ctx, state, path)) ?? resolve(ctx, state, path);
    const names = batched ? path.split(',') : [path];
    if (!state || ctx.method !== 'POST' || !names.every(writes)) return resolve(ctx, state, path);

    // Read here, as /v1 does, so that a keyed write can be fingerprinted; tRPC gets the parsed body.
    // What cannot be read (413, 415, invalid JSON) or a malformed key is thrown by each procedure
    // after the credential and scope checks (decisions §1), like on /v1.
    let body: unknown;
    const read = await deferInputError(state, async () => {
      body = await readJsonBody(ctx.req);
      const key = parseIdempotencyKey(ctx.req.headers['idempotency-key'] as string | undefined);
      if (key !== undefined && names.length > 1) {
        throw new ApiError('invalid_idempotency_key', {
          detail: 'An Idempotency-Key applies to one call: send a keyed call on its own, not in a batch with others.',
        });
      }
      return { key };
    });
    // A conditional write's versions (decisions §19); read apart from the key, so that a replay
    // answers its stored response whatever If-Match says.
    if (read) {
      await deferInputError(state, async () => {
        if (names.length > 1 && ctx.req.headers['if-match'] !== undefined) {
          throw new ApiError('invalid_header', {
            detail: 'An If-Match applies to one call: send a conditional call on its own, not in a batch with others.',
          });
        }
        readIfMatch(state, table.byPath.get(names[0])?.meta, ctx.req.headers);
      });
    }
    if (!read) body = ''; // tRPC reads no further: the procedure refuses before it needs an input
    state.idempotencyKey = read?.key; // the write's events record it (decisions §14)
    // What tRPC's node adapter makes of a body already read: a string as it is, anything else as JSON.
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    // Several mutations in one batch each keep a transaction of their own, as separate calls would.
    if (names.length > 1) return resolve(ctx, state, path, text);
    const write = {
      method: 'POST',
      path: `${ctx.path}${batched ? '?batch=1' : ''}`,
      body,
      key: read?.key,
      scope: table.byPath.get(names[0])?.scope,
      beforeTransaction: table.byPath.get(names[0])?.meta.beforeTransaction,
      errorContentType: TRPC_CONTENT_TYPE,
    };
    try {
      return await executeWrite(state, write, () => resolve(ctx, state, path, text));
    } catch (error) {
      // Refused before the call ran (409 idempotency_key_in_use or _reused, a database outage):
      // the procedure throws it after the credential and scope checks, in tRPC's error shape.
      const refusal = ApiError.from(error);
      if (!refusal) throw error;
      state.inputError = refusal;
      return resolve(ctx, state, path, text);
    }
  };
}

/**
 * Adds /trpc/:path to `router`: the credential and rate-limit step (`admit`) for every procedure of
 * the request, then the handler above.
 */
export function trpcRoutes(
  router: Router,
  table: ProcedureTable,
  admit: CredentialStep,
  services: Services,
  onInternalError: (e: TRPCError, s: RequestState) => void,
  stopping?: AbortSignal,
): void {
  const trpc = createTrpcHandler(table, onInternalError, stopping);
  /** The route a /trpc request is counted under: its procedure; one label for every batch. */
  const trpcRoute = (path: string, batched: boolean) =>
    batched ? `${TRPC_PREFIX}/{batch}` : table.byPath.has(path) ? `${TRPC_PREFIX}/${path}` : 'unmatched';

  /**
   * A refusal before any procedure could run (the credential lookup found the database unreachable:
   * 503) is thrown by each procedure first thing, as a spent budget is, so that a tRPC client reads
   * it in tRPC's error shape (decisions §17), not as problem+json.
   */
  const admitTrpc = async (ctx: KoaContext, procedures: number): Promise<RequestState> => {
    try {
      return await admit(ctx, ctx.path, procedures);
    } catch (error) {
      const rejection = ApiError.from(error);
      if (!rejection) throw error;
      return requestState({
        requestId: ctx.state.requestId,
        auth: { state: 'anonymous' },
        services,
        refusal: { admitted: 0, rejection },
      });
    }
  };

  router.all(`${TRPC_PREFIX}/:path`, async (ctx) => {
    // tRPC itself answers for every /trpc request, its errors included; never cache what it says.
    ctx.set('Cache-Control', 'no-store');
    const path = ctx.params.path;
    const batched = new URLSearchParams(ctx.querystring).get('batch') === '1';
    ctx.state.route = trpcRoute(path, batched);
    const procedures = batched ? path.split(',').length : 1;
    // A batch over the limit is refused whole by tRPC (maxBatchSize) before any procedure, or even
    // the credential lookup, runs: like an unknown route, it costs no budget and no database work.
    const state = procedures <= MAX_BATCH_SIZE ? await admitTrpc(ctx, procedures) : undefined;
    const outcome = await trpc(ctx, state, path, batched);
    if (outcome) sendOutcome(ctx, outcome); // none: a subscription's stream is already the body
  });
}
