import { TRPCClientError } from '@trpc/client';
import { beforeAll, expect, test } from 'vitest';
import {
  createWorkforceTRPCClient,
  isWorkforceTRPCError,
  MAX_BATCH_SIZE,
  type WorkforceTRPCError,
} from '../../packages/trpc/src/index.js';
import { hire, hireBody } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';

// createWorkforceTRPCClient's own rules (decisions §17, §20), against a real server: batches of at
// most ten calls, a keyed mutation sent alone with its Idempotency-Key, a key that is not a string
// refused before anything is sent, events.onEvent streamed with the bearer in Authorization, and
// the API's refusals told by isWorkforceTRPCError. tests/packages/packages.installed.test.ts runs it as installed.

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
  // It does not compile (tests/trpc/package.types.ts); a JavaScript caller gets this at run time.
  const error = await api.employees.create
    .mutate(hireBody(t) as never, { context: { idempotencyKey: 42 as unknown as string } })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TRPCClientError);
  expect((error as TRPCClientError<never>).message).toMatch(/idempotencyKey must be a string/);
  expect(sent).toEqual([]);
});

/** A subscription to events.onEvent through the package's client: what it got, and how it ended. */
function follow(
  api: ReturnType<typeof createWorkforceTRPCClient>,
  input: Parameters<ReturnType<typeof createWorkforceTRPCClient>['events']['onEvent']['subscribe']>[0],
) {
  const got: { id: string; type: string; object: { id: string } }[] = [];
  let failed: unknown;
  let started!: () => void;
  const connected = new Promise<void>((resolve) => {
    started = resolve;
  });
  const subscription = api.events.onEvent.subscribe(input, {
    onStarted: () => started(),
    onData: ({ id, data }) => got.push({ id, type: data.type, object: data.data.object as { id: string } }),
    onError: (error) => {
      failed = error;
      started();
    },
  });
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return { got, connected, failed: () => failed, until, stop: () => subscription.unsubscribe() };
}

test('events.onEvent streams over server-sent events with the bearer in Authorization, and resumes after lastEventId', async () => {
  sent.length = 0;
  const seen: { url: string; authorization: string | null; accept: string | null }[] = [];
  const token = await h.key(t, ['employees:read', 'employees:write']);
  const api = createWorkforceTRPCClient({
    url: `${h.url}/trpc`,
    token: async () => token,
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      seen.push({ url: String(input), authorization: headers.get('authorization'), accept: headers.get('accept') });
      return fetch(input, init);
    },
  });
  const live = follow(api, { types: ['employee.created'] });
  await live.connected;
  const a = await hire(h, token, t);
  await live.until(() => live.got.length === 1);
  expect(live.failed()).toBeUndefined();
  expect(live.got).toEqual([
    { id: expect.any(String), type: 'employee.created', object: expect.objectContaining({ id: a.id }) },
  ]);
  live.stop();
  // One GET of the stream, with the token and asking for an event stream.
  const streams = seen.filter((s) => new URL(s.url).pathname === '/trpc/events.onEvent');
  expect(streams).toHaveLength(1);
  expect(streams[0]).toMatchObject({ authorization: `Bearer ${token}`, accept: 'text/event-stream' });

  // Resumed after the last id it got: the hire made meanwhile, and nothing before it.
  const b = await hire(h, token, t);
  const resumed = follow(api, { types: ['employee.created'], lastEventId: live.got[0].id });
  await resumed.until(() => resumed.got.length === 1);
  expect(resumed.got.map((e) => e.object.id)).toEqual([b.id]);
  resumed.stop();
});

test('a refused subscription fails with the API’s error: isWorkforceTRPCError, the problem code, its status and request_id', async () => {
  const api = createWorkforceTRPCClient({ url: `${h.url}/trpc`, token: 'svc_live_not_a_key' });
  const refused = follow(api, {});
  await refused.until(() => refused.failed() !== undefined);
  refused.stop();
  const error = refused.failed();
  expect(isWorkforceTRPCError(error)).toBe(true);
  const { data, shape } = error as WorkforceTRPCError;
  expect(data).toMatchObject({ code: 'invalid_credential', httpStatus: 401 });
  expect(data.request_id).toMatch(/\S/);
  expect(shape.code).toBe(-32001); // tRPC's UNAUTHORIZED
});

test('isWorkforceTRPCError: true for the API’s answers, with request_id; false for a network failure and for other errors', async () => {
  const api = client();
  const notFound = await api.employees.get
    .query({ id: '0195f0a0-0000-7000-8000-000000000000' })
    .catch((e: unknown) => e);
  expect(isWorkforceTRPCError(notFound)).toBe(true);
  expect((notFound as WorkforceTRPCError).data).toMatchObject({ code: 'not_found', httpStatus: 404 });
  expect((notFound as WorkforceTRPCError).data.request_id).toMatch(/\S/);

  const unreachable = createWorkforceTRPCClient({ url: 'http://127.0.0.1:9/trpc', token });
  const network = await unreachable.whoami.query().catch((e: unknown) => e);
  expect(network).toBeInstanceOf(TRPCClientError);
  expect(isWorkforceTRPCError(network)).toBe(false);
  expect(isWorkforceTRPCError(new Error('not_found'))).toBe(false);
  expect(isWorkforceTRPCError({ data: { code: 'not_found', httpStatus: 404 } })).toBe(false);
});

test('a dropped stream reconnects by itself with Last-Event-ID and the token: the event committed meanwhile arrives, none twice', async () => {
  const token = await h.key(t, ['employees:read', 'employees:write']);
  const streams: { lastEventId: string | null; authorization: string | null }[] = [];
  let dropped = false;
  const api = createWorkforceTRPCClient({
    url: `${h.url}/trpc`,
    token,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (new URL(String(input)).pathname !== '/trpc/events.onEvent') return response;
      const headers = new Headers(init?.headers);
      streams.push({ lastEventId: headers.get('last-event-id'), authorization: headers.get('authorization') });
      if (dropped || !response.body) return response;
      dropped = true;
      // The first stream ends after its first event with an id, as a connection a proxy drops.
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const cut = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          controller.enqueue(value);
          text += decoder.decode(value, { stream: true });
          const events = text.split('\n\n').slice(0, -1);
          if (events.some((event) => event.split('\n').some((line) => line.startsWith('id:')))) {
            await reader.cancel();
            controller.close();
          }
        },
      });
      return new Response(cut, { status: response.status, headers: response.headers });
    },
  });
  const live = follow(api, { types: ['employee.created'] });
  await live.connected;
  const a = await hire(h, token, t);
  await live.until(() => live.got.length === 1);
  const b = await hire(h, token, t);
  await live.until(() => live.got.length === 2);
  await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more (no event twice)
  live.stop();
  expect(live.failed()).toBeUndefined();
  expect(live.got.map((e) => e.object.id)).toEqual([a.id, b.id]);
  expect(streams).toEqual([
    { lastEventId: null, authorization: `Bearer ${token}` },
    { lastEventId: live.got[0].id, authorization: `Bearer ${token}` },
  ]);
});
