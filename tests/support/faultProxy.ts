// A forwarding HTTP proxy between a client under test and a test server: it records each exchange and
// can give the client another answer than the server's (a 503 after the server committed a write).
// Not a general proxy: whole bodies in memory, one upstream.

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

interface ProxiedExchange {
  method: string;
  /** Path and query, as the client sent them. */
  url: string;
  /** The request's headers, lower-case names. */
  headers: Record<string, string>;
  /** What the server answered. */
  upstream: { status: number; headers: Headers; body: string };
  /** The status the client got (the server's, unless an injected answer replaced it). */
  answered: number;
}

/** An answer the client gets instead of the server's, once the server has answered the request. */
interface InjectedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface FaultProxy {
  url: string;
  exchanges: ProxiedExchange[];
  /** The next request `matches` accepts is forwarded, and the client answered `answer` instead. */
  replaceNextAnswer(matches: (method: string, url: string) => boolean, answer: InjectedAnswer): void;
  close(): Promise<void>;
}

/** Headers that belong to one connection (RFC 9110 §7.6.1) or that fetch recomputes. */
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function requestHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !NOT_FORWARDED.has(name))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

async function startFaultProxy(target: string): Promise<FaultProxy> {
  const exchanges: ProxiedExchange[] = [];
  const pending: { matches: (method: string, url: string) => boolean; answer: InjectedAnswer }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const headers = requestHeaders(req);
    try {
      const upstream = await fetch(`${target}${url}`, {
        method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
      });
      const body = await upstream.text();
      const injected = pending.findIndex((p) => p.matches(method, url));
      const answer = injected >= 0 ? pending.splice(injected, 1)[0].answer : undefined;
      exchanges.push({
        method,
        url,
        headers,
        upstream: { status: upstream.status, headers: upstream.headers, body },
        answered: answer?.status ?? upstream.status,
      });
      if (answer) {
        // Header names are case-insensitive: an injected Content-Type replaces the default, not joins it.
        const headers = new Headers({ 'content-type': 'text/plain' });
        for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
        res.writeHead(answer.status, Object.fromEntries(headers)).end(answer.body ?? '');
        return;
      }
      const answerHeaders = Object.fromEntries(
        [...upstream.headers].filter(([name]) => !NOT_FORWARDED.has(name) && name !== 'content-encoding'),
      );
      res.writeHead(upstream.status, answerHeaders).end(body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${String(error)}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    replaceNextAnswer(matches, answer) {
      pending.push({ matches, answer });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `startFaultProxy` for a test file: every proxy it starts is closed in afterAll. */
export function useFaultProxies(): (target: string) => Promise<FaultProxy> {
  const started: FaultProxy[] = [];
  afterAll(() => Promise.all(started.map((p) => p.close())));
  return async (target) => {
    const proxy = await startFaultProxy(target);
    started.push(proxy);
    return proxy;
  };
}
