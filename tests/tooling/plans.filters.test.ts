import { beforeAll, describe, expect, test } from 'vitest';
import { filteredListPages, tenantReader } from '../../core/records.js';
import { type PageStatements, pageValues } from '../../db/listQueries.js';
import { compileTenantStatement } from '../../db/tenantReader.js';
import '../../routers/index.js';
import { planOf, sql, useFreshDatabase } from '../support/database.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { explainPrepared, planNodes, rowsRead } from '../support/plans.js';

// Every filter of decisions §15 stays a keyset page on an index (issue 25 item 7): on a tenant with
// enough rows that PostgreSQL would scan a table whose filter no index fitted, and analysed, the
// plan of every combination of every list's filters, first page and later page, planned for its
// values (custom) and for any (generic, what a named statement settles on), reads no tenant table
// sequentially; a page with a date window walks the list index without sorting what it walked.

/** A database of its own: the statistics below are this file's, not shared with the suite's. */
const { url } = useFreshDatabase('wfm_filter_plans');
const h = useTestServer({ DATABASE_URL: url });

/**
 * The seeded tables, and how many tenants their statistics say they hold (see beforeAll): at 80 to
 * 200, before migration 14 the generic plan of a date window sorted the tenant's rows.
 */
const TABLES = 'profiles, employees, leave_requests, assets, helpdesk_tickets, job_openings, surveys, holidays';
const TENANTS = 200;

/** Rows seeded per table: enough that a sequential scan would be chosen where no index fitted. */
const ROWS = 20_000;

let t: TestTenant;
/** A value of each filter by list path, taken from the seeded rows. */
let values: Record<string, Record<string, string>>;

/**
 * ROWS employees, leave requests (their dates following created_at, as real leave does) and rows of
 * each workplace list, set-based, in one transaction (the temporary table lives on its connection).
 */
async function seed(tenantId: string): Promise<void> {
  await h.orm.em.fork().transactional(async (em) => {
    const run = (text: string, params: unknown[] = [tenantId]) => em.execute(text, params);
    await run(
      `create temp table seeded on commit drop as
       select k, gen_random_uuid() as id, gen_random_uuid() as profile_id,
              timestamptz '2023-01-02 09:00Z' + k * interval '1 hour' as at
         from generate_series(1, ?::int) k`,
      [ROWS],
    );
    await run(`insert into profiles (id, tenant_id, email, created_at)
      select profile_id, ?, 'plan' || k || '@plans.example', at from seeded`);
    await run(`insert into employees (id, tenant_id, employee_id, profile_id, manager_id, full_name, email, department,
                                      employment_type, joining_date, is_hr_admin, created_at, updated_at)
      select s.id, ?, 'P-' || s.k, s.profile_id, case when s.k > 100 then m.id end, 'Plan Person ' || s.k,
             'plan' || s.k || '@plans.example', 'Dept ' || s.k % 20,
             (array['full_time', 'part_time', 'intern', 'contractor', 'freelancer'])[1 + s.k % 5], date '2024-01-01',
             s.k % 50 = 0, s.at, s.at
        from seeded s join seeded m on m.k = 1 + s.k % 100`);
    await run(
      `insert into leave_requests (id, tenant_id, employee_id, leave_type_id, start_date, end_date, days_count,
                                   status, reason, created_at, updated_at)
       select gen_random_uuid(), ?, e.id, types.ids[1 + s.k % cardinality(types.ids)],
              (s.at at time zone 'UTC')::date + s.k % 45, (s.at at time zone 'UTC')::date + s.k % 45 + s.k % 5,
              1 + s.k % 5, (array['pending', 'approved', 'rejected', 'cancelled'])[1 + s.k % 4], 'Plan leave', s.at, s.at
         from seeded s join seeded e on e.k = 1 + s.k % 1000,
              (select array_agg(id order by code) as ids from leave_types where tenant_id = ?) types`,
      [tenantId, tenantId],
    );
    await run(`insert into assets (id, tenant_id, asset_tag, name, category, status, assigned_to, created_at)
      select gen_random_uuid(), ?, 'A-' || s.k, 'Laptop ' || s.k, 'laptop',
             case when s.k % 3 = 0 then 'assigned' else 'available' end, case when s.k % 3 = 0 then e.id end, s.at
        from seeded s join seeded e on e.k = 1 + s.k % 1000`);
    await run(`insert into helpdesk_tickets (id, tenant_id, subject, description, category, raised_by, assigned_to,
                                             status, created_at, updated_at)
      select gen_random_uuid(), ?, 'Ticket ' || s.k, 'Plan ticket', 'it', e.id, case when s.k % 2 = 0 then e.id end,
             (array['open', 'in_progress', 'resolved', 'closed'])[1 + s.k % 4], s.at, s.at
        from seeded s join seeded e on e.k = 1 + s.k % 1000`);
    await run(`insert into job_openings (id, tenant_id, title, status, posted_at, created_at)
      select gen_random_uuid(), ?, 'Opening ' || k, (array['draft', 'open', 'closed'])[1 + k % 3],
             case when k % 3 <> 0 then at end, at
        from seeded`);
    await run(`insert into surveys (id, tenant_id, title, status, created_at)
      select gen_random_uuid(), ?, 'Survey ' || k, (array['draft', 'active', 'closed'])[1 + k % 3], at from seeded`);
    await run(`insert into holidays (id, tenant_id, name, date, created_at)
      select gen_random_uuid(), ?, 'Holiday ' || k, date '2000-01-01' + k, at from seeded`);
  });
}

