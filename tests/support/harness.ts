import { inject } from 'vitest';
import { parseEnv } from '../../server/env.js';
import { createLogger, type RunningServer, startServer } from '../../server/server.js';

export interface TestServer extends RunningServer {
  /** fetch against the server: `h.fetch('/v1/modules')`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * A real server on the suite's PostgreSQL database, on a free port. `env` overrides settings
 * (low rate limits, a store, …). Close it in afterAll.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const parsed = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: inject('databaseUrl'),
    ...env,
  });
  const running = await startServer(parsed, createLogger(parsed, 2));
  return {
    ...running,
    fetch: (path, init) => fetch(`${running.url}${path}`, init),
  };
}

/** Asserts the RFC 9457 shape every error response must have, and returns the body. */
export async function expectProblem(res: Response, status: number, code: string): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  const requestId = res.headers.get('x-request-id');
  const problem = { status: res.status, contentType: res.headers.get('content-type'), code: body.code };
  const expected = { status, contentType: 'application/problem+json', code };
  if (JSON.stringify(problem) !== JSON.stringify(expected)) {
    throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(problem)}: ${JSON.stringify(body)}`);
  }
  if (typeof body.type !== 'string' || !body.type.endsWith(`/problems/${code}`))
    throw new Error(`bad type ${body.type}`);
  if (typeof body.title !== 'string' || body.status !== status)
    throw new Error(`bad title/status ${JSON.stringify(body)}`);
  if (!requestId || body.request_id !== requestId)
    throw new Error(`request_id ${body.request_id} != header ${requestId}`);
  return body;
}
