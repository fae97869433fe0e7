import { timingSafeEqual } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { DomainError } from '../../core/domainError.js';
import { grantScopes, type Scope } from '../../core/scopes.js';
import { OAuthClient, OAuthToken } from '../../db/entities/index.js';
import type { EntityManager } from '../../db/orm.js';
import { credentialChangesApplied } from './credentialCache.writes.js';
import { generateToken, hashToken } from './credentialTokens.rules.js';

/**
 * The grants of the OAuth 2.0 token endpoint (decisions §4): client authentication, the
 * client_credentials grant and the refresh_token grant with rotation and reuse detection. Plain
 * functions over the EntityManager that refuse with a DomainError whose code is the RFC 6749 §5.2
 * `error`; reading the request, the rate limits and the shape of the answer's errors are
 * server/http/oauthToken.ts's.
 */

/** Lifetime of an access token, in seconds: the `expires_in` of every token response. */
export const ACCESS_TOKEN_TTL_S = 3600;
/** Lifetime of a refresh token, in seconds (30 days). */
export const REFRESH_TOKEN_TTL_S = 30 * 86400;
/** The grant types the token endpoint accepts. */
export const GRANT_TYPES = ['client_credentials', 'refresh_token'] as const;

/** The 200 answer of the token endpoint (RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  /** The granted scopes, space-delimited. */
  scope: string;
}

/** The token endpoint's answer for a new access and refresh token carrying `scopes`. */
export function tokenResponse(accessToken: string, refreshToken: string, scopes: readonly string[]): TokenResponse {
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refreshToken,
    scope: scopes.join(' '),
  };
}

/** A client whose secret checked out. */
export interface AuthenticatedClient {
  /** Row id of the client (oauth_tokens.client_id), not its public `svc_client_…` id. */
  id: string;
  tenantId: string;
  scopes: readonly string[];
}

/** The grant's own parameters of a token request, as strings (client authentication is done by then). */
export interface GrantRequest {
  grant_type?: string;
  scope?: string;
  refresh_token?: string;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The client of `clientId` when `clientSecret` is its secret and it is not revoked; `invalid_client`
 * otherwise, the same for every reason (an unknown id, a revoked client, a wrong secret).
 */
export async function authenticateClient(
  em: EntityManager,
  clientId: string,
  clientSecret: string,
): Promise<AuthenticatedClient> {
  const client = await em.findOne(OAuthClient, { clientId }, { filters: false });
  if (!client || client.revokedAt || !sameHash(client.secretHash, hashToken(clientSecret))) {
    throw new DomainError('invalid_client', { detail: 'Client authentication failed.' });
  }
  return { id: client.id, tenantId: client.tenantId, scopes: client.scopes as string[] };
}

/** A new access and refresh token of `family`, stored as hashes; flushed, not committed. */
async function issuePair(
  em: EntityManager,
  prefix: string,
  client: AuthenticatedClient,
  scopes: Scope[],
  familyId: string,
): Promise<TokenResponse> {
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
  return tokenResponse(accessToken, refreshToken, scopes);
}

/**
 * client_credentials: a new pair of a new family. Granted = requested ∩ the client's scopes (an
 * unknown or foreign scope is simply not granted); none requested = all of the client's; an empty
 * result is `invalid_scope` (decisions §4).
 */
export async function clientCredentialsGrant(
  em: EntityManager,
  prefix: string,
  client: AuthenticatedClient,
  scope: string | undefined,
): Promise<TokenResponse> {
  const scopes = grantScopes(scope, client.scopes);
  return em.transactional((tx) => issuePair(tx, prefix, client, scopes, uuidv7()));
}

/**
 * refresh_token with rotation: the presented token is spent and a new pair of the same family
 * issued, in one transaction. A token that is unknown, another client's, expired, revoked or spent
 * is `invalid_grant`; a spent one presented again also revokes its whole family (RFC 9700 reuse
 * detection: someone holds a copy). `scope` may narrow the grant; a scope beyond the original grant
 * is `invalid_scope` (RFC 6749 §6), and none keeps the presented token's scopes.
 */
export async function refreshTokenGrant(
  em: EntityManager,
  prefix: string,
  client: AuthenticatedClient,
  refreshToken: string | undefined,
  scope: string | undefined,
): Promise<TokenResponse> {
  if (!refreshToken) throw new DomainError('invalid_request', { detail: 'refresh_token is required.' });
  const grant = await em.findOne(
    OAuthToken,
    { tokenHash: hashToken(refreshToken), kind: 'refresh' },
    { filters: false },
  );
  const invalid = new DomainError('invalid_grant', {
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
    const scopes = grantScopes(scope, allowed);
    // RFC 6749 §6: a scope beyond the original grant is refused, not silently dropped.
    const beyond = (scope ?? '').split(' ').filter((s) => s && !allowed.includes(s));
    if (beyond.length) {
      throw new DomainError('invalid_scope', { detail: `Beyond the original grant: ${beyond.join(' ')}.` });
    }
    return issuePair(tx, prefix, client, scopes, grant.familyId);
  });
  if (issued) return issued;
  const [state] = await em
    .getConnection()
    .execute<{ used_at: string | null }[]>('select used_at from oauth_tokens where id = ?', [grant.id]);
  if (state.used_at) {
    // Reuse of a spent token: someone holds a copy. Everything of the family goes, on every node.
    await em
      .getConnection()
      .execute('update oauth_tokens set revoked_at = now() where family_id = ? and revoked_at is null', [
        grant.familyId,
      ]);
    await credentialChangesApplied(em);
  }
  throw invalid;
}

/**
 * The grant a token request names, for an authenticated client: `invalid_request` without a
 * grant_type, `unsupported_grant_type` for one not in GRANT_TYPES.
 */
export async function grantTokens(
  em: EntityManager,
  prefix: string,
  client: AuthenticatedClient,
  request: GrantRequest,
): Promise<TokenResponse> {
  switch (request.grant_type) {
    case 'client_credentials':
      return clientCredentialsGrant(em, prefix, client, request.scope);
    case 'refresh_token':
      return refreshTokenGrant(em, prefix, client, request.refresh_token, request.scope);
    case undefined:
    case '':
      throw new DomainError('invalid_request', { detail: 'grant_type is required.' });
    default:
      throw new DomainError('unsupported_grant_type', { detail: 'Use client_credentials or refresh_token.' });
  }
}
