import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { problemCodes } from '../../core/problems.js';
import { buildOpenApiDocument } from '../../server/openapi/document.js';
import { UUID } from '../support/formats.js';
import { expectProblem, useTestServer } from '../support/harness.js';

// biome-ignore lint/suspicious/noExplicitAny: walking an arbitrary JSON document
type Json = Record<string, any>;

const committedText = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
const committed = JSON.parse(committedText) as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(doc: Json): { method: string; path: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op: op as Json })),
  );
}

function resolve(doc: Json, ref: string): Json {
  expect(ref.startsWith('#/'), `non-local $ref ${ref}`).toBe(true);
  let node: Json | undefined = doc;
  for (const part of ref.slice(2).split('/')) {
    node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  expect(node, `$ref ${ref} resolves`).toBeDefined();
  return node as Json;
}

/** The JSON Schema subset our document uses; returns every violation of `value`. */
function violations(doc: Json, schema: Json, value: unknown, at = '$'): string[] {
  if (schema.$ref) return violations(doc, resolve(doc, schema.$ref), value, at);
  if (schema.allOf) return (schema.allOf as Json[]).flatMap((member) => violations(doc, member, value, at));
  const errors: string[] = [];
  if (schema.type) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : Number.isInteger(value)
            ? 'integer'
            : typeof value === 'number'
              ? 'number'
              : typeof value;
    const ok = types.includes(actual) || (actual === 'integer' && types.includes('number'));
    if (!ok) return [`${at}: expected ${types.join('|')}, got ${actual}`];
  }
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: below minimum`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: above maximum`);
  }
  if (typeof value === 'string' && schema.format === 'uri' && !URL.canParse(value)) errors.push(`${at}: not a URI`);
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => {
      errors.push(...violations(doc, schema.items, item, `${at}[${i}]`));
    });
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Json;
    for (const name of schema.required ?? []) if (!(name in object)) errors.push(`${at}.${name}: missing`);
    for (const [name, member] of Object.entries(object)) {
      const property = schema.properties?.[name];
      if (property) errors.push(...violations(doc, property, member, `${at}.${name}`));
      else if (schema.additionalProperties === false) errors.push(`${at}.${name}: not allowed`);
    }
  }
  return errors;
}

const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000' });

