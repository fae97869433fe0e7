/**
 * Leave requests over /v1 and tRPC (decisions §8): file, approve, reject, cancel, list, get. Input
 * shapes here; the rules and who may decide are leaveRequests.rules.ts, the SQL leaveRequests.writes.ts
 * and leaveRequests.reads.ts.
 */
import { z } from 'zod';
import { writeOrigin } from '../../core/context.js';
import { dateField, decimalField, textField } from '../../core/fields.js';
import { single } from '../../core/pagination.js';
import { equalsFilter, idFilter, readProcedures } from '../../core/records.js';
import { impliedActor, router, scoped, withActor } from '../../core/trpc.js';
import { LEAVE_DURATIONS, LEAVE_STATUSES } from '../../db/entities/leave.js';
import { leaveRequestSchema } from './leaveRequest.record.js';
import { LEAVE_REQUEST_WINDOW } from './leaveRequests.reads.js';
import { type LeaveDecision, leaveDateErrors } from './leaveRequests.rules.js';
import { checkFilingActor, decideLeaveRequest, fileLeaveRequest } from './leaveRequests.writes.js';

const MAX_REASON = 1000;
/** Body dates (1900-01-01..9999-12-31); also decides whether the cross-field date rules apply. */
const inputDate = dateField();
/** leave_requests.days_count is numeric(5, 1), > 0 and a multiple of 0.5: checked exactly. */
const daysCount = decimalField({
  min: 0.5,
  max: 366,
  step: 0.5,
  description:
    'Working days taken; halves allowed. At most the calendar days from `start_date` to `end_date`; 0.5 for a half day.',
});
const HALF_DAYS = LEAVE_DURATIONS.filter((duration) => duration !== 'full_day');

/**
 * The half day's count in JSON Schema, so that generated clients and fuzzers know it too: full days
 * (an absent leave_duration is full_day, its default), or a half day counting 0.5. Said as
 * alternatives (anyOf) inside allOf, as the hire's rules are, which openapi-typescript makes an
 * intersection with the body's properties (a bare anyOf beside them would be a union). The other
 * rules compare two fields' values, which JSON Schema cannot: the operation's description states
 * every rule.
 */
const HALF_DAY_RULE = {
  allOf: [
    {
      anyOf: [
        { title: 'Full days', properties: { leave_duration: { type: 'string', enum: ['full_day'] } } },
        {
          title: 'A half day, counting 0.5',
          required: ['leave_duration'],
          properties: {
            leave_duration: { type: 'string', enum: HALF_DAYS },
            days_count: { type: 'number', const: 0.5 },
          },
        },
      ],
    },
  ],
};

/** The rules of leaveDateErrors (leaveRequests.rules.ts) as the operation's description states them. */
const CROSS_FIELD_RULES = [
  'Rules across fields (each 400 invalid_body naming the field in brackets):',
  '- `end_date` is not before `start_date` (`end_date`);',
  '- `start_date` and `end_date` are in the same calendar year (`end_date`);',
  '- `days_count` is at most the calendar days from `start_date` to `end_date`, both included (`days_count`);',
  `- a half day (\`leave_duration\` ${HALF_DAYS.map((d) => `\`${d}\``).join(' or ')}) is one date: \`end_date\` equals \`start_date\` (\`end_date\`);`,
  '- a half day counts 0.5 (`days_count`).',
  '',
  '`leave_duration` defaults to `full_day`.',
].join('\n');

const createLeaveRequestInput = z
  .strictObject({
    employee_id: z.uuid().meta({ description: 'The employee taking the leave.' }),
    leave_type_id: z.uuid(),
    start_date: inputDate,
    end_date: inputDate,
    days_count: daysCount,
    reason: textField({ max: MAX_REASON, multiline: true }),
    leave_duration: z.enum(LEAVE_DURATIONS).default('full_day'),
  })
  .superRefine((input, issue) => {
    // A date that is not a real date, or a days_count refused by its own rules, is reported by its
    // own field and not compared (the rules: routers/leave/leaveRequests.rules.ts leaveDateErrors).
    const checked = {
      dates: inputDate.safeParse(input.start_date).success && inputDate.safeParse(input.end_date).success,
      days: daysCount.safeParse(input.days_count).success,
    };
    for (const { path, message } of leaveDateErrors(input, checked)) {
      issue.addIssue({ code: 'custom', path: [path], message });
    }
  })
  .meta({ id: 'CreateLeaveRequestInput', ...HALF_DAY_RULE });

