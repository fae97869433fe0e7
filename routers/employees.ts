import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { dateField, decimalField, emailField, storedEmail, textField } from '../api/fields.js';
import { single } from '../api/pagination.js';
import { isoDate, isoDateTime, readProcedures, recordColumns } from '../api/records.js';
import { router, scoped } from '../api/trpc.js';
import { EMPLOYMENT_TYPES, PAYOUT_TYPES } from '../db/entities/tenancy.js';
import type { EntityManager } from '../db/orm.js';
import { inTransaction, parsed, TenantReader } from '../db/tenantReader.js';
import { ALLOWANCE_TYPES_JSON, type AllowanceType, balanceSeedRows, SEED_BALANCES } from '../domain/leaveTypes.js';

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
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Employee' });

export type EmployeeRecord = z.infer<typeof employeeSchema>;

/**
 * The read record as a select list (api/records.ts): an explicit field list, one column each;
 * pay data never appears here (decisions §7). The hire and the update answer with it too, from the
 * row they wrote, so a write's answer equals a later GET.
 */
const employeeColumns = recordColumns(employeeSchema);

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

/** The acting HR admin, the manager and the tenant's row, locked: what a hire reads before writing. */
const HIRE_LOCK = TenantReader.prepare(`
  select t.seat_limit, t.id_prefix, t.id_digits, t.next_employee_number, t.name,
         a.id as actor_id, a.is_hr_admin as actor_is_hr_admin, m.id as manager_id,
         ${ALLOWANCE_TYPES_JSON}
    from tenants t
    left join employees a on a.id = ?
    left join employees m on m.id = ?
     for no key update of t`);

interface HireLock {
  seat_limit: number | null;
  id_prefix: string;
  id_digits: number;
  next_employee_number: number;
  name: string;
  actor_id: string | null;
  actor_is_hr_admin: boolean | null;
  manager_id: string | null;
  allowance_types: string | AllowanceType[];
}

/** The employee code of number `n` in SQL, as formatEmployeeCode writes it (never truncated). */
const CODE_OF = (n: string) => `?::text || lpad((${n})::text, greatest(?::int, length((${n})::text)), '0')`;

/**
 * Everything a hire writes, in one statement, run under the tenant's lock (a statement of its own,
 * so that it sees every hire committed before the lock was granted). Nothing is written unless a
 * seat is free; the unique keys on (tenant_id, email) and (tenant_id, employee_id) refuse a
 * duplicate (`on conflict do nothing`, so the transaction stays usable and the refusal can be
 * stored under an Idempotency-Key); the counter moves only for an assigned code.
 */
const HIRE = TenantReader.prepare(`
  with recursive
  seat as (
    select 1 as free where ?::int is null or (select count(*) from employees) < ?::int
  ),
  candidate(n) as (
    select ?::int where ?::text is null
    union all
    select candidate.n + 1 from candidate
     where exists (select 1 from employees where employee_id = ${CODE_OF('candidate.n')})
  ),
  assigned as (
    select coalesce(?::text, (select ${CODE_OF('max(n)')} from candidate)) as code,
           (select max(n) from candidate) as n
  ),
  new_profile as (
    insert into profiles (id, tenant_id, email, status, created_at, updated_at)
    select ?, ?, ?, 'invited', ?::timestamptz, ?::timestamptz from seat
    on conflict do nothing
    returning id
  ),
  new_employee as (
    insert into employees (id, tenant_id, employee_id, profile_id, manager_id, full_name, email, department,
                           designation, phone, employment_type, joining_date, engagement_end_date, vendor_name,
                           is_hr_admin, created_at, updated_at)
    select ?, ?, assigned.code, new_profile.id, ?, ?, ?, ?, ?, ?, ?, ?::date, ?::date, ?, false,
           ?::timestamptz, ?::timestamptz
      from new_profile, assigned
    on conflict do nothing
    returning ${employeeColumns}
  ),
  new_balances as (${SEED_BALANCES} and exists (select 1 from new_employee)
  ),
  new_rate_card as (
    insert into rate_cards (id, tenant_id, employee_id, pay_model, rate)
    select ?, ?, new_employee.id, ?, ?::numeric from new_employee where ?::text is not null
  ),
  invite as (
    insert into outbox_messages (id, tenant_id, kind, recipient, subject, body)
    select ?, ?, 'employee_invite', ?, ?, ? || assigned.code || ? from new_employee, assigned
  ),
  counted as (
    update tenants set next_employee_number = assigned.n + 1
      from new_employee, assigned
     where tenants.id = (select id from tenants) and assigned.n is not null
  )
  select (select count(*) from seat)::int as seat_free,
         (select count(*) from new_profile)::int as email_free,
         exists (select 1 from employees where email = ?) as email_taken,
         exists (select 1 from employees where employee_id = (select code from assigned)) as code_taken,
         (select code from assigned) as assigned_code,
         new_employee.*
    from (select 1) as one left join new_employee on true`);

