/**
 * Credentials read (decisions §3): the lookup of a bearer token on every request, through the
 * node's cache when it has one, and the key listing of `wfm key list`. Making, rotating and revoking
 * them is credentials.writes.ts.
 */
import type { Auth, Credential } from '../../core/context.js';
import type { Scope } from '../../core/scopes.js';
import type { EntityManager } from '../../db/orm.js';
import { namedStatement, runStatement } from '../../db/statements.js';
import type { Authenticated, CredentialCache } from './credentialCache.rules.js';
import { hashToken } from './credentialTokens.rules.js';

/** Every API key of the organisation, live and sandbox, with the prefixes of its valid secrets (`wfm key list`). */
export async function listApiKeys(em: EntityManager, liveTenantId: string) {
  const rows = await em.getConnection().execute<
    {
      key_id: string;
      name: string | null;
      env: string;
      scopes: string[];
      expires_at: string | null;
      revoked_at: string | null;
      last_used_at: string | null;
      created_at: string;
      prefixes: string[];
    }[]
  >(
    `select k.key_id, k.name, t.env, k.scopes, k.expires_at, k.revoked_at, k.last_used_at, k.created_at,
            array(select s.display_prefix from api_key_secrets s where s.api_key_id = k.id
                  and (s.expires_at is null or s.expires_at > now()) order by s.created_at) as prefixes
       from api_keys k join tenants t on t.id = k.tenant_id
      where t.organisation_id = (select organisation_id from tenants where id = ? and env = 'live')
      order by k.created_at, k.id`,
    [liveTenantId],
  );
  return {
    keys: rows.map((r) => ({
      key_id: r.key_id,
      name: r.name,
      env: r.env,
      scopes: r.scopes,
      secret_prefixes: r.prefixes,
      expires_at: iso(r.expires_at),
      revoked: r.revoked_at !== null,
      last_used_at: iso(r.last_used_at),
      created_at: iso(r.created_at),
    })),
  };
}

