import { randomBytes, randomUUID } from 'node:crypto';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, test } from 'vitest';
import { EMPLOYMENT_TYPES } from '../../db/entities/tenancy.js';
import type { AppRouter } from '../../routers/index.js';
import { sql } from '../support/database.js';
import { hire } from '../support/employees.js';
import {
  expectCursorBoundToFilters,
  expectDocumentedFilters,
  expectStrictFilter,
  inListOrder,
  listPage,
  walkIds,
} from '../support/filters.js';
import { expectProblem, type TestTenant, useTestServer } from '../support/harness.js';

// GET /v1/employees filters (decisions §15): department, employment_type, manager_id, email.

const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000', RATE_LIMIT_POINTS: '100000' });

interface EmployeeRow {
  id: string;
  created_at: string;
  email: string;
  department: string | null;
  employment_type: string;
  manager_id: string | null;
}

/** A tenant with a small organisation: a Sales manager with three reports, and a few others. */
let t: TestTenant;
let read: string;
/** Everyone of the tenant, in list order (the unfiltered list). */
let everyone: EmployeeRow[];
let manager: EmployeeRow;
let salesContractor: EmployeeRow;
/** Another tenant with a Sales employee, an employee of the same e-mail, and a manager of its own. */
let other: TestTenant;
let otherManager: EmployeeRow;

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

beforeAll(async () => {
  t = await h.tenant();
  other = await h.tenant();
  const write = await h.key(t, ['employees:write']);
  read = await h.key(t, ['employees:read']);
  const otherWrite = await h.key(other, ['employees:write']);
  const tag = randomBytes(3).toString('hex');
  const as = async (secret: string, tenant: TestTenant, fields: Record<string, unknown>) =>
    (await hire(h, secret, tenant, fields)) as unknown as EmployeeRow;
  manager = await as(write, t, { department: 'Sales' });
  salesContractor = await as(write, t, {
    department: 'Sales',
    employment_type: 'contractor',
    manager_id: manager.id,
    email: `Mixed.Case.${tag}@Example.COM`,
  });
  await as(write, t, { department: 'Sales', manager_id: manager.id });
  await as(write, t, { department: 'Finance', employment_type: 'contractor' });
  await as(write, t, { department: 'Finance', employment_type: 'intern', manager_id: manager.id });
  await as(write, t, { department: 'Sales Ops' });
  await as(write, t, { department: 'sales', employment_type: 'part_time' });
  otherManager = await as(otherWrite, other, { department: 'Sales' });
  await as(otherWrite, other, {
    department: 'Sales',
    employment_type: 'contractor',
    manager_id: otherManager.id,
    email: salesContractor.email,
  });
  everyone = (await listPage<EmployeeRow>(h, read, '/v1/employees', { limit: '100' })).data;
  expect(everyone).toHaveLength(8);
});

describe('each filter returns exactly its matching employees, in list order', () => {
  const expectFiltered = async (params: Record<string, string>, keep: (e: EmployeeRow) => boolean) => {
    const page = await listPage<EmployeeRow>(h, read, '/v1/employees', { ...params, limit: '100' });
    expect(ids(page.data), JSON.stringify(params)).toEqual(ids(everyone.filter(keep)));
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
    return page.data;
  };

  test('department: exact (case and whole value), none is an empty page', async () => {
    expect(await expectFiltered({ department: 'Sales' }, (e) => e.department === 'Sales')).toHaveLength(3);
    expect(await expectFiltered({ department: 'sales' }, (e) => e.department === 'sales')).toHaveLength(1);
    expect(await expectFiltered({ department: 'Sales Ops' }, (e) => e.department === 'Sales Ops')).toHaveLength(1);
    // Trimmed like the stored value, so a spelling with spaces around is the same department.
    expect(await expectFiltered({ department: '  Sales ' }, (e) => e.department === 'Sales')).toHaveLength(3);
    expect(await expectFiltered({ department: 'Nowhere' }, () => false)).toEqual([]);
  });

  test.each(EMPLOYMENT_TYPES)('employment_type=%s', async (type) => {
    await expectFiltered({ employment_type: type }, (e) => e.employment_type === type);
  });

  test('manager_id: the direct reports; in any case; an unknown or foreign id is an empty page, not 404', async () => {
    expect(await expectFiltered({ manager_id: manager.id }, (e) => e.manager_id === manager.id)).toHaveLength(3);
    await expectFiltered({ manager_id: manager.id.toUpperCase() }, (e) => e.manager_id === manager.id);
    await expectFiltered({ manager_id: randomUUID() }, () => false);
    await expectFiltered({ manager_id: otherManager.id }, () => false);
  });

  test('email: exact but case-insensitive; another address is an empty page', async () => {
    expect(salesContractor.email).toBe(salesContractor.email.toLowerCase());
    for (const spelling of [salesContractor.email, salesContractor.email.toUpperCase()]) {
      expect(ids(await expectFiltered({ email: spelling }, (e) => e.id === salesContractor.id))).toEqual([
        salesContractor.id,
      ]);
    }
    await expectFiltered({ email: `x${salesContractor.email}` }, () => false);
  });

  test('filters combine with AND; unknown parameters are still ignored', async () => {
    const sales = (e: EmployeeRow) => e.department === 'Sales';
    await expectFiltered(
      { department: 'Sales', employment_type: 'contractor' },
      (e) => sales(e) && e.employment_type === 'contractor',
    );
    await expectFiltered(
      { department: 'Sales', manager_id: manager.id },
      (e) => sales(e) && e.manager_id === manager.id,
    );
    const all = await expectFiltered(
      { department: 'Sales', employment_type: 'contractor', manager_id: manager.id, email: salesContractor.email },
      (e) => e.id === salesContractor.id,
    );
    expect(all).toHaveLength(1);
    await expectFiltered({ department: 'Finance', manager_id: manager.id, employment_type: 'contractor' }, () => false);
    await expectFiltered({ department: 'Sales', colour: 'red', sort: '-created_at' }, sales);
  });
});

