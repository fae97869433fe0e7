import { expect, test } from 'vitest';
import { appRouter } from '../../routers/index.js';
import { procedureTable } from '../../server/http/procedureTable.js';
import { buildOpenApiDocument } from '../../server/openapi/document.js';

// The server builds its /v1 route table (404 vs 405, Allow, Cache-Control) from the procedures'
// meta, without generating the OpenAPI document (docs/decisions.md, "What a process loads"). It
// must be the table the document's paths give: the same templates in the same order, the same
// methods, the same secured operations. (POST /oauth/token, which Koa serves at the root, is the
// one path of the document with a server of its own, not under /v1.)
test('the /v1 route table is the one the OpenAPI document describes', () => {
  const doc = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, { security?: unknown[]; servers?: unknown[] }>>;
  };
  const v1 = Object.entries(doc.paths).filter(([, operations]) => !Object.values(operations).some((op) => op.servers));
  // The paths at the service root, which Koa serves beside the procedures (decisions §4, §20).
  expect(Object.keys(doc.paths).filter((path) => !v1.some(([template]) => template === path))).toEqual([
    '/oauth/token',
    '/oauth/authorize',
    '/oauth/revoke',
  ]);
  const fromDocument = v1.map(([template, operations]) => ({
    template,
    methods: Object.keys(operations).map((m) => m.toUpperCase()),
    tenantData: Object.values(operations).some((op) => (op.security?.length ?? 0) > 0),
  }));
  const fromMeta = procedureTable(appRouter).routes.map(({ template, methods, tenantData }) => ({
    template,
    methods,
    tenantData,
  }));
  expect(fromMeta).toEqual(fromDocument);
});

test('each route knows its Allow header, its id segment and its path parameters', () => {
  const routes = new Map(procedureTable(appRouter).routes.map((r) => [r.template, r]));
  expect(routes.get('/employees')).toMatchObject({ allow: 'GET, POST, HEAD', idSegment: -1, params: [] });
  expect(routes.get('/employees/{id}')).toMatchObject({ allow: 'GET, PATCH, HEAD', idSegment: 2, params: ['id'] });
  expect(routes.get('/leave-requests/{id}/approve')).toMatchObject({ allow: 'POST', idSegment: 2, params: ['id'] });
  expect(routes.get('/modules/{slug}')).toMatchObject({ allow: 'GET, HEAD', idSegment: -1, params: ['slug'] });
  for (const route of routes.values()) {
    expect(route.pattern.test(route.template.replace(/\{[^}]+\}/g, 'x'))).toBe(true);
  }
});
