import type { InferEntity } from '@mikro-orm/core';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import { EMPLOYMENT_TYPES, Employee, Profile } from '../db/entities/tenancy.js';
import type { EntityManager } from '../db/orm.js';
import { ApiError } from '../server/errors.js';
import { dateField, decimalField, emailField, storedEmail, textField } from '../server/fields.js';
import { seedLeaveBalances } from '../server/leaveSeed.js';
import { enqueueEmail } from '../server/outbox.js';
import { single } from '../server/pagination.js';
import { isoDate, isoDateTime, readProcedures, toIsoDate } from '../server/records.js';
import { formatEmployeeCode } from '../server/tenants.js';
import { router, scoped } from '../server/trpc.js';

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

const PAYOUT_TYPES: readonly string[] = ['contractor', 'freelancer', 'vendor_worker'];

/** Body dates (1900-01-01..9999-12-31); one instance, also used to skip cross-field rules on bad dates. */
const inputDate = dateField();
/** Department and designation (decisions §7: 1..100); each use builds its own schema. */
const orgField = () => textField({ max: 100 });

export const createEmployeeInput = z
  .strictObject({
    actor_employee_id: z.uuid().meta({ description: 'The HR admin this write acts as.' }),
    email: emailField(),
    full_name: textField({ max: 200 }),
    joining_date: inputDate,
    employee_id: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,50}$/, 'employee_id must be 1 to 50 of A-Z a-z 0-9 . _ -')
      .optional()
      .meta({ description: "Employee code; omitted: the tenant's ID format assigns the next free one." }),
    department: orgField().optional(),
    designation: orgField().optional(),
    phone: z
      .string()
      .regex(/^[0-9 +().-]{3,30}$/, 'phone must be 3 to 30 of digits, spaces and + ( ) - .')
      .optional(),
    employment_type: z.enum(EMPLOYMENT_TYPES).default('full_time'),
    engagement_end_date: inputDate.optional(),
    vendor_name: textField({ max: 200, description: 'Required for vendor_worker, refused otherwise.' }).optional(),
    pay_model: z.enum(['hourly', 'monthly_fee', 'per_engagement']).optional(),
    // rate_cards.rate is numeric(12, 2) with rate > 0: cents, 0.01 at least; the maximum is ours.
    rate: decimalField({
      min: 0.01,
      max: 1_000_000_000,
      step: 0.01,
      description: 'Payout rate, 2 decimals.',
    }).optional(),
    manager_id: z.uuid().optional(),
  })
  .superRefine((input, issue) => {
    const fail = (path: string, message: string) => issue.addIssue({ code: 'custom', path: [path], message });
    const realDates =
      inputDate.safeParse(input.joining_date).success && inputDate.safeParse(input.engagement_end_date).success;
    if (input.engagement_end_date && realDates && input.engagement_end_date < input.joining_date) {
      fail('engagement_end_date', 'engagement_end_date must not be before joining_date');
    }
    if (input.employment_type === 'vendor_worker' && !input.vendor_name) {
      fail('vendor_name', 'vendor_name is required for vendor_worker');
    }
    if (input.employment_type !== 'vendor_worker' && input.vendor_name !== undefined) {
      fail('vendor_name', 'vendor_name is only for vendor_worker');
    }
    if ((input.pay_model === undefined) !== (input.rate === undefined)) {
      fail(input.pay_model === undefined ? 'pay_model' : 'rate', 'pay_model and rate come together');
    }
    if ((input.pay_model !== undefined || input.rate !== undefined) && !PAYOUT_TYPES.includes(input.employment_type)) {
      fail('pay_model', 'pay_model and rate are only for contractor, freelancer and vendor_worker');
    }
  })
  .meta({ id: 'CreateEmployeeInput' });

export const updateEmployeeInput = z
  .strictObject({
    id: z.uuid(),
    actor_employee_id: z.uuid().meta({ description: 'The HR admin this write acts as.' }),
    designation: orgField().nullable().optional().meta({ description: 'null clears it.' }),
    department: orgField().nullable().optional().meta({ description: 'null clears it.' }),
  })
  .refine((input) => input.designation !== undefined || input.department !== undefined, {
    message: 'Supply designation or department (or both)',
  })
  // The refinement, said in JSON Schema so that generated clients and fuzzers know it too.
  .meta({ anyOf: [{ required: ['designation'] }, { required: ['department'] }] });

type CreateEmployeeInput = z.infer<typeof createEmployeeInput>;

/** The employee a write acts as: 404 actor_not_found outside the tenant, 403 unless an HR admin. */
export async function requireHrAdmin(em: EntityManager, actorId: string) {
  const actor = await em.findOne(Employee, { id: actorId });
  if (!actor) throw new ApiError('actor_not_found', { detail: `No employee ${actorId} in this tenant.` });
  if (!actor.isHrAdmin) throw new ApiError('actor_not_hr_admin', { detail: 'The actor is not an HR admin.' });
  return actor;
}

interface LockedTenant {
  seat_limit: number | null;
  id_prefix: string;
  id_digits: number;
  next_employee_number: number;
  name: string;
}

/**
 * The hiring journey in one transaction (decisions §7): login account, employee record, leave
 * balances, optional rate card, invite e-mail in the outbox. The tenant row is locked first, so
 * seat counting and code assignment are exact under concurrency.
 */
