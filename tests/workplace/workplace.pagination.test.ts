// Keyset pages over the workplace lists: a walk through rows sharing created_at, a last page that
// ends exactly, and cursors bound to their list and tenant. The cursor's encoding is
// tests/http/cursors.encoding.unit.test.ts.
import { expect, test } from 'vitest';
import { Holiday } from '../../db/entities/workplace.js';
import { expectProblem, useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { resources } from './fixtures.js';

const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000' });

type Row = { id: string; created_at: string };

test('a cursor walk over 113 holidays with limit 9: every row once, in (created_at, id) order', async () => {
  const t = await h.tenant();
  const em = h.orm.em.fork();
  // Many rows share one created_at, so the id must break ties; the rest are spread over a year.
  const shared = new Date('2026-05-01T08:00:00.000Z');
  const rows = Array.from({ length: 113 }, (_, i) =>
    em.create(Holiday, {
      tenantId: t.tenant.id,
      name: `Holiday ${i}`,
      date: `2026-01-01`,
      isOptional: i % 2 === 0,
      createdAt: i % 3 === 0 ? shared : new Date(Date.UTC(2026, 0, 1 + i, 12, 0, 0, i)),
    }),
  );
  await em.flush();
  expect(rows.filter((r) => r.createdAt.getTime() === shared.getTime())).toHaveLength(38);
  const expected = rows
    .map((r) => ({ id: r.id, at: r.createdAt.toISOString() }))
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1))
    .map((r) => r.id);

  const secret = await h.key(t, ['holidays:read']);
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await h.as(secret, `/v1/holidays?limit=9${query}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page<Row>;
    pages += 1;
    expect(page.data.length).toBe(pages <= 12 ? 9 : 5);
    expect(page.has_more).toBe(page.next_cursor !== null);
    seen.push(...page.data.map((r) => r.id));
    cursor = page.next_cursor;
  } while (cursor && pages < 20);
  expect(pages).toBe(13);
  expect(cursor).toBeNull();
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toEqual(expected);
});

test('a page that ends exactly at the last row says so: no empty trailing page', async () => {
  const t = await h.tenant();
  const em = h.orm.em.fork();
  for (let i = 0; i < 9; i++) em.create(Holiday, { tenantId: t.tenant.id, name: `Day ${i}`, date: '2026-12-24' });
  await em.flush();
  const res = await h.as(await h.key(t, ['holidays:read']), '/v1/holidays?limit=9');
  const page = (await res.json()) as Page<Row>;
  expect(page.data).toHaveLength(9);
  expect(page).toMatchObject({ next_cursor: null, has_more: false });
});

test('a cursor from one list is 400 invalid_cursor on every other list, and on the same list of another tenant', async () => {
  const t = await h.tenant();
  for (const resource of resources) {
    await resource.full(h.orm.em.fork(), t);
    await resource.sparse(h.orm.em.fork(), t);
  }
  const secret = await h.key(
    t,
    resources.map((r) => r.scope),
  );
  const cursors = new Map<string, string>();
  for (const resource of resources) {
    const page = (await (await h.as(secret, `${resource.path}?limit=1`)).json()) as Page<Row>;
    expect(page.next_cursor, resource.path).toEqual(expect.any(String));
    cursors.set(resource.path, page.next_cursor as string);
    // The cursor works where it was issued.
    const next = await h.as(secret, `${resource.path}?limit=1&cursor=${encodeURIComponent(page.next_cursor ?? '')}`);
    expect(next.status).toBe(200);
  }
  for (const [issuer, cursor] of cursors) {
    for (const resource of resources.filter((r) => r.path !== issuer)) {
      const res = await h.as(secret, `${resource.path}?cursor=${encodeURIComponent(cursor)}`);
      await expectProblem(res, 400, 'invalid_cursor');
    }
  }
  const other = await h.tenant();
  const otherSecret = await h.key(other, ['holidays:read']);
  const res = await h.as(otherSecret, `/v1/holidays?cursor=${encodeURIComponent(cursors.get('/v1/holidays') ?? '')}`);
  await expectProblem(res, 400, 'invalid_cursor');
});
