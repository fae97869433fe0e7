import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import { Agent, type Dispatcher, EventSource } from 'undici';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppRouter } from '../../routers/index.js';
import { fileOk } from '../leave/helpers.js';
import { hire, patchEmployee } from '../support/employees.js';
import { serverPerTest, type TestServer, type TestTenant, useTestServer } from '../support/harness.js';
import { setupOrg } from '../support/leave.js';
import { quota } from '../support/rateLimits.js';
import { sleep } from '../support/wait.js';
import { type EventRecord, listEvents } from './helpers.js';

// Decisions §20, "Live updates": events.onEvent, a tRPC subscription over server-sent events. The
// events a credential may see arrive as they are committed (within 2 s), each with its event id as
// the SSE id; a client resuming with lastEventId gets exactly what came after; refusals (401, 403,
// 400, 429) are answers of their own in tRPC's error shape, before any stream; one point of the
// rate limit per connection, at most 10 open per credential; the server's stop ends open streams.

/** One message of a text/event-stream (the fields a tRPC stream uses). */
interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/** A subscription read at the protocol level: fetch, and the stream's messages parsed as they come. */
class SseReader {
  readonly messages: SseMessage[] = [];
  /** Everything received, as text (a refusal's JSON body). */
  text = '';
  ended = false;
  readonly #abort: AbortController;

  constructor(
    readonly res: Response,
    abort: AbortController,
  ) {
    this.#abort = abort;
    void this.#read();
  }

  async #read(): Promise<void> {
    const body = this.res.body;
    if (!body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        const decoded = decoder.decode(chunk as Uint8Array, { stream: true });
        this.text += decoded;
        buffer += decoded;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            const at = line.indexOf(':');
            const [field, value] = at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1).replace(/^ /, '')];
            if (field === 'event') message.event = value;
            else if (field === 'data') message.data += value;
            else if (field === 'id') message.id = value;
          }
          if (block.trim()) this.messages.push(message);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
  }

  /** The event records received so far (data messages). */
  events(): { id?: string; event: EventRecord }[] {
    return this.messages
      .filter((m) => m.event === 'message')
      .map((m) => ({ id: m.id, event: JSON.parse(m.data) as EventRecord }));
  }

  /** Waits until a message matches `check`; the time it took from the call. */
  async until(check: (m: SseMessage) => boolean, timeoutMs = 5_000): Promise<SseMessage> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(check);
      if (found) return found;
      if (Date.now() > until || this.ended) {
        throw new Error(`no such message; got ${JSON.stringify(this.messages)}${this.ended ? ' (ended)' : ''}`);
      }
      await sleep(10);
    }
  }

  /** Waits for the stream's `connected` message: from then on the subscription is reading the log. */
  connected(): Promise<SseMessage> {
    return this.until((m) => m.event === 'connected');
  }

  close(): void {
    this.#abort.abort();
  }
}

/** GET /trpc/events.onEvent as `secret` (none: anonymous), with `input` and any headers. */
async function subscribe(
  h: TestServer,
  secret: string | undefined,
  input?: unknown,
  headers: Record<string, string> = {},
): Promise<SseReader> {
  const abort = new AbortController();
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await fetch(`${h.url}/trpc/events.onEvent${query}`, {
    headers: { ...(secret ? { Authorization: `Bearer ${secret}` } : {}), ...headers },
    signal: abort.signal,
  });
  return new SseReader(res, abort);
}

/** Asserts a refusal before any stream: its status, JSON in tRPC's error shape, and the problem code. */
async function expectRefused(reader: SseReader, status: number, code: string) {
  const { res } = reader;
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('x-request-id')).toBeTruthy();
  const until = Date.now() + 5_000;
  while (!reader.ended && Date.now() < until) await sleep(10);
  const body = JSON.parse(reader.text) as { error: { message: string; code: number; data: Record<string, unknown> } };
  expect(body.error.data).toMatchObject({ code, httpStatus: status });
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.code).toBe('number');
  return body.error;
}

