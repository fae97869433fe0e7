// Retention at read time (decisions §18): an event older than 30 days is gone from GET /v1/events
// and /v1/events/{id} at once, whether or not the purge has run (tests/events/events.purge.test.ts). A
// position past it (`after`, or a page's cursor) is 410 event_position_expired (decisions §19): the
// events after it may be gone, so the follower must copy the lists again.
import { randomBytes } from 'node:crypto';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { expect, test } from 'vitest';
import { EVENT_RETENTION_DAYS } from '../../routers/events/events.writes.js';
import type { AppRouter } from '../../routers/index.js';
import { sql } from '../support/database.js';
import { hire } from '../support/employees.js';
import { expectDocumentedProblem, expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import { listEvents } from './helpers.js';

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
const DAY_MS = 86_400_000;
const LIST = ['GET', '/events'] as const;
const RECIPE = 'copy the lists again, then follow from the newest event';

/** A UUID v7 whose time is `days` ago (its first 48 bits, RFC 9562 §5.7), the rest random. */
function uuidV7DaysAgo(days: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now() - days * DAY_MS, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A tenant with two hires: their events' ids, oldest first, and a key that reads them. */
async function twoEvents(): Promise<{ t: TestTenant; read: string; ids: string[] }> {
  const t = await h.tenant();
  const write = await h.key(t, ['employees:write']);
  const read = await h.key(t, ['employees:read']);
  await hire(h, write, t);
  await hire(h, write, t);
  return { t, read, ids: (await listEvents(h, read)).data.map((e) => e.id) };
}

/** Sets an event's created_at (and, given, its id) to `days` ago. */
function age(id: string, days: number, newId = id) {
  return sql(h, 'update events set id = ?, created_at = ?::timestamptz where id = ?', [
    newId,
    new Date(Date.now() - days * DAY_MS).toISOString(),
    id,
  ]);
}

/** Asserts the 410 event_position_expired problem naming `parameter`, documented for GET /v1/events. */
async function expectExpired(res: Response, parameter: 'after' | 'cursor') {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = await expectDocumentedProblem(h, res, 410, 'event_position_expired', ...LIST);
  expect(body.title).toBe('Event position expired');
  expect(body.detail).toContain(`older than the ${EVENT_RETENTION_DAYS} days events are kept`);
  expect(body.detail).toContain(RECIPE);
  expect((body.errors as { path: string }[]).map((e) => e.path)).toEqual([parameter]);
}

test('an event past the retention is 404, absent from lists and a 410 `after`, before any purge', async () => {
  const { read, ids } = await twoEvents();
  const [old, young] = ids;
  await age(old, EVENT_RETENTION_DAYS + 0.01);
  await age(young, EVENT_RETENTION_DAYS - 0.01);

  expect((await listEvents(h, read)).data.map((e) => e.id)).toEqual([young]);
  await expectProblem(await h.as(read, `/v1/events/${old}`), 404, 'not_found');
  expect((await h.as(read, `/v1/events/${young}`)).status).toBe(200);
  await expectExpired(await h.as(read, `/v1/events?after=${old}`), 'after');
  // The young one is still a position.
  expect((await listEvents(h, read, `?after=${young}`)).data).toEqual([]);
  // Still in the table: only the purge deletes it.
  expect(await sql(h, 'select id from events where id = ?', [old])).toHaveLength(1);
});

test('410 when the id’s UUID v7 time is past the retention, whether or not the row still exists', async () => {
  const { t, read, ids } = await twoEvents();
  // An event as it would be 31 days on: its id's time and created_at both that old.
  const old = uuidV7DaysAgo(EVENT_RETENTION_DAYS + 1);
  await age(ids[0], EVENT_RETENTION_DAYS + 1, old);
  await expectExpired(await h.as(read, `/v1/events?after=${old}`), 'after');
  await expectExpired(await h.as(read, `/v1/events?after=${old.toUpperCase()}&type=employee.created`), 'after');
  // Purged: the id alone says it is past the retention.
  await sql(h, 'delete from events where id = ? and tenant_id = ?', [old, t.tenant.id]);
  await expectExpired(await h.as(read, `/v1/events?after=${old}`), 'after');
  // Never an event of this tenant at all: the same, for its time is all there is to go on.
  await expectExpired(await h.as(read, `/v1/events?after=${uuidV7DaysAgo(EVENT_RETENTION_DAYS + 0.01)}`), 'after');
});

test('an id unknown otherwise stays 400 invalid_query_parameter naming after', async () => {
  const { read } = await twoEvents();
  for (const id of [
    uuidV7DaysAgo(EVENT_RETENTION_DAYS - 0.01), // a v7 time still kept
    uuidV7DaysAgo(-1), // in the future
    '6f1c2a4e-0b8d-4c1a-9e2f-3d4b5c6a7e8f', // v4: no time to go on
  ]) {
    const body = await expectDocumentedProblem(
      h,
      await h.as(read, `/v1/events?after=${id}`),
      400,
      'invalid_query_parameter',
      ...LIST,
    );
    expect((body.errors as { path: string }[]).map((e) => e.path)).toEqual(['after']);
  }
});

test('a cursor whose position has passed the retention is 410 in ascending order; descending, it ends', async () => {
  const { read, ids } = await twoEvents();
  // Both events a few seconds short of the retention when the cursors are made, past it when used.
  const margin = 3_000;
  await age(ids[0], EVENT_RETENTION_DAYS - margin / DAY_MS);
  await age(ids[1], EVENT_RETENTION_DAYS - margin / DAY_MS);
  const ascending = (await listEvents(h, read, '?limit=1')).next_cursor as string;
  const descending = (await listEvents(h, read, '?order=desc&limit=1')).next_cursor as string;
  expect([ascending, descending]).not.toContain(null);
  await new Promise((resolve) => setTimeout(resolve, margin + 500));
  // Ascending, what followed the position may be gone: copy again.
  await expectExpired(await h.as(read, `/v1/events?limit=1&cursor=${encodeURIComponent(ascending)}`), 'cursor');
  // Descending, the page goes back in time: past the retention there is simply nothing more.
  expect(await listEvents(h, read, `?order=desc&limit=1&cursor=${encodeURIComponent(descending)}`)).toEqual({
    data: [],
    next_cursor: null,
    has_more: false,
  });
});

test('over /trpc: 410 with event_position_expired in data.code', async () => {
  const { read } = await twoEvents();
  const api = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${h.url}/trpc`, headers: { Authorization: `Bearer ${read}` } })],
  });
  const error = await api.events.list.query({ after: uuidV7DaysAgo(EVENT_RETENTION_DAYS + 1) }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  const { data, message } = error as TRPCClientError<AppRouter>;
  expect(data?.code).toBe('event_position_expired');
  expect(data?.httpStatus).toBe(410);
  expect(message).toContain(RECIPE);
  // The HTTP status itself, as a plain GET sees it.
  const input = encodeURIComponent(JSON.stringify({ after: uuidV7DaysAgo(EVENT_RETENTION_DAYS + 1) }));
  const res = await h.as(read, `/trpc/events.list?input=${input}`);
  expect(res.status).toBe(410);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { data: { code: string; httpStatus: number } } };
  expect(body.error.data).toMatchObject({ code: 'event_position_expired', httpStatus: 410 });
});
