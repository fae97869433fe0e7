import { randomBytes, randomUUID } from 'node:crypto';
import { createTRPCClient, httpLink, type TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Scope } from '../../core/scopes.js';
import {
  ASSET_STATUSES,
  Asset,
  HelpdeskTicket,
  Holiday,
  JOB_OPENING_STATUSES,
  JobOpening,
  SURVEY_STATUSES,
  Survey,
  TICKET_STATUSES,
} from '../../db/entities/workplace.js';
import type { AppRouter } from '../../routers/index.js';
import { hire } from '../support/employees.js';
import {
  type DocumentedParameter,
  expectCursorBoundToFilters,
  expectDocumentedFilters,
  expectRefusedParameter,
  expectStrictFilter,
  inListOrder,
  listPage,
  walkIds,
} from '../support/filters.js';
import type { TestServer, TestTenant } from '../support/harness.js';
import { useTestServer } from '../support/harness.js';

// The workplace lists' filters (decisions §15): holidays from/to (an inclusive window on `date`),
// assets status/assigned_to, job openings status, helpdesk tickets status/raised_by/assigned_to,
// surveys status.

const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000', RATE_LIMIT_POINTS: '100000' });

type Row = Record<string, unknown> & { id: string; created_at: string };

/** Two employees of a tenant, for the columns that name one. */
interface People {
  a: string;
  b: string;
}

interface FilteredList {
  name: string;
  path: string;
  scope: Scope;
  /** Rows of the tenant with every filter value present at least twice where it can be. */
  seed(tenant: TestTenant, people: People): Promise<void>;
  /** Each filter: its documented schema, a value that passes, values that are refused, and values to check. */
  filters: Record<
    string,
    {
      documented: DocumentedParameter;
      good: (people: People) => string;
      bad: string[];
      values: (people: People, foreign: People) => string[];
      keep: (row: Row, value: string) => boolean;
    }
  >;
}

let serial = 0;
const unique = (label: string) => `${label} ${randomBytes(3).toString('hex')}-${++serial}`;
/** created_at a minute apart in seeding order, not in date or status order. */
let minute = 0;
const nextCreatedAt = () => new Date(Date.UTC(2026, 5, 1, 8, 59 - (minute++ % 60), minute));

const id = (people: People) => [people.a, people.b];
const statusFilter = (values: readonly string[]) => ({
  documented: { type: 'string', enum: [...values] },
  good: () => values[0],
  bad: [values[0].toUpperCase(), 'unknown', `${values[0]},${values[1]}`],
  values: () => [...values],
  keep: (row: Row, value: string) => row.status === value,
});
const personFilter = (column: string) => ({
  documented: { type: 'string', format: 'uuid' },
  good: (people: People) => people.a,
  bad: ['me', '42', `${randomUUID()}-`],
  values: (people: People, foreign: People) => [...id(people), people.b.toUpperCase(), randomUUID(), foreign.a],
  keep: (row: Row, value: string) => row[column] === value.toLowerCase(),
});

