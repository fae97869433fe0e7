/**
 * The procedure builder every feature's procedures start from (`scoped('employees:read')`, …), the
 * tRPC error shape, and the order of checks of decisions §1, which is decided here and only here:
 *
 *   1. rate limit, 429: counted by the pipeline before any procedure (server/http/app.ts `prepare`,
 *      per credential or per IP), thrown first (`admit` below) as `ctx.refusal`;
 *   2. credential, 401: `credentialChecks` (or `openChecks` refusing an invalid one);
 *   3. scope, 403: `credentialChecks`;
 *   4. what the pipeline could not read, 400/413/415: a malformed path id, then the body and the
 *      Idempotency-Key, read before the procedure and kept as `ctx.inputError` (core/context.ts
 *      deferInputError), thrown last by both kinds of checks;
 *   5. the input's shape, 400: tRPC's input parser, after every middleware;
 *   6. existence (404) and state and rules (409/422): the feature's writes and reads.
 *
 * A new check that can be decided before the procedure runs must be kept like 1 or 4, not thrown
 * where it is found, or it would overtake the 401/403 of a request that is also unauthorised.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError, ZodRealError, type ZodType } from 'zod';
import type { Context, Credential } from './context.js';
import type { FieldError } from './domainError.js';
import { ApiError, type ProblemCode } from './problems.js';
import type { Scope } from './scopes.js';

/**
 * Procedure meta: the OpenAPI route, the scope the procedure demands, and the problem codes its
 * own rules may answer (`errors`: the business codes, e.g. `employee_not_found`). The codes every
 * procedure of its kind answers (credential, scope, input, path id, body, idempotency, rate limit,
 * 500/503) are not listed: server/openapi/document.ts adds them and documents each response with its codes.
 */
export type Meta = Omit<OpenApiMeta, 'openapi'> & {
  // Error responses come from `errors` and the procedure's kind, never from status numbers.
  openapi?: Omit<NonNullable<OpenApiMeta['openapi']>, 'errorResponses'> & { errorResponses?: never };
  scope?: Scope;
  /** Instead of `scope`: a credential needs any one of these (`anyScope`; the event log, decisions §14). */
  anyScopes?: readonly Scope[];
  errors?: readonly ProblemCode[];
  /**
   * A write's work that may wait on the network, done before its transaction begins so that no
   * database connection waits with it (decisions §21: a webhook URL's DNS lookup), given the raw
   * input; what it finds goes on the request for the procedure. The write path
   * (server/http/pipeline/idempotency.ts) runs it only for a credential holding the operation's scope.
   */
  beforeTransaction?: (input: unknown, state: Context) => Promise<void>;
  /**
   * The status of a success under /v1 when it is not 200: 202 (accepted, body as the output says)
   * or 204 (no body; the procedure returns nothing). server/http/pipeline/procedure.ts serves it, server/openapi/document.ts
   * documents it; /trpc answers 200 as for every procedure.
   */
  successStatus?: 202 | 204;
  /**
   * `false`: never rate limited and no RateLimit-* headers (decisions §5: health). The pipeline
   * (server/http/app.ts) and the document (server/openapi/document.ts) both read it here.
   */
  rateLimited?: false;
  /**
   * The record it answers carries a `version` (decisions §19): /v1 answers its `ETag`; `read` (a GET)
   * answers 304 to an If-None-Match that holds it; `conditional` (a write) takes If-Match, which the
   * pipeline parses into `ctx.ifMatch` for the procedure to hand its write (server/http/conditional.ts).
   */
  versioned?: 'read' | 'write' | 'conditional';
};

const mapped = new WeakMap<TRPCError, ApiError>();

/** Procedures one /trpc request may batch (decisions §16); tRPC refuses a larger batch whole. */
export const MAX_BATCH_SIZE = 10;
/** The message of tRPC's own refusal of a batch over `maxBatchSize` (pinned by tests/http/trpc.batches.test.ts). */
const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

function zodIssuesToFieldErrors(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: base ? `${base}.${key}` : key, message: 'Unknown field' }));
    }
    return [{ path: base, message: issue.message }];
  });
}

