import { expect } from 'vitest';
import type { TestServer } from '../support/harness.js';
import { cli, collect, type Result } from '../support/processes.js';

export { onlyJsonObject } from '../support/processes.js';

/** Credential formats of decisions §3: the marker, then at least 32 base62 characters. */
export const LIVE_KEY = /^svc_live_[0-9A-Za-z]{32,}$/;
export const TEST_KEY = /^svc_test_[0-9A-Za-z]{32,}$/;
export const ACCESS_TOKEN = /^svc_at_[0-9A-Za-z]{32,}$/;
export const REFRESH_TOKEN = /^svc_rt_[0-9A-Za-z]{32,}$/;
export const CLIENT_ID = /^svc_client_[0-9A-Za-z]{32,}$/;
export const CLIENT_SECRET = /^svc_secret_[0-9A-Za-z]{32,}$/;
export const KEY_ID = /^key_[0-9A-Za-z]+$/;
export const INTEGER = /^\d+$/;

export interface TokenPair {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface Whoami {
  data: { key_id: string; env: string; scopes: string[]; credential: string };
}

/** POST /oauth/token with a JSON body (the spec's sample), optional extra headers. */
export function tokenJson(h: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return h.fetch('/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** POST /oauth/token with a form body (RFC 6749), optional extra headers. */
export function tokenForm(h: TestServer, body: Record<string, string>, headers: Record<string, string> = {}) {
  return h.fetch('/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
}

export function basic(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
}

/** A successful token response: 200, no-store, the fields of decisions §4. */
export async function expectTokens(res: Response, scopes?: readonly string[]): Promise<TokenPair> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = JSON.parse(text) as TokenPair;
  expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
  expect(body.access_token).toMatch(ACCESS_TOKEN);
  expect(body.refresh_token).toMatch(REFRESH_TOKEN);
  expect(body.token_type).toBe('Bearer');
  expect(body.expires_in).toBe(3600);
  expect(typeof body.scope).toBe('string');
  if (scopes) expect(body.scope.split(' ').sort()).toEqual([...scopes].sort());
  return body;
}

/**
 * A token-endpoint error (decisions §4): RFC 6749 §5.2 `error` and `error_description` in an
 * application/json body (never problem+json, which stock clients do not read), plus the problem
 * members with `code` = the OAuth error.
 */
export async function expectOAuthError(res: Response, status: number, error: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect({ status: res.status, body: text }).toMatchObject({ status });
  expect(res.headers.get('content-type')).toMatch(/^application\/json(;|$)/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = JSON.parse(text) as Record<string, unknown>;
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toEqual(expect.any(String));
  expect(body).toMatchObject({
    error,
    error_description: expect.any(String),
    type: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/problems/${error}$`)),
    title: expect.any(String),
    status,
    code: error,
    request_id: requestId,
  });
  return body;
}

export async function whoami(h: TestServer, secret: string): Promise<Response> {
  return h.as(secret, '/v1/whoami');
}

/** whoami must answer 200 with exactly this identity. */
export async function expectWhoami(h: TestServer, secret: string, expected: Partial<Whoami['data']>) {
  const res = await whoami(h, secret);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as Whoami;
  expect(Object.keys(body)).toEqual(['data']);
  expect(Object.keys(body.data).sort()).toEqual(['credential', 'env', 'key_id', 'scopes']);
  const { scopes, ...rest } = expected;
  expect(body.data).toMatchObject(rest);
  if (scopes) expect([...body.data.scopes].sort()).toEqual([...scopes].sort());
  return body.data;
}

/** 401 invalid_credential with the RFC 6750 challenge, as a problem document. */
export async function expectInvalidCredential(res: Response): Promise<void> {
  const body = (await res.json()) as Record<string, unknown>;
  expect({ status: res.status, type: res.headers.get('content-type'), code: body.code }).toEqual({
    status: 401,
    type: 'application/problem+json',
    code: 'invalid_credential',
  });
  expect(body.request_id).toBe(res.headers.get('x-request-id'));
  expect(res.headers.get('www-authenticate')).toBe('Bearer realm="workforce", error="invalid_token"');
}

export type CliResult = Result;

/** `node dist/server/cli.js …` (what bin/wfm execs) on the suite's database, with the suite's Node. */
export function wfm(args: string[], databaseUrl: string): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'PUBLIC_BASE_URL', 'CURSOR_SECRET', 'CREDENTIAL_PREFIX']) {
    delete env[name];
  }
  return collect(process.execPath, [cli, ...args], {
    ...env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
  });
}

/** Only the client id and secret of a created client (for a token request body). */
export function creds(client: { client_id: string; client_secret: string }) {
  return { client_id: client.client_id, client_secret: client.client_secret };
}
