/**
 * A PostgreSQL database for the benchmark (and for profiling): migrated, one organisation, N
 * employees in its live tenant, an API key and an OAuth client with every scope, and the ids and
 * cursors the scenarios need. `tsx bench/seed.ts <employees> [database name]` prints the fixture
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

/** N employees (with their login accounts) in one tenant, generated in SQL, spread over DEPARTMENTS. */
async function seedEmployees(url: string, tenantId: string, n: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into profiles (id, tenant_id, email, status, created_at)
       select gen_random_uuid(), $1, 'bench' || g || '@bench.example', 'active', now() - make_interval(secs => $2 - g)
         from generate_series(1, $2) g`,
      [tenantId, n],
    );
    await client.query(
      `insert into employees (id, tenant_id, employee_id, profile_id, full_name, email, department, designation,
                              employment_type, joining_date, created_at, updated_at)
       select gen_random_uuid(), p.tenant_id, 'B-' || lpad(row_number() over (order by p.created_at)::text, 8, '0'), p.id,
              'Bench Person ' || row_number() over (order by p.created_at), p.email,
              ($2::text[])[1 + row_number() over (order by p.created_at) % $3], 'Engineer',
              'full_time', date '2024-01-01', p.created_at, p.created_at
         from profiles p where p.tenant_id = $1 and p.email like 'bench%'`,
      [tenantId, DEPARTMENTS, DEPARTMENTS.length],
    );
    await client.query('update tenants set next_employee_number = 1 where id = $1', [tenantId]);
    await client.query('analyze');
  } finally {
    await client.end();
  }
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
    await seedEmployees(url, tenantId, size);
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
    const [unpaid] = await conn.execute<{ id: string }[]>(
      "select id from leave_types where tenant_id = ? and code = 'UNPAID'",
      [tenantId],
    );
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
      unpaidLeaveTypeId: unpaid.id,
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
