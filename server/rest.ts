import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TRPCError } from '@trpc/server';
import type { Context as KoaContext } from 'koa';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { AppRouter } from '../routers/index.js';
import { createContext, type RequestState } from './context.js';
import type { ApiError } from './errors.js';
import { writeProblem } from './middleware/problem.js';
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

export function recordProcedureError(req: IncomingMessage, error: TRPCError, type: string): ApiError {
  const api = toApiError(error, type);
  procedureErrors.set(req, api);
  return api;
}

/** Headers an error carries (WWW-Authenticate, Retry-After), for both /v1 and /trpc. */
export function errorHeaders(errors: TRPCError[], type: string): Record<string, string> {
  return errors.length ? toApiError(errors[0], type).headers : {};
}

export function createRestHandler(
  router: AppRouter,
  baseUrl: string,
  onInternalError: (e: TRPCError, s: RequestState) => void,
) {
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext,
    responseMeta: ({ errors, type }) => ({ headers: errorHeaders(errors, type) }),
    onError: ({ error, req, type, ctx }) => {
      const api = recordProcedureError(req, error, type);
      if (api.problemCode === 'internal_error' && ctx) onInternalError(error, ctx);
    },
  });

  /** Serves one /v1 request whose body (if any) the Koa pipeline has already read into req.body. */
  return async (ctx: KoaContext, path: string): Promise<void> => {
    const req = ctx.req as IncomingMessage & { query?: Record<string, string[]>; body?: unknown };
    // Keep every value, empty ones included, so `?limit=` is rejected rather than defaulted.
    const query: Record<string, string[]> = {};
    for (const [key, value] of new URLSearchParams(ctx.querystring)) {
      query[key] = [...(query[key] ?? []), value];
    }
    req.query = query;
    // The body was read and checked by the Koa pipeline; tell the adapter it is JSON.
    req.headers['content-type'] = 'application/json';
    const originalUrl = req.url;
    req.url = `${path}${ctx.search}`;
    const captured = new CapturedResponse();
    try {
      await handler(req, captured as unknown as ServerResponse);
    } finally {
      req.url = originalUrl;
    }
    const error = procedureErrors.get(req);
    if (error) {
      writeProblem(ctx, error, baseUrl);
      return;
    }
    for (const [name, value] of Object.entries(captured.headers)) {
      if (name !== 'content-type') ctx.set(name, value);
    }
    ctx.status = captured.statusCode;
    ctx.type = 'application/json';
    ctx.body = captured.body;
  };
}
