import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { migrationsList } from '../../db/migrations/index.js';
import { Migration20261123000007TenantKeys } from '../../db/migrations/Migration20261123000007TenantKeys.js';
import { migrate, type Orm, openOrm } from '../../db/orm.js';
import { createApiKey, createOAuthClient } from '../../routers/credentials/credentials.writes.js';
import { createDemoOrganisation } from '../../routers/organisations/demo.writes.js';
import { createOrganisation } from '../../routers/organisations/organisations.writes.js';
import { adminUrl, databaseUrl } from '../support/globalSetup.js';
import { fillOlderSchema } from '../support/laterSchema.js';

// Keys that keep tenants apart (decisions §12), read from the database's own catalogue, so that a
// table added later without them fails here. A tenant table is any table with a tenant_id column.

/** Tenant tables without an `id`: what identifies their rows within the tenant instead. */
const WITHOUT_ID: Record<string, string> = {
  idempotency_keys: 'primary key (tenant_id, key)',
  webhook_endpoint_queue: 'primary key (tenant_id, endpoint_id)',
};

/** uuid columns of tenant tables that name no row (everything else must be a composite reference). */
const NOT_REFERENCES = new Set(['id', 'tenant_id', 'family_id']);

/** Decisions §12 exceptions: global indexes (table, columns) that do not lead with tenant_id. */
const GLOBAL_INDEXES = new Set([
  // Credential lookups, before the tenant is known.
  'api_keys (key_id)',
  'api_key_secrets (secret_hash)',
  'oauth_clients (client_id)',
  'oauth_tokens (token_hash)',
  'account_setup_tokens (token_hash)',
  // Sign-in by e-mail, before the tenant is known (decisions §20).
  'profiles (email)',
  // Worker queues scanned across tenants by time.
  'outbox_messages (next_attempt_at)',
  'idempotency_keys (created_at)',
  'events (created_at)',
  'webhook_deliveries (next_attempt_at)',
  // The webhook dispatcher's claim, per endpoint across tenants (decisions §18: fair, at most N in flight).
  'webhook_deliveries (endpoint_id, next_attempt_at, id)',
  'webhook_deliveries (endpoint_id, locked_until)',
  // The endpoints due, read by the claim across tenants by time (decisions §18).
  'webhook_endpoint_queue (due_at)',
]);

type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
const sqlOf =
  (orm: Orm): Sql =>
  (text, params = []) =>
    orm.em.getConnection().execute(text, params);

interface Catalogue {
  tables: { table: string; has_id: boolean }[];
  indexes: { table: string; index: string; unique: boolean; primary: boolean; partial: boolean; columns: string[] }[];
  foreignKeys: {
    name: string;
    table: string;
    target: string;
    columns: string[];
    target_columns: string[];
    on_delete: string;
    deferrable: boolean;
    deferred: boolean;
  }[];
  uuidColumns: { table: string; column: string }[];
}

const columnsOf = (keys: string, rel: string) =>
  `array(select a.attname::text from unnest(${keys}) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.attnum order by k.ord)`;

async function readCatalogue(sql: Sql): Promise<Catalogue> {
  const here = 'relnamespace = current_schema()::regnamespace';
  const tables = await sql<Catalogue['tables'][number]>(
    `select c.relname::text as table,
            exists (select 1 from pg_attribute a
                     where a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped) as has_id
       from pg_class c
      where c.${here} and c.relkind in ('r', 'p')
        and exists (select 1 from pg_attribute a
                     where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
      order by 1`,
  );
  const indexes = await sql<Catalogue['indexes'][number]>(
    `select t.relname::text as table, i.relname::text as index, x.indisunique as unique,
            x.indisprimary as primary, x.indpred is not null as partial,
            array(select coalesce(a.attname::text, '(expression)')
                    from unnest(x.indkey::int2[]) with ordinality k(attnum, ord)
                    left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
                   where k.ord <= x.indnkeyatts order by k.ord) as columns
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.${here}
      order by 1, 2`,
  );
  const foreignKeys = await sql<Catalogue['foreignKeys'][number]>(
    `select c.conname::text as name, r.relname::text as table, f.relname::text as target,
            ${columnsOf('c.conkey', 'c.conrelid')} as columns,
            ${columnsOf('c.confkey', 'c.confrelid')} as target_columns,
            c.confdeltype::text as on_delete, c.condeferrable as deferrable, c.condeferred as deferred
       from pg_constraint c join pg_class r on r.oid = c.conrelid join pg_class f on f.oid = c.confrelid
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
      order by 1`,
  );
  const uuidColumns = await sql<Catalogue['uuidColumns'][number]>(
    `select c.relname::text as table, a.attname::text as column
       from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.${here} and c.relkind in ('r', 'p') and a.atttypid = 'uuid'::regtype
        and a.attnum > 0 and not a.attisdropped
      order by 1, 2`,
  );
  return { tables, indexes, foreignKeys, uuidColumns };
}

