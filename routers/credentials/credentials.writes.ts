/**
 * API keys and OAuth clients (decisions §3): made (tokens stored as hashes), rotated with a grace
 * period, revoked; a change that ends a credential answers once every node's cache has let it go
 * (credentialCache.writes.ts). Looking a credential up and listing keys is credentials.reads.ts; the
 * HTTP side of a credential is server/http/pipeline/credential.ts.
 */
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../core/domainError.js';
import type { Scope } from '../../core/scopes.js';
import { ApiKey, ApiKeySecret, OAuthClient } from '../../db/entities/index.js';
import type { EntityManager } from '../../db/orm.js';
import { tenantForEnv } from '../organisations/organisations.writes.js';
import { credentialChangesApplied } from './credentialCache.writes.js';
import { displayPrefix, generateToken, hashToken } from './credentialTokens.rules.js';

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
  const rotated = await em.transactional(async (tx) => {
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
  await credentialChangesApplied(em);
  return rotated;
}

export async function revokeApiKey(em: EntityManager, keyId: string) {
  const key = await activeKey(em, keyId);
  key.revokedAt = new Date();
  await em.flush();
  await credentialChangesApplied(em);
  return { key_id: key.keyId, revoked: true as const };
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
  await em.transactional(async (tx) => {
    const client = await activeClient(tx, clientId);
    client.revokedAt = new Date();
    // By tenant and client, as every tenant query is keyed (decisions §12).
    await tx.execute(
      'update oauth_tokens set revoked_at = now() where tenant_id = ? and client_id = ? and revoked_at is null',
      [client.tenantId, client.id],
    );
    await tx.flush();
  });
  await credentialChangesApplied(em);
  return { client_id: clientId, revoked: true as const };
}

/** A new client secret; the old one stops working at once (tokens already issued stay valid). */
export async function rotateOAuthClientSecret(em: EntityManager, prefix: string, clientId: string) {
  const client = await activeClient(em, clientId);
  const clientSecret = generateToken(prefix, 'secret');
  client.secretHash = hashToken(clientSecret);
  await em.flush();
  return { client_id: clientId, client_secret: clientSecret };
}
