// @workforce/client's lists against a live server: every array query parameter of the committed
// OpenAPI document sent as the document says (one comma list), and paginate's pages with their
// cursors, resumed from a saved one. The package's sources, not the packed package: packages.installed.test.ts
// covers the packaging.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import { createClient, type ListItem, type ListPage, type WorkforceClient } from '../../packages/client/src/index.js';
import { fileOk } from '../leave/helpers.js';
import { hire, patchEmployee } from '../support/employees.js';
import { expectProblem, useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';
import { day, setupOrg } from '../support/leave.js';

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });

/** The client on the test server with `apiKey`, recording the URL of every request it sends. */
function clientOf(apiKey: string): { workforce: WorkforceClient; sent: string[] } {
  const sent: string[] = [];
  const workforce = createClient({
    baseUrl: h.url,
    apiKey,
    fetch: (request) => {
      sent.push(request.url);
      return fetch(request);
    },
  });
  return { workforce, sent };
}

interface Parameter {
  in: string;
  name: string;
  style?: string;
  explode?: boolean;
  schema?: { type?: string; items?: { enum?: string[] } };
}
interface Operation {
  parameters?: (Parameter | { $ref: string })[];
}
interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter> };
}

/** The client's list calls without the paths' types. */
interface UntypedLists {
  GET(
    path: string,
    init: { params: { query: Json } },
  ): Promise<{ data?: { data: Json[] }; error?: unknown; response: Response }>;
  paginate(path: string, init: { params: { query: Json } }): AsyncIterable<Json>;
}

const document = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;

/** Every query parameter whose schema is an array, with the operation it belongs to. */
function arrayQueryParameters(doc: OpenApiDocument) {
  const resolve = (p: Parameter | { $ref: string }): Parameter =>
    '$ref' in p ? doc.components.parameters[p.$ref.replace('#/components/parameters/', '')] : p;
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      (operation.parameters ?? [])
        .map(resolve)
        .filter((p) => p.in === 'query' && p.schema?.type === 'array')
        .map((parameter) => ({ path: `${doc.servers[0].url}${path}`, method, parameter })),
    ),
  );
}

describe('array query parameters', () => {
  const found = arrayQueryParameters(document);

  test('the document has array query parameters, each a comma list of enum values (style form, explode false)', () => {
    expect(found.length).toBeGreaterThan(0);
    for (const { path, parameter } of found) {
      expect({ path, name: parameter.name, style: parameter.style, explode: parameter.explode }).toEqual({
        path,
        name: parameter.name,
        style: 'form',
        explode: false,
      });
      expect(parameter.schema?.items?.enum?.length).toBeGreaterThanOrEqual(3);
    }
  });

  test.each(
    found.map(
      ({ path, method, parameter }) =>
        [`${method.toUpperCase()} ${path}?${parameter.name}`, path, method, parameter] as const,
    ),
  )(
    '%s: two values through the client filter the list; the repeated form is refused',
    async (_, path, method, parameter) => {
      // The lists these parameters filter are GET lists of the events: records of three types, two
      // hires and a patch (employee.created, employee.updated) and a filing (leave_request.created).
      expect(method).toBe('get');
      const org = await setupOrg(h);
      const hrKey = await h.key(org.t, ['employees:write']);
      const patched = await patchEmployee(h, hrKey, org.employee.id, {
        actor_employee_id: org.hrAdmin.id,
        designation: 'Analyst',
      });
      expect(patched.status).toBe(200);
      await fileOk(h, org, { start_date: day('03-02'), end_date: day('03-02'), days_count: 1 });
      const key = await h.key(org.t, SCOPES);
      const { workforce, sent } = clientOf(key);
      // The path is read from the document at run time: the client is called untyped.
      const untyped = workforce as unknown as UntypedLists;

      const all: Json[] = [];
      for await (const record of untyped.paginate(path, { params: { query: { limit: 100 } } })) all.push(record);
      const values = parameter.schema?.items?.enum ?? [];
      const present = values.filter((value) => all.some((record) => record[parameter.name] === value));
      // Two values the list holds, and a third it holds that the filter must leave out.
      expect(present.length, JSON.stringify(all.map((r) => r[parameter.name]))).toBeGreaterThanOrEqual(3);
      const chosen = present.slice(0, 2);
      const expected = all.filter((record) => chosen.includes(record[parameter.name] as string)).map((r) => r.id);

      sent.length = 0;
      const { data, error, response } = await untyped.GET(path, { params: { query: { [parameter.name]: chosen } } });
      expect(error).toBeUndefined();
      expect(response.status).toBe(200);
      expect(new URL(sent[0]).searchParams.getAll(parameter.name)).toEqual([chosen.join(',')]);
      expect(data?.data.map((r) => r.id)).toEqual(expected);

      // Page by page, the filter sent again with each cursor.
      const paged: unknown[] = [];
      for await (const record of untyped.paginate(path, {
        params: { query: { [parameter.name]: chosen, limit: 1 } },
      })) {
        paged.push(record.id);
      }
      expect(paged).toEqual(expected);

      const repeated = new URLSearchParams(chosen.map((value) => [parameter.name, value]));
      await expectProblem(await h.as(key, `${path}?${repeated}`), 400, 'invalid_query_parameter');
    },
  );
});

describe('paginate(…).pages()', () => {
  test('each page with its next_cursor; a new paginate from a saved cursor reads the rest, without overlap or gap', async () => {
    const t = await h.tenant();
    const hrKey = await h.key(t, ['employees:write']);
    for (let i = 0; i < 4; i++) await hire(h, hrKey, t);
    const { workforce, sent } = clientOf(await h.key(t, ['employees:read']));

    const everyone: string[] = [];
    for await (const employee of workforce.paginate('/v1/employees')) everyone.push(employee.id);
    expect(everyone.length).toBeGreaterThanOrEqual(5);

    // Read one page, keep its cursor, stop: no further page is asked for.
    sent.length = 0;
    let saved: string | null = null;
    const first: string[] = [];
    for await (const page of workforce.paginate('/v1/employees', { params: { query: { limit: 2 } } }).pages()) {
      expectTypeOf(page).toEqualTypeOf<ListPage<'/v1/employees'>>();
      expect(page).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
      first.push(...page.data.map((employee) => employee.id));
      saved = page.next_cursor;
      break;
    }
    expect(sent).toHaveLength(1);
    expect(first).toEqual(everyone.slice(0, 2));

    // Another process resumes from the saved cursor.
    sent.length = 0;
    const resumed = workforce.paginate('/v1/employees', { params: { query: { limit: 2, cursor: saved ?? '' } } });
    const pages: ListPage<'/v1/employees'>[] = [];
    for await (const page of resumed.pages()) pages.push(page);
    expect(sent.map((url) => new URL(url).searchParams.get('cursor'))).toEqual([
      saved,
      ...pages.slice(0, -1).map((page) => page.next_cursor),
    ]);
    expect(pages.map((page) => [page.has_more, page.next_cursor === null])).toEqual(
      pages.map((_, i) => (i < pages.length - 1 ? [true, false] : [false, true])),
    );
    expect([...first, ...pages.flatMap((page) => page.data.map((employee) => employee.id))]).toEqual(everyone);

    // The same paginate still iterates records, afresh from its cursor each time.
    const items: ListItem<'/v1/employees'>[] = [];
    for await (const employee of resumed) items.push(employee);
    expect(items.map((employee) => employee.id)).toEqual(everyone.slice(2));
  });
});
