/**
 * POST /oauth/token, POST /oauth/revoke and the authorization server metadata over HTTP (decisions
 * §4, §20). The grants themselves are routers/credentials/oauthGrants.writes.ts (integrations'
 * clients) and routers/credentials/signIn.writes.ts (first-party apps).
 */
import type { IncomingMessage } from 'node:http';
import type Router from '@koa/router';
import type { Context as KoaContext } from 'koa';
import type { Logger } from 'pino';
import getRawBody from 'raw-body';
import { DomainError } from '../../core/domainError.js';
import { ApiError, toProblem } from '../../core/problems.js';
import { SCOPES } from '../../core/scopes.js';
import type { EntityManager, Orm } from '../../db/orm.js';
import { findFirstPartyApp } from '../../routers/credentials/firstPartyApps.writes.js';
import {
  type AuthenticatedClient,
  authenticateClient,
  GRANT_TYPES,
  grantTokens,
} from '../../routers/credentials/oauthGrants.writes.js';
import { APP_GRANT_TYPES, appGrantTokens, revokeAppToken } from '../../routers/credentials/signIn.writes.js';
import type { Env } from '../main/env.js';
import { MAX_BODY_BYTES } from './pipeline/body.js';
import { quotaHeaders, type RateLimits } from './rateLimit.js';

type TokenParams = Record<string, string>;

/** RFC 6749 requests are form-encoded; the spec's sample sends JSON. Both are accepted. */
async function readTokenParams(req: IncomingMessage): Promise<TokenParams> {
  const media = req.headers['content-type']?.split(';')[0].trim().toLowerCase();
  if (media !== 'application/json' && media !== 'application/x-www-form-urlencoded') {
    throw new ApiError('invalid_request', {
      detail: 'Send the token request as application/x-www-form-urlencoded or application/json.',
    });
  }
  let text: string;
  try {
    text = await getRawBody(req, { limit: MAX_BODY_BYTES, encoding: 'utf8' });
  } catch {
    throw new ApiError('invalid_request', { detail: `The body could not be read (at most ${MAX_BODY_BYTES} bytes).` });
  }
  if (media === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', { detail: 'The body is not valid JSON.' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError('invalid_request', { detail: 'The body must be a JSON object.' });
  }
  const params: TokenParams = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new ApiError('invalid_request', { detail: `${key} must be a string.` });
    params[key] = value;
  }
  return params;
}

interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  viaBasic: boolean;
}

function invalidClient(viaBasic: boolean, detail = 'Client authentication failed.'): ApiError {
  return new ApiError('invalid_client', {
    detail,
    headers: viaBasic ? { 'WWW-Authenticate': 'Basic realm="workforce"' } : {},
  });
}

/** client_secret_basic or client_secret_post, never both (RFC 6749 §2.3). */
function clientCredentials(authorization: string | undefined, params: TokenParams): ClientCredentials {
  const basic = authorization && /^basic +(\S+)$/i.exec(authorization);
  if (basic) {
    if (params.client_secret !== undefined) {
      throw new ApiError('invalid_request', { detail: 'Use one client authentication method, not two.' });
    }
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidClient(true, 'Malformed Basic credentials.');
    let clientId: string;
    let clientSecret: string;
    try {
      clientId = decodeURIComponent(decoded.slice(0, colon));
      clientSecret = decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      throw invalidClient(true, 'Malformed Basic credentials.');
    }
    if (params.client_id !== undefined && params.client_id !== clientId) {
      throw new ApiError('invalid_request', { detail: 'client_id in the body differs from the Basic credentials.' });
    }
    return { clientId, clientSecret, viaBasic: true };
  }
  if (!params.client_id || !params.client_secret) {
    throw invalidClient(false, NO_CLIENT_AUTHENTICATION);
  }
  return { clientId: params.client_id, clientSecret: params.client_secret, viaBasic: false };
}

interface TokenEndpointDeps {
  env: Env;
  rateLimits: RateLimits;
}

/** What a request without client authentication says when its client_id is no first-party app (§4 as it was). */
const NO_CLIENT_AUTHENTICATION = 'Authenticate the client with client_id and client_secret, or HTTP Basic.';

/**
 * A public client's request (decisions §20): a client_id and no client authentication at all, no
 * Basic header and no client_secret. Anything else is §4's, unchanged.
 */
function isPublicClientRequest(authorization: string | undefined, params: TokenParams): boolean {
  return !authorization && params.client_secret === undefined && Boolean(params.client_id);
}

