// The migration that seals the secrets already stored (decisions §18), on a populated database:
// PostgreSQL and the embedded PGlite, with the key given (SECRETS_ENCRYPTION_KEY) and with the key
// file under DATA_DIR (created by the migration, as the process would).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { migrationsList } from '../../db/migrations/index.js';
import { migrate, type Orm, openOrm } from '../../db/orm.js';
import { parseSecretKey, SecretKeyRing, secretKeyId } from '../../db/secrets.js';
import { createOrganisation } from '../../routers/organisations/organisations.writes.js';
import { adminUrl, databaseUrl } from '../support/globalSetup.js';
import { fillOlderSchema } from '../support/laterSchema.js';

const mine = 'Migration20261126000012SecretsAtRest';
const previous = migrationsList[migrationsList.findIndex((m) => m.name === mine) - 1]?.name as string;
const clear = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Up to the migration before this one, rows with secrets in clear, then the rest: every secret sealed. */
async function migratePopulated(orm: Orm, keyOf: () => Buffer) {
  const run = <T>(text: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(text, params);
  expect((await orm.migrator.up({ to: previous })).at(-1)?.name).toBe(previous);
  let org: Awaited<ReturnType<typeof createOrganisation>> | undefined;
  // Today's code on the older schema (tests/support/laterSchema.ts).
  await fillOlderSchema(run, async () => {
    org = await createOrganisation(orm.em.fork(), { name: 'Secrets Org' });
  });
  if (!org) throw new Error('no organisation');
  const tenant = org.tenant.id;
  const [a, b, c] = [clear(), clear(), clear()];
  const [current, old, expired] = [randomUUID(), randomUUID(), randomUUID()];
  const insert = `insert into webhook_endpoints (id, tenant_id, url, event_types, secret, previous_secret, previous_secret_expires_at)
                  values (?, ?, 'https://93.184.215.14/h', '{*}', ?, ?, now() + make_interval(hours => ?))`;
  await run(insert, [current, tenant, a, null, 0]);
  await run(insert, [old, tenant, b, a, 12]);
  await run(insert, [expired, tenant, c, b, -1]);
  const body = JSON.stringify({ data: { id: current, url: 'https://93.184.215.14/h' }, secret: a });
  await run(
    `insert into idempotency_keys (tenant_id, key, fingerprint, response_status, response_body)
     values (?, 'k1', repeat('0', 64), 200, ?), (?, 'k2', repeat('0', 64), 200, '{"data":{}}')`,
    [tenant, body, tenant],
  );

  expect(await migrate(orm)).toEqual(
    migrationsList.slice(migrationsList.findIndex((m) => m.name === mine)).map((m) => m.name),
  );

  const keys = new SecretKeyRing({ current: keyOf(), dataDir: tmpdir() });
  const rows = await run<{ id: string; secret: string; previous_secret: string | null }>(
    'select id, secret, previous_secret from webhook_endpoints order by id',
  );
  const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
  for (const row of rows) {
    expect(row.secret).toMatch(new RegExp(`^wfs1\\.${secretKeyId(keyOf())}\\.`));
    if (row.previous_secret) expect(row.previous_secret).toMatch(/^wfs1\./);
  }
  const opened = (id: string) => {
    const row = byId[id] as { secret: string; previous_secret: string | null };
    return [keys.open(row.secret), row.previous_secret && keys.open(row.previous_secret)];
  };
  expect(opened(current)).toEqual([a, null]);
  expect(opened(old)).toEqual([b, a]);
  // A rotated-away secret past its grace is erased, not sealed.
  expect(opened(expired)).toEqual([c, null]);
  const stored = await run<{ key: string; response_body: string }>(
    'select key, response_body from idempotency_keys where tenant_id = ? order by key',
    [tenant],
  );
  expect(stored[0]?.response_body).not.toContain('whsec_');
  expect(stored[0]?.response_body).toMatch(/"secret":\{"sealed_secret":"wfs1\./);
  expect(stored[1]?.response_body).toBe('{"data":{}}');
  const all = await run<{ text: string }>(
    `select string_agg(secret || coalesce(previous_secret, ''), ' ') as text from webhook_endpoints`,
  );
  expect(all[0]?.text).not.toContain('whsec_');
}

describe('the migration on a populated database', () => {
  test('PostgreSQL, the key given', async () => {
    const name = `wfm_secrets_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const key = randomBytes(32);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wfm-secrets-mig-'));
    let orm: Orm | undefined;
    try {
      const secretKeys = new SecretKeyRing({ current: key, dataDir });
      orm = await openOrm({ DATABASE_URL: databaseUrl(name), DATA_DIR: dataDir, secretKeys }, undefined, {
        poolMax: 2,
      });
      await migratePopulated(orm, () => key);
    } finally {
      await orm?.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  test('the embedded PGlite, the key file under DATA_DIR created by the migration', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wfm-secrets-mig-'));
    let orm: Orm | undefined;
    try {
      // Opened as the process does when SECRETS_ENCRYPTION_KEY is unset.
      orm = await openOrm({ DATA_DIR: dataDir, secretKeys: new SecretKeyRing({ dataDir }) });
      await migratePopulated(orm, () =>
        parseSecretKey(readFileSync(path.join(dataDir, 'secrets.key'), 'utf8'), 'the key file'),
      );
    } finally {
      await orm?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
