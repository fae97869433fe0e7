import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, expect } from 'vitest';
import { sql } from './database.js';
import type { TestServer } from './harness.js';
import type { Contract } from './openapi.js';

/**
 * Real webhook receivers for the delivery tests: HTTP servers on 127.0.0.1 that record every
 * request they get (headers, raw body, when) and answer as the test says: a status, a redirect, or
 * never. The servers WEBHOOK_ALLOW_PRIVATE_URLS lets a test server deliver to. Every delivery they
 * get is checked against the `webhooks` section of the sender's served OpenAPI document.
 */

export interface Received {
  headers: Record<string, string>;
  /** The raw body, exactly as sent (what a receiver verifies). */
  body: string;
  /** Date.now() when the request ended. */
  at: number;
  /** The connection's request, for a receiver that holds it open. */
  res: ServerResponse;
  /** The sender's port: which process sent it (tcpPortsOf). */
  remotePort: number;
  /** Settles when the response is over: true if it was written whole, false if the client went first. */
  answered: Promise<boolean>;
}

/** What to do with a request: answer with a status (and headers), or hold it (`'hang'`, never answered). */
type Answer = number | { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface Receiver {
  url: string;
  port: number;
  /** Every request so far, in arrival order. */
  received: Received[];
  /** Changes how later requests are answered. */
  answer(next: (request: Received, index: number) => Answer): void;
  close(): Promise<void>;
}

function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return headers;
}

/** A receiver answering 200 until told otherwise (`answer`), handing each request to `inspect` as it arrives. */
async function startReceiver(inspect: (request: Received) => void, path = '/hooks'): Promise<Receiver> {
  let decide: (request: Received, index: number) => Answer = () => 200;
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        headers: lowerHeaders(req),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        res,
        remotePort: req.socket.remotePort as number,
        answered: new Promise((resolve) => res.once('close', () => resolve(res.writableFinished))),
      };
      inspect(request);
      const index = received.push(request) - 1;
      const answer = decide(request, index);
      if (answer === 'hang') return;
      const { status, headers = {}, body = '' } = typeof answer === 'number' ? { status: answer } : answer;
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    answer(next) {
      decide = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `startReceiver` for tests in a file: every receiver it starts is closed in afterAll, and every
 * delivery one gets is checked against the `webhooks` entry of its type in the document `sender`
 * serves (tests/support/openapi.ts `Contract.checkDelivery`: the signature headers and the body).
 * A delivery that does not match fails the test it arrived in, when that test ends.
 */
export function useReceivers(sender: { contract(): Promise<Contract> }): (path?: string) => Promise<Receiver> {
  const started: Receiver[] = [];
  const checks: Promise<void>[] = [];
  const drifts: string[] = [];
  // Checked as they arrive (the sender's document is fetched once), judged when the test ends.
  const check = (request: Received) => {
    const checked = sender.contract().then((contract) => contract.checkDelivery(request));
    checks.push(checked.catch((error: Error) => void drifts.push(error.message)));
  };
  afterEach(async () => {
    await Promise.all(checks.splice(0));
    expect(drifts.splice(0), 'webhook deliveries that do not match the OpenAPI document').toEqual([]);
  });
  afterAll(() => Promise.all(started.map((r) => r.close())));
  return async (path) => {
    const receiver = await startReceiver(check, path);
    started.push(receiver);
    return receiver;
  };
}

/** A port on 127.0.0.1 nothing listens on (connection refused): one that was just released. */
export async function closedPort(): Promise<number> {
  const receiver = await startReceiver(() => {});
  await receiver.close();
  return receiver.port;
}

/**
 * Receivers a test leaves hanging (push them): after each test their requests are answered and the
 * server's pending attempts settled, so that nothing is due for the next test.
 */
export function useHeldReceivers(h: TestServer): Receiver[] {
  const held: Receiver[] = [];
  afterEach(async () => {
    for (const r of held.splice(0)) {
      r.answer(() => 200);
      for (const q of r.received) if (!q.res.writableEnded) q.res.writeHead(200).end();
    }
    // The dispatcher records outcomes meanwhile, row by row in its own order: a deadlock with it is
    // retried (the dispatcher's side goes through, which is all this needs).
    for (let attempt = 1; ; attempt++) {
      try {
        await sql(h, `update webhook_deliveries set status = 'failed', locked_until = null where status = 'pending'`);
        return;
      } catch (error) {
        if (attempt === 5 || !/deadlock detected/.test((error as Error).message)) throw error;
      }
    }
  });
  return held;
}
