// workforce.events.follow (issue 34 item 4): the event log followed as an async iterator against a
// live server, through the client's own transport: polls `after=<last id>` page after page, waits
// longer while nothing happens, starts at the newest event unless told otherwise, ends quietly on
// abort, and throws EventPositionExpiredError for a position past the 30 days kept (decisions §19).
import { expect, test } from 'vitest';
import {
  createClient,
  EventPositionExpiredError,
  isWorkforceError,
  WorkforceError,
} from '../../packages/client/src/index.js';
import { EVENT_RETENTION_DAYS } from '../../routers/events/events.writes.js';
import { allEvents, listEvents } from '../events/helpers.js';
import { sql } from '../support/database.js';
import { hire, patchEmployee } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { waitFor } from '../support/wait.js';

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
const DAY_MS = 86_400_000;
/** Short waits, so that a test sees several idle polls in a second. */
const QUICK = { idleDelay: 50, maxIdleDelay: 200 };

/** A GET /v1/events the client sent, with when its answer arrived. */
interface Poll {
  query: URLSearchParams;
  status: number;
  at: number;
}

/** A tenant, a key that hires and a client that reads the log, recording every poll it makes. */
async function setUp(): Promise<{
  t: TestTenant;
  write: string;
  read: string;
  polls: Poll[];
  workforce: ReturnType<typeof createClient>;
}> {
  const t = await h.tenant();
  const write = await h.key(t, ['employees:write']);
  const read = await h.key(t, ['employees:read']);
  const polls: Poll[] = [];
  const workforce = createClient({
    baseUrl: h.url,
    apiKey: read,
    fetch: async (request) => {
      const response = await fetch(request);
      polls.push({ query: new URL(request.url).searchParams, status: response.status, at: performance.now() });
      return response;
    },
  });
  return { t, write, read, polls, workforce };
}

/** The next `n` events of `events`, leaving the loop after them. */
async function take<T>(events: AsyncIterable<T>, n: number): Promise<T[]> {
  const taken: T[] = [];
  for await (const event of events) {
    taken.push(event);
    if (taken.length === n) break;
  }
  return taken;
}

const idsOf = (events: { id: string }[]) => events.map((e) => e.id);

test('without `after`, starts at the newest event and yields what comes next, in order', async () => {
  const { t, write, read, polls, workforce } = await setUp();
  await hire(h, write, t);
  const events = workforce.events.follow(QUICK)[Symbol.asyncIterator]();
  const first = events.next();
  // The position is taken when the loop first asks: the newest event, newest first.
  await waitFor(() => polls.length >= 2, 'the position and a first poll');
  expect(polls[0].query.get('order')).toBe('desc');
  expect(polls[0].query.get('limit')).toBe('1');
  const [before] = (await listEvents(h, read)).data;
  expect(polls[1].query.get('after')).toBe(before.id);

  const hired = [await hire(h, write, t), await hire(h, write, t)];
  const second = events.next();
  const yielded = [(await first).value, (await second).value];
  expect(yielded.map((e) => [e?.type, e?.data.object.id])).toEqual(hired.map((e) => ['employee.created', e.id]));
  expect(idsOf((await listEvents(h, read, `?after=${before.id}`)).data)).toEqual(yielded.map((e) => e?.id));
  await events.return?.();
});

test('resumes after the id it is given, following pages, and stops asking once the loop is left', async () => {
  const { t, write, read, polls, workforce } = await setUp();
  for (let i = 0; i < 4; i++) await hire(h, write, t);
  const log = idsOf((await listEvents(h, read)).data);
  expect(log).toHaveLength(4);

  expect(idsOf(await take(workforce.events.follow({ ...QUICK, after: log[0] }), 3))).toEqual(log.slice(1));
  expect(polls.map((p) => p.query.get('after'))).toEqual([log[0]]);
  // `from: 'start'` without `after`: every event kept, from the first.
  polls.length = 0;
  expect(idsOf(await take(workforce.events.follow({ ...QUICK, from: 'start' }), 4))).toEqual(log);
  expect(polls.map((p) => p.query.has('after'))).toEqual([false]);
});

test('a backlog longer than a page is read page after page without waiting', async () => {
  const { t, write, read, polls, workforce } = await setUp();
  for (let batch = 0; batch < 11; batch++) await Promise.all(Array.from({ length: 10 }, () => hire(h, write, t)));
  const log = idsOf(await allEvents(h, read));
  expect(log).toHaveLength(110);
  // A wait between the pages would outlast the test.
  const events = await take(workforce.events.follow({ from: 'start', idleDelay: 60_000 }), 110);
  expect(idsOf(events)).toEqual(log);
  expect(polls.map((p) => p.query.get('after'))).toEqual([null, log[99]]);
});