describe('the OpenAPI document', () => {
  test('the committed openapi.json is what server/openapi/document.ts generates', () => {
    const generated = JSON.parse(JSON.stringify(buildOpenApiDocument()));
    expect(committed, 'openapi.json is stale: run `make openapi` and commit the result').toEqual(generated);
    expect(committedText, 'openapi.json is not formatted as `make openapi` writes it: run `make openapi`').toBe(
      `${JSON.stringify(generated, null, 2)}\n`,
    );
  });

  test('GET /openapi.json serves the committed document', async () => {
    const res = await h.fetch('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(await res.json()).toEqual(committed);
  });

  test('OpenAPI 3.1.0, API version 1.0.0, servers under /v1', () => {
    expect(committed.openapi).toBe('3.1.0');
    expect(committed.info).toMatchObject({ title: expect.any(String), version: '1.0.0' });
    expect(committed.servers).toEqual([{ url: '/v1', 'x-internal': false }]);
  });

  test('every $ref resolves and every component schema is used', () => {
    const refs = new Set<string>();
    (function collect(node: unknown) {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.add(value);
          else collect(value);
        }
      }
    })(committed);
    for (const ref of refs) resolve(committed, ref);
    const unused = Object.keys(committed.components.schemas).filter(
      (name) => !refs.has(`#/components/schemas/${name}`),
    );
    expect(unused, 'component schemas nothing refers to').toEqual([]);
  });

  test('the Problem schema: RFC 9457 members and every registered code', () => {
    const problem = committed.components.schemas.Problem;
    // request_id too: every problem carries its request's X-Request-Id (decisions §1), so clients type it as always there.
    expect(problem.required).toEqual(['type', 'title', 'status', 'code', 'request_id']);
    expect(Object.keys(problem.properties).sort()).toEqual(
      ['code', 'detail', 'errors', 'request_id', 'status', 'title', 'type'].sort(),
    );
    expect(problem.properties.code.enum).toEqual(Object.keys(problemCodes));
  });

  test('every error response is application/problem+json with the Problem schema, its code narrowed', () => {
    const ops = operations(committed);
    expect(ops.length).toBeGreaterThanOrEqual(4);
    const narrowed = (base: string) => ({
      allOf: [
        { $ref: `#/components/schemas/${base}` },
        { type: 'object', properties: { code: { type: 'string', enum: expect.any(Array) } } },
      ],
    });
    for (const { method, path, op } of ops) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (Number(status) < 400) continue;
        const where = `${method} ${path} ${status}`;
        // The token endpoint's errors, a 500 included, are RFC 6749 bodies in application/json
        // (decisions §4; tests/credentials/oauthToken.document.test.ts).
        if (path === '/oauth/token' || path === '/oauth/revoke') {
          expect(Object.keys(response.content), where).toEqual(['application/json']);
          continue;
        }
        // The sign-in answers a person with HTML pages; only a failure before any page is a problem (decisions §20).
        if (path === '/oauth/authorize' && Number(status) < 500) {
          expect(Object.keys(response.content), where).toEqual(['text/html']);
          continue;
        }
        expect(response.content, where).toEqual({
          'application/problem+json': { schema: narrowed('Problem') },
        });
        const codes = response.content['application/problem+json'].schema.allOf[1].properties.code.enum;
        for (const code of codes)
          expect(problemCodes[code as keyof typeof problemCodes]?.status, where).toBe(Number(status));
        expect(response.description, where).toEqual(expect.any(String));
      }
    }
  });

  test('every response documents X-Request-Id; RateLimit-* everywhere but health; 429 and 503 with Retry-After', () => {
    for (const { method, path, op } of operations(committed)) {
      const statuses = Object.keys(op.responses);
      // The sign-in pages spend no request budget; only failed sign-ins are limited (POST's 429, Retry-After alone).
      const page = path === '/oauth/authorize';
      const limited = path !== '/health' && !page;
      if (!page) expect(statuses.includes('429'), `${method} ${path} documents 429`).toBe(limited);
      for (const status of ['500', '503']) expect(statuses, `${method} ${path}`).toContain(status);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const where = `${method} ${path} ${status}`;
        const headers = Object.keys(response.headers ?? {});
        expect(response.headers?.['X-Request-Id'], where).toEqual({ $ref: '#/components/headers/X-Request-Id' });
        for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
          expect(headers.includes(name), `${where} ${name}`).toBe(limited);
        }
        expect(headers.includes('Retry-After'), `${where} Retry-After`).toBe(status === '429' || status === '503');
        if (status === '401' && !page) expect(headers, where).toContain('WWW-Authenticate');
      }
    }
    expect(committed.components.headers['X-Request-Id'].schema).toEqual({
      type: 'string',
      pattern: '^[A-Za-z0-9._:-]{1,128}$',
      minLength: 1,
      maxLength: 128,
    });
    for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']) {
      expect(committed.components.headers[name].schema).toEqual({
        type: 'integer',
        format: 'int32',
        minimum: 0,
        maximum: 2_147_483_647,
      });
    }
  });

  test('list parameters: limit integer 1..100 default 50, cursor string; status enum on modules', () => {
    const params = committed.paths['/modules'].get.parameters as Json[];
    const byName = Object.fromEntries(params.map((p) => [p.name, p]));
    expect(byName.limit).toMatchObject({
      in: 'query',
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
    });
    expect(byName.cursor).toMatchObject({ in: 'query', schema: { type: 'string' } });
    expect(byName.status).toMatchObject({
      in: 'query',
      schema: { type: 'string', enum: ['available', 'beta', 'coming-soon'] },
    });
  });

  test('rules that JSON Schema can say are in the document, not only in prose (issue 15 item 10)', () => {
    const body = (path: string, method: string) =>
      committed.paths[path][method].requestBody.content['application/json'].schema as Json;
    // PATCH needs designation or department (or both).
    expect(body('/employees/{id}', 'patch')).toMatchObject({
      additionalProperties: false,
      anyOf: [{ required: ['designation'] }, { required: ['department'] }],
    });
    // The actor is optional in the schema (an employee's token implies it, decisions §20); the
    // description says that an API key or a client-credentials token must give it.
    const writes = [
      ['/employees', 'post'],
      ['/employees/{id}', 'patch'],
      ...['approve', 'reject', 'cancel'].map((decision) => [`/leave-requests/{id}/${decision}`, 'post']),
    ];
    for (const [path, method] of writes) {
      const schema = body(path, method);
      expect(schema.required ?? [], `${method} ${path}`).not.toContain('actor_employee_id');
      expect(schema.properties.actor_employee_id.description, `${method} ${path}`).toMatch(
        /required with an API key or a client-credentials token/i,
      );
    }
    // E-mail: the HTML standard's pattern and 254 characters, in the request and the record.
    expect(body('/employees', 'post').properties.email).toMatchObject({ maxLength: 254, pattern: expect.any(String) });
    expect(committed.components.schemas.Employee.properties.email).toMatchObject({ maxLength: 254 });
    // Each status a route answers is listed: 422 on hires and filing, 409 on decisions.
    const statuses = (path: string, method: string) => Object.keys(committed.paths[path][method].responses);
    expect(statuses('/employees', 'post')).toEqual(expect.arrayContaining(['409', '422']));
    expect(statuses('/leave-requests', 'post')).toEqual(expect.arrayContaining(['404', '409', '422']));
    for (const decision of ['approve', 'reject', 'cancel']) {
      expect(statuses(`/leave-requests/{id}/${decision}`, 'post')).toEqual(
        expect.arrayContaining(['403', '404', '409']),
      );
    }
    // A module slug is never malformed, only unknown.
    expect(statuses('/modules/{slug}', 'get')).not.toContain('400');
  });

  test('security schemes: bearer and OAuth 2.0 client credentials with every scope', () => {
    const schemes = committed.components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.oauth2.flows.clientCredentials.tokenUrl).toBe('/oauth/token');
    // The spec's nine and the two of webhook endpoints (decisions §14).
    expect(Object.keys(schemes.oauth2.flows.clientCredentials.scopes)).toHaveLength(11);
    expect(Object.keys(schemes.oauth2.flows.clientCredentials.scopes)).toEqual(
      expect.arrayContaining(['webhooks:read', 'webhooks:write']),
    );
    for (const path of ['/health', '/capabilities', '/modules', '/modules/{slug}']) {
      expect(committed.paths[path].get.security, path).toEqual([]);
    }
  });

  /** Real answers of the server, checked against what the document says about them. */
  const samples: { path: string; init?: RequestInit }[] = [
    { path: '/health' },
    { path: '/capabilities' },
    { path: '/modules' },
    { path: '/modules?limit=2' },
    { path: '/modules?limit=0' },
    { path: '/modules?cursor=nope' },
    { path: '/modules', init: { headers: { Authorization: 'Bearer svc_live_nope' } } },
    { path: '/modules/leave' },
    { path: '/modules/nope' },
  ];

  test.each(samples)('GET /v1$path answers as documented', async ({ path, init }) => {
    const res = await h.fetch(`/v1${path}`, init);
    const template = Object.keys(committed.paths).find((t) =>
      new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.split('?')[0]),
    );
    expect(template, `${path} is documented`).toBeDefined();
    const response = committed.paths[template as string].get.responses[String(res.status)];
    expect(response, `status ${res.status} of GET ${template} is documented`).toBeDefined();
    for (const name of Object.keys(response.headers ?? {})) {
      expect(res.headers.get(name), `header ${name} on ${res.status}`).not.toBeNull();
    }
    const [mediaType, media] = Object.entries(response.content as Json)[0];
    expect(res.headers.get('content-type')?.split(';')[0]).toBe(mediaType);
    expect(violations(committed, media.schema, await res.json())).toEqual([]);
  });
});

