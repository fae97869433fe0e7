/** GET /v1/leave-types and /v1/leave-types/{id} (leaveTypes.list|get over tRPC): read-only. */
import { z } from 'zod';

import { isoDateTime, readProcedures } from '../../core/records.js';
import { router } from '../../core/trpc.js';

export const leaveTypeSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    code: z.string().meta({ description: 'Stable code, unique in the tenant, e.g. ANNUAL.' }),
    is_paid: z.boolean(),
    annual_allowance: z
      .number()
      .nullable()
      .meta({ description: 'Days granted per calendar year; null when no balance is tracked.' }),
    created_at: isoDateTime,
  })
  .meta({ id: 'LeaveType' });

export const leaveTypesRouter = router({
  ...readProcedures({
    scope: 'leave:read',
    path: '/leave-types',
    tag: 'leave',
    table: 'leave_types',
    schema: leaveTypeSchema,
    summaries: { list: 'List leave types', get: 'Get a leave type' },
  }),
});
