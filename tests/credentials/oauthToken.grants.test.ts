import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { SCOPES, type Scope } from '../../core/scopes.js';
import { revokeOAuthClient, rotateOAuthClientSecret } from '../../routers/credentials/credentials.writes.js';
import { INTEGER } from '../support/formats.js';
import { useTestServer } from '../support/harness.js';
import { basic, creds, tokenForm, tokenJson } from '../support/oauth.js';
import {
  expectInvalidCredential,
  expectOAuthError,
  expectTokens,
  expectWhoami,
  type TokenPair,
  whoami,
} from './helpers.js';

// Budgets high enough that this file's many token requests (and deliberate failures) from
// 127.0.0.1 never trip the token limiters; those are tested in credentials.limits.test.ts.
const h = useTestServer({ RATE_LIMIT_TOKEN_POINTS: '100000', RATE_LIMIT_TOKEN_FAIL_POINTS: '100000' });

async function newClient(scopes: Scope[], env: 'live' | 'test' = 'live') {
  return creds(await h.client(await h.tenant(), scopes, env));
}

async function issue(client: { client_id: string; client_secret: string }, scope?: string): Promise<TokenPair> {
  return expectTokens(
    await tokenJson(h, { grant_type: 'client_credentials', ...client, ...(scope === undefined ? {} : { scope }) }),
  );
}

function refreshWith(client: { client_id: string; client_secret: string }, refreshToken: string, scope?: string) {
  return tokenForm(h, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    ...client,
    ...(scope === undefined ? {} : { scope }),
  });
}

function expectRateLimitHeaders(res: Response): void {
  for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
    expect(res.headers.get(name), name).toMatch(INTEGER);
  }
}

