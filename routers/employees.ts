import type { InferEntity } from '@mikro-orm/core';
import { z } from 'zod';
import { EMPLOYMENT_TYPES, Employee } from '../db/entities/tenancy.js';
import { listEnvelope, pageQuery, single } from '../server/pagination.js';
import { getRecord, idParam, isoDate, isoDateTime, listRecords, toIsoDate } from '../server/records.js';
import { router, scoped } from '../server/trpc.js';

export const employeeSchema = z
  .object({
    id: z.uuid(),
    employee_id: z.string().meta({ description: 'Employee code, e.g. EMP-0001.' }),
    profile_id: z.uuid().meta({ description: 'The login account.' }),
    manager_id: z.uuid().nullable(),
    full_name: z.string(),
    email: z.email(),
    department: z.string().nullable(),
    designation: z.string().nullable(),
    employment_type: z.enum(EMPLOYMENT_TYPES),
    joining_date: isoDate,
    engagement_end_date: isoDate.nullable(),
    vendor_name: z.string().nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Employee' });

export type EmployeeRecord = z.infer<typeof employeeSchema>;

/** The read record: an explicit field list; pay data never appears here (decisions §7). */
export function toEmployeeRecord(e: InferEntity<typeof Employee>): EmployeeRecord {
  return {
    id: e.id,
    employee_id: e.employeeId,
    profile_id: e.profileId,
    manager_id: e.managerId ?? null,
    full_name: e.fullName,
    email: e.email,
    department: e.department ?? null,
    designation: e.designation ?? null,
    employment_type: e.employmentType,
    joining_date: toIsoDate(e.joiningDate),
    engagement_end_date: toIsoDate(e.engagementEndDate),
    vendor_name: e.vendorName ?? null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

const read = scoped('employees:read');

export const employeesRouter = router({
  list: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/employees',
        tags: ['employees'],
        summary: 'List employees',
        description: 'Ascending by (created_at, id).',
        errorResponses: [400, 401, 403, 429],
      },
    })
    .input(z.object(pageQuery))
    .output(listEnvelope(employeeSchema, 'EmployeeList'))
    .query(async ({ ctx, input }) => {
      const page = await listRecords(ctx, Employee, input, 'employees');
      return { ...page, data: page.data.map(toEmployeeRecord) };
    }),

  get: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/employees/{id}',
        tags: ['employees'],
        summary: 'Get an employee',
        errorResponses: [400, 401, 403, 404, 429],
      },
    })
    .input(idParam)
    .output(single(employeeSchema, 'EmployeeResponse'))
    .query(async ({ ctx, input }) => ({ data: toEmployeeRecord(await getRecord(ctx, Employee, input.id)) })),
});
