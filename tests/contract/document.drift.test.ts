import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  documentPath,
  generateNamedTypes,
  generateTypes,
  namedTypesPath,
  typesPath,
} from '../../packages/client/scripts/generateTypes.js';
import { compiledPathOf } from '../support/compiled.js';
import { useTestServer } from '../support/harness.js';
import { type Contract, ContractDrift, contractOf, type Exchange, validatingFetch } from '../support/openapi.js';
import { root } from '../support/processes.js';

// The two guarantees every other test leans on: it runs the compiled service (dist/), and every /v1
// response it receives through the harness matches the served OpenAPI document. And the REST client
// package's types say what the committed document says.

const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000' });
let contract: Contract;
beforeAll(async () => {
  contract = await h.contract();
});

describe('the build', () => {
  test('every source of server/, routers/ and db/ has its compiled module in dist/', () => {
    const sources = ['server', 'routers', 'db'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
        .map((file) => path.join(root, dir, file)),
    );
    expect(sources.length).toBeGreaterThan(40);
    const missing = sources.filter((source) => !existsSync(compiledPathOf(source) as string));
    expect(missing.map((file) => path.relative(root, file))).toEqual([]);
  });

  test('the sources map onto dist/, nothing else does', () => {
    expect(compiledPathOf(path.join(root, 'server/http/app.ts'))).toBe(path.join(root, 'dist/server/http/app.js'));
    expect(compiledPathOf(path.join(root, 'db/migrations/index.ts'))).toBe(
      path.join(root, 'dist/db/migrations/index.js'),
    );
    expect(compiledPathOf(path.join(root, 'tests/support/harness.ts'))).toBeUndefined();
    expect(compiledPathOf(path.join(root, 'bench/run.ts'))).toBeUndefined();
  });
});

const problem = (status: number, code: string) =>
  JSON.stringify({ type: `https://x.test/problems/${code}`, title: 'T', status, code, request_id: 'r' });
const exchange = (over: Partial<Omit<Exchange, 'headers'>> & { headers?: Record<string, string> }): Exchange => ({
  method: 'GET',
  url: `${h.url}/v1/health`,
  status: 200,
  body: '',
  ...over,
  headers: new Headers(over.headers ?? {}),
});
const json = { 'Content-Type': 'application/json' };
const problemJson = { 'Content-Type': 'application/problem+json' };

describe('the response contract', () => {
  test('answers through the harness are checked, and pass', async () => {
    const res = await h.fetch('/v1/health');
    expect(res.status).toBe(200);
    const health = await res.text();
    expect(() => contract.check(exchange({ headers: json, body: health }))).not.toThrow();
  });

  test('a status the operation does not document is a drift', () => {
    expect(() =>
      contract.check(exchange({ status: 404, headers: problemJson, body: problem(404, 'not_found') })),
    ).toThrow(/GET \/health documents 200, 500, 503, not 404/);
  });

  test('a body that does not match its schema is a drift, as is another Content-Type', async () => {
    const health = await (await h.fetch('/v1/health')).text();
    expect(() => contract.check(exchange({ headers: json, body: '{}' }))).toThrow(ContractDrift);
    expect(() => contract.check(exchange({ headers: json, body: 'not json' }))).toThrow(/not JSON/);
    expect(() => contract.check(exchange({ headers: { 'Content-Type': 'text/plain' }, body: health }))).toThrow(
      /Content-Type text\/plain/,
    );
  });

  test('a documented header with a value its schema refuses is a drift', async () => {
    const res = await h.fetch('/v1/modules');
    const body = await res.text();
    const headers = Object.fromEntries(res.headers);
    const url = `${h.url}/v1/modules`;
    expect(() => contract.check(exchange({ url, headers, body }))).not.toThrow();
    expect(() =>
      contract.check(exchange({ url, headers: { ...headers, 'ratelimit-remaining': 'many' }, body })),
    ).toThrow(/RateLimit-Remaining header "many"/);
  });

  test('answers decided before any operation: 404 and 405 of the route table, 400/408/431 of Node', () => {
    const ok = (over: Partial<Omit<Exchange, 'headers'>>) => () =>
      contract.check(exchange({ headers: problemJson, ...over }));
    expect(ok({ url: `${h.url}/v1/nothing-here`, status: 404, body: problem(404, 'not_found') })).not.toThrow();
    expect(ok({ method: 'DELETE', status: 405, body: problem(405, 'method_not_allowed') })).not.toThrow();
    expect(
      ok({ method: 'patch', url: `${h.url}/v1/employees/x`, status: 405, body: problem(405, 'method_not_allowed') }),
    ).not.toThrow();
    for (const [status, code] of [
      [400, 'malformed_request'],
      [408, 'request_timeout'],
      [431, 'request_header_fields_too_large'],
    ] as const) {
      expect(ok({ status, body: problem(status, code) })).not.toThrow();
    }
    // Only with their own code, and only where no operation answers.
    expect(ok({ url: `${h.url}/v1/nothing-here`, status: 404, body: problem(404, 'employee_not_found') })).toThrow(
      /not not_found/,
    );
    expect(ok({ status: 405, body: problem(405, 'method_not_allowed') })).toThrow(/not 405/);
    expect(ok({ url: `${h.url}/v1/nothing-here`, status: 500, body: problem(500, 'internal_error') })).toThrow(
      ContractDrift,
    );
  });

  test('HEAD is judged as GET without a body; paths outside /v1 are not the document’s, but its token endpoint', () => {
    expect(() => contract.check(exchange({ method: 'HEAD', headers: json }))).not.toThrow();
    for (const p of ['/openapi.json', '/docs', '/trpc/health', '/problems/not_found', '/v1x', '/oauth/tokens']) {
      expect(() => contract.check(exchange({ url: `${h.url}${p}`, status: 418, body: 'teapot' }))).not.toThrow();
    }
    // POST /oauth/token is served at the root (its operation's `servers`): its answers are checked.
    const token = { url: `${h.url}/oauth/token`, status: 418, body: 'teapot' };
    expect(() => contract.check(exchange({ ...token, method: 'POST' }))).toThrow(/POST \/oauth\/token documents 200/);
    expect(() => contract.check(exchange({ ...token, url: `${h.url}/v1/oauth/token`, method: 'POST' }))).toThrow(
      /no path of the document matches/,
    );
  });

  test('h.fetch fails on a drift, h.raw.fetch does not; each document is compiled once', async () => {
    const served = await (await h.raw.fetch('/openapi.json')).text();
    expect(contractOf(served)).toBe(contract);
    // The same server judged by a document that no longer documents GET /health's 200.
    const doc = JSON.parse(served) as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    delete doc.paths['/health'].get.responses['200'];
    const stricter = validatingFetch(h.url, async () => contractOf(JSON.stringify(doc)));
    await expect(stricter('/v1/health')).rejects.toThrow(/GET \/health documents 500, 503, not 200/);
    await expect(stricter('/openapi.json')).resolves.toHaveProperty('status', 200);
    expect((await h.raw.fetch('/v1/health')).status).toBe(200);
  });
});

