import { expect } from 'vitest';
import { sql } from './database.js';
import { hire, uniqueEmail } from './employees.js';
import type { TestServer, TestTenant } from './harness.js';

/** The organisation leave tests work in, and the dates they file leave on. */

/** Leave is filed in the current calendar year: that is the year new employees get balances for. */
export const YEAR = new Date().getUTCFullYear();
/** A date of the current year: `day('03-02')`. */
export const day = (monthDay: string) => `${YEAR}-${monthDay}`;

export interface Person {
  id: string;
  email: string;
}

/**
 * A tenant with: its first HR admin, a manager, an employee reporting to the manager and a
 * colleague (same manager, no rights over the employee); keys with exactly leave:write and
 * leave:read; the ids of the default leave types.
 */
export interface Org {
  t: TestTenant;
  tenantId: string;
  write: string;
  read: string;
  hrAdmin: Person;
  manager: Person;
  employee: Person;
  colleague: Person;
  types: { ANNUAL: string; SICK: string; UNPAID: string };
}

/** Hires through POST /v1/employees (the real journey: balances seeded, invite in the outbox). */
export async function hirePerson(h: TestServer, t: TestTenant, hrKey: string, managerId?: string): Promise<Person> {
  const email = uniqueEmail();
  const data = (await hire(h, hrKey, t, {
    email,
    full_name: `Person ${email.slice(7, 12)}`,
    joining_date: day('01-05'),
    ...(managerId ? { manager_id: managerId } : {}),
  })) as { id: string; email: string; manager_id: string | null };
  expect(data.manager_id).toBe(managerId ?? null);
  return { id: data.id, email: data.email };
}

export async function leaveTypesOf(h: TestServer, tenantId: string): Promise<Org['types']> {
  const rows = await sql<{ id: string; code: keyof Org['types'] }>(
    h,
    'select id, code from leave_types where tenant_id = ?',
    [tenantId],
  );
  const types = Object.fromEntries(rows.map((r) => [r.code, r.id])) as Org['types'];
  expect(Object.keys(types).sort()).toEqual(['ANNUAL', 'SICK', 'UNPAID']);
  return types;
}

export async function setupOrg(h: TestServer): Promise<Org> {
  const t = await h.tenant();
  const hrKey = await h.key(t, ['employees:write']);
  const manager = await hirePerson(h, t, hrKey);
  const [employee, colleague] = await Promise.all([
    hirePerson(h, t, hrKey, manager.id),
    hirePerson(h, t, hrKey, manager.id),
  ]);
  return {
    t,
    tenantId: t.tenant.id,
    write: await h.key(t, ['leave:write']),
    read: await h.key(t, ['leave:read']),
    hrAdmin: { id: t.hr_admin.id, email: t.hr_admin.email },
    manager,
    employee,
    colleague,
    types: await leaveTypesOf(h, t.tenant.id),
  };
}