/** POST /oauth/token (decisions §4; a first-party app's authorization_code and refresh_token, §20). */
async function tokenEndpoint(ctx: KoaContext, em: EntityManager, deps: TokenEndpointDeps, ip: string) {
  const { env, rateLimits } = deps;
  const params = await readTokenParams(ctx.req);
  const authorization = ctx.get('Authorization') || undefined;
  if (isPublicClientRequest(authorization, params)) {
    // A first-party app authenticates by its client_id alone, with PKCE on the code (RFC 6749 §2.1).
    const app = await findFirstPartyApp(em, params.client_id);
    if (!app) throw invalidClient(false, NO_CLIENT_AUTHENTICATION);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Pragma', 'no-cache');
    ctx.body = await appGrantTokens(em, env.CREDENTIAL_PREFIX, app, params);
    return;
  }
  const creds = clientCredentials(authorization, params);
  await rateLimits.checkTokenFailures(ip, creds.clientId);
  let client: AuthenticatedClient;
  try {
    client = await authenticateClient(em, creds.clientId, creds.clientSecret);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'invalid_client') throw error;
    await rateLimits.recordTokenFailure(ip, creds.clientId);
    throw invalidClient(creds.viaBasic, error.detail);
  }
  const body = await grantTokens(em, env.CREDENTIAL_PREFIX, client, params);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
  ctx.body = body;
}

/**
 * Token endpoint errors are application/json so stock OAuth clients read them: RFC 6749 §5.2
 * `error` and `error_description`, plus the problem members for problem-aware clients.
 */
export function writeOAuthError(ctx: KoaContext, error: ApiError, baseUrl: string): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = {
    error: error.problemCode,
    error_description: error.detail ?? error.title,
    ...toProblem(error, baseUrl, ctx.state.requestId),
  };
}

/**
 * POST /oauth/revoke (RFC 7009), a first-party app's sign-out: its client_id alone, as on the token
 * endpoint; the family of the token (access or refresh) is revoked. 200 whatever the token: unknown,
 * spent, another client's (RFC 7009 §2.2). Integrations' clients revoke with `wfm client revoke`.
 */
export async function revokeEndpoint(ctx: KoaContext, em: EntityManager) {
  const params = await readTokenParams(ctx.req);
  const authorization = ctx.get('Authorization') || undefined;
  if (!isPublicClientRequest(authorization, params)) {
    throw invalidClient(
      Boolean(authorization && /^basic /i.test(authorization)),
      'Revocation is for first-party apps: send their client_id alone (an integration client is revoked with wfm client revoke).',
    );
  }
  const app = await findFirstPartyApp(em, params.client_id);
  if (!app) throw invalidClient(false, 'No first-party app has this client_id.');
  if (!params.token) throw new ApiError('invalid_request', { detail: 'token is required.' });
  await revokeAppToken(em, app, params.token);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = '';
  ctx.status = 200;
}

/** RFC 8414 authorization server metadata. */
function authorizationServerMetadata(baseUrl: string) {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/oauth/authorize`,
    token_endpoint: `${baseUrl}/oauth/token`,
    revocation_endpoint: `${baseUrl}/oauth/revoke`,
    grant_types_supported: [...new Set([...GRANT_TYPES, ...APP_GRANT_TYPES])],
    // `none`: a first-party app, by its client_id alone with PKCE (decisions §20).
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${baseUrl}/docs`,
  };
}

/** Adds POST /oauth/token (its own budget per client IP) and the authorization server metadata to `router`. */
export function tokenRoutes(
  router: Router,
  deps: TokenEndpointDeps & { orm: Orm; logger: Logger },
  clientIp: (ctx: KoaContext) => string,
): void {
  const { env, orm, rateLimits, logger } = deps;
  const baseUrl = env.PUBLIC_BASE_URL;
  router.post('/oauth/token', async (ctx) => {
    try {
      const ip = clientIp(ctx);
      ctx.set(quotaHeaders(await rateLimits.consume('token', ip)));
      await tokenEndpoint(ctx, orm.em.fork(), deps, ip);
    } catch (error) {
      // Every answer of the token endpoint has the RFC 6749 body (decisions §4), a failure too.
      let answer = ApiError.from(error);
      if (!answer) {
        logger.error({ err: error, request_id: ctx.state.requestId }, 'token endpoint failed');
        answer = new ApiError('internal_error', { detail: 'An unexpected error occurred.' });
      }
      writeOAuthError(ctx, answer, baseUrl);
    }
  });
  router.all('/oauth/token', (ctx) => {
    // Every answer of the token endpoint has the RFC 6749 body, this one too (decisions §4).
    ctx.set('Allow', 'POST');
    writeOAuthError(ctx, new ApiError('method_not_allowed', { detail: 'Use POST /oauth/token.' }), baseUrl);
  });
  router.get('/.well-known/oauth-authorization-server', (ctx) => {
    ctx.body = authorizationServerMetadata(baseUrl);
  });
}
