import type { Page } from '../../core/cursors.js';
import { DomainError } from '../../core/domainError.js';
import { sqlNumber, sqlTimestamp } from '../../db/columns.js';
import type { EntityManager } from '../../db/orm.js';
import { TenantReader } from '../../db/tenantReader.js';
import type { LeaveBalanceRecord } from './leaveBalance.record.js';
import { balanceOfYear } from './leaveRequests.writes.js';

/**
 * The balance list's rows, for the API's keyset pagination over `leave_types` (core/records.ts
 * pageStatements): the leave types with an allowance, each with the employee's balance row for the
 * year when there is one. The join's parameters: the employee and the year.
 */
export const LEAVE_BALANCE_PAGE = {
  table: 'leave_types',
  columns: `leave_types.id,
   ${sqlTimestamp('leave_types.created_at')} as created_at,
   ${sqlNumber('leave_types.annual_allowance')} as annual_allowance,
   ${sqlNumber('b.allowance')} as allowance, ${sqlNumber('b.used')} as used, ${sqlNumber('b.pending')} as pending`,
  where: 'leave_types.annual_allowance is not null',
  join: 'left join leave_balances b on b.leave_type_id = leave_types.id and b.employee_id = ? and b.year = ?',
} as const;

/** A row of LEAVE_BALANCE_PAGE. */
export interface LeaveBalancePageRow {
  id: string;
  created_at: string;
  annual_allowance: number;
  allowance: number | null;
  used: number | null;
  pending: number | null;
}

/**
 * Reads one page of LEAVE_BALANCE_PAGE with the caller's pagination (the request's page size and
 * cursor): `list` names the list the cursor is bound to, `params` are the join's parameters.
 */
export type LeaveBalancePageReader = (list: string, params: readonly unknown[]) => Promise<Page<LeaveBalancePageRow>>;

export interface LeaveBalancesQuery {
  employee_id: string;
  /** The current UTC year when omitted. */
  year?: number | undefined;
}

const employeeExists = TenantReader.prepare('select id from employees where id = ?');

/**
 * One page of an employee's balances for a year: one row per leave type of the tenant that has an
 * allowance, in leave-type order (created_at, id). A type the employee has no balance row for yet
 * reads as its annual allowance with nothing used or pending (balanceOfYear). An employee outside
 * the tenant is employee_not_found. The cursor is bound to the employee and the year.
 */
export async function listLeaveBalances(
  em: EntityManager,
  tenantId: string,
  query: LeaveBalancesQuery,
  readPage: LeaveBalancePageReader,
): Promise<Page<LeaveBalanceRecord>> {
  const employeeId = query.employee_id;
  const year = query.year ?? new Date().getUTCFullYear();
  if (!(await new TenantReader(em, tenantId).one(employeeExists, [employeeId]))) {
    throw new DomainError('employee_not_found', { detail: `No employee with id ${employeeId} in this tenant.` });
  }
  const page = await readPage(`leave-balances:${employeeId}:${year}`, [employeeId, year]);
  return {
    ...page,
    data: page.data.map((row) => ({
      employee_id: employeeId,
      leave_type_id: row.id,
      year,
      ...balanceOfYear(row.annual_allowance, row),
    })),
  };
}