describe('tenant isolation', () => {
  test("another tenant's matching employees never appear, whatever the filter", async () => {
    const theirs = await listPage<EmployeeRow>(h, await h.key(other, ['employees:read']), '/v1/employees');
    const foreign = new Set(ids(theirs.data));
    expect(foreign.size).toBe(3);
    const filters: Record<string, string>[] = [
      { department: 'Sales' },
      { employment_type: 'contractor' },
      { email: salesContractor.email },
      { manager_id: otherManager.id },
    ];
    for (const params of filters) {
      const page = await listPage(h, read, '/v1/employees', params);
      expect(
        page.data.filter((r) => foreign.has(r.id)),
        JSON.stringify(params),
      ).toEqual([]);
    }
    // The same address in the other tenant names its own employee there.
    const there = await listPage<EmployeeRow>(h, await h.key(other, ['employees:read']), '/v1/employees', {
      email: salesContractor.email,
    });
    expect(there.data).toHaveLength(1);
    expect(there.data[0].id).not.toBe(salesContractor.id);
    // And the organisation's sandbox: its first HR admin has the live one's address.
    const sandbox = await listPage<EmployeeRow>(h, await h.key(t, ['employees:read'], 'test'), '/v1/employees', {
      email: t.hr_admin.email,
    });
    expect(ids(sandbox.data)).toEqual([t.sandbox_hr_admin.id]);
  });
});

describe('validation: a bad value, an empty one, or the parameter twice is 400 naming it', () => {
  test('department', async () => {
    await expectStrictFilter(h, read, '/v1/employees', 'department', 'Sales', [
      '   ',
      'Sa\u0007les',
      'x'.repeat(101),
      'Sales\u202e',
    ]);
  });
  test('employment_type', async () => {
    await expectStrictFilter(h, read, '/v1/employees', 'employment_type', 'contractor', [
      'FULL_TIME',
      'contract',
      'full_time ',
    ]);
  });
  test('manager_id', async () => {
    await expectStrictFilter(h, read, '/v1/employees', 'manager_id', manager.id, [
      'not-a-uuid',
      '123',
      `${manager.id}0`,
    ]);
  });
  test('email', async () => {
    await expectStrictFilter(h, read, '/v1/employees', 'email', salesContractor.email, [
      'not-an-email',
      'a@b',
      'a@example.com.',
    ]);
  });
  test('a bad filter beside a good one names only the bad one', async () => {
    const body = await expectProblem(
      await h.as(read, `/v1/employees?department=Sales&employment_type=boss`),
      400,
      'invalid_query_parameter',
    );
    expect((body.errors as { path: string }[]).map((e) => e.path)).toEqual(['employment_type']);
  });
});

