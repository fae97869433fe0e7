import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import { buildOpenApiDocument } from '../../server/openapi/document.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';
import { expectMatchesOpenApi } from '../support/openapi.js';
import { type Operation, operationsOf, templateOf } from './helpers.js';

// Property-based fuzzing of every operation of the served /openapi.json (paths × methods) with
// random path ids, query strings, JSON bodies and headers, with a valid all-scope credential, a
// garbage one and none; POST /oauth/token (served at the root, its operation's `servers`) with
// form and JSON bodies of real and made-up grants, HTTP Basic and body client credentials. For
// every request:
//   - never a 5xx;
//   - X-Request-Id on every response (a valid inbound one echoed, an invalid one replaced);
//   - every error is a complete problem document (type ending in /problems/{code}, title, status =
//     the HTTP status, code, request_id = X-Request-Id) in the media type its response documents:
//     application/problem+json, or application/json with RFC 6749 `error` (= code) and
//     `error_description` on the token endpoint; valid against the documented schema, whose `code`
//     lists the codes of that operation and status;
//   - the status is one the document declares for the operation the URL resolves to, or a global
//     one (GLOBAL below);
//   - every 2xx body is valid against the documented response schema.
// Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run tests/contract/document.fuzz.test.ts
// (operation i runs with seed FUZZ_SEED + i)
// (FUZZ_RUNS=<n> for more runs per operation). Writes go to a dedicated tenant.

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/**
 * Statuses any request may get whatever its operation declares: they are answers of the route
 * table, decided before any operation is chosen. 404: the URL names no route (a path id such as
 * `..` or `%2e` is resolved away by the URL parser). 405: a route without that method. The body
 * answers 413 and 415 are not global: only POST and PATCH read a body, and they declare both.
 */
const GLOBAL = [404, 405];

/** The token endpoint: served by Koa at the root, with its own bodies and error format. */
const TOKEN_PATH = '/oauth/token';

/** Where an operation is served: the document's /v1, or the server its operation names (`/` for the token endpoint). */
function prefixOf(operation: Operation): string {
  const servers = (operation.operation.servers ?? doc.servers) as { url: string }[];
  return new URL(servers[0].url, 'http://fuzz.test/openapi.json').pathname.replace(/\/+$/, '');
}

const doc = buildOpenApiDocument() as unknown as Json;
const operations = operationsOf(doc);

// Generous limits: the fuzzer must not be rate limited into declared-but-boring 429s.
const h = useTestServer({
  RATE_LIMIT_POINTS: '1000000',
  RATE_LIMIT_IP_POINTS: '1000000',
  RATE_LIMIT_TOKEN_POINTS: '1000000',
  RATE_LIMIT_TOKEN_FAIL_POINTS: '1000000',
});
let tenant: TestTenant;
let key: string;
/** An all-scope OAuth client of the fuzzed tenant, and refresh tokens issued to it (each spendable once). */
let client: { client_id: string; client_secret: string };
const refreshTokens: string[] = [];
/** Ids that exist in the fuzzed tenant (its HR admin first), and in other tenants. */
const realIds: string[] = [];
const foreignIds: string[] = [];
/** Well-formed requests pick these for a body property of that name, mostly: to reach 2xx and 409/422. */
const hints: Record<string, unknown[]> = {};
const slugs: string[] = [];
const stats = new Map<string, Map<number, number>>();