beforeAll(async () => {
  t = await h.tenant();
  await seed(t.tenant.id);
  // A generic plan does not see the tenant: it estimates a tenant's rows as the table's over the
  // tenants it counts. In a real database of many small tenants that is a few hundred rows, and a
  // plan that sorts them is cheap on paper and reads all of a big tenant's rows (the suite's shared
  // database showed it). The statistics say so here: this tenant's rows among TENANTS tenants.
  for (const table of TABLES.split(', ')) {
    await sql(h, `alter table ${table} alter column tenant_id set (n_distinct = ${TENANTS})`);
  }
  // As autovacuum leaves them: analysed, and the visibility map set (index-only scans are cheap).
  await sql(h, `vacuum (analyze) ${TABLES}`);
  const one = async (query: string) =>
    Object.values((await sql<Record<string, string>>(h, query, [t.tenant.id]))[0])[0];
  const employee = await one(
    'select manager_id from employees where tenant_id = ? and manager_id is not null order by created_at limit 1',
  );
  const dates = { from: '2024-03-01', to: '2024-03-03' };
  values = {
    '/employees': {
      department: 'Dept 7',
      employment_type: 'intern',
      manager_id: employee,
      email: 'plan77@plans.example',
      is_hr_admin: 'true',
    },
    '/leave-requests': {
      employee_id: employee,
      leave_type_id: await one('select id from leave_types where tenant_id = ? order by code limit 1'),
      status: 'approved',
      ...dates,
    },
    '/holidays': dates,
    '/assets': { status: 'assigned', assigned_to: employee },
    '/job-openings': { status: 'open' },
    '/helpdesk-tickets': { status: 'open', raised_by: employee, assigned_to: employee },
    '/surveys': { status: 'active' },
  };
}, 60_000);

/** A later page's cursor: a row in the middle of the seeded ones. */
const CURSOR = ['2024-03-01T00:00:00.000Z', '01a20129-a8bd-7fe6-893d-e14d781596aa'] as const;

/** The plan's part that walks the list index, for a window page (the `walked` CTE). */
const walk = (plan: string) => plan.slice(plan.indexOf('CTE walked'), plan.indexOf('CTE hits'));

