/**
 * API keys and OAuth clients (decisions §3): tokens made and stored as hashes, looked up by hash,
 * rotated with a grace period, revoked. The HTTP side of a credential is server/http/auth.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Auth, Credential } from '../../core/context.js';
import { DomainError } from '../../core/domainError.js';
import type { Scope } from '../../core/scopes.js';
import { ApiKey, ApiKeySecret, OAuthClient } from '../../db/entities/index.js';
import type { EntityManager } from '../../db/orm.js';
import { namedStatement, runStatement } from '../../db/statements.js';
import { tenantForEnv } from '../organisations/organisations.writes.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;

export type CredentialKind = 'live' | 'test' | 'at' | 'rt' | 'client' | 'secret';

/** `<prefix>_<kind>_` followed by 40 random base62 characters (unbiased: bytes ≥ 248 are redrawn). */
export function generateToken(prefix: string, kind: CredentialKind): string {
  let out = '';
  while (out.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH)) {
      if (byte < 248 && out.length < SECRET_LENGTH) out += BASE62[byte % 62];
    }
  }
  return `${prefix}_${kind}_${out}`;
}

/** Secrets are stored only as SHA-256 of the whole token (decisions §3). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function displayPrefix(token: string): string {
  return token.slice(0, token.lastIndexOf('_') + 5);
}

function publicKeyId(): string {
  return `key_${randomBytes(12).toString('hex')}`;
}

export interface CreateApiKeyInput {
  tenantId: string;
  env: 'live' | 'test';
  scopes: Scope[];
  name?: string;
  expiresAt?: Date | null;
}

export async function createApiKey(em: EntityManager, prefix: string, input: CreateApiKeyInput) {
  return em.transactional(async (tx) => {
    const tenant = await tenantForEnv(tx, input.tenantId, input.env);
    const secret = generateToken(prefix, input.env);
    const key = tx.create(ApiKey, {
      tenantId: tenant.id,
      keyId: publicKeyId(),
      name: input.name ?? null,
      scopes: input.scopes,
      expiresAt: input.expiresAt ?? null,
    });
    tx.create(ApiKeySecret, {
      tenantId: tenant.id,
      apiKeyId: key.id,
      secretHash: hashToken(secret),
      displayPrefix: displayPrefix(secret),
    });
    await tx.flush();
    return { key_id: key.keyId, secret, env: input.env, scopes: key.scopes as Scope[] };
  });
}

async function activeKey(em: EntityManager, keyId: string) {
  const key = await em.findOne(ApiKey, { keyId }, { filters: false });
  if (!key || key.revokedAt) throw new DomainError('not_found', { detail: `No active API key ${keyId}.` });
  return key;
}

/**
 * A new secret for the same key id. Secrets still valid (the current one, and any earlier one
 * still in its grace) stay valid for `graceSeconds` more at most; 0 ends them now.
 */
export async function rotateApiKey(em: EntityManager, prefix: string, keyId: string, graceSeconds: number) {
  return em.transactional(async (tx) => {
    const key = await activeKey(tx, keyId);
    const deadline = new Date(Date.now() + graceSeconds * 1000);
    const live = await tx.find(ApiKeySecret, { apiKeyId: key.id }, { filters: false });
    for (const old of live) {
      if (!old.expiresAt || old.expiresAt > deadline) old.expiresAt = deadline;
    }
    const env = (await tenantEnv(tx, key.tenantId)) as 'live' | 'test';
    const secret = generateToken(prefix, env);
    tx.create(ApiKeySecret, {
      tenantId: key.tenantId,
      apiKeyId: key.id,
      secretHash: hashToken(secret),
      displayPrefix: displayPrefix(secret),
    });
    await tx.flush();
    return { key_id: key.keyId, secret };
  });
}

export async function revokeApiKey(em: EntityManager, keyId: string) {
  const key = await activeKey(em, keyId);
  key.revokedAt = new Date();
  await em.flush();
  return { key_id: key.keyId, revoked: true as const };
}

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

async function tenantEnv(em: EntityManager, tenantId: string): Promise<string> {
  const [row] = await em.execute<{ env: string }[]>('select env from tenants where id = ?', [tenantId]);
  return row.env;
}

export interface CreateClientInput {
  tenantId: string;
  env: 'live' | 'test';
  scopes: Scope[];
  name?: string;
}

export async function createOAuthClient(em: EntityManager, prefix: string, input: CreateClientInput) {
  return em.transactional(async (tx) => {
    const tenant = await tenantForEnv(tx, input.tenantId, input.env);
    const clientId = generateToken(prefix, 'client');
    const clientSecret = generateToken(prefix, 'secret');
    tx.create(OAuthClient, {
      tenantId: tenant.id,
      clientId,
      secretHash: hashToken(clientSecret),
      name: input.name ?? null,
      scopes: input.scopes,
    });
    await tx.flush();
    return { client_id: clientId, client_secret: clientSecret, env: input.env, scopes: input.scopes };
  });
}