const list = (columns: string[]) => `(${columns.join(', ')})`;

/** Every way the schema falls short of decisions §12; empty when it keeps tenants apart. */
function tenantKeyProblems({ tables, indexes, foreignKeys, uuidColumns }: Catalogue): string[] {
  const tenantTables = new Set(tables.map((t) => t.table));
  const problems: string[] = [];
  for (const { table, has_id } of tables) {
    const own = indexes.filter((i) => i.table === table);
    if (has_id) {
      if (!own.some((i) => i.unique && !i.partial && list(i.columns) === '(tenant_id, id)'))
        problems.push(`${table}: no unique key (tenant_id, id)`);
    } else if (!WITHOUT_ID[table] || own.find((i) => i.primary)?.columns[0] !== 'tenant_id') {
      problems.push(`${table}: no id, and no primary key leading with tenant_id`);
    }
    const toTenant = foreignKeys.some(
      (f) => f.table === table && f.target === 'tenants' && list(f.columns) === '(tenant_id)',
    );
    if (!toTenant) problems.push(`${table}: tenant_id does not reference tenants`);
    for (const i of own) {
      const keptPrimaryKey = i.primary && list(i.columns) === '(id)';
      if (i.columns[0] === 'tenant_id' || keptPrimaryKey || GLOBAL_INDEXES.has(`${table} ${list(i.columns)}`)) continue;
      problems.push(`${table}: index ${i.index} ${list(i.columns)} does not lead with tenant_id`);
    }
  }
  for (const f of foreignKeys) {
    if (!tenantTables.has(f.table) || !tenantTables.has(f.target)) continue;
    if (f.columns.length !== 2 || f.columns[0] !== 'tenant_id' || list(f.target_columns) !== '(tenant_id, id)')
      problems.push(
        `${f.table}: ${f.name} ${list(f.columns)} → ${f.target} ${list(f.target_columns)} is not composite`,
      );
  }
  for (const { table, column } of uuidColumns) {
    if (!tenantTables.has(table) || NOT_REFERENCES.has(column)) continue;
    const covered = foreignKeys.some(
      (f) => f.table === table && tenantTables.has(f.target) && list(f.columns) === `(tenant_id, ${column})`,
    );
    if (!covered) problems.push(`${table}.${column}: no composite foreign key (tenant_id, ${column})`);
  }
  return problems.sort();
}

const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

/** Each reference between tenant tables (by table and column): its target, delete action and when it is checked. */
function referenceBehaviour({ tables, foreignKeys }: Catalogue): Record<string, string> {
  const tenantTables = new Set(tables.map((t) => t.table));
  return Object.fromEntries(
    foreignKeys
      .filter((f) => tenantTables.has(f.table) && tenantTables.has(f.target))
      .map((f) => [
        `${f.table}.${f.columns.at(-1)}`,
        `${f.target}, on delete ${ON_DELETE[f.on_delete]}, ${f.deferred ? 'deferred' : f.deferrable ? 'deferrable' : 'immediate'}`,
      ]),
  );
}

/** The error a statement ends with (its implicit commit checks deferred keys), or null. */
async function failure(sql: Sql, text: string, params: unknown[]) {
  try {
    await sql(text, params);
    return null;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    return { code, constraint };
  }
}