const lists: FilteredList[] = [
  {
    name: 'holidays',
    path: '/v1/holidays',
    scope: 'holidays:read',
    async seed(t) {
      const em = h.orm.em.fork();
      for (const date of [
        '2026-12-25',
        '2026-01-01',
        '2026-03-14',
        '2026-03-15',
        '2026-05-01',
        '2026-12-26',
        '2027-01-01',
      ]) {
        em.create(Holiday, { tenantId: t.tenant.id, name: unique('Day'), date, createdAt: nextCreatedAt() });
      }
      await em.flush();
    },
    filters: {
      from: {
        documented: { type: 'string', format: 'date' },
        good: () => '2026-03-14',
        bad: ['2026-02-29', '14.03.2026', '2026-03-14T00:00:00Z', '1899-12-31'],
        values: () => ['2026-01-01', '2026-03-14', '2026-03-16', '2026-12-27', '2027-01-02'],
        keep: (row, value) => (row.date as string) >= value,
      },
      to: {
        documented: { type: 'string', format: 'date' },
        good: () => '2026-03-15',
        bad: ['2026-04-31', 'tomorrow', '2026-3-15'],
        values: () => ['2025-12-31', '2026-01-01', '2026-03-14', '2026-12-26', '2027-01-01'],
        keep: (row, value) => (row.date as string) <= value,
      },
    },
  },
  {
    name: 'assets',
    path: '/v1/assets',
    scope: 'assets:read',
    async seed(t, people) {
      const em = h.orm.em.fork();
      const rows: [(typeof ASSET_STATUSES)[number], string | null][] = [
        ['assigned', people.a],
        ['available', null],
        ['assigned', people.b],
        ['retired', null],
        ['assigned', people.a],
        ['maintenance', null],
        ['available', null],
        ['maintenance', null],
        ['retired', null],
      ];
      for (const [status, assignedTo] of rows) {
        em.create(Asset, {
          tenantId: t.tenant.id,
          assetTag: unique('AST'),
          name: 'Laptop',
          category: 'IT',
          status,
          assignedTo,
          createdAt: nextCreatedAt(),
        });
      }
      await em.flush();
    },
    filters: { status: statusFilter(ASSET_STATUSES), assigned_to: personFilter('assigned_to') },
  },
  {
    name: 'job openings',
    path: '/v1/job-openings',
    scope: 'recruitment:read',
    async seed(t) {
      const em = h.orm.em.fork();
      for (const status of ['open', 'draft', 'open', 'closed', 'draft', 'open', 'closed'] as const) {
        em.create(JobOpening, {
          tenantId: t.tenant.id,
          title: unique('Role'),
          status,
          postedAt: status === 'draft' ? null : new Date('2026-05-01T10:00:00.000Z'),
          createdAt: nextCreatedAt(),
        });
      }
      await em.flush();
    },
    filters: { status: statusFilter(JOB_OPENING_STATUSES) },
  },
  {
    name: 'helpdesk tickets',
    path: '/v1/helpdesk-tickets',
    scope: 'helpdesk:read',
    async seed(t, people) {
      const em = h.orm.em.fork();
      const rows: [(typeof TICKET_STATUSES)[number], string, string | null][] = [
        ['open', people.a, null],
        ['in_progress', people.b, people.a],
        ['open', people.b, people.a],
        ['resolved', people.a, people.b],
        ['closed', people.a, people.a],
        ['in_progress', people.a, people.b],
        ['resolved', people.b, null],
        ['closed', people.b, people.b],
      ];
      for (const [status, raisedBy, assignedTo] of rows) {
        em.create(HelpdeskTicket, {
          tenantId: t.tenant.id,
          subject: unique('Ticket'),
          description: 'Something broke.',
          category: 'IT',
          status,
          raisedBy,
          assignedTo,
          createdAt: nextCreatedAt(),
        });
      }
      await em.flush();
    },
    filters: {
      status: statusFilter(TICKET_STATUSES),
      raised_by: personFilter('raised_by'),
      assigned_to: personFilter('assigned_to'),
    },
  },
  {
    name: 'surveys',
    path: '/v1/surveys',
    scope: 'surveys:read',
    async seed(t) {
      const em = h.orm.em.fork();
      for (const status of ['active', 'draft', 'closed', 'active', 'draft', 'closed'] as const) {
        em.create(Survey, { tenantId: t.tenant.id, title: unique('Survey'), status, createdAt: nextCreatedAt() });
      }
      await em.flush();
    },
    filters: { status: statusFilter(SURVEY_STATUSES) },
  },
];

/** A tenant with two employees (its first HR admin and a hire) and rows of every list. */
async function seededTenant(server: TestServer): Promise<{ t: TestTenant; people: People }> {
  const t = await server.tenant();
  const hired = await hire(server, await server.key(t, ['employees:write']), t);
  const people = { a: t.hr_admin.id, b: hired.id as string };
  for (const list of lists) await list.seed(t, people);
  return { t, people };
}

let t: TestTenant;
let people: People;
let other: TestTenant;
let foreign: People;

beforeAll(async () => {
  ({ t, people } = await seededTenant(h));
  ({ t: other, people: foreign } = await seededTenant(h));
});

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe.each(lists)('$name', (list) => {
  let secret: string;
  let all: Row[];
  let theirs: Set<string>;
  beforeAll(async () => {
    secret = await h.key(t, [list.scope]);
    all = (await listPage<Row>(h, secret, list.path, { limit: '100' })).data;
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all).toEqual(inListOrder(all));
    theirs = new Set(ids((await listPage(h, await h.key(other, [list.scope]), list.path, { limit: '100' })).data));
    expect(theirs.size).toBe(all.length);
  });

  const expectFiltered = async (params: Record<string, string>, keep: (row: Row) => boolean) => {
    const page = await listPage<Row>(h, secret, list.path, { ...params, limit: '100' });
    expect(ids(page.data), JSON.stringify(params)).toEqual(ids(all.filter(keep)));
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
    // Tenant isolation: the other tenant has a row for every value, and none appears.
    expect(page.data.filter((r) => theirs.has(r.id))).toEqual([]);
    return page.data;
  };

  test('each filter value gives exactly its rows, in list order (none: an empty page, not 404)', async () => {
    for (const [name, filter] of Object.entries(list.filters)) {
      let matched = 0;
      for (const value of filter.values(people, foreign)) {
        matched += (await expectFiltered({ [name]: value }, (row) => filter.keep(row, value))).length;
      }
      expect(matched, name).toBeGreaterThan(0);
    }
  });

  test('filters combine with AND; unknown parameters are ignored', async () => {
    const filters = Object.entries(list.filters);
    const params = Object.fromEntries(filters.map(([name, filter]) => [name, filter.good(people)]));
    await expectFiltered(params, (row) => filters.every(([name, filter]) => filter.keep(row, params[name])));
    const [name, filter] = filters[0];
    await expectFiltered({ [name]: filter.good(people), colour: 'red', page: '2' }, (row) =>
      filter.keep(row, filter.good(people)),
    );
  });

  test('a bad value, an empty one, or the parameter twice is 400 invalid_query_parameter naming it', async () => {
    for (const [name, filter] of Object.entries(list.filters)) {
      await expectStrictFilter(h, secret, list.path, name, filter.good(people), filter.bad);
    }
  });

  test('a cursor is bound to the filter values; a full walk gives exactly the filtered set in order', async () => {
    for (const [name, filter] of Object.entries(list.filters)) {
      const value = filter.good(people);
      const others = filter.values(people, foreign).filter((v) => v.toLowerCase() !== value.toLowerCase());
      await expectCursorBoundToFilters(h, secret, list.path, { [name]: value }, [
        { [name]: others[0] },
        {},
        ...Object.keys(list.filters)
          .filter((n) => n !== name)
          .map((n) => ({ [name]: value, [n]: list.filters[n].good(people) })),
      ]);
      const expected = ids(all.filter((row) => filter.keep(row, value)));
      const walked = await walkIds(h, secret, list.path, { [name]: value }, 1);
      expect(walked.ids).toEqual(expected);
      expect(walked.pages).toBe(expected.length);
    }
  });

  test('the filters are in the OpenAPI document with their types, formats and enums', async () => {
    await expectDocumentedFilters(
      h,
      list.path.slice(3),
      Object.fromEntries(Object.entries(list.filters).map(([name, filter]) => [name, filter.documented])),
    );
  });
});

