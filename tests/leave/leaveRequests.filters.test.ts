import { randomUUID } from 'node:crypto';
import { createTRPCClient, httpLink, type TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, test } from 'vitest';
import { LEAVE_STATUSES } from '../../db/entities/leave.js';
import type { AppRouter } from '../../routers/index.js';
import type { LeaveRequestRecord } from '../../routers/leave/leaveRequest.record.js';
import {
  expectCursorBoundToFilters,
  expectDocumentedFilters,
  expectRefusedParameter,
  expectStrictFilter,
  inListOrder,
  listPage,
  walkIds,
} from '../support/filters.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { insertEmployee, insertLeaveRequests, type LeaveRequestFields, leaveTypeOf } from './helpers.js';

// GET /v1/leave-requests filters (decisions §15): employee_id, leave_type_id, status, and the
// window from/to (a request meets it when start_date <= to and end_date >= from).

const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000', RATE_LIMIT_POINTS: '100000' });
const PATH = '/v1/leave-requests';

let t: TestTenant;
let read: string;
let ada: string;
let bob: string;
let types: { ANNUAL: string; SICK: string; UNPAID: string };
/** The tenant's requests, in list order. */
let all: LeaveRequestRecord[];
let other: TestTenant;
let otherEmployee: string;
let otherIds: Set<string>;

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
/** The rule of decisions §15, written out: the request meets the window. */
const meets = (r: LeaveRequestRecord, from?: string, to?: string) =>
  (to === undefined || r.start_date <= to) && (from === undefined || r.end_date >= from);

/** One request with `fields` (dates as [start, end]), each created a minute after the previous. */
let minute = 0;
async function file(
  tenant: TestTenant,
  employeeId: string,
  [startDate, endDate]: [string, string],
  fields: LeaveRequestFields = {},
) {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 8, minute++));
  const [row] = await insertLeaveRequests(h, tenant.tenant.id, employeeId, 1, {
    startDate,
    endDate,
    daysCount: 1,
    createdAt,
    ...fields,
  });
  return row;
}

beforeAll(async () => {
  t = await h.tenant();
  read = await h.key(t, ['leave:read']);
  ada = (await insertEmployee(h, t.tenant.id)).id;
  bob = (await insertEmployee(h, t.tenant.id)).id;
  types = {
    ANNUAL: (await leaveTypeOf(h, t.tenant.id, 'ANNUAL')).id,
    SICK: (await leaveTypeOf(h, t.tenant.id, 'SICK')).id,
    UNPAID: (await leaveTypeOf(h, t.tenant.id, 'UNPAID')).id,
  };
  await file(t, ada, ['2026-03-02', '2026-03-03'], { status: 'approved' });
  await file(t, ada, ['2026-03-05', '2026-03-10'], { leaveTypeId: types.SICK });
  await file(t, bob, ['2026-03-10', '2026-03-10'], { status: 'rejected' });
  await file(t, bob, ['2026-02-25', '2026-03-01'], { status: 'cancelled', leaveTypeId: types.UNPAID });
  await file(t, ada, ['2026-03-11', '2026-03-20']);
  await file(t, t.hr_admin.id, ['2026-01-10', '2026-04-30'], { status: 'approved', leaveTypeId: types.UNPAID });
  // Created out of date order: the list stays in (created_at, id) order.
  await file(t, bob, ['2025-12-29', '2026-01-02'], {
    leaveTypeId: types.SICK,
    createdAt: new Date('2025-12-01T00:00:00Z'),
  });
  all = (await listPage<LeaveRequestRecord>(h, read, PATH, { limit: '100' })).data;
  expect(all).toHaveLength(7);
  expect(all).toEqual(inListOrder(all));

  other = await h.tenant();
  otherEmployee = (await insertEmployee(h, other.tenant.id)).id;
  const otherSick = (await leaveTypeOf(h, other.tenant.id, 'SICK')).id;
  for (const status of LEAVE_STATUSES) {
    await file(other, otherEmployee, ['2026-03-01', '2026-03-31'], { status, leaveTypeId: otherSick });
  }
  const theirs = await listPage(h, await h.key(other, ['leave:read']), PATH, { limit: '100' });
  otherIds = new Set(ids(theirs.data));
  expect(otherIds.size).toBe(4);
});

/** The page of the filtered list (everything on one page) equals the rows `keep` selects, in order. */
async function expectFiltered(params: Record<string, string>, keep: (r: LeaveRequestRecord) => boolean) {
  const page = await listPage<LeaveRequestRecord>(h, read, PATH, { ...params, limit: '100' });
  expect(ids(page.data), JSON.stringify(params)).toEqual(ids(all.filter(keep)));
  expect(page).toMatchObject({ has_more: false, next_cursor: null });
  return ids(page.data);
}

