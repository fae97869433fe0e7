import type { InferEntity } from '@mikro-orm/core';
import { LeaveBalance, LeaveType } from '../db/entities/leave.js';
import { type EntityManager, TENANT_FILTER } from '../db/orm.js';

/** The leave types every new tenant starts with (decisions §8). */
export const DEFAULT_LEAVE_TYPES = [
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
 * created and by employee creation, inside the caller's transaction. Types the employee already
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
