/**
 * The employee's read record, defined once: its zod schema (the document's `Employee`), its type,
 * its select list and the fields a hire gives. Adding a field is a migration, its entity, this file,
 * and, for a field a hire gives, its line in the hire's insert (employees.writes.ts).
 */
import { z } from 'zod';
import { storedEmail } from '../../core/fields.js';
import { isoDate, isoDateTime, recordColumns } from '../../core/records.js';
import { recordVersion } from '../../core/versions.js';
import { EMPLOYMENT_TYPES } from '../../db/entities/tenancy.js';

/**
 * The read record: an explicit field list, one column each; pay data never appears here
 * (decisions §7). The hire and the update (employees.writes.ts) answer with it too, selected from
 * the row they wrote by employeeColumns, so a write's answer equals a later GET.
 */
export const employeeSchema = z
  .object({
    id: z.uuid(),
    employee_id: z.string().meta({ description: 'Employee code, e.g. EMP-0001.' }),
    profile_id: z.uuid().meta({ description: 'The login account.' }),
    manager_id: z.uuid().nullable(),
    full_name: z.string(),
    email: storedEmail,
    department: z.string().nullable(),
    designation: z.string().nullable(),
    phone: z.string().nullable().meta({ description: 'Work phone as given at hire (digits, spaces and + ( ) - .).' }),
    employment_type: z.enum(EMPLOYMENT_TYPES),
    joining_date: isoDate,
    engagement_end_date: isoDate.nullable(),
    vendor_name: z.string().nullable(),
    is_hr_admin: z.boolean().meta({
      description: 'An HR admin: may act (`actor_employee_id`) on hires and updates, and on any leave decision.',
    }),
    created_at: isoDateTime,
    updated_at: isoDateTime,
    version: recordVersion,
  })
  .meta({ id: 'Employee' });

export type EmployeeRecord = z.infer<typeof employeeSchema>;
export type EmploymentType = EmployeeRecord['employment_type'];

/**
 * The fields of the record a hire gives, by the record's names; the write makes the others (id,
 * code, login account, timestamps, version).
 */
export type HiredEmployee = Pick<
  EmployeeRecord,
  | 'manager_id'
  | 'full_name'
  | 'email'
  | 'department'
  | 'designation'
  | 'phone'
  | 'employment_type'
  | 'joining_date'
  | 'engagement_end_date'
  | 'vendor_name'
  | 'is_hr_admin'
>;

/**
 * The record as a select list, each field formatted as the record has it (dates YYYY-MM-DD,
 * timestamps RFC 3339 UTC with milliseconds); `qualifier` prefixes the columns (`e.`) when the
 * statement joins several tables.
 */
export function employeeColumns(qualifier = ''): string {
  return recordColumns(employeeSchema, qualifier);
}
