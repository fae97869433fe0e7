// Keys in the CLI (decisions §21): a `wfm` command that encrypts a secret with no
// SECRETS_ENCRYPTION_KEY uses DATA_DIR's key file, the server's, wherever it is run from, and says
// when it creates one; `wfm secrets rotate-key` refuses without SECRETS_ENCRYPTION_KEY (each node
// would need the new key) and reads the new key from --new-key-file or standard input, warning that
// --new-key shows in the process list. On databases of the file's own.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import type { Orm } from '../../db/orm.js';
import { SecretKeyRing, secretKeyId } from '../../db/secrets.js';
import { openTestOrm, sql, useFreshDatabase, useTempDir } from '../support/database.js';
import { useTestServer } from '../support/harness.js';
import { jsonInit } from '../support/http.js';
import { childEnv, cli, onlyJsonObject, type Result, root } from '../support/processes.js';
import { waitFor } from '../support/wait.js';
import { type Received, useReceivers } from '../support/webhooks.js';
import { PUBLIC_URL, SECRET, UUID } from './helpers.js';

/** No key in the settings unless a test gives one (an empty variable is unset). */
const NO_KEY = { SECRETS_ENCRYPTION_KEY: '', SECRETS_ENCRYPTION_KEY_PREVIOUS: '', LOG_LEVEL: 'silent' };

