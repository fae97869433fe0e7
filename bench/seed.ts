/**
 * A PostgreSQL database for the benchmark (and for profiling): migrated, one organisation, N
 * employees and BENCH_LEAVE_REQUESTS (300,000) leave requests in its live tenant, an API key and an
 * OAuth client with every scope, and the ids and cursors the scenarios need. `tsx bench/seed.ts <employees> [database name]` prints the fixture
 * as JSON, to profile a server by hand against it.
 */
import pg from 'pg';
import { CursorCodec, cursorListKey, loadCursorSecret } from '../core/cursors.js';
import { SCOPES } from '../core/scopes.js';
import { migrate, openOrm } from '../db/orm.js';
import { createApiKey, createOAuthClient } from '../routers/credentials/credentials.writes.js';
import { createOrganisation } from '../routers/organisations/organisations.writes.js';

export const ADMIN_URL =
  process.env.BENCH_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export interface Fixture {
  size: number;
  database: string;
  url: string;
  tenantId: string;
  hrAdminId: string;
  apiKey: string;
  client: { client_id: string; client_secret: string };
  /** The cursor of the page in the middle of the tenant's employees. */
  deepCursor: string;
  /** The department the filtered scenarios filter by: a tenth of the employees. */
  department: string;
  /** The cursor of the page in the middle of that department's employees (`?department=…`). */
  filteredDeepCursor: string;
  /** An employee to read by id. */
  someoneId: string;
  /** The filter values of the other employee filters of decisions §15. */
  employmentType: string;
  /** A manager with REPORTS_PER_MANAGER - 1 reports. */
  managerId: string;
  /** An employee's e-mail in capitals (the filter is case-insensitive). */
  email: string;
  /** The filter values of the leave-request filters: the employee with the most requests, sick leave. */
  leaveEmployeeId: string;
  sickLeaveTypeId: string;
  unpaidLeaveTypeId: string;
  /** Employees who file leave in the leave scenario. */
  filerIds: string[];
  seedMs: number;
}

export function dbUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The departments of the seeded employees, one after the other: each holds a tenth of them. */
const DEPARTMENTS = [
  'Engineering',
  'Sales',
  'Finance',
  'Support',
  'Operations',
  'Marketing',
  'Legal',
  'People',
  'Product',
  'Design',
];
const FILTERED_DEPARTMENT = 'Sales';

/** Employees a manager of the seed has (decisions §15 `manager_id`): enough for a full page and a next one. */
const REPORTS_PER_MANAGER = 200;
/** Leave requests in the fixture tenant (BENCH_LEAVE_REQUESTS): the volume issue 25 measured the date window at. */
const LEAVE_REQUESTS = Number(process.env.BENCH_LEAVE_REQUESTS ?? 300_000);
/** The employees who have leave requests: the oldest ones (at 1M employees, one in 33 has taken leave). */
const LEAVE_TAKERS = 30_000;

/**
 * N employees (with their login accounts) in one tenant, generated in SQL: spread over DEPARTMENTS,
 * over the employment types (70 % full time), the first N / REPORTS_PER_MANAGER the managers of the
 * others; then LEAVE_REQUESTS leave requests (see seedLeaveRequests).
 */
