/**
 * The node:http server under Koa: the timeouts of decisions §16 and the answers Node gives itself
 * (408, 431, a malformed request) with a request id and a problem body. Not the routes: app.ts.
 */
import { randomUUID } from 'node:crypto';
import http, { type RequestListener, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { ApiError, toProblem } from '../../core/problems.js';
import type { Env } from '../main/env.js';

type HttpEnv = Pick<
  Env,
  'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS' | 'PUBLIC_BASE_URL'
>;

/**
 * The timeouts of decisions §16. Node checks the header and request timeouts only every
 * `connectionsCheckingInterval` (30 s by default, which would let a 10 s limit run to 40 s), so the
 * check runs at a tenth of the shorter limit, between 50 ms and 1 s.
 */
export function httpServerOptions(env: Omit<HttpEnv, 'PUBLIC_BASE_URL'>): ServerOptions {
  const shortest = Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS);
  return {
    headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(shortest / 10))),
  };
}

/** What Node's parser or its timeouts refused, as a problem of the registry. */
function problemFor(code: string | undefined, env: HttpEnv): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('request_header_fields_too_large', {
        detail: `The request line and header fields exceed ${http.maxHeaderSize} bytes.`,
      });
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError('payload_too_large', { detail: 'The chunk extensions of the request body are too large.' });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('request_timeout', {
        detail:
          `The request was not received in time: its header fields within ${env.HTTP_HEADERS_TIMEOUT_MS / 1000} s, ` +
          `the whole request within ${env.HTTP_REQUEST_TIMEOUT_MS / 1000} s.`,
      });
    default:
      return new ApiError('malformed_request', { detail: 'The request is not well-formed HTTP/1.1.' });
  }
}

/**
 * Answers an error that Node's HTTP server detects before any route runs (decisions §16): an
 * oversized header section (431), a malformed request (400) or a request not received in time
 * (408), like every other error, with `X-Request-Id` and a problem document, then closes the
 * connection. Only while the socket is writable and no response on it has begun: a status line in
 * the middle of another response would corrupt it, so then the connection is just closed.
 * A request already handed to the app (a body that arrives too slowly or malformed) keeps the
 * request id that its response and log line already carry.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, env: HttpEnv, logger: Logger): void {
  // The response in progress on this connection, if any (what Node's own default answer checks too):
  // between two keep-alive requests there is none, and a fresh status line is safe.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  if (inFlight?.req.complete && error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') {
    // A request pipelined behind one that was received whole and is still being answered is broken.
    // A response now would be read as the answer to the earlier request: let that one be answered,
    // then close the connection; the broken request gets no answer of its own.
    inFlight.shouldKeepAlive = false;
    inFlight.setHeader('Connection', 'close');
    return;
  }
  const inbound = inFlight?.getHeader('x-request-id');
  const requestId = typeof inbound === 'string' ? inbound : randomUUID();
  const problem = problemFor(error.code, env);
  const body = JSON.stringify(toProblem(problem, env.PUBLIC_BASE_URL, requestId));
  // Never log the error itself: its rawPacket holds the request's bytes, credentials included.
  logger.info(
    { request_id: requestId, status: problem.status, code: error.code },
    'request refused by the HTTP server',
  );
  socket.end(
    [
      `HTTP/1.1 ${problem.status} ${http.STATUS_CODES[problem.status]}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: application/problem+json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${requestId}`,
      'X-Content-Type-Options: nosniff',
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
  // Then close it for good, even if the client still sends or never reads.
  socket.once('finish', () => socket.destroy());
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** The HTTP server of the app, with the timeouts and the answers to client errors of decisions §16. */
export function createHttpServer(handler: RequestListener, env: HttpEnv, logger: Logger): Server {
  const server = http.createServer(httpServerOptions(env), handler);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, env, logger),
  );
  return server;
}