describe('GET /docs', () => {
  test('an HTML reference page that loads only local assets', async () => {
    const res = await h.fetch('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\/|\/\/[a-z0-9]/i);
    expect(html).toContain('/openapi.json');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/docs\/assets\/[\w.-]+$/);
      const file = await h.fetch(asset);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get('content-type'), asset).toMatch(/^(text\/css|text\/javascript|application\/javascript)/);
      expect((await file.arrayBuffer()).byteLength, asset).toBeGreaterThan(1000);
    }
  });

  test.each([
    '/docs/assets/nope.js',
    '/docs/assets/package.json',
    '/docs/assets/..%2F..%2Fpackage.json',
    '/docs/assets/%2e%2e%2fpackage.json',
  ])('%s is a 404 problem', async (path) => {
    await expectProblem(await h.fetch(path), 404, 'not_found');
  });
});

describe('GET /problems/{code}', () => {
  test.each(Object.entries(problemCodes))('%s: a short HTML page', async (code, { status, title }) => {
    const res = await h.fetch(`/problems/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    const html = await res.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(code);
    expect(html).toContain(String(status));
  });

  test.each(['bogus', 'toString', '__proto__', 'constructor', 'NOT_FOUND'])('%s: 404 problem', async (code) => {
    await expectProblem(await h.fetch(`/problems/${code}`), 404, 'not_found');
  });

  test("a problem's type URI leads to its page", async () => {
    const body = await expectProblem(await h.fetch('/v1/modules?limit=0'), 400, 'invalid_query_parameter');
    const page = await h.fetch(new URL(body.type as string).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Invalid query parameter');
  });
});
