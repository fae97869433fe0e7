// A replay answers only a request that would pass now (decisions §21): an Idempotency-Key's stored
// answer goes only to a credential holding every scope its write demanded (the operation's and the
// subscription's read scopes), else the 403 a fresh request gets and nothing of the answer (its
// secret above all); a stored answer sealed under a key this node lacks is 503, never 500, on /v1
// and on /trpc in their own shapes, the key id in the log only. On a database of its own.
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { secretKeyId } from '../../db/secrets.js';
import { useFreshDatabase, useTempDir } from '../support/database.js';
import { expectProblem, startTestServer, useTestServer } from '../support/harness.js';
import { idempotencyKey, jsonInit } from '../support/http.js';
import { captureLogs } from '../support/logs.js';
import { json, PUBLIC_URL } from './helpers.js';

const K1 = randomBytes(32).toString('base64');
const K2 = randomBytes(32).toString('base64');
const { url } = useFreshDatabase('wfm_webhook_replay');
const dataDir = useTempDir('wfm-replay-');
const settings = () => ({
  DATABASE_URL: url,
  DATA_DIR: dataDir.path,
  SECRETS_ENCRYPTION_KEY: K1,
  RATE_LIMIT_POINTS: '100000',
  RATE_LIMIT_IP_POINTS: '100000',
});
const h = useTestServer(settings);

const ALL = ['webhooks:read', 'webhooks:write', 'employees:read', 'leave:read'] as const;
const EMPLOYEES = { url: PUBLIC_URL, event_types: ['employee.created'] };

const trpcCreate = (base: string, secret: string, key: string, body: unknown) =>
  fetch(`${base}/trpc/webhookEndpoints.create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}`, 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });

describe('a replay passes the checks of today', () => {
  test("another key's Idempotency-Key: without the subscription's read scope, 403 and no secret; with it, the replay", async () => {
    const t = await h.tenant();
    const owner = await h.key(t, [...ALL]);
    const key = idempotencyKey('replay-create');
    const made = await json<{ data: { id: string }; secret: string }>(
      await h.as(owner, '/v1/webhook-endpoints', jsonInit('POST', EMPLOYEES, { 'Idempotency-Key': key })),
    );

    const writeOnly = await h.key(t, ['webhooks:write']);
    const refused = await h.as(
      writeOnly,
      '/v1/webhook-endpoints',
      jsonInit('POST', EMPLOYEES, { 'Idempotency-Key': key }),
    );
    expect(refused.headers.get('idempotent-replayed')).toBeNull();
    expect(refused.headers.get('www-authenticate')).toBe(
      'Bearer realm="workforce", error="insufficient_scope", scope="employees:read"',
    );
    const problem = await expectProblem(refused, 403, 'insufficient_scope');
    expect(JSON.stringify(problem)).not.toContain('whsec_');
    expect(JSON.stringify(problem)).not.toContain(made.data.id);

    // Over /trpc (a key of its own: a fingerprint covers the surface's path): the refusal in tRPC's shape.
    const trpcKey = idempotencyKey('replay-create-trpc');
    expect((await trpcCreate(h.url, owner, trpcKey, EMPLOYEES)).status).toBe(200);
    const overTrpc = await trpcCreate(h.url, writeOnly, trpcKey, EMPLOYEES);
    const text = await overTrpc.text();
    expect(overTrpc.status, text).toBe(403);
    expect(text).not.toContain('whsec_');
    expect(JSON.parse(text).error.data).toMatchObject({ code: 'insufficient_scope', httpStatus: 403 });

    // A key that may read employees and write webhooks passes every check the original passed.
    const reader = await h.key(t, ['webhooks:write', 'employees:read']);
    const replay = await h.as(reader, '/v1/webhook-endpoints', jsonInit('POST', EMPLOYEES, { 'Idempotency-Key': key }));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(replay)).toEqual(made);
  });

  test("a rotation's stored secret: the same rule", async () => {
    const t = await h.tenant();
    const owner = await h.key(t, [...ALL]);
    const { data } = await json<{ data: { id: string } }>(
      await h.as(owner, '/v1/webhook-endpoints', jsonInit('POST', EMPLOYEES)),
    );
    const key = idempotencyKey('replay-rotate');
    const path = `/v1/webhook-endpoints/${data.id}/rotate-secret`;
    const rotated = await json<{ secret: string }>(
      await h.as(owner, path, { method: 'POST', headers: { 'Idempotency-Key': key } }),
    );
    const writeOnly = await h.key(t, ['webhooks:write']);
    const refused = await h.as(writeOnly, path, { method: 'POST', headers: { 'Idempotency-Key': key } });
    const problem = await expectProblem(refused, 403, 'insufficient_scope');
    expect(JSON.stringify(problem)).not.toContain(rotated.secret);
  });

  test('a stored secret sealed under a key this node lacks: 503 on /v1 and over /trpc, the key id in the log only', async () => {
    const t = await h.tenant();
    const owner = await h.key(t, [...ALL]);
    const key = idempotencyKey('replay-unknown-key');
    const made = await h.as(owner, '/v1/webhook-endpoints', jsonInit('POST', EMPLOYEES, { 'Idempotency-Key': key }));
    expect(made.status).toBe(200);
    const trpcKey = idempotencyKey('replay-unknown-key-trpc');
    expect((await trpcCreate(h.url, owner, trpcKey, EMPLOYEES)).status).toBe(200);

    // A node of the same database that holds another key only.
    const logs = captureLogs();
    const other = await startTestServer({ ...settings(), SECRETS_ENCRYPTION_KEY: K2 }, logs.logger);
    try {
      const res = await other.as(
        owner,
        '/v1/webhook-endpoints',
        jsonInit('POST', EMPLOYEES, { 'Idempotency-Key': key }),
      );
      expect(res.headers.get('retry-after')).toBe('1');
      const problem = await expectProblem(res, 503, 'service_unavailable');
      expect(JSON.stringify(problem)).not.toContain(secretKeyId(Buffer.from(K1, 'base64')));

      const overTrpc = await trpcCreate(other.url, owner, trpcKey, EMPLOYEES);
      const text = await overTrpc.text();
      expect(overTrpc.status, text).toBe(503);
      expect(overTrpc.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(text).error.data).toMatchObject({ code: 'service_unavailable', httpStatus: 503 });
      expect(text).not.toContain(secretKeyId(Buffer.from(K1, 'base64')));

      expect(logs.text()).toContain(secretKeyId(Buffer.from(K1, 'base64')));
      expect(logs.text()).not.toContain('whsec_');
    } finally {
      await other.close();
    }
  });
});
