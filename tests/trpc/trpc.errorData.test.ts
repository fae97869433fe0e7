import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AppRouter } from '../../routers/index.js';
import { hireBody } from '../support/employees.js';
import { expectProblem, type TestTenant, useTestServer } from '../support/harness.js';

// A /trpc error as a frontend reads it (decisions §20 "Browsers"): `data.request_id` equals the
// X-Request-Id of the answer, as a problem document's `request_id` does, and the message speaks of
// the procedure's input, not of REST's path and query parameters. The REST problem documents keep
// their own words.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
let t: TestTenant;
let key: string;
const NO_ID = '0195f0a0-0000-7000-8000-000000000000';

beforeAll(async () => {
  t = await h.tenant();
  key = await h.key(t, ['employees:read', 'employees:write', 'leave:read', 'leave:write']);
});

/** A client whose every request carries `requestId` as X-Request-Id (echoed by the server). */
function client(requestId: string, token: string | null = key, batch = false) {
  const headers = { 'X-Request-Id': requestId, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const url = `${h.url}/trpc`;
  return createTRPCClient<AppRouter>({ links: [batch ? httpBatchLink({ url, headers }) : httpLink({ url, headers })] });
}

async function refusal(promise: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return error as TRPCClientError<AppRouter>;
}

interface TrpcError {
  error: { message: string; data: { code: string; httpStatus: number; request_id?: string } };
}

/** A raw /trpc answer: its one error, `data.request_id` checked against the header. */
async function rawError(res: Response, status: number, code: string): Promise<TrpcError['error']> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const { error } = JSON.parse(text) as TrpcError;
  expect(error.data.code).toBe(code);
  expect(error.data.request_id).toBe(res.headers.get('x-request-id'));
  return error;
}

describe('data.request_id equals X-Request-Id', () => {
  test('on every path a procedure is refused: single query, mutation, write path, credential, batch', async () => {
    const cases: [id: string, call: (id: string) => Promise<unknown>, code: string][] = [
      // A single GET query (the fast path, whose failures tRPC answers).
      ['req-get-404', (id) => client(id).employees.get.query({ id: NO_ID }), 'not_found'],
      ['req-get-400', (id) => client(id).employees.list.query({ limit: 0 }), 'invalid_query_parameter'],
      // A write through the idempotent write path.
      [
        'req-create-409',
        (id) => client(id).employees.create.mutate(hireBody(t, { email: t.hr_admin.email }) as never),
        'email_taken',
      ],
      ['req-create-400', (id) => client(id).employees.create.mutate({} as never), 'invalid_body'],
      // Refused by the credential checks.
      ['req-401', (id) => client(id, null).employees.list.query({}), 'unauthorized'],
      // In a batch: each error of the batch.
      ['req-batch', (id) => client(id, key, true).employees.get.query({ id: NO_ID }), 'not_found'],
    ];
    for (const [requestId, call, code] of cases) {
      const error = await refusal(call(requestId));
      expect(error.data, requestId).toMatchObject({ code, request_id: requestId });
      expect((error.meta?.response as Response | undefined)?.headers.get('x-request-id'), requestId).toBe(requestId);
    }
  });

  test('a generated request id, and answers tRPC gives before any procedure (batch too large, bad input JSON)', async () => {
    const single = await h.as(key, `/trpc/employees.get?input=${encodeURIComponent(JSON.stringify({ id: NO_ID }))}`);
    expect((await rawError(single, 404, 'not_found')).data.request_id).toMatch(/^[0-9a-f-]{36}$/);
    const eleven = Array(11).fill('modules.list').join(',');
    await rawError(await h.fetch(`/trpc/${eleven}?batch=1&input={}`), 400, 'batch_too_large');
    const garbled = await rawError(await h.as(key, '/trpc/employees.list?input=%7Bnope'), 400, 'invalid_json');
    expect(garbled.message).toBe('The input is not valid JSON.');
    const batch = await h.as(
      key,
      `/trpc/employees.get,employees.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id: NO_ID }, 1: { id: t.hr_admin.id } }))}`,
    );
    const items = (await batch.json()) as (TrpcError | { result: unknown })[];
    expect('error' in items[0] && items[0].error.data.request_id).toBe(batch.headers.get('x-request-id'));
    expect('result' in items[1]).toBe(true);
  });
});

describe('messages worded for tRPC callers; REST keeps its own', () => {
  test('a malformed id: the input field named, no "path"', async () => {
    const trpc = await refusal(client('req-id').employees.get.query({ id: 'nope' }));
    expect(trpc.data?.code).toBe('invalid_id');
    expect(trpc.message).toBe('Invalid input: id: must be a UUID.');
    const update = await refusal(client('req-id').employees.update.mutate({ id: 'nope', full_name: 'X' } as never));
    expect(update.data?.code).toBe('invalid_id');
    expect(update.message).toBe('Invalid input: id: must be a UUID.');
    for (const res of [
      await h.as(key, '/v1/employees/nope'),
      await h.as(key, '/v1/employees/nope', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: '{"full_name":"X"}',
      }),
    ]) {
      expect((await expectProblem(res, 400, 'invalid_id')).detail).toBe('The id in the path must be a UUID.');
    }
  });

  test('a bad list input: "Invalid input", not "Invalid query parameter"', async () => {
    const trpc = await refusal(client('req-limit').employees.list.query({ limit: 0 }));
    expect(trpc.data?.code).toBe('invalid_query_parameter');
    expect(trpc.message).toBe('Invalid input: limit: limit must be between 1 and 100');
    const rest = await expectProblem(await h.as(key, '/v1/employees?limit=0'), 400, 'invalid_query_parameter');
    expect(rest.detail).toBe('Invalid query parameter: limit: limit must be between 1 and 100');
  });

  test('a bad mutation input: "The input has", not "The request body has"', async () => {
    const body = hireBody(t, { email: 'x', joining_date: '2026-02-30' });
    const trpc = await refusal(client('req-body').employees.create.mutate(body as never));
    expect(trpc.data?.code).toBe('invalid_body');
    expect(trpc.message).toBe('The input has 2 problem(s).');
    const rest = await expectProblem(
      await h.as(key, '/v1/employees', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
      400,
      'invalid_body',
    );
    expect(rest.detail).toBe('The request body has 2 problem(s).');
  });
});