/** Raw queries return timestamps as database strings; the API speaks RFC 3339 with milliseconds. */
function iso(value: string | Date | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * The scopes of a credential as one space-separated text (OAuth's `scope` form), split in
 * JavaScript: node-postgres's text[] parser was about 1 % of a read's CPU profile. The credential
 * lookups are on every request, so they also say whether last_used_at is due (`touch_due`: a minute
 * old or never set) rather than return it to be parsed into a Date, and for how many more
 * milliseconds the credential holds (`valid_ms`, null: no expiry) by the database's clock, for the
 * node's cache.
 */
const SCOPES_TEXT = (column: string) => `array_to_string(${column}, ' ') as scopes`;
const VALID_MS = (expiry: string) => `(extract(epoch from ${expiry} - now()) * 1000)::float8 as valid_ms`;

/** Scopes as SCOPES_TEXT gives them. */
function scopeList(text: string): Scope[] {
  return (text ? text.split(' ') : []) as Scope[];
}

/** The live or test key a secret belongs to, if the secret, its key and the key's grace all hold. */
const API_KEY_BY_SECRET = namedStatement(`
  select k.id, k.key_id, k.tenant_id, t.env, ${SCOPES_TEXT('k.scopes')},
         (k.last_used_at is null or k.last_used_at < now() - interval '1 minute') as touch_due,
         ${VALID_MS('least(s.expires_at, k.expires_at)')}
    from api_key_secrets s
    join api_keys k on k.id = s.api_key_id
    join tenants t on t.id = k.tenant_id
   where s.secret_hash = ?
     and (s.expires_at is null or s.expires_at > now())
     and k.revoked_at is null
     and (k.expires_at is null or k.expires_at > now())`);

/** last_used_at, at most once a minute per key (a busy key is not rewritten on every request). */
const TOUCH_API_KEY = namedStatement(`
  update api_keys set last_used_at = now()
   where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')`);

/**
 * The OAuth access token, its client (an integration's, or a first-party app's with the signed-in
 * employee, decisions §20) and tenant, if neither is revoked and the token is unexpired.
 */
const ACCESS_TOKEN = namedStatement(`
  select coalesce(c.client_id, a.client_id) as client_id, o.tenant_id, t.env, ${SCOPES_TEXT('o.scopes')},
         o.employee_id, ${VALID_MS('o.expires_at')}
    from oauth_tokens o
    left join oauth_clients c on c.id = o.client_id
    left join first_party_apps a on a.client_id = o.app_client_id
    join tenants t on t.id = o.tenant_id
   where o.token_hash = ? and o.kind = 'access'
     and o.expires_at > now() and o.revoked_at is null
     and ((c.id is not null and c.revoked_at is null) or (a.id is not null and a.revoked_at is null))`);

/** What a lookup found: the credential, how long it holds (ms, null: no expiry), an API key's row. */
interface Found {
  auth: Authenticated;
  validMs: number | null;
  keyRowId?: string;
}

/**
 * Resolves a bearer token to a credential: from the node's cache when it holds the token's hash
 * (decisions §3: emptied on every node before a revocation answers), else with one indexed lookup by
 * hash, whose credential the cache then keeps. Only credentials that check out are kept: a token
 * refused now is looked up again next time, so a key made on another node works at once.
 */
export async function resolveBearer(
  em: EntityManager,
  prefix: string,
  token: string,
  cache?: CredentialCache,
): Promise<Auth> {
  const hash = hashToken(token);
  const cached = cache?.get(hash);
  if (cache && cached) {
    const keyRowId = cache.touchDue(cached);
    if (keyRowId) await runStatement(em, TOUCH_API_KEY, [keyRowId]);
    return cached.auth;
  }
  const lookup = cache?.lookup();
  const found = await lookUp(em, prefix, token, hash);
  if (!found) return { state: 'invalid' };
  if (cache && lookup) cache.store(hash, lookup, found.auth, found.validMs, found.keyRowId);
  return found.auth;
}

/** The credential of `token` (whose SHA-256 is `hash`), if it checks out now; last_used_at written when due. */
async function lookUp(em: EntityManager, prefix: string, token: string, hash: string): Promise<Found | undefined> {
  if (token.startsWith(`${prefix}_live_`) || token.startsWith(`${prefix}_test_`)) {
    const [row] = await runStatement<{
      id: string;
      key_id: string;
      tenant_id: string;
      env: 'live' | 'test';
      scopes: string;
      touch_due: boolean;
      valid_ms: number | null;
    }>(em, API_KEY_BY_SECRET, [hash]);
    // The env marker of the secret must match the tenant it acts on.
    if (!row || !token.startsWith(`${prefix}_${row.env}_`)) return undefined;
    if (row.touch_due) await runStatement(em, TOUCH_API_KEY, [row.id]);
    return {
      auth: {
        state: 'authenticated',
        credential: {
          kind: 'api_key',
          keyId: row.key_id,
          tenantId: row.tenant_id,
          env: row.env,
          scopes: scopeList(row.scopes),
        },
      },
      validMs: row.valid_ms,
      keyRowId: row.id,
    };
  }
  if (token.startsWith(`${prefix}_at_`)) {
    const [row] = await runStatement<{
      client_id: string;
      tenant_id: string;
      env: 'live' | 'test';
      scopes: string;
      employee_id: string | null;
      valid_ms: number;
    }>(em, ACCESS_TOKEN, [hash]);
    if (!row) return undefined;
    const credential: Credential = {
      kind: 'oauth_access_token',
      keyId: row.client_id,
      tenantId: row.tenant_id,
      env: row.env,
      scopes: scopeList(row.scopes),
    };
    if (row.employee_id) credential.employeeId = row.employee_id;
    return { auth: { state: 'authenticated', credential }, validMs: row.valid_ms };
  }
  return undefined;
}
