// POST /v1/webhook-endpoints refused: a body that breaks the schema, a URL that is not public (no
// server-side request forgery), and the limit of 16 endpoints per tenant. On the suite's database.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectDocumentedProblem, expectProblem } from '../support/harness.js';
import { type Page, parallel, statusCounts } from '../support/http.js';
import { type Endpoint, json, PUBLIC_URL, useEndpointsServer } from './helpers.js';

const { h, post, create, org, useOrg } = useEndpointsServer('suite');

describe('create, read, list', () => {
  const o = useOrg();

  test('a body that breaks the schema is 400 invalid_body naming every field', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['url', 'event_types']],
      [{ url: PUBLIC_URL, event_types: [] }, ['event_types']],
      [{ url: PUBLIC_URL, event_types: ['employee.deleted'] }, ['event_types.0']],
      [{ url: PUBLIC_URL, event_types: ['webhook.test'] }, ['event_types.0']],
      [{ url: PUBLIC_URL, event_types: ['*', 'employee.created'] }, ['event_types']],
      [{ url: PUBLIC_URL, event_types: ['employee.created', 'employee.created'] }, ['event_types']],
      [{ url: PUBLIC_URL, event_types: 'employee.created' }, ['event_types']],
      [{ url: 42, event_types: ['*'] }, ['url']],
      [{ url: PUBLIC_URL, event_types: ['*'], secret: 'whsec_mine' }, ['secret']],
      [{ url: PUBLIC_URL, event_types: ['*'], enabled: false }, ['enabled']],
      [{ url: PUBLIC_URL, event_types: ['*'], description: '   ' }, ['description']],
      [{ url: PUBLIC_URL, event_types: ['*'], description: 'a\u0000b' }, ['description']],
      [{ url: PUBLIC_URL, event_types: ['*'], description: 'x'.repeat(501) }, ['description']],
    ];
    for (const [body, paths] of cases) {
      const res = await post(o.key, body);
      const problem = await expectDocumentedProblem(h, res, 400, 'invalid_body', 'POST', '/webhook-endpoints');
      const named = (problem.errors as { path: string }[]).map((e) => e.path);
      expect([...new Set(named)].sort(), JSON.stringify(body)).toEqual([...paths].sort());
    }
  });

  test.each([
    ['http://', 'http://93.184.215.14/hooks', 'https://'],
    ['credentials', 'https://user:pass@93.184.215.14/hooks', 'credentials'],
    ['relative', '/hooks', 'absolute URL'],
    ['longer than 2,048 characters', `https://93.184.215.14/${'a'.repeat(2030)}`, '2048'],
    ['private 10/8', 'https://10.0.0.1/hooks', 'non-public address (private)'],
    ['private 192.168/16', 'https://192.168.1.20:8443/hooks', 'non-public address (private)'],
    ['loopback', 'https://127.0.0.1/hooks', 'non-public address (loopback)'],
    ['loopback by name', 'https://localhost:3000/hooks', 'loopback host'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data/', 'non-public address (link-local)'],
    ['CGNAT', 'https://100.64.0.1/hooks', 'non-public address (shared (CGNAT))'],
    ['IPv6 loopback', 'https://[::1]/hooks', 'non-public address (loopback)'],
    ['IPv6 link-local', 'https://[fe80::1]/hooks', 'non-public address (link-local)'],
    ['IPv6 unique-local', 'https://[fd00::5]/hooks', 'non-public address (unique-local)'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hooks', 'non-public address (IPv6-embedded loopback)'],
    ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/hooks', 'non-public address (IPv6-embedded private)'],
    ['a name that does not resolve', 'https://no-such-host.invalid/hooks', 'does not resolve'],
  ])('a refused URL (%s) is 400 invalid_body naming url and why; nothing is created', async (_, url, why) => {
    const { key, t } = await org();
    const problem = await expectDocumentedProblem(
      h,
      await post(key, { url, event_types: ['*'] }),
      400,
      'invalid_body',
      'POST',
      '/webhook-endpoints',
    );
    expect(problem.errors).toEqual([{ path: 'url', message: expect.stringContaining(why) }]);
    // The length is the schema's rule (every violation counted in the detail); the others say why there too.
    expect(problem.detail).toContain(why === '2048' ? '1 problem' : why);
    expect(await sql(h, 'select id from webhook_endpoints where tenant_id = ?', [t.tenant.id])).toEqual([]);
  });
});

describe('at most 16 endpoints per tenant', () => {
  test('20 parallel creates: exactly 16 made, 4 are 422 webhook_endpoint_limit_reached; a freed place is taken again', async () => {
    const { t, key, sandboxKey } = await org();
    const results = await parallel(20, (i) => post(key, { url: PUBLIC_URL, event_types: ['*'], description: `#${i}` }));
    expect(statusCounts(results)).toEqual({ 200: 16, 422: 4 });
    for (const r of results.filter((x) => x.status === 422)) {
      const body = JSON.parse(r.text) as Record<string, unknown>;
      expect(body).toMatchObject({ code: 'webhook_endpoint_limit_reached', status: 422 });
      expect(body.detail).toContain('16');
      expect(r.headers.get('content-type')).toBe('application/problem+json');
    }
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>(h, 'select count(*) as n from webhook_endpoints where tenant_id = ?', [t.tenant.id])
        )[0].n,
      );
    expect(await count()).toBe(16);
    const listed = await json<Page<Endpoint>>(await h.as(key, '/v1/webhook-endpoints?limit=100'));
    expect(listed.data).toHaveLength(16);

    // The sandbox counts its own.
    await create(sandboxKey);

    await expectDocumentedProblem(
      h,
      await post(key, { url: PUBLIC_URL, event_types: ['*'] }),
      422,
      'webhook_endpoint_limit_reached',
      'POST',
      '/webhook-endpoints',
    );
    expect((await h.as(key, `/v1/webhook-endpoints/${listed.data[0].id}`, { method: 'DELETE' })).status).toBe(204);
    await create(key);
    expect(await count()).toBe(16);
    const again = await post(key, { url: PUBLIC_URL, event_types: ['*'] });
    await expectProblem(again, 422, 'webhook_endpoint_limit_reached');
  });
});
