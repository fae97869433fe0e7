import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AppRouter } from '../../routers/index.js';
import { fileOk } from '../leave/helpers.js';
import { hire, patchEmployee } from '../support/employees.js';
import { expectDocumentedProblem, type TestTenant, useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';
import { day, setupOrg } from '../support/leave.js';
import { allEvents, type EventRecord, listEvents } from './helpers.js';

// GET /v1/events?order=desc, events.list { order: 'desc' } (decisions §19): the log newest first,
// so a new follower takes the newest event's position (`?order=desc&limit=1`) before it copies the
// lists; `limit`, `cursor` and `type` as in ascending order, `after` refused with it, and a cursor
// serving only the order it was made under.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
const LIST = ['GET', '/events'] as const;

interface Log {
  t: TestTenant;
  write: string;
  both: string;
  /** Every event of the tenant, oldest first. */
  events: EventRecord[];
}

/** A tenant with three hires, a PATCH, a leave filing and one more hire: six events of three types. */
async function makeLog(): Promise<Log> {
  const org = await setupOrg(h);
  const write = await h.key(org.t, ['employees:write']);
  const patched = await patchEmployee(h, write, org.employee.id, {
    actor_employee_id: org.hrAdmin.id,
    designation: 'Analyst',
  });
  expect(patched.status).toBe(200);
  await fileOk(h, org, { start_date: day('03-02'), end_date: day('03-02'), days_count: 1 });
  await hire(h, write, org.t);
  const both = await h.key(org.t, ['employees:read', 'leave:read']);
  const events = await allEvents(h, both);
  expect(events.map((e) => e.type)).toEqual([
    'employee.created',
    'employee.created',
    'employee.created',
    'employee.updated',
    'leave_request.created',
    'employee.created',
  ]);
  return { t: org.t, write, both, events };
}

let log: Log;
beforeAll(async () => {
  log = await makeLog();
});

const newestFirst = (events: EventRecord[]) => [...events].reverse();
const ofTypes = (...types: string[]) => log.events.filter((e) => types.includes(e.type));

/** Every page of `query` as `secret`, `limit` a page, walking next_cursor; the pages' rows in order. */
async function walk(secret: string, query: string, limit: number): Promise<EventRecord[]> {
  const seen: EventRecord[] = [];
  let cursor: string | null = null;
  do {
    const page = await listEvents(
      h,
      secret,
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.has_more).toBe(page.next_cursor !== null);
    seen.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return seen;
}

describe('order=desc', () => {
  test('the whole log newest first; order=asc is the default order', async () => {
    expect((await listEvents(h, log.both, '?order=desc')).data).toEqual(newestFirst(log.events));
    expect(await listEvents(h, log.both, '?order=asc')).toEqual(await listEvents(h, log.both));
    expect((await listEvents(h, log.both, '?order=asc')).data).toEqual(log.events);
  });

  test('?order=desc&limit=1 is the newest event, with a cursor to the ones before it', async () => {
    const res = await h.as(log.both, '/v1/events?order=desc&limit=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = (await res.json()) as { data: EventRecord[]; next_cursor: string | null; has_more: boolean };
    expect(page.data).toEqual([log.events.at(-1)]);
    expect(page.has_more).toBe(true);
    expect(typeof page.next_cursor).toBe('string');
  });

  test('pages join up to the whole log newest first, with and without a type filter', async () => {
    expect(await walk(log.both, '?order=desc', 1)).toEqual(newestFirst(log.events));
    expect(await walk(log.both, '?order=desc', 4)).toEqual(newestFirst(log.events));
    expect(await walk(log.both, '?order=desc&type=employee.created,leave_request.created', 2)).toEqual(
      newestFirst(ofTypes('employee.created', 'leave_request.created')),
    );
    expect((await listEvents(h, log.both, '?order=desc&type=leave_request.rejected')).data).toEqual([]);
  });

  test('start from now: the newest event taken first, `after` it finds every event written since', async () => {
    const [newest] = (await listEvents(h, log.both, '?order=desc&limit=1')).data;
    const hired = await hire(h, log.write, log.t);
    const since = await listEvents(h, log.both, `?after=${newest.id}`);
    expect(since.data.map((e) => [e.type, (e.data.object as Json).id])).toEqual([['employee.created', hired.id]]);
    // The new event is now the newest, and `after` it nothing.
    expect((await listEvents(h, log.both, '?order=desc&limit=1')).data).toEqual(since.data);
    expect((await listEvents(h, log.both, `?after=${since.data[0].id}`)).data).toEqual([]);
    log.events.push(...since.data);
  });
});

describe('refused', () => {
  test.each([
    ['another value', '?order=newest'],
    ['upper case', '?order=DESC'],
    ['empty', '?order='],
    ['twice', '?order=desc&order=desc'],
  ])('400 invalid_query_parameter naming order: %s', async (_, query) => {
    const body = await expectDocumentedProblem(
      h,
      await h.as(log.both, `/v1/events${query}`),
      400,
      'invalid_query_parameter',
      ...LIST,
    );
    expect((body.errors as { path: string }[]).map((e) => e.path)).toEqual(['order']);
  });

  test('`after` with order=desc is 400 invalid_query_parameter naming after; with order=asc it applies', async () => {
    const body = await expectDocumentedProblem(
      h,
      await h.as(log.both, `/v1/events?order=desc&after=${log.events[0].id}`),
      400,
      'invalid_query_parameter',
      ...LIST,
    );
    expect((body.errors as { path: string }[]).map((e) => e.path)).toEqual(['after']);
    expect(body.detail).toContain('order=desc');
    expect((await listEvents(h, log.both, `?order=asc&after=${log.events[0].id}`)).data).toEqual(log.events.slice(1));
  });

  test('a cursor made under one order, used under the other, is 400 invalid_cursor', async () => {
    const desc = encodeURIComponent((await listEvents(h, log.both, '?order=desc&limit=2')).next_cursor as string);
    const asc = encodeURIComponent((await listEvents(h, log.both, '?limit=2')).next_cursor as string);
    const typedDesc = encodeURIComponent(
      (await listEvents(h, log.both, '?order=desc&type=employee.created&limit=1')).next_cursor as string,
    );
    for (const query of [
      `?cursor=${desc}`,
      `?order=asc&cursor=${desc}`,
      `?order=desc&cursor=${asc}`,
      `?type=employee.created&cursor=${typedDesc}`,
      `?order=desc&cursor=${typedDesc}`, // the type filter dropped
    ]) {
      await expectDocumentedProblem(h, await h.as(log.both, `/v1/events${query}`), 400, 'invalid_cursor', ...LIST);
    }
    // Under its own order and filters it continues.
    expect((await listEvents(h, log.both, `?order=desc&limit=2&cursor=${desc}`)).data).toEqual(
      newestFirst(log.events).slice(2, 4),
    );
  });
});

describe('over /trpc', () => {
  const client = (secret: string) =>
    createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${h.url}/trpc`, headers: { Authorization: `Bearer ${secret}` } })],
    });

  test('events.list { order: "desc" } answers what /v1 answers; its refusals carry their code', async () => {
    const api = client(log.both);
    const newest = await api.events.list.query({ order: 'desc', limit: 1 });
    expect(newest).toEqual(await listEvents(h, log.both, '?order=desc&limit=1'));
    expect(newest.data).toEqual([log.events.at(-1)]);
    const next = await api.events.list.query({ order: 'desc', limit: 1, cursor: newest.next_cursor as string });
    expect(next.data).toEqual([log.events.at(-2)]);
    const error = await api.events.list.query({ order: 'desc', after: log.events[0].id }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('invalid_query_parameter');
    expect((error as TRPCClientError<AppRouter>).data?.httpStatus).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  test('order: asc or desc, asc by default', async () => {
    const { doc } = await h.contract();
    const list = (doc.paths as Record<string, Record<string, Json>>)['/events'].get;
    const order = (list.parameters as Json[]).find((p) => p.name === 'order');
    expect(order).toMatchObject({ in: 'query', schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } });
    expect(order?.required ?? false).toBe(false);
  });
});
