// API keys (decisions §3): the secret's format and that only its hash is stored, revocation, rotation
// with and without grace, expiry, last_used_at, listApiKeys. Through the domain functions and the API;
// the CLI is apiKeys.cli.test.ts, OAuth tokens oauthToken.grants.test.ts.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { credentialChangesApplied } from '../../routers/credentials/credentialCache.writes.js';
import { listApiKeys } from '../../routers/credentials/credentials.reads.js';
import { createApiKey, revokeApiKey, rotateApiKey } from '../../routers/credentials/credentials.writes.js';
import { sql } from '../support/database.js';
import { startTestServer, type TestTenant, useTestServer } from '../support/harness.js';
import { creds } from '../support/oauth.js';
import { expectInvalidCredential, expectWhoami, KEY_ID, LIVE_KEY, TEST_KEY, whoami } from './helpers.js';

const h = useTestServer();

const em = () => h.orm.em.fork();

async function keyIdOf(secret: string): Promise<string> {
  return (await expectWhoami(h, secret, { credential: 'api_key' })).key_id;
}

async function lastUsedAt(keyId: string): Promise<string | null> {
  const [row] = await sql<{ last_used_at: Date | string | null }>(
    h,
    'select last_used_at from api_keys where key_id = ?',
    [keyId],
  );
  return row.last_used_at === null ? null : new Date(row.last_used_at).toISOString();
}

describe('API key secrets', () => {
  test('live and test secrets: the env marker, then at least 32 base62 characters, all different', async () => {
    const t = await h.tenant();
    const live = await Promise.all([1, 2, 3].map(() => h.key(t, ['leave:read'])));
    const sandbox = await Promise.all([1, 2, 3].map(() => h.key(t, ['leave:read'], 'test')));
    for (const s of live) expect(s).toMatch(LIVE_KEY);
    for (const s of sandbox) expect(s).toMatch(TEST_KEY);
    expect(new Set([...live, ...sandbox]).size).toBe(6);
  });

  test('only SHA-256 of the secret is stored: the secret is in no column, the hash is', async () => {
    const t = await h.tenant();
    const created = await createApiKey(em(), 'svc', { tenantId: t.tenant.id, env: 'live', scopes: ['leave:read'] });
    const { secret, key_id } = created;
    expect(created).toEqual({ key_id: expect.stringMatching(KEY_ID), secret, env: 'live', scopes: ['leave:read'] });
    const keys = await sql(h, 'select * from api_keys where key_id = ?', [key_id]);
    expect(keys).toHaveLength(1);
    const secrets = await sql(h, 'select * from api_key_secrets where api_key_id = ?', [keys[0].id]);
    expect(secrets).toHaveLength(1);
    const stored = JSON.stringify([keys, secrets]);
    expect(stored).not.toContain(secret);
    // Not even the random part after the marker, nor its bulk.
    expect(stored).not.toContain(secret.slice('svc_live_'.length));
    expect(stored).not.toContain(secret.slice(-24));
    expect(secrets[0].secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    // A short display prefix only: the marker and a few characters.
    const prefix = secrets[0].display_prefix as string;
    expect(secret.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThanOrEqual('svc_live_'.length + 8);

    // Nowhere else in the database either (a whole-database text search of the secret).
    const tables = await sql<{ table_name: string }>(
      h,
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const [hit] = await sql<{ n: number }>(
        h,
        `select count(*)::int as n from "${table_name}" x where x::text like ?`,
        [`%${secret.slice('svc_live_'.length)}%`],
      );
      expect(hit.n, table_name).toBe(0);
    }
  });

  test('OAuth client secrets and issued tokens are stored hashed too', async () => {
    const t = await h.tenant();
    const client = await h.client(t, ['leave:read']);
    const res = await h.fetch('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', ...creds(client) }),
    });
    const tokens = (await res.json()) as { access_token: string; refresh_token: string };
    expect(tokens.access_token).toEqual(expect.any(String));
    const clients = await sql(h, 'select * from oauth_clients where client_id = ?', [client.client_id]);
    const issued = await sql(h, 'select * from oauth_tokens where client_id = ?', [clients[0].id]);
    expect(issued).toHaveLength(2);
    const stored = JSON.stringify([clients, issued]);
    for (const secret of [client.client_secret, tokens.access_token, tokens.refresh_token]) {
      expect(stored).not.toContain(secret.slice(secret.lastIndexOf('_') + 1));
    }
    expect(clients[0].secret_hash).toBe(createHash('sha256').update(client.client_secret).digest('hex'));
  });

  test('a custom CREDENTIAL_PREFIX marks every credential', async () => {
    const custom = await startTestServer({ CREDENTIAL_PREFIX: 'acme' });
    try {
      const t = await custom.tenant();
      const live = await custom.key(t, ['leave:read']);
      const sandbox = await custom.key(t, ['leave:read'], 'test');
      expect(live).toMatch(/^acme_live_[0-9A-Za-z]{32,}$/);
      expect(sandbox).toMatch(/^acme_test_[0-9A-Za-z]{32,}$/);
      expect((await custom.as(live, '/v1/whoami')).status).toBe(200);
      const client = await custom.client(t, ['leave:read']);
      expect(client.client_id).toMatch(/^acme_client_/);
      expect(client.client_secret).toMatch(/^acme_secret_/);
    } finally {
      await custom.close();
    }
  });
});

