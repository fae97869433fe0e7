import { expect } from 'vitest';
import { expectProblem, type TestServer } from './harness.js';
import type { Page } from './http.js';

/**
 * The list filters of decisions §15 as the tests of each list check them: pages read with a query,
 * whole filtered lists walked by cursor, the refusals of a filter's bad values, the cursor's
 * binding to the filter values, and the filters' parameters in the served OpenAPI document.
 * Every response goes through `h.as`, so it is also checked against the document.
 */

type Row = { id: string; created_at: string };

/** `?a=1&b=2` from pairs; a name may repeat (a parameter given twice). */
function queryOf(params: readonly (readonly [string, string])[]): string {
  return params.length ? `?${new URLSearchParams(params.map(([k, v]) => [k, v])).toString()}` : '';
}

/** GET `path` with `params` as `secret`: 200, and the page. */
export async function listPage<T extends Row = Row>(
  h: TestServer,
  secret: string,
  path: string,
  params: Record<string, string> = {},
): Promise<Page<T>> {
  const res = await h.as(secret, `${path}${queryOf(Object.entries(params))}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as Page<T>;
}

/** The ids of every row of the list with `params`, walked by cursor `limit` at a time. */
export async function walkIds(
  h: TestServer,
  secret: string,
  path: string,
  params: Record<string, string>,
  limit: number,
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page<Row> = await listPage(h, secret, path, {
      ...params,
      limit: String(limit),
      ...(cursor ? { cursor } : {}),
    });
    pages++;
    expect(page.has_more).toBe(page.next_cursor !== null);
    expect(page.data.length).toBe(page.has_more ? limit : page.data.length);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    ids.push(...page.data.map((r) => r.id));
    cursor = page.next_cursor;
  } while (cursor && pages < 100);
  expect(cursor).toBeNull();
  return { ids, pages };
}

/** Rows in list order: ascending (created_at, id). */
export function inListOrder<T extends Row>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
  );
}

/** Expects 400 invalid_query_parameter whose `errors` name exactly `name`. */
export async function expectRefusedParameter(res: Response, name: string): Promise<void> {
  const body = await expectProblem(res, 400, 'invalid_query_parameter');
  const errors = body.errors as { path: string; message: string }[];
  expect(
    errors.map((e) => e.path),
    JSON.stringify(body),
  ).toEqual([name]);
  expect(body.detail).toContain(name);
}

/**
 * A filter's value checks: `good` passes (200); each of `bad`, an empty value, and the parameter
 * given twice (twice `good`, and `good` then a bad one) are 400 invalid_query_parameter naming it.
 */
export async function expectStrictFilter(
  h: TestServer,
  secret: string,
  path: string,
  name: string,
  good: string,
  bad: readonly string[],
): Promise<void> {
  const ok = await h.as(secret, `${path}${queryOf([[name, good]])}`);
  expect(ok.status, `${name}=${good}: ${await ok.clone().text()}`).toBe(200);
  for (const value of [...bad, '']) {
    await expectRefusedParameter(await h.as(secret, `${path}${queryOf([[name, value]])}`), name);
  }
  for (const twice of [
    [good, good],
    [good, bad[0] ?? 'x'],
  ]) {
    const res = await h.as(secret, `${path}${queryOf(twice.map((v) => [name, v] as const))}`);
    await expectRefusedParameter(res, name);
  }
}

/**
 * A cursor is bound to its filter values (decisions §15): the next_cursor of the list with
 * `params` (which must have a second page) continues it, also with the parameters in another
 * order, and each of `others` (a value changed, a filter dropped, one added) is 400 invalid_cursor.
 */
export async function expectCursorBoundToFilters(
  h: TestServer,
  secret: string,
  path: string,
  params: Record<string, string>,
  others: readonly Record<string, string>[],
): Promise<void> {
  const first = await listPage(h, secret, path, { ...params, limit: '1' });
  expect(first.next_cursor, 'the filtered list needs a second page').toEqual(expect.any(String));
  const cursor = first.next_cursor as string;
  const reordered = Object.entries({ cursor, limit: '1', ...params }).reverse();
  const again = await h.as(secret, `${path}${queryOf(reordered)}`);
  expect(again.status, await again.clone().text()).toBe(200);
  expect(((await again.json()) as Page).data[0]?.id).not.toBe(first.data[0].id);
  for (const other of others) {
    const res = await h.as(secret, `${path}${queryOf(Object.entries({ ...other, limit: '1', cursor }))}`);
    await expectProblem(res, 400, 'invalid_cursor');
  }
}

/** What the served document says of a query parameter: its schema's type, format and enum. */
export interface DocumentedParameter {
  type: string;
  format?: string;
  enum?: string[];
}

/** The served document declares exactly `filters` (beside limit and cursor) on GET `template`. */
export async function expectDocumentedFilters(
  h: TestServer,
  template: string,
  filters: Record<string, DocumentedParameter>,
): Promise<void> {
  const doc = (await (await h.fetch('/openapi.json')).json()) as {
    paths: Record<
      string,
      {
        get: {
          parameters: {
            name: string;
            in: string;
            required?: boolean;
            schema: Record<string, unknown>;
            description?: string;
          }[];
        };
      }
    >;
  };
  const parameters = doc.paths[template].get.parameters.filter((p) => p.in === 'query');
  expect(parameters.map((p) => p.name)).toEqual(['limit', 'cursor', ...Object.keys(filters)]);
  for (const [name, expected] of Object.entries(filters)) {
    const parameter = parameters.find((p) => p.name === name);
    expect(parameter?.required ?? false, name).toBe(false);
    expect(parameter?.description, name).toEqual(expect.any(String));
    const { type, format, enum: values } = parameter?.schema ?? {};
    expect({ type, format, enum: values }, name).toEqual({
      type: expected.type,
      format: expected.format,
      enum: expected.enum,
    });
  }
}
