/**
 * The module catalogue, GET /v1/modules and /v1/modules/{slug}: anonymous (an invalid credential is
 * still 401), ordered by catalogue position then slug.
 */
import { z } from 'zod';
import { toPage } from '../../core/cursors.js';
import { listEnvelope, pageQuery, single } from '../../core/pagination.js';
import { ApiError } from '../../core/problems.js';
import { anonymousProcedure, router } from '../../core/trpc.js';

const moduleStatus = z.enum(['available', 'beta', 'coming-soon']);
const moduleAvailability = z.enum(['available', 'beta', 'customizable-on-request']);

const moduleSchema = z
  .object({
    slug: z.string().meta({ description: 'URL-safe identifier of the module.' }),
    title: z.string(),
    description: z.string(),
    status: moduleStatus,
    availability: moduleAvailability,
    category: z.string(),
    url: z.url(),
  })
  .meta({ id: 'Module' });

export type ProductModule = z.infer<typeof moduleSchema>;

/** Version of the catalogue below; bump it whenever an entry changes. */

const docs = 'https://docs.workforce.example/modules';

/** The product's module catalogue, in catalogue order (which is also the list order). */
export const catalogue: readonly ProductModule[] = [
  [
    'core-hr',
    'Core HR',
    'Employee records, org chart, documents and the employee lifecycle.',
    'available',
    'available',
    'people',
  ],
  ['leave', 'Leave', 'Leave types, balances, requests and approvals.', 'available', 'available', 'time'],
  [
    'attendance',
    'Attendance',
    'Clock-in, shifts, timesheets and attendance regularisation.',
    'available',
    'available',
    'time',
  ],
  ['holidays', 'Holidays', 'Holiday calendars per location, with optional holidays.', 'available', 'available', 'time'],
  [
    'assets',
    'Assets',
    'Asset register, assignment to employees and maintenance.',
    'available',
    'available',
    'operations',
  ],
  [
    'recruitment',
    'Recruitment',
    'Job openings, candidates, interviews and offers.',
    'available',
    'available',
    'talent',
  ],
  [
    'helpdesk',
    'Helpdesk',
    'Employee tickets to HR, IT and facilities, with SLAs.',
    'available',
    'available',
    'operations',
  ],
  ['surveys', 'Surveys', 'Engagement and pulse surveys, anonymous or named.', 'beta', 'beta', 'engagement'],
  [
    'payroll',
    'Payroll',
    'Pay runs, payslips, rate cards and statutory filings.',
    'beta',
    'customizable-on-request',
    'finance',
  ],
  ['performance', 'Performance', 'Goals, reviews and continuous feedback.', 'beta', 'beta', 'talent'],
  [
    'expenses',
    'Expenses',
    'Expense claims, receipts and reimbursements.',
    'coming-soon',
    'customizable-on-request',
    'finance',
  ],
  [
    'learning',
    'Learning',
    'Courses, learning paths and certifications.',
    'coming-soon',
    'customizable-on-request',
    'talent',
  ],
].map(([slug, title, description, status, availability, category]) => ({
  slug,
  title,
  description,
  status: moduleStatus.parse(status),
  availability: moduleAvailability.parse(availability),
  category,
  url: `${docs}/${slug}`,
}));

const LIST = 'modules';

function listModules(filter: { status?: ProductModule['status']; limit: number; after?: number }) {
  return catalogue
    .map((module, position) => ({ module, position }))
    .filter(
      ({ module, position }) => (!filter.status || module.status === filter.status) && position > (filter.after ?? -1),
    )
    .slice(0, filter.limit + 1);
}

export const modulesRouter = router({
  list: anonymousProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/modules',
        protect: false,
        tags: ['metadata'],
        summary: 'List product modules',
        description: 'The module catalogue in catalogue order. No credential needed; an invalid one is refused.',
      },
      // Anonymous, but a credential that is presented must be valid.
      errors: ['invalid_credential'],
    })
    .input(
      z.object({
        status: moduleStatus.meta({ description: 'Only modules with this status.' }).optional(),
        ...pageQuery,
      }),
    )
    .output(listEnvelope(moduleSchema, 'ModuleList'))
    .query(({ input, ctx }) => {
      const { cursors } = ctx.services;
      // The sort key is the catalogue position (slug breaks no ties: positions are unique).
      const after = input.cursor !== undefined ? Number(cursors.decode(LIST, input.cursor)[0]) : undefined;
      const rows = listModules({ status: input.status, limit: input.limit, after });
      const page = toPage(rows, input.limit, cursors, LIST, (row) => [row.position, row.module.slug]);
      return { ...page, data: page.data.map((row) => row.module) };
    }),

  get: anonymousProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/modules/{slug}',
        protect: false,
        tags: ['metadata'],
        summary: 'Get a product module',
        description: 'Any slug the catalogue does not hold, however long, is 404.',
      },
      errors: ['invalid_credential', 'not_found'],
    })
    // Documented bound (every catalogue slug fits it); a longer slug is simply not found (404).
    .input(z.object({ slug: z.string().meta({ description: 'Module slug, e.g. `leave`.', maxLength: 64 }) }))
    .output(single(moduleSchema, 'ModuleResponse'))
    .query(({ input }) => {
      const found = catalogue.find((m) => m.slug === input.slug);
      if (!found) {
        // Echo a bounded slug: the detail is not the place for a 16 KiB URL.
        const shown = input.slug.length > 64 ? `${input.slug.slice(0, 64)}…` : input.slug;
        throw new ApiError('not_found', { detail: `No module with slug '${shown}'.` });
      }
      return { data: found };
    }),
});
