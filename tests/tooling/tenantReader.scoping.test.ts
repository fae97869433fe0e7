import { beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { recordColumns, tenantReader } from '../../core/records.js';
import { Employee, LeaveRequest, LeaveType } from '../../db/entities/index.js';
import { pageStatements, pageValues } from '../../db/listQueries.js';
import { TENANT_FILTER } from '../../db/orm.js';
import { compileTenantStatement, TENANT_TABLES, TenantReader, TenantScopeError } from '../../db/tenantReader.js';
import { employeeSchema } from '../../routers/employees/employee.record.js';
import { leaveRequestSchema } from '../../routers/leave/leaveRequest.record.js';
import { leaveTypeSchema } from '../../routers/leave/leaveTypes.procedures.js';
import { planOf, sql } from '../support/database.js';
import { hire } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { jsonInit } from '../support/http.js';

// Tenant scoping of reads (decisions §12, docs/decisions.md "Tenant scoping"): every tenant row a
// request reads goes through a TenantReader built from its credential.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });

const em = () => h.orm.em.fork();

describe('a read that forgets the tenant fails or stays in the tenant, never leaks', () => {
  test('no reader without the credential’s tenant', () => {
    for (const tenantId of [undefined, '', 'tenant', '01a20129-a8bd-7fe6-893d-e14d781596a']) {
      expect(() => new TenantReader(em(), tenantId)).toThrow(TenantScopeError);
      expect(() => tenantReader({ em: em(), credential: { tenantId: tenantId as string } })).toThrow(TenantScopeError);
    }
  });

  test('a statement without any tenant condition reads only the reader’s tenant', async () => {
    const [a, b] = [await h.tenant(), await h.tenant()];
    const reader = new TenantReader(em(), a.tenant.id);
    expect(await reader.all('select id from employees')).toEqual([{ id: a.hr_admin.id }]);
    expect(await reader.all('select e.id from employees e join employees m on true')).toEqual([{ id: a.hr_admin.id }]);
    expect(await reader.all('select (select count(*) from employees)::int as n')).toEqual([{ n: 1 }]);
    expect(await reader.all('select t.id from tenants t')).toEqual([{ id: a.tenant.id }]);
    // Another tenant's id is simply not there.
    expect(await reader.all('select id from employees where id = ?', [b.hr_admin.id])).toEqual([]);
    const types = await reader.all<{ n: number }>('select count(*)::int as n from leave_types');
    expect(types).toEqual([{ n: 3 }]);
  });

  test('a statement the reader cannot scope is refused before it runs', async () => {
    const t = await h.tenant();
    const reader = new TenantReader(em(), t.tenant.id);
    for (const statement of [
      'select e.id from employees e, leave_types lt', // a comma join: the second table is not scoped
      'select 1 as employees', // a tenant table's name where no table can be scoped
      'delete from employees', // a delete without a condition
      'delete from tenants where id = ?', // the tenants table is no tenant table to delete from
      'with x as (delete from outbox_messages returning id) select count(*) from x', // a delete inside a statement
      'delete from employees where id = ?; delete from employees where true', // a second statement
      'delete from employees where id in (select e.id from employees e, leave_types lt)', // an unscopable condition
    ]) {
      expect(() => compileTenantStatement(statement), statement).toThrow(TenantScopeError);
      await expect(reader.all(statement, [t.hr_admin.id]), statement).rejects.toThrow(TenantScopeError);
    }
    expect(await sql(h, 'select 1 from employees where id = ?', [t.hr_admin.id])).toHaveLength(1);
  });

  test('a delete is scoped to the reader’s tenant: its condition cannot reach another tenant’s rows', async () => {
    const [a, b] = [await h.tenant(), await h.tenant()];
    const insert = `insert into webhook_endpoints (id, tenant_id, url, event_types, secret)
                    values (gen_random_uuid(), ?, 'https://example.com/hook', '{*}', 'whsec_x') returning id`;
    const [[ownA], [ownB]] = [
      await sql<{ id: string }>(h, insert, [a.tenant.id]),
      await sql<{ id: string }>(h, insert, [b.tenant.id]),
    ];
    const reader = new TenantReader(em(), a.tenant.id);
    // Another tenant's id: nothing; a condition that is always true (even one that `or`s): only the reader's rows.
    expect(await reader.all('delete from webhook_endpoints where id = ? returning id', [ownB.id])).toEqual([]);
    expect(
      await reader.all('delete from webhook_endpoints w where w.id = ? or true returning w.id', [ownB.id]),
    ).toEqual([{ id: ownA.id }]);
    expect(await sql(h, 'select id from webhook_endpoints where id = ?', [ownB.id])).toEqual([{ id: ownB.id }]);
    // The tenant is the first parameter, the statement's own follow.
    expect(compileTenantStatement('delete from webhook_endpoints w where w.id = ? or true')).toEqual({
      text: 'delete from webhook_endpoints w where w.tenant_id = $1 and (w.id = $2 or true)',
      tenantBound: true,
    });
    // Tables its condition reads are scoped like any read.
    expect(
      compileTenantStatement('delete from events where id in (select event_id from webhook_deliveries)').text,
    ).toBe(
      'delete from events where events.tenant_id = $1 and (id in (select event_id from (select * from webhook_deliveries where tenant_id = $1) webhook_deliveries))',
    );
    // A statement that reads no tenant table binds no tenant.
    expect(compileTenantStatement("select ? as n, '?' as mark")).toEqual({
      text: "select $1 as n, '?' as mark",
      tenantBound: false,
    });
    await sql(h, 'delete from webhook_endpoints where id = ?', [ownB.id]);
  });

  test('the ORM filter still refuses an entity read without the tenant', async () => {
    await expect(em().find(Employee, {})).rejects.toThrow(/tenant/);
    await expect(em().findOne(LeaveRequest, { id: '01a20129-a8bd-7fe6-893d-e14d781596aa' })).rejects.toThrow(/tenant/);
  });

  test('every table with a tenant_id is one the reader scopes', async () => {
    const rows = await sql<{ table: string }>(
      h,
      `select c.table_name as table from information_schema.columns c
        where c.table_schema = current_schema() and c.column_name = 'tenant_id' order by 1`,
    );
    expect(rows.map((r) => r.table)).toEqual([...TENANT_TABLES].sort());
  });
});

test('a scoped page still walks the (tenant_id, created_at, id) index, first page and later ones, planned for its values or for any', async () => {
  const t = await h.tenant();
  const page = pageStatements('employees', recordColumns(employeeSchema));
  for (const [statement, cursor] of [
    [page.first, undefined],
    [page.after, ['2026-01-01T00:00:00.000Z', t.hr_admin.id]],
  ] as const) {
    const params = statement.bind(pageValues({}, cursor, 51));
    for (const mode of ['custom', 'generic'] as const) {
      const plan = await planOf(h, compileTenantStatement(statement.sql).text, [t.tenant.id, ...params], mode);
      expect(plan, mode).toContain('employees_tenant_page');
      expect(plan, mode).not.toMatch(/Sort/);
    }
  }
});

/** What the entity-based serialisers made of an entity: each field from the property of its name. */
function fromEntity(schema: z.ZodObject, entity: object): Record<string, unknown> {
  const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  return Object.fromEntries(
    Object.keys(schema.shape).map((field) => {
      const value = (entity as Record<string, unknown>)[camel(field)];
      if (value instanceof Date) return [field, value.toISOString()];
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.slice(0, 10)) && field.endsWith('date'))
        return [field, value.slice(0, 10)];
      return [field, value ?? null];
    }),
  );
}