describe('every combination of every list’s filters is a keyset page on an index', () => {
  test.each([
    '/employees',
    '/leave-requests',
    '/holidays',
    '/assets',
    '/job-openings',
    '/helpdesk-tickets',
    '/surveys',
  ])('%s', async (path) => {
    const list = filteredListPages(path);
    if (!list) throw new Error(`${path} has no filters`);
    expect([...list.filters].sort()).toEqual(Object.keys(values[path]).sort());
    // Both values of is_hr_admin: `false` is most of the tenant, `true` its few HR admins.
    const variants = path === '/employees' ? [values[path], { ...values[path], is_hr_admin: 'false' }] : [values[path]];
    for (const variant of variants) {
      for (const [mask, statements] of list.pages.entries()) {
        const given = list.filters.filter((_, bit) => mask & (1 << bit));
        const filterValues = Object.fromEntries(given.map((name) => [name, variant[name]]));
        // A page of one e-mail reads one row; one of the HR admins with another filter may sort the
        // tenant's HR admins (a handful, on their index) rather than walk the other filter's rows.
        const bounded =
          given.includes('email') ||
          (given.length > 1 && given.includes('is_hr_admin') && variant.is_hr_admin === 'true');
        for (const [statement, cursor] of [
          [statements.first, undefined],
          [statements.after, CURSOR],
        ] as const) {
          const { text } = compileTenantStatement(statement.sql);
          for (const mode of ['custom', 'generic'] as const) {
            const plan = await planOf(
              h,
              text,
              [t.tenant.id, ...statement.bind(pageValues(filterValues, cursor, 21))],
              mode,
            );
            const what = `${path} ${given.map((name) => `${name}=${variant[name]}`).join('+') || 'unfiltered'} ${cursor ? 'after' : 'first'} ${mode}\n${plan}`;
            expect(plan, what).not.toMatch(/Seq Scan/);
            if (plan.includes('CTE walked')) expect(walk(plan), what).not.toMatch(/Sort/);
            else if (!bounded) expect(plan, what).not.toMatch(/Sort/);
          }
        }
      }
    }
  });
});

describe('a window page is the window’s rows in list order, whichever step found them', () => {
  /** The ids of the pages of `statements` read through the tenant reader, `limit` rows each, until `most`. */
  async function walkAll(statements: PageStatements, values: Record<string, string>, limit: number, most: number) {
    const reader = tenantReader({ em: h.orm.em.fork(), credential: { tenantId: t.tenant.id } });
    const ids: string[] = [];
    let cursor: readonly [string, string] | undefined;
    for (;;) {
      const rows = (await reader.all(
        cursor ? statements.after : statements.first,
        pageValues(values, cursor, limit + 1),
      )) as { id: string; created_at: string }[];
      ids.push(...rows.slice(0, limit).map((row) => row.id));
      if (rows.length <= limit || ids.length >= most) return ids;
      const last = rows[limit - 1];
      cursor = [last.created_at, last.id];
    }
  }

  /** Rows compared per window: 20 pages. */
  const MOST = 140;

  test.each([
    ['wide', '1900-01-01', '9999-12-31'],
    ['at the start', '2023-01-01', '2023-01-03'],
    ['in the middle', '2024-03-01', '2024-03-03'],
    ['at the end', '2025-04-01', '2025-12-31'],
    ['empty', '2030-01-01', '2030-12-31'],
  ])('%s', async (_name, from, to) => {
    const list = filteredListPages('/leave-requests');
    if (!list) throw new Error('no leave filters');
    const bits = (names: string[]) => names.reduce((mask, name) => mask | (1 << list.filters.indexOf(name)), 0);
    const expected = await sql<{ id: string }>(
      h,
      `select id from leave_requests where tenant_id = ? and end_date >= ? and start_date <= ?
        order by created_at, id limit ?`,
      [t.tenant.id, from, to, MOST],
    );
    // A small limit makes the walk's budget short, so a narrow window is found by the second step.
    const ids = await walkAll(list.pages[bits(['from', 'to'])], { from, to }, 7, MOST);
    expect(ids).toEqual(expected.map((row) => row.id));
  });
});

