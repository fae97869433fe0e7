import { beforeAll, describe, expect, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import { hireBody, postEmployee } from '../support/employees.js';
import { expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import { trpcUrl } from './helpers.js';

// Decisions §16: query strings parsed without a prototype, `limit` digits only, the idempotency
// fingerprint without a trailing slash, Cache-Control: no-store on tenant data, nosniff everywhere.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000', RATE_LIMIT_IP_POINTS: '100000' });
let t: TestTenant;
let key: string;
beforeAll(async () => {
  t = await h.tenant();
  key = await h.key(t, SCOPES);
});

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

describe('query strings', () => {
  test.each(PROTOTYPE_NAMES)(
    '?%s=x is an unknown parameter like any other: ignored on every kind of route',
    async (name) => {
      const q = `${name}=x&${name}=y`;
      expect((await h.as(key, `/v1/employees?${q}`)).status).toBe(200);
      expect((await h.as(key, `/v1/employees/${t.hr_admin.id}?${q}`)).status).toBe(200);
      expect((await h.fetch(`/v1/modules?${q}`)).status).toBe(200);
      expect((await h.fetch(`/v1/modules/leave?${q}`)).status).toBe(200);
      expect((await h.as(key, `/v1/leave-balances?employee_id=${t.hr_admin.id}&${q}`)).status).toBe(200);
      expect((await h.as(key, `/v1/whoami?${q}`)).status).toBe(200);
      const hired = await postEmployee(h, key, hireBody(t), {});
      expect(hired.status).toBe(200);
      const write = await h.as(key, `/v1/employees?${q}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(hireBody(t)),
      });
      expect(write.status).toBe(200);
    },
  );

  test.each(['0x10', '1e1', ' 1', '+1', '1.0', '1.5', '-1', '0', '101', '', 'abc', '١'])(
    '?limit=%j is 400 invalid_query_parameter naming limit',
    async (limit) => {
      const res = await h.as(key, `/v1/employees?limit=${encodeURIComponent(limit)}`);
      const body = await expectProblem(res, 400, 'invalid_query_parameter');
      expect(body.detail).toMatch(/limit/);
    },
  );

  test('an empty ?cursor= is a cursor no list issued: 400 invalid_cursor, never the first page', async () => {
    for (const path of [
      '/v1/employees?cursor=',
      '/v1/holidays?cursor=',
      '/v1/modules?cursor=',
      '/v1/employees?limit=5&cursor=',
    ]) {
      await expectProblem(await h.as(key, path), 400, 'invalid_cursor');
    }
    const balances = await h.as(key, `/v1/leave-balances?employee_id=${t.hr_admin.id}&cursor=`);
    await expectProblem(balances, 400, 'invalid_cursor');
  });

  test.each(['1', '07', '100'])('?limit=%s is a page of that size', async (limit) => {
    const res = await h.fetch(`/v1/modules?limit=${limit}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(Math.min(Number(limit), 12));
  });

  test('over /trpc, limit is a JSON integer: 1.5 and "0x10" are 400, 3 is a page of 3', async () => {
    for (const limit of [1.5, '0x10', 0]) {
      const res = await h.fetch(trpcUrl('modules.list', { limit }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
        'invalid_query_parameter',
      );
    }
    const ok = await h.fetch(trpcUrl('modules.list', { limit: 3 }));
    expect(((await ok.json()) as { result: { data: { data: unknown[] } } }).result.data.data).toHaveLength(3);
  });
});

describe('idempotency fingerprint', () => {
  test('a key sent to /v1/employees/ and then to /v1/employees is one request: the second is a replay', async () => {
    const body = hireBody(t);
    const headers = { 'Idempotency-Key': `slash-${Date.now()}` };
    const first = await h.as(key, '/v1/employees/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    const second = await postEmployee(h, key, body, headers);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.text()).toBe(firstText);
  });
});

describe('response headers', () => {
  test('tenant data is never cached: Cache-Control: no-store on every tenant route, errors included', async () => {
    const responses = [
      await h.as(key, '/v1/employees'),
      await h.as(key, `/v1/employees/${t.hr_admin.id}`),
      await h.as(key, '/v1/whoami'),
      await h.fetch('/v1/employees'),
      await h.as(key, '/v1/employees/not-a-uuid'),
      await postEmployee(h, key, { nope: true }),
    ];
    for (const res of responses) expect(res.headers.get('cache-control'), res.url).toBe('no-store');
  });

  test('anonymous metadata may be cached: no no-store on health, capabilities and modules', async () => {
    for (const path of ['/v1/health', '/v1/capabilities', '/v1/modules', '/v1/modules/leave']) {
      expect((await h.fetch(path)).headers.get('cache-control'), path).toBeNull();
    }
  });

  test('every response says X-Content-Type-Options: nosniff', async () => {
    const responses = [
      await h.fetch('/v1/health'),
      await h.fetch('/v1/nope'),
      await h.fetch('/v1/employees', { method: 'PUT' }),
      await h.as(key, '/v1/employees'),
      await h.fetch('/openapi.json'),
      await h.fetch('/docs'),
      await h.fetch('/problems/not_found'),
      await h.fetch('/.well-known/oauth-authorization-server'),
      await h.fetch('/oauth/token', { method: 'POST' }),
      await h.fetch('/trpc/health'),
      await h.fetch('/elsewhere'),
    ];
    for (const res of responses) expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
  });
});