describe('the migrated test database', () => {
  let orm: Orm;
  let sql: Sql;
  beforeAll(async () => {
    orm = await openOrm({ DATABASE_URL: inject('databaseUrl'), DATA_DIR: './var' }, undefined, { poolMax: 2 });
    sql = sqlOf(orm);
  });
  afterAll(() => orm?.close());

  test('every tenant table has (tenant_id, id), every reference between them is composite, every index leads with tenant_id', async () => {
    const catalogue = await readCatalogue(sql);
    expect(catalogue.tables.length).toBeGreaterThanOrEqual(17);
    expect(tenantKeyProblems(catalogue)).toEqual([]);
    // The replaced keys do what the old ones did: checked at commit; a key's secrets and a
    // client's tokens go with it, an endpoint's and an event's delivery attempts too (and an endpoint's
    // queue row); nothing else cascades.
    const behaviour = referenceBehaviour(catalogue);
    expect(Object.keys(behaviour).length).toBeGreaterThanOrEqual(13);
    for (const [reference, what] of Object.entries(behaviour)) {
      const cascades = [
        'api_key_secrets.api_key_id',
        'oauth_tokens.client_id',
        'webhook_deliveries.endpoint_id',
        'webhook_deliveries.event_id',
        'webhook_endpoint_queue.endpoint_id',
      ].includes(reference);
      expect(what, reference).toMatch(cascades ? /, on delete cascade, deferred$/ : /, on delete no action, deferred$/);
    }
  });

  test('a row pointing into another tenant is refused by the database (23503); into its own tenant it is stored', async () => {
    type Fixture = Awaited<ReturnType<typeof fixture>>;
    async function fixture() {
      const org = await createOrganisation(orm.em.fork(), { name: `Keys ${randomBytes(4).toString('hex')}` });
      const tenant = org.tenant.id;
      const employee = org.hr_admin.id;
      const [{ profile_id: profile }] = await sql<{ profile_id: string }>(
        'select profile_id from employees where id = ?',
        [employee],
      );
      const [{ id: leaveType }] = await sql<{ id: string }>(
        `select id from leave_types where tenant_id = ? and code = 'ANNUAL'`,
        [tenant],
      );
      const apiKey = randomUUID();
      await sql(`insert into api_keys (id, tenant_id, key_id, scopes) values (?, ?, ?, '{}')`, [
        apiKey,
        tenant,
        `k_${randomBytes(8).toString('hex')}`,
      ]);
      const client = randomUUID();
      await sql(`insert into oauth_clients (id, tenant_id, client_id, secret_hash, scopes) values (?, ?, ?, ?, '{}')`, [
        client,
        tenant,
        `c_${randomBytes(8).toString('hex')}`,
        randomBytes(32).toString('hex'),
      ]);
      return { tenant, employee, profile, leaveType, apiKey, client };
    }
    const own = await fixture();
    const other = await fixture();
    const hex = () => randomBytes(32).toString('hex');
    const tag = () => randomBytes(8).toString('hex');
    let year = 3000;

    // [constraint, column's value taken from `ref`, everything else from `own`]
    const cases: [string, (ref: Fixture) => [string, unknown[]]][] = [
      [
        'employees_tenant_id_manager_id_fkey',
        (ref) => [
          `insert into employees (id, tenant_id, employee_id, profile_id, manager_id, full_name, email, joining_date)
           values (?, ?, ?, ?, ?, 'Report', ?, '2026-01-05')`,
          [randomUUID(), own.tenant, `E-${tag()}`, own.profile, ref.employee, `${tag()}@example.com`],
        ],
      ],
      [
        'employees_tenant_id_profile_id_fkey',
        (ref) => [
          `insert into employees (id, tenant_id, employee_id, profile_id, full_name, email, joining_date)
           values (?, ?, ?, ?, 'Someone', ?, '2026-01-05')`,
          [randomUUID(), own.tenant, `E-${tag()}`, ref.profile, `${tag()}@example.com`],
        ],
      ],
      ...(['employee', 'leaveType', 'decidedBy'] as const).map(
        (column): [string, (ref: Fixture) => [string, unknown[]]] => [
          `leave_requests_tenant_id_${{ employee: 'employee_id', leaveType: 'leave_type_id', decidedBy: 'decided_by' }[column]}_fkey`,
          (ref) => [
            `insert into leave_requests (id, tenant_id, employee_id, leave_type_id, decided_by, start_date, end_date,
               days_count, status, reason, decided_at)
             values (?, ?, ?, ?, ?, '2026-03-02', '2026-03-02', 1, 'approved', 'r', now())`,
            [
              randomUUID(),
              own.tenant,
              column === 'employee' ? ref.employee : own.employee,
              column === 'leaveType' ? ref.leaveType : own.leaveType,
              column === 'decidedBy' ? ref.employee : own.employee,
            ],
          ],
        ],
      ),
      ...(['employee', 'leaveType'] as const).map((column): [string, (ref: Fixture) => [string, unknown[]]] => [
        `leave_balances_tenant_id_${column === 'employee' ? 'employee_id' : 'leave_type_id'}_fkey`,
        (ref) => [
          'insert into leave_balances (id, tenant_id, employee_id, leave_type_id, year, allowance) values (?, ?, ?, ?, ?, 10)',
          [
            randomUUID(),
            own.tenant,
            column === 'employee' ? ref.employee : own.employee,
            column === 'leaveType' ? ref.leaveType : own.leaveType,
            year++,
          ],
        ],
      ]),
      [
        'assets_tenant_id_assigned_to_fkey',
        (ref) => [
          `insert into assets (id, tenant_id, asset_tag, name, category, status, assigned_to)
           values (?, ?, ?, 'Laptop', 'IT', 'assigned', ?)`,
          [randomUUID(), own.tenant, `A-${tag()}`, ref.employee],
        ],
      ],
      ...(['raised_by', 'assigned_to'] as const).map((column): [string, (ref: Fixture) => [string, unknown[]]] => [
        `helpdesk_tickets_tenant_id_${column}_fkey`,
        (ref) => [
          `insert into helpdesk_tickets (id, tenant_id, subject, description, category, raised_by, assigned_to)
           values (?, ?, 's', 'd', 'IT', ?, ?)`,
          [
            randomUUID(),
            own.tenant,
            column === 'raised_by' ? ref.employee : own.employee,
            column === 'assigned_to' ? ref.employee : own.employee,
          ],
        ],
      ]),
      [
        'rate_cards_tenant_id_employee_id_fkey',
        (ref) => [
          `insert into rate_cards (id, tenant_id, employee_id, pay_model, rate) values (?, ?, ?, 'hourly', 80)`,
          [randomUUID(), own.tenant, ref.employee],
        ],
      ],
      [
        'api_key_secrets_tenant_id_api_key_id_fkey',
        (ref) => [
          `insert into api_key_secrets (id, tenant_id, api_key_id, secret_hash, display_prefix) values (?, ?, ?, ?, 'svc')`,
          [randomUUID(), own.tenant, ref.apiKey, hex()],
        ],
      ],
      [
        'oauth_tokens_tenant_id_client_id_fkey',
        (ref) => [
          `insert into oauth_tokens (id, tenant_id, client_id, kind, token_hash, family_id, scopes, expires_at)
           values (?, ?, ?, 'access', ?, ?, '{}', now() + interval '1 hour')`,
          [randomUUID(), own.tenant, ref.client, hex(), randomUUID()],
        ],
      ],
    ];
    const outcomes: Record<string, unknown> = {};
    for (const [constraint, statement] of cases) {
      outcomes[`${constraint}: other tenant`] = await failure(sql, ...statement(other));
      outcomes[`${constraint}: own tenant`] = await failure(sql, ...statement(own));
    }
    expect(outcomes).toEqual(
      Object.fromEntries(
        cases.flatMap(([constraint]) => [
          [`${constraint}: other tenant`, { code: '23503', constraint }],
          [`${constraint}: own tenant`, null],
        ]),
      ),
    );
    // An absent reference is no reference (MATCH SIMPLE): an unassigned asset, a top-level employee.
    expect(
      await failure(
        sql,
        `insert into assets (id, tenant_id, asset_tag, name, category, status, assigned_to)
         values (?, ?, ?, 'Desk', 'Facilities', 'available', null)`,
        [randomUUID(), own.tenant, `A-${tag()}`],
      ),
    ).toBeNull();
  });
});

