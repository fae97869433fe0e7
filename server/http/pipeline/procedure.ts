/**
 * The last step of /v1: the procedure's input built as trpc-to-openapi's adapter built it (the query,
 * or the body a write's body step read, with the path parameters merged over it), the procedure
 * run with the request's state as its context, and its answer (or refusal) as an outcome: the
 * success status its meta declares, a versioned record's ETag and 304, a problem document.
 */
import { TRPCError } from '@trpc/server';
import type { Context as KoaContext } from 'koa';
import { deferInputError, type RequestState } from '../../../core/context.js';
import { answerJson } from '../../../core/pagination.js';
import { type ApiError, toProblem } from '../../../core/problems.js';
import { toApiError } from '../../../core/trpc.js';
import { readIfNoneMatch, versionedOutcome } from '../conditional.js';
import type { RestOutcome } from '../outcome.js';
import { callProcedure, normalizePath, type ProcedureTable } from '../procedureTable.js';

const DIGITS = /^[0-9]+$/;

/** Paths that a WHATWG URL parser gives back unchanged (no dot segments, escapes or characters it encodes). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-_~!$&'()*+,;=:@/]*$/;

/** The path as the URL parser normalises it (dot segments resolved, some characters percent-encoded). */
function urlPath(path: string): string {
  return PLAIN_PATH.test(path) ? path : new URL(`http://127.0.0.1${path}`).pathname;
}

/** What the adapter's `getErrorFromUnknown` makes of a throw: a TRPCError as it is, anything else a 500. */
function trpcErrorOf(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === 'TRPCError') return cause as TRPCError;
  const error = new TRPCError({
    message: 'Internal server error',
    code: 'INTERNAL_SERVER_ERROR',
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}

/**
 * The query as trpc-to-openapi reads it: every value kept (empty ones too, so `?limit=` is
 * rejected rather than defaulted), a parameter given once is its value, one given several times
 * the list of them; number fields spelled in ASCII digits become the number.
 */
function queryInput(querystring: string, numbers: ReadonlySet<string>): Record<string, unknown> {
  const values: Record<string, (string | number)[]> = Object.create(null);
  if (querystring) {
    for (const [key, value] of new URLSearchParams(querystring)) {
      const typed = numbers.has(key) && DIGITS.test(value) ? Number(value) : value;
      const list = values[key];
      if (list) list.push(typed);
      else values[key] = [typed];
    }
  }
  const query: Record<string, unknown> = {};
  for (const key of Object.keys(values)) {
    const list = values[key];
    query[key] = list.length === 1 ? list[0] : list;
  }
  return query;
}

/** Runs the procedure of a /v1 request: `(ctx, state, subPath, template, body)` → its outcome. */
export function procedureStep(
  table: ProcedureTable,
  baseUrl: string,
  onInternalError: (e: TRPCError, s: RequestState) => void,
) {
  const problem = (ctx: KoaContext, error: ApiError): RestOutcome => ({
    status: error.status,
    contentType: 'application/problem+json',
    body: JSON.stringify(toProblem(error, baseUrl, ctx.state.requestId)),
    headers: error.headers,
    error,
  });

  /**
   * Runs one /v1 request to `path` (under /v1) of the route `template` (`/employees/{id}`), with the
   * body the body step read (undefined for a read).
   */
  return async (
    ctx: KoaContext,
    state: RequestState,
    path: string,
    template: string,
    body: unknown,
  ): Promise<RestOutcome> => {
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const target = normalizePath(urlPath(path));
    // The route table found the route: one operation, whose pattern gives the path parameters.
    const entry = table.byOperation.get(`${method} ${template}`);
    const operation = entry?.rest;
    const match = operation?.pattern.exec(target);
    let input: unknown;
    try {
      if (!entry || !operation || !match) throw new TRPCError({ message: 'Not found', code: 'NOT_FOUND' });
      if (!operation.noInput) {
        const given = operation.fromBody ? body : queryInput(ctx.querystring, operation.queryNumbers);
        input = { ...(given as object), ...match.groups };
      }
      // A malformed If-None-Match is refused after the credential and scope checks (decisions §1).
      const ifNoneMatch = entry.meta.versioned
        ? await deferInputError(state, async () => readIfNoneMatch(entry.meta, ctx.req.headers))
        : undefined;
      const data = await callProcedure(entry, state, () => input);
      const status = operation.successStatus;
      const answer = status === 204 ? '' : answerJson(data);
      const outcome = { status, contentType: 'application/json', body: answer, headers: {} };
      return entry.meta.versioned ? versionedOutcome(entry.meta, data, outcome, ifNoneMatch) : outcome;
    } catch (cause) {
      const error = trpcErrorOf(cause);
      const api = toApiError(error, entry?.type ?? 'unknown');
      if (api.problemCode === 'internal_error') onInternalError(error, state);
      return problem(ctx, api);
    }
  };
}