describe('revocation', () => {
  test('takes effect on the very next request, and a revoked key cannot be revoked or rotated again', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['leave:read']);
    const keyId = await keyIdOf(secret);
    expect(await revokeApiKey(em(), keyId)).toEqual({ key_id: keyId, revoked: true });
    await expectInvalidCredential(await whoami(h, secret));
    await expectInvalidCredential(await h.as(secret, '/v1/leave-types'));
    await expect(revokeApiKey(em(), keyId)).rejects.toMatchObject({ name: 'DomainError', code: 'not_found' });
    await expect(rotateApiKey(em(), 'svc', keyId, 3600)).rejects.toMatchObject({
      name: 'DomainError',
      code: 'not_found',
    });
    await expect(revokeApiKey(em(), 'key_doesnotexist')).rejects.toMatchObject({
      name: 'DomainError',
      code: 'not_found',
    });
  });

  test('is seen at once by every server node on the database (each node’s cache emptied first)', async () => {
    const other = await startTestServer();
    try {
      const t = await h.tenant();
      const secret = await h.key(t, ['leave:read']);
      const keyId = await keyIdOf(secret);
      expect((await other.as(secret, '/v1/whoami')).status).toBe(200);
      await revokeApiKey(other.orm.em.fork(), keyId);
      await expectInvalidCredential(await whoami(h, secret));
      await expectInvalidCredential(await other.as(secret, '/v1/whoami'));
    } finally {
      await other.close();
    }
  });

  test('revoking one key leaves the tenant’s other keys working', async () => {
    const t = await h.tenant();
    const a = await h.key(t, ['leave:read']);
    const b = await h.key(t, ['leave:read']);
    await revokeApiKey(em(), await keyIdOf(a));
    await expectInvalidCredential(await whoami(h, a));
    await expectWhoami(h, b, { credential: 'api_key' });
  });

  test('a revoked rotated key refuses every one of its secrets, grace or not', async () => {
    const t = await h.tenant();
    const old = await h.key(t, ['leave:read']);
    const keyId = await keyIdOf(old);
    const { secret } = await rotateApiKey(em(), 'svc', keyId, 3600);
    await revokeApiKey(em(), keyId);
    await expectInvalidCredential(await whoami(h, old));
    await expectInvalidCredential(await whoami(h, secret));
  });
});