describe('the REST client package (packages/client)', () => {
  test('its committed types are what openapi-typescript makes of the committed openapi.json', async () => {
    const generated = await generateTypes(readFileSync(documentPath, 'utf8'));
    const committed = readFileSync(typesPath, 'utf8');
    expect(
      committed === generated,
      'packages/client/src/openapi.ts is stale: run `make openapi` and commit the result',
    ).toBe(true);
  });

  test('its committed named types are what the generator makes of the committed openapi.json', () => {
    const generated = generateNamedTypes(readFileSync(documentPath, 'utf8'));
    const committed = readFileSync(namedTypesPath, 'utf8');
    expect(
      committed === generated,
      'packages/client/src/types.ts is stale: run `make openapi` and commit the result',
    ).toBe(true);
    // A record by its schema's name; a body and a query by their operation's id.
    expect(generated).toContain("export type Employee = components['schemas']['Employee'];");
    expect(generated).toMatch(/export type EmployeesCreateBody = NonNullable<operations\['employees-create'\]/);
    expect(generated).toMatch(/export type LeaveRequestsListQuery = NonNullable<operations\['leaveRequests-list'\]/);
  });

  test('a name two parts of the document would both take, or an operation without an id, stops the generator', () => {
    const doc = (over: object) =>
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        servers: [{ url: '/v1' }],
        paths: {
          '/employees': {
            get: {
              operationId: 'employees-list',
              parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
              responses: { 200: { description: 'OK' } },
            },
          },
        },
        ...over,
      });
    expect(generateNamedTypes(doc({}))).toContain('export type EmployeesListQuery');
    // A request body or a parameter given by $ref is named as an inline one.
    const byRef = {
      paths: {
        '/employees': {
          post: {
            operationId: 'employees-create',
            parameters: [{ $ref: '#/components/parameters/Limit' }],
            requestBody: { $ref: '#/components/requestBodies/Hire' },
            responses: {},
          },
        },
      },
      components: {
        parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
        requestBodies: { Hire: { content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    };
    expect(generateNamedTypes(doc(byRef))).toMatch(/EmployeesCreateBody[\s\S]*EmployeesCreateQuery/);
    expect(() =>
      generateNamedTypes(doc({ components: { schemas: { EmployeesListQuery: { type: 'object' } } } })),
    ).toThrow(/EmployeesListQuery: the schema EmployeesListQuery and the query of employees-list/);
    const twice = {
      paths: {
        '/a': { get: { operationId: 'employees-list', responses: {} } },
        '/b': {
          get: {
            operationId: 'employeesList',
            parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
            responses: {},
          },
        },
      },
    };
    expect(() => generateNamedTypes(doc(twice))).not.toThrow();
    twice.paths['/a'].get = { ...twice.paths['/b'].get, operationId: 'employees-list' };
    expect(() => generateNamedTypes(doc(twice))).toThrow(
      /EmployeesListQuery: the query of employees-list and the query of employeesList/,
    );
    expect(() => generateNamedTypes(doc({ paths: { '/a': { get: { responses: {} } } } }))).toThrow(
      /GET \/v1\/a has no operationId/,
    );
  });
});
