import { z } from 'zod';
import { writeOrigin } from '../../core/context.js';
import { dateField, decimalField, emailField, textField } from '../../core/fields.js';
import { single } from '../../core/pagination.js';
import { booleanFilter, equalsFilter, idFilter, readProcedures } from '../../core/records.js';
import { impliedActor, router, scoped, withActor } from '../../core/trpc.js';
import { EMPLOYMENT_TYPES, PAYOUT_TYPES } from '../../db/entities/tenancy.js';
import { employeeSchema } from './employee.record.js';
import { EMPLOYEE_CODE_PATTERN } from './employees.rules.js';
import { hireEmployee, updateEmployee } from './employees.writes.js';

/**
 * The refinement's employment-type rules in JSON Schema: pay_model and rate come together, and only
 * for the payout types; vendor_name is required for vendor_worker and refused for any other type.
 * An absent employment_type is full_time (its default), which takes neither. Said as alternatives
 * (anyOf) rather than if/then, so that linters find each required property among the body's.
 */
const EMPLOYMENT_TYPE_RULES = {
  dependentRequired: { pay_model: ['rate'], rate: ['pay_model'] },
  allOf: [
    {
      anyOf: [
        {
          title: 'A vendor worker, with vendor_name',
          required: ['employment_type', 'vendor_name'],
          properties: { employment_type: { type: 'string', enum: ['vendor_worker'] } },
        },
        {
          title: 'Any other type, without vendor_name',
          properties: {
            employment_type: { type: 'string', enum: EMPLOYMENT_TYPES.filter((t) => t !== 'vendor_worker') },
            vendor_name: false,
          },
        },
      ],
    },
    {
      anyOf: [
        {
          title: 'A payout type, which may have pay_model and rate',
          required: ['employment_type'],
          properties: { employment_type: { type: 'string', enum: [...PAYOUT_TYPES] } },
        },
        { title: 'Without pay_model and rate', properties: { pay_model: false, rate: false } },
      ],
    },
  ],
};

/** Body dates (1900-01-01..9999-12-31); one instance, also used to skip cross-field rules on bad dates. */
const inputDate = dateField();
/** Department and designation (decisions §7: 1..100); each use builds its own schema. */
const orgField = () => textField({ max: 100 });

const createEmployeeInput = z
  .strictObject({
    actor_employee_id: z.uuid().optional().meta({
      description:
        "The HR admin this write acts as: required with an API key or a client-credentials token (else 400 invalid_body naming it); with an employee's own token (a first-party app's sign-in) leave it out or give that employee's id: that employee acts, another id is 403 actor_mismatch.",
    }),
    email: emailField(),
    full_name: textField({ max: 200 }),
    joining_date: inputDate,
    employee_id: z
      .string()
      .regex(EMPLOYEE_CODE_PATTERN, 'employee_id must be 1 to 50 of A-Z a-z 0-9 . _ -')
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
  // The employment-type rules of the refinement, said in JSON Schema (decisions §7) so that generated
  // clients and fuzzers know them too; the dates' order cannot be said, and the description says it.
  .meta({ id: 'CreateEmployeeInput', ...EMPLOYMENT_TYPE_RULES });

const updateEmployeeInput = z
  .strictObject({
    id: z.uuid(),
    actor_employee_id: z.uuid().optional().meta({
      description:
        "The HR admin this write acts as: required with an API key or a client-credentials token (else 400 invalid_body naming it); with an employee's own token (a first-party app's sign-in) leave it out or give that employee's id: that employee acts, another id is 403 actor_mismatch.",
    }),
    designation: orgField().nullable().optional().meta({ description: 'null clears it.' }),
    department: orgField().nullable().optional().meta({ description: 'null clears it.' }),
  })
  .refine((input) => input.designation !== undefined || input.department !== undefined, {
    message: 'Supply designation or department (or both)',
  })
  // The refinement, said in JSON Schema so that generated clients and fuzzers know it too.
  .meta({ anyOf: [{ required: ['designation'] }, { required: ['department'] }] });

const employeeResponse = single(employeeSchema, 'EmployeeResponse');
const write = scoped('employees:write');

export const employeesRouter = router({
  ...readProcedures({
    scope: 'employees:read',
    path: '/employees',
    tag: 'employees',
    table: 'employees',
    schema: employeeSchema,
    summaries: { list: 'List employees', get: 'Get an employee' },
    versioned: true,
    // decisions §15, §19; each served by an index leading (tenant_id, <column>), email by its unique key.
    filters: {
      department: equalsFilter(
        'department',
        textField({ max: 100, description: 'Only employees of this department (exact match).' }),
      ),
      employment_type: equalsFilter(
        'employment_type',
        z.enum(EMPLOYMENT_TYPES).meta({ description: 'Only employees of this employment type.' }),
      ),
      manager_id: idFilter('manager_id', 'Only the direct reports of this employee (UUID).'),
      email: equalsFilter(
        'email',
        emailField().meta({
          description: 'Only the employee with this e-mail address (exact, case-insensitive).',
        }),
      ),
      is_hr_admin: booleanFilter(
        'is_hr_admin',
        'Only HR admins (`true`), who may act as `actor_employee_id` of any write, or only the others (`false`).',
      ),
    },
  }),

  create: write
    .meta({
      openapi: {
        method: 'POST',
        path: '/employees',
        tags: ['employees'],
        summary: 'Hire an employee',
        description: [
          'The whole hiring journey in one transaction: login account, employee record, leave balances, optional payout rate card and an invite e-mail. Counts against the plan seats. Accepts Idempotency-Key.',
          '',
          `Rules across fields (400 invalid_body naming the field): \`pay_model\` and \`rate\` come together or not at all, and only for the payout types (${PAYOUT_TYPES.map((t) => `\`${t}\``).join(', ')}); \`vendor_name\` is required for \`vendor_worker\` and refused for any other type; \`employment_type\` defaults to \`full_time\`. \`engagement_end_date\` must not be before \`joining_date\`.`,
        ].join('\n'),
      },
      versioned: 'write',
      errors: [
        'actor_not_found',
        'actor_not_hr_admin',
        'actor_mismatch',
        'manager_not_found',
        'email_taken',
        'employee_id_taken',
        'seat_limit_reached',
      ],
    })
    .use(impliedActor(createEmployeeInput))
    .input(createEmployeeInput)
    .output(employeeResponse)
    .mutation(async ({ ctx, input }) => ({
      data: await hireEmployee(
        ctx.em,
        ctx.credential.tenantId,
        withActor(input),
        writeOrigin(ctx),
        ctx.services.env.PUBLIC_BASE_URL,
      ),
    })),

  update: write
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/employees/{id}',
        tags: ['employees'],
        summary: 'Update designation or department',
        description:
          'Only the HR-controlled fields; null clears a field; a change adds 1 to `version`, a PATCH that changes nothing leaves it. Accepts Idempotency-Key. With `If-Match: "<version>"` the write is made only when the employee is at that version, else 412 precondition_failed and nothing is written.',
      },
      versioned: 'conditional',
      errors: ['actor_not_found', 'actor_not_hr_admin', 'actor_mismatch'],
    })
    .use(impliedActor(updateEmployeeInput))
    .input(updateEmployeeInput)
    .output(employeeResponse)
    .mutation(async ({ ctx, input }) => ({
      data: await updateEmployee(ctx.em, ctx.credential.tenantId, withActor(input), writeOrigin(ctx), ctx.ifMatch),
    })),
});