/**
 * The path parameters that are record ids: `{id}`, and a second one under it (`{delivery_id}` of a
 * webhook endpoint's delivery, decisions §18). None is ever a body field.
 */
const PATH_IDS = new Set(['id', 'delivery_id']);

/**
 * 400 invalid_id: the `{id}` of the path is not a UUID. Over /trpc the id is a field of the input,
 * named in the message (`fields`: those found malformed).
 */
export function malformedPathId(fields: readonly string[] = ['id']): ApiError {
  return new ApiError('invalid_id', {
    detail: 'The id in the path must be a UUID.',
    trpcDetail: `Invalid input: ${fields.map((field) => `${field}: must be a UUID`).join('; ')}.`,
  });
}

/** How REST's detail of a bad query begins (here, and in rules that judge a query: the event log's). */
const QUERY_DETAIL = 'Invalid query parameter: ';

/**
 * The message a /trpc caller reads: the detail in tRPC's words (an input and its fields, where
 * REST speaks of a path, query parameters and a request body), else the detail REST gives.
 */
function trpcMessage(api: ApiError): string {
  if (api.trpcDetail) return api.trpcDetail;
  const detail = api.detail ?? api.title;
  return api.problemCode === 'invalid_query_parameter' && detail.startsWith(QUERY_DETAIL)
    ? `Invalid input: ${detail.slice(QUERY_DETAIL.length)}`
    : detail;
}

/**
 * Maps whatever a procedure threw onto the code registry. Input validation failures become
 * `invalid_id` (a malformed path id), `invalid_query_parameter` (queries) or `invalid_body`
 * (mutations, every violation listed); everything unknown is `internal_error`.
 */