beforeAll(async () => {
  tenant = await h.tenant({ name: 'Fuzz target' });
  const other = await h.tenant();
  key = await h.key(tenant, SCOPES);
  const created = await h.client(tenant, SCOPES);
  client = { client_id: created.client_id, client_secret: created.client_secret };
  for (let i = 0; i < 20; i++) {
    const res = await h.fetch(TOKEN_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', ...client }),
    });
    if (res.status !== 200) throw new Error(`POST ${TOKEN_PATH}: ${res.status} ${await res.text()}`);
    refreshTokens.push(((await res.json()) as { refresh_token: string }).refresh_token);
  }
  // Setup calls are checked against the document too, as every harness request is.
  const call = async (method: string, path: string, body?: Json) => {
    const res = await h.as(key, `/v1${path}`, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: Json & Json[] };
  };
  const year = new Date().getUTCFullYear();
  const employee = (
    await call('POST', '/employees', {
      actor_employee_id: tenant.hr_admin.id,
      email: 'fuzz.employee@example.com',
      full_name: 'Fuzz Employee',
      joining_date: `${year}-01-02`,
    })
  ).data;
  const leaveTypes = (await call('GET', '/leave-types')).data;
  const request = (
    await call('POST', '/leave-requests', {
      employee_id: employee.id,
      leave_type_id: leaveTypes[0].id,
      start_date: `${year}-03-02`,
      end_date: `${year}-03-02`,
      days_count: 1,
      reason: 'Fuzz',
    })
  ).data;
  realIds.push(
    tenant.hr_admin.id,
    employee.id as string,
    request.id as string,
    ...leaveTypes.map((t) => t.id as string),
  );
  foreignIds.push(other.hr_admin.id, tenant.sandbox_hr_admin.id);
  hints.actor_employee_id = [tenant.hr_admin.id];
  hints.employee_id = [employee.id as string, tenant.hr_admin.id];
  hints.leave_type_id = leaveTypes.map((t) => t.id as string);
  hints.start_date = hints.end_date = [`${year}-06-01`, `${year}-06-02`];
  for (const list of ['/holidays', '/assets', '/job-openings', '/helpdesk-tickets', '/surveys']) {
    const first = (await call('GET', `${list}?limit=1`)).data[0];
    if (first) realIds.push(first.id as string);
  }
  slugs.push(...(await call('GET', '/modules?limit=100')).data.map((m) => m.slug as string));
  console.info(`fuzz: seed ${SEED}, ${RUNS} runs per operation, ${operations.length} operations`);
});

afterAll(() => {
  if (stats.size) {
    const lines = [...stats].map(([op, counts]) => {
      const byStatus = [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      return `  ${op.padEnd(38)} ${byStatus.join(' ')}`;
    });
    console.info(`fuzz: statuses per operation (seed ${SEED})\n${lines.join('\n')}`);
  }
});

// ---------------------------------------------------------------------------------------------
// Generators

/** Strings a server tends to choke on. */
const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e308',
  '1e999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0x10',
  ' 5',
  '9007199254740993',
  '99999999999999999999999999',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%',
  '%ZZ',
  '%00',
  '\u0000',
  '\u202e',
  '\ud83d\ude00',
  '\ud800',
  'é',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: fc.string({ minLength: 500, maxLength: 3000 }) },
);
const oddJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MIN_VALUE, 0.1, 2 ** 53 + 2, [], {}),
  text,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(text, { maxLength: 5 }),
);

const uuid = () =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(tenant.hr_admin.id, ...realIds) },
    { weight: 1, arbitrary: fc.constantFrom(...foreignIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid({ version: 7 }) },
  );
const isoDate = fc
  .date({ min: new Date('1899-12-01'), max: new Date('2101-01-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const year = new Date().getUTCFullYear();
const nearDate = fc
  .integer({ min: 0, max: 364 })
  .map((n) => new Date(Date.UTC(year, 0, 1 + n)).toISOString().slice(0, 10));

/** A value the documented schema allows (mostly: uniqueness and business rules are not in it). */
function plausibleFor(schema: Json): fc.Arbitrary<unknown> {
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => plausibleFor(b)));
  if (schema.type === 'null') return fc.constant(null);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.format === 'uuid') return uuid();
  if (schema.format === 'date') return fc.oneof({ weight: 4, arbitrary: nearDate }, { weight: 1, arbitrary: isoDate });
  if (schema.format === 'email')
    // fc.emailAddress() makes RFC 5322 addresses the documented (stricter) pattern refuses.
    return fc.integer({ min: 0, max: 1e9 }).map((n) => `fuzz.${n}@example.com`);
  if (schema.type === 'number' || schema.type === 'integer')
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(0.5, 1, 2, 3) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }) },
    );
  if (schema.type === 'string' && typeof schema.pattern === 'string' && !schema.format)
    return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.type === 'string') {
    const min = Math.max(1, Number(schema.minLength ?? 1));
    const max = Math.max(min, Math.min(Number(schema.maxLength ?? 40), 40));
    return fc.string({ minLength: min, maxLength: max }).filter((v) => v.trim().length >= min);
  }
  return oddJson;
}

