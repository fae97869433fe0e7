import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DomainError } from '../../core/domainError.js';
import type { Scope } from '../../core/scopes.js';
import type { Orm } from '../../db/orm.js';
import { revokeOAuthClient } from '../../routers/credentials/credentials.writes.js';
import { hashToken } from '../../routers/credentials/credentialTokens.rules.js';
import {
  ACCESS_TOKEN_TTL_S,
  type AuthenticatedClient,
  authenticateClient,
  clientCredentialsGrant,
  grantTokens,
  REFRESH_TOKEN_TTL_S,
  refreshTokenGrant,
} from '../../routers/credentials/oauthGrants.writes.js';
import { openTestOrm, sql } from '../support/database.js';
import { newClient, newTenant } from '../support/tenants.js';

// The grants of the token endpoint as domain functions (routers/credentials/oauthGrants.writes.ts), without HTTP: what
// they grant, store and refuse, and with which DomainError code (the RFC 6749 `error`). The HTTP
// side (bodies, Basic, rate limits, error bodies) is oauthToken.grants.test.ts's.

const PREFIX = 'svc';
let orm: Orm;
beforeAll(async () => {
  orm = await openTestOrm();
});
afterAll(() => orm?.close());

const em = () => orm.em.fork();

async function client(scopes: Scope[]): Promise<{ id: string; secret: string; client: AuthenticatedClient }> {
  const created = await newClient(orm, await newTenant(orm), scopes);
  return {
    id: created.client_id,
    secret: created.client_secret,
    client: await authenticateClient(em(), created.client_id, created.client_secret),
  };
}

