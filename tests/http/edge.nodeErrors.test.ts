import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { beforeAll, describe, expect, test } from 'vitest';
import { createHttpServer, httpServerOptions } from '../../server/http/httpServer.js';
import { parseEnv } from '../../server/main/env.js';
import { UUID } from '../support/formats.js';
import { useTestServer } from '../support/harness.js';

/**
 * Errors that Node's HTTP server answers before any route runs (decisions §16): 408, 431 and a
 * malformed request carry X-Request-Id and a problem document, and the server's timeouts are
 * explicit. Requests are written byte by byte on raw sockets, as a slow or broken client would.
 */

const HEADERS_MS = 300;
const REQUEST_MS = 600;
const KEEP_ALIVE_MS = 300;

const h = useTestServer({
  RATE_LIMIT_IP_POINTS: '100000',
  HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
  HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
});
let port: number;
beforeAll(async () => {
  port = Number(new URL(h.url).port);
});

interface Exchange {
  /** Everything the server sent until it closed the connection. */
  raw: string;
  /** Milliseconds from the first byte written to the connection's end. */
  closedAfterMs: number;
}

/**
 * Opens a connection, writes `data` (and nothing else, ever), and collects what the server sends
 * until it closes the connection (or `limitMs` passes: then the test fails).
 */
function exchange(data: string | Buffer, limitMs = 5000, onData?: (socket: net.Socket, raw: string) => void) {
  return new Promise<Exchange>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    let started = 0;
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${limitMs} ms; got ${JSON.stringify(raw)}`));
    }, limitMs);
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      started = performance.now();
      socket.write(data);
    });
    socket.on('data', (chunk: string) => {
      raw += chunk;
      onData?.(socket, raw);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(limit);
      resolve({ raw, closedAfterMs: performance.now() - started });
    });
  });
}

interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The responses in `raw`, in order (Content-Length framed). */
function responses(raw: string): ParsedResponse[] {
  const out: ParsedResponse[] = [];
  let rest = raw;
  while (rest.length) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`incomplete response head: ${JSON.stringify(rest)}`);
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

/** The one response of `raw`, checked as a problem document of `code` that closes the connection. */
function expectNodeProblem(raw: string, status: number, code: string, title: string): Record<string, unknown> {
  const all = responses(raw);
  expect(all.map((r) => r.status)).toEqual([status]);
  const [res] = all;
  expect(res.headers['content-type']).toBe('application/problem+json');
  expect(res.headers.connection).toBe('close');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const requestId = res.headers['x-request-id'];
  expect(requestId).toBeTruthy();
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body).toEqual({
    type: `${h.url}/problems/${code}`,
    title,
    status,
    code,
    detail: expect.any(String),
    request_id: requestId,
  });
  return body;
}

describe('timeouts', () => {
  test('header fields that never end: 408 request_timeout with a fresh X-Request-Id, soon after the limit', async () => {
    const { raw, closedAfterMs } = await exchange('GET /v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n');
    const body = expectNodeProblem(raw, 408, 'request_timeout', 'Request timeout');
    expect(body.request_id).toMatch(UUID);
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + 1500);
  });

  test('a connection that sends nothing at all: 408, closed', async () => {
    const { raw } = await exchange('');
    expectNodeProblem(raw, 408, 'request_timeout', 'Request timeout');
  });

  test('a body that never arrives whole: 408 with the request id the app already gave the request', async () => {
    const id = `slow-body-${Math.random().toString(36).slice(2)}`;
    const { raw, closedAfterMs } = await exchange(
      'POST /v1/employees HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: 100\r\nX-Request-Id: ${id}\r\n\r\n{"full_name":`,
    );
    const body = expectNodeProblem(raw, 408, 'request_timeout', 'Request timeout');
    expect(body.request_id).toBe(id);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(closedAfterMs).toBeLessThan(REQUEST_MS + 1500);
  });

  test('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    let answeredAt = 0;
    const { raw, closedAfterMs } = await exchange(
      'GET /v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
      5000,
      (_socket, soFar) => {
        if (!answeredAt && responses(soFar).length === 1) answeredAt = performance.now();
      },
    );
    const [res] = responses(raw);
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('keep-alive');
    expect(closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS);
    // Node adds its keepAliveTimeoutBuffer (1 s) to the advertised timeout before it closes.
    expect(closedAfterMs).toBeLessThan(KEEP_ALIVE_MS + 1000 + 1000);
  });

  test('a request that arrives in time is answered normally', async () => {
    const res = await h.fetch('/v1/health');
    expect(res.status).toBe(200);
  });
});

