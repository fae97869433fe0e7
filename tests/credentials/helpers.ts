import { expect } from 'vitest';
import type { TestServer } from '../support/harness.js';

/** Credential formats of decisions §3: the marker, then at least 32 base62 characters. */
export const LIVE_KEY = /^svc_live_[0-9A-Za-z]{32,}$/;
export const TEST_KEY = /^svc_test_[0-9A-Za-z]{32,}$/;
export const ACCESS_TOKEN = /^svc_at_[0-9A-Za-z]{32,}$/;
export const REFRESH_TOKEN = /^svc_rt_[0-9A-Za-z]{32,}$/;
export const CLIENT_ID = /^svc_client_[0-9A-Za-z]{32,}$/;
export const CLIENT_SECRET = /^svc_secret_[0-9A-Za-z]{32,}$/;
export const KEY_ID = /^key_[0-9A-Za-z]+$/;

export interface TokenPair {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface Whoami {
  data: { key_id: string; env: string; scopes: string[]; credential: string; employee_id: string | null };
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
  expect(Object.keys(body.data).sort()).toEqual(['credential', 'employee_id', 'env', 'key_id', 'scopes']);
  // Keys and client-credentials tokens act for no one employee (decisions §20).
  expect(body.data.employee_id).toBe(expected.employee_id ?? null);
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
