/**
 * A leave request's read record, defined once: its zod schema (the document's `LeaveRequest`), its
 * type and its select list. Adding a field is a migration, its entity, and this file.
 */
import { z } from 'zod';
import { isoDate, isoDateTime, recordColumns } from '../../core/records.js';
import { recordVersion } from '../../core/versions.js';
import { LEAVE_DURATIONS, LEAVE_STATUSES } from '../../db/entities/leave.js';

export const leaveRequestSchema = z
  .object({
    id: z.uuid(),
    employee_id: z.uuid().meta({ description: 'The employee taking the leave.' }),
    leave_type_id: z.uuid(),
    start_date: isoDate,
    end_date: isoDate,
    days_count: z.number().positive().multipleOf(0.5).meta({ description: 'Working days taken; halves allowed.' }),
    status: z.enum(LEAVE_STATUSES).meta({
      description: 'pending → approved | rejected | cancelled; approved → cancelled. rejected and cancelled are final.',
    }),
    reason: z.string(),
    leave_duration: z.enum(LEAVE_DURATIONS),
    decided_by: z.uuid().nullable().meta({ description: 'The employee who approved, rejected or cancelled it.' }),
    decided_at: isoDateTime.nullable(),
    decision_comment: z.string().nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
    version: recordVersion,
  })
  .meta({ id: 'LeaveRequest' });

export type LeaveRequestRecord = z.infer<typeof leaveRequestSchema>;

/** The record's select list: dates as YYYY-MM-DD, instants as RFC 3339 UTC with milliseconds, days as numbers. */
export const LEAVE_REQUEST_COLUMNS = recordColumns(leaveRequestSchema);