const open: SseReader[] = [];
/** Closed after each describe's tests, so that no stream outlives the file. */
function track(reader: SseReader): SseReader {
  open.push(reader);
  return reader;
}
afterAll(() => {
  for (const reader of open) reader.close();
});

describe('events as they are committed', () => {
  const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
  let t: TestTenant;
  let write: string;
  let both: string;

  beforeAll(async () => {
    t = await h.tenant();
    write = await h.key(t, ['employees:write']);
    both = await h.key(t, ['employees:read', 'leave:read']);
  });

  test('a hire and a PATCH arrive within 2 s of their commit, each with its event id as the SSE id', async () => {
    const live = track(await subscribe(h, both));
    expect(live.res.status).toBe(200);
    expect(live.res.headers.get('content-type')).toBe('text/event-stream');
    expect(live.res.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(live.res.headers.get('x-request-id')).toBeTruthy();
    expect(quota(live.res).limit).toBe(100000);
    await live.connected();

    const hired = await hire(h, write, t);
    const committed = Date.now();
    const created = await live.until(
      (m) => m.data.includes(`"id":"${hired.id}"`) && m.data.includes('employee.created'),
    );
    expect(Date.now() - committed).toBeLessThan(2_000);
    const [listed] = (await listEvents(h, both, '?order=desc&limit=1')).data;
    expect(created.id).toBe(listed.id);
    expect(JSON.parse(created.data)).toEqual(listed);

    const res = await patchEmployee(h, write, hired.id as string, {
      actor_employee_id: t.hr_admin.id,
      designation: 'Engineer',
    });
    expect(res.status).toBe(200);
    const patched = Date.now();
    const updated = await live.until((m) => m.data.includes('employee.updated'));
    expect(Date.now() - patched).toBeLessThan(2_000);
    const event = JSON.parse(updated.data) as EventRecord;
    expect(updated.id).toBe(event.id);
    expect(event.previous_attributes).toHaveProperty('designation');
    expect(event.data.object).toMatchObject({ id: hired.id, designation: 'Engineer' });
    // Nothing else, and nothing twice.
    expect(live.events().map((e) => e.event.type)).toEqual(['employee.created', 'employee.updated']);
    live.close();
  });

  test('what was committed before the subscription opened is not sent: it starts from now', async () => {
    await hire(h, write, t);
    const live = track(await subscribe(h, both));
    await live.connected();
    await sleep(1_200);
    expect(live.events()).toEqual([]);
    live.close();
  });

  test('a credential sees only the types its scopes allow', async () => {
    const org = await setupOrg(h);
    const hr = await h.key(org.t, ['employees:write']);
    const leaveOnly = track(await subscribe(h, org.read));
    await leaveOnly.connected();
    await hire(h, hr, org.t);
    const filed = await fileOk(h, org);
    await leaveOnly.until((m) => m.data.includes(`"id":"${filed.id}"`));
    expect(leaveOnly.events().map((e) => e.event.type)).toEqual(['leave_request.created']);
    leaveOnly.close();
  });

  test('`types` narrows the stream; a type the credential may not see matches nothing', async () => {
    const narrow = track(await subscribe(h, both, { types: ['employee.updated'] }));
    const invisible = track(
      await subscribe(h, await h.key(t, ['employees:read']), { types: ['leave_request.created'] }),
    );
    await Promise.all([narrow.connected(), invisible.connected()]);
    const hired = await hire(h, write, t);
    expect(
      (await patchEmployee(h, write, hired.id as string, { actor_employee_id: t.hr_admin.id, department: 'Ops' }))
        .status,
    ).toBe(200);
    const updated = await narrow.until((m) => m.data.includes('employee.updated'));
    expect((JSON.parse(updated.data) as EventRecord).data.object.id).toBe(hired.id);
    expect(narrow.events().map((e) => e.event.type)).toEqual(['employee.updated']);
    await sleep(600);
    expect(invisible.events()).toEqual([]);
    narrow.close();
    invisible.close();
  });

  test('`types` follows the list’s rules: an unknown type or one named twice is 400 before any stream', async () => {
    const unknown = track(await subscribe(h, both, { types: ['employee.fired'] }));
    const error = await expectRefused(unknown, 400, 'invalid_query_parameter');
    expect(JSON.stringify(error.data.errors)).toContain('types');
    await expectRefused(
      track(await subscribe(h, both, { types: ['employee.created', 'employee.created'] })),
      400,
      'invalid_query_parameter',
    );
    await expectRefused(track(await subscribe(h, both, { types: [] })), 400, 'invalid_query_parameter');
  });

  test('resuming with lastEventId (input or Last-Event-ID header) gives exactly what came after, also while away', async () => {
    const first = track(await subscribe(h, both));
    await first.connected();
    const a = await hire(h, write, t);
    const b = await hire(h, write, t);
    await first.until((m) => m.data.includes(`"id":"${b.id}"`));
    const seen = first.events();
    expect(seen.map((e) => e.event.data.object.id)).toEqual([a.id, b.id]);
    first.close();

    // Committed while no subscription is open.
    const c = await hire(h, write, t);
    const d = await hire(h, write, t);
    const lastSeen = seen[1].id as string;
    for (const resumed of [
      track(await subscribe(h, both, { lastEventId: lastSeen })),
      track(await subscribe(h, both, undefined, { 'Last-Event-ID': lastSeen })),
    ]) {
      await resumed.until((m) => m.data.includes(`"id":"${d.id}"`));
      const e = await hire(h, write, t);
      await resumed.until((m) => m.data.includes(`"id":"${e.id}"`));
      const ids = resumed.events().map((x) => x.event.data.object.id);
      expect(ids.slice(0, 2)).toEqual([c.id, d.id]);
      expect(ids.at(-1)).toBe(e.id);
      expect(new Set(ids).size).toBe(ids.length);
      resumed.close();
    }
  });

  test('lastEventId follows the rules of `after`: unknown is 400, past the 30 days kept 410, before any stream', async () => {
    const unknown = track(await subscribe(h, both, { lastEventId: uuidv7() }));
    const error = await expectRefused(unknown, 400, 'invalid_query_parameter');
    expect(error.data.errors).toEqual([{ path: 'lastEventId', message: expect.stringContaining('no event') }]);
    // A UUID v7 of 2023: whatever it was, what followed it is no longer kept.
    const old = track(await subscribe(h, both, { lastEventId: '01890a5d-ac96-774b-bcce-b302099a8057' }));
    await expectRefused(old, 410, 'event_position_expired');
  });

  test('with @trpc/client’s httpSubscriptionLink: tracked events, and resuming from the last id it got', async () => {
    // Node's EventSource is undici's; it sends the bearer through a dispatcher that adds the header.
    const agent = new Agent().compose(
      (dispatch: Dispatcher['dispatch']) => (options: Dispatcher.DispatchOptions, handler) =>
        dispatch({ ...options, headers: { ...(options.headers as object), authorization: `Bearer ${both}` } }, handler),
    );
    const client = createTRPCClient<AppRouter>({
      links: [
        httpSubscriptionLink({
          url: `${h.url}/trpc`,
          EventSource: EventSource as unknown as typeof globalThis.EventSource,
          eventSourceOptions: () => ({ dispatcher: agent }) as EventSourceInit,
        }),
      ],
    });
    const follow = (lastEventId?: string) => {
      const got: { id: string; data: EventRecord }[] = [];
      let started!: () => void;
      const connected = new Promise<void>((resolve) => {
        started = resolve;
      });
      const subscription = client.events.onEvent.subscribe(
        { types: ['employee.created'], ...(lastEventId ? { lastEventId } : {}) },
        {
          onStarted: () => started(),
          onData: (tracked) => got.push(tracked as { id: string; data: EventRecord }),
          onError: (error) => got.push({ id: 'error', data: error as never }),
        },
      );
      return { got, connected, stop: () => subscription.unsubscribe() };
    };
    const waitFor = async (got: unknown[], n: number) => {
      const until = Date.now() + 5_000;
      while (got.length < n && Date.now() < until) await sleep(20);
      expect(got.length, JSON.stringify(got)).toBe(n);
    };

    const live = follow();
    await live.connected;
    const a = await hire(h, write, t);
    await waitFor(live.got, 1);
    expect(live.got[0].id).toBe(live.got[0].data.id);
    expect(live.got[0].data.data.object.id).toBe(a.id);
    live.stop();

    const b = await hire(h, write, t);
    const resumed = follow(live.got[0].id);
    await waitFor(resumed.got, 1);
    expect(resumed.got[0].data.data.object.id).toBe(b.id);
    resumed.stop();
    await agent.close();
  });
});

describe('refusals before the stream', () => {
  const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
  let t: TestTenant;

  beforeAll(async () => {
    t = await h.tenant();
  });

  test('no credential is 401 unauthorized and an invalid one 401 invalid_credential, in tRPC’s shape', async () => {
    const anonymous = track(await subscribe(h, undefined));
    await expectRefused(anonymous, 401, 'unauthorized');
    expect(anonymous.res.headers.get('www-authenticate')).toBe('Bearer realm="workforce"');
    const invalid = track(await subscribe(h, 'svc_live_0000000000000000000000000000000000000000'));
    await expectRefused(invalid, 401, 'invalid_credential');
    expect(invalid.res.headers.get('www-authenticate')).toBe('Bearer realm="workforce", error="invalid_token"');
  });

  test('a credential that may see no event is 403 insufficient_scope', async () => {
    const reader = track(await subscribe(h, await h.key(t, ['leave:write'])));
    await expectRefused(reader, 403, 'insufficient_scope');
    expect(reader.res.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  test('at most 10 open per credential: the 11th is 429 rate_limited with Retry-After; closing one frees a place', async () => {
    const secret = await h.key(t, ['employees:read']);
    const streams = await Promise.all(Array.from({ length: 10 }, () => subscribe(h, secret).then(track)));
    await Promise.all(streams.map((s) => s.connected()));
    const eleventh = track(await subscribe(h, secret));
    await expectRefused(eleventh, 429, 'rate_limited');
    expect(Number(eleventh.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another credential of the same tenant has places of its own.
    const other = track(await subscribe(h, await h.key(t, ['employees:read'])));
    await other.connected();

    streams[0].close();
    await sleep(300);
    const again = track(await subscribe(h, secret));
    expect(again.res.status).toBe(200);
    await again.connected();
    for (const s of [...streams, other, again]) s.close();
  });
});

describe('the rate limit', () => {
  const start = serverPerTest();

  test('an open subscription spends one point when it opens, none while it stays open', async () => {
    const h = await start({ RATE_LIMIT_POINTS: '3' });
    const t = await h.tenant();
    const secret = await h.key(t, ['employees:read']);
    const live = track(await subscribe(h, secret));
    expect(quota(live.res)).toMatchObject({ limit: 3, remaining: 2 });
    await live.connected();
    await sleep(1_500); // several polls of the log
    const res = await h.as(secret, '/v1/events');
    expect(quota(res).remaining).toBe(1);
    await h.as(secret, '/v1/events');
    const refused = track(await subscribe(h, secret));
    await expectRefused(refused, 429, 'rate_limited');
    expect(refused.res.headers.get('retry-after')).toBeTruthy();
    live.close();
  });
});

describe('the server stops', () => {
  const start = serverPerTest();

  test('its graceful stop ends open subscriptions instead of waiting for them', async () => {
    const h = await start({ RATE_LIMIT_POINTS: '100000' });
    const t = await h.tenant();
    const secret = await h.key(t, ['employees:read']);
    const live = track(await subscribe(h, secret));
    await live.connected();
    const began = Date.now();
    await Promise.race([
      h.close(),
      sleep(5_000).then(() => {
        throw new Error('the server did not stop within 5 s with a subscription open');
      }),
    ]);
    expect(Date.now() - began).toBeLessThan(5_000);
    const until = Date.now() + 2_000;
    while (!live.ended && Date.now() < until) await sleep(20);
    expect(live.ended).toBe(true);
  });
});
