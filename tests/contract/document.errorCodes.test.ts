import { describe, expect, test } from 'vitest';
import { type ProblemCode, problemCodes } from '../../core/problems.js';
import type { Meta } from '../../core/trpc.js';
import { appRouter } from '../../routers/index.js';
import { buildOpenApiDocument } from '../../server/openapi/document.js';
import { useTestServer } from '../support/harness.js';
import { ContractDrift, type Exchange } from '../support/openapi.js';

// The problem codes of each operation (server/openapi/document.ts): a procedure's meta lists the codes of
// its own rules (`errors`), the generator adds those its kind implies (credential, scope, query,
// path id, body, Idempotency-Key, rate limit, 500/503), derives each response's status from the
// registry (core/problems.ts) and narrows the response's Problem `code` to its codes. The response
// validator of the harness (tests/support/openapi.ts) checks every answer the suite receives
// against that narrowed schema, so a code an operation answers and does not document fails
// whichever test received it.

// biome-ignore lint/suspicious/noExplicitAny: walking an arbitrary JSON document
type Json = Record<string, any>;

const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, Json>> };
const METHODS = ['get', 'post', 'patch', 'put', 'delete'];

/** The codes `method path` documents, by status (the `code` enum of each error response). */
function documented(method: string, path: string): Record<string, string[]> {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`no operation ${method} ${path}`);
  return Object.fromEntries(
    Object.entries(operation.responses as Record<string, Json>)
      .map(([status, response]) => {
        const [media] = Object.values((response.content ?? {}) as Record<string, { schema: Json }>);
        return [status, media?.schema.allOf?.[1].properties.code.enum as string[] | undefined] as const;
      })
      // The sign-in's HTML pages carry no code (decisions §20).
      .filter((entry): entry is readonly [string, string[]] => Number(entry[0]) >= 400 && entry[1] !== undefined),
  );
}

const every = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((m) => METHODS.includes(m))
    .map((method) => ({ method, path, codes: documented(method, path) })),
);

/** Every code of every status, without 500/503 (on every operation). */
const flat = (codes: Record<string, string[]>) =>
  Object.entries(codes)
    .filter(([status]) => Number(status) < 500)
    .flatMap(([, list]) => list);

describe('the documented codes of some operations', () => {
  test('POST /leave-requests: its business codes, and those of an authenticated, scoped, idempotent write', () => {
    expect(documented('post', '/leave-requests')).toEqual({
      400: ['invalid_json', 'invalid_body', 'invalid_idempotency_key'],
      401: ['unauthorized', 'invalid_credential'],
      // actor_not_permitted: filing for someone else with an employee's own token (decisions §20).
      403: ['insufficient_scope', 'actor_not_permitted'],
      404: ['employee_not_found', 'leave_type_not_found'],
      409: ['idempotency_key_reused', 'idempotency_key_in_use'],
      413: ['payload_too_large'],
      415: ['unsupported_media_type'],
      422: ['insufficient_leave_balance', 'overlapping_leave_request'],
      429: ['rate_limited'],
      500: ['internal_error'],
      503: ['service_unavailable'],
    });
  });

  test('POST /employees and PATCH /employees/{id}: the hire refuses with seats, the update never does', () => {
    const hire = documented('post', '/employees');
    // actor_mismatch: an employee's own token naming another actor (decisions §20).
    expect(hire).toMatchObject({
      403: ['insufficient_scope', 'actor_not_hr_admin', 'actor_mismatch'],
      404: ['actor_not_found', 'manager_not_found'],
      409: ['email_taken', 'employee_id_taken', 'idempotency_key_reused', 'idempotency_key_in_use'],
      422: ['seat_limit_reached'],
    });
    const update = documented('patch', '/employees/{id}');
    expect(update).toMatchObject({
      400: ['invalid_id', 'invalid_json', 'invalid_body', 'invalid_idempotency_key', 'invalid_header'],
      403: ['insufficient_scope', 'actor_not_hr_admin', 'actor_mismatch'],
      404: ['not_found', 'actor_not_found'],
      409: ['idempotency_key_reused', 'idempotency_key_in_use'],
      412: ['precondition_failed'],
    });
    expect(update).not.toHaveProperty('422');
  });

  test.each(['approve', 'reject', 'cancel'])(
    'POST /leave-requests/{id}/%s: actor rules and transitions',
    (decision) => {
      const codes = documented('post', `/leave-requests/{id}/${decision}`);
      expect(codes).toMatchObject({
        403: ['insufficient_scope', 'actor_not_permitted', 'actor_mismatch'],
        404: ['not_found', 'actor_not_found'],
        409: ['invalid_leave_transition', 'idempotency_key_reused', 'idempotency_key_in_use'],
        412: ['precondition_failed'],
      });
      expect(codes).not.toHaveProperty('422');
    },
  );

  test('reads: a list takes a query and a cursor, a record an id; leave balances name their employee', () => {
    expect(documented('get', '/holidays')).toEqual({
      400: ['invalid_query_parameter', 'invalid_cursor'],
      401: ['unauthorized', 'invalid_credential'],
      403: ['insufficient_scope'],
      429: ['rate_limited'],
      500: ['internal_error'],
      503: ['service_unavailable'],
    });
    expect(documented('get', '/holidays/{id}')).toMatchObject({ 400: ['invalid_id'], 404: ['not_found'] });
    expect(documented('get', '/leave-balances')).toMatchObject({
      400: ['invalid_query_parameter', 'invalid_cursor'],
      404: ['employee_not_found'],
    });
  });

  test('anonymous metadata: no unauthorized; the catalogue refuses an invalid credential; health only 500/503', () => {
    expect(documented('get', '/health')).toEqual({ 500: ['internal_error'], 503: ['service_unavailable'] });
    expect(flat(documented('get', '/capabilities'))).toEqual(['rate_limited']);
    expect(documented('get', '/modules')).toMatchObject({
      400: ['invalid_query_parameter', 'invalid_cursor'],
      401: ['invalid_credential'],
    });
    expect(flat(documented('get', '/modules/{slug}'))).toEqual(['invalid_credential', 'not_found', 'rate_limited']);
    expect(flat(documented('get', '/whoami'))).toEqual(['unauthorized', 'invalid_credential', 'rate_limited']);
  });

  test('POST /oauth/token: the RFC 6749 codes, in its own error body', () => {
    expect(documented('post', '/oauth/token')).toEqual({
      400: ['invalid_request', 'invalid_grant', 'unsupported_grant_type', 'invalid_scope'],
      401: ['invalid_client'],
      429: ['rate_limited'],
      500: ['internal_error'],
      503: ['service_unavailable'],
    });
  });
});

