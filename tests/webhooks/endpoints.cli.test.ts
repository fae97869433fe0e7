// `wfm webhook create|list|delete` on the server's database: JSON results that hold on the API, and
// refusals that exit non-zero. On a database of its own, which the CLI is pointed at.
import { describe, expect, inject, test } from 'vitest';
import { SecretKeyRing } from '../../db/secrets.js';
import { sql } from '../support/database.js';
import { expectProblem } from '../support/harness.js';
import { nodeWfm, onlyJsonObject } from '../support/processes.js';
import { type Endpoint, json, OTHER_PUBLIC_URL, PUBLIC_URL, SECRET, UUID, useEndpointsServer } from './helpers.js';

const { h, databaseUrl, org } = useEndpointsServer('own');

/** The test servers' key: the key file under their DATA_DIR (./var); secrets are stored sealed (decisions §18). */
const keys = new SecretKeyRing({ dataDir: './var' });

describe('wfm webhook', () => {
  const run = (...args: string[]) => nodeWfm(args, { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  async function ok(...args: string[]): Promise<Record<string, unknown>> {
    const result = await run(...args);
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    return onlyJsonObject(result);
  }

  test('create (live and test), list, delete: JSON results that hold on the API; refusals exit non-zero', async () => {
    expect(inject('databaseUrl')).not.toBe(databaseUrl);
    const o = await org();
    const tenantId = o.t.tenant.id;
    const [live, sandbox, privateUrl, unknownType] = await Promise.all([
      ok(
        'webhook',
        'create',
        '--tenant',
        tenantId,
        '--env',
        'live',
        '--url',
        PUBLIC_URL,
        '--events',
        'employee.created,leave_request.approved',
        '--description',
        'From the CLI',
        '--json',
      ),
      ok(
        'webhook',
        'create',
        '--tenant',
        tenantId,
        '--env',
        'test',
        '--url',
        OTHER_PUBLIC_URL,
        '--events',
        '*',
        '--json',
      ),
      run(
        'webhook',
        'create',
        '--tenant',
        tenantId,
        '--env',
        'live',
        '--url',
        'https://10.0.0.8/',
        '--events',
        '*',
        '--json',
      ),
      run(
        'webhook',
        'create',
        '--tenant',
        tenantId,
        '--env',
        'live',
        '--url',
        PUBLIC_URL,
        '--events',
        'bogus.type',
        '--json',
      ),
    ]);
    expect(live).toEqual({ id: expect.stringMatching(UUID), secret: expect.stringMatching(SECRET) });
    expect(sandbox).toEqual({ id: expect.stringMatching(UUID), secret: expect.stringMatching(SECRET) });
    expect(privateUrl.code).not.toBe(0);
    expect(onlyJsonObject(privateUrl)).toEqual({ error: expect.stringContaining('non-public address (private)') });
    expect(unknownType.code).not.toBe(0);
    expect(onlyJsonObject(unknownType)).toEqual({ error: expect.stringContaining('bogus.type') });

    const viaApi = await json<{ data: Endpoint }>(await h.as(o.key, `/v1/webhook-endpoints/${live.id}`));
    expect(viaApi.data).toMatchObject({
      url: PUBLIC_URL,
      event_types: ['employee.created', 'leave_request.approved'],
      description: 'From the CLI',
      enabled: true,
    });
    expect((await h.as(o.sandboxKey, `/v1/webhook-endpoints/${sandbox.id}`)).status).toBe(200);
    await expectProblem(await h.as(o.key, `/v1/webhook-endpoints/${sandbox.id}`), 404, 'not_found');
    const [{ secret }] = await sql<{ secret: string }>(h, 'select secret from webhook_endpoints where id = ?', [
      live.id,
    ]);
    expect(secret).toMatch(/^wfs1\./);
    expect(keys.open(secret)).toBe(live.secret);

    const listed = await ok('webhook', 'list', '--tenant', tenantId, '--json');
    expect(Object.keys(listed)).toEqual(['endpoints']);
    const endpoints = listed.endpoints as (Endpoint & { env: string })[];
    expect(endpoints.map((e) => [e.id, e.env]).sort()).toEqual(
      [
        [live.id, 'live'],
        [sandbox.id, 'test'],
      ].sort(),
    );
    expect(endpoints.find((e) => e.id === live.id)).toEqual({ ...viaApi.data, env: 'live' });
    expect(JSON.stringify(listed)).not.toContain(live.secret as string);

    const deleted = await ok('webhook', 'delete', live.id as string, '--json');
    expect(deleted).toEqual({ id: live.id, deleted: true });
    await expectProblem(await h.as(o.key, `/v1/webhook-endpoints/${live.id}`), 404, 'not_found');
    const again = await run('webhook', 'delete', live.id as string, '--json');
    expect(again.code).not.toBe(0);
    expect(onlyJsonObject(again)).toEqual({ error: expect.stringContaining(live.id as string) });
  });
});
