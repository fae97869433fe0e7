// Each node's cache of resolved credentials against decisions §3's "revocation is immediate on every
// node": two server processes on one database (this file's, A, and a spawned `wfm serve`, B), each
// credential warmed on both, then changed through A's API, the CLI or a domain function; the next
// request to B is 401, because nothing that revokes answers before every node with a live lease has
// applied it. A node that cannot hear of a change (its LISTEN connection killed, or the process
// stopped) serves nothing from its cache; an expired key is refused from it. The cache's pure rules
// are credentialCache.rules.unit.test.ts. On a database of the file's own: every change heard of
// empties every cache, so another file's revocations would empty B's under a test that reads it.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { disableAccount } from '../../routers/accounts/accounts.writes.js';
import { createApiKey, revokeApiKey } from '../../routers/credentials/credentials.writes.js';
import { hashToken } from '../../routers/credentials/credentialTokens.rules.js';
import { activate, employeeTokens, newApp } from '../signin/helpers.js';
import { type NodeProcess, spawnNode } from '../support/cluster.js';
import { sql, useFreshDatabase } from '../support/database.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { creds, tokenJson } from '../support/oauth.js';
import { nodeWfm, onlyJsonObject } from '../support/processes.js';
import { sleep, waitFor } from '../support/wait.js';
import { expectInvalidCredential, expectTokens } from './helpers.js';

const database = useFreshDatabase('wfm_credential_cache');
const h = useTestServer(() => ({ DATABASE_URL: database.url }));
let b: NodeProcess;

beforeAll(async () => {
  b = await spawnNode({ DATABASE_URL: database.url });
}, 60_000);
afterAll(async () => {
  await b?.stop();
}, 30_000);

const bearer = (secret: string): RequestInit => ({ headers: { Authorization: `Bearer ${secret}` } });
const onA = (secret: string) => h.as(secret, '/v1/whoami');
const onB = (secret: string) => b.fetch('/v1/whoami', bearer(secret));

/** Both nodes answer 200 for `secret`, twice each: each has resolved it and keeps it. */
async function warm(secret: string): Promise<void> {
  for (const ask of [onA, onB, onA, onB]) {
    const res = await ask(secret);
    expect(res.status, await res.text()).toBe(200);
  }
}

async function keyIdOf(secret: string): Promise<string> {
  const res = await onA(secret);
  return ((await res.json()) as { data: { key_id: string } }).data.key_id;
}

/** `wfm …` on the suite's database; exit 0, one JSON object. */
async function wfm(...args: string[]): Promise<Record<string, unknown>> {
  const result = await nodeWfm([...args, '--json'], { DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return onlyJsonObject(result);
}

/**
 * A change made with the database's triggers off for its transaction (session_replication_role):
 * no node hears of it, so a node that still answers from its cache shows it.
 */
function unannounced(text: string, params: unknown[]): Promise<void> {
  return h.orm.em.fork().transactional(async (tx) => {
    await tx.execute('set local session_replication_role = replica');
    await tx.execute(text, params);
  });
}

/** B's registration, by its process. */
async function nodeB(): Promise<{ backend_pid: number; applied_epoch: string }> {
  const [row] = await sql<{ backend_pid: number; applied_epoch: string }>(
    h,
    'select backend_pid, applied_epoch from credential_cache_nodes where process = ?',
    [`${hostname()}:${b.child.pid}`],
  );
  expect(row, 'node B registered').toBeDefined();
  return row;
}

describe('each node keeps what it has resolved', () => {
  test('a change no node hears of is not seen by a node that has the credential (and is by one that has not)', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['leave:read']);
    for (let i = 0; i < 2; i++) expect((await onB(secret)).status).toBe(200);
    await unannounced('update api_keys set revoked_at = now() where key_id = ?', [await keyIdOfUnused(secret)]);
    expect((await onB(secret)).status).toBe(200);
    await expectInvalidCredential(await onA(secret));
  });
});

/** The key id of `secret` read from the database (asking a node would put it in that node's cache). */
async function keyIdOfUnused(secret: string): Promise<string> {
  const [row] = await sql<{ key_id: string }>(
    h,
    'select k.key_id from api_keys k join api_key_secrets s on s.api_key_id = k.id where s.secret_hash = ?',
    [hashToken(secret)],
  );
  return row.key_id;
}

/** A credential warmed on both nodes, and the change that must revoke it everywhere. */
interface Revocable {
  secret: string;
  revoke: () => Promise<unknown>;
  /** What else holds once it is revoked. */
  afterwards?: () => Promise<void>;
}

async function clientTokens(t: TestTenant) {
  const client = await h.client(t, ['leave:read']);
  const tokens = await expectTokens(await tokenJson(h, { grant_type: 'client_credentials', ...creds(client) }));
  return { client, tokens };
}

/** The HR admin's tokens from a first-party app's sign-in. */
async function employeeTokensOf(t: TestTenant) {
  const clientId = await newApp(h);
  await activate(h, t.hr_admin.id);
  return { clientId, tokens: await employeeTokens(h, clientId, t.hr_admin.email) };
}

