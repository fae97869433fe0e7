import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError, toProblem } from '../../../core/problems.js';

/** Writes `error` as an application/problem+json response, with the headers it carries. */
export function writeProblem(ctx: Context, error: ApiError, baseUrl: string): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify(toProblem(error, baseUrl, ctx.state.requestId));
}

/**
 * Outermost error boundary: every error that reaches it leaves as a problem document. Anything
 * that is not an ApiError, a DomainError or a database outage is logged with the request id and answered as a bare 500.
 */
export function problemBoundary(baseUrl: string, logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const answer = ApiError.from(error);
      if (answer) {
        if (answer.problemCode === 'service_unavailable') {
          logger.warn({ err: error, request_id: ctx.state.requestId }, 'database unavailable');
        }
        writeProblem(ctx, answer, baseUrl);
        return;
      }
      logger.error({ err: error, request_id: ctx.state.requestId }, 'unhandled error');
      writeProblem(ctx, new ApiError('internal_error', { detail: 'An unexpected error occurred.' }), baseUrl);
    }
  };
}