/**
 * Runs `text` with `values` as a prepared statement, planned as `mode` says (explainPrepared), and
 * answers what its scans read: the rows each scan of a table or index produced and those its filter
 * dropped, over all its loops, and the indexes they used.
 */
async function scansOf(text: string, values: readonly unknown[], mode: 'custom' | 'generic') {
  const { plan } = await h.orm.em.fork().transactional((em) => explainPrepared(em, text, values, mode));
  const scans = planNodes(plan).filter((node) => node['Relation Name']);
  return {
    rows: scans.reduce((sum, node) => sum + rowsRead(node), 0),
    indexes: new Set(scans.flatMap((node) => node['Index Name'] ?? [])),
  };
}

// Issue 36 item 3: a window page's work follows the rows it returns. A page of `limit` rows reads
// each of them once where the list's own index holds them (a wide window: no second read by id),
// and a window of a few days reads the few rows of each of its days that come first in the list
// (a narrow window: neither a walk of the list nor every row of the window).
describe('a window page reads about the rows it returns', () => {
  /** The page's rows (limit + 1) in these plans. */
  const ROWS = 21;

  /**
   * What the first page and the page after CURSOR (before each window below) of `window` on `path`
   * read, planned for their values and for any, each with a line saying which it is.
   */
  async function windowReads(path: string, window: Record<string, string>) {
    const list = filteredListPages(path);
    if (!list) throw new Error(`${path} has no filters`);
    const mask = list.filters.reduce((bits, name, bit) => (name in window ? bits | (1 << bit) : bits), 0);
    const reads = [];
    for (const [statement, cursor] of [
      [list.pages[mask].first, undefined],
      [list.pages[mask].after, CURSOR],
    ] as const) {
      const { text } = compileTenantStatement(statement.sql);
      for (const mode of ['custom', 'generic'] as const) {
        const read = await scansOf(text, [t.tenant.id, ...statement.bind(pageValues(window, cursor, ROWS))], mode);
        const what = `${path} ${JSON.stringify(window)} ${cursor ? 'after' : 'first'} ${mode}: ${read.rows} rows on ${[...read.indexes].join(', ')}`;
        reads.push({ ...read, what });
      }
    }
    return reads;
  }

  test.each([
    ['/leave-requests', 'leave_requests_tenant_page_dates'],
    ['/holidays', 'holidays_tenant_page_date'],
  ])('%s, the wide window: the page’s rows, each read once on the list’s index', async (path, index) => {
    for (const read of await windowReads(path, { from: '1900-01-01', to: '9999-12-31' })) {
      // The page's rows, and the window's first day: for leave, a row of the tenant's longest request.
      expect(read.rows, read.what).toBeLessThanOrEqual(ROWS + 3);
      expect([...read.indexes], read.what).toContain(index);
    }
  });

  test.each([
    ['/leave-requests', 'three days', { from: '2024-03-04', to: '2024-03-06' }],
    ['/leave-requests', 'a week', { from: '2024-03-04', to: '2024-03-10' }],
    ['/leave-requests', 'a week at the start', { from: '2023-01-02', to: '2023-01-08' }],
    ['/leave-requests', 'a week at the end', { from: '2025-05-19', to: '2025-05-25' }],
    ['/holidays', 'a week', { from: '2024-03-04', to: '2024-03-10' }],
  ])('%s, %s: a few rows of each of its days, on its date index', async (path, _name, window) => {
    // The days a page looks at: the window's, and for leave the four before it (the seeded
    // requests last at most five days, so one that began then may reach into the window).
    const leave = path === '/leave-requests';
    const days = (Date.parse(window.to) - Date.parse(window.from)) / 86_400_000 + 1 + (leave ? 4 : 0);
    for (const read of await windowReads(path, window)) {
      // The first keys of each day, twice the page's rows over the days, then the page's rows.
      expect(read.rows, read.what).toBeLessThanOrEqual(3 * ROWS + 2 * days);
      expect([...read.indexes], read.what).toContain(
        leave ? 'leave_requests_tenant_start_page' : 'holidays_tenant_window',
      );
    }
  });
});
