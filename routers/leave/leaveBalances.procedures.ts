/**
 * GET /v1/leave-balances (leaveBalances.list over tRPC): one employee's balances for a year. The
 * balance arithmetic is leaveRequests.rules.ts, the read leaveBalances.reads.ts.
 */
import { z } from 'zod';
import { listEnvelope, pageQuery } from '../../core/pagination.js';
import { router, scoped } from '../../core/trpc.js';
import { leaveBalanceSchema } from './leaveBalance.record.js';
import { listLeaveBalances } from './leaveBalances.reads.js';

const leaveBalancesQuery = z.object({
  employee_id: z.uuid().meta({ description: 'The employee whose balances to list.' }),
  year: z
    .int('year must be an integer')
    .min(1900, 'year must be between 1900 and 9999')
    .max(9999, 'year must be between 1900 and 9999')
    .meta({ description: 'Calendar year; the current year (UTC) when omitted.' })
    .optional(),
  ...pageQuery,
});

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
      },
      errors: ['employee_not_found'],
    })
    .input(leaveBalancesQuery)
    .output(listEnvelope(leaveBalanceSchema, 'LeaveBalanceList'))
    .query(({ ctx, input }) => listLeaveBalances(ctx, input)),
});
