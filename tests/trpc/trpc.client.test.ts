import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import type { AppRouter } from '../../routers/index.js';
import { uniqueEmail } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';

// The tRPC surface as our own frontends meet it: `@trpc/client` with the exported AppRouter type
// and `httpBatchLink` (decisions §11), against a real server. Same credentials, rules and codes as
// /v1; errors are TRPCClientError with the problem code in `data.code`.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
let t: TestTenant;
let secret: string;
/** HTTP requests the links sent, to see batching happen. */
let sent = 0;

function client(options: { maxItems?: number; headers?: Record<string, string>; batch?: boolean } = {}) {
  const common = {
    url: `${h.url}/trpc`,
    headers: { Authorization: `Bearer ${secret}`, ...options.headers },
    fetch: (url: URL | RequestInfo, init?: RequestInit) => {
      sent++;
      return fetch(url, init);
    },
  };
  return createTRPCClient<AppRouter>({
    links: [
      options.batch === false ? httpLink(common) : httpBatchLink({ ...common, maxItems: options.maxItems ?? 10 }),
    ],
  });
}

beforeAll(async () => {
  t = await h.tenant();
  secret = await h.key(t, SCOPES);
});

async function clientError(promise: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return error as TRPCClientError<AppRouter>;
}

describe('reads', () => {
  test('whoami, a page of employees and one employee, batched into one HTTP request', async () => {
    const api = client();
    const before = sent;
    const [me, page, types] = await Promise.all([
      api.whoami.query(),
      api.employees.list.query({ limit: 5 }),
      api.leaveTypes.list.query({}),
    ]);
    expect(sent - before).toBe(1);
    expect(me.data).toMatchObject({ credential: 'api_key', env: 'live' });
    expect(page.data.map((e) => e.id)).toContain(t.hr_admin.id);
    expect(types.data.map((type) => type.code).sort()).toEqual(['ANNUAL', 'SICK', 'UNPAID']);
    const { data: admin } = await api.employees.get.query({ id: t.hr_admin.id });
    expect(admin.employee_id).toBe(t.hr_admin.employee_id);
  });

  test('a missing record is a TRPCClientError with data.code not_found and data.httpStatus 404', async () => {
    const error = await clientError(client().employees.get.query({ id: '0195f0a0-0000-7000-8000-000000000000' }));
    expect(error.data).toMatchObject({ code: 'not_found', httpStatus: 404 });
    expect(error.message).toMatch(/No record/);
  });

  test('the scope rule holds: a key without employees:read gets insufficient_scope (403)', async () => {
    const narrow = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({ url: `${h.url}/trpc`, headers: { Authorization: `Bearer ${await h.key(t, ['leave:read'])}` } }),
      ],
    });
    const error = await clientError(narrow.employees.list.query({}));
    expect(error.data).toMatchObject({ code: 'insufficient_scope', httpStatus: 403 });
  });

  test('ten calls go in one batch; the eleventh is sent in a second one (maxItems 10, the server cap)', async () => {
    const api = client();
    const before = sent;
    const pages = await Promise.all(Array.from({ length: 11 }, () => api.modules.list.query({ limit: 1 })));
    expect(pages).toHaveLength(11);
    expect(sent - before).toBe(2);
  });

  test('without maxItems, a batch beyond the cap is refused whole: every call gets batch_too_large', async () => {
    const api = client({ maxItems: Number.POSITIVE_INFINITY });
    const results = await Promise.allSettled(Array.from({ length: 11 }, () => api.health.query()));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect(((result as PromiseRejectedResult).reason as TRPCClientError<AppRouter>).data).toMatchObject({
        code: 'batch_too_large',
        httpStatus: 400,
      });
    }
  });
});

describe('writes', () => {
  test('hire, file leave for the new employee, approve it as the HR admin', async () => {
    const api = client();
    const email = uniqueEmail('trpc.client');
    const { data: hired } = await api.employees.create.mutate({
      actor_employee_id: t.hr_admin.id,
      email,
      full_name: 'Ada Lovelace',
      joining_date: '2026-01-05',
    });
    expect(hired).toMatchObject({ email, employment_type: 'full_time', manager_id: null });
    const types = await api.leaveTypes.list.query({});
    const annual = types.data.find((type) => type.code === 'ANNUAL');
    const year = new Date().getUTCFullYear();
    const { data: filed } = await api.leaveRequests.create.mutate({
      employee_id: hired.id,
      leave_type_id: annual?.id as string,
      start_date: `${year}-06-01`,
      end_date: `${year}-06-02`,
      days_count: 2,
      reason: 'Conference',
    });
    expect(filed).toMatchObject({ status: 'pending', days_count: 2 });
    const { data: approved } = await api.leaveRequests.approve.mutate({
      id: filed.id,
      actor_employee_id: t.hr_admin.id,
      comment: 'Enjoy',
    });
    expect(approved).toMatchObject({ status: 'approved', decided_by: t.hr_admin.id, decision_comment: 'Enjoy' });
    const balances = await api.leaveBalances.list.query({ employee_id: hired.id });
    expect(balances.data.find((b) => b.leave_type_id === annual?.id)).toMatchObject({ used: 2, pending: 0 });

    // The same rules as /v1: approving again is 409 invalid_leave_transition.
    const again = await clientError(
      api.leaveRequests.approve.mutate({ id: filed.id, actor_employee_id: t.hr_admin.id }),
    );
    expect(again.data).toMatchObject({ code: 'invalid_leave_transition', httpStatus: 409 });
  });

  test('an invalid body lists every violation in data.errors', async () => {
    const error = await clientError(
      client().employees.create.mutate({
        actor_employee_id: t.hr_admin.id,
        email: 'not-an-address',
        full_name: ' ',
        joining_date: '2026-02-30',
      }),
    );
    expect(error.data).toMatchObject({ code: 'invalid_body', httpStatus: 400 });
    const paths = (error.data as unknown as { errors: { path: string }[] }).errors.map((e) => e.path).sort();
    expect(paths).toEqual(['email', 'full_name', 'joining_date']);
  });
});