/** Columns a later migration drops (Migration20261123000008IdempotencyLockColumns), left out of the digests. */
const DROPPED_LATER: Record<string, string[]> = { idempotency_keys: ['state', 'locked_at'] };

/** Each table's columns now, but those dropped later: what later migrations must keep of each row. */
async function keptColumns(sql: Sql, tables: string[]): Promise<Record<string, string[]>> {
  const rows = await sql<{ table: string; columns: string[] }>(
    `select table_name as table, array_agg(column_name::text order by column_name) as columns
       from information_schema.columns
      where table_schema = current_schema() and table_name in (select jsonb_array_elements_text(?::jsonb))
      group by table_name`,
    [JSON.stringify(tables)],
  );
  return Object.fromEntries(
    rows.map(({ table, columns }) => [table, columns.filter((c) => !(DROPPED_LATER[table] ?? []).includes(c))]),
  );
}

/**
 * Every tenant table's row count and a digest of its rows, in `columns` (keptColumns before the
 * migrations: a column added later, with its default, is not a change to the rows that were there).
 */
async function contents(sql: Sql, columns: Record<string, string[]>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, kept] of Object.entries(columns)) {
    const [row] = await sql<{ n: number; digest: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(r, ',' order by r), '')) as digest
         from (select (select jsonb_object_agg(f.k, f.v) from jsonb_each(to_jsonb(t)) as f(k, v)
                        where f.k in (select jsonb_array_elements_text(?::jsonb)))::text as r
                 from ${table} t) rows`,
      [JSON.stringify(kept)],
    );
    out[table] = `${row.n} ${row.digest}`;
  }
  return out;
}

const mine = Migration20261123000007TenantKeys.name;
const previous = migrationsList[migrationsList.findIndex((m) => m.name === mine) - 1].name;

/**
 * Migrates a fresh database up to the migration before this one, fills it as `wfm demo` does plus
 * a second organisation (and the tables the demo leaves empty), then applies the rest as `wfm serve`
 * does: every row must survive, and the keys must then hold.
 */
async function migratePopulated(orm: Orm) {
  const sql = sqlOf(orm);
  expect((await orm.migrator.up({ to: previous })).at(-1)?.name).toBe(previous);

  // The fill runs today's code on the older schema (tests/support/laterSchema.ts).
  let demo: Awaited<ReturnType<typeof createDemoOrganisation>> | undefined;
  let second: Awaited<ReturnType<typeof createOrganisation>> | undefined;
  await fillOlderSchema(sql, async () => {
    demo = await createDemoOrganisation(orm.em.fork(), 'svc');
    second = await createOrganisation(orm.em.fork(), { name: 'Second Org' });
    for (const env of ['live', 'test'] as const) {
      await createApiKey(orm.em.fork(), 'svc', { tenantId: second.tenant.id, env, scopes: ['employees:read'] });
      await createOAuthClient(orm.em.fork(), 'svc', { tenantId: second.tenant.id, env, scopes: ['employees:read'] });
    }
    await orm.em.fork().transactional(async (tx) => {
      const run = (text: string) => tx.execute(text);
      await run(`insert into rate_cards (id, tenant_id, employee_id, pay_model, rate)
                 select gen_random_uuid(), tenant_id, id, 'hourly', 75 from employees
                  where employment_type in ('contractor', 'freelancer', 'vendor_worker') or is_hr_admin`);
      await run(`insert into outbox_messages (id, tenant_id, kind, recipient, subject, body)
                 select gen_random_uuid(), tenant_id, 'invite', email, 'Welcome', 'Hello' from employees where is_hr_admin`);
      await run(`insert into idempotency_keys (tenant_id, key, fingerprint, state, response_status, response_body)
                 select id, 'key-' || env, repeat('0', 64), 'completed', 200, '{}' from tenants`);
      await run(`insert into oauth_tokens (id, tenant_id, client_id, kind, token_hash, family_id, scopes, expires_at)
                 select gen_random_uuid(), tenant_id, id, 'access', md5(id::text) || md5(client_id), gen_random_uuid(),
                        scopes, now() + interval '1 hour' from oauth_clients`);
    });
  });

  const before = await readCatalogue(sql);
  const tables = before.tables.map((t) => t.table);
  const columns = await keptColumns(sql, tables);
  const stored = await contents(sql, columns);
  // Every tenant table holds rows, so every key below is added over data.
  expect(Object.entries(stored).filter(([, v]) => v.startsWith('0 '))).toEqual([]);
  // The catalogue check sees what is missing before this migration (so it is no empty check).
  expect(tenantKeyProblems(before)).toEqual(
    expect.arrayContaining([
      'employees: no unique key (tenant_id, id)',
      'employees.manager_id: no composite foreign key (tenant_id, manager_id)',
      'oauth_tokens.client_id: no composite foreign key (tenant_id, client_id)',
    ]),
  );

  expect(await migrate(orm)).toEqual(
    migrationsList.slice(migrationsList.findIndex((m) => m.name === mine)).map((m) => m.name),
  );

  const after = await readCatalogue(sql);
  expect(await contents(sql, columns)).toEqual(stored);
  expect(tenantKeyProblems(after)).toEqual([]);
  // The references that existed before keep their behaviour; later migrations' new references
  // (new tables', and oauth_tokens.employee_id of Migration 20) bring their own.
  const existed = referenceBehaviour(before);
  const kept = Object.entries(referenceBehaviour(after)).filter(([reference]) => reference in existed);
  expect(Object.fromEntries(kept)).toEqual(existed);
  // The second organisation's HR admin cannot report to the demo's.
  expect(
    await failure(sql, 'update employees set manager_id = ? where id = ?', [demo?.hr_admin.id, second?.hr_admin.id]),
  ).toEqual({ code: '23503', constraint: 'employees_tenant_id_manager_id_fkey' });
}

describe('the migration on a populated database', () => {
  test('PostgreSQL', async () => {
    const name = `wfm_keys_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    let orm: Orm | undefined;
    try {
      orm = await openOrm({ DATABASE_URL: databaseUrl(name), DATA_DIR: './var' }, undefined, { poolMax: 2 });
      await migratePopulated(orm);
    } finally {
      await orm?.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);

  test('the embedded PGlite', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wfm-keys-'));
    let orm: Orm | undefined;
    try {
      orm = await openOrm({ DATA_DIR: dataDir });
      await migratePopulated(orm);
    } finally {
      await orm?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
