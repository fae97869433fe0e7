/**
 * Employees signed in through a first-party app (decisions §20): the authorization request's rules,
 * the sign-in that issues an authorization code, the code's exchange with PKCE (S256), the refresh
 * of an app's tokens (rotation and reuse detection, as §4's), and revocation of a token's family.
 * A code is an oauth_tokens row of kind `code` (60 s, one use, stored as SHA-256) whose family the
 * tokens exchanged for it join. The HTTP side is server/http/signIn.ts and server/http/oauthToken.ts.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { DomainError } from '../../core/domainError.js';
import { grantScopes, type Scope } from '../../core/scopes.js';
import { sql, statement } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import { randomSetting } from '../../db/settings.js';
import { namedStatement, runStatement } from '../../db/statements.js';
import type { SignInAccount } from '../accounts/account.record.js';
import { verifyAccountPassword } from '../accounts/accounts.writes.js';
import { credentialChangesApplied } from './credentialCache.writes.js';
import { generateToken, hashToken } from './credentialTokens.rules.js';
import type { FirstPartyApp } from './firstPartyApps.writes.js';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, type TokenResponse, tokenResponse } from './oauthGrants.writes.js';

/** How long an authorization code may be exchanged (decisions §20). */
const CODE_TTL_S = 60;

/** What every employee's token may carry (decisions §20): their directory and their leave. */
const EMPLOYEE_SCOPES: readonly Scope[] = ['employees:read', 'leave:read', 'leave:write'];
/** An HR admin's also hires and updates; webhooks and keys stay with integrations. */
const HR_ADMIN_SCOPES: readonly Scope[] = [...EMPLOYEE_SCOPES, 'employees:write'];
/** Every scope an employee's token may carry (the OpenAPI document's authorization code flow). */
export const EMPLOYEE_TOKEN_SCOPES = HR_ADMIN_SCOPES;

/** The most an employee's token may carry: their role's ceiling. */
function scopeCeiling(isHrAdmin: boolean): readonly Scope[] {
  return isHrAdmin ? HR_ADMIN_SCOPES : EMPLOYEE_SCOPES;
}

// ---------------------------------------------------------------------------------------------
// The authorization request

/** A valid authorization request of a registered app and one of its redirect URIs. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  /** The scopes asked for, space-delimited; absent: all the role allows. */
  scope?: string;
  /** A tenant id the app was opened for: the account of that tenant signs in when the address has several. */
  tenant?: string;
}

/** An authorization request's parameters, from the query or from the form's hidden inputs. */
export type AuthorizationParams = Record<string, string | undefined>;

/** The error an authorization request is refused with, sent back to its redirect URI (RFC 6749 §4.1.2.1). */
export interface AuthorizationRefusal {
  error: 'invalid_request' | 'unsupported_response_type' | 'invalid_scope';
  description: string;
}

/** S256's challenge: base64url of a SHA-256, 43 characters (RFC 7636 §4.2). */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `redirectUri` is one of `app`'s, exactly (RFC 9700 §4.1.1: no pattern, no prefix). */
export function isRegisteredRedirect(app: FirstPartyApp, redirectUri: string | undefined): redirectUri is string {
  return redirectUri !== undefined && app.redirectUris.includes(redirectUri);
}

/**
 * The request's own rules, once its client and redirect URI are known good (what is refused before
 * that is an error page, never a redirect): `response_type=code`, an S256 challenge (RFC 7636; plain
 * is refused), and at least one scope an employee's token can carry when scopes are asked for.
 */
export function checkAuthorizationRequest(
  app: FirstPartyApp,
  redirectUri: string,
  params: AuthorizationParams,
): AuthorizationRequest | AuthorizationRefusal {
  if (params.response_type !== 'code') {
    return { error: 'unsupported_response_type', description: 'response_type must be code.' };
  }
  if (params.code_challenge_method !== 'S256') {
    return {
      error: 'invalid_request',
      description: 'code_challenge_method must be S256 (PKCE; plain is not accepted).',
    };
  }
  if (!params.code_challenge || !CHALLENGE.test(params.code_challenge)) {
    return {
      error: 'invalid_request',
      description: 'code_challenge must be the 43-character base64url S256 challenge.',
    };
  }
  if (params.tenant !== undefined && !UUID.test(params.tenant)) {
    return { error: 'invalid_request', description: 'tenant must be a tenant id (a UUID).' };
  }
  const scope = params.scope?.trim() || undefined;
  if (scope && !scope.split(/ +/).some((s) => (HR_ADMIN_SCOPES as readonly string[]).includes(s))) {
    return { error: 'invalid_scope', description: `An employee's token may carry ${HR_ADMIN_SCOPES.join(' ')}.` };
  }
  return {
    clientId: app.clientId,
    redirectUri,
    codeChallenge: params.code_challenge,
    state: params.state,
    scope,
    tenant: params.tenant,
  };
}

