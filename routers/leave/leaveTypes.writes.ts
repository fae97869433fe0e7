import type { InferEntity } from '@mikro-orm/core';
import { uuidv7 } from 'uuidv7';
import { LeaveBalance, LeaveType } from '../../db/entities/leave.js';
import { type RawSql, sql } from '../../db/namedValues.js';
import { type EntityManager, TENANT_FILTER } from '../../db/orm.js';

/** The leave types every new tenant starts with (decisions §8). */
const DEFAULT_LEAVE_TYPES = [
  { code: 'ANNUAL', name: 'Annual leave', isPaid: true, annualAllowance: 20 },
  { code: 'SICK', name: 'Sick leave', isPaid: true, annualAllowance: 10 },
  { code: 'UNPAID', name: 'Unpaid leave', isPaid: false, annualAllowance: null },
] as const;

/**
 * Creates the default leave types of a new tenant and flushes them, so that balances can be
 * seeded right after in the same transaction. Created one after another: their UUID v7 ids keep
 * the order above in the (created_at, id) list.
 */
export async function seedLeaveTypes(em: EntityManager, tenantId: string): Promise<InferEntity<typeof LeaveType>[]> {
  const types = DEFAULT_LEAVE_TYPES.map((t) => em.create(LeaveType, { tenantId, ...t }));
  await em.flush();
  return types;
}

/**
 * Gives `employeeId` a balance for `year` for every leave type of the tenant that has an allowance
 * (the type's annual allowance, nothing used or pending). Used when a tenant's first HR admin is
 * created, inside the caller's transaction (a hire and the leave writes seed balances within their
 * own statements: routers/employees/employees.writes.ts, routers/leave/leaveRequests.writes.ts). Types the employee already
 * has a balance for in that year are left alone, so calling it twice is harmless.
 */
export async function seedLeaveBalances(
  em: EntityManager,
  tenantId: string,
  employeeId: string,
  year: number,
): Promise<InferEntity<typeof LeaveBalance>[]> {
  // Explicit filter arguments: the caller's entity manager may not have the request's tenant set.
  const filters = { [TENANT_FILTER]: { tenantId } };
  const types = await em.find(
    LeaveType,
    { tenantId, annualAllowance: { $ne: null } },
    { filters, orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const existing = await em.find(LeaveBalance, { tenantId, employeeId, year }, { filters });
  const have = new Set(existing.map((b) => b.leaveTypeId));
  const created = types
    .filter((t) => !have.has(t.id))
    .map((t) =>
      em.create(LeaveBalance, {
        tenantId,
        employeeId,
        leaveTypeId: t.id,
        year,
        allowance: t.annualAllowance ?? 0,
        used: 0,
        pending: 0,
      }),
    );
  await em.flush();
  return created;
}

/**
 * Balances inside a write statement (the hire, leave filing and decisions seed them within their
 * own statement, to save round trips). The leave types of the tenant that keep a balance, as a
 * JSON select-list item `allowance_types`, read with the write's other lookups.
 */
export const ALLOWANCE_TYPES_JSON = `(select coalesce(json_agg(json_build_object('id', x.id, 'allowance', x.annual_allowance)
                                          order by x.created_at, x.id), '[]')
                           from leave_types x where x.annual_allowance is not null) as allowance_types`;

/** A leave type that keeps a balance, as ALLOWANCE_TYPES_JSON gives it. */
export interface AllowanceType {
  id: string;
  allowance: number;
}

/** The value of seedBalances' `rows`: one new UUID v7 id per type. */
export const balanceSeedRows = (types: readonly AllowanceType[]) =>
  JSON.stringify(types.map((t) => ({ id: uuidv7(), leave_type_id: t.id, allowance: t.allowance })));

/** What seedBalances is given: named values of the statement (`v.year`) or SQL. */
export interface BalanceSeed {
  tenantId: unknown;
  employeeId: unknown;
  year: unknown;
  /** created_at and updated_at of the new rows. */
  at: unknown;
  /** The types to seed (balanceSeedRows). */
  rows: unknown;
  /** Seed only when this condition holds. */
  when: RawSql;
  /** The write's own change: the used and pending days the row of its leave type starts with; every other row starts empty. */
  change?: { leaveTypeId: unknown; used: unknown; pending: unknown };
}

/**
 * The balance rows an employee lacks for a year, one per leave type that keeps a balance, each
 * with its annual allowance: a CTE body of a write statement, run through the tenant reader.
 */
export function seedBalances(seed: BalanceSeed): RawSql {
  const { change } = seed;
  const days = change
    ? sql`case when s.leave_type_id = ${change.leaveTypeId} then ${change.used}::numeric else 0 end,
           case when s.leave_type_id = ${change.leaveTypeId} then ${change.pending}::numeric else 0 end`
    : sql`0, 0`;
  return sql`
    insert into leave_balances (id, tenant_id, employee_id, leave_type_id, year, allowance, used, pending,
                                created_at, updated_at)
    select s.id, ${seed.tenantId}, ${seed.employeeId}, s.leave_type_id, ${seed.year}, s.allowance,
           ${days},
           ${seed.at}::timestamptz, ${seed.at}::timestamptz
      from json_to_recordset(${seed.rows}::json) as s(id uuid, leave_type_id uuid, allowance numeric)
     where ${seed.when}
       and not exists (select 1 from leave_balances b
                        where b.employee_id = ${seed.employeeId} and b.leave_type_id = s.leave_type_id and b.year = ${seed.year})`;
}
