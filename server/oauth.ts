import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context as KoaContext } from 'koa';
import getRawBody from 'raw-body';
import { uuidv7 } from 'uuidv7';
import { ApiError, toProblem } from '../api/errors.js';
import { OAuthClient, OAuthToken } from '../db/entities/index.js';
import type { EntityManager } from '../db/orm.js';
import { generateToken, hashToken } from '../domain/credentials.js';
import { grantScopes, SCOPES, type Scope } from '../domain/scopes.js';
import type { Env } from './env.js';
import { MAX_BODY_BYTES } from './middleware/body.js';
import type { RateLimits } from './rateLimit.js';

export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_S = 30 * 86400;

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
    throw invalidClient(false, 'Authenticate the client with client_id and client_secret, or HTTP Basic.');
  }
  return { clientId: params.client_id, clientSecret: params.client_secret, viaBasic: false };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Granted = requested ∩ allowed; nothing requested = all allowed. An unknown or foreign scope is
 * simply not granted; only an empty result is invalid_scope (decisions §4).
 */
type Client = { id: string; tenantId: string; scopes: string[] };

async function issuePair(em: EntityManager, prefix: string, client: Client, scopes: Scope[], familyId: string) {
  const accessToken = generateToken(prefix, 'at');
  const refreshToken = generateToken(prefix, 'rt');
  const now = Date.now();
  const common = { tenantId: client.tenantId, clientId: client.id, familyId, scopes };
  em.create(OAuthToken, {
    ...common,
    kind: 'access',
    tokenHash: hashToken(accessToken),
    expiresAt: new Date(now + ACCESS_TOKEN_TTL_S * 1000),
  });
  em.create(OAuthToken, {
    ...common,
    kind: 'refresh',
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now + REFRESH_TOKEN_TTL_S * 1000),
  });
  await em.flush();
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refreshToken,
    scope: scopes.join(' '),
  };
}

/**
 * refresh_token grant with rotation: the presented token is spent atomically and a new pair of
 * the same family issued. A spent token presented again revokes the whole family (RFC 9700).
 */
async function refresh(em: EntityManager, prefix: string, client: Client, params: TokenParams) {
  if (!params.refresh_token) throw new ApiError('invalid_request', { detail: 'refresh_token is required.' });
  const grant = await em.findOne(
    OAuthToken,
    { tokenHash: hashToken(params.refresh_token), kind: 'refresh' },
    { filters: false },
  );
  const invalid = new ApiError('invalid_grant', {
    detail: 'The refresh token is invalid, expired, revoked or already used.',
  });
  if (!grant || grant.clientId !== client.id) throw invalid;
  // Spending the token and issuing its successor commit together: a refused request (invalid_scope)
  // or a failure rolls the spend back, so the client keeps a usable refresh token.
  const issued = await em.transactional(async (tx) => {
    const spent = await tx.execute<{ id: string }[]>(
      'update oauth_tokens set used_at = now() where id = ? and used_at is null and revoked_at is null and expires_at > now() returning id',
      [grant.id],
    );
    if (spent.length === 0) return null;
    const allowed = (grant.scopes as string[]).filter((s) => client.scopes.includes(s));
    const scopes = grantScopes(params.scope, allowed);
    // RFC 6749 §6: a scope beyond the original grant is refused, not silently dropped.
    const beyond = (params.scope ?? '').split(' ').filter((s) => s && !allowed.includes(s));
    if (beyond.length) {
      throw new ApiError('invalid_scope', { detail: `Beyond the original grant: ${beyond.join(' ')}.` });
    }
    return issuePair(tx, prefix, client, scopes, grant.familyId);
  });
  if (issued) return issued;
  const [state] = await em
    .getConnection()
    .execute<{ used_at: string | null }[]>('select used_at from oauth_tokens where id = ?', [grant.id]);
  if (state.used_at) {
    // Reuse of a spent token: someone holds a copy. Everything of the family goes.
    await em
      .getConnection()
      .execute('update oauth_tokens set revoked_at = now() where family_id = ? and revoked_at is null', [
        grant.familyId,
      ]);
  }
  throw invalid;
}

export interface TokenEndpointDeps {
  env: Env;
  rateLimits: RateLimits;
}

/** POST /oauth/token (decisions §4). */
export async function tokenEndpoint(ctx: KoaContext, em: EntityManager, deps: TokenEndpointDeps, ip: string) {
  const { env, rateLimits } = deps;
  const params = await readTokenParams(ctx.req);
  const creds = clientCredentials(ctx.get('Authorization') || undefined, params);
  await rateLimits.checkTokenFailures(ip, creds.clientId);
  const client = await em.findOne(OAuthClient, { clientId: creds.clientId }, { filters: false });
  if (!client || client.revokedAt || !sameHash(client.secretHash, hashToken(creds.clientSecret))) {
    await rateLimits.recordTokenFailure(ip, creds.clientId);
    throw invalidClient(creds.viaBasic);
  }
  const known: Client = { id: client.id, tenantId: client.tenantId, scopes: client.scopes as string[] };
  let body: Awaited<ReturnType<typeof issuePair>>;
  switch (params.grant_type) {
    case 'client_credentials': {
      const scopes = grantScopes(params.scope, known.scopes);
      body = await em.transactional((tx) => issuePair(tx, env.CREDENTIAL_PREFIX, known, scopes, uuidv7()));
      break;
    }
    case 'refresh_token':
      body = await refresh(em, env.CREDENTIAL_PREFIX, known, params);
      break;
    case undefined:
    case '':
      throw new ApiError('invalid_request', { detail: 'grant_type is required.' });
    default:
      throw new ApiError('unsupported_grant_type', { detail: 'Use client_credentials or refresh_token.' });
  }
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

/** RFC 8414 authorization server metadata. */
export function authorizationServerMetadata(baseUrl: string) {
  return {
    issuer: baseUrl,
    token_endpoint: `${baseUrl}/oauth/token`,
    grant_types_supported: ['client_credentials', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: [...SCOPES],
    response_types_supported: ['token'],
    service_documentation: `${baseUrl}/docs`,
  };
}