describe('each filter returns exactly its matching requests, in list order', () => {
  test('employee_id: that employee’s requests; unknown or another tenant’s employee is an empty page, not 404', async () => {
    expect(await expectFiltered({ employee_id: ada }, (r) => r.employee_id === ada)).toHaveLength(3);
    await expectFiltered({ employee_id: bob.toUpperCase() }, (r) => r.employee_id === bob);
    expect(await expectFiltered({ employee_id: randomUUID() }, () => false)).toEqual([]);
    expect(await expectFiltered({ employee_id: otherEmployee }, () => false)).toEqual([]);
  });

  test('leave_type_id', async () => {
    for (const id of Object.values(types)) {
      expect(await expectFiltered({ leave_type_id: id }, (r) => r.leave_type_id === id)).not.toEqual([]);
    }
    await expectFiltered({ leave_type_id: randomUUID() }, () => false);
  });

  test.each(LEAVE_STATUSES)('status=%s', async (status) => {
    expect(await expectFiltered({ status }, (r) => r.status === status)).not.toEqual([]);
  });

  test('the window: start_date <= to and end_date >= from, both bounds inclusive', async () => {
    const at = (start: string) => all.find((r) => r.start_date === start)?.id;
    // Touching either bound is inside; the long request spans every March window.
    expect(
      await expectFiltered({ from: '2026-03-03', to: '2026-03-05' }, (r) => meets(r, '2026-03-03', '2026-03-05')),
    ).toEqual(ids(all.filter((r) => ['2026-03-02', '2026-03-05', '2026-01-10'].includes(r.start_date))));
    expect(
      await expectFiltered({ from: '2026-03-10', to: '2026-03-10' }, (r) => meets(r, '2026-03-10', '2026-03-10')),
    ).toEqual(ids(all.filter((r) => ['2026-03-05', '2026-03-10', '2026-01-10'].includes(r.start_date))));
    expect(await expectFiltered({ from: '2026-03-11' }, (r) => meets(r, '2026-03-11'))).toEqual([
      at('2026-03-11'),
      at('2026-01-10'),
    ]);
    expect(await expectFiltered({ to: '2026-01-01' }, (r) => meets(r, undefined, '2026-01-01'))).toEqual([
      at('2025-12-29'),
    ]);
    expect(await expectFiltered({ from: '2026-05-01' }, () => false)).toEqual([]);
    expect(await expectFiltered({ from: '2027-01-01', to: '2027-12-31' }, () => false)).toEqual([]);
  });

  test('every window over a set of dates agrees with the rule', async () => {
    const dates = [
      '2025-12-31',
      '2026-01-02',
      '2026-03-01',
      '2026-03-03',
      '2026-03-05',
      '2026-03-10',
      '2026-03-21',
      '2026-04-30',
      '2026-05-01',
    ];
    for (const from of dates) {
      await expectFiltered({ from }, (r) => meets(r, from));
      await expectFiltered({ to: from }, (r) => meets(r, undefined, from));
      for (const to of dates.filter((d) => d >= from)) await expectFiltered({ from, to }, (r) => meets(r, from, to));
    }
  });

  test('filters combine with AND; unknown parameters are ignored', async () => {
    await expectFiltered(
      { employee_id: ada, status: 'pending' },
      (r) => r.employee_id === ada && r.status === 'pending',
    );
    await expectFiltered(
      { employee_id: ada, from: '2026-03-04', to: '2026-03-31', leave_type_id: types.ANNUAL },
      (r) => r.employee_id === ada && r.leave_type_id === types.ANNUAL && meets(r, '2026-03-04', '2026-03-31'),
    );
    await expectFiltered(
      { status: 'approved', from: '2026-03-01', to: '2026-03-01' },
      (r) => r.status === 'approved' && meets(r, '2026-03-01', '2026-03-01'),
    );
    await expectFiltered({ status: 'rejected', leave_type_id: types.UNPAID }, () => false);
    await expectFiltered(
      { status: 'approved', order: 'desc', start_date: '2026-03-02' },
      (r) => r.status === 'approved',
    );
  });
});

test("tenant isolation: another tenant's matching requests never appear", async () => {
  for (const params of [
    { status: 'pending' },
    { from: '2026-03-01', to: '2026-03-31' },
    { to: '2026-03-31' },
    { employee_id: otherEmployee },
    { status: 'approved', from: '2026-03-15' },
  ] as Record<string, string>[]) {
    const page = await listPage(h, read, PATH, { ...params, limit: '100' });
    expect(
      page.data.filter((r) => otherIds.has(r.id)),
      JSON.stringify(params),
    ).toEqual([]);
  }
  // Their own filter sees theirs only.
  const theirs = await listPage(h, await h.key(other, ['leave:read']), PATH, { from: '2026-03-01', to: '2026-03-31' });
  expect(new Set(ids(theirs.data))).toEqual(otherIds);
});

