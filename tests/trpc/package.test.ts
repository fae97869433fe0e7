import { TRPCClientError } from '@trpc/client';
import { beforeAll, expect, test } from 'vitest';
import { createWorkforceTRPCClient, MAX_BATCH_SIZE } from '../../packages/trpc/src/index.js';
import { hireBody } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';

// createWorkforceTRPCClient's own rules (decisions §17), against a real server: batches of at most
// ten calls, a keyed mutation sent alone with its Idempotency-Key, a key that is not a string
// refused before anything is sent. tests/packages/installed.test.ts runs it as installed.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
let t: TestTenant;
let token: string;
/** Every request the client sent: its URL and Idempotency-Key. */
const sent: { url: string; key: string | null }[] = [];

beforeAll(async () => {
  t = await h.tenant();
  token = await h.key(t, ['employees:read', 'employees:write']);
});

const client = () =>
  createWorkforceTRPCClient({
    url: `${h.url}/trpc`,
    token,
    fetch: async (input, init) => {
      sent.push({ url: String(input), key: new Headers(init?.headers).get('idempotency-key') });
      return fetch(input, init);
    },
  });

test('calls made together go in batches of at most ten', async () => {
  sent.length = 0;
  const api = client();
  const pages = await Promise.all(Array.from({ length: MAX_BATCH_SIZE + 1 }, () => api.employees.list.query({})));
  expect(pages.every((page) => page.data.length === 1)).toBe(true);
  expect(sent.map((s) => new URL(s.url).pathname.split(',').length).sort()).toEqual([1, MAX_BATCH_SIZE]);
});

test('a keyed mutation goes alone with its key and is replayed; unkeyed calls stay batched', async () => {
  sent.length = 0;
  const api = client();
  const body = hireBody(t) as Parameters<typeof api.employees.create.mutate>[0];
  // The keyed hire beside an unkeyed read (made together), then the same hire again (a retry).
  const [first] = await Promise.all([
    api.employees.create.mutate(body, { context: { idempotencyKey: 'package-hire-1' } }),
    api.employees.list.query({}),
  ]);
  const again = await api.employees.create.mutate(body, { context: { idempotencyKey: 'package-hire-1' } });
  expect(first.data.email).toBe(body.email);
  const keyed = sent.filter((s) => s.key !== null);
  expect(keyed.map((s) => [new URL(s.url).pathname, s.key])).toEqual([
    ['/trpc/employees.create', 'package-hire-1'],
    ['/trpc/employees.create', 'package-hire-1'],
  ]);
  expect(sent.filter((s) => s.key === null).map((s) => new URL(s.url).pathname)).toEqual(['/trpc/employees.list']);
  expect(again).toEqual(first);
});

test('an idempotencyKey that is not a string is refused before anything is sent', async () => {
  sent.length = 0;
  const api = client();
  const error = await api.employees.create
    .mutate(hireBody(t) as never, { context: { idempotencyKey: 42 } })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TRPCClientError);
  expect((error as TRPCClientError<never>).message).toMatch(/idempotencyKey must be a string/);
  expect(sent).toEqual([]);
});
