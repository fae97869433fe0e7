// The read-only workplace resources (decisions §9), each from ./fixtures.ts: scopes and tenant
// isolation, every field by list and by id, over /v1 and tRPC, id, limit and cursor errors.
// Cursor walks are workplace.pagination.test.ts, filters workplace.filters.test.ts, the tables' constraints workplace.schema.test.ts.
import { describe, expect, test } from 'vitest';
import { expectProblem, useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { expectMatchesOpenApi } from '../support/openapi.js';
import { isolationCases, securityCases } from '../support/security.js';
import { recordPath, resources } from './fixtures.js';

const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000' });

describe.each(resources)('$name', (resource) => {
  securityCases(() => h, { name: `GET ${resource.path}`, scope: resource.scope, path: () => resource.path });
  securityCases(() => h, {
    name: `GET ${resource.path}/{id}`,
    scope: resource.scope,
    path: recordPath(() => h, resource),
  });
  isolationCases(() => h, {
    name: resource.name,
    scope: resource.scope,
    listPath: resource.path,
    recordPath: recordPath(() => h, resource),
  });

  test('an empty tenant lists nothing, with the whole envelope', async () => {
    const t = await h.tenant();
    const res = await h.as(await h.key(t, [resource.scope]), resource.path);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [], next_cursor: null, has_more: false });
  });

  test('every field, with its type, in the list and by id; nullable fields as null', async () => {
    const t = await h.tenant();
    const full = await resource.full(h.orm.em.fork(), t);
    const sparse = await resource.sparse(h.orm.em.fork(), t);
    const secret = await h.key(t, [resource.scope]);

    const list = await h.as(secret, resource.path);
    expect(list.status).toBe(200);
    const page = (await list.json()) as Page;
    expect(page).toEqual({ data: [full, sparse], next_cursor: null, has_more: false });
    await expectMatchesOpenApi(h, 'GET', resource.path, 200, page);
    for (const record of page.data) {
      // Exactly the declared fields (no more), each of its declared type and format.
      expect(resource.schema.strict().safeParse(record).error).toBeUndefined();
      expect(Object.keys(record).sort()).toEqual(Object.keys(resource.schema.shape).sort());
    }

    for (const record of [full, sparse]) {
      const one = await h.as(secret, `${resource.path}/${record.id}`);
      expect(one.status).toBe(200);
      const body = await one.json();
      expect(body).toEqual({ data: record });
      await expectMatchesOpenApi(h, 'GET', `${resource.path}/{id}`, 200, body);
    }
  });

  test('the same records over tRPC', async () => {
    const t = await h.tenant();
    const record = await resource.full(h.orm.em.fork(), t);
    const secret = await h.key(t, [resource.scope]);
    const list = await h.as(secret, `/trpc/${resource.procedure}.list?input=${encodeURIComponent('{"limit":5}')}`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { result: { data: Page } }).result.data.data).toEqual([record]);
    const one = await h.as(
      secret,
      `/trpc/${resource.procedure}.get?input=${encodeURIComponent(JSON.stringify({ id: record.id }))}`,
    );
    expect(((await one.json()) as { result: { data: unknown } }).result.data).toEqual({ data: record });
  });

  test('a malformed id is 400 invalid_id, an unknown one 404, and a wrong scope wins over both', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, [resource.scope]);
    const template = `${resource.path}/{id}`;
    const malformed = await expectProblem(await h.as(secret, `${resource.path}/not-a-uuid`), 400, 'invalid_id');
    await expectMatchesOpenApi(h, 'GET', template, 400, malformed);
    await expectProblem(await h.as(secret, `${resource.path}/12345`), 400, 'invalid_id');
    const unknown = `${resource.path}/01a20129-a8bd-7fe6-893d-e14d781596aa`;
    await expectMatchesOpenApi(
      h,
      'GET',
      template,
      404,
      await expectProblem(await h.as(secret, unknown), 404, 'not_found'),
    );
    const wrong = await h.key(t, [resource.scope === 'holidays:read' ? 'assets:read' : 'holidays:read']);
    await expectProblem(await h.as(wrong, `${resource.path}/not-a-uuid`), 403, 'insufficient_scope');
  });

  test('limit and cursor are validated', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, [resource.scope]);
    for (const limit of ['0', '101', 'abc', '1.5', '-1', '']) {
      const body = await expectProblem(
        await h.as(secret, `${resource.path}?limit=${limit}`),
        400,
        'invalid_query_parameter',
      );
      expect(body.detail).toContain('limit');
    }
    await expectProblem(await h.as(secret, `${resource.path}?cursor=garbage`), 400, 'invalid_cursor');
  });
});
