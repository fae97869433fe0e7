import type { InferEntity } from '@mikro-orm/core';
import { z } from 'zod';
import { LeaveBalance, LeaveType } from '../db/entities/leave.js';
import { Employee } from '../db/entities/tenancy.js';
import { ApiError } from '../server/errors.js';
import { listEnvelope, type Page, pageQuery } from '../server/pagination.js';
import { listRecords, type TenantContext } from '../server/records.js';
import { router, scoped } from '../server/trpc.js';

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
  year: z.coerce
    .number()
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
  const employee = await ctx.em.findOne(Employee, { id: employeeId });
  if (!employee) {
    throw new ApiError('employee_not_found', { detail: `No employee with id ${employeeId} in this tenant.` });
  }
  // The cursor is bound to the employee and the year as well as to the list and the tenant.
  const page = await listRecords(ctx, LeaveType, input, `leave-balances:${employeeId}:${year}`, {
    annualAllowance: { $ne: null },
  });
  const types = page.data as InferEntity<typeof LeaveType>[];
  const balances = types.length
    ? await ctx.em.find(LeaveBalance, { employeeId, year, leaveTypeId: { $in: types.map((t) => t.id) } })
    : [];
  const byType = new Map(balances.map((b) => [b.leaveTypeId, b]));
  return {
    ...page,
    data: types.map((t) => {
      const b = byType.get(t.id);
      const allowance = b ? b.allowance : (t.annualAllowance ?? 0);
      const used = b?.used ?? 0;
      const pending = b?.pending ?? 0;
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