/** `wfm …` (the compiled CLI, as bin/wfm runs it) in `cwd`, with `input` on its standard input (else /dev/null). */
function wfm(
  args: string[],
  env: Record<string, string>,
  { cwd = root, input }: { cwd?: string; input?: string } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd,
      env: childEnv({ ...NO_KEY, ...env }),
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.stdin?.end(input);
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const created = (result: Result) => {
  expect(result.code, result.stderr).toBe(0);
  const body = onlyJsonObject(result) as { id: string; secret: string };
  expect(body).toEqual({ id: expect.stringMatching(UUID), secret: expect.stringMatching(SECRET) });
  return body;
};

describe('wfm webhook create: the key file of DATA_DIR, whatever the current directory', () => {
  const { url } = useFreshDatabase('wfm_keyfile_cli');
  const dirs = useTempDir('wfm-keyfile-cli-');
  // The server's DATA_DIR is the default one, as the CLI's below.
  const h = useTestServer(() => ({
    DATABASE_URL: url,
    OUTBOX_DISPATCH: 'true',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_INTERVAL_MS: '100',
    RATE_LIMIT_POINTS: '100000',
  }));
  const receiver = useReceivers(h);

  test('run from another directory with DATA_DIR unset: no ./var there; sealed under the default DATA_DIR key file, which the server signs with', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const elsewhere = path.join(dirs.path, 'elsewhere');
    mkdirSync(elsewhere);
    const result = await wfm(
      ['webhook', 'create', '--tenant', t.tenant.id, '--env', 'live', '--url', r.url, '--events', '*', '--json'],
      { DATABASE_URL: url, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
      { cwd: elsewhere },
    );
    const endpoint = created(result);
    expect(existsSync(path.join(elsewhere, 'var'))).toBe(false);
    // The server made the key file at its start: the CLI found it, so it created none.
    expect(result.stderr).not.toMatch(/created/i);
    const [row] = await sql<{ secret: string }>(h, 'select secret from webhook_endpoints where id = ?', [endpoint.id]);
    expect(new SecretKeyRing({ dataDir: path.join(root, 'var') }).open(row?.secret as string)).toBe(endpoint.secret);

    const key = await h.key(t, SCOPES);
    const sent = await h.as(key, `/v1/webhook-endpoints/${endpoint.id}/test`, jsonInit('POST', {}));
    expect(sent.status).toBe(202);
    await waitFor(() => r.received.length === 1, 'the test delivery', 10_000);
    const delivery = r.received[0] as Received;
    expect(
      new Webhook(endpoint.secret).verify(delivery.body, {
        'webhook-id': delivery.headers['webhook-id'] as string,
        'webhook-timestamp': delivery.headers['webhook-timestamp'] as string,
        'webhook-signature': delivery.headers['webhook-signature'] as string,
      }),
    ).toMatchObject({ type: 'webhook.test' });
  });

  test('a DATA_DIR with no key file: the CLI creates it (0600) and says so on stderr, naming it; the next run says nothing', async () => {
    const t = await h.tenant();
    const dataDir = path.join(dirs.path, 'fresh');
    const keyFile = path.join(dataDir, 'secrets.key');
    const create = () =>
      wfm(
        ['webhook', 'create', '--tenant', t.tenant.id, '--env', 'live', '--url', PUBLIC_URL, '--events', '*', '--json'],
        { DATABASE_URL: url, DATA_DIR: dataDir },
        { cwd: dirs.path },
      );
    const first = await create();
    const endpoint = created(first);
    expect(first.stderr).toContain(`created the key file ${keyFile}`);
    expect(first.stderr).toContain('SECRETS_ENCRYPTION_KEY');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const [row] = await sql<{ secret: string }>(h, 'select secret from webhook_endpoints where id = ?', [endpoint.id]);
    expect(new SecretKeyRing({ dataDir }).open(row?.secret as string)).toBe(endpoint.secret);

    const second = await create();
    created(second);
    expect(second.stderr).toBe('');
  });
});

describe('wfm secrets rotate-key', () => {
  const { url } = useFreshDatabase('wfm_rotate_cli');
  const dirs = useTempDir('wfm-rotate-cli-');
  const [K2, K3] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
  const id = (b64: string) => secretKeyId(Buffer.from(b64, 'base64'));
  let orm: Orm;
  /** The secret of the one endpoint, made by the CLI on the key file of dataDir (key-file mode). */
  let secret: string;
  const dataDir = () => path.join(dirs.path, 'data');
  const newKeyFile = () => path.join(dirs.path, 'new.key');
  const stored = () => sql<{ id: string; secret: string }>(orm, 'select id, secret from webhook_endpoints');

  beforeAll(async () => {
    orm = await openTestOrm(url);
    const env = { DATABASE_URL: url, DATA_DIR: dataDir() };
    const org = await wfm(['tenant', 'create', '--name', 'Rotation', '--json'], env);
    expect(org.code, org.stderr).toBe(0);
    const tenant = (onlyJsonObject(org) as { tenant: { id: string } }).tenant.id;
    const args = ['webhook', 'create', '--tenant', tenant, '--env', 'live', '--url', PUBLIC_URL, '--events', '*'];
    secret = created(await wfm([...args, '--json'], env)).secret;
    writeFileSync(newKeyFile(), `${K2}\n`, { mode: 0o600 });
  });
  afterAll(() => orm?.close());

  test('without SECRETS_ENCRYPTION_KEY (key-file mode): exit 1, a message naming it, nothing re-encrypted', async () => {
    const before = await stored();
    expect(before).toHaveLength(1);
    for (const [given, json] of [
      [['--new-key', K2], true],
      [['--new-key-file', newKeyFile()], false],
      [['--new-key-file', newKeyFile()], true],
    ] as const) {
      const args = ['secrets', 'rotate-key', ...given, ...(json ? ['--json'] : [])];
      const result = await wfm(args, { DATABASE_URL: url, DATA_DIR: dataDir() });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/^wfm: SECRETS_ENCRYPTION_KEY is unset/m);
      if (json) expect(onlyJsonObject(result)).toEqual({ error: expect.stringContaining('SECRETS_ENCRYPTION_KEY') });
      else expect(result.stdout).toBe('');
    }
    expect(await stored()).toEqual(before);
  });

  test('the new key from --new-key-file, then from standard input; --new-key works but warns; no key given: refused', async () => {
    // From the key file to K2, as docs/configuration.md says: the file's content is the previous key.
    const fromFile = readFileSync(path.join(dataDir(), 'secrets.key'), 'utf8').trim();
    const env = (current: string, previous: string) => ({
      DATABASE_URL: url,
      DATA_DIR: dataDir(),
      SECRETS_ENCRYPTION_KEY: current,
      SECRETS_ENCRYPTION_KEY_PREVIOUS: previous,
    });
    const viaFile = await wfm(['secrets', 'rotate-key', '--new-key-file', newKeyFile(), '--json'], env(K2, fromFile));
    expect(viaFile.code, viaFile.stderr).toBe(0);
    expect(viaFile.stderr).toBe('');
    expect(onlyJsonObject(viaFile)).toEqual({ key_id: id(K2), reencrypted: 1 });
    expect((await stored())[0]?.secret).toMatch(new RegExp(`^wfs1\\.${id(K2)}\\.`));

    const viaStdin = await wfm(['secrets', 'rotate-key', '--json'], env(K3, K2), { input: `${K3}\n` });
    expect(viaStdin.code, viaStdin.stderr).toBe(0);
    expect(viaStdin.stderr).toBe('');
    expect(onlyJsonObject(viaStdin)).toEqual({ key_id: id(K3), reencrypted: 1 });
    const onlyK3 = new SecretKeyRing({ current: Buffer.from(K3, 'base64'), dataDir: dataDir() });
    expect(onlyK3.open((await stored())[0]?.secret as string)).toBe(secret);

    const viaArgument = await wfm(['secrets', 'rotate-key', '--new-key', K3, '--json'], env(K3, K2));
    expect(viaArgument.code, viaArgument.stderr).toBe(0);
    expect(onlyJsonObject(viaArgument)).toEqual({ key_id: id(K3), reencrypted: 0 });
    expect(viaArgument.stderr).toMatch(/^wfm: warning: --new-key shows the key in the process list/);

    // Standard input here is /dev/null: not a terminal, and empty.
    const none = await wfm(['secrets', 'rotate-key', '--json'], env(K3, K2));
    expect(none.code).toBe(1);
    expect(onlyJsonObject(none)).toEqual({ error: expect.stringContaining('no key on standard input') });
    const both = await wfm(
      ['secrets', 'rotate-key', '--new-key', K3, '--new-key-file', newKeyFile(), '--json'],
      env(K3, K2),
    );
    expect(both.code).toBe(1);
    expect(onlyJsonObject(both)).toEqual({ error: expect.stringContaining('--new-key-file') });
  });
});
