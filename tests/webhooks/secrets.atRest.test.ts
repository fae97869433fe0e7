// Webhook signing secrets at rest (decisions §18), end to end on a database of the file's own: sealed
// in webhook_endpoints and in stored idempotent responses (a pg_dump holds no `whsec_`), replayed in
// clear, signing verified by `standardwebhooks` during a rotation's grace, the rotated-away secret
// erased when its grace ends, a key id the node does not hold failing deliveries (not the process),
// and `wfm secrets rotate-key` re-encrypting everything under a new key.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { SecretKeyRing, secretKeyId } from '../../db/secrets.js';
import { eraseExpiredPreviousSecrets, signingSecrets } from '../../routers/webhooks/webhookSecrets.writes.js';
import { sql, useFreshDatabase, useTempDir } from '../support/database.js';
import { hire } from '../support/employees.js';
import { startTestServer, type TestTenant, useTestServer } from '../support/harness.js';
import { jsonInit } from '../support/http.js';
import { captureLogs } from '../support/logs.js';
import { nodeWfm, onlyJsonObject } from '../support/processes.js';
import { waitFor } from '../support/wait.js';
import { type Received, useReceivers } from '../support/webhooks.js';

const K1 = randomBytes(32).toString('base64');
const K2 = randomBytes(32).toString('base64');
const { url } = useFreshDatabase('wfm_secrets');
const dataDir = useTempDir('wfm-secrets-');
const h = useTestServer(() => ({
  DATABASE_URL: url,
  DATA_DIR: dataDir.path,
  SECRETS_ENCRYPTION_KEY: K1,
  OUTBOX_DISPATCH: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_INTERVAL_MS: '100',
  WEBHOOK_RETRY_SCHEDULE: '60',
  RATE_LIMIT_POINTS: '100000',
}));
const receiver = useReceivers(h);
const id = (b64: string) => secretKeyId(Buffer.from(b64, 'base64'));

interface Created {
  data: { id: string };
  secret: string;
}

async function endpointFor(t: TestTenant, target: string, idempotencyKey: string) {
  const key = await h.key(t, ['webhooks:write', 'webhooks:read', 'employees:write', 'employees:read', 'leave:read']);
  const init = jsonInit('POST', { url: target, event_types: ['*'] }, { 'Idempotency-Key': idempotencyKey });
  const res = await h.as(key, '/v1/webhook-endpoints', init);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { key, text, created: JSON.parse(text) as Created, init };
}

async function stored(endpointId: string) {
  const [row] = await sql<{ secret: string; previous_secret: string | null }>(
    h,
    'select secret, previous_secret from webhook_endpoints where id = ?',
    [endpointId],
  );
  return row as { secret: string; previous_secret: string | null };
}

function verify(secret: string, d: Received): unknown {
  return new Webhook(secret).verify(d.body, {
    'webhook-id': d.headers['webhook-id'] as string,
    'webhook-timestamp': d.headers['webhook-timestamp'] as string,
    'webhook-signature': d.headers['webhook-signature'] as string,
  });
}