describe('holidays: the window', () => {
  test('from after to is 400 naming from; from equal to to is one day', async () => {
    const secret = await h.key(t, ['holidays:read']);
    await expectRefusedParameter(await h.as(secret, '/v1/holidays?to=2026-03-14&from=2026-03-15'), 'from');
    const day = await listPage<Row>(h, secret, '/v1/holidays', { from: '2026-03-14', to: '2026-03-14' });
    expect(day.data.map((r) => r.date)).toEqual(['2026-03-14']);
  });

  test('a walk over a window of many holidays with ties on created_at, a page at a time', async () => {
    const own = await h.tenant();
    const em = h.orm.em.fork();
    const shared = new Date('2026-02-01T00:00:00.000Z');
    for (let i = 0; i < 40; i++) {
      const date = `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`;
      em.create(Holiday, {
        tenantId: own.tenant.id,
        name: `Holiday ${i}`,
        date,
        createdAt: i % 3 ? new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 40 - i)) : shared,
      });
    }
    await em.flush();
    const secret = await h.key(own, ['holidays:read']);
    const all = (await listPage<Row>(h, secret, '/v1/holidays', { limit: '100' })).data;
    const window = { from: '2026-03-10', to: '2026-09-30' };
    const expected = ids(all.filter((r) => (r.date as string) >= window.from && (r.date as string) <= window.to));
    expect(expected.length).toBeGreaterThan(12);
    const walked = await walkIds(h, secret, '/v1/holidays', window, 4);
    expect(walked.ids).toEqual(expected);
    await expectCursorBoundToFilters(h, secret, '/v1/holidays', window, [
      { from: window.from },
      { to: window.to },
      { from: '2026-03-11', to: window.to },
    ]);
  });
});

test('over /trpc: the same filters, typed', async () => {
  const api = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${h.url}/trpc`,
        headers: {
          Authorization: `Bearer ${await h.key(t, ['assets:read', 'helpdesk:read', 'holidays:read', 'surveys:read', 'recruitment:read'])}`,
        },
      }),
    ],
  });
  const assets = await api.assets.list.query({ status: 'assigned', assigned_to: people.a });
  expect(assets.data.map((a) => [a.status, a.assigned_to])).toEqual([
    ['assigned', people.a],
    ['assigned', people.a],
  ]);
  const tickets = await api.helpdeskTickets.list.query({ raised_by: people.b, assigned_to: people.a });
  expect(tickets.data).toHaveLength(2);
  expect((await api.surveys.list.query({ status: 'active' })).data).toHaveLength(2);
  expect((await api.jobOpenings.list.query({ status: 'closed' })).data).toHaveLength(2);
  const march = await api.holidays.list.query({ from: '2026-03-01', to: '2026-03-31' });
  expect(march.data.map((d) => d.date).sort()).toEqual(['2026-03-14', '2026-03-15']);
  const refused = await api.holidays.list.query({ from: '2026-04-01', to: '2026-03-31' }).catch((e: unknown) => e);
  expect((refused as TRPCClientError<AppRouter>).data).toMatchObject({
    code: 'invalid_query_parameter',
    httpStatus: 400,
  });
  // @ts-expect-error: not a survey status
  const bad = await api.surveys.list.query({ status: 'open' }).catch((e: unknown) => e);
  expect((bad as TRPCClientError<AppRouter>).data).toMatchObject({ code: 'invalid_query_parameter' });
});
