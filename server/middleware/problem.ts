import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError, databaseUnavailable, isDatabaseUnavailable, toProblem } from '../errors.js';

/** Writes `error` as an application/problem+json response, with the headers it carries. */
export function writeProblem(ctx: Context, error: ApiError, baseUrl: string): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify(toProblem(error, baseUrl, ctx.state.requestId));
}

/**
 * Outermost error boundary: every error that reaches it leaves as a problem document. Anything
 * that is not an ApiError is logged with the request id and answered as a bare 500.
 */
export function problemBoundary(baseUrl: string, logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof ApiError) {
        writeProblem(ctx, error, baseUrl);
        return;
      }
      if (isDatabaseUnavailable(error)) {
        logger.warn({ err: error, request_id: ctx.state.requestId }, 'database unavailable');
        writeProblem(ctx, databaseUnavailable(), baseUrl);
        return;
      }
      logger.error({ err: error, request_id: ctx.state.requestId }, 'unhandled error');
      writeProblem(ctx, new ApiError('internal_error', { detail: 'An unexpected error occurred.' }), baseUrl);
    }
  };
}