describe('validation: a bad value, an empty one, or the parameter twice is 400 naming it', () => {
  test.each<[string, () => string, string[]]>([
    ['employee_id', () => ada, ['ada', '00000000-0000-0000-0000', `${randomUUID()}x`]],
    ['leave_type_id', () => types.SICK, ['SICK', '1']],
    ['status', () => 'pending', ['PENDING', 'open', 'pending,approved']],
    [
      'from',
      () => '2026-03-01',
      ['2026-02-30', '2026-3-1', '01-03-2026', '1899-12-31', 'today', '2026-03-01T00:00:00Z'],
    ],
    ['to', () => '2026-03-31', ['2026-13-01', '20260331', '0000-01-01', ' 2026-03-31']],
  ])('%s', async (name, good, bad) => {
    await expectStrictFilter(h, read, PATH, name, good(), bad);
  });

  test('from after to is 400 naming from; from equal to to is a one-day window', async () => {
    const res = await h.as(read, `${PATH}?from=2026-03-11&to=2026-03-10`);
    await expectRefusedParameter(res, 'from');
    const withOthers = await h.as(read, `${PATH}?status=pending&to=2026-01-01&from=2026-01-02&employee_id=${ada}`);
    await expectRefusedParameter(withOthers, 'from');
    expect((await h.as(read, `${PATH}?from=2026-03-10&to=2026-03-10`)).status).toBe(200);
  });
});

describe('cursors', () => {
  test('bound to the filter values: another value, a filter dropped or added is invalid_cursor', async () => {
    await expectCursorBoundToFilters(h, read, PATH, { status: 'pending' }, [
      { status: 'approved' },
      {},
      { status: 'pending', employee_id: ada },
      { employee_id: ada },
    ]);
    await expectCursorBoundToFilters(h, read, PATH, { from: '2026-03-01', to: '2026-03-31' }, [
      { from: '2026-03-01' },
      { to: '2026-03-31' },
      { from: '2026-03-01', to: '2026-03-30' },
      { from: '2026-03-01', to: '2026-03-31', status: 'pending' },
      {},
    ]);
    await expectCursorBoundToFilters(h, read, PATH, {}, [{ status: 'pending' }, { from: '2020-01-01' }]);
  });

  test('a full walk by cursor gives exactly the filtered set, in order, with ties on created_at', async () => {
    const own = await h.tenant();
    const secret = await h.key(own, ['leave:read']);
    const employee = (await insertEmployee(h, own.tenant.id)).id;
    const shared = new Date('2026-02-01T12:00:00.000Z');
    for (let i = 0; i < 45; i++) {
      const start = `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`;
      await insertLeaveRequests(h, own.tenant.id, employee, 1, {
        startDate: start,
        endDate: start,
        daysCount: 1,
        status: LEAVE_STATUSES[i % 4],
        createdAt: i % 3 === 0 ? shared : new Date(Date.UTC(2026, 1, 2, 0, 0, 0, 45 - i)),
      });
    }
    const everyone = (await listPage<LeaveRequestRecord>(h, secret, PATH, { limit: '100' })).data;
    expect(everyone).toHaveLength(45);
    expect(everyone).toEqual(inListOrder(everyone));
    const cases: [Record<string, string>, (r: LeaveRequestRecord) => boolean, number][] = [
      [{ status: 'pending' }, (r) => r.status === 'pending', 2],
      [{ from: '2026-03-05', to: '2026-03-20' }, (r) => meets(r, '2026-03-05', '2026-03-20'), 4],
      [{ from: '2026-03-05', status: 'approved' }, (r) => r.status === 'approved' && meets(r, '2026-03-05'), 1],
      [{ employee_id: employee, to: '2026-03-10' }, (r) => meets(r, undefined, '2026-03-10'), 3],
    ];
    for (const [params, keep, limit] of cases) {
      const expected = ids(everyone.filter(keep));
      expect(expected.length).toBeGreaterThan(limit * 2);
      const walked = await walkIds(h, secret, PATH, params, limit);
      expect(walked.ids, JSON.stringify(params)).toEqual(expected);
      expect(walked.pages).toBe(Math.ceil(expected.length / limit));
    }
  });
});

test('over /trpc: the same filters, typed', async () => {
  const api = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${h.url}/trpc`, headers: { Authorization: `Bearer ${read}` } })],
  });
  const page = await api.leaveRequests.list.query({ employee_id: ada, status: 'pending', from: '2026-03-06' });
  expect(ids(page.data)).toEqual(
    ids(all.filter((r) => r.employee_id === ada && r.status === 'pending' && meets(r, '2026-03-06'))),
  );
  expect(page.data).toHaveLength(2);
  const refused = await api.leaveRequests.list.query({ from: '2026-03-02', to: '2026-03-01' }).catch((e: unknown) => e);
  expect((refused as TRPCClientError<AppRouter>).data).toMatchObject({
    code: 'invalid_query_parameter',
    httpStatus: 400,
    errors: [{ path: 'from', message: expect.any(String) }],
  });
  // @ts-expect-error: not a leave status
  const bad = await api.leaveRequests.list.query({ status: 'open' }).catch((e: unknown) => e);
  expect((bad as TRPCClientError<AppRouter>).data).toMatchObject({ code: 'invalid_query_parameter' });
});

test('the filters are in the OpenAPI document with their types, formats and enums', async () => {
  await expectDocumentedFilters(h, '/leave-requests', {
    employee_id: { type: 'string', format: 'uuid' },
    leave_type_id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: [...LEAVE_STATUSES] },
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
  });
});