/** A value for one documented property: mostly allowed, sometimes wrong in type, range or format. */
function valueFor(schema: Json | undefined): fc.Arbitrary<unknown> {
  if (!schema) return oddJson;
  return fc.oneof(
    { weight: 6, arbitrary: plausibleFor(schema) },
    { weight: 1, arbitrary: oddJson },
    { weight: 1, arbitrary: text },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '2026-02-30',
        '2026-13-01',
        'A@B.CO',
        'no-at-sign',
        `${'x'.repeat(320)}@x.io`,
        367,
        -0,
      ),
    },
  );
}

/** `arbitrary` one time in six, else null. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

/** A JSON object shaped like the documented body: sometimes a required property missing or extra ones. */
function shapedBody(schema: Json): fc.Arbitrary<Json> {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = ((schema.required ?? []) as string[]).filter((name) => name in properties);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = valueFor(property);
  return fc
    .tuple(
      fc.record(record, { requiredKeys: required }),
      rarely(fc.dictionary(fc.string({ maxLength: 12 }), oddJson, { minKeys: 1, maxKeys: 3 })),
      required.length ? rarely(fc.constantFrom(...required)) : fc.constant(null),
    )
    .map(([body, extras, drop]) => {
      const out: Json = extras ? { ...extras, ...body } : { ...body };
      if (drop) delete out[drop];
      return out;
    });
}

/** Raw body text: shaped JSON most often, then anything JSON, then what JSON.stringify never makes. */
function bodyText(schema: Json | undefined): fc.Arbitrary<string | undefined> {
  const shaped = schema ? shapedBody(schema).map((b) => JSON.stringify(b)) : fc.constant('{}');
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":1,}',
        'nul',
        '\ufeff{}',
        "{'a':1}",
        '{"days_count":1e999,"rate":-0}',
        '{"rate":123456789012345678901234567890}',
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
        '{"actor_employee_id":"a","actor_employee_id":"b"}',
        '[1,2,3]',
        '"just a string"',
        '12',
      ),
    },
    {
      weight: 1,
      // Deep nesting, as deep as 64 KiB allows.
      arbitrary: fc
        .record({ depth: fc.integer({ min: 100, max: 32_000 }), array: fc.boolean() })
        .map(({ depth, array }) =>
          array
            ? `{"full_name":${'['.repeat(depth)}${']'.repeat(depth)}}`
            : `${'{"a":'.repeat(Math.min(depth, 10_000))}1${'}'.repeat(Math.min(depth, 10_000))}`,
        ),
    },
    {
      weight: 1,
      // Around the 64 KiB limit.
      arbitrary: fc
        .record({ length: fc.integer({ min: 60_000, max: 72_000 }), char: fc.constantFrom('a', 'é', '\ud83d\ude00') })
        .map(({ length, char }) => JSON.stringify({ reason: char.repeat(Math.ceil(length / char.length / 2)) })),
    },
  );
}

/** Header values fetch (undici) sends: tab, visible ASCII, Latin-1; no other control characters. */
const headerSafe = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json;;',
      'application/problem+json',
      'application/merge-patch+json',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
      undefined, // fetch then sends text/plain;charset=UTF-8
    ),
  },
);
const idempotencyKey = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom('fixed-key-1', 'fixed-key-2') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 300 }).filter(headerSafe) },
  { weight: 1, arbitrary: fc.string({ minLength: 250, maxLength: 260 }).filter(headerSafe) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ü-key', '\t', 'a b') },
);
const requestId = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).filter(headerSafe) },
);
const credential = fc.oneof(
  { weight: 6, arbitrary: fc.constant('key') },
  { weight: 1, arbitrary: fc.constantFrom('none', 'garbage', 'lowercase', 'basic') },
);