describe('client_credentials', () => {
  test('JSON body: Bearer access and refresh tokens, 3600 s, all of the client’s scopes, no-store', async () => {
    const client = await newClient(['employees:read', 'leave:read']);
    const res = await tokenJson(h, { grant_type: 'client_credentials', ...client });
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
    expectRateLimitHeaders(res);
    const tokens = await expectTokens(res, ['employees:read', 'leave:read']);
    await expectWhoami(h, tokens.access_token, {
      key_id: client.client_id,
      env: 'live',
      credential: 'oauth_access_token',
      scopes: ['employees:read', 'leave:read'],
    });
    // The token is usable on a scoped endpoint.
    expect((await h.as(tokens.access_token, '/v1/employees')).status).toBe(200);
    // Lifetimes as stored: 1 h for the access token, 30 days for the refresh token.
    const rows = await h.orm.em.getConnection().execute<{ kind: string; ttl: number }[]>(
      `select o.kind, extract(epoch from o.expires_at - o.created_at)::int as ttl
         from oauth_tokens o join oauth_clients c on c.id = o.client_id where c.client_id = ? order by o.kind`,
      [client.client_id],
    );
    expect(rows).toEqual([
      { kind: 'access', ttl: 3600 },
      { kind: 'refresh', ttl: 30 * 86400 },
    ]);
  });

  test('form body (RFC 6749), with a charset parameter on the content type', async () => {
    const client = await newClient(['assets:read']);
    const res = await tokenForm(h, { grant_type: 'client_credentials', ...client });
    const tokens = await expectTokens(res, ['assets:read']);
    await expectWhoami(h, tokens.access_token, { key_id: client.client_id });
    const charset = await h.fetch('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams({ grant_type: 'client_credentials', ...client }).toString(),
    });
    await expectTokens(charset, ['assets:read']);
  });

  test('HTTP Basic client authentication, with a form or a JSON body', async () => {
    const client = await newClient(['leave:read', 'leave:write']);
    const auth = { Authorization: basic(client.client_id, client.client_secret) };
    const form = await expectTokens(await tokenForm(h, { grant_type: 'client_credentials' }, auth), [
      'leave:read',
      'leave:write',
    ]);
    await expectWhoami(h, form.access_token, { key_id: client.client_id, credential: 'oauth_access_token' });
    const json = await expectTokens(
      await tokenJson(h, { grant_type: 'client_credentials', scope: 'leave:read' }, auth),
      ['leave:read'],
    );
    await expectWhoami(h, json.access_token, { key_id: client.client_id, scopes: ['leave:read'] });
    // client_id may be repeated in the body when it is the same one.
    await expectTokens(await tokenForm(h, { grant_type: 'client_credentials', client_id: client.client_id }, auth), [
      'leave:read',
      'leave:write',
    ]);
    // A lower-case scheme is fine too.
    await expectTokens(
      await tokenForm(
        h,
        { grant_type: 'client_credentials' },
        { Authorization: auth.Authorization.replace('Basic', 'basic') },
      ),
    );
  });

  test('every issued token is distinct', async () => {
    const client = await newClient(['leave:read']);
    const pairs = await Promise.all([1, 2, 3].map(() => issue(client)));
    const all = pairs.flatMap((p) => [p.access_token, p.refresh_token]);
    expect(new Set(all).size).toBe(6);
  });

  test('granted scope = requested ∩ client scopes (space-delimited, duplicates collapsed)', async () => {
    const client = await newClient(['employees:read', 'leave:read', 'assets:read']);
    const some = await issue(client, 'leave:read assets:read');
    expect(some.scope.split(' ').sort()).toEqual(['assets:read', 'leave:read']);
    await expectWhoami(h, some.access_token, { scopes: ['leave:read', 'assets:read'] });

    // A known scope the client lacks is dropped from the grant.
    const partial = await issue(client, 'leave:read surveys:read');
    expect(partial.scope).toBe('leave:read');
    await expectWhoami(h, partial.access_token, { scopes: ['leave:read'] });

    // An unknown scope is simply not granted either (decisions §4): only an empty result is refused.
    const holidays = await newClient(['holidays:read']);
    const withBogus = await issue(holidays, 'holidays:read bogus:x');
    expect(withBogus.scope).toBe('holidays:read');
    await expectWhoami(h, withBogus.access_token, { scopes: ['holidays:read'] });
    expect((await issue(client, 'leave:read admin')).scope).toBe('leave:read');

    const dup = await issue(client, 'leave:read  leave:read');
    expect(dup.scope).toBe('leave:read');

    // An empty scope parameter is the same as none: everything the client has.
    const empty = await issue(client, '');
    expect(empty.scope.split(' ').sort()).toEqual(['assets:read', 'employees:read', 'leave:read']);
  });

  test('an empty intersection, unknown scopes only included: 400 invalid_scope, nothing issued', async () => {
    const client = await newClient(['leave:read']);
    const none = await tokenJson(h, { grant_type: 'client_credentials', ...client, scope: 'surveys:read' });
    await expectOAuthError(none, 400, 'invalid_scope');
    const unknown = await tokenForm(h, { grant_type: 'client_credentials', ...client, scope: 'admin bogus:x' });
    await expectOAuthError(unknown, 400, 'invalid_scope');
    // Scopes are exact: write does not imply read, and case matters.
    const write = await newClient(['leave:write']);
    await expectOAuthError(
      await tokenJson(h, { grant_type: 'client_credentials', ...write, scope: 'leave:read' }),
      400,
      'invalid_scope',
    );
    await expectOAuthError(
      await tokenJson(h, { grant_type: 'client_credentials', ...client, scope: 'LEAVE:READ' }),
      400,
      'invalid_scope',
    );
    const [row] = await h.orm.em
      .getConnection()
      .execute<{ n: number }[]>(
        'select count(*)::int as n from oauth_tokens o join oauth_clients c on c.id = o.client_id where c.client_id = ?',
        [client.client_id],
      );
    expect(row.n).toBe(0);
  });

  test('a sandbox client’s token acts on the sandbox', async () => {
    const t = await h.tenant();
    const client = creds(await h.client(t, ['employees:read'], 'test'));
    const tokens = await issue(client);
    await expectWhoami(h, tokens.access_token, { key_id: client.client_id, env: 'test' });
    const list = (await (await h.as(tokens.access_token, '/v1/employees')).json()) as { data: { id: string }[] };
    expect(list.data.map((e) => e.id)).toEqual([t.sandbox_hr_admin.id]);
    // And so does the token it is refreshed to.
    const next = await expectTokens(await refreshWith(client, tokens.refresh_token));
    await expectWhoami(h, next.access_token, { key_id: client.client_id, env: 'test' });
  });
});

