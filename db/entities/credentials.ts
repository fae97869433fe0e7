/**
 * The credential tables as MikroORM entities: API keys and their secrets, OAuth clients and tokens.
 * Secrets are never stored, only their SHA-256 (decisions §3).
 */
import { defineEntity, p } from '@mikro-orm/core';
import { tenantOwned } from './base.js';

export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    ...tenantOwned(),
    keyId: p.string().unique(),
    name: p.string().nullable(),
    scopes: p.array(),
    expiresAt: p.datetime(3).nullable(),
    revokedAt: p.datetime(3).nullable(),
    lastUsedAt: p.datetime(3).nullable(),
  },
});

export const ApiKeySecret = defineEntity({
  name: 'ApiKeySecret',
  tableName: 'api_key_secrets',
  properties: {
    ...tenantOwned(),
    apiKeyId: p.uuid(),
    secretHash: p.string().unique(),
    displayPrefix: p.string(),
    expiresAt: p.datetime(3).nullable(),
  },
});

export const OAuthClient = defineEntity({
  name: 'OAuthClient',
  tableName: 'oauth_clients',
  properties: {
    ...tenantOwned(),
    clientId: p.string().unique(),
    secretHash: p.string(),
    name: p.string().nullable(),
    scopes: p.array(),
    revokedAt: p.datetime(3).nullable(),
  },
});

export const OAuthToken = defineEntity({
  name: 'OAuthToken',
  tableName: 'oauth_tokens',
  properties: {
    ...tenantOwned(),
    clientId: p.uuid(),
    kind: p.enum(['access', 'refresh'] as const),
    tokenHash: p.string().unique(),
    familyId: p.uuid(),
    scopes: p.array(),
    expiresAt: p.datetime(3),
    usedAt: p.datetime(3).nullable(),
    revokedAt: p.datetime(3).nullable(),
  },
});