/** encodeURIComponent throws on a lone surrogate; a client would have replaced it first. */
const encode = (s: string) => encodeURIComponent(s.replace(/\p{Surrogate}/gu, '\ufffd'));

/** A path parameter value, percent-encoded the way a client would (or raw, for a few odd ones). */
function pathValue(name: string): fc.Arbitrary<string> {
  const plausible = name === 'slug' ? fc.constantFrom(...slugs) : uuid();
  return fc.oneof(
    { weight: 4, arbitrary: plausible.map(encode) },
    { weight: 3, arbitrary: text.filter((s) => s.length > 0).map(encode) },
    // Long, but the request line stays under Node's 16 KiB header limit (past it Node itself
    // answers 431 with no body and no X-Request-Id, before the application sees the request).
    { weight: 1, arbitrary: fc.string({ minLength: 2000, maxLength: 4000 }).map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%ZZ', '%', '%00', '%C0%AF', '%E0%A4%A', '%2e%2e', '.', '..', '%2F', ';x=1'),
    },
  );
}

const EXTRA_QUERY = ['limit', 'cursor', 'status', 'employee_id', 'year', 'unknown'];

function queryString(operation: Operation): fc.Arbitrary<string> {
  const documented = queryParameters(operation);
  const names = [...new Set([...documented.map((p) => p.name), ...EXTRA_QUERY])];
  const value = (name: string): fc.Arbitrary<string> => {
    const schema = documented.find((p) => p.name === name)?.schema;
    const plausible =
      name === 'limit'
        ? fc.integer({ min: -2, max: 102 }).map(String)
        : name === 'year'
          ? fc.integer({ min: 1890, max: 10_010 }).map(String)
          : name === 'employee_id'
            ? uuid()
            : name === 'cursor'
              ? fc.oneof(fc.base64String(), fc.constant('eyJsIjoieCIsImsiOltdfQ.c2ln'))
              : schema && Array.isArray(schema.enum)
                ? fc.constantFrom(...(schema.enum as string[]))
                : fc.string({ maxLength: 10 });
    return fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: text });
  };
  const entry = (name: string) =>
    fc
      .oneof(
        { weight: 5, arbitrary: value(name).map((v) => [v]) },
        { weight: 1, arbitrary: fc.array(value(name), { minLength: 2, maxLength: 3 }) },
      )
      .map((vs) => ({ name, vs }));
  const documentedNames = new Set(documented.map((p) => p.name));
  const required = documented.filter((p) => p.required);
  // Each parameter present with some probability: a required one mostly, an undocumented one rarely.
  const presence = (name: string) => (required.some((p) => p.name === name) ? 7 : documentedNames.has(name) ? 3 : 1);
  const pairs = fc
    .tuple(
      ...names.map((name) =>
        fc.oneof(
          { weight: 8 - presence(name), arbitrary: fc.constant(null) },
          { weight: presence(name), arbitrary: entry(name) },
        ),
      ),
    )
    .map((entries) => {
      const params = new URLSearchParams();
      for (const e of entries) if (e) for (const v of e.vs) params.append(e.name, v);
      const s = params.toString();
      return s ? `?${s}` : '';
    });
  return fc.oneof(
    { weight: 8, arbitrary: pairs },
    {
      weight: 1,
      arbitrary: fc.constantFrom('?limit', '?&&', '?%ZZ=1', '?limit=%ZZ', '?limit[]=1', '?limit=1&limit=2', '?='),
    },
  );
}

interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  /** 'key', 'lowercase', 'garbage', 'basic', 'none', or the token client's own HTTP Basic ('client-basic'). */
  credential: string;
  contentType?: string;
  idempotencyKey?: string;
  requestId?: string;
  body?: string;
}

function queryParameters(operation: Operation) {
  return ((operation.operation.parameters ?? []) as Json[])
    .filter((p) => p.in === 'query')
    .map((p) => ({ name: p.name as string, schema: p.schema as Json, required: p.required === true }));
}