// ---------------------------------------------------------------------------------------------
// Sign-in

/** An account's employee as the sign-in weighs it. */
interface Candidate {
  employee_id: string;
  tenant_id: string;
  is_hr_admin: boolean;
  live: boolean;
}

const CANDIDATES = namedStatement(`
  select e.id as employee_id, e.tenant_id, e.is_hr_admin, t.env = 'live' as live
    from employees e join tenants t on t.id = e.tenant_id
   where e.id = any(?::uuid[])`);

/**
 * Which of the accounts a password matched signs in (docs/sign-in.md): the one of the request's
 * `tenant` when it names one; else the oldest account in a live tenant, else the oldest (a sandbox
 * account); `matches` come oldest first.
 */
async function chooseAccount(
  em: EntityManager,
  matches: SignInAccount[],
  tenant: string | undefined,
): Promise<Candidate | undefined> {
  const wanted = tenant ? matches.filter((m) => m.tenantId === tenant.toLowerCase()) : matches;
  if (!wanted.length) return undefined;
  const rows = await runStatement<Candidate>(em, CANDIDATES, [wanted.map((m) => m.employeeId)]);
  const inOrder = wanted.flatMap((m) => rows.filter((r) => r.employee_id === m.employeeId));
  return inOrder.find((r) => r.live) ?? inOrder[0];
}

const INSERT_TOKEN = statement<{
  id: string;
  tenant: string;
  app: string | null;
  employee: string;
  kind: 'code' | 'access' | 'refresh';
  hash: string;
  family: string;
  scopes: readonly Scope[];
  ttlSeconds: number;
  codeChallenge: string | null;
  redirectUri: string | null;
}>(
  (v) => sql`
  insert into oauth_tokens (id, tenant_id, app_client_id, employee_id, kind, token_hash, family_id, scopes,
                            expires_at, code_challenge, redirect_uri)
  values (${v.id}, ${v.tenant}, ${v.app}, ${v.employee}, ${v.kind}, ${v.hash}, ${v.family}, ${v.scopes}::text[],
          now() + make_interval(secs => ${v.ttlSeconds}), ${v.codeChallenge}, ${v.redirectUri})`,
);
const INSERT_TOKEN_TEXT = namedStatement(INSERT_TOKEN.sql);

/** What a sign-in came to: a code for the redirect, no account matched, or nothing the role allows was asked. */
type SignInOutcome = { kind: 'code'; code: string } | { kind: 'no_match' } | { kind: 'no_scope' };

/**
 * Signs `email` in with `password` for `request`: on a match, an authorization code (60 s, one use)
 * bound to the app, the redirect URI, the challenge, the employee and the granted scopes (those asked
 * within the role's ceiling; all of it when none were asked). The code itself is returned once; only
 * its SHA-256 is stored.
 */
export async function signIn(
  em: EntityManager,
  email: string,
  password: string,
  request: AuthorizationRequest,
): Promise<SignInOutcome> {
  const matches = await verifyAccountPassword(em, email, password);
  const account = matches.length ? await chooseAccount(em, matches, request.tenant) : undefined;
  if (!account) return { kind: 'no_match' };
  const ceiling = scopeCeiling(account.is_hr_admin);
  const asked = request.scope?.split(/ +/) ?? ceiling;
  const scopes = ceiling.filter((s) => asked.includes(s));
  if (!scopes.length) return { kind: 'no_scope' };
  const code = randomBytes(32).toString('base64url');
  await runStatement(
    em,
    INSERT_TOKEN_TEXT,
    INSERT_TOKEN.bind({
      id: uuidv7(),
      tenant: account.tenant_id,
      app: request.clientId,
      employee: account.employee_id,
      kind: 'code',
      hash: hashToken(code),
      family: uuidv7(),
      scopes,
      ttlSeconds: CODE_TTL_S,
      codeChallenge: request.codeChallenge,
      redirectUri: request.redirectUri,
    }),
  );
  return { kind: 'code', code };
}

// ---------------------------------------------------------------------------------------------
// Tokens of an app

/** A stored code or refresh token of an app, as its grant reads it. */
interface AppGrantRow {
  id: string;
  tenant_id: string;
  app_client_id: string | null;
  employee_id: string;
  family_id: string;
  scopes: string;
  code_challenge: string | null;
  redirect_uri: string | null;
}

const GRANT_BY_HASH = namedStatement(`
  select id, tenant_id, app_client_id, employee_id, family_id, array_to_string(scopes, ' ') as scopes,
         code_challenge, redirect_uri
    from oauth_tokens where token_hash = ? and kind = ?`);

