// The metadata endpoints (decisions §10): GET /v1/health, /v1/capabilities, /v1/modules (status filter,
// limit, cursor walks and misuse, the cursor secret shared through the database) and
// /v1/modules/{slug}. The catalogue itself is ./helpers.ts.
import { describe, expect, inject, test } from 'vitest';
import type { z } from 'zod';
import { CursorCodec } from '../../core/cursors.js';
import { SCOPES } from '../../core/scopes.js';
import type { capabilitiesSchema } from '../../routers/metadata/capabilities.procedures.js';
import { catalogue } from '../../routers/metadata/modules.procedures.js';
import { pgProxy } from '../support/cluster.js';
import { RFC3339_MS, UUID } from '../support/formats.js';
import { expectProblem, startTestServer, useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { expectNoRateLimitHeaders, quota } from '../support/rateLimits.js';
import { CATALOGUE_SLUGS, type Module } from './helpers.js';

const CURSOR_SECRET = 'metadata-test-cursor-secret-0123456789abcdef';
const BAD_BEARER = { Authorization: 'Bearer svc_live_nope' };

const h = useTestServer({
  RATE_LIMIT_IP_POINTS: '100000',
  CURSOR_SECRET,
  PUBLIC_BASE_URL: 'https://api.workforce.test',
});

async function page(query: string): Promise<Page<Module>> {
  const res = await h.fetch(`/v1/modules${query}`);
  expect(res.status, `GET /v1/modules${query}`).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as Page<Module>;
  expect(Object.keys(body).sort(), 'list envelope keys').toEqual(['data', 'has_more', 'next_cursor']);
  return body;
}

/** Follows next_cursor from the first page to the last; every page is checked on the way. */
async function walk(query: string, limit: number): Promise<string[]> {
  const slugs: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const sep = query ? '&' : '?';
    const body = await page(`${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(limit);
    slugs.push(...body.data.map((m) => m.slug));
    if (!body.has_more) {
      expect(body.next_cursor).toBeNull();
      return slugs;
    }
    expect(body.data.length).toBe(limit);
    expect(body.next_cursor).toEqual(expect.any(String));
    cursor = body.next_cursor;
  }
  throw new Error('cursor walk did not end');
}

describe('GET /v1/health', () => {
  test('unwrapped { status, product, time }, credentials ignored', async () => {
    const before = Date.now();
    const res = await h.fetch('/v1/health', { headers: BAD_BEARER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expectNoRateLimitHeaders(res);
    const body = (await res.json()) as { status: string; product: string; time: string };
    expect(body).toEqual({ status: 'ok', product: 'Workforce', time: expect.stringMatching(RFC3339_MS) });
    const time = Date.parse(body.time);
    expect(time).toBeGreaterThanOrEqual(before - 1000);
    expect(time).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test('degraded (still 200) when the database does not answer within 1 s', async () => {
    const proxy = await pgProxy(inject('databaseUrl'));
    const slow = await startTestServer({ DATABASE_URL: proxy.url });
    try {
      expect(await (await slow.fetch('/v1/health')).json()).toMatchObject({ status: 'ok' });
      proxy.hold(true);
      const started = performance.now();
      const res = await slow.fetch('/v1/health');
      const elapsed = performance.now() - started;
      expect(res.status).toBe(200);
      expectNoRateLimitHeaders(res);
      expect(await res.json()).toEqual({
        status: 'degraded',
        product: 'Workforce',
        time: expect.stringMatching(RFC3339_MS),
      });
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(5000);
    } finally {
      proxy.hold(false);
      await slow.close();
      await proxy.close();
    }
  });
});

describe('GET /v1/capabilities', () => {
  test('every member of the manifest (decisions §10)', async () => {
    const res = await h.fetch('/v1/capabilities');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(quota(res).limit).toBe(100000);
    const body = (await res.json()) as z.infer<typeof capabilitiesSchema>;
    expect(Object.keys(body).sort()).toEqual(['api', 'auth', 'limits', 'modules', 'product', 'surfaces']);
    expect(body.product).toEqual({ name: 'Workforce', version: expect.stringMatching(/\S/) });
    expect(body.api).toEqual({
      version: '1.0.0',
      base_path: '/v1',
      openapi_url: 'https://api.workforce.test/openapi.json',
      docs_url: 'https://api.workforce.test/docs',
    });
    const list = await page('?limit=100');
    expect(body.modules).toEqual(list.data.map(({ slug, status, availability }) => ({ slug, status, availability })));
    const surfaces = body.surfaces.map((s) => s.name);
    expect(surfaces).toEqual(expect.arrayContaining(['rest', 'trpc', 'web', 'mobile']));
    for (const surface of body.surfaces) expect(surface.description).toEqual(expect.any(String));
    expect(body.surfaces.find((s) => s.name === 'rest')?.url).toBe('https://api.workforce.test/v1');
    expect(body.surfaces.find((s) => s.name === 'trpc')?.url).toBe('https://api.workforce.test/trpc');
    expect(body.auth).toEqual({
      methods: expect.arrayContaining(['api_key', 'oauth2_client_credentials']),
      token_url: 'https://api.workforce.test/oauth/token',
      scopes: [...SCOPES],
    });
    expect(body.limits).toEqual({
      page_size: { default: 50, max: 100 },
      rate_limit: {
        authenticated: { points: 1000, duration_s: 60 },
        anonymous: { points: 100000, duration_s: 60 },
      },
    });
  });

  test('credentials are ignored, even an unknown bearer', async () => {
    const res = await h.fetch('/v1/capabilities', { headers: BAD_BEARER });
    expect(res.status).toBe(200);
    expect((await res.json()) as object).toHaveProperty('product.name', 'Workforce');
  });
});

describe('GET /v1/modules', () => {
  test('the whole catalogue in catalogue order, RateLimit headers, default page of 50', async () => {
    const res = await h.fetch('/v1/modules');
    expect(res.status).toBe(200);
    const q = quota(res);
    expect(q.limit).toBe(100000);
    expect(q.reset).toBeGreaterThanOrEqual(1);
    expect(q.reset).toBeLessThanOrEqual(60);
    const body = (await res.json()) as Page<Module>;
    expect(body.has_more).toBe(false);
    expect(body.next_cursor).toBeNull();
    expect(body.data.map((m) => m.slug)).toEqual(CATALOGUE_SLUGS);
    expect(body.data).toEqual(catalogue);
    for (const module of body.data) {
      expect(Object.keys(module).sort()).toEqual([
        'availability',
        'category',
        'description',
        'slug',
        'status',
        'title',
        'url',
      ]);
      expect(module.slug).toMatch(/^[a-z0-9-]+$/);
      expect(['available', 'beta', 'coming-soon']).toContain(module.status);
      expect(['available', 'beta', 'customizable-on-request']).toContain(module.availability);
      expect(new URL(module.url).protocol).toBe('https:');
    }
  });

  test.each(['available', 'beta', 'coming-soon'])('?status=%s keeps only that status, in order', async (status) => {
    const all = (await page('?limit=100')).data;
    const body = await page(`?status=${status}`);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data).toEqual(all.filter((m) => m.status === status));
    expect(body.has_more).toBe(false);
    expect(body.next_cursor).toBeNull();
  });

  test.each(['bogus', 'Available', '', 'available,beta'])('?status=%s is 400 invalid_query_parameter', async (s) => {
    const res = await h.fetch(`/v1/modules?status=${encodeURIComponent(s)}`);
    const body = await expectProblem(res, 400, 'invalid_query_parameter');
    expect(body.detail).toContain('status');
  });

  test.each([1, 2, 3, 4, 5])('cursor walk with limit=%i visits every module once, in order', async (limit) => {
    expect(await walk('', limit)).toEqual(CATALOGUE_SLUGS);
  });

  test('cursor walk with a status filter', async () => {
    const available = (await page('?status=available')).data.map((m) => m.slug);
    expect(available.length).toBeGreaterThan(2);
    expect(await walk('?status=available', 2)).toEqual(available);
  });

  test('the last page of an exact multiple ends without an empty page', async () => {
    const body = await page(`?limit=${CATALOGUE_SLUGS.length}`);
    expect(body.data).toHaveLength(CATALOGUE_SLUGS.length);
    expect(body).toMatchObject({ has_more: false, next_cursor: null });
  });

  test.each(['0', '101', 'abc', '1.5', '-1', ''])(
    '?limit=%s is 400 invalid_query_parameter naming limit',
    async (v) => {
      const res = await h.fetch(`/v1/modules?limit=${v}`);
      const body = await expectProblem(res, 400, 'invalid_query_parameter');
      expect(body.detail).toContain('limit');
      expect(body.errors).toEqual([{ path: 'limit', message: expect.any(String) }]);
    },
  );

  test('limit=100 and limit=1 are accepted', async () => {
    expect((await page('?limit=100')).data).toHaveLength(CATALOGUE_SLUGS.length);
    const one = await page('?limit=1');
    expect(one.data.map((m) => m.slug)).toEqual(['core-hr']);
    expect(one.has_more).toBe(true);
  });

  test('unknown query parameters are ignored', async () => {
    const body = await page('?foo=bar&expand=everything&limit=2&page=7');
    expect(body.data.map((m) => m.slug)).toEqual(['core-hr', 'leave']);
    expect(body.has_more).toBe(true);
  });

  describe('cursor misuse is 400 invalid_cursor', () => {
    async function expectInvalidCursor(cursor: string) {
      const res = await h.fetch(`/v1/modules?cursor=${encodeURIComponent(cursor)}`);
      const body = await expectProblem(res, 400, 'invalid_cursor');
      expect(body.detail).toEqual(expect.any(String));
    }

    async function realCursor(): Promise<string> {
      const cursor = (await page('?limit=3')).next_cursor;
      if (!cursor) throw new Error('expected a next_cursor');
      return cursor;
    }

    const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;

    test.each(['garbage', 'a.b', 'a.b.c', '.', '%%%', 'eyJsIjoibW9kdWxlcyJ9', '{"l":"modules","k":[1]}'])(
      'garbage: %s',
      expectInvalidCursor,
    );

    test('an empty cursor value', async () => {
      await expectInvalidCursor('');
    });

    test('a character flipped in the payload', async () => {
      const cursor = await realCursor();
      await expectInvalidCursor(flip(cursor, 2));
    });

    test('a character flipped in the signature', async () => {
      const cursor = await realCursor();
      await expectInvalidCursor(flip(cursor, cursor.length - 5));
    });

    test('a rewritten payload with the old signature', async () => {
      const cursor = await realCursor();
      const [, signature] = cursor.split('.');
      const payload = Buffer.from(JSON.stringify({ l: 'modules', k: [8, 'payroll'] })).toString('base64url');
      await expectInvalidCursor(`${payload}.${signature}`);
    });

    test('a truncated or extended cursor', async () => {
      const cursor = await realCursor();
      await expectInvalidCursor(cursor.slice(0, -1));
      await expectInvalidCursor(`${cursor}A`);
      await expectInvalidCursor(`${cursor}.x`);
    });

    test('a cursor signed with another secret', async () => {
      const forged = new CursorCodec(Buffer.from('another-secret-another-secret-0123456789')).encode('modules', [
        2,
        'attendance',
      ]);
      await expectInvalidCursor(forged);
    });

    test('a correctly signed cursor of another list', async () => {
      const foreign = new CursorCodec(Buffer.from(CURSOR_SECRET, 'utf8')).encode('employees', [2, 'attendance']);
      await expectInvalidCursor(foreign);
    });

    test('control: a correctly signed cursor of this list is accepted', async () => {
      const own = new CursorCodec(Buffer.from(CURSOR_SECRET, 'utf8')).encode('modules', [2, 'attendance']);
      const body = await page(`?limit=1&cursor=${encodeURIComponent(own)}`);
      expect(body.data.map((m) => m.slug)).toEqual(['holidays']);
    });
  });

  test('nodes without CURSOR_SECRET share the secret kept in the database', async () => {
    const [a, b] = await Promise.all([startTestServer(), startTestServer()]);
    try {
      const first = (await (await a.fetch('/v1/modules?limit=4')).json()) as Page<Module>;
      expect(first.next_cursor).toEqual(expect.any(String));
      const res = await b.fetch(`/v1/modules?limit=4&cursor=${encodeURIComponent(first.next_cursor ?? '')}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as Page<Module>).data.map((m) => m.slug)).toEqual(CATALOGUE_SLUGS.slice(4, 8));
      // …and that secret is not CURSOR_SECRET's: this server refuses their cursors.
      const mine = await h.fetch(`/v1/modules?limit=4&cursor=${encodeURIComponent(first.next_cursor ?? '')}`);
      await expectProblem(mine, 400, 'invalid_cursor');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('an unknown bearer is 401 invalid_credential with a Bearer challenge', async () => {
    const res = await h.fetch('/v1/modules', { headers: BAD_BEARER });
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const body = await expectProblem(res, 401, 'invalid_credential');
    expect(JSON.stringify(body)).not.toContain('svc_live_nope');
  });

  test.each(['Bearer svc_live_nope', 'bearer svc_test_nope', 'Basic dXNlcjpwYXNz', 'Bearer', 'svc_live_nope'])(
    'Authorization: %s is refused with 401 invalid_credential',
    async (authorization) => {
      const res = await h.fetch('/v1/modules', { headers: { Authorization: authorization } });
      await expectProblem(res, 401, 'invalid_credential');
    },
  );
});