describe('Idempotency-Key over /trpc: the same write path as /v1 (decisions §6)', () => {
  const hireInput = () => ({
    actor_employee_id: t.hr_admin.id,
    email: uniqueEmail('trpc.keyed'),
    full_name: 'Grace Hopper',
    joining_date: '2026-02-02',
  });
  const keyed = (key: string, batch = false) => client({ batch, headers: { 'Idempotency-Key': key } });
  const newKey = () => `trpc-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  test.each([
    ['httpLink', false],
    ['httpBatchLink (a batch of one)', true],
  ])('%s: a retry with the key answers the same record and hires once', async (_name, batch) => {
    const key = newKey();
    const input = hireInput();
    const first = await keyed(key, batch).employees.create.mutate(input);
    const again = await keyed(key, batch).employees.create.mutate(input);
    expect(again.data).toEqual(first.data);
    const page = await client().employees.list.query({ limit: 100 });
    expect(page.data.filter((e) => e.email === input.email)).toHaveLength(1);

    const other = await clientError(keyed(key, batch).employees.create.mutate(hireInput()));
    expect(other.data).toMatchObject({ code: 'idempotency_key_reused', httpStatus: 409 });
  });

  test('the replay is byte for byte with Idempotent-Replayed: true; a refusal is stored and replayed too', async () => {
    const post = (key: string, input: unknown) =>
      h.fetch('/trpc/employees.create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}`, 'Idempotency-Key': key },
        body: JSON.stringify(input),
      });
    const key = newKey();
    const input = hireInput();
    const first = await post(key, input);
    const text = await first.text();
    expect(first.status, text).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await post(key, input);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(text);

    const refusedKey = newKey();
    const refused = { ...hireInput(), actor_employee_id: '0195f0a0-0000-7000-8000-000000000000' };
    const notFound = await post(refusedKey, refused);
    const notFoundText = await notFound.text();
    expect(notFound.status).toBe(404);
    expect(JSON.parse(notFoundText).error.data.code).toBe('actor_not_found');
    const replayedRefusal = await post(refusedKey, refused);
    expect(replayedRefusal.headers.get('idempotent-replayed')).toBe('true');
    expect(replayedRefusal.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await replayedRefusal.text()).toBe(notFoundText);
  });

  test('a key on a batch of several calls, or a malformed key, is 400 invalid_idempotency_key; nothing is hired', async () => {
    const api = client({ headers: { 'Idempotency-Key': newKey() } });
    const inputs = [hireInput(), hireInput()];
    const results = await Promise.allSettled(inputs.map((input) => api.employees.create.mutate(input)));
    for (const result of results) {
      expect(((result as PromiseRejectedResult).reason as TRPCClientError<AppRouter>).data).toMatchObject({
        code: 'invalid_idempotency_key',
        httpStatus: 400,
      });
    }
    const malformed = await clientError(keyed('not a key').employees.create.mutate(hireInput()));
    expect(malformed.data).toMatchObject({ code: 'invalid_idempotency_key', httpStatus: 400 });
    const page = await client().employees.list.query({ limit: 100 });
    expect(page.data.filter((e) => inputs.some((i) => i.email === e.email))).toHaveLength(0);
  });

  test('a stored response is never replayed to a credential without the scope (403 first)', async () => {
    const key = newKey();
    const input = hireInput();
    await keyed(key).employees.create.mutate(input);
    const reader = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${h.url}/trpc`,
          headers: { Authorization: `Bearer ${await h.key(t, ['employees:read'])}`, 'Idempotency-Key': key },
        }),
      ],
    });
    const error = await clientError(reader.employees.create.mutate(input));
    expect(error.data).toMatchObject({ code: 'insufficient_scope', httpStatus: 403 });
  });
});
