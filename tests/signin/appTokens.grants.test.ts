// The code exchange, refresh and revocation of a first-party app (decisions §4, §20), driven by
// oauth4webapi as a standards client drives them (discovery, PKCE S256, the code grant, refresh,
// revocation); and every way a code is refused (invalid_grant): reused, expired, a wrong verifier,
// another client's, another redirect URI.
import * as oauth from 'oauth4webapi';
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { activeEmployee, employeeTokens, exchange, newApp, pkce, REDIRECT, signInTo } from './helpers.js';

const h = useTestServer({ RATE_LIMIT_SIGNIN_POINTS: '1000' });
const insecure = { [oauth.allowInsecureRequests]: true } as const;

let shared: { t: TestTenant; hrKey: string; clientId: string } | undefined;
async function setup() {
  if (!shared) {
    const t = await h.tenant();
    shared = { t, hrKey: await h.key(t, ['employees:write']), clientId: await newApp(h) };
  }
  return shared;
}

/** A token endpoint error: RFC 6749's body (application/json), the problem members beside it. */
async function expectOAuthError(res: Response, status: number, error: string) {
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(body).toMatchObject({ error, code: error, status, error_description: expect.any(String) });
  return body;
}

async function whoami(token: string) {
  return h.raw.as(token, '/v1/whoami');
}

