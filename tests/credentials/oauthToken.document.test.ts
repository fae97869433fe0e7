import { describe, expect, test } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from '../../routers/credentials/oauthGrants.writes.js';
import { buildOpenApiDocument } from '../../server/openapi/document.js';
import { useTestServer } from '../support/harness.js';
import { basic, creds, tokenForm, tokenJson } from '../support/oauth.js';
import { ContractDrift } from '../support/openapi.js';

// What the OpenAPI document says of POST /oauth/token (server/openapi/document.ts), and that the server's
// answers match it: the harness's fetch checks every answer of the token endpoint against the
// served document, as it does for /v1 (tests/support/openapi.ts).

// biome-ignore lint/suspicious/noExplicitAny: walking an arbitrary JSON document
type Json = Record<string, any>;

const doc = buildOpenApiDocument() as unknown as Json;
const item = doc.paths['/oauth/token'] as Json;
const operation = item.post as Json;
const schemas = doc.components.schemas as Record<string, Json>;

describe('the document', () => {
  test('POST only, served at the root: an operation-level server overrides the /v1 of every other path', () => {
    expect(Object.keys(item)).toEqual(['post']);
    expect(doc.servers).toEqual([{ url: '/v1', 'x-internal': false }]);
    expect(operation.servers).toEqual([{ url: '/', description: expect.any(String), 'x-internal': false }]);
    // Relative server URLs resolve against the document's own URL (OpenAPI 3.1 §4.8.5).
    const documentUrl = 'https://api.example.com/openapi.json';
    const resolve = (server: string, path: string) => new URL(`${server.replace(/\/$/, '')}${path}`, documentUrl).href;
    expect(resolve(operation.servers[0].url, '/oauth/token')).toBe('https://api.example.com/oauth/token');
    expect(resolve(doc.servers[0].url, '/whoami')).toBe('https://api.example.com/v1/whoami');
    // No other operation has a server of its own but the first-party apps' sign-in and revocation, at the root too.
    const root = ['/oauth/token', '/oauth/authorize', '/oauth/revoke'];
    for (const path of root.slice(1)) {
      for (const op of Object.values(doc.paths[path] as Json))
        expect(op.servers).toEqual([{ url: '/', description: expect.any(String), 'x-internal': false }]);
    }
    const others = Object.entries(doc.paths as Record<string, Json>).filter(([path]) => !root.includes(path));
    expect(others.flatMap(([, ops]) => Object.values(ops)).filter((op) => op.servers)).toEqual([]);
  });

  test("form and JSON bodies of every grant; the integrations' two grants with HTTP Basic or body credentials", () => {
    expect(Object.keys(operation.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
      'application/json',
    ]);
    for (const media of Object.values(operation.requestBody.content as Record<string, Json>)) {
      expect(media.schema).toEqual({ $ref: '#/components/schemas/TokenRequest' });
    }
    expect(schemas.TokenRequest.discriminator.propertyName).toBe('grant_type');
    // anyOf, not oneOf: a first-party app's refresh (client_id alone) is a valid RefreshTokenGrant too.
    expect(schemas.TokenRequest.oneOf).toBeUndefined();
    const names = (schemas.TokenRequest.anyOf as Json[]).map(({ $ref }) => $ref.split('/').at(-1) as string);
    expect(names).toEqual([
      'ClientCredentialsGrant',
      'RefreshTokenGrant',
      'AuthorizationCodeGrant',
      'AppRefreshTokenGrant',
    ]);
    expect(schemas.TokenRequest.discriminator.mapping).toEqual({
      client_credentials: '#/components/schemas/ClientCredentialsGrant',
      refresh_token: '#/components/schemas/RefreshTokenGrant',
      authorization_code: '#/components/schemas/AuthorizationCodeGrant',
    });
    const grants = Object.fromEntries(
      names.slice(0, 2).map((name) => [schemas[name].properties.grant_type.enum[0], schemas[name]]),
    );
    expect(Object.keys(grants)).toEqual(['client_credentials', 'refresh_token']);
    expect(Object.keys(grants.client_credentials.properties).sort()).toEqual(
      ['client_id', 'client_secret', 'grant_type', 'scope'].sort(),
    );
    expect(grants.client_credentials.required).toEqual(['grant_type']);
    expect(Object.keys(grants.refresh_token.properties).sort()).toEqual(
      ['client_id', 'client_secret', 'grant_type', 'refresh_token', 'scope'].sort(),
    );
    expect(grants.refresh_token.required).toEqual(['grant_type', 'refresh_token']);
    // A first-party app (decisions §20): a public client, its client_id alone, never a secret.
    const code = schemas.AuthorizationCodeGrant;
    expect(code.properties.grant_type.enum).toEqual(['authorization_code']);
    expect(Object.keys(code.properties).sort()).toEqual(
      ['client_id', 'code', 'code_verifier', 'grant_type', 'redirect_uri'].sort(),
    );
    expect(code.required).toEqual(['grant_type', 'code', 'redirect_uri', 'client_id', 'code_verifier']);
    const appRefresh = schemas.AppRefreshTokenGrant;
    expect(appRefresh.properties.grant_type.enum).toEqual(['refresh_token']);
    expect(Object.keys(appRefresh.properties).sort()).toEqual(['client_id', 'grant_type', 'refresh_token', 'scope']);
    expect(appRefresh.required).toEqual(['grant_type', 'refresh_token', 'client_id']);
    // Basic, or nothing at the HTTP level (client_id and client_secret in the body).
    expect(operation.security).toEqual([{ clientSecretBasic: [] }, {}]);
    expect(doc.components.securitySchemes.clientSecretBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials).toMatchObject({
      tokenUrl: '/oauth/token',
      refreshUrl: '/oauth/token',
    });
  });

  test('200: the token response, never cached', () => {
    const ok = operation.responses['200'];
    expect(ok.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TokenResponse' });
    expect(schemas.TokenResponse.required).toEqual([
      'access_token',
      'token_type',
      'expires_in',
      'refresh_token',
      'scope',
    ]);
    expect(schemas.TokenResponse.properties.token_type.enum).toEqual(['Bearer']);
    expect(schemas.TokenResponse.properties.expires_in.maximum).toBe(ACCESS_TOKEN_TTL_S);
    expect(Object.keys(ok.headers)).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Cache-Control',
        'Pragma',
      ]),
    );
    expect(doc.components.headers['Cache-Control'].schema).toEqual({ type: 'string', enum: ['no-store'] });
  });

  test('errors: the RFC 6749 body in application/json for every error status, 500 included', () => {
    const { responses } = operation;
    expect(Object.keys(responses)).toEqual(['200', '400', '401', '429', '500', '503']);
    for (const status of ['400', '401', '429', '500', '503']) {
      const { schema } = responses[status].content['application/json'];
      expect(schema.allOf[0]).toEqual({ $ref: '#/components/schemas/OAuthError' });
      // `error` and `code` carry the same codes.
      expect(schema.allOf[1].properties.error).toEqual(schema.allOf[1].properties.code);
      expect(responses[status].headers['Cache-Control']).toBeDefined();
    }
    expect(responses['401'].headers['WWW-Authenticate']).toBeDefined();
    expect(responses['429'].headers['Retry-After']).toBeDefined();
    const body = schemas.OAuthError;
    expect(body.allOf[0]).toEqual({ $ref: '#/components/schemas/Problem' });
    expect(body.allOf[1].required).toEqual(['error', 'error_description', 'request_id']);
    expect(body.allOf[1].properties.error.enum).toEqual([
      'invalid_request',
      'invalid_grant',
      'unsupported_grant_type',
      'invalid_scope',
      'invalid_client',
      'rate_limited',
      'internal_error',
      'service_unavailable',
      'method_not_allowed',
    ]);
  });

  test('the description tells the refresh flow: rotation, and reuse revoking the family', () => {
    expect(operation.description).toMatch(/Refresh tokens rotate/);
    expect(operation.description).toMatch(/spent refresh token presented again is 400 `invalid_grant`/);
    expect(operation.description).toMatch(/revoked at once/);
    expect(operation.description).toMatch(/\.well-known\/oauth-authorization-server/);
  });
});