async function seedEmployees(url: string, tenantId: string, hrAdminId: string, n: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const managers = Math.max(1, Math.floor(n / REPORTS_PER_MANAGER));
  try {
    await client.query(
      `create temp table staff as
       select k, gen_random_uuid() as id, gen_random_uuid() as profile_id, now() - make_interval(secs => $1 - k) as at
         from generate_series(1, $1) k`,
      [n],
    );
    await client.query('alter table staff add primary key (k)');
    await client.query(
      `insert into profiles (id, tenant_id, email, status, created_at)
       select profile_id, $1, 'bench' || k || '@bench.example', 'active', at from staff order by k`,
      [tenantId],
    );
    await client.query(
      `insert into employees (id, tenant_id, employee_id, profile_id, manager_id, full_name, email, department,
                              designation, employment_type, joining_date, engagement_end_date, created_at, updated_at)
       select s.id, $1, 'B-' || lpad(s.k::text, 8, '0'), s.profile_id, m.id, 'Bench Person ' || s.k,
              'bench' || s.k || '@bench.example', ($2::text[])[1 + s.k % $3], 'Engineer', t.type,
              date '2024-01-01' + (s.k % 700)::int, case when t.type <> 'full_time' then date '2027-06-30' end, s.at, s.at
         from staff s
         left join staff m on s.k > $4 and m.k = 1 + (s.k - 1) % $4
         cross join lateral (select case when s.k % 20 < 14 then 'full_time' when s.k % 20 < 16 then 'part_time'
                                         when s.k % 20 < 17 then 'intern' when s.k % 20 < 19 then 'contractor'
                                         else 'freelancer' end as type) t
        order by s.k`,
      [tenantId, DEPARTMENTS, DEPARTMENTS.length, managers],
    );
    // The seat counter counts the seeded employees too (decisions §7).
    await client.query('update tenants set next_employee_number = 1, seats_used = seats_used + $2 where id = $1', [
      tenantId,
      n,
    ]);
    await seedLeaveRequests(client, tenantId, hrAdminId, Math.min(n, LEAVE_TAKERS));
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/**
 * LEAVE_REQUESTS leave requests of the first `takers` employees, set-based: filed one after the
 * other from 2023-01-02 to 2026-10-31 (created_at increasing), each starting 0–44 days after it was
 * filed (all before 2027, when the filing scenario's requests start) and lasting 1–5 days; 60 %
 * annual, 25 % sick, 15 % unpaid leave; 70 % approved, 10 % each rejected, cancelled and pending
 * (decided by the HR admin the next day).
 */
async function seedLeaveRequests(client: pg.Client, tenantId: string, hrAdminId: string, takers: number) {
  await client.query(
    `with r as (
       select g, 1 + (g::bigint * 7919) % $3 as k,
              timestamptz '2023-01-02 09:00Z' + (g - 1) * ((timestamptz '2026-10-31 18:00Z' - timestamptz '2023-01-02 09:00Z') / $2) as at,
              1 + (g * 7) % 5 as days,
              case when g % 20 < 12 then 'ANNUAL' when g % 20 < 17 then 'SICK' else 'UNPAID' end as code,
              case when g / 20 % 10 < 7 then 'approved' when g / 20 % 10 < 8 then 'rejected'
                   when g / 20 % 10 < 9 then 'cancelled' else 'pending' end as status
         from generate_series(1, $2) g
     )
     insert into leave_requests (id, tenant_id, employee_id, leave_type_id, start_date, end_date, days_count, status,
                                 reason, decided_by, decided_at, created_at, updated_at)
     select gen_random_uuid(), $1, s.id, lt.id, (r.at at time zone 'UTC')::date + (r.g * 31 % 45)::int,
            (r.at at time zone 'UTC')::date + (r.g * 31 % 45)::int + r.days - 1, r.days, r.status, 'Bench leave',
            case when r.status in ('approved', 'rejected') then $4::uuid end,
            case when r.status in ('approved', 'rejected') then r.at + interval '1 day' end, r.at, r.at
       from r
       join staff s on s.k = r.k
       join leave_types lt on lt.tenant_id = $1 and lt.code = r.code
      order by r.g`,
    [tenantId, LEAVE_REQUESTS, takers, hrAdminId],
  );
}

/** Creates (or re-creates) database `name` and seeds it with `size` employees. */
export async function createFixture(size: number, name = `wfm_bench_${size}`): Promise<Fixture> {
  const url = dbUrl(name);
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const orm = await openOrm({ DATABASE_URL: url, DATA_DIR: './var' });
  try {
    await migrate(orm);
    const org = await createOrganisation(orm.em.fork(), { name: 'Bench Co' });
    const tenantId = org.tenant.id;
    const seedStart = performance.now();
    await seedEmployees(url, tenantId, org.hr_admin.id, size);
    const seedMs = Math.round(performance.now() - seedStart);
    const key = await createApiKey(orm.em.fork(), 'svc', { tenantId, env: 'live', scopes: [...SCOPES] });
    const client = await createOAuthClient(orm.em.fork(), 'svc', { tenantId, env: 'live', scopes: [...SCOPES] });
    const cursors = new CursorCodec(await loadCursorSecret(orm.em.fork()));
    const conn = orm.em.getConnection();
    const [deep] = await conn.execute<{ id: string; created_at: Date }[]>(
      'select id, created_at from employees where tenant_id = ? order by created_at, id offset ? limit 1',
      [tenantId, Math.floor(size / 2)],
    );
    const [filteredDeep] = await conn.execute<{ id: string; created_at: Date }[]>(
      'select id, created_at from employees where tenant_id = ? and department = ? order by created_at, id offset ? limit 1',
      [tenantId, FILTERED_DEPARTMENT, Math.floor(size / DEPARTMENTS.length / 2)],
    );
    const [someone] = await conn.execute<{ id: string }[]>(
      'select id from employees where tenant_id = ? order by created_at desc, id desc limit 1',
      [tenantId],
    );
    const [manager] = await conn.execute<{ manager_id: string }[]>(
      'select manager_id from employees where tenant_id = ? and manager_id is not null order by created_at limit 1',
      [tenantId],
    );
    const [leaveTaker] = await conn.execute<{ employee_id: string }[]>(
      'select employee_id from leave_requests where tenant_id = ? group by employee_id order by count(*) desc limit 1',
      [tenantId],
    );
    const leaveTypes = await conn.execute<{ id: string; code: string }[]>(
      'select id, code from leave_types where tenant_id = ?',
      [tenantId],
    );
    const leaveType = (code: string) => leaveTypes.find((t) => t.code === code)?.id as string;
    const filers = await conn.execute<{ id: string }[]>(
      'select id from employees where tenant_id = ? order by created_at limit 1000',
      [tenantId],
    );
    return {
      size,
      database: name,
      url,
      tenantId,
      hrAdminId: org.hr_admin.id,
      apiKey: key.secret,
      client: { client_id: client.client_id, client_secret: client.client_secret },
      deepCursor: cursors.encode(cursorListKey('employees', tenantId), [
        new Date(deep.created_at).toISOString(),
        deep.id,
      ]),
      department: FILTERED_DEPARTMENT,
      filteredDeepCursor: cursors.encode(cursorListKey('employees', tenantId, { department: FILTERED_DEPARTMENT }), [
        new Date(filteredDeep.created_at).toISOString(),
        filteredDeep.id,
      ]),
      someoneId: someone.id,
      employmentType: 'contractor',
      managerId: manager.manager_id,
      email: `BENCH${Math.ceil(size / 2)}@BENCH.EXAMPLE`,
      leaveEmployeeId: leaveTaker.employee_id,
      sickLeaveTypeId: leaveType('SICK'),
      unpaidLeaveTypeId: leaveType('UNPAID'),
      filerIds: filers.map((f) => f.id),
      seedMs,
    };
  } finally {
    await orm.close();
  }
}

export async function dropFixture(fixture: Fixture): Promise<void> {
  await admin(`drop database if exists ${fixture.database} with (force)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [size = '10000', name] = process.argv.slice(2);
  createFixture(Number(size), name)
    .then((fixture) => process.stdout.write(`${JSON.stringify({ ...fixture, filerIds: undefined }, null, 2)}\n`))
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
      process.exit(1);
    });
}
