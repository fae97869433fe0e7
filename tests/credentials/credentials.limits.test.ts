import { describe, expect, test } from 'vitest';
import { INTEGER } from '../support/formats.js';
import { serverPerTest } from '../support/harness.js';
import { basic, creds, tokenForm, tokenJson } from '../support/oauth.js';
import { quota } from '../support/rateLimits.js';
import { expectOAuthError, expectTokens, expectWhoami, whoami } from './helpers.js';

/** Each test gets its own server: the memory store keeps budgets per process. */
const server = serverPerTest();

function expectRetryAfter(res: Response): void {
  const retry = res.headers.get('retry-after');
  expect(retry).toMatch(INTEGER);
  expect(Number(retry)).toBeGreaterThanOrEqual(1);
  expect(Number(retry)).toBeLessThanOrEqual(60);
}

async function expectLimitedProblem(res: Response, limit: number): Promise<void> {
  expect(res.status).toBe(429);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  expectRetryAfter(res);
  expect(quota(res)).toMatchObject({ limit, remaining: 0 });
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status: 429, code: 'rate_limited', request_id: res.headers.get('x-request-id') });
}

describe('token endpoint brute-force protection', () => {
  test('failures from other addresses never lock a client out: a client id is not a secret (decisions §5)', async () => {
    const s = await server({ RATE_LIMIT_TOKEN_FAIL_POINTS: '3', TRUST_PROXY: 'true' });
    const client = creds(await s.client(await s.tenant(), ['leave:read']));
    const wrong = { client_id: client.client_id, client_secret: `${client.client_secret}x` };
    const attacker = { 'X-Forwarded-For': '203.0.113.50' };

    // An attacker who knows the client id guesses from one address: 3 failures, then 429 there.
    for (let i = 0; i < 3; i++) {
      await expectOAuthError(
        await tokenForm(s, { grant_type: 'client_credentials', ...wrong }, attacker),
        401,
        'invalid_client',
      );
    }
    await expectOAuthError(
      await tokenForm(s, { grant_type: 'client_credentials', ...wrong }, attacker),
      429,
      'rate_limited',
    );
    const rightFromAttacker = await tokenForm(s, { grant_type: 'client_credentials', ...client }, attacker);
    expectRetryAfter(rightFromAttacker);
    await expectOAuthError(rightFromAttacker, 429, 'rate_limited');

    // The real client, at its own address, is not locked out: by body and by Basic.
    const home = { 'X-Forwarded-For': '198.51.100.10' };
    await expectTokens(await tokenForm(s, { grant_type: 'client_credentials', ...client }, home));
    await expectTokens(
      await tokenForm(
        s,
        { grant_type: 'client_credentials' },
        { ...home, Authorization: basic(client.client_id, client.client_secret) },
      ),
    );

    // Guesses spread over many addresses: each is a plain 401, and nobody is locked out.
    for (let ip = 20; ip < 30; ip++) {
      await expectOAuthError(
        await tokenForm(s, { grant_type: 'client_credentials', ...wrong }, { 'X-Forwarded-For': `198.51.100.${ip}` }),
        401,
        'invalid_client',
      );
    }
    await expectTokens(
      await tokenForm(s, { grant_type: 'client_credentials', ...client }, { 'X-Forwarded-For': '198.51.100.99' }),
    );
  });

  test('3 failed authentications from one address lock that address out, for every client id', async () => {
    const s = await server({ RATE_LIMIT_TOKEN_FAIL_POINTS: '3', TRUST_PROXY: 'true' });
    const client = creds(await s.client(await s.tenant(), ['leave:read']));
    const attacker = { 'X-Forwarded-For': '203.0.113.7' };
    for (let i = 0; i < 3; i++) {
      const guess = {
        client_id: `svc_client_guess${i}${'0'.repeat(32)}`,
        client_secret: `svc_secret_${'0'.repeat(40)}`,
      };
      await expectOAuthError(
        await tokenJson(s, { grant_type: 'client_credentials', ...guess }, attacker),
        401,
        'invalid_client',
      );
    }
    const locked = await tokenJson(s, { grant_type: 'client_credentials', ...client }, attacker);
    expectRetryAfter(locked);
    await expectOAuthError(locked, 429, 'rate_limited');
    // Everyone else, and the client itself from elsewhere, carries on.
    await expectTokens(
      await tokenJson(s, { grant_type: 'client_credentials', ...client }, { 'X-Forwarded-For': '203.0.113.8' }),
    );
  });

  test('token responses carry RateLimit-*; RATE_LIMIT_TOKEN_POINTS per address gives 429', async () => {
    const s = await server({ RATE_LIMIT_TOKEN_POINTS: '3', TRUST_PROXY: 'true' });
    const client = creds(await s.client(await s.tenant(), ['leave:read']));
    const me = { 'X-Forwarded-For': '192.0.2.1' };
    const first = await tokenForm(s, { grant_type: 'client_credentials', ...client }, me);
    expect(quota(first)).toMatchObject({ limit: 3, remaining: 2 });
    const tokens = await expectTokens(first);
    // Errors spend the budget too, and carry the headers.
    const failed = await tokenForm(s, { grant_type: 'nope', ...client }, me);
    expect(quota(failed)).toMatchObject({ limit: 3, remaining: 1 });
    await expectOAuthError(failed, 400, 'unsupported_grant_type');
    const third = await tokenForm(
      s,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...client },
      me,
    );
    expect(quota(third)).toMatchObject({ limit: 3, remaining: 0 });
    await expectTokens(third);

    const limited = await tokenForm(s, { grant_type: 'client_credentials', ...client }, me);
    expectRetryAfter(limited);
    expect(quota(limited)).toMatchObject({ limit: 3, remaining: 0 });
    await expectOAuthError(limited, 429, 'rate_limited');

    // Per address: another one still gets tokens, and the API itself is a separate budget.
    await expectTokens(
      await tokenForm(s, { grant_type: 'client_credentials', ...client }, { 'X-Forwarded-For': '192.0.2.2' }),
    );
    expect((await whoami(s, tokens.access_token)).status).toBe(200);
  });
});