/** A request the document says is fine: the all-scope key, existing ids, allowed values. */
function wellFormedFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const path = fc
    .tuple(
      ...names.map((name) =>
        name === 'slug' ? fc.constantFrom(...slugs) : fc.constantFrom(...realIds, ...foreignIds),
      ),
    )
    .map((values) => names.reduce((p, name, i) => p.replace(`{${name}}`, values[i]), operation.template));
  const value = (name: string, schema: Json): fc.Arbitrary<string> =>
    name === 'limit'
      ? fc.integer({ min: 1, max: 100 }).map(String)
      : name === 'year'
        ? fc.constant(String(year))
        : name === 'employee_id'
          ? fc.constantFrom(...realIds)
          : Array.isArray(schema.enum)
            ? fc.constantFrom(...(schema.enum as string[]))
            : fc.string({ minLength: 1, maxLength: 10 });
  const query = fc
    .tuple(
      ...queryParameters(operation)
        .filter((p) => p.name !== 'cursor')
        .map((p) =>
          (p.required ? value(p.name, p.schema) : fc.option(value(p.name, p.schema))).map((v) => [p.name, v]),
        ),
    )
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [name, v] of pairs) if (typeof v === 'string') params.append(name as string, v);
      const q = params.toString();
      return q ? `?${q}` : '';
    });
  const write = operation.method === 'post' || operation.method === 'patch';
  const schema = ((operation.operation.requestBody as Json | undefined)?.content as Record<string, { schema: Json }>)?.[
    'application/json'
  ]?.schema;
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = ((schema?.required ?? []) as string[]).filter((name) => name in properties);
  const plausible = (names: string[]) =>
    fc.record(Object.fromEntries(names.map((name) => [name, hinted(name, plausibleFor(properties[name]))])), {
      requiredKeys: required,
    });
  // Required properties only, most often: optional ones bring cross-field rules (pay_model with
  // rate, vendor_name for vendor_worker, …) that random values rarely satisfy.
  const body = fc
    .oneof({ weight: 2, arbitrary: plausible(required) }, { weight: 1, arbitrary: plausible(Object.keys(properties)) })
    .map((b) => JSON.stringify(b));
  return fc.record({
    method: fc.constant(operation.method.toUpperCase()),
    path,
    query,
    credential: fc.constant('key'),
    contentType: fc.constant(write ? 'application/json' : undefined),
    idempotencyKey: write ? fc.option(fc.uuid(), { nil: undefined }) : fc.constant(undefined),
    requestId: fc.constant(undefined),
    body: write ? body : fc.constant(undefined),
  });
}

function hinted(name: string, plausible: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const values = hints[name];
  return values
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: plausible })
    : plausible;
}

/** Well-formed requests one time in three (to reach 2xx and business errors), wild ones otherwise. */
function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  if (operation.template === TOKEN_PATH) {
    return fc.oneof(
      { weight: 1, arbitrary: tokenRequest(operation, true) },
      { weight: 2, arbitrary: tokenRequest(operation, false) },
    );
  }
  return fc.oneof({ weight: 1, arbitrary: wellFormedFor(operation) }, { weight: 2, arbitrary: wildFor(operation) });
}

/**
 * A token request. Well-formed: a documented grant in a form or JSON body, the fuzzed client
 * authenticated by HTTP Basic or in the body, scopes it has or not, refresh tokens it holds (spent
 * ones too). Wild: any grant type, client, secret, parameter type, media type, body and header.
 */
