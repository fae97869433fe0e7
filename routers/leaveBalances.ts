import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { listEnvelope, pageQuery } from '../api/pagination.js';
import { pageStatements, readPage, sqlNumber, sqlTimestamp, type TenantContext, tenantReader } from '../api/records.js';
import { router, scoped } from '../api/trpc.js';
import { TenantReader } from '../db/tenantReader.js';
import type { Page } from '../domain/cursors.js';

const days = (description: string) => z.number().meta({ description });

export const leaveBalanceSchema = z
  .object({
    employee_id: z.uuid(),
    leave_type_id: z.uuid(),
    year: z.int().meta({ description: 'Calendar year the balance covers.' }),
    allowance: days('Days granted for the year.'),
    used: days('Days of approved requests.'),
    pending: days('Days held by pending requests.'),
    available: days('allowance − used − pending.'),
  })
  .meta({ id: 'LeaveBalance' });

export type LeaveBalanceRecord = z.infer<typeof leaveBalanceSchema>;

export const leaveBalancesQuery = z.object({
  employee_id: z.uuid().meta({ description: 'The employee whose balances to list.' }),
  year: z
    .int('year must be an integer')
    .min(1900, 'year must be between 1900 and 9999')
    .max(9999, 'year must be between 1900 and 9999')
    .meta({ description: 'Calendar year; the current year (UTC) when omitted.' })
    .optional(),
  ...pageQuery,
});

/** Day amounts have one decimal; keep float noise (20 − 0.1 − 0.2) out of `available`. */
const tenths = (n: number) => Math.round(n * 10) / 10;

/**
 * Leave types with an allowance, each with the employee's balance row for the year when there is
 * one: one statement per page. Its parameters: the employee and the year.
 */
const balancePage = pageStatements(
  'leave_types',
  `leave_types.id, ${sqlTimestamp('leave_types.created_at')} as created_at,
   ${sqlNumber('leave_types.annual_allowance')} as annual_allowance,
   ${sqlNumber('b.allowance')} as allowance, ${sqlNumber('b.used')} as used, ${sqlNumber('b.pending')} as pending`,
  'leave_types.annual_allowance is not null',
  'left join leave_balances b on b.leave_type_id = leave_types.id and b.employee_id = ? and b.year = ?',
);
const employeeExists = TenantReader.prepare('select id from employees where id = ?');

interface BalanceRow {
  id: string;
  created_at: string;
  annual_allowance: number;
  allowance: number | null;
  used: number | null;
  pending: number | null;
}

/**
 * One page of an employee's balances for a year: one row per leave type of the tenant that has an
 * allowance, in leave-type order (created_at, id), keyset-paginated like every list. A type the
 * employee has no balance row for yet (a type added later, a new year) reads as its annual
 * allowance with nothing used or pending. An employee outside the tenant is 404 employee_not_found.
 */
export async function listLeaveBalances(
  ctx: TenantContext,
  input: z.output<typeof leaveBalancesQuery>,
): Promise<Page<LeaveBalanceRecord>> {
  const employeeId = input.employee_id;
  const year = input.year ?? new Date().getUTCFullYear();
  if (!(await tenantReader(ctx).one(employeeExists, [employeeId]))) {
    throw new ApiError('employee_not_found', { detail: `No employee with id ${employeeId} in this tenant.` });
  }
  // The cursor is bound to the employee and the year as well as to the list and the tenant.
  const page = await readPage<BalanceRow>(ctx, balancePage, input, `leave-balances:${employeeId}:${year}`, [
    employeeId,
    year,
  ]);
  return {
    ...page,
    data: page.data.map((t) => {
      // No balance row yet (a type added later, a new year): the type's allowance, nothing taken.
      const allowance = t.allowance ?? t.annual_allowance;
      const used = t.used ?? 0;
      const pending = t.pending ?? 0;
      return {
        employee_id: employeeId,
        leave_type_id: t.id,
        year,
        allowance,
        used,
        pending,
        available: tenths(allowance - used - pending),
      };
    }),
  };
}

export const leaveBalancesRouter = router({
  list: scoped('leave:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/leave-balances',
        tags: ['leave'],
        summary: "List an employee's leave balances",
        description:
          'One row per leave type that has an allowance, for one employee and one calendar year, in leave-type order (created_at, id). Paginated like every list.',
        errorResponses: [400, 401, 403, 404, 429],
      },
    })
    .input(leaveBalancesQuery)
    .output(listEnvelope(leaveBalanceSchema, 'LeaveBalanceList'))
    .query(({ ctx, input }) => listLeaveBalances(ctx, input)),
});