describe('every operation', () => {
  test.each(every.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s: each status carries registered codes of that status, each once, listed in its description',
    (_, { method, path, codes }) => {
      for (const [status, list] of Object.entries(codes)) {
        expect(list.length, `${status}`).toBeGreaterThan(0);
        expect(new Set(list).size, `${status}`).toBe(list.length);
        for (const code of list) {
          expect(Object.hasOwn(problemCodes, code), code).toBe(true);
          expect(problemCodes[code as ProblemCode].status, `${code} on ${status}`).toBe(Number(status));
        }
        const response = doc.paths[path][method].responses[status] as Json;
        for (const code of list) expect(response.description, status).toContain(`\`${code}\``);
      }
      expect(codes[500]).toEqual(['internal_error']);
      expect(codes[503]).toEqual(['service_unavailable']);
    },
  );

  test("each procedure's own codes (meta `errors`) are documented on its operation", () => {
    let checked = 0;
    for (const procedure of Object.values(appRouter._def.procedures) as unknown as { _def: { meta?: Meta } }[]) {
      const meta = procedure._def.meta;
      if (!meta?.openapi) continue;
      const codes = flat(documented(meta.openapi.method.toLowerCase(), meta.openapi.path));
      expect(codes, meta.openapi.path).toEqual(expect.arrayContaining([...(meta.errors ?? [])]));
      checked++;
    }
    // All but the OAuth endpoints Koa serves (token, authorize GET and POST, revoke), which no procedure serves.
    expect(checked).toBe(every.length - 4);
  });

  test('every registered code is answered by some operation, or before any operation runs', () => {
    const answered = new Set(every.flatMap((o) => Object.values(o.codes).flat()));
    // The route table's 404/405, Node's own refusals (server/http/httpServer.ts), tRPC's batch limit,
    // a CORS preflight's refusal (server/http/pipeline/edge.ts).
    const beforeAnyOperation = [
      'cors_origin_not_allowed',
      'method_not_allowed',
      'malformed_request',
      'request_timeout',
      'request_header_fields_too_large',
      'batch_too_large',
    ];
    const missing = Object.keys(problemCodes).filter((c) => !answered.has(c) && !beforeAnyOperation.includes(c));
    expect(missing).toEqual([]);
  });
});

describe('the harness holds answers to the codes of their operation', () => {
  const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000' });

  const problem = (status: number, code: string) =>
    JSON.stringify({ type: `https://x.test/problems/${code}`, title: 'T', status, code, request_id: 'r' });
  const answer = (method: string, path: string, status: number, code: string): Exchange => ({
    method,
    url: `${h.url}${path}`,
    status,
    headers: new Headers({ 'Content-Type': 'application/problem+json' }),
    body: problem(status, code),
  });

  test('a documented status with a code the operation does not list is a drift', async () => {
    const contract = await h.contract();
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    expect(() => contract.check(answer('GET', '/v1/employees', 400, 'invalid_cursor'))).not.toThrow();
    // invalid_id is a 400 of a record's endpoint, not of a list.
    expect(() => contract.check(answer('GET', '/v1/employees', 400, 'invalid_id'))).toThrow(ContractDrift);
    expect(() => contract.check(answer('GET', `/v1/employees/${id}`, 400, 'invalid_id'))).not.toThrow();
    // A 404 of a hire is about a referenced employee; a record's 404 is not_found.
    expect(() => contract.check(answer('POST', '/v1/employees', 404, 'manager_not_found'))).not.toThrow();
    expect(() => contract.check(answer('POST', '/v1/employees', 404, 'not_found'))).toThrow(ContractDrift);
    expect(() => contract.check(answer('PATCH', `/v1/employees/${id}`, 409, 'email_taken'))).toThrow(ContractDrift);
    expect(() => contract.check(answer('GET', '/v1/modules', 401, 'unauthorized'))).toThrow(ContractDrift);
  });

  test('real refusals pass through the validating fetch, each with a code its operation lists', async () => {
    const tenant = await h.tenant();
    const key = await h.key(tenant, ['holidays:read']);
    const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;
    expect(await codeOf(await h.fetch('/v1/modules?cursor=nope'))).toBe('invalid_cursor');
    expect(await codeOf(await h.fetch('/v1/modules/nope'))).toBe('not_found');
    expect(await codeOf(await h.fetch('/v1/whoami'))).toBe('unauthorized');
    expect(await codeOf(await h.as(key, '/v1/holidays/not-a-uuid'))).toBe('invalid_id');
    expect(await codeOf(await h.as(key, '/v1/employees'))).toBe('insufficient_scope');
  });
});