describe('oauth4webapi drives the code flow', () => {
  test('discovery, PKCE, the sign-in page, the code grant, refresh (rotating) and revocation', async () => {
    const { t, hrKey, clientId } = await setup();
    const person = await activeEmployee(h, t, hrKey);
    const issuer = new URL(h.url);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    expect(as).toMatchObject({
      authorization_endpoint: `${h.url}/oauth/authorize`,
      revocation_endpoint: `${h.url}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']),
      response_types_supported: ['code'],
    });
    const client: oauth.Client = { client_id: clientId };
    const auth = oauth.None();
    const verifier = oauth.generateRandomCodeVerifier();
    const challenge = await oauth.calculatePKCECodeChallenge(verifier);
    const state = oauth.generateRandomState();

    // The browser's part: the page opened and its form posted; the app reads the redirect.
    const back = await signInTo(h, clientId, person.email, challenge, { state, scope: 'leave:read leave:write' });
    const params = oauth.validateAuthResponse(as, client, back, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, verifier, insecure),
    );
    expect(tokens).toMatchObject({
      access_token: expect.stringMatching(/^svc_at_/),
      refresh_token: expect.stringMatching(/^svc_rt_/),
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'leave:read leave:write',
    });
    const me = await whoami(tokens.access_token);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: Record<string, unknown> }).data).toMatchObject({
      key_id: clientId,
      credential: 'oauth_access_token',
      scopes: ['leave:read', 'leave:write'],
    });

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token as string, {
        ...insecure,
        additionalParameters: { scope: 'leave:read' },
      }),
    );
    expect(refreshed.scope).toBe('leave:read');
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await whoami(refreshed.access_token)).status).toBe(200);

    // Signing out: the refresh token's family goes, the access tokens of that sign-in with it.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, refreshed.refresh_token as string, insecure),
    );
    expect((await whoami(refreshed.access_token)).status).toBe(401);
    expect((await whoami(tokens.access_token)).status).toBe(401);
    await expectOAuthError(
      await oauth.refreshTokenGrantRequest(as, client, auth, refreshed.refresh_token as string, insecure),
      400,
      'invalid_grant',
    );
    // RFC 7009 §2.2: 200 whatever the token.
    for (const token of ['svc_rt_unknown', refreshed.refresh_token as string]) {
      const res = await oauth.revocationRequest(as, client, auth, token, insecure);
      expect(res.status).toBe(200);
    }
  });
});

describe('POST /oauth/token, grant_type=authorization_code', () => {
  test('a reused code is invalid_grant and revokes what it was exchanged for', async () => {
    const { t, hrKey, clientId } = await setup();
    const person = await activeEmployee(h, t, hrKey);
    const { verifier, challenge } = pkce();
    const code = (await signInTo(h, clientId, person.email, challenge)).searchParams.get('code') as string;
    const first = await exchange(h, { client_id: clientId, code, code_verifier: verifier });
    const tokens = (await first.json()) as { access_token: string; refresh_token: string };
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await whoami(tokens.access_token)).status).toBe(200);
    await expectOAuthError(
      await exchange(h, { client_id: clientId, code, code_verifier: verifier }),
      400,
      'invalid_grant',
    );
    expect((await whoami(tokens.access_token)).status).toBe(401);
  });

  test('a wrong verifier, another client, another redirect URI, an expired code: invalid_grant; the code still works after a wrong verifier', async () => {
    const { t, hrKey, clientId } = await setup();
    const otherApp = await newApp(h, [REDIRECT, 'https://app.signin.example/other']);
    const person = await activeEmployee(h, t, hrKey);
    const { verifier, challenge } = pkce();
    const code = (await signInTo(h, clientId, person.email, challenge)).searchParams.get('code') as string;

    await expectOAuthError(
      await exchange(h, { client_id: clientId, code, code_verifier: pkce().verifier }),
      400,
      'invalid_grant',
    );
    await expectOAuthError(
      await exchange(h, { client_id: otherApp, code, code_verifier: verifier }),
      400,
      'invalid_grant',
    );
    await expectOAuthError(
      await exchange(h, {
        client_id: clientId,
        code,
        code_verifier: verifier,
        redirect_uri: 'https://app.signin.example/other',
      }),
      400,
      'invalid_grant',
    );
    expect((await exchange(h, { client_id: clientId, code, code_verifier: verifier })).status).toBe(200);

    // Expired: the 60 s have passed (moved into the past rather than waited for).
    const late = pkce();
    const lateCode = (await signInTo(h, clientId, person.email, late.challenge)).searchParams.get('code') as string;
    await sql(
      h,
      `update oauth_tokens set expires_at = now() - interval '1 second' where token_hash = encode(sha256(?::bytea), 'hex')`,
      [lateCode],
    );
    await expectOAuthError(
      await exchange(h, { client_id: clientId, code: lateCode, code_verifier: late.verifier }),
      400,
      'invalid_grant',
    );
  });

  test('missing parameters: invalid_request; an unknown client_id without a secret: invalid_client 401', async () => {
    const { clientId } = await setup();
    await expectOAuthError(await exchange(h, { client_id: clientId, code: 'x' }), 400, 'invalid_request');
    await expectOAuthError(
      await exchange(h, { client_id: 'svc_client_nobody', code: 'x', code_verifier: pkce().verifier }),
      401,
      'invalid_client',
    );
  });

  test('refresh with the app’s client_id alone rotates; a spent refresh token presented again revokes the family', async () => {
    const { t, hrKey, clientId } = await setup();
    const person = await activeEmployee(h, t, hrKey);
    const tokens = await employeeTokens(h, clientId, person.email);
    const refresh = (token: string, extra: Record<string, string> = {}) =>
      fetch(`${h.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: token, ...extra }),
      });
    await expectOAuthError(await refresh(tokens.refresh_token, { scope: 'employees:write' }), 400, 'invalid_scope');
    const next = await refresh(tokens.refresh_token);
    const rotated = (await next.json()) as { access_token: string; refresh_token: string; scope: string };
    expect(next.status).toBe(200);
    expect(rotated.scope).toBe('employees:read leave:read leave:write');
    // Another app's client_id cannot use it.
    await expectOAuthError(
      await fetch(`${h.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: await newApp(h),
          refresh_token: rotated.refresh_token,
        }),
      }),
      400,
      'invalid_grant',
    );
    await expectOAuthError(await refresh(tokens.refresh_token), 400, 'invalid_grant');
    expect((await whoami(rotated.access_token)).status).toBe(401);
    await expectOAuthError(await refresh(rotated.refresh_token), 400, 'invalid_grant');
  });
});

describe('authorization server metadata', () => {
  test('lists the authorization and revocation endpoints, the code grant and S256', async () => {
    const res = await h.fetch('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      issuer: h.url,
      authorization_endpoint: `${h.url}/oauth/authorize`,
      token_endpoint: `${h.url}/oauth/token`,
      revocation_endpoint: `${h.url}/oauth/revoke`,
      grant_types_supported: ['client_credentials', 'refresh_token', 'authorization_code'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
  });

  test('the capabilities and the OpenAPI document name the grant: oauth2_authorization_code, the authorizationCode flow', async () => {
    const caps = (await (await h.fetch('/v1/capabilities')).json()) as { auth: { methods: string[] } };
    expect(caps.auth.methods).toEqual(['api_key', 'oauth2_client_credentials', 'oauth2_authorization_code']);
    const doc = (await (await h.fetch('/openapi.json')).json()) as {
      components: { securitySchemes: { oauth2: { flows: Record<string, Record<string, unknown>> } } };
    };
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode).toMatchObject({
      authorizationUrl: '/oauth/authorize',
      tokenUrl: '/oauth/token',
      refreshUrl: '/oauth/token',
    });
    expect(Object.keys(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes as object)).toEqual([
      'employees:read',
      'leave:read',
      'leave:write',
      'employees:write',
    ]);
  });

  test('POST /oauth/revoke: a client_id that is no app is invalid_client; no token is invalid_request; GET 405', async () => {
    const { clientId } = await setup();
    const revoke = (fields: Record<string, string>) =>
      fetch(`${h.url}/oauth/revoke`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    await expectOAuthError(await revoke({ client_id: 'svc_client_nobody', token: 'x' }), 401, 'invalid_client');
    await expectOAuthError(await revoke({ client_id: clientId }), 400, 'invalid_request');
    await expectOAuthError(await fetch(`${h.url}/oauth/revoke`), 405, 'method_not_allowed');
  });
});
