import { describe, expect, test } from 'vitest';
import { migrationsList } from '../../db/migrations/index.js';
import type { Orm } from '../../db/orm.js';
import { sql } from '../support/database.js';
import { hireBody } from '../support/employees.js';
import type { TestTenant } from '../support/harness.js';
import { codeOf, parallel, statusCounts } from '../support/http.js';
import { day, YEAR } from '../support/leave.js';
import { newKey, newTenant } from '../support/tenants.js';
import { authed } from './helpers.js';
import { type Cluster, sharedRateLimitTests, useCluster } from './nodes.js';

// Two `wfm serve` processes on one PostgreSQL, which also holds the rate-limit counters. They start
// together on a new, empty database: both migrate it at once, and both must come up.
const cluster = useCluster('postgres', { freshDatabase: true });

test('both nodes came up on the database they migrated together, each migration applied once', async () => {
  const rows = await sql<{ name: string }>(cluster.orm, 'select name from mikro_orm_migrations order by name');
  expect(rows.map((r) => r.name)).toEqual(migrationsList.map((m) => m.name).sort());
  for (const node of cluster.nodes) expect((await node.fetch('/v1/health')).status).toBe(200);
});

sharedRateLimitTests('postgres', cluster);

/** A tenant with one hired employee (through node 0, so balances are seeded), and a leave:write key. */
async function employeeWithLeave(c: Cluster) {
  const orm: Orm = c.orm;
  const t: TestTenant = await newTenant(orm);
  const hrKey = await newKey(orm, t, ['employees:write']);
  const res = await c
    .node(0)
    .fetch('/v1/employees', authed(hrKey, 'POST', hireBody(t, { joining_date: day('01-05') })));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const employee = (JSON.parse(text) as { data: { id: string } }).data;
  const types = await sql<{ id: string; code: string }>(orm, 'select id, code from leave_types where tenant_id = ?', [
    t.tenant.id,
  ]);
  const typeId = (code: string) => types.find((ty) => ty.code === code)?.id as string;
  return { t, employee, write: await newKey(orm, t, ['leave:write']), typeId };
}

describe('leave checks across nodes (decisions §8)', () => {
  test('10 parallel overlapping requests over both nodes: exactly 1 is filed', async () => {
    const { t, employee, write, typeId } = await employeeWithLeave(cluster);
    // Every range contains 12-13 March; UNPAID has no balance, so only the overlap rule decides.
    const results = await parallel(10, (i) =>
      cluster.node(i).fetch(
        '/v1/leave-requests',
        authed(write, 'POST', {
          employee_id: employee.id,
          leave_type_id: typeId('UNPAID'),
          start_date: day(`03-${String(2 + i).padStart(2, '0')}`),
          end_date: day('03-13'),
          days_count: 1,
          reason: `Overlap ${i}`,
        }),
      ),
    );
    expect(statusCounts(results), JSON.stringify(results.map((r) => r.text))).toEqual({ 200: 1, 422: 9 });
    for (const r of results.filter((r) => r.status === 422)) expect(codeOf(r)).toBe('overlapping_leave_request');
    const rows = await sql(orm(), 'select id from leave_requests where tenant_id = ? and employee_id = ?', [
      t.tenant.id,
      employee.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  test('10 parallel 5-day requests against a 20-day balance over both nodes: exactly 4 are filed', async () => {
    const { t, employee, write, typeId } = await employeeWithLeave(cluster);
    // Ten disjoint Monday-to-Friday weeks, so only the balance decides.
    const monday = new Date(Date.UTC(YEAR, 1, 2));
    while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
    const week = (i: number) => {
      const start = new Date(monday.getTime() + i * 7 * 86_400_000);
      const end = new Date(start.getTime() + 4 * 86_400_000);
      return { start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10) };
    };
    const results = await parallel(10, (i) =>
      cluster.node(i).fetch(
        '/v1/leave-requests',
        authed(write, 'POST', {
          employee_id: employee.id,
          leave_type_id: typeId('ANNUAL'),
          ...week(i),
          days_count: 5,
          reason: `Week ${i}`,
        }),
      ),
    );
    expect(statusCounts(results), JSON.stringify(results.map((r) => r.text))).toEqual({ 200: 4, 422: 6 });
    for (const r of results.filter((r) => r.status === 422)) expect(codeOf(r)).toBe('insufficient_leave_balance');
    const [balance] = await sql<{ pending: string; used: string }>(
      orm(),
      `select b.pending::text, b.used::text from leave_balances b join leave_types ty on ty.id = b.leave_type_id
        where b.tenant_id = ? and b.employee_id = ? and ty.code = 'ANNUAL' and b.year = ?`,
      [t.tenant.id, employee.id, YEAR],
    );
    expect(Number(balance.pending)).toBe(20);
    expect(Number(balance.used)).toBe(0);
  });
});

function orm(): Orm {
  return cluster.orm;
}