test('`types` is sent as one comma list and only those types are yielded', async () => {
  const { t, write, polls, workforce } = await setUp();
  const ada = await hire(h, write, t);
  const res = await patchEmployee(h, write, ada.id as string, {
    actor_employee_id: t.hr_admin.id,
    designation: 'Staff Engineer',
  });
  expect(res.status).toBe(200);
  await hire(h, write, t);

  const [updated] = await take(workforce.events.follow({ ...QUICK, from: 'start', types: ['employee.updated'] }), 1);
  expect([updated.type, updated.data.object.id]).toEqual(['employee.updated', ada.id]);
  const both = await take(
    workforce.events.follow({ ...QUICK, from: 'start', types: ['employee.created', 'employee.updated'] }),
    3,
  );
  expect(both.map((e) => e.type)).toEqual(['employee.created', 'employee.updated', 'employee.created']);
  // Typed as the types asked for: an employee's `version`, which other events' objects lack.
  expect(both.map((e) => e.data.object.version)).toEqual([1, 2, 1]);
  expect(polls.map((p) => p.query.getAll('type'))).toEqual([
    ['employee.updated'],
    ['employee.created,employee.updated'],
  ]);
  expect(polls.map((p) => p.status)).toEqual([200, 200]);
});

test('idle, it waits longer after each empty poll up to the cap, and at once less after an event', async () => {
  const { t, write, polls, workforce } = await setUp();
  const stop = new AbortController();
  const idle = { idleDelay: 100, maxIdleDelay: 400, signal: stop.signal };
  const events = workforce.events.follow({ ...idle, from: 'start' })[Symbol.asyncIterator]();
  const next = events.next();
  await waitFor(() => polls.length >= 6, 'six empty polls', 10_000, 10);
  const gaps = polls.slice(1).map((p, i) => p.at - polls[i].at);
  // 100, 200, 400, 400, 400 ms, give or take the request itself.
  for (const [i, wanted] of [100, 200, 400, 400, 400].entries()) {
    expect(gaps[i], `gap ${i}: ${gaps}`).toBeGreaterThanOrEqual(wanted - 5);
    expect(gaps[i], `gap ${i}: ${gaps}`).toBeLessThan(wanted + 150);
  }
  const hired = await hire(h, write, t);
  expect((await next).value?.data.object.id).toBe(hired.id);
  const afterEvent = polls.length;
  const again = events.next();
  await waitFor(() => polls.length >= afterEvent + 2, 'two polls after the event', 10_000, 10);
  // Back to the first wait once an event came.
  const gap = polls[afterEvent + 1].at - polls[afterEvent].at;
  expect(gap).toBeLessThan(100 + 150);
  // A `next()` waiting for an event ends with the signal (a generator's return() would wait for it).
  stop.abort();
  await expect(again).resolves.toEqual({ done: true, value: undefined });
});

test('an abort ends the loop without an error, during a wait or a request', async () => {
  const { polls, workforce } = await setUp();
  const controller = new AbortController();
  const seen: unknown[] = [];
  const loop = (async () => {
    for await (const event of workforce.events.follow({
      from: 'start',
      signal: controller.signal,
      idleDelay: 60_000,
    })) {
      seen.push(event);
    }
    return 'ended';
  })();
  await waitFor(() => polls.length >= 1, 'the first poll');
  const aborted = performance.now();
  controller.abort();
  await expect(loop).resolves.toBe('ended');
  expect(performance.now() - aborted).toBeLessThan(1000);
  expect(seen).toEqual([]);

  // Aborted before it starts: no request at all.
  polls.length = 0;
  expect(await take(workforce.events.follow({ signal: AbortSignal.abort() }), 1)).toEqual([]);
  expect(polls).toEqual([]);
});

test('a position past the 30 days kept throws EventPositionExpiredError naming it', async () => {
  const { t, write, read, workforce } = await setUp();
  await hire(h, write, t);
  await hire(h, write, t);
  const [old] = idsOf((await listEvents(h, read)).data);
  await sql(h, 'update events set created_at = ?::timestamptz where id = ?', [
    new Date(Date.now() - (EVENT_RETENTION_DAYS + 0.01) * DAY_MS).toISOString(),
    old,
  ]);

  const failure = await take(workforce.events.follow({ ...QUICK, after: old }), 1).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(EventPositionExpiredError);
  expect(failure).toBeInstanceOf(WorkforceError);
  expect(isWorkforceError(failure, 'GET', '/v1/events')).toBe(true);
  const expired = failure as EventPositionExpiredError;
  expect(expired.name).toBe('EventPositionExpiredError');
  expect(expired.position).toBe(old);
  expect([expired.status, expired.code]).toEqual([410, 'event_position_expired']);
  expect(expired.message).toContain('copy the lists again');
});
