/**
 * A leave balance's read record, defined once: its zod schema (the document's `LeaveBalance`) and
 * its type. Balances are computed per request (leaveBalances.reads.ts), not stored as such.
 */
import { z } from 'zod';

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