describe('plain rows are the read records the entities gave, field for field', () => {
  let t: TestTenant;
  let secret: string;
  beforeAll(async () => {
    t = await h.tenant();
    secret = await h.key(t, ['employees:read', 'employees:write', 'leave:read', 'leave:write']);
    const manager = await hire(h, secret, t, { department: 'Robotics', designation: 'Lead' });
    const vendor = await hire(h, secret, t, {
      manager_id: manager.id,
      employment_type: 'vendor_worker',
      vendor_name: 'Acme Staffing',
      engagement_end_date: '2027-06-30',
      pay_model: 'hourly',
      rate: 55.5,
    });
    const types = await sql<{ id: string; code: string }>(h, 'select id, code from leave_types where tenant_id = ?', [
      t.tenant.id,
    ]);
    const annual = types.find((x) => x.code === 'ANNUAL')?.id;
    const year = new Date().getUTCFullYear();
    const file = async (body: Record<string, unknown>) => {
      const res = await h.as(secret, '/v1/leave-requests', jsonInit('POST', body));
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { data: { id: string } }).data;
    };
    const half = await file({
      employee_id: vendor.id,
      leave_type_id: annual,
      start_date: `${year}-03-02`,
      end_date: `${year}-03-02`,
      days_count: 0.5,
      leave_duration: 'half_day_morning',
      reason: 'Dentist\nthen home',
    });
    await file({
      employee_id: manager.id,
      leave_type_id: annual,
      start_date: `${year}-04-06`,
      end_date: `${year}-04-08`,
      days_count: 2.5,
      reason: 'Family',
    });
    const decided = await h.as(
      secret,
      `/v1/leave-requests/${half.id}/approve`,
      jsonInit('POST', { actor_employee_id: manager.id, comment: 'Get well' }),
    );
    expect(decided.status).toBe(200);
  });

  test.each([
    ['/v1/employees', Employee, employeeSchema],
    ['/v1/leave-types', LeaveType, leaveTypeSchema],
    ['/v1/leave-requests', LeaveRequest, leaveRequestSchema],
  ] as const)('%s', async (path, entity, schema) => {
    const scoped = em();
    scoped.setFilterParams(TENANT_FILTER, { tenantId: t.tenant.id });
    const entities = await scoped.find(entity as typeof Employee, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const expected = entities.map((e) => fromEntity(schema, e));
    const res = await h.as(secret, `${path}?limit=100`);
    const page = (await res.json()) as { data: Record<string, unknown>[] };
    expect(page.data).toEqual(expected);
    for (const record of expected) {
      const one = await h.as(secret, `${path}/${record.id}`);
      expect(await one.json()).toEqual({ data: record });
    }
  });
});
