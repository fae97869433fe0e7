import { expect, inject, test } from 'vitest';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { tokenJson } from '../support/oauth.js';
import { nodeWfm, onlyJsonObject, transactionPooling } from '../support/processes.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  expectInvalidCredential,
  expectOAuthError,
  expectTokens,
  expectWhoami,
  KEY_ID,
  LIVE_KEY,
  TEST_KEY,
  whoami,
} from './helpers.js';

// Also run through PgBouncer in transaction mode (vitest.config.ts, project cluster-pgbouncer), where
// these commands once hung on the migrations' session lock.
// Each spawn of the CLI costs seconds, so the whole life cycle is one test, with independent
// commands run side by side.
const h = useTestServer();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const run = (...args: string[]) =>
  nodeWfm(args, { DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent', ...transactionPooling() });

async function ok(...args: string[]): Promise<Record<string, unknown>> {
  const result = await run(...args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return onlyJsonObject(result);
}

test('wfm tenant create; key create/list/rotate/revoke; client create/revoke: JSON results that hold on the API', async () => {
  const tenant = await ok('tenant', 'create', '--name', 'Acme', '--json');
  expect(Object.keys(tenant).sort()).toEqual(['hr_admin', 'sandbox', 'sandbox_hr_admin', 'tenant']);
  expect(tenant).toEqual({
    tenant: { id: expect.stringMatching(UUID), name: 'Acme' },
    sandbox: { id: expect.stringMatching(UUID) },
    hr_admin: { id: expect.stringMatching(UUID), employee_id: 'EMP-0001', email: expect.any(String) },
    sandbox_hr_admin: { id: expect.stringMatching(UUID), employee_id: 'EMP-0001', email: expect.any(String) },
  });
  const tenantId = (tenant.tenant as { id: string }).id;
  expect((tenant.sandbox as { id: string }).id).not.toBe(tenantId);

  const [live, client, unknownScope] = await Promise.all([
    ok(
      'key',
      'create',
      '--tenant',
      tenantId,
      '--env',
      'live',
      '--scopes',
      'employees:read,leave:read',
      '--name',
      'Payroll sync',
      '--expires-in',
      '30d',
      '--json',
    ),
    ok('client', 'create', '--tenant', tenantId, '--env', 'test', '--scopes', 'leave:read,assets:read', '--json'),
    run('key', 'create', '--tenant', tenantId, '--env', 'live', '--scopes', 'employees:read,root:all', '--json'),
  ]);
  expect(live).toEqual({
    key_id: expect.stringMatching(KEY_ID),
    secret: expect.stringMatching(LIVE_KEY),
    env: 'live',
    scopes: ['employees:read', 'leave:read'],
  });
  expect(client).toEqual({
    client_id: expect.stringMatching(CLIENT_ID),
    client_secret: expect.stringMatching(CLIENT_SECRET),
    env: 'test',
    scopes: ['leave:read', 'assets:read'],
  });
  // A refusal exits non-zero with a single JSON {error} on stdout.
  expect(unknownScope.code).not.toBe(0);
  expect(onlyJsonObject(unknownScope)).toEqual({ error: expect.stringContaining('root:all') });

  const liveSecret = live.secret as string;
  const keyId = live.key_id as string;
  await expectWhoami(h, liveSecret, {
    key_id: keyId,
    env: 'live',
    credential: 'api_key',
    scopes: ['employees:read', 'leave:read'],
  });
  // The CLI's tenant is the API's tenant: its HR admin is readable with the key.
  expect((await h.as(liveSecret, `/v1/employees/${(tenant.hr_admin as { id: string }).id}`)).status).toBe(200);
  // A sandbox key made through the library shows up in the organisation's list too.
  const sandboxSecret = await h.key(tenant as unknown as TestTenant, ['surveys:read'], 'test');
  expect(sandboxSecret).toMatch(TEST_KEY);
  const sandboxKeyId = (await expectWhoami(h, sandboxSecret, { env: 'test' })).key_id;

  const tokenBody = {
    grant_type: 'client_credentials',
    client_id: client.client_id,
    client_secret: client.client_secret,
  };
  const tokens = await expectTokens(await tokenJson(h, tokenBody), ['leave:read', 'assets:read']);
  await expectWhoami(h, tokens.access_token, {
    key_id: client.client_id as string,
    env: 'test',
    credential: 'oauth_access_token',
  });

  const [listed, rotated, clientRevoked] = await Promise.all([
    ok('key', 'list', '--tenant', tenantId, '--json'),
    ok('key', 'rotate', keyId, '--grace', '0', '--json'),
    ok('client', 'revoke', client.client_id as string, '--json'),
  ]);
  const keys = listed.keys as Record<string, unknown>[];
  expect(keys.map((k) => k.key_id).sort()).toEqual([keyId, sandboxKeyId].sort());
  const listedLive = keys.find((k) => k.key_id === keyId) as Record<string, unknown>;
  expect(listedLive).toMatchObject({ env: 'live', name: 'Payroll sync', revoked: false });
  const expiresIn = new Date(listedLive.expires_at as string).getTime() - Date.now();
  expect(expiresIn).toBeGreaterThan(29.9 * 86400_000);
  expect(expiresIn).toBeLessThanOrEqual(30 * 86400_000);
  expect(keys.find((k) => k.key_id === sandboxKeyId)).toMatchObject({ env: 'test', revoked: false });
  expect(JSON.stringify(listed)).not.toContain(liveSecret.slice(12));
  expect(JSON.stringify(listed)).not.toContain(sandboxSecret.slice(12));

  expect(rotated).toEqual({ key_id: keyId, secret: expect.stringMatching(LIVE_KEY) });
  const newSecret = rotated.secret as string;
  expect(newSecret).not.toBe(liveSecret);
  await expectInvalidCredential(await whoami(h, liveSecret));
  await expectWhoami(h, newSecret, { key_id: keyId });

  expect(clientRevoked).toEqual({ client_id: client.client_id, revoked: true });
  await expectInvalidCredential(await whoami(h, tokens.access_token));
  await expectOAuthError(await tokenJson(h, tokenBody), 401, 'invalid_client');

  expect(await ok('key', 'revoke', keyId, '--json')).toEqual({ key_id: keyId, revoked: true });
  await expectInvalidCredential(await whoami(h, newSecret));
  // The sandbox key was not touched.
  await expectWhoami(h, sandboxSecret, { key_id: sandboxKeyId });
}, 90_000);