/** Spends a code or refresh token that is still good; no row when it was not. */
const SPEND = namedStatement(`
  update oauth_tokens set used_at = now()
   where id = ? and used_at is null and revoked_at is null and expires_at > now()
  returning id`);

const WAS_USED = namedStatement('select used_at is not null as used from oauth_tokens where id = ?');

const REVOKE_FAMILY = namedStatement(`
  update oauth_tokens set revoked_at = now()
   where tenant_id = ? and family_id = ? and revoked_at is null`);

/** The employee as a grant rechecks them: still there, account active, and whether an HR admin. */
const SIGNED_IN_EMPLOYEE = namedStatement(`
  select e.is_hr_admin
    from employees e join profiles p on p.tenant_id = e.tenant_id and p.id = e.profile_id
   where e.tenant_id = ? and e.id = ? and p.status = 'active'`);

const invalidGrant = (detail: string) => new DomainError('invalid_grant', { detail });

/** Revokes a family's tokens, answering once no node's credential cache holds its access token (decisions §3). */
async function revokeFamily(em: EntityManager, tenantId: string, familyId: string): Promise<void> {
  await runStatement(em, REVOKE_FAMILY, [tenantId, familyId]);
  await credentialChangesApplied(em);
}

/** A new access and refresh token of the employee, in `family`; flushed with the caller's transaction. */
async function issueEmployeePair(
  tx: EntityManager,
  prefix: string,
  grant: AppGrantRow,
  scopes: readonly Scope[],
): Promise<TokenResponse> {
  const accessToken = generateToken(prefix, 'at');
  const refreshToken = generateToken(prefix, 'rt');
  const row = (kind: 'access' | 'refresh', token: string, ttlSeconds: number) =>
    INSERT_TOKEN.bind({
      id: uuidv7(),
      tenant: grant.tenant_id,
      app: grant.app_client_id,
      employee: grant.employee_id,
      kind,
      hash: hashToken(token),
      family: grant.family_id,
      scopes,
      ttlSeconds,
      codeChallenge: null,
      redirectUri: null,
    });
  await runStatement(tx, INSERT_TOKEN_TEXT, row('access', accessToken, ACCESS_TOKEN_TTL_S));
  await runStatement(tx, INSERT_TOKEN_TEXT, row('refresh', refreshToken, REFRESH_TOKEN_TTL_S));
  return tokenResponse(accessToken, refreshToken, scopes);
}

/** The scopes the employee may still hold of `held` (their role may have changed); null: the account cannot sign in. */
async function stillAllowed(tx: EntityManager, grant: AppGrantRow, held: readonly string[]): Promise<Scope[] | null> {
  const [employee] = await runStatement<{ is_hr_admin: boolean }>(tx, SIGNED_IN_EMPLOYEE, [
    grant.tenant_id,
    grant.employee_id,
  ]);
  if (!employee) return null;
  return scopeCeiling(employee.is_hr_admin).filter((s) => held.includes(s));
}

/**
 * Spends `grant` and issues its successor pair in one transaction (`issue`); when it was not good,
 * and was spent before, revokes its family (a code or refresh token presented twice: someone holds a
 * copy, RFC 9700 §4.14, RFC 6749 §4.1.2). Throws invalid_grant for anything not good.
 */