export async function hireEmployee(
  em: EntityManager,
  tenantId: string,
  input: CreateEmployeeInput,
): Promise<EmployeeRecord> {
  return em.transactional(async (tx) => {
    await requireHrAdmin(tx, input.actor_employee_id);
    if (input.manager_id && !(await tx.findOne(Employee, { id: input.manager_id }))) {
      throw new ApiError('manager_not_found', { detail: `No employee ${input.manager_id} in this tenant.` });
    }
    const [tenant] = await tx.execute<LockedTenant[]>(
      'select seat_limit, id_prefix, id_digits, next_employee_number, name from tenants where id = ? for update',
      [tenantId],
    );
    if (tenant.seat_limit !== null && (await tx.count(Employee, { tenantId })) >= tenant.seat_limit) {
      throw new ApiError('seat_limit_reached', { detail: `All ${tenant.seat_limit} seats of the plan are taken.` });
    }
    if (await tx.count(Employee, { email: input.email })) {
      throw new ApiError('email_taken', { detail: `An employee with e-mail ${input.email} exists.` });
    }
    let code = input.employee_id;
    if (code) {
      if (await tx.count(Employee, { employeeId: code })) {
        throw new ApiError('employee_id_taken', { detail: `Employee code ${code} is taken.` });
      }
    } else {
      let n = tenant.next_employee_number;
      // Codes typed by hand may already hold the next numbers: skip them.
      while (await tx.count(Employee, { employeeId: formatEmployeeCode(tenant.id_prefix, tenant.id_digits, n) })) n++;
      code = formatEmployeeCode(tenant.id_prefix, tenant.id_digits, n);
      await tx.execute('update tenants set next_employee_number = ? where id = ?', [n + 1, tenantId]);
    }
    const profile = tx.create(Profile, { tenantId, email: input.email, status: 'invited' });
    const employee = tx.create(Employee, {
      tenantId,
      employeeId: code,
      profileId: profile.id,
      managerId: input.manager_id ?? null,
      fullName: input.full_name,
      email: input.email,
      department: input.department ?? null,
      designation: input.designation ?? null,
      phone: input.phone ?? null,
      employmentType: input.employment_type,
      joiningDate: input.joining_date,
      engagementEndDate: input.engagement_end_date ?? null,
      vendorName: input.vendor_name ?? null,
      isHrAdmin: false,
    });
    await tx.flush();
    await seedLeaveBalances(tx, tenantId, employee.id, new Date().getUTCFullYear());
    if (input.pay_model && input.rate !== undefined) {
      await tx.execute('insert into rate_cards (id, tenant_id, employee_id, pay_model, rate) values (?, ?, ?, ?, ?)', [
        uuidv7(),
        tenantId,
        employee.id,
        input.pay_model,
        input.rate,
      ]);
    }
    await enqueueEmail(tx, {
      tenantId,
      kind: 'employee_invite',
      to: input.email,
      subject: `You are invited to ${tenant.name} on Workforce`,
      body: `Hello ${input.full_name},\n\n${tenant.name} has invited you to Workforce as ${code}, starting ${input.joining_date}.\nSign in with this e-mail address to accept the invitation.\n`,
    });
    return toEmployeeRecord(employee);
  });
}

/** PATCH: only the HR-controlled fields designation and department; null clears. */
export async function updateEmployee(
  em: EntityManager,
  input: z.infer<typeof updateEmployeeInput>,
): Promise<EmployeeRecord> {
  return em.transactional(async (tx) => {
    const employee = await tx.findOne(Employee, { id: input.id });
    if (!employee) throw new ApiError('not_found', { detail: `No employee ${input.id}.` });
    await requireHrAdmin(tx, input.actor_employee_id);
    if (input.designation !== undefined) employee.designation = input.designation;
    if (input.department !== undefined) employee.department = input.department;
    await tx.flush();
    return toEmployeeRecord(employee);
  });
}

const employeeResponse = single(employeeSchema, 'EmployeeResponse');
const write = scoped('employees:write');
const writeErrors = [400, 401, 403, 404, 409, 413, 415, 422, 429];

export const employeesRouter = router({
  ...readProcedures({
    scope: 'employees:read',
    path: '/employees',
    tag: 'employees',
    entity: Employee,
    schema: employeeSchema,
    serialize: toEmployeeRecord,
    summaries: { list: 'List employees', get: 'Get an employee' },
  }),

  create: write
    .meta({
      openapi: {
        method: 'POST',
        path: '/employees',
        tags: ['employees'],
        summary: 'Hire an employee',
        description:
          'The whole hiring journey in one transaction: login account, employee record, leave balances, optional payout rate card and an invite e-mail. Counts against the plan seats. Accepts Idempotency-Key.',
        errorResponses: writeErrors,
      },
    })
    .input(createEmployeeInput)
    .output(employeeResponse)
    .mutation(async ({ ctx, input }) => ({ data: await hireEmployee(ctx.em, ctx.credential.tenantId, input) })),

  update: write
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/employees/{id}',
        tags: ['employees'],
        summary: 'Update designation or department',
        description: 'Only the HR-controlled fields; null clears a field. Accepts Idempotency-Key.',
        errorResponses: writeErrors,
      },
    })
    .input(updateEmployeeInput)
    .output(employeeResponse)
    .mutation(async ({ ctx, input }) => ({ data: await updateEmployee(ctx.em, input) })),
});