describe('cursors', () => {
  test('a cursor is bound to the filter values: another value, a filter dropped or added is invalid_cursor', async () => {
    await expectCursorBoundToFilters(h, read, '/v1/employees', { department: 'Sales' }, [
      { department: 'Finance' },
      { department: 'sales' },
      {},
      { department: 'Sales', employment_type: 'full_time' },
      { employment_type: 'full_time' },
    ]);
    await expectCursorBoundToFilters(h, read, '/v1/employees', { department: 'Sales', manager_id: manager.id }, [
      { department: 'Sales' },
      { manager_id: manager.id },
      { department: 'Sales', manager_id: salesContractor.id },
    ]);
    // An unfiltered cursor does not continue a filtered list either.
    await expectCursorBoundToFilters(h, read, '/v1/employees', {}, [
      { department: 'Sales' },
      { employment_type: 'full_time' },
    ]);
  });

  test('values as validated: the same filter spelt otherwise keeps its cursor', async () => {
    const first = await listPage(h, read, '/v1/employees', { manager_id: manager.id, limit: '1' });
    const cursor = first.next_cursor as string;
    const next = await listPage(h, read, '/v1/employees', { manager_id: manager.id.toUpperCase(), limit: '1', cursor });
    expect(next.data).toHaveLength(1);
    const sales = await listPage(h, read, '/v1/employees', { department: 'Sales', limit: '1' });
    const trimmed = await listPage(h, read, '/v1/employees', {
      department: ' Sales ',
      limit: '1',
      cursor: sales.next_cursor as string,
    });
    expect(trimmed.data[0].id).not.toBe(sales.data[0].id);
  });

  test('a full walk of a filtered list by cursor gives exactly the filtered set, in order (ties on created_at too)', async () => {
    const own = await h.tenant();
    const secret = await h.key(own, ['employees:read']);
    const shared = new Date('2026-06-01T08:00:00.000Z');
    const values: unknown[] = [];
    for (let i = 0; i < 41; i++) {
      const at = i % 3 === 0 ? shared : new Date(Date.UTC(2026, 0, 1 + i, 9, 0, 0, i));
      values.push(randomUUID(), randomUUID(), `W-${i}`, `walk.${i}.${randomBytes(3).toString('hex')}@example.com`);
      values.push(i % 2 ? 'Sales' : 'Finance', i % 4 ? 'full_time' : 'contractor', at);
    }
    const rows = Array.from({ length: 41 }, () => '(?::uuid, ?::uuid, ?, ?, ?, ?, ?::timestamptz)').join(', ');
    await sql(
      h,
      `with input (id, profile_id, code, email, department, employment_type, created) as (values ${rows}),
       profiles_in as (insert into profiles (id, tenant_id, email, status, created_at)
                       select profile_id, ?, email, 'invited', created from input)
       insert into employees (id, tenant_id, employee_id, profile_id, full_name, email, department, employment_type,
                              joining_date, created_at, updated_at)
       select id, ?, code, profile_id, 'Walker ' || code, email, department, employment_type, date '2026-01-05', created, created
         from input`,
      [...values, own.tenant.id, own.tenant.id],
    );
    const all = (await listPage<EmployeeRow>(h, secret, '/v1/employees', { limit: '100' })).data;
    expect(all).toEqual(inListOrder(all));
    for (const [params, keep, limit] of [
      [{ department: 'Sales' }, (e: EmployeeRow) => e.department === 'Sales', 3],
      [
        { department: 'Finance', employment_type: 'contractor' },
        (e: EmployeeRow) => e.department === 'Finance' && e.employment_type === 'contractor',
        2,
      ],
    ] as const) {
      const expected = ids(all.filter(keep));
      expect(expected.length).toBeGreaterThan(limit * 2);
      const walked = await walkIds(h, secret, '/v1/employees', params, limit);
      expect(walked.ids, JSON.stringify(params)).toEqual(expected);
      expect(walked.pages).toBe(Math.ceil(expected.length / limit));
    }
  });
});

describe('over /trpc: the same filters, typed', () => {
  const client = (secret: string) =>
    createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${h.url}/trpc`, headers: { Authorization: `Bearer ${secret}` } })],
    });

  test('the same rows as /v1; a bad value is invalid_query_parameter; cursors are shared with /v1 per filter set', async () => {
    const api = client(read);
    const page = await api.employees.list.query({ department: 'Sales', employment_type: 'contractor', limit: 10 });
    expect(ids(page.data)).toEqual([salesContractor.id]);
    const byEmail = await api.employees.list.query({ email: salesContractor.email.toUpperCase() });
    expect(ids(byEmail.data)).toEqual([salesContractor.id]);
    const error = await api.employees.list
      // @ts-expect-error: not an employment type
      .query({ employment_type: 'boss' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data).toMatchObject({
      code: 'invalid_query_parameter',
      httpStatus: 400,
    });
    const rest = await listPage(h, read, '/v1/employees', { department: 'Sales', limit: '1' });
    const next = await api.employees.list.query({ department: 'Sales', limit: 1, cursor: rest.next_cursor as string });
    expect(next.data[0].id).not.toBe(rest.data[0].id);
    const refused = await api.employees.list
      .query({ department: 'Finance', limit: 1, cursor: rest.next_cursor as string })
      .catch((e: unknown) => e);
    expect((refused as TRPCClientError<AppRouter>).data).toMatchObject({ code: 'invalid_cursor' });
  });
});

test('the filters are in the OpenAPI document with their types, formats and enums', async () => {
  await expectDocumentedFilters(h, '/employees', {
    department: { type: 'string' },
    employment_type: { type: 'string', enum: [...EMPLOYMENT_TYPES] },
    manager_id: { type: 'string', format: 'uuid' },
    email: { type: 'string' },
    is_hr_admin: { type: 'string', enum: ['true', 'false'] },
  });
});