/** The DomainError `promise` rejects with: its code and detail. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; detail?: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, detail } = error as DomainError;
  return { code, detail };
}

const tokenRow = (token: string) =>
  sql<{ used_at: Date | null; revoked_at: Date | null; family_id: string; scopes: string[] }>(
    orm,
    'select used_at, revoked_at, family_id, scopes from oauth_tokens where token_hash = ?',
    [hashToken(token)],
  ).then((rows) => rows[0]);

describe('authenticateClient', () => {
  test('the client of a right secret; invalid_client, alike, for a wrong secret, an unknown id, a revoked client', async () => {
    const { id, secret, client: found } = await client(['leave:read']);
    expect(found).toMatchObject({ id: expect.any(String), tenantId: expect.any(String), scopes: ['leave:read'] });
    const wrong = await refusal(authenticateClient(em(), id, `${secret}x`));
    const unknown = await refusal(authenticateClient(em(), `${id}x`, secret));
    await revokeOAuthClient(em(), id);
    const revoked = await refusal(authenticateClient(em(), id, secret));
    expect(wrong).toEqual({ code: 'invalid_client', detail: 'Client authentication failed.' });
    expect(unknown).toEqual(wrong);
    expect(revoked).toEqual(wrong);
  });
});

describe('clientCredentialsGrant', () => {
  test('a Bearer pair of a new family, stored as hashes with the TTL constants', async () => {
    const { client: c } = await client(['leave:read', 'assets:read']);
    const pair = await clientCredentialsGrant(em(), PREFIX, c, undefined);
    expect(pair).toMatchObject({
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      scope: 'leave:read assets:read',
    });
    expect(pair.access_token).toMatch(/^svc_at_/);
    expect(pair.refresh_token).toMatch(/^svc_rt_/);
    const rows = await sql<{ kind: string; ttl: number; family_id: string }>(
      orm,
      `select kind, extract(epoch from expires_at - created_at)::int as ttl, family_id
         from oauth_tokens where token_hash in (?, ?) order by kind`,
      [hashToken(pair.access_token), hashToken(pair.refresh_token)],
    );
    expect(rows.map((r) => [r.kind, r.ttl])).toEqual([
      ['access', ACCESS_TOKEN_TTL_S],
      ['refresh', REFRESH_TOKEN_TTL_S],
    ]);
    expect(rows[0].family_id).toBe(rows[1].family_id);
    const again = await clientCredentialsGrant(em(), PREFIX, c, undefined);
    expect((await tokenRow(again.refresh_token)).family_id).not.toBe(rows[0].family_id);
  });

  test('requested ∩ the client’s scopes; an empty intersection is invalid_scope', async () => {
    const { client: c } = await client(['leave:read', 'assets:read']);
    expect((await clientCredentialsGrant(em(), PREFIX, c, 'assets:read bogus:x employees:read')).scope).toBe(
      'assets:read',
    );
    expect((await refusal(clientCredentialsGrant(em(), PREFIX, c, 'employees:read'))).code).toBe('invalid_scope');
  });
});

describe('refreshTokenGrant', () => {
  test('rotation: a new pair of the same family and scopes; the presented token is spent', async () => {
    const { client: c } = await client(['leave:read', 'assets:read']);
    const first = await clientCredentialsGrant(em(), PREFIX, c, undefined);
    const second = await refreshTokenGrant(em(), PREFIX, c, first.refresh_token, undefined);
    expect(second.scope).toBe('leave:read assets:read');
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const [spent, next] = [await tokenRow(first.refresh_token), await tokenRow(second.refresh_token)];
    expect(spent.used_at).not.toBeNull();
    expect(next).toMatchObject({ used_at: null, revoked_at: null, family_id: spent.family_id });
    // Narrower is fine; beyond the original grant is invalid_scope and spends nothing.
    const before = await refusal(refreshTokenGrant(em(), PREFIX, c, second.refresh_token, 'leave:read employees:read'));
    expect(before.code).toBe('invalid_scope');
    expect((await tokenRow(second.refresh_token)).used_at).toBeNull();
    expect((await refreshTokenGrant(em(), PREFIX, c, second.refresh_token, 'leave:read')).scope).toBe('leave:read');
  });

  test('reuse of a spent token is invalid_grant and revokes the whole family', async () => {
    const { client: c } = await client(['leave:read']);
    const first = await clientCredentialsGrant(em(), PREFIX, c, undefined);
    const second = await refreshTokenGrant(em(), PREFIX, c, first.refresh_token, undefined);
    expect(await refusal(refreshTokenGrant(em(), PREFIX, c, first.refresh_token, undefined))).toEqual({
      code: 'invalid_grant',
      detail: 'The refresh token is invalid, expired, revoked or already used.',
    });
    const family = await sql<{ kind: string; revoked: boolean }>(
      orm,
      'select kind, revoked_at is not null as revoked from oauth_tokens where family_id = ?',
      [(await tokenRow(second.refresh_token)).family_id],
    );
    expect(family).toHaveLength(4);
    expect(family.every((t) => t.revoked)).toBe(true);
    expect((await refusal(refreshTokenGrant(em(), PREFIX, c, second.refresh_token, undefined))).code).toBe(
      'invalid_grant',
    );
  });

  test('another client’s refresh token, an access token or garbage: invalid_grant, the token untouched', async () => {
    const owner = await client(['leave:read']);
    const thief = await client(['leave:read']);
    const pair = await clientCredentialsGrant(em(), PREFIX, owner.client, undefined);
    for (const token of [pair.refresh_token, pair.access_token, 'svc_rt_nope']) {
      expect((await refusal(refreshTokenGrant(em(), PREFIX, thief.client, token, undefined))).code).toBe(
        'invalid_grant',
      );
    }
    expect(await tokenRow(pair.refresh_token)).toMatchObject({ used_at: null, revoked_at: null });
    expect((await refusal(refreshTokenGrant(em(), PREFIX, owner.client, undefined, undefined))).code).toBe(
      'invalid_request',
    );
  });
});

describe('grantTokens', () => {
  test('dispatches on grant_type: none is invalid_request, an unknown one unsupported_grant_type', async () => {
    const { client: c } = await client(['leave:read']);
    expect((await grantTokens(em(), PREFIX, c, { grant_type: 'client_credentials' })).scope).toBe('leave:read');
    for (const grant_type of [undefined, '']) {
      expect((await refusal(grantTokens(em(), PREFIX, c, { grant_type }))).code).toBe('invalid_request');
    }
    for (const grant_type of ['password', 'authorization_code', 'CLIENT_CREDENTIALS']) {
      expect((await refusal(grantTokens(em(), PREFIX, c, { grant_type }))).code).toBe('unsupported_grant_type');
    }
  });
});
