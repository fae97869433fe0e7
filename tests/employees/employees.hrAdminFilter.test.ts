// Who may act (decisions §19): the employee record's `is_hr_admin`, and GET /v1/employees?is_hr_admin=
// true|false (the rules of §15: strict values, AND with the other filters, cursors bound to it).
import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { hire } from '../support/employees.js';
import { expectCursorBoundToFilters, expectStrictFilter, listPage, walkIds } from '../support/filters.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });

let t: TestTenant;
let read: string;
/** In list order: the tenant's first HR admin, then the hires; the second hire made an HR admin. */
let everyone: Json[];

const ids = (rows: readonly Json[]) => rows.map((r) => r.id);

beforeAll(async () => {
  t = await h.tenant();
  const write = await h.key(t, ['employees:write']);
  read = await h.key(t, ['employees:read']);
  const hired = [];
  for (const department of ['Sales', 'Sales', 'Finance', 'Sales']) hired.push(await hire(h, write, t, { department }));
  // There is no endpoint that makes an HR admin: the second hire becomes one directly.
  await sql(h, 'update employees set is_hr_admin = true where id = ?', [hired[1].id]);
  everyone = (await listPage<Json & { id: string; created_at: string }>(h, read, '/v1/employees', { limit: '100' }))
    .data;
  expect(everyone).toHaveLength(5);
});

describe('is_hr_admin', () => {
  test('is on the record: true for HR admins, false for the others; a hire is false', async () => {
    expect(everyone.map((e) => e.is_hr_admin)).toEqual([true, false, true, false, false]);
    expect(everyone[0].id).toBe(t.hr_admin.id);
    const res = await h.as(read, `/v1/employees/${t.hr_admin.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Json }).data.is_hr_admin).toBe(true);
  });

  test('?is_hr_admin=true and =false split the list, in list order, and combine with the other filters', async () => {
    const admins = await listPage(h, read, '/v1/employees', { is_hr_admin: 'true', limit: '100' });
    expect(ids(admins.data)).toEqual(ids(everyone.filter((e) => e.is_hr_admin)));
    expect(admins).toMatchObject({ has_more: false, next_cursor: null });
    const others = await listPage(h, read, '/v1/employees', { is_hr_admin: 'false', limit: '100' });
    expect(ids(others.data)).toEqual(ids(everyone.filter((e) => !e.is_hr_admin)));
    const salesAdmins = await listPage(h, read, '/v1/employees', { is_hr_admin: 'true', department: 'Sales' });
    expect(ids(salesAdmins.data)).toEqual(ids(everyone.filter((e) => e.is_hr_admin && e.department === 'Sales')));
    const walked = await walkIds(h, read, '/v1/employees', { is_hr_admin: 'false' }, 1);
    expect(walked.ids).toEqual(ids(others.data));
  });

  test('a value other than true or false, an empty one, or the parameter twice is 400 naming it', async () => {
    await expectStrictFilter(h, read, '/v1/employees', 'is_hr_admin', 'false', ['yes', 'TRUE', '1', '0', ' true']);
  });

  test('a cursor is bound to the value', async () => {
    await expectCursorBoundToFilters(h, read, '/v1/employees', { is_hr_admin: 'false' }, [
      { is_hr_admin: 'true' },
      {},
      { is_hr_admin: 'false', department: 'Sales' },
    ]);
  });
});