function tokenRequest(operation: Operation, wellFormed: boolean): fc.Arbitrary<FuzzRequest> {
  const maybe = <T>(value: fc.Arbitrary<T>) => (wellFormed ? value : fc.oneof(value, text, oddJson));
  const scope = fc.oneof(
    fc.subarray([...SCOPES], { minLength: 1 }).map((s) => s.join(' ')),
    fc.constantFrom('bogus:x', 'leave:read bogus:x', 'webhooks:write', ''),
  );
  const params = fc.record(
    {
      grant_type: wellFormed
        ? fc.constantFrom('client_credentials', 'refresh_token')
        : fc.oneof(fc.constantFrom('client_credentials', 'refresh_token', 'password', ''), text),
      client_id: maybe(fc.constant(client.client_id)),
      client_secret: maybe(fc.constant(client.client_secret)),
      scope: maybe(scope),
      refresh_token: maybe(fc.constantFrom(...refreshTokens)),
    },
    { requiredKeys: wellFormed ? ['grant_type', 'refresh_token'] : [] },
  );
  const form = (p: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(p).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
  return fc
    .record({
      params,
      basic: fc.boolean(),
      asForm: fc.boolean(),
      contentType: wellFormed ? fc.constant(undefined) : contentType,
      credential: wellFormed ? fc.constant('none') : credential,
      garbage: wellFormed
        ? fc.constant(undefined)
        : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bodyText(undefined) }),
      query: wellFormed ? fc.constant('') : queryString(operation),
      requestId,
    })
    .map(({ params: p, basic, asForm, contentType: type, credential: cred, garbage, query, requestId: rid }) => {
      const body = { ...p } as Record<string, unknown>;
      if (wellFormed && basic) delete body.client_secret; // client_secret_basic instead of _post
      const mediaType = type ?? (asForm ? 'application/x-www-form-urlencoded' : 'application/json');
      return {
        method: 'POST',
        path: TOKEN_PATH,
        query,
        credential: wellFormed && basic ? 'client-basic' : cred,
        contentType: mediaType,
        requestId: rid,
        body: garbage ?? (asForm ? form(body) : JSON.stringify(body)),
      };
    });
}

/** Anything: odd ids, query strings, bodies, headers and credentials. */
function wildFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const path = names.length
    ? fc
        .tuple(...names.map((name) => pathValue(name)))
        .map((values) => names.reduce((p, name, i) => p.replace(`{${name}}`, values[i]), operation.template))
    : fc.constant(operation.template);
  const write = operation.method === 'post' || operation.method === 'patch';
  const bodySchema = (operation.operation.requestBody as Json | undefined)?.content as
    | Record<string, { schema: Json }>
    | undefined;
  return fc.record({
    method: fc.constant(operation.method.toUpperCase()),
    path,
    query: queryString(operation),
    credential,
    contentType: write ? contentType : fc.constant(undefined),
    idempotencyKey: write ? idempotencyKey : fc.constant(undefined),
    requestId,
    body: write ? bodyText(bodySchema?.['application/json']?.schema) : fc.constant(undefined),
  });
}

// ---------------------------------------------------------------------------------------------
// The property

function describeRequest(r: FuzzRequest, url: string, headers: Record<string, string>): string {
  const shown = { ...headers };
  if (shown.Authorization?.includes(key)) shown.Authorization = shown.Authorization.replace(key, '<all-scope key>');
  const body = r.body === undefined ? 'none' : `${r.body.length} chars: ${JSON.stringify(r.body.slice(0, 300))}`;
  return `${r.method} ${url.slice(0, 500)}\n  headers: ${JSON.stringify(shown)}\n  body: ${body}`;
}