describe('API rate limits per credential', () => {
  test('each key has its own budget; a 4th call with key A is 429 while key B works', async () => {
    const s = await server({ RATE_LIMIT_POINTS: '3', RATE_LIMIT_IP_POINTS: '100' });
    const t = await s.tenant();
    const a = await s.key(t, ['leave:read']);
    const b = await s.key(t, ['leave:read']);
    const remaining: number[] = [];
    for (const path of ['/v1/whoami', '/v1/leave-types', '/v1/whoami']) {
      const res = await s.as(a, path);
      expect(res.status, path).toBe(200);
      const q = quota(res);
      expect(q.limit).toBe(3);
      remaining.push(q.remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    await expectLimitedProblem(await s.as(a, '/v1/whoami'), 3);
    // The budget is the key's, whatever the endpoint or surface.
    await expectLimitedProblem(await s.as(a, '/v1/leave-types'), 3);
    expect((await s.as(a, '/trpc/whoami')).status).toBe(429);

    const other = await s.as(b, '/v1/whoami');
    expect(other.status).toBe(200);
    expect(quota(other)).toMatchObject({ limit: 3, remaining: 2 });
    // Anonymous callers from the same address are on their own budget.
    const anon = await s.fetch('/v1/modules');
    expect(anon.status).toBe(200);
    expect(quota(anon)).toMatchObject({ limit: 100, remaining: 99 });
    // Health is never limited.
    expect((await s.as(a, '/v1/health')).status).toBe(200);
  });

  test('the access tokens of one OAuth client share the client’s budget', async () => {
    const s = await server({ RATE_LIMIT_POINTS: '3' });
    const t = await s.tenant();
    const client = creds(await s.client(t, ['leave:read']));
    const one = await expectTokens(await tokenJson(s, { grant_type: 'client_credentials', ...client }));
    const two = await expectTokens(await tokenJson(s, { grant_type: 'client_credentials', ...client }));
    await expectWhoami(s, one.access_token, { key_id: client.client_id });
    await expectWhoami(s, two.access_token, { key_id: client.client_id });
    await expectWhoami(s, one.access_token, { key_id: client.client_id });
    await expectLimitedProblem(await whoami(s, two.access_token), 3);
    // An API key of the same tenant is its own budget.
    await expectWhoami(s, await s.key(t, ['leave:read']), { credential: 'api_key' });
  });

  test('the anonymous budget (RATE_LIMIT_IP_POINTS) is separate from credential budgets', async () => {
    const s = await server({ RATE_LIMIT_POINTS: '100', RATE_LIMIT_IP_POINTS: '2' });
    const t = await s.tenant();
    const key = await s.key(t, ['leave:read']);
    for (let i = 0; i < 2; i++) {
      const res = await s.fetch('/v1/modules');
      expect(res.status).toBe(200);
      expect(quota(res).limit).toBe(2);
    }
    await expectLimitedProblem(await s.fetch('/v1/modules'), 2);
    // A key from the same address still works, on its own quota.
    const keyed = await s.as(key, '/v1/whoami');
    expect(keyed.status).toBe(200);
    expect(quota(keyed)).toMatchObject({ limit: 100, remaining: 99 });
    expect((await s.as(key, '/v1/modules')).status).toBe(200);
  });
});