describe('rotation', () => {
  test('with a grace period: the same key id, old and new secrets both work', async () => {
    const t = await h.tenant();
    const old = await h.key(t, ['leave:read', 'assets:read']);
    const keyId = await keyIdOf(old);
    const rotated = await rotateApiKey(em(), 'svc', keyId, 3600);
    expect(rotated).toEqual({ key_id: keyId, secret: expect.stringMatching(LIVE_KEY) });
    expect(rotated.secret).not.toBe(old);
    for (const secret of [old, rotated.secret]) {
      await expectWhoami(h, secret, {
        key_id: keyId,
        env: 'live',
        credential: 'api_key',
        scopes: ['leave:read', 'assets:read'],
      });
    }
    // The old secret's grace ends about an hour from now, not before and not after.
    const [row] = await sql<{ expires_at: Date | string }>(
      h,
      `select s.expires_at from api_key_secrets s join api_keys k on k.id = s.api_key_id
        where k.key_id = ? and s.secret_hash = ?`,
      [keyId, createHash('sha256').update(old).digest('hex')],
    );
    const endsIn = new Date(row.expires_at).getTime() - Date.now();
    expect(endsIn).toBeGreaterThan(3500_000);
    expect(endsIn).toBeLessThanOrEqual(3600_000);
  });

  test('with grace 0: the old secret is refused at once, the new one works', async () => {
    const t = await h.tenant();
    const old = await h.key(t, ['leave:read']);
    const keyId = await keyIdOf(old);
    const { secret } = await rotateApiKey(em(), 'svc', keyId, 0);
    await expectInvalidCredential(await whoami(h, old));
    await expectWhoami(h, secret, { key_id: keyId, credential: 'api_key' });
  });

  test('a test key rotates to a test secret on the sandbox', async () => {
    const t = await h.tenant();
    const old = await h.key(t, ['leave:read'], 'test');
    const keyId = await keyIdOf(old);
    const { secret } = await rotateApiKey(em(), 'svc', keyId, 0);
    expect(secret).toMatch(TEST_KEY);
    await expectWhoami(h, secret, { key_id: keyId, env: 'test' });
  });

  test('a second rotation with grace 0 also ends the first rotation’s grace', async () => {
    const t = await h.tenant();
    const first = await h.key(t, ['leave:read']);
    const keyId = await keyIdOf(first);
    const second = (await rotateApiKey(em(), 'svc', keyId, 3600)).secret;
    await expectWhoami(h, first, { key_id: keyId });
    const third = (await rotateApiKey(em(), 'svc', keyId, 0)).secret;
    await expectInvalidCredential(await whoami(h, first));
    await expectInvalidCredential(await whoami(h, second));
    await expectWhoami(h, third, { key_id: keyId });
  });

  test('a later rotation never extends an earlier, shorter grace', async () => {
    const t = await h.tenant();
    const first = await h.key(t, ['leave:read']);
    const keyId = await keyIdOf(first);
    await rotateApiKey(em(), 'svc', keyId, 60);
    await rotateApiKey(em(), 'svc', keyId, 86400);
    const [row] = await sql<{ expires_at: Date | string }>(
      h,
      'select expires_at from api_key_secrets where secret_hash = ?',
      [createHash('sha256').update(first).digest('hex')],
    );
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });
});

describe('expiry', () => {
  test('a key whose expires_at has passed is 401 invalid_credential; one expiring later works', async () => {
    const t = await h.tenant();
    const expired = await createApiKey(em(), 'svc', {
      tenantId: t.tenant.id,
      env: 'live',
      scopes: ['leave:read'],
      expiresAt: new Date(Date.now() - 1000),
    });
    await expectInvalidCredential(await whoami(h, expired.secret));
    await expectInvalidCredential(await h.as(expired.secret, '/v1/leave-types'));
    const later = await createApiKey(em(), 'svc', {
      tenantId: t.tenant.id,
      env: 'test',
      scopes: ['leave:read'],
      expiresAt: new Date(Date.now() + 60_000),
    });
    await expectWhoami(h, later.secret, { key_id: later.key_id, env: 'test' });
  });

  test('an expired key stays expired after a rotation', async () => {
    const t = await h.tenant();
    const key = await createApiKey(em(), 'svc', {
      tenantId: t.tenant.id,
      env: 'live',
      scopes: ['leave:read'],
      expiresAt: new Date(Date.now() - 1000),
    });
    const { secret } = await rotateApiKey(em(), 'svc', key.key_id, 0);
    await expectInvalidCredential(await whoami(h, secret));
  });
});