describe('requests Node refuses to parse', () => {
  test('header fields over the limit: 431 request_header_fields_too_large with X-Request-Id', async () => {
    const { raw } = await exchange(
      `GET /v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(http.maxHeaderSize + 1)}\r\n\r\n`,
    );
    const body = expectNodeProblem(raw, 431, 'request_header_fields_too_large', 'Request header fields too large');
    expect(body.request_id).toMatch(UUID);
  });

  test('a malformed request line: 400 malformed_request with X-Request-Id', async () => {
    const { raw } = await exchange('this is not http\r\n\r\n');
    const body = expectNodeProblem(raw, 400, 'malformed_request', 'Malformed request');
    expect(body.request_id).toMatch(UUID);
  });

  test('a malformed header: 400 malformed_request', async () => {
    const { raw } = await exchange('GET /v1/health HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n');
    expectNodeProblem(raw, 400, 'malformed_request', 'Malformed request');
  });

  test('a malformed second request on a keep-alive connection: the first response, then a 400 problem', async () => {
    let sent = false;
    const { raw } = await exchange('GET /v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n', 5000, (socket, soFar) => {
      if (!sent && soFar.includes('"status"')) {
        sent = true;
        socket.write('not http either\r\n\r\n');
      }
    });
    const [first, second, ...more] = responses(raw);
    expect(more).toEqual([]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(400);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(JSON.parse(second.body)).toMatchObject({
      code: 'malformed_request',
      request_id: second.headers['x-request-id'],
    });
  });

  test('a malformed chunked body: 400 malformed_request with the request id the app already gave the request', async () => {
    const id = `bad-chunk-${Math.random().toString(36).slice(2)}`;
    const { raw } = await exchange(
      'POST /v1/employees HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Transfer-Encoding: chunked\r\nX-Request-Id: ${id}\r\n\r\nzz\r\n{}\r\n`,
    );
    const body = expectNodeProblem(raw, 400, 'malformed_request', 'Malformed request');
    expect(body.request_id).toBe(id);
  });

  test('a malformed request pipelined behind a good one: the good one is answered, then the connection closes', async () => {
    const { raw } = await exchange('GET /v1/health HTTP/1.1\r\nHost: localhost\r\n\r\nnot http either\r\n\r\n');
    const all = responses(raw);
    // Never a 400 that the client would take for the answer to its first request.
    expect(all.map((r) => r.status)).toEqual([200]);
    expect(all[0].headers.connection).toBe('close');
  });

  test('the new codes have their /problems pages', async () => {
    for (const code of ['request_timeout', 'request_header_fields_too_large', 'malformed_request']) {
      const res = await h.fetch(`/problems/${code}`);
      expect(res.status, code).toBe(200);
    }
  });
});

describe('configuration', () => {
  test('defaults: header fields within 10 s, the whole request within 30 s, idle keep-alive 5 s', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_REQUEST_TIMEOUT_MS: 30_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 5_000,
    });
    const server = createHttpServer(() => {}, env, pino({ level: 'silent' }));
    expect({
      headersTimeout: server.headersTimeout,
      requestTimeout: server.requestTimeout,
      keepAliveTimeout: server.keepAliveTimeout,
    }).toEqual({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 });
    // Node checks the timeouts every connectionsCheckingInterval (30 s by default): often enough here.
    expect(httpServerOptions(env).connectionsCheckingInterval).toBe(1000);
  });

  test('the running server uses the configured values', () => {
    expect(h.server.headersTimeout).toBe(HEADERS_MS);
    expect(h.server.requestTimeout).toBe(REQUEST_MS);
    expect(h.server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
  });

  test('a header timeout beyond the request timeout, or a non-positive value, is refused at start', () => {
    expect(() => parseEnv({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => parseEnv({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(/HTTP_KEEP_ALIVE_TIMEOUT_MS/);
  });
});

describe('logging', () => {
  test('the refusal is logged with its request id, never with the bytes of the request', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const server = createHttpServer(
      (_req, res) => res.end('ok'),
      parseEnv({ PUBLIC_BASE_URL: 'http://127.0.0.1' }),
      logger,
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const secret = 'svc_live_do-not-log-me';
      const { raw } = await new Promise<Exchange>((resolve) => {
        const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
        let text = '';
        socket.setEncoding('latin1');
        socket.on('connect', () =>
          socket.write(`GET / HTTP/1.1\r\nAuthorization: Bearer ${secret}\r\nBad Header: x\r\n\r\n`),
        );
        socket.on('data', (chunk: string) => {
          text += chunk;
        });
        socket.on('close', () => resolve({ raw: text, closedAfterMs: 0 }));
      });
      const [res] = responses(raw);
      expect(res.status).toBe(400);
      const log = lines.join('');
      expect(log).toContain(res.headers['x-request-id']);
      expect(log).not.toContain(secret);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