describe('client authentication errors', () => {
  test('wrong secret: 401 invalid_client as application/json with the problem members, no challenge', async () => {
    const client = await newClient(['leave:read']);
    const res = await tokenJson(h, {
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: `${client.client_secret.slice(0, -1)}x`,
    });
    expectRateLimitHeaders(res);
    expect(res.headers.get('www-authenticate')).toBeNull();
    const body = await expectOAuthError(res, 401, 'invalid_client');
    // Nothing in the body echoes the presented secret.
    expect(JSON.stringify(body)).not.toContain(client.client_secret.slice(12, -1));
  });

  test('unknown client id, a secret of another client, or a revoked client: 401 invalid_client', async () => {
    const a = await newClient(['leave:read']);
    const b = await newClient(['leave:read']);
    await expectOAuthError(
      await tokenForm(h, {
        grant_type: 'client_credentials',
        client_id: 'svc_client_0000000000000000000000000000000000000000',
        client_secret: a.client_secret,
      }),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await tokenForm(h, { grant_type: 'client_credentials', client_id: a.client_id, client_secret: b.client_secret }),
      401,
      'invalid_client',
    );
    await revokeOAuthClient(h.orm.em.fork(), b.client_id);
    await expectOAuthError(await tokenForm(h, { grant_type: 'client_credentials', ...b }), 401, 'invalid_client');
  });

  test('HTTP Basic with a wrong secret: 401 invalid_client with WWW-Authenticate: Basic', async () => {
    const client = await newClient(['leave:read']);
    for (const authorization of [
      basic(client.client_id, 'svc_secret_0000000000000000000000000000000000000000'),
      basic('svc_client_0000000000000000000000000000000000000000', client.client_secret),
      `Basic ${Buffer.from(client.client_id).toString('base64')}`, // no colon
      `Basic ${Buffer.from(`${client.client_id}:%E0%A4%A`).toString('base64')}`, // bad percent-encoding
      `Basic ${Buffer.from('%zz:secret').toString('base64')}`,
    ]) {
      const res = await tokenForm(h, { grant_type: 'client_credentials' }, { Authorization: authorization });
      expect(res.headers.get('www-authenticate'), authorization).toBe('Basic realm="workforce"');
      await expectOAuthError(res, 401, 'invalid_client');
    }
  });

  test('no client authentication at all: 401 invalid_client; half of it likewise', async () => {
    const client = await newClient(['leave:read']);
    for (const body of [
      { grant_type: 'client_credentials' },
      { grant_type: 'client_credentials', client_id: client.client_id },
      { grant_type: 'client_credentials', client_secret: client.client_secret },
      { grant_type: 'client_credentials', client_id: client.client_id, client_secret: '' },
    ]) {
      await expectOAuthError(await tokenJson(h, body), 401, 'invalid_client');
    }
    // A Bearer header is not client authentication.
    const bearer = await tokenForm(
      h,
      { grant_type: 'client_credentials' },
      { Authorization: `Bearer ${client.client_secret}` },
    );
    await expectOAuthError(bearer, 401, 'invalid_client');
  });

  test('two client authentication methods at once, or Basic and a different body client_id: invalid_request', async () => {
    const client = await newClient(['leave:read']);
    const other = await newClient(['leave:read']);
    const auth = { Authorization: basic(client.client_id, client.client_secret) };
    await expectOAuthError(
      await tokenForm(h, { grant_type: 'client_credentials', client_secret: client.client_secret }, auth),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await tokenForm(h, { grant_type: 'client_credentials', client_id: other.client_id }, auth),
      400,
      'invalid_request',
    );
  });
});

describe('request errors', () => {
  test('missing grant_type: invalid_request; unknown grant: unsupported_grant_type', async () => {
    const client = await newClient(['leave:read']);
    const missing = await expectOAuthError(await tokenJson(h, { ...client }), 400, 'invalid_request');
    expect(missing.error_description).toContain('grant_type');
    await expectOAuthError(await tokenForm(h, { ...client, grant_type: '' }), 400, 'invalid_request');
    for (const grant of ['password', 'authorization_code', 'urn:ietf:params:oauth:grant-type:device_code']) {
      await expectOAuthError(await tokenForm(h, { ...client, grant_type: grant }), 400, 'unsupported_grant_type');
    }
  });

  test('bodies that cannot be read: invalid_request, as OAuth JSON', async () => {
    const client = await newClient(['leave:read']);
    const post = (contentType: string | undefined, body: string) =>
      h.fetch('/oauth/token', {
        method: 'POST',
        headers: contentType ? { 'Content-Type': contentType } : {},
        body,
      });
    const valid = JSON.stringify({ grant_type: 'client_credentials', ...client });
    await expectOAuthError(await post('text/plain', valid), 400, 'invalid_request');
    await expectOAuthError(await post('application/json', '{"grant_type":'), 400, 'invalid_request');
    await expectOAuthError(await post('application/json', '[1,2]'), 400, 'invalid_request');
    await expectOAuthError(await post('application/json', 'null'), 400, 'invalid_request');
    await expectOAuthError(
      await post('application/json', JSON.stringify({ grant_type: 'client_credentials', ...client, scope: ['a'] })),
      400,
      'invalid_request',
    );
    await expectOAuthError(await post('application/json', 'x'.repeat(70 * 1024)), 400, 'invalid_request');
  });

  test('GET (or PUT) /oauth/token: 405 method_not_allowed with Allow: POST, in the RFC 6749 body', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await h.fetch('/oauth/token', { method });
      expect(res.headers.get('allow'), method).toBe('POST');
      await expectOAuthError(res, 405, 'method_not_allowed');
    }
  });
});