async function activeClient(em: EntityManager, clientId: string) {
  const client = await em.findOne(OAuthClient, { clientId }, { filters: false });
  if (!client || client.revokedAt)
    throw new DomainError('not_found', { detail: `No active OAuth client ${clientId}.` });
  return client;
}

/** Revokes the client and every token it was issued. */
export async function revokeOAuthClient(em: EntityManager, clientId: string) {
  return em.transactional(async (tx) => {
    const client = await activeClient(tx, clientId);
    client.revokedAt = new Date();
    // By tenant and client, as every tenant query is keyed (decisions §12).
    await tx.execute(
      'update oauth_tokens set revoked_at = now() where tenant_id = ? and client_id = ? and revoked_at is null',
      [client.tenantId, client.id],
    );
    await tx.flush();
    return { client_id: clientId, revoked: true as const };
  });
}

/** A new client secret; the old one stops working at once (tokens already issued stay valid). */
export async function rotateOAuthClientSecret(em: EntityManager, prefix: string, clientId: string) {
  const client = await activeClient(em, clientId);
  const clientSecret = generateToken(prefix, 'secret');
  client.secretHash = hashToken(clientSecret);
  await em.flush();
  return { client_id: clientId, client_secret: clientSecret };
}

/**
 * The scopes of a credential as one space-separated text (OAuth's `scope` form), split in
 * JavaScript: node-postgres's text[] parser was about 1 % of a read's CPU profile. The credential
 * lookups are on every request, so they also say whether last_used_at is due (`touch_due`: a minute
 * old or never set) rather than return it to be parsed into a Date.
 */
const SCOPES_TEXT = (column: string) => `array_to_string(${column}, ' ') as scopes`;

/** Scopes as SCOPES_TEXT gives them. */
function scopeList(text: string): Scope[] {
  return (text ? text.split(' ') : []) as Scope[];
}

/** The live or test key a secret belongs to, if the secret, its key and the key's grace all hold. */
const API_KEY_BY_SECRET = namedStatement(`
  select k.id, k.key_id, k.tenant_id, t.env, ${SCOPES_TEXT('k.scopes')},
         (k.last_used_at is null or k.last_used_at < now() - interval '1 minute') as touch_due
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
         o.employee_id
    from oauth_tokens o
    left join oauth_clients c on c.id = o.client_id
    left join first_party_apps a on a.client_id = o.app_client_id
    join tenants t on t.id = o.tenant_id
   where o.token_hash = ? and o.kind = 'access'
     and o.expires_at > now() and o.revoked_at is null
     and ((c.id is not null and c.revoked_at is null) or (a.id is not null and a.revoked_at is null))`);

/**
 * Resolves a bearer token to a credential with one indexed lookup by hash, every time: nothing is
 * cached, so a revocation is seen by the next request on every node (decisions §3).
 */
export async function resolveBearer(em: EntityManager, prefix: string, token: string): Promise<Auth> {
  const hash = hashToken(token);
  if (token.startsWith(`${prefix}_live_`) || token.startsWith(`${prefix}_test_`)) {
    const [row] = await runStatement<{
      id: string;
      key_id: string;
      tenant_id: string;
      env: 'live' | 'test';
      scopes: string;
      touch_due: boolean;
    }>(em, API_KEY_BY_SECRET, [hash]);
    // The env marker of the secret must match the tenant it acts on.
    if (!row || !token.startsWith(`${prefix}_${row.env}_`)) return { state: 'invalid' };
    if (row.touch_due) await runStatement(em, TOUCH_API_KEY, [row.id]);
    return {
      state: 'authenticated',
      credential: {
        kind: 'api_key',
        keyId: row.key_id,
        tenantId: row.tenant_id,
        env: row.env,
        scopes: scopeList(row.scopes),
      },
    };
  }
  if (token.startsWith(`${prefix}_at_`)) {
    const [row] = await runStatement<{
      client_id: string;
      tenant_id: string;
      env: 'live' | 'test';
      scopes: string;
      employee_id: string | null;
    }>(em, ACCESS_TOKEN, [hash]);
    if (!row) return { state: 'invalid' };
    const credential: Credential = {
      kind: 'oauth_access_token',
      keyId: row.client_id,
      tenantId: row.tenant_id,
      env: row.env,
      scopes: scopeList(row.scopes),
    };
    if (row.employee_id) credential.employeeId = row.employee_id;
    return { state: 'authenticated', credential };
  }
  return { state: 'invalid' };
}
