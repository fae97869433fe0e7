import type { Page } from '../../core/cursors.js';
import { DomainError } from '../../core/domainError.js';
import { type ListInput, readPage, type TenantContext, tenantReader } from '../../core/records.js';
import { sqlNumber, sqlTimestamp } from '../../db/columns.js';
import { pageStatements } from '../../db/listQueries.js';
import { sql } from '../../db/namedValues.js';
import { tenantStatement } from '../../db/tenantReader.js';
import type { LeaveBalanceRecord } from './leaveBalance.record.js';
import { balanceOfYear } from './leaveRequests.rules.js';

/**
 * An employee's leave balances as GET /v1/leave-balances lists them: read, not stored as such (a
 * type without a balance row reads as its annual allowance).
 */

/** A row of the balance list: a leave type with an allowance, and the employee's balance row of the year, if any. */
interface LeaveBalancePageRow {
  id: string;
  created_at: string;
  annual_allowance: number;
  allowance: number | null;
  used: number | null;
  pending: number | null;
}

/**
 * The balance list's rows, keyset-paginated over `leave_types` (db/listQueries.ts pageStatements):
 * the leave types with an allowance, each with the employee's balance row for the year when there
 * is one.
 */
const LEAVE_BALANCE_PAGE = pageStatements<{ employee_id: string; year: number }>(
  'leave_types',
  `leave_types.id,
   ${sqlTimestamp('leave_types.created_at')} as created_at,
   ${sqlNumber('leave_types.annual_allowance')} as annual_allowance,
   ${sqlNumber('b.allowance')} as allowance, ${sqlNumber('b.used')} as used, ${sqlNumber('b.pending')} as pending`,
  {
    where: () => sql`leave_types.annual_allowance is not null`,
    join: (v) =>
      sql`left join leave_balances b on b.leave_type_id = leave_types.id and b.employee_id = ${v.employee_id} and b.year = ${v.year}`,
  },
);

export interface LeaveBalancesQuery extends ListInput {
  employee_id: string;
  /** The current UTC year when omitted. */
  year?: number | undefined;
}

const EMPLOYEE_EXISTS = tenantStatement<{ id: string }>((v) => sql`select id from employees where id = ${v.id}`);

/**
 * One page of an employee's balances for a year: one row per leave type of the tenant that has an
 * allowance, in leave-type order (created_at, id). A type the employee has no balance row for yet
 * reads as its annual allowance with nothing used or pending (balanceOfYear). An employee outside
 * the tenant is employee_not_found. The cursor is bound to the employee and the year.
 */
export async function listLeaveBalances(
  ctx: TenantContext,
  query: LeaveBalancesQuery,
): Promise<Page<LeaveBalanceRecord>> {
  const employeeId = query.employee_id;
  const year = query.year ?? new Date().getUTCFullYear();
  if (!(await tenantReader(ctx).one(EMPLOYEE_EXISTS, { id: employeeId }))) {
    throw new DomainError('employee_not_found', { detail: `No employee with id ${employeeId} in this tenant.` });
  }
  const page = await readPage<LeaveBalancePageRow, { employee_id: string; year: number }>(
    ctx,
    LEAVE_BALANCE_PAGE,
    query,
    `leave-balances:${employeeId}:${year}`,
    { employee_id: employeeId, year },
  );
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