async function spendAndIssue(
  em: EntityManager,
  grant: AppGrantRow,
  what: string,
  issue: (tx: EntityManager) => Promise<TokenResponse>,
): Promise<TokenResponse> {
  const issued = await em.transactional(async (tx) => {
    const spent = await runStatement(tx, SPEND, [grant.id]);
    return spent.length ? issue(tx) : null;
  });
  if (issued) return issued;
  const [state] = await runStatement<{ used: boolean }>(em, WAS_USED, [grant.id]);
  if (state?.used) await revokeFamily(em, grant.tenant_id, grant.family_id);
  throw invalidGrant(`The ${what} is invalid, expired, revoked or already used.`);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The S256 challenge of a verifier (RFC 7636 §4.2). */
function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** The parameters of an app's token request, as strings. */
interface AppGrantRequest {
  grant_type?: string;
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
  scope?: string;
}

/**
 * authorization_code with PKCE (RFC 6749 §4.1.3, RFC 7636 §4.6): the code of this app, for this
 * redirect URI, whose challenge is the verifier's S256, unexpired and unused, for an account still
 * active. Anything else is invalid_grant; a code presented again also revokes the tokens it was
 * exchanged for. A wrong verifier does not spend the code.
 */
async function authorizationCodeGrant(
  em: EntityManager,
  prefix: string,
  app: FirstPartyApp,
  request: AppGrantRequest,
): Promise<TokenResponse> {
  for (const name of ['code', 'redirect_uri', 'code_verifier'] as const) {
    if (!request[name]) throw new DomainError('invalid_request', { detail: `${name} is required.` });
  }
  const { code, redirect_uri: redirectUri, code_verifier: verifier } = request as Required<AppGrantRequest>;
  const [grant] = await runStatement<AppGrantRow>(em, GRANT_BY_HASH, [hashToken(code), 'code']);
  const refused = invalidGrant('The authorization code is invalid, expired, already used, or not this client’s.');
  if (!grant || grant.app_client_id !== app.clientId) throw refused;
  if (grant.redirect_uri !== redirectUri) {
    throw invalidGrant('redirect_uri differs from the one the code was issued for.');
  }
  if (!VERIFIER.test(verifier) || !sameText(s256(verifier), grant.code_challenge ?? '')) {
    throw invalidGrant('The code_verifier does not match the code_challenge.');
  }
  return spendAndIssue(em, grant, 'authorization code', async (tx) => {
    const scopes = await stillAllowed(tx, grant, grant.scopes.split(' '));
    if (!scopes?.length) throw refused;
    return issueEmployeePair(tx, prefix, grant, scopes);
  });
}

/**
 * refresh_token for an app (its client_id alone, no secret: decisions §4, §20): rotation with reuse
 * detection as §4's. The new pair carries the scopes asked for (none: the presented token's) within
 * what the employee's role allows now; a scope beyond the original grant is invalid_scope (RFC 6749
 * §6); an account no longer active is invalid_grant.
 */
async function appRefreshGrant(
  em: EntityManager,
  prefix: string,
  app: FirstPartyApp,
  request: AppGrantRequest,
): Promise<TokenResponse> {
  if (!request.refresh_token) throw new DomainError('invalid_request', { detail: 'refresh_token is required.' });
  const [grant] = await runStatement<AppGrantRow>(em, GRANT_BY_HASH, [hashToken(request.refresh_token), 'refresh']);
  if (!grant || grant.app_client_id !== app.clientId) {
    throw invalidGrant('The refresh token is invalid, expired, revoked or already used.');
  }
  return spendAndIssue(em, grant, 'refresh token', async (tx) => {
    const original = grant.scopes.split(' ');
    const beyond = (request.scope ?? '').split(' ').filter((s) => s && !original.includes(s));
    if (beyond.length) {
      throw new DomainError('invalid_scope', { detail: `Beyond the original grant: ${beyond.join(' ')}.` });
    }
    const allowed = await stillAllowed(tx, grant, original);
    if (!allowed?.length) throw invalidGrant('The account can no longer sign in.');
    return issueEmployeePair(tx, prefix, grant, grantScopes(request.scope, allowed));
  });
}

/** The grant types an app's token request may name. */
export const APP_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** The grant an app's token request names (authorization_code or refresh_token). */
export function appGrantTokens(
  em: EntityManager,
  prefix: string,
  app: FirstPartyApp,
  request: AppGrantRequest,
): Promise<TokenResponse> {
  if (request.grant_type === 'authorization_code') return authorizationCodeGrant(em, prefix, app, request);
  if (request.grant_type === 'refresh_token') return appRefreshGrant(em, prefix, app, request);
  throw new DomainError('unsupported_grant_type', {
    detail: 'A first-party app uses authorization_code (with PKCE) or refresh_token.',
  });
}

const TOKEN_OF_APP = namedStatement(`
  select tenant_id, family_id from oauth_tokens where token_hash = ? and app_client_id = ?`);

/**
 * RFC 7009 for an app: the family of `token` (an access or refresh token it was issued) is revoked,
 * signing that sign-in out everywhere it was refreshed. An unknown token, or another client's,
 * changes nothing: the answer is the same (RFC 7009 §2.2).
 */
export async function revokeAppToken(em: EntityManager, app: FirstPartyApp, token: string | undefined): Promise<void> {
  if (!token) return;
  const [row] = await runStatement<{ tenant_id: string; family_id: string }>(em, TOKEN_OF_APP, [
    hashToken(token),
    app.clientId,
  ]);
  if (row) await revokeFamily(em, row.tenant_id, row.family_id);
}

const SIGN_IN_SECRET_KEY = 'signin_csrf_secret';

/**
 * The key the sign-in form's CSRF tokens are signed with (HMAC-SHA256): 32 random bytes made once and
 * kept in the settings table, as the cursor secret is, so that every node signs and checks alike.
 */
export function loadSignInSecret(em: EntityManager): Promise<Buffer> {
  return randomSetting(em, SIGN_IN_SECRET_KEY);
}