describe('secrets at rest', () => {
  test('an idempotent create and a rotation: sealed in the rows and the stored responses, replayed in clear; no whsec_ in a pg_dump; both secrets verify during the grace, then the old one is erased', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const { key, text, created, init } = await endpointFor(t, r.url, `create-${randomBytes(4).toString('hex')}`);
    expect(created.secret).toMatch(/^whsec_/);

    // The replay answers the same bytes, the secret in clear.
    const replay = await h.as(key, '/v1/webhook-endpoints', init);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(text);

    const rotateKey = `rotate-${randomBytes(4).toString('hex')}`;
    const rotateInit = jsonInit('POST', {}, { 'Idempotency-Key': rotateKey });
    const rotatePath = `/v1/webhook-endpoints/${created.data.id}/rotate-secret`;
    const rotated = await h.as(key, rotatePath, rotateInit);
    const rotatedText = await rotated.text();
    expect(rotated.status, rotatedText).toBe(200);
    const newSecret = (JSON.parse(rotatedText) as Created).secret;
    const again = await h.as(key, rotatePath, rotateInit);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(rotatedText);

    const row = await stored(created.data.id);
    expect(row.secret).toMatch(new RegExp(`^wfs1\\.${id(K1)}\\.`));
    expect(row.previous_secret).toMatch(new RegExp(`^wfs1\\.${id(K1)}\\.`));
    const bodies = await sql<{ response_body: string }>(h, 'select response_body from idempotency_keys');
    expect(bodies.filter((b) => b.response_body.includes('sealed_secret'))).toHaveLength(2);

    const { stdout } = await promisify(execFile)('/usr/bin/pg_dump', ['--no-owner', url], { maxBuffer: 256 << 20 });
    expect(stdout).toContain('wfs1.');
    expect(stdout).toContain(created.data.id);
    expect(stdout).not.toContain('whsec_');

    // During the grace: two signatures, each secret verifies with the reference package.
    await hire(h, key, t);
    await waitFor(() => r.received.length === 1, 'the first delivery', 10_000);
    const first = r.received[0] as Received;
    expect(first.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verify(newSecret, first)).toMatchObject({ type: 'employee.created' });
    expect(verify(created.secret, first)).toMatchObject({ type: 'employee.created' });

    // The grace ends (moved to the past: a short grace) and the purge erases the old secret.
    await sql(h, `update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ?`, [
      created.data.id,
    ]);
    expect(await eraseExpiredPreviousSecrets(h.orm.em.fork())).toBe(1);
    expect(await stored(created.data.id)).toEqual({ secret: row.secret, previous_secret: null });
    expect(await eraseExpiredPreviousSecrets(h.orm.em.fork())).toBe(0);
    await hire(h, key, t);
    await waitFor(() => r.received.length === 2, 'the second delivery', 10_000);
    const second = r.received[1] as Received;
    expect(second.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(verify(newSecret, second)).toMatchObject({ type: 'employee.created' });
  });

  test('over /trpc: an idempotent create stores its answer sealed and replays it in clear, byte for byte', async () => {
    const t = await h.tenant();
    const key = await h.key(t, ['webhooks:write', 'webhooks:read', 'employees:read', 'leave:read']);
    const idempotencyKey = `trpc-${randomBytes(4).toString('hex')}`;
    const send = () =>
      h.fetch('/trpc/webhookEndpoints.create', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${key}`,
          'Idempotency-Key': idempotencyKey,
        },
        body: JSON.stringify({ url: 'https://93.184.215.14/trpc-hook', event_types: ['*'] }),
      });
    const first = await send();
    const text = await first.text();
    expect(first.status, text).toBe(200);
    const { secret } = (JSON.parse(text) as { result: { data: Created } }).result.data;
    expect(secret).toMatch(/^whsec_/);
    const [row] = await sql<{ response_body: string }>(
      h,
      'select response_body from idempotency_keys where tenant_id = ? and key = ?',
      [t.tenant.id, idempotencyKey],
    );
    expect(row?.response_body).not.toContain('whsec_');
    expect(row?.response_body).toContain('"secret":{"sealed_secret":"wfs1.');
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(text);
  });

  test('a secret under a key id this node does not hold: its deliveries fail naming the key id; the server goes on', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const { key, created } = await endpointFor(t, r.url, `unknown-${randomBytes(4).toString('hex')}`);
    const foreign = new SecretKeyRing({ current: randomBytes(32), dataDir: dataDir.path });
    await sql(h, 'update webhook_endpoints set secret = ? where id = ?', [
      foreign.seal(created.secret),
      created.data.id,
    ]);
    await hire(h, key, t);
    let failed: { status: string; error: string | null } | undefined;
    await waitFor(
      async () => {
        [failed] = await sql<{ status: string; error: string | null }>(
          h,
          `select status, error from webhook_deliveries where endpoint_id = ? and status <> 'pending'`,
          [created.data.id],
        );
        return failed !== undefined;
      },
      'the failed attempt',
      10_000,
    );
    expect(failed).toEqual({
      status: 'failed',
      error: expect.stringContaining(`key id ${foreign.currentKeyId}, which this node does not hold`),
    });
    expect(r.received).toHaveLength(0);
    expect((await h.fetch('/livez')).status).toBe(200);
    await sql(h, 'delete from webhook_endpoints where id = ?', [created.data.id]);
  });

  test('wfm secrets rotate-key: every secret and stored response re-encrypted under the new key, which alone then reads them', async () => {
    const t = await h.tenant();
    const { key, text, created, init } = await endpointFor(
      t,
      'http://127.0.0.1:9/none',
      `cli-${randomBytes(4).toString('hex')}`,
    );
    await h.as(key, `/v1/webhook-endpoints/${created.data.id}/rotate-secret`, jsonInit('POST', {}));
    const [{ n }] = (await sql<{ n: number }>(
      h,
      `select (count(*) + count(previous_secret))::int as n from webhook_endpoints`,
    )) as [{ n: number }];
    const [{ r: responses }] = (await sql<{ r: number }>(
      h,
      `select count(*)::int as r from idempotency_keys where response_body like '%sealed_secret%'`,
    )) as [{ r: number }];

    const cli = (args: string[], env: Record<string, string>) =>
      nodeWfm(['secrets', 'rotate-key', ...args], {
        DATABASE_URL: url,
        DATA_DIR: dataDir.path,
        LOG_LEVEL: 'silent',
        ...env,
      });
    // The new key must be the one the nodes now seal under.
    const mismatch = await cli(['--new-key', K2, '--json'], { SECRETS_ENCRYPTION_KEY: K1 });
    expect(mismatch.code).toBe(1);
    expect(onlyJsonObject(mismatch).error).toMatch(/--new-key differs from SECRETS_ENCRYPTION_KEY/);
    const malformed = await cli(['--new-key', 'abc', '--json'], { SECRETS_ENCRYPTION_KEY: K2 });
    expect(malformed.code).toBe(1);
    expect(onlyJsonObject(malformed).error).toMatch(/--new-key must be 32 bytes in base64/);

    const env = { SECRETS_ENCRYPTION_KEY: K2, SECRETS_ENCRYPTION_KEY_PREVIOUS: K1 };
    const result = await cli(['--new-key', K2, '--json'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(onlyJsonObject(result)).toEqual({ key_id: id(K2), reencrypted: n + responses });
    // Nothing left under the old key: a second run has nothing to do.
    expect(onlyJsonObject(await cli(['--new-key', K2, '--json'], env))).toEqual({ key_id: id(K2), reencrypted: 0 });
    const rows = await sql<{ secret: string; previous_secret: string | null }>(
      h,
      'select secret, previous_secret from webhook_endpoints',
    );
    for (const row of rows) {
      expect(row.secret).toMatch(new RegExp(`^wfs1\\.${id(K2)}\\.`));
      if (row.previous_secret) expect(row.previous_secret).toMatch(new RegExp(`^wfs1\\.${id(K2)}\\.`));
    }

    // A node holding only the new key signs with every secret and replays the stored create in clear.
    const onlyNew = new SecretKeyRing({ current: Buffer.from(K2, 'base64'), dataDir: dataDir.path });
    const mine = await stored(created.data.id);
    const opened = signingSecrets(onlyNew, mine.secret, mine.previous_secret);
    expect(opened).toEqual({ secrets: [expect.stringMatching(/^whsec_/), created.secret] });
    const node = await startTestServer(
      { DATABASE_URL: url, DATA_DIR: dataDir.path, SECRETS_ENCRYPTION_KEY: K2 },
      pino({ level: 'silent' }),
    );
    try {
      const replay = await node.as(key, '/v1/webhook-endpoints', init);
      expect(replay.status).toBe(200);
      expect(await replay.text()).toBe(text);
    } finally {
      await node.close();
    }
  });

  test('unset on a DATABASE_URL: the key file under DATA_DIR is created (0600) and the start warns; set: no warning', async () => {
    const unsetDir = path.join(dataDir.path, 'unset');
    for (const [env, warns] of [
      [{ DATA_DIR: unsetDir }, true],
      [{ DATA_DIR: unsetDir, SECRETS_ENCRYPTION_KEY: K1 }, false],
    ] as const) {
      const logs = captureLogs();
      const node = await startTestServer({ DATABASE_URL: url, ...env }, logs.logger);
      await node.close();
      const warning = logs
        .text()
        .split('\n')
        .filter((line) => line.includes('SECRETS_ENCRYPTION_KEY is unset'));
      expect(warning).toHaveLength(warns ? 1 : 0);
      if (warns) {
        expect(JSON.parse(warning[0] as string)).toMatchObject({
          level: 40,
          key_file: path.join(unsetDir, 'secrets.key'),
        });
      }
    }
    expect(statSync(path.join(unsetDir, 'secrets.key')).mode & 0o777).toBe(0o600);
  });

  test('a malformed SECRETS_ENCRYPTION_KEY stops the process, naming the setting', async () => {
    const result = await nodeWfm(['migrate', '--json'], {
      DATABASE_URL: url,
      SECRETS_ENCRYPTION_KEY: 'not-a-key',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/SECRETS_ENCRYPTION_KEY: SECRETS_ENCRYPTION_KEY must be 32 bytes in base64/);
  });
});
