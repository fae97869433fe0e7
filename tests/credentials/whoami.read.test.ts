// GET /v1/whoami and /trpc/whoami: the identity of an API key or an access token, live or sandbox,
// the refusals of a missing or invalid credential, and tenant isolation at the credential level.
// Issuing tokens is oauthToken.grants.test.ts.
import { describe, expect, test } from 'vitest';
import type { SCOPES } from '../../core/scopes.js';
import { credentialChangesApplied } from '../../routers/credentials/credentialCache.writes.js';
import { expectProblem, useTestServer } from '../support/harness.js';
import { creds, tokenJson } from '../support/oauth.js';
import {
  CLIENT_ID,
  expectInvalidCredential,
  expectTokens,
  expectWhoami,
  KEY_ID,
  LIVE_KEY,
  TEST_KEY,
  whoami,
} from './helpers.js';

const h = useTestServer();

async function accessToken(secretScopes: (typeof SCOPES)[number][], env: 'live' | 'test' = 'live') {
  const t = await h.tenant();
  const client = await h.client(t, secretScopes, env);
  const res = await tokenJson(h, { grant_type: 'client_credentials', ...creds(client) });
  return { client, tenant: t, tokens: await expectTokens(res) };
}

describe('GET /v1/whoami', () => {
  test('a live API key: key_…, env live, its scopes, credential api_key; RateLimit headers', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['employees:read', 'leave:write']);
    expect(secret).toMatch(LIVE_KEY);
    const res = await whoami(h, secret);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
      expect(res.headers.get(name), name).toMatch(/^\d+$/);
    }
    const data = await expectWhoami(h, secret, {
      env: 'live',
      credential: 'api_key',
      scopes: ['employees:read', 'leave:write'],
    });
    expect(data.key_id).toMatch(KEY_ID);
    // A public id, never (a part of) the secret.
    expect(secret).not.toContain(data.key_id.slice(4));
  });

  test('a test API key acts on the sandbox: env test', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['surveys:read'], 'test');
    expect(secret).toMatch(TEST_KEY);
    const data = await expectWhoami(h, secret, { env: 'test', credential: 'api_key', scopes: ['surveys:read'] });
    expect(data.key_id).toMatch(KEY_ID);
  });

  test('two keys of one tenant have distinct key ids', async () => {
    const t = await h.tenant();
    const a = await expectWhoami(h, await h.key(t, ['leave:read']), {});
    const b = await expectWhoami(h, await h.key(t, ['leave:read']), {});
    expect(a.key_id).not.toBe(b.key_id);
  });

  test('an access token: key_id is the client id, credential oauth_access_token, scopes as granted', async () => {
    const t = await h.tenant();
    const client = await h.client(t, ['employees:read', 'leave:read', 'assets:read']);
    expect(client.client_id).toMatch(CLIENT_ID);
    const tokens = await expectTokens(
      await tokenJson(h, { grant_type: 'client_credentials', ...creds(client), scope: 'leave:read assets:read' }),
      ['leave:read', 'assets:read'],
    );
    await expectWhoami(h, tokens.access_token, {
      key_id: client.client_id,
      env: 'live',
      credential: 'oauth_access_token',
      scopes: ['leave:read', 'assets:read'],
    });
  });

  test('a sandbox client token: env test', async () => {
    const { client, tokens } = await accessToken(['holidays:read'], 'test');
    await expectWhoami(h, tokens.access_token, {
      key_id: client.client_id,
      env: 'test',
      credential: 'oauth_access_token',
      scopes: ['holidays:read'],
    });
  });

  test('the Bearer scheme is case-insensitive', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['leave:read']);
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const res = await h.fetch('/v1/whoami', { headers: { Authorization: `${scheme} ${secret}` } });
      expect(res.status, scheme).toBe(200);
      expect(((await res.json()) as { data: { credential: string } }).data.credential).toBe('api_key');
    }
  });

  test('no credential: 401 unauthorized with the Bearer challenge', async () => {
    const res = await h.fetch('/v1/whoami');
    const body = await expectProblem(res, 401, 'unauthorized');
    expect(body.detail).toEqual(expect.any(String));
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="workforce"');
  });

  test('unknown, malformed, refresh token, client id, client secret and Basic: 401 invalid_credential', async () => {
    const { client, tokens } = await accessToken(['leave:read']);
    const t = await h.tenant();
    const key = await h.key(t, ['leave:read']);
    const cases: Record<string, string> = {
      'unknown live key': 'Bearer svc_live_0000000000000000000000000000000000000000',
      'unknown test key': 'Bearer svc_test_0000000000000000000000000000000000000000',
      'unknown access token': 'Bearer svc_at_0000000000000000000000000000000000000000',
      'a key with its last character changed': `Bearer ${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`,
      'a key with a live/test marker swapped': `Bearer ${key.replace('svc_live_', 'svc_test_')}`,
      'a key with a trailing character': `Bearer ${key}x`,
      nonsense: 'Bearer nonsense',
      'empty bearer': 'Bearer ',
      'two tokens': `Bearer ${key} ${key}`,
      'no scheme': key,
      'a refresh token': `Bearer ${tokens.refresh_token}`,
      'a client id': `Bearer ${client.client_id}`,
      'a client secret': `Bearer ${client.client_secret}`,
      'Basic scheme': 'Basic dXNlcjpwYXNz',
      'Basic scheme with a valid key': `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      'a token over 512 characters': `Bearer svc_live_${'a'.repeat(600)}`,
    };
    for (const [name, authorization] of Object.entries(cases)) {
      const res = await h.fetch('/v1/whoami', { headers: { Authorization: authorization } });
      try {
        await expectInvalidCredential(res);
      } catch (error) {
        throw new Error(`${name}: ${(error as Error).message}`);
      }
    }
    // The genuine credentials still work: nothing above was rejected for a stale reason.
    await expectWhoami(h, key, { credential: 'api_key' });
    await expectWhoami(h, tokens.access_token, { credential: 'oauth_access_token' });
  });

  test('an expired access token is 401 invalid_credential', async () => {
    const { tokens } = await accessToken(['leave:read']);
    await expectWhoami(h, tokens.access_token, { credential: 'oauth_access_token' });
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(tokens.access_token).digest('hex');
    await h.orm.em
      .getConnection()
      .execute(`update oauth_tokens set expires_at = now() - interval '1 second' where token_hash = ?`, [hash]);
    // What a write that changes a credential waits for (decisions §3): every node's cache has let it go.
    await credentialChangesApplied(h.orm.em.fork());
    await expectInvalidCredential(await whoami(h, tokens.access_token));
  });
});

describe('whoami over tRPC', () => {
  test('GET /trpc/whoami with a credential answers the same identity', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['employees:read'], 'test');
    const rest = await expectWhoami(h, secret, {});
    const res = await h.as(secret, '/trpc/whoami');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: unknown } };
    expect(body.result.data).toEqual({ data: rest });
    expect(rest).toMatchObject({ env: 'test', credential: 'api_key', scopes: ['employees:read'] });
  });

  test('GET /trpc/whoami with an access token', async () => {
    const { client, tokens } = await accessToken(['leave:read']);
    const res = await h.as(tokens.access_token, '/trpc/whoami');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { data: unknown } }).result.data).toEqual({
      data: {
        key_id: client.client_id,
        env: 'live',
        scopes: ['leave:read'],
        credential: 'oauth_access_token',
        employee_id: null,
      },
    });
  });

  test('without a credential: HTTP 401, error.data.code unauthorized, Bearer challenge', async () => {
    const res = await h.fetch('/trpc/whoami');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="workforce"');
    const body = (await res.json()) as { error: { data: { code: string; httpStatus: number } } };
    expect(body.error.data).toMatchObject({ code: 'unauthorized', httpStatus: 401 });
  });

  test('with an invalid credential: HTTP 401, error.data.code invalid_credential', async () => {
    const res = await h.as('svc_live_0000000000000000000000000000000000000000', '/trpc/whoami');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="workforce", error="invalid_token"');
    const body = (await res.json()) as { error: { data: { code: string } } };
    expect(body.error.data.code).toBe('invalid_credential');
  });
});

describe('tenant isolation at the credential level', () => {
  test('live and sandbox credentials of one organisation, and another organisation, are distinct identities', async () => {
    const a = await h.tenant();
    const b = await h.tenant();
    await expectWhoami(h, await h.key(a, ['employees:read']), { env: 'live' });
    await expectWhoami(h, await h.key(a, ['employees:read'], 'test'), { env: 'test' });
    await expectWhoami(h, await h.key(b, ['employees:read']), { env: 'live' });
  });

  test('a sandbox access token sees sandbox data only; another tenant’s token sees none of A', async () => {
    const a = await h.tenant();
    const b = await h.tenant();
    const token = async (t: typeof a, env: 'live' | 'test') =>
      (
        await expectTokens(
          await tokenJson(h, {
            grant_type: 'client_credentials',
            ...creds(await h.client(t, ['employees:read'], env)),
          }),
        )
      ).access_token;
    const sandbox = await token(a, 'test');
    const stranger = await token(b, 'live');
    const own = await token(a, 'live');
    const livePath = `/v1/employees/${a.hr_admin.id}`;
    await expectProblem(await h.as(sandbox, livePath), 404, 'not_found');
    await expectProblem(await h.as(stranger, livePath), 404, 'not_found');
    expect((await h.as(own, livePath)).status).toBe(200);
    // The sandbox has its own HR admin, invisible to the live tenant.
    const sandboxPath = `/v1/employees/${a.sandbox_hr_admin.id}`;
    expect((await h.as(sandbox, sandboxPath)).status).toBe(200);
    await expectProblem(await h.as(own, sandboxPath), 404, 'not_found');
    const list = (await (await h.as(sandbox, '/v1/employees')).json()) as { data: { id: string }[] };
    expect(list.data.map((e) => e.id)).toEqual([a.sandbox_hr_admin.id]);
  });
});