async function check(operation: Operation, r: FuzzRequest): Promise<void> {
  const headers: Record<string, string> = {};
  if (r.credential === 'key') headers.Authorization = `Bearer ${key}`;
  else if (r.credential === 'lowercase') headers.Authorization = `bearer ${key}`;
  else if (r.credential === 'garbage') headers.Authorization = 'Bearer svc_live_notarealkeynotarealkeynotarealkey00';
  else if (r.credential === 'basic') headers.Authorization = 'Basic dXNlcjpwYXNz';
  else if (r.credential === 'client-basic')
    headers.Authorization = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
  if (r.contentType !== undefined && r.body !== undefined) headers['Content-Type'] = r.contentType;
  if (r.idempotencyKey !== undefined) headers['Idempotency-Key'] = r.idempotencyKey;
  if (r.requestId !== undefined) headers['X-Request-Id'] = r.requestId;
  const url = `${h.url}${prefixOf(operation)}${r.path}${r.query}`;
  const res = await fetch(url, { method: r.method, headers, body: r.body, signal: AbortSignal.timeout(15_000) });
  const raw = await res.text();
  const what = () => `${describeRequest(r, url, headers)}\n  answered ${res.status}: ${raw.slice(0, 500)}`;
  const fail = (message: string) => {
    throw new Error(`${message}\n  ${what()}`);
  };

  // Which operation did the URL really reach? The URL parser resolves `.`/`..` segments and the
  // server ignores trailing slashes.
  const pathname = new URL(url).pathname.replace(/(?<=.)\/+$/, '');
  const template = templateOf(doc, pathname);
  const reached = template
    ? operations.find((o) => o.template === template && o.method === operation.method)
    : undefined;
  const key_ = `${operation.method.toUpperCase()} ${operation.template}`;
  const counts = stats.get(key_) ?? new Map<number, number>();
  counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
  stats.set(key_, counts);

  if (res.status >= 500) fail(`5xx`);
  const id = res.headers.get('x-request-id');
  if (!id) fail('no X-Request-Id');
  const sentValid = r.requestId !== undefined && /^[A-Za-z0-9._:-]{1,128}$/.test(r.requestId.trim());
  if (sentValid && id !== r.requestId?.trim()) fail(`X-Request-Id ${id} does not echo ${r.requestId}`);

  const declared = [...(reached?.statuses ?? []), ...GLOBAL];
  if (!declared.includes(res.status))
    fail(`status ${res.status} is not declared for ${reached ? key_ : `(no operation: ${pathname})`}`);

  let body: unknown;
  try {
    body = raw ? JSON.parse(raw) : undefined;
  } catch {
    fail('body is not JSON');
  }
  if (res.status >= 400) {
    // The media type the operation documents for this status (the token endpoint's errors are
    // application/json); a global answer of the route table is a problem document.
    const documentedResponse = (reached?.operation.responses as Record<string, Json> | undefined)?.[String(res.status)];
    const media = Object.keys((documentedResponse?.content ?? {}) as Json)[0] ?? 'application/problem+json';
    const type = res.headers.get('content-type');
    if ((media === 'application/problem+json' ? type : type?.split(';')[0]) !== media) fail(`error is not ${media}`);
    const p = body as Json;
    if (media === 'application/json' && (p?.error !== p?.code || typeof p?.error_description !== 'string')) {
      fail('incomplete RFC 6749 error body');
    }
    const complete =
      typeof p?.code === 'string' &&
      typeof p.type === 'string' &&
      p.type.endsWith(`/problems/${p.code}`) &&
      typeof p.title === 'string' &&
      p.status === res.status &&
      p.request_id === id;
    if (!complete) fail('incomplete problem document');
  }
  if (reached?.statuses.includes(res.status) && template) {
    try {
      await expectMatchesOpenApi(h, operation.method, template, res.status, body);
    } catch (error) {
      fail((error as Error).message);
    }
  }
}

test('the fuzzed operations are exactly those of the served /openapi.json', async () => {
  const served = (await (await h.fetch('/openapi.json')).json()) as Json;
  expect(operationsOf(served).map((o) => `${o.method} ${o.template}`)).toEqual(
    operations.map((o) => `${o.method} ${o.template}`),
  );
});

// Not the sign-in pages: they answer a person in HTML (decisions §20); tests/signin/ drives and judges them.
const fuzzed = operations
  .map((o, i) => [`${o.method.toUpperCase()} ${o.template}`, o, i] as const)
  .filter(([, o]) => o.template !== '/oauth/authorize');
test.for(fuzzed)('fuzz %s', { timeout: 60_000 }, async ([, operation, index]) => {
  await fc.assert(
    fc.asyncProperty(requestFor(operation), (r) => check(operation, r)),
    {
      // One seed per operation (else every operation draws the same Idempotency-Keys).
      seed: SEED + index,
      numRuns: RUNS,
      // The request (shrunk) and what broke, without fast-check's dump of a 64 KiB body.
      reporter: (details) => {
        if (!details.failed) return;
        const cause = details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance;
        throw new Error(
          `failed after ${details.numRuns} run(s), ${details.numShrinks} shrink(s); reproduce with FUZZ_SEED=${SEED} (this operation: seed ${details.seed}, path ${details.counterexamplePath})\n${cause}`,
        );
      },
    },
  );
});