describe('the server answers as documented', () => {
  const h = useTestServer({ RATE_LIMIT_TOKEN_POINTS: '100000', RATE_LIMIT_TOKEN_FAIL_POINTS: '100000' });

  test('success and every refusal, JSON and form, Basic and body credentials, pass the response validator', async () => {
    const client = creds(await h.client(await h.tenant(), ['leave:read', 'holidays:read']));
    const statuses: number[] = [];
    const send = async (res: Promise<Response>) => {
      const answer = await res; // h.fetch has validated it against the served document
      statuses.push(answer.status);
      return answer;
    };
    const ok = await send(tokenJson(h, { grant_type: 'client_credentials', ...client, scope: 'leave:read' }));
    const { refresh_token } = (await ok.json()) as { refresh_token: string };
    await send(tokenForm(h, { grant_type: 'refresh_token', refresh_token, ...client }));
    await send(tokenForm(h, { grant_type: 'refresh_token', refresh_token, ...client })); // reuse: invalid_grant
    await send(tokenForm(h, { grant_type: 'client_credentials' }, { Authorization: basic(client.client_id, 'wrong') }));
    await send(tokenForm(h, { grant_type: 'client_credentials', client_id: client.client_id, client_secret: 'x' }));
    await send(tokenJson(h, { grant_type: 'password', ...client }));
    await send(tokenJson(h, { grant_type: 'client_credentials', ...client, scope: 'employees:read' }));
    await send(h.fetch('/oauth/token', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }));
    await send(h.fetch('/oauth/token', { method: 'GET' })); // 405, decided before the operation
    expect(statuses).toEqual([200, 200, 400, 401, 401, 400, 400, 400, 405]);
  });

  test('an answer the document does not describe is a drift', async () => {
    const contract = await h.contract();
    const url = `${h.url}/oauth/token`;
    const oauthError = (status: number, code: string) =>
      JSON.stringify({
        error: code,
        error_description: 'd',
        type: `${h.url}/problems/${code}`,
        title: 't',
        status,
        code,
        request_id: 'r',
      });
    const json = new Headers({ 'Content-Type': 'application/json' });
    const check = (status: number, body: string, headers = json, method = 'POST') =>
      contract.check({ method, url, status, headers, body });
    expect(() => check(400, oauthError(400, 'invalid_grant'))).not.toThrow();
    expect(() => check(401, oauthError(401, 'invalid_client'))).not.toThrow();
    expect(() => check(405, oauthError(405, 'method_not_allowed'), json, 'GET')).not.toThrow();
    // A code of another status, a problem+json body, a status the operation does not answer.
    expect(() => check(400, oauthError(400, 'invalid_client'))).toThrow(ContractDrift);
    const problemJson = new Headers({ 'Content-Type': 'application/problem+json' });
    expect(() => check(400, oauthError(400, 'invalid_grant'), problemJson)).toThrow(ContractDrift);
    expect(() => check(404, oauthError(404, 'not_found'))).toThrow(ContractDrift);
    // Without error_description it is no RFC 6749 body.
    const bare = JSON.parse(oauthError(400, 'invalid_request')) as Json;
    delete bare.error_description;
    expect(() => check(400, JSON.stringify(bare))).toThrow(ContractDrift);
  });
});
