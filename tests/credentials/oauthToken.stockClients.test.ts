import * as oauth from 'oauth4webapi';
import * as openid from 'openid-client';
import { describe, expect, test } from 'vitest';
import { type TestServer, useTestServer } from '../support/harness.js';
import { creds } from '../support/oauth.js';
import { ACCESS_TOKEN, expectWhoami, REFRESH_TOKEN } from './helpers.js';

// Stock OAuth clients, unchanged (decisions §4): form bodies, errors read from application/json.
const h = useTestServer({ RATE_LIMIT_TOKEN_FAIL_POINTS: '1000' });

const insecure = { [oauth.allowInsecureRequests]: true } as const;

async function newClient(scopes: Parameters<TestServer['client']>[1], env: 'live' | 'test' = 'live') {
  return creds(await h.client(await h.tenant(), scopes, env));
}

/** What a thrown promise rejected with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('oauth4webapi', () => {
  const server = (): oauth.AuthorizationServer => ({ issuer: h.url, token_endpoint: `${h.url}/oauth/token` });

  test('discovers the server through RFC 8414 metadata', async () => {
    const issuer = new URL(h.url);
    const res = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure });
    const as = await oauth.processDiscoveryResponse(issuer, res);
    expect(as.token_endpoint).toBe(`${h.url}/oauth/token`);
    expect(as.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
  });

  test('client credentials grant (client_secret_post), then the refresh grant (client_secret_basic)', async () => {
    const { client_id, client_secret } = await newClient(['leave:read', 'assets:read']);
    const as = server();
    const client: oauth.Client = { client_id };
    const res = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(client_secret),
      new URLSearchParams({ scope: 'leave:read' }),
      insecure,
    );
    const tokens = await oauth.processClientCredentialsResponse(as, client, res);
    expect(tokens).toMatchObject({
      access_token: expect.stringMatching(ACCESS_TOKEN),
      token_type: 'bearer', // oauth4webapi lower-cases it
      expires_in: 3600,
      scope: 'leave:read',
      refresh_token: expect.stringMatching(REFRESH_TOKEN),
    });
    await expectWhoami(h, tokens.access_token, { key_id: client_id, scopes: ['leave:read'] });

    const refreshRes = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(client_secret),
      tokens.refresh_token as string,
      insecure,
    );
    const refreshed = await oauth.processRefreshTokenResponse(as, client, refreshRes);
    expect(refreshed.access_token).toMatch(ACCESS_TOKEN);
    expect(refreshed.refresh_token).toMatch(REFRESH_TOKEN);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.scope).toBe('leave:read');
    await expectWhoami(h, refreshed.access_token, { key_id: client_id, credential: 'oauth_access_token' });

    // The spent refresh token: the client surfaces invalid_grant.
    const reuse = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(client_secret),
      tokens.refresh_token as string,
      insecure,
    );
    const error = await rejection(oauth.processRefreshTokenResponse(as, client, reuse));
    expect(error).toBeInstanceOf(oauth.ResponseBodyError);
    expect(error).toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  test('errors surface the OAuth error code: invalid_client and invalid_scope', async () => {
    const { client_id, client_secret } = await newClient(['leave:read']);
    const as = server();
    const client: oauth.Client = { client_id };

    const wrong = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(`${client_secret}x`),
      {},
      insecure,
    );
    const invalidClient = await rejection(oauth.processClientCredentialsResponse(as, client, wrong));
    expect(invalidClient).toBeInstanceOf(oauth.ResponseBodyError);
    expect(invalidClient).toMatchObject({
      error: 'invalid_client',
      status: 401,
      error_description: expect.any(String),
    });

    const scope = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(client_secret),
      { scope: 'surveys:read' },
      insecure,
    );
    const invalidScope = await rejection(oauth.processClientCredentialsResponse(as, client, scope));
    expect(invalidScope).toBeInstanceOf(oauth.ResponseBodyError);
    expect(invalidScope).toMatchObject({ error: 'invalid_scope', status: 400 });

    // With Basic, the 401 carries a Basic challenge, which oauth4webapi reports as such.
    const basic = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(`${client_secret}x`),
      {},
      insecure,
    );
    const challenge = await rejection(oauth.processClientCredentialsResponse(as, client, basic));
    expect(challenge).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((challenge as oauth.WWWAuthenticateChallengeError).cause[0]).toMatchObject({
      scheme: 'basic',
      parameters: { realm: 'workforce' },
    });
    expect((challenge as oauth.WWWAuthenticateChallengeError).status).toBe(401);
  });
});

describe('openid-client', () => {
  const discover = (clientId: string, secret: string, auth?: openid.ClientAuth) =>
    openid.discovery(new URL(h.url), clientId, auth ? undefined : secret, auth, {
      execute: [openid.allowInsecureRequests],
      algorithm: 'oauth2',
    });

  test('discovery, client credentials, refresh, and the token on /v1/whoami', async () => {
    const { client_id, client_secret } = await newClient(['employees:read', 'leave:read']);
    const config = await discover(client_id, client_secret);
    expect(config.serverMetadata().issuer).toBe(h.url);
    expect(config.serverMetadata().token_endpoint).toBe(`${h.url}/oauth/token`);

    const tokens = await openid.clientCredentialsGrant(config, { scope: 'employees:read leave:read' });
    expect(tokens.access_token).toMatch(ACCESS_TOKEN);
    expect(tokens.refresh_token).toMatch(REFRESH_TOKEN);
    expect(tokens.expiresIn()).toBeGreaterThan(3590);
    expect(tokens.expiresIn()).toBeLessThanOrEqual(3600);
    expect(tokens.scope?.split(' ').sort()).toEqual(['employees:read', 'leave:read']);

    const whoami = await openid.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(`${h.url}/v1/whoami`),
      'GET',
    );
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toEqual({
      data: {
        key_id: client_id,
        env: 'live',
        scopes: expect.arrayContaining(['employees:read', 'leave:read']),
        credential: 'oauth_access_token',
        employee_id: null,
      },
    });

    const refreshed = await openid.refreshTokenGrant(config, tokens.refresh_token as string, { scope: 'leave:read' });
    expect(refreshed.access_token).toMatch(ACCESS_TOKEN);
    expect(refreshed.scope).toBe('leave:read');
    await expectWhoami(h, refreshed.access_token, { key_id: client_id, scopes: ['leave:read'] });
    const again = await openid.refreshTokenGrant(config, refreshed.refresh_token as string);
    await expectWhoami(h, again.access_token, { key_id: client_id, scopes: ['leave:read'] });
  });

  test('client_secret_basic and a sandbox client', async () => {
    const { client_id, client_secret } = await newClient(['holidays:read'], 'test');
    const config = await discover(client_id, client_secret, openid.ClientSecretBasic(client_secret));
    const tokens = await openid.clientCredentialsGrant(config);
    expect(tokens.scope).toBe('holidays:read');
    await expectWhoami(h, tokens.access_token, { key_id: client_id, env: 'test', credential: 'oauth_access_token' });
  });

  test('a wrong secret and an empty scope intersection surface as OAuth errors', async () => {
    const { client_id, client_secret } = await newClient(['leave:read']);
    const bad = await discover(client_id, `${client_secret}x`);
    const invalidClient = await rejection(openid.clientCredentialsGrant(bad));
    expect(invalidClient).toBeInstanceOf(openid.ResponseBodyError);
    expect(invalidClient).toMatchObject({ error: 'invalid_client', status: 401 });

    const good = await discover(client_id, client_secret);
    const invalidScope = await rejection(openid.clientCredentialsGrant(good, { scope: 'surveys:read' }));
    expect(invalidScope).toMatchObject({ error: 'invalid_scope', status: 400 });

    const invalidGrant = await rejection(
      openid.refreshTokenGrant(good, 'svc_rt_0000000000000000000000000000000000000000'),
    );
    expect(invalidGrant).toMatchObject({ error: 'invalid_grant', status: 400 });
  });
});