export function toApiError(error: TRPCError, type: string): ApiError {
  const known = mapped.get(error);
  if (known) return known;
  if (error instanceof ApiError) return error;
  const cause = error.cause;
  let api: ApiError;
  const answer = ApiError.from(cause);
  if (answer) {
    api = answer;
  } else if (error.code === 'BAD_REQUEST' && cause instanceof ZodError) {
    const errors = zodIssuesToFieldErrors(cause);
    // The path identifier of a record (module slugs have no format: an unknown one is 404).
    const ids = errors.filter((e) => PATH_IDS.has(e.path)).map((e) => e.path);
    if (ids.length) {
      api = malformedPathId(ids);
    } else if (type === 'query' || type === 'subscription') {
      const names = [...new Set(errors.map((e) => e.path.split('.')[0]))].join(', ');
      api = new ApiError('invalid_query_parameter', {
        detail: `${QUERY_DETAIL}${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
        errors: names ? errors : undefined,
      });
    } else {
      api = new ApiError('invalid_body', {
        detail: `The request body has ${errors.length} problem(s).`,
        trpcDetail: `The input has ${errors.length} problem(s).`,
        errors,
      });
    }
  } else if (error.code === 'PARSE_ERROR' || (error.code === 'BAD_REQUEST' && cause instanceof SyntaxError)) {
    // Only tRPC parses JSON itself (a query's ?input=); /v1 and /trpc writes read bodies with readJsonBody.
    api = new ApiError('invalid_json', {
      detail: 'The request body is not valid JSON.',
      trpcDetail: 'The input is not valid JSON.',
    });
  } else if (error.code === 'NOT_FOUND') {
    api = new ApiError('not_found', { detail: error.message });
  } else if (error.code === 'METHOD_NOT_SUPPORTED') {
    api = new ApiError('method_not_allowed', { detail: error.message });
  } else if (error.code === 'PAYLOAD_TOO_LARGE') {
    api = new ApiError('payload_too_large');
  } else if (error.code === 'UNSUPPORTED_MEDIA_TYPE') {
    api = new ApiError('unsupported_media_type', { detail: 'Send Content-Type: application/json.' });
  } else if (error.code === 'BAD_REQUEST' && error.message === TRPC_BATCH_TOO_LARGE) {
    api = new ApiError('batch_too_large', {
      detail: `A batch may call at most ${MAX_BATCH_SIZE} procedures; nothing of it was run.`,
    });
  } else if (error.code === 'BAD_REQUEST') {
    api = new ApiError('invalid_body', { detail: error.message });
  } else {
    api = new ApiError('internal_error', { detail: 'An unexpected error occurred.' });
  }
  mapped.set(error, api);
  return api;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // A subscription's stream (decisions §20) says it is alive when no event came for a while, so
    // that proxies keep it open and tRPC's client reconnects (with its last event id) when it is not.
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 45_000 } },
    errorFormatter({ shape, error, type, ctx }) {
      const api = toApiError(error, type);
      return {
        ...shape,
        // The JSON-RPC code of the answer's HTTP status (decisions §17), not -32603 for every
        // refusal a rule threw: tRPC's tools tell a client's mistake from a server fault by it.
        code: TRPC_ERROR_CODES_BY_KEY[api.code],
        message: trpcMessage(api),
        data: {
          code: api.problemCode,
          httpStatus: api.status,
          title: api.title,
          ...(api.errors ? { errors: api.errors } : {}),
          // As a problem document's (decisions §20); typed as always there, for it is on the wire: a
          // call refused before tRPC made a context (a batch too large, an unreadable input) has
          // none here, and server/http/trpcEndpoint.ts adds it to the answer.
          request_id: ctx?.requestId as string,
        },
      };
    },
  });

export const router = t.router;

/**
 * The checks every procedure makes before its input is parsed, in the order of decisions §1, each
 * kind as one middleware (every middleware level copies the call's options and context, which the
 * profile showed as a tenth of a read's time):
 * 1. a refusal decided in the pipeline (429) comes out as this procedure's error, once the procedures
 *    of the batch the budget still covered have been let through (`admit`);
 * 2. the credential (401) and the scope (403);
 * 3. a path id, body or Idempotency-Key the pipeline could not read, after them, so that a 401/403
 *    wins over a bad path id or body.
 */
function admit(ctx: Context): void {
  const { refusal } = ctx;
  if (refusal) {
    if (refusal.admitted === 0) throw refusal.rejection;
    refusal.admitted--;
  }
}

/** Procedures that need no credential: an invalid one is ignored, or refused when `refuseInvalid`. */
function openChecks(refuseInvalid: boolean) {
  return t.middleware(({ ctx, next }) => {
    admit(ctx);
    if (refuseInvalid && ctx.auth.state === 'invalid') throw invalidCredential();
    if (ctx.inputError) throw ctx.inputError;
    return next();
  });
}

/** A valid credential, carrying one of `scopes` when given (`needs` says which in the 403). */
function credentialChecks(scopes?: readonly Scope[], needs?: string) {
  return t.middleware(({ ctx, next }) => {
    admit(ctx);
    const { auth } = ctx;
    if (auth.state === 'anonymous') {
      throw new ApiError('unauthorized', {
        detail: 'Send a credential as Authorization: Bearer <credential>.',
        headers: { 'WWW-Authenticate': 'Bearer realm="workforce"' },
      });
    }
    if (auth.state === 'invalid') throw invalidCredential();
    if (scopes && !scopes.some((scope) => auth.credential.scopes.includes(scope))) {
      throw new ApiError('insufficient_scope', {
        detail: `This endpoint needs ${needs}.`,
        headers: {
          'WWW-Authenticate': `Bearer realm="workforce", error="insufficient_scope", scope="${scopes.join(' ')}"`,
        },
      });
    }
    if (ctx.inputError) throw ctx.inputError;
    // The credential goes on the request's own context, and next() gets no `ctx`: given one, tRPC
    // copies the whole context at this level, which reads RequestState.em and so forks it. The
    // argument's type only tells the procedures after this check that `ctx.credential` is set.
    (ctx as Context & { credential?: Credential }).credential = auth.credential;
    return next({} as { ctx: { credential: Credential } });
  });
}

function invalidCredential(): ApiError {
  return new ApiError('invalid_credential', {
    detail: 'The credential is malformed, unknown, revoked or expired.',
    headers: { 'WWW-Authenticate': 'Bearer realm="workforce", error="invalid_token"' },
  });
}

/** Health and capabilities: credentials are ignored entirely. */
export const openProcedure = t.procedure.use(openChecks(false));

/** Anonymous endpoints that need no credential but refuse an invalid one (the module catalogue). */
export const anonymousProcedure = t.procedure.use(openChecks(true));

/** Any valid credential, no particular scope (whoami). */
export const credentialProcedure = t.procedure.use(credentialChecks());

/** A valid credential carrying exactly `scope`; the scope is also recorded for the OpenAPI document. */
export function scoped(scope: Scope) {
  return t.procedure.meta({ scope } as Meta).use(credentialChecks([scope], `the scope ${scope}`));
}

/**
 * A valid credential carrying at least one of `scopes` (the event log: what it shows depends on
 * which); recorded for the OpenAPI document as alternatives.
 */
export function anyScope(scopes: readonly Scope[]) {
  return t.procedure
    .meta({ anyScopes: scopes } as Meta)
    .use(credentialChecks(scopes, `one of the scopes ${scopes.join(', ')}`));
}

/** What withoutOutputCheck reads of a built procedure: its middlewares, the output check marked by tRPC. */
interface BuiltProcedure {
  _def: { middlewares: { _type?: string }[] };
}

/**
 * `procedure` without tRPC's run-time check of its output, for reads whose rows PostgreSQL already
 * returns as the record (core/records.ts `recordColumns`): re-parsing every row of every page was a
 * tenth of a list's time (docs/benchmarks.md). The output schema stays: it makes the OpenAPI
 * document and the client types, and the suite validates every response it receives against that
 * document (tests/support/openapi.ts). Writes keep the check.
 */
export function withoutOutputCheck<P>(procedure: P): P {
  const { middlewares } = (procedure as unknown as BuiltProcedure)._def;
  const at = middlewares.findIndex((middleware) => middleware._type === 'output');
  if (at < 0) throw new Error('withoutOutputCheck: the procedure has no output check');
  middlewares.splice(at, 1);
  return procedure;
}

/** The message of the invalid_body when a credential that is not an employee's leaves the actor out. */
const ACTOR_REQUIRED =
  "Required with an API key or a client-credentials token; with an employee's own token leave it out or give that employee's id.";

/**
 * Who acts on a write that takes `actor_employee_id` (decisions §20), `input` being the write's input
 * schema. With an employee's own token, that employee: left out, the actor is theirs; given and
 * different, 403 actor_mismatch, before the input is judged. Any other credential must name its
 * actor: left out, 400 invalid_body naming it together with the input's other problems, as tRPC's
 * input parser answers them (a schema cannot see the credential, so the requiredness is decided
 * here, after the credential checks, and parses the input once more only on that refusal).
 */
export function impliedActor(input: ZodType) {
  return t.middleware(async ({ ctx, next, getRawInput }) => {
    const employeeId = (ctx as Context & { credential?: Credential }).credential?.employeeId;
    const raw = await getRawInput();
    // Not an object: the input parser refuses it as it is.
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return next();
    const given = (raw as Record<string, unknown>).actor_employee_id;
    if (!employeeId) {
      if (given !== undefined) return next();
      const parsed = await input.safeParseAsync(raw);
      const missing: ZodError['issues'][number] = {
        code: 'custom',
        path: ['actor_employee_id'],
        message: ACTOR_REQUIRED,
        input: undefined,
      };
      const issues = [missing, ...(parsed.success ? [] : parsed.error.issues)];
      throw new TRPCError({ code: 'BAD_REQUEST', cause: new ZodRealError(issues) });
    }
    if (given === undefined) return next({ getRawInput: async () => ({ ...raw, actor_employee_id: employeeId }) });
    if (typeof given !== 'string' || given.toLowerCase() !== employeeId) {
      throw new ApiError('actor_mismatch', {
        detail:
          'With an employee’s own token the signed-in employee acts: leave actor_employee_id out, or give their id.',
      });
    }
    return next();
  });
}

/**
 * The parsed input of a write behind impliedActor with its actor certain: the middleware filled it
 * in for an employee's token and refused its absence for any other credential.
 */
export function withActor<I extends { actor_employee_id?: string | undefined }>(
  input: I,
): I & { actor_employee_id: string } {
  const actor = input.actor_employee_id;
  if (actor === undefined) throw new Error('withActor: impliedActor did not run before this write');
  return { ...input, actor_employee_id: actor };
}