describe('last_used_at', () => {
  test('null before use, set by the first use, not rewritten within a minute, rewritten after one', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['leave:read']);
    const [{ key_id: keyId }] = await sql<{ key_id: string }>(
      h,
      `select k.key_id from api_keys k join api_key_secrets s on s.api_key_id = k.id where s.secret_hash = ?`,
      [createHash('sha256').update(secret).digest('hex')],
    );
    expect(await lastUsedAt(keyId)).toBeNull();

    const before = Date.now();
    await expectWhoami(h, secret, { key_id: keyId });
    const first = await lastUsedAt(keyId);
    expect(first).not.toBeNull();
    expect(new Date(first as string).getTime()).toBeGreaterThanOrEqual(before - 5000);
    expect(new Date(first as string).getTime()).toBeLessThanOrEqual(Date.now() + 5000);

    await new Promise((resolve) => setTimeout(resolve, 20));
    await expectWhoami(h, secret, { key_id: keyId });
    await expectWhoami(h, secret, { key_id: keyId });
    expect(await lastUsedAt(keyId)).toBe(first);

    // Once the recorded use is over a minute old, the next use records again. The node's cache counts
    // the minute on its own clock: empty it, as every node's is emptied on a change (decisions §3).
    await sql(h, `update api_keys set last_used_at = now() - interval '2 minutes' where key_id = ?`, [keyId]);
    await credentialChangesApplied(em());
    const aged = await lastUsedAt(keyId);
    await expectWhoami(h, secret, { key_id: keyId });
    const refreshed = await lastUsedAt(keyId);
    expect(refreshed).not.toBe(aged);
    expect(new Date(refreshed as string).getTime()).toBeGreaterThan(new Date(aged as string).getTime() + 60_000);
  });

  test('a refused request (revoked key) does not record a use', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['leave:read']);
    const [{ key_id: keyId }] = await sql<{ key_id: string }>(
      h,
      `select k.key_id from api_keys k join api_key_secrets s on s.api_key_id = k.id where s.secret_hash = ?`,
      [createHash('sha256').update(secret).digest('hex')],
    );
    await revokeApiKey(em(), keyId);
    await expectInvalidCredential(await whoami(h, secret));
    expect(await lastUsedAt(keyId)).toBeNull();
  });
});

describe('listApiKeys', () => {
  test('lists the organisation’s live and test keys with their state, never a secret', async () => {
    const t: TestTenant = await h.tenant();
    const other = await h.tenant();
    await h.key(other, ['leave:read']);
    const live = await createApiKey(em(), 'svc', {
      tenantId: t.tenant.id,
      env: 'live',
      scopes: ['leave:read'],
      name: 'payroll sync',
    });
    const sandbox = await createApiKey(em(), 'svc', { tenantId: t.tenant.id, env: 'test', scopes: ['assets:read'] });
    await revokeApiKey(em(), sandbox.key_id);
    const { keys } = await listApiKeys(em(), t.tenant.id);
    expect(keys.map((k) => k.key_id)).toEqual([live.key_id, sandbox.key_id]);
    expect(keys[0]).toMatchObject({
      name: 'payroll sync',
      env: 'live',
      scopes: ['leave:read'],
      revoked: false,
      expires_at: null,
      last_used_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(keys[0].secret_prefixes).toEqual([live.secret.slice(0, keys[0].secret_prefixes[0].length)]);
    expect(keys[1]).toMatchObject({ env: 'test', revoked: true });
    expect(JSON.stringify(keys)).not.toContain(live.secret.slice(12));
  });
});