describe('GET /v1/modules/{slug}', () => {
  test.each(CATALOGUE_SLUGS)('%s: 200 { data }', async (slug) => {
    const res = await h.fetch(`/v1/modules/${slug}`);
    expect(res.status).toBe(200);
    quota(res);
    const body = (await res.json()) as { data: Module };
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toEqual(catalogue.find((m) => m.slug === slug));
  });

  test.each(['x'.repeat(65), 'x'.repeat(300)])(
    'a slug longer than 64 characters is 404 not_found too',
    async (slug) => {
      const body = await expectProblem(await h.fetch(`/v1/modules/${slug}`), 404, 'not_found');
      expect(String(body.detail).length).toBeLessThan(120);
    },
  );

  test.each(['nope', 'LEAVE', 'core_hr', 'leave-', 'x'.repeat(64)])('%s: 404 not_found', async (slug) => {
    const res = await h.fetch(`/v1/modules/${slug}`);
    quota(res);
    const body = await expectProblem(res, 404, 'not_found');
    expect(body.detail).toContain(slug);
  });

  test('an unknown bearer is 401 invalid_credential, even for an unknown slug', async () => {
    for (const slug of ['leave', 'nope']) {
      const res = await h.fetch(`/v1/modules/${slug}`, { headers: BAD_BEARER });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
      await expectProblem(res, 401, 'invalid_credential');
    }
  });
});
