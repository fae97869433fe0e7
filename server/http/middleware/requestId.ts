/** X-Request-Id on every response (decisions §1): a well-formed inbound id is echoed, else a new one. */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a well-formed inbound X-Request-Id, else mint a UUID; set on every response, errors included. */
export const requestId: Middleware = async (ctx, next) => {
  const inbound = ctx.get('X-Request-Id');
  const id = VALID_REQUEST_ID.test(inbound) ? inbound : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  await next();
};