const leaveDecisionInput = z
  .strictObject({
    id: z.uuid(),
    actor_employee_id: z.uuid().optional().meta({
      description:
        "The employee deciding: required with an API key or a client-credentials token (else 400 invalid_body naming it); with an employee's own token (a first-party app's sign-in) leave it out or give that employee's id: that employee decides, another id is 403 actor_mismatch.",
    }),
    comment: textField({
      max: MAX_REASON,
      multiline: true,
      blank: true,
      description: 'Sent to the employee.',
    }).optional(),
  })
  .meta({ id: 'LeaveDecisionInput' });

const write = scoped('leave:write');
const leaveRequestResponse = single(leaveRequestSchema, 'LeaveRequestResponse');

function decisionProcedure(decision: LeaveDecision, summary: string, description: string) {
  return write
    .meta({
      openapi: {
        method: 'POST',
        path: `/leave-requests/{id}/${decision}`,
        tags: ['leave'],
        summary,
        description: `${description} Adds 1 to \`version\`. Accepts Idempotency-Key. With \`If-Match: "<version>"\` the decision is made only when the request is at that version, else 412 precondition_failed and nothing is written.`,
      },
      versioned: 'conditional',
      errors: ['actor_not_found', 'actor_not_permitted', 'actor_mismatch', 'invalid_leave_transition'],
    })
    .use(impliedActor(leaveDecisionInput))
    .input(leaveDecisionInput)
    .output(leaveRequestResponse)
    .mutation(async ({ ctx, input }) => ({
      data: await decideLeaveRequest(
        ctx.em,
        ctx.credential.tenantId,
        decision,
        withActor(input),
        writeOrigin(ctx),
        ctx.ifMatch,
      ),
    }));
}

export const leaveRequestsRouter = router({
  ...readProcedures({
    scope: 'leave:read',
    path: '/leave-requests',
    tag: 'leave',
    table: 'leave_requests',
    schema: leaveRequestSchema,
    summaries: { list: 'List leave requests', get: 'Get a leave request' },
    versioned: true,
    // decisions §15: the window's conditions are leaveRequests.reads.ts's.
    filters: {
      employee_id: idFilter('employee_id', 'Only the requests of this employee (UUID).'),
      leave_type_id: idFilter('leave_type_id', 'Only requests of this leave type (UUID).'),
      status: equalsFilter('status', z.enum(LEAVE_STATUSES).meta({ description: 'Only requests in this status.' })),
      from: {
        schema: dateField('Only requests that end on or after this date (inclusive).'),
        ...LEAVE_REQUEST_WINDOW.from,
      },
      to: {
        schema: dateField('Only requests that start on or before this date (inclusive); not before `from`.'),
        ...LEAVE_REQUEST_WINDOW.to,
      },
    },
    window: ['from', 'to'],
  }),

  create: write
    .meta({
      openapi: {
        method: 'POST',
        path: '/leave-requests',
        tags: ['leave'],
        summary: 'File a leave request',
        description: [
          "Checks the balance and overlaps, reserves the days as pending and notifies the manager and HR admins. Accepts Idempotency-Key. With an employee's own token (a first-party app's sign-in), `employee_id` is the signed-in employee's, unless they are an HR admin: else 403 actor_not_permitted.",
          '',
          CROSS_FIELD_RULES,
        ].join('\n'),
      },
      versioned: 'write',
      errors: [
        'actor_not_permitted',
        'employee_not_found',
        'leave_type_not_found',
        'insufficient_leave_balance',
        'overlapping_leave_request',
      ],
    })
    .input(createLeaveRequestInput)
    .output(leaveRequestResponse)
    .mutation(async ({ ctx, input }) => {
      const { tenantId, employeeId } = ctx.credential;
      if (employeeId) await checkFilingActor(ctx.em, tenantId, employeeId, input.employee_id);
      return { data: await fileLeaveRequest(ctx.em, tenantId, input, writeOrigin(ctx)) };
    }),

  approve: decisionProcedure(
    'approve',
    'Approve a leave request',
    "By the employee's manager or an HR admin; moves the days from pending to used.",
  ),
  reject: decisionProcedure(
    'reject',
    'Reject a leave request',
    "By the employee's manager or an HR admin; releases the pending days.",
  ),
  cancel: decisionProcedure(
    'cancel',
    'Cancel a leave request',
    'By the employee or an HR admin; pending or approved days are given back.',
  ),
});
