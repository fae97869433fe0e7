import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TRPCError } from '@trpc/server';
import type { Context as KoaContext } from 'koa';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { z } from 'zod';
import type { AppRouter } from '../routers/index.js';
import { createContext, type RequestState } from './context.js';
import { type ApiError, toProblem } from './errors.js';
import { toApiError } from './trpc.js';

/**
 * Stands in for the node response so that trpc-to-openapi's output comes back to Koa instead of
 * going to the socket: the envelope, headers and problem documents are then written in one place.
 */
class CapturedResponse extends EventEmitter {
  statusCode = 200;
  writableEnded = false;
  readonly headers: Record<string, string> = {};
  body = '';

  setHeader(name: string, value: string | number | readonly string[]): this {
    this.headers[name.toLowerCase()] = String(value);
    return this;
  }

  end(body?: string): this {
    this.body = body ?? '';
    this.writableEnded = true;
    this.emit('close');
    return this;
  }
}

/** Errors raised inside procedures, kept per request so the REST writer answers with the mapped ApiError. */
const procedureErrors = new WeakMap<IncomingMessage, ApiError>();

function recordProcedureError(req: IncomingMessage, error: TRPCError, type: string): ApiError {
  const api = toApiError(error, type);
  procedureErrors.set(req, api);
  return api;
}

/** Headers an error carries (WWW-Authenticate, Retry-After), for both /v1 and /trpc. */
export function errorHeaders(errors: TRPCError[], type: string): Record<string, string> {
  return errors.length ? toApiError(errors[0], type).headers : {};
}

/**
 * trpc-to-openapi switches on coercion (`def.coerce = true`) for every number, boolean and date
 * field of every input object it serves, request bodies included, and the change sticks for /trpc
 * too: `"rate": "42"` or `true` would pass as a number. Query strings need it; JSON bodies are
 * strictly typed (decisions §1). So the fields of every mutation's input keep coercion off.
 */
function keepBodyTypesStrict(router: AppRouter): void {
  const pin = (schema: z.core.$ZodType | undefined): void => {
    const def = schema?._zod.def as Record<string, unknown> | undefined;
    switch (def?.type) {
      case 'number':
      case 'boolean':
      case 'bigint':
      case 'date':
        Object.defineProperty(def, 'coerce', { get: () => false, set: () => {}, configurable: true });
        return;
      case 'object':
        for (const field of Object.values(def.shape as Record<string, z.core.$ZodType>)) pin(field);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
        pin(def.innerType as z.core.$ZodType);
        return;
      case 'array':
        pin(def.element as z.core.$ZodType);
        return;
    }
  };
  for (const procedure of Object.values(router._def.procedures) as unknown as {
    _def: { type: string; inputs: z.core.$ZodType[] };
  }[]) {
    if (procedure._def.type === 'mutation') for (const input of procedure._def.inputs) pin(input);
  }
}

export function createRestHandler(
  router: AppRouter,
  baseUrl: string,
  onInternalError: (e: TRPCError, s: RequestState) => void,
) {
  keepBodyTypesStrict(router);
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext,
    responseMeta: ({ errors, type }) => ({ headers: errorHeaders(errors, type) }),
    onError: ({ error, req, type, ctx }) => {
      const api = recordProcedureError(req, error, type);
      if (api.problemCode === 'internal_error' && ctx) onInternalError(error, ctx);
    },
  });

  /** Runs one /v1 request whose body (if any) the Koa pipeline has already read into req.body. */
  return async (ctx: KoaContext, path: string): Promise<RestOutcome> => {
    const req = ctx.req as IncomingMessage & { query?: Record<string, string[]>; body?: unknown };
    // Keep every value, empty ones included, so `?limit=` is rejected rather than defaulted. No
    // prototype: `?constructor=x` or `?__proto__=x` are unknown parameters like any other.
    const query: Record<string, string[]> = Object.create(null);
    for (const [key, value] of new URLSearchParams(ctx.querystring)) {
      query[key] = [...(query[key] ?? []), value];
    }
    req.query = query;
    // The body was read and checked by the Koa pipeline; tell the adapter it is JSON.
    req.headers['content-type'] = 'application/json';
    const originalUrl = req.url;
    req.url = `${path}${ctx.search}`;
    req.method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const captured = new CapturedResponse();
    try {
      await handler(req, captured as unknown as ServerResponse);
    } finally {
      req.url = originalUrl;
    }
    const error = procedureErrors.get(req);
    if (error) {
      procedureErrors.delete(req);
      return {
        status: error.status,
        contentType: 'application/problem+json',
        body: JSON.stringify(toProblem(error, baseUrl, ctx.state.requestId)),
        headers: error.headers,
        error,
      };
    }
    const headers = { ...captured.headers };
    delete headers['content-type'];
    return { status: captured.statusCode, contentType: 'application/json', body: captured.body, headers };
  };
}

/** What a /v1 procedure answered, before it is written (and, for writes, stored for replay). */
export interface RestOutcome {
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
  error?: ApiError;
}

export function sendOutcome(ctx: KoaContext, outcome: RestOutcome): void {
  ctx.set(outcome.headers);
  ctx.status = outcome.status;
  ctx.type = outcome.contentType;
  ctx.body = outcome.body;
}