interface HireOutcome extends Partial<EmployeeRecord> {
  seat_free: number;
  email_free: number;
  email_taken: boolean;
  code_taken: boolean;
  assigned_code: string;
}

/** The unique keys a hire may meet, by the problem each one means. */
const DUPLICATES: Record<string, 'email_taken' | 'employee_id_taken'> = {
  profiles_tenant_id_email_key: 'email_taken',
  employees_tenant_id_email_key: 'email_taken',
  employees_tenant_id_employee_id_key: 'employee_id_taken',
};

/**
 * The hiring journey in one transaction (decisions §7): login account, employee record, leave
 * balances, optional rate card, invite e-mail in the outbox. Two statements: the first checks the
 * actor and the manager and locks the tenant's row (seat counting and code assignment are exact
 * under concurrency), the second writes everything; the lock is held for that one round trip and
 * the commit.
 */
export async function hireEmployee(
  em: EntityManager,
  tenantId: string,
  input: CreateEmployeeInput,
): Promise<EmployeeRecord> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    const locked = (await reader.one<HireLock>(HIRE_LOCK, [
      input.actor_employee_id,
      input.manager_id ?? null,
    ])) as HireLock;
    if (!locked.actor_id) {
      throw new ApiError('actor_not_found', { detail: `No employee ${input.actor_employee_id} in this tenant.` });
    }
    if (!locked.actor_is_hr_admin) {
      throw new ApiError('actor_not_hr_admin', { detail: 'The actor is not an HR admin.' });
    }
    if (input.manager_id && !locked.manager_id) {
      throw new ApiError('manager_not_found', { detail: `No employee ${input.manager_id} in this tenant.` });
    }
    const now = new Date().toISOString();
    const year = new Date().getUTCFullYear();
    const employeeId = uuidv7();
    const typed = input.employee_id ?? null;
    const payModel = input.pay_model && input.rate !== undefined ? input.pay_model : null;
    const prefix = locked.id_prefix;
    const digits = locked.id_digits;
    let outcome: HireOutcome;
    try {
      outcome = (await reader.one<HireOutcome>(HIRE, [
        // seat
        locked.seat_limit,
        locked.seat_limit,
        // candidate
        locked.next_employee_number,
        typed,
        prefix,
        digits,
        // assigned
        typed,
        prefix,
        digits,
        // new_profile
        uuidv7(),
        tenantId,
        input.email,
        now,
        now,
        // new_employee
        employeeId,
        tenantId,
        input.manager_id ?? null,
        input.full_name,
        input.email,
        input.department ?? null,
        input.designation ?? null,
        input.phone ?? null,
        input.employment_type,
        input.joining_date,
        input.engagement_end_date ?? null,
        input.vendor_name ?? null,
        now,
        now,
        // new_balances: every type with an allowance, this year, nothing used or pending
        tenantId,
        employeeId,
        year,
        null,
        0,
        null,
        0,
        now,
        now,
        balanceSeedRows(parsed(locked.allowance_types)),
        true,
        employeeId,
        year,
        // new_rate_card
        uuidv7(),
        tenantId,
        payModel,
        payModel ? input.rate : null,
        payModel,
        // invite
        uuidv7(),
        tenantId,
        input.email,
        `You are invited to ${locked.name} on Workforce`,
        `Hello ${input.full_name},\n\n${locked.name} has invited you to Workforce as `,
        `, starting ${input.joining_date}.\nSign in with this e-mail address to accept the invitation.\n`,
        // the outcome
        input.email,
      ])) as HireOutcome;
    } catch (error) {
      // A duplicate that slipped past `on conflict` (a key added later, say) is still the 409 it means.
      const problem = DUPLICATES[(error as { code?: string; constraint?: string }).constraint ?? ''];
      if ((error as { code?: string }).code !== '23505' || !problem) throw error;
      throw new ApiError(problem, {
        detail:
          problem === 'email_taken'
            ? `An employee with e-mail ${input.email} exists.`
            : `Employee code ${typed ?? 'assigned'} is taken.`,
      });
    }
    const { seat_free, email_free, email_taken, code_taken, assigned_code, ...record } = outcome;
    if (!seat_free) {
      throw new ApiError('seat_limit_reached', { detail: `All ${locked.seat_limit} seats of the plan are taken.` });
    }
    if (record.id === null || record.id === undefined) {
      if (!email_free || email_taken) {
        throw new ApiError('email_taken', { detail: `An employee with e-mail ${input.email} exists.` });
      }
      if (code_taken) throw new ApiError('employee_id_taken', { detail: `Employee code ${assigned_code} is taken.` });
      throw new Error('The hire wrote no employee and met no known conflict.');
    }
    return record as EmployeeRecord;
  });
}