describe('refresh_token grant', () => {
  test('returns a new pair of the same scopes; the old refresh token is then spent', async () => {
    const client = await newClient(['leave:read', 'assets:read']);
    const first = await issue(client);
    const res = await refreshWith(client, first.refresh_token);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectRateLimitHeaders(res);
    const second = await expectTokens(res, ['leave:read', 'assets:read']);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    await expectWhoami(h, second.access_token, {
      key_id: client.client_id,
      credential: 'oauth_access_token',
      scopes: ['leave:read', 'assets:read'],
    });
    // The new refresh token works in turn (JSON body this time).
    const third = await expectTokens(
      await tokenJson(h, { grant_type: 'refresh_token', refresh_token: second.refresh_token, ...client }),
    );
    await expectWhoami(h, third.access_token, { key_id: client.client_id });
  });

  test('reuse of a spent refresh token: invalid_grant, and the whole family is revoked', async () => {
    const client = await newClient(['leave:read']);
    const first = await issue(client);
    const second = await expectTokens(await refreshWith(client, first.refresh_token));
    const third = await expectTokens(await refreshWith(client, second.refresh_token));
    // Another family of the same client, which must survive.
    const unrelated = await issue(client);
    await expectWhoami(h, third.access_token, { key_id: client.client_id });

    const reuse = await expectOAuthError(await refreshWith(client, first.refresh_token), 400, 'invalid_grant');
    expect(reuse.error_description).toEqual(expect.any(String));

    for (const token of [first.access_token, second.access_token, third.access_token]) {
      await expectInvalidCredential(await whoami(h, token));
    }
    // The newest refresh token of the family is dead too.
    await expectOAuthError(await refreshWith(client, third.refresh_token), 400, 'invalid_grant');
    // The other family is untouched.
    await expectWhoami(h, unrelated.access_token, { key_id: client.client_id });
    await expectTokens(await refreshWith(client, unrelated.refresh_token));
  });

  test('a narrower scope works; a wider one is invalid_scope and does not spend the token', async () => {
    const client = await newClient(['leave:read', 'assets:read', 'surveys:read']);
    const first = await issue(client, 'leave:read assets:read');

    const wider = await refreshWith(client, first.refresh_token, 'leave:read surveys:read');
    await expectOAuthError(wider, 400, 'invalid_scope');
    const unknown = await refreshWith(client, first.refresh_token, 'leave:read nope:read');
    await expectOAuthError(unknown, 400, 'invalid_scope');

    // A refused request leaves the refresh token usable, and the family alive.
    await expectWhoami(h, first.access_token, { scopes: ['leave:read', 'assets:read'] });
    const narrow = await expectTokens(await refreshWith(client, first.refresh_token, 'assets:read'), ['assets:read']);
    await expectWhoami(h, narrow.access_token, { scopes: ['assets:read'] });
    await expectWhoami(h, first.access_token, { scopes: ['leave:read', 'assets:read'] });
  });

  test('another client’s refresh token is invalid_grant and stays usable by its owner', async () => {
    const owner = await newClient(['leave:read']);
    const thief = await newClient(['leave:read']);
    const tokens = await issue(owner);
    await expectOAuthError(await refreshWith(thief, tokens.refresh_token), 400, 'invalid_grant');
    await expectWhoami(h, tokens.access_token, { key_id: owner.client_id });
    await expectTokens(await refreshWith(owner, tokens.refresh_token));
  });

  test('missing, unknown, an access token instead, or expired: invalid_request / invalid_grant', async () => {
    const client = await newClient(['leave:read']);
    const tokens = await issue(client);
    const missing = await tokenForm(h, { grant_type: 'refresh_token', ...client });
    await expectOAuthError(missing, 400, 'invalid_request');
    await expectOAuthError(
      await refreshWith(client, 'svc_rt_0000000000000000000000000000000000000000'),
      400,
      'invalid_grant',
    );
    await expectOAuthError(await refreshWith(client, tokens.access_token), 400, 'invalid_grant');

    await h.orm.em
      .getConnection()
      .execute(`update oauth_tokens set expires_at = now() - interval '1 second' where token_hash = ?`, [
        createHash('sha256').update(tokens.refresh_token).digest('hex'),
      ]);
    await expectOAuthError(await refreshWith(client, tokens.refresh_token), 400, 'invalid_grant');
    // An expired (never used) refresh token is not a reuse: the access token lives on.
    await expectWhoami(h, tokens.access_token, { key_id: client.client_id });
  });

  test('refresh needs client authentication: wrong secret is invalid_client and spends nothing', async () => {
    const client = await newClient(['leave:read']);
    const tokens = await issue(client);
    await expectOAuthError(
      await refreshWith(
        { client_id: client.client_id, client_secret: 'svc_secret_0000000000000000000000000000000000000000' },
        tokens.refresh_token,
      ),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await tokenForm(h, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
      401,
      'invalid_client',
    );
    // Basic works for refresh too.
    await expectTokens(
      await tokenForm(
        h,
        { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
        { Authorization: basic(client.client_id, client.client_secret) },
      ),
    );
  });

  test('two parallel refreshes with the same token: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const client = await newClient(['leave:read']);
      const tokens = await issue(client);
      const results = await Promise.all([
        refreshWith(client, tokens.refresh_token),
        refreshWith(client, tokens.refresh_token),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 400]);
      const loser = results.find((r) => r.status === 400) as Response;
      await expectOAuthError(loser, 400, 'invalid_grant');
      const winner = await expectTokens(results.find((r) => r.status === 200) as Response);
      // The loser presented a spent token: a reuse, so the family, the winner's new pair included, is revoked.
      await expectInvalidCredential(await whoami(h, winner.access_token));
      await expectInvalidCredential(await whoami(h, tokens.access_token));
      await expectOAuthError(await refreshWith(client, winner.refresh_token), 400, 'invalid_grant');
    }
  });
});