/** Every way a credential is revoked: through A's API, the CLI, or a domain function in this process. */
const revokingPaths: [string, (t: TestTenant) => Promise<Revocable>][] = [
  [
    'wfm key revoke (B has applied a later epoch before the command ends)',
    async (t) => {
      const secret = await h.key(t, ['leave:read']);
      return {
        secret,
        revoke: async () => {
          const keyId = await keyIdOf(secret);
          const [{ epoch: before }] = await sql<{ epoch: string }>(
            h,
            'select last_value as epoch from credential_epoch',
          );
          expect(await wfm('key', 'revoke', keyId)).toEqual({ key_id: keyId, revoked: true });
          expect(BigInt((await nodeB()).applied_epoch)).toBeGreaterThan(BigInt(before));
        },
      };
    },
  ],
  [
    'wfm key rotate --grace 0 (the new secret works)',
    async (t) => {
      const secret = await h.key(t, ['leave:read']);
      let rotated = '';
      return {
        secret,
        revoke: async () => {
          rotated = (await wfm('key', 'rotate', await keyIdOf(secret), '--grace', '0')).secret as string;
        },
        afterwards: async () => expect((await onB(rotated)).status).toBe(200),
      };
    },
  ],
  [
    'wfm client revoke: its access token',
    async (t) => {
      const { client, tokens } = await clientTokens(t);
      return {
        secret: tokens.access_token,
        revoke: () => wfm('client', 'revoke', client.client_id),
      };
    },
  ],
  [
    'a sign-out through node A (POST /oauth/revoke): the employee’s access token',
    async (t) => {
      const { clientId, tokens } = await employeeTokensOf(t);
      const signOut = () =>
        fetch(`${h.url}/oauth/revoke`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: clientId, token: tokens.refresh_token }).toString(),
        });
      return { secret: tokens.access_token, revoke: async () => expect((await signOut()).status).toBe(200) };
    },
  ],
  [
    'a spent refresh token presented again to node A: the family’s access token',
    async (t) => {
      const { client, tokens: first } = await clientTokens(t);
      const refresh = (token: string) =>
        tokenJson(h, { grant_type: 'refresh_token', refresh_token: token, ...creds(client) });
      const second = await expectTokens(await refresh(first.refresh_token));
      return {
        secret: second.access_token,
        revoke: async () => expect((await refresh(first.refresh_token)).status).toBe(400),
      };
    },
  ],
  [
    'wfm account disable: the employee’s access token',
    async (t) => {
      const { tokens } = await employeeTokensOf(t);
      return { secret: tokens.access_token, revoke: () => wfm('account', 'disable', t.hr_admin.id) };
    },
  ],
  [
    'disableAccount called in this process (no CLI): the employee’s access token',
    async (t) => {
      const { tokens } = await employeeTokensOf(t);
      return { secret: tokens.access_token, revoke: () => disableAccount(h.orm.em.fork(), t.hr_admin.id) };
    },
  ],
];

describe('a revocation answers once every node has applied it', () => {
  test.each(revokingPaths)('%s: the next request is 401 on both nodes', async (_path, revocable) => {
    const { secret, revoke, afterwards } = await revocable(await h.tenant());
    await warm(secret);
    await revoke();
    await expectInvalidCredential(await onB(secret));
    await expectInvalidCredential(await onA(secret));
    await afterwards?.();
  });
});

describe('a node that cannot hear of a change serves nothing from its cache', () => {
  test('stopped (SIGSTOP): a revocation waits until its lease has lapsed, and once running it refuses the key', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['leave:read']);
    await warm(secret);
    const keyId = await keyIdOf(secret);
    process.kill(b.child.pid as number, 'SIGSTOP');
    let waited: number;
    try {
      const started = performance.now();
      await revokeApiKey(h.orm.em.fork(), keyId);
      waited = performance.now() - started;
    } finally {
      process.kill(b.child.pid as number, 'SIGCONT');
    }
    // B renewed its 3 s lease at most 1 s before it stopped: the revocation waited out the rest.
    expect(waited).toBeGreaterThan(1500);
    expect(waited).toBeLessThan(6000);
    await expectInvalidCredential(await onB(secret));
  });

  test('its LISTEN connection killed: what it kept is forgotten, and once back it keeps again', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, ['leave:read']);
    await warm(secret);
    const keyId = await keyIdOf(secret);
    const { backend_pid: pid } = await nodeB();
    await sql(h, 'select pg_terminate_backend(?)', [pid]);
    // B has seen the loss once it has registered again, on a new connection. (While it is without
    // one it serves nothing from its cache: credentialCache.rules.unit.test.ts, "lost".)
    await waitFor(async () => (await nodeB()).backend_pid !== pid, 'B registered again', 10_000, 10);
    await unannounced('update api_keys set revoked_at = now() where key_id = ?', [keyId]);
    await expectInvalidCredential(await onB(secret));
    const other = await h.key(t, ['leave:read']);
    await warm(other);
    await unannounced('update api_keys set revoked_at = now() where key_id = ?', [await keyIdOf(other)]);
    expect((await onB(other)).status).toBe(200);
  });
});

test('a key that has expired is refused from the cache, with no change to hear of', async () => {
  const t = await h.tenant();
  const expiresAt = new Date(Date.now() + 2000);
  const { secret } = await createApiKey(h.orm.em.fork(), 'svc', {
    tenantId: t.tenant.id,
    env: 'live',
    scopes: ['leave:read'],
    expiresAt,
  });
  await warm(secret);
  await sleep(expiresAt.getTime() - Date.now() + 100);
  await expectInvalidCredential(await onB(secret));
  await expectInvalidCredential(await onA(secret));
});