/** The employee and the actor, read before an update. */
const UPDATE_READ = TenantReader.prepare(`
  select ${recordColumns(employeeSchema, 'e.')}, a.id as actor_id, a.is_hr_admin as actor_is_hr_admin
    from employees e left join employees a on a.id = ?
   where e.id = ?`);

const UPDATE = TenantReader.prepare(`
  update employees set designation = ?, department = ?, updated_at = ?::timestamptz
   where id = (select id from employees where id = ?)
  returning ${employeeColumns}`);

/**
 * PATCH: only the HR-controlled fields designation and department; null clears. A PATCH that
 * changes nothing writes nothing (updated_at stays).
 */
export async function updateEmployee(
  em: EntityManager,
  tenantId: string,
  input: z.infer<typeof updateEmployeeInput>,
): Promise<EmployeeRecord> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    const found = await reader.one<EmployeeRecord & { actor_id: string | null; actor_is_hr_admin: boolean | null }>(
      UPDATE_READ,
      [input.actor_employee_id, input.id],
    );
    if (!found) throw new ApiError('not_found', { detail: `No employee ${input.id}.` });
    const { actor_id, actor_is_hr_admin, ...employee } = found;
    if (!actor_id) {
      throw new ApiError('actor_not_found', { detail: `No employee ${input.actor_employee_id} in this tenant.` });
    }
    if (!actor_is_hr_admin) throw new ApiError('actor_not_hr_admin', { detail: 'The actor is not an HR admin.' });
    const designation = input.designation === undefined ? employee.designation : input.designation;
    const department = input.department === undefined ? employee.department : input.department;
    if (designation === employee.designation && department === employee.department) return employee;
    const [updated] = await reader.all<EmployeeRecord>(UPDATE, [
      designation,
      department,
      new Date().toISOString(),
      input.id,
    ]);
    return updated;
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
    table: 'employees',
    schema: employeeSchema,
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
    .mutation(async ({ ctx, input }) => ({ data: await updateEmployee(ctx.em, ctx.credential.tenantId, input) })),
});