describe('client revocation and secret rotation', () => {
  test('a revoked client’s access and refresh tokens stop working at once', async () => {
    const client = await newClient(['leave:read']);
    const tokens = await issue(client);
    await expectWhoami(h, tokens.access_token, { key_id: client.client_id });
    expect(await revokeOAuthClient(h.orm.em.fork(), client.client_id)).toEqual({
      client_id: client.client_id,
      revoked: true,
    });
    await expectInvalidCredential(await whoami(h, tokens.access_token));
    await expectOAuthError(await refreshWith(client, tokens.refresh_token), 401, 'invalid_client');
    await expectOAuthError(await tokenJson(h, { grant_type: 'client_credentials', ...client }), 401, 'invalid_client');
    await expect(revokeOAuthClient(h.orm.em.fork(), client.client_id)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  test('a rotated client secret: the old one is refused at once, issued tokens stay valid', async () => {
    const client = await newClient(['leave:read']);
    const tokens = await issue(client);
    const rotated = await rotateOAuthClientSecret(h.orm.em.fork(), 'svc', client.client_id);
    expect(rotated.client_secret).not.toBe(client.client_secret);
    await expectOAuthError(await tokenJson(h, { grant_type: 'client_credentials', ...client }), 401, 'invalid_client');
    const fresh = await issue(rotated);
    await expectWhoami(h, fresh.access_token, { key_id: client.client_id });
    await expectWhoami(h, tokens.access_token, { key_id: client.client_id });
    await expectTokens(await refreshWith(rotated, tokens.refresh_token));
  });
});

describe('authorization server metadata', () => {
  test('/.well-known/oauth-authorization-server describes the token endpoint (RFC 8414)', async () => {
    const res = await h.fetch('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      issuer: h.url,
      token_endpoint: `${h.url}/oauth/token`,
      grant_types_supported: expect.arrayContaining(['client_credentials', 'refresh_token']),
      token_endpoint_auth_methods_supported: expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    });
    expect([...(meta.scopes_supported as string[])].sort()).toEqual([...SCOPES].sort());
  });
});
