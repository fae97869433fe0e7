// The workplace resources as their tests see them (holidays, assets, job openings, helpdesk tickets,
// surveys): path, scope, tRPC router, read schema, and rows put straight into a tenant. No tests.
import type { z } from 'zod';
import type { Scope } from '../../core/scopes.js';
import { Asset, HelpdeskTicket, Holiday, JobOpening, Survey } from '../../db/entities/workplace.js';
import type { EntityManager } from '../../db/orm.js';
import { assetSchema } from '../../routers/workplace/assets.procedures.js';
import { helpdeskTicketSchema } from '../../routers/workplace/helpdeskTickets.procedures.js';
import { holidaySchema } from '../../routers/workplace/holidays.procedures.js';
import { jobOpeningSchema } from '../../routers/workplace/jobOpenings.procedures.js';
import { surveySchema } from '../../routers/workplace/surveys.procedures.js';
import type { TestServer, TestTenant } from '../support/harness.js';

type ReadRecord = Record<string, unknown>;

/** One workplace resource as the tests see it: where it lives and how to put a row in a tenant. */
export interface WorkplaceResource {
  name: string;
  scope: Scope;
  /** Collection path, e.g. /v1/holidays. */
  path: string;
  /** tRPC router name, e.g. holidays. */
  procedure: string;
  /** The read record schema the router declares (every field, its type and format). */
  schema: z.ZodObject;
  /** Inserts a row with every field set; returns the exact read record the API must give back. */
  full(em: EntityManager, tenant: TestTenant): Promise<ReadRecord>;
  /** Inserts a row with every nullable field null; returns the exact read record. */
  sparse(em: EntityManager, tenant: TestTenant): Promise<ReadRecord>;
}

let serial = 0;
/** Unique per call within a test process, for unique columns (asset tags, holiday names). */
const unique = (label: string) => `${label} ${process.pid}-${++serial}`;

const stamp = (d: Date) => d.toISOString();

export const resources: WorkplaceResource[] = [
  {
    name: 'holidays',
    scope: 'holidays:read',
    path: '/v1/holidays',
    procedure: 'holidays',
    schema: holidaySchema,
    async full(em, t) {
      const name = unique('Founders Day');
      const row = em.create(Holiday, { tenantId: t.tenant.id, name, date: '2026-03-14', isOptional: true });
      await em.flush();
      return { id: row.id, name, date: '2026-03-14', is_optional: true, created_at: stamp(row.createdAt) };
    },
    async sparse(em, t) {
      const name = unique('New Year');
      const row = em.create(Holiday, { tenantId: t.tenant.id, name, date: '2026-01-01' });
      await em.flush();
      return { id: row.id, name, date: '2026-01-01', is_optional: false, created_at: stamp(row.createdAt) };
    },
  },
  {
    name: 'assets',
    scope: 'assets:read',
    path: '/v1/assets',
    procedure: 'assets',
    schema: assetSchema,
    async full(em, t) {
      const tag = unique('AST');
      const row = em.create(Asset, {
        tenantId: t.tenant.id,
        assetTag: tag,
        name: 'ThinkPad X1 Carbon',
        category: 'Laptop',
        status: 'assigned',
        assignedTo: t.hr_admin.id,
        serialNumber: 'PF-3XK29A',
        purchasedOn: '2025-09-30',
      });
      await em.flush();
      return {
        id: row.id,
        asset_tag: tag,
        name: 'ThinkPad X1 Carbon',
        category: 'Laptop',
        status: 'assigned',
        assigned_to: t.hr_admin.id,
        serial_number: 'PF-3XK29A',
        purchased_on: '2025-09-30',
        created_at: stamp(row.createdAt),
      };
    },
    async sparse(em, t) {
      const tag = unique('AST');
      const row = em.create(Asset, { tenantId: t.tenant.id, assetTag: tag, name: 'Desk chair', category: 'Furniture' });
      await em.flush();
      return {
        id: row.id,
        asset_tag: tag,
        name: 'Desk chair',
        category: 'Furniture',
        status: 'available',
        assigned_to: null,
        serial_number: null,
        purchased_on: null,
        created_at: stamp(row.createdAt),
      };
    },
  },
  {
    name: 'job openings',
    scope: 'recruitment:read',
    path: '/v1/job-openings',
    procedure: 'jobOpenings',
    schema: jobOpeningSchema,
    async full(em, t) {
      const postedAt = new Date('2026-10-01T09:30:00.250Z');
      const row = em.create(JobOpening, {
        tenantId: t.tenant.id,
        title: 'Senior Backend Engineer',
        department: 'Engineering',
        location: 'Berlin (hybrid)',
        employmentType: 'contractor',
        status: 'open',
        openings: 3,
        postedAt,
      });
      await em.flush();
      return {
        id: row.id,
        title: 'Senior Backend Engineer',
        department: 'Engineering',
        location: 'Berlin (hybrid)',
        employment_type: 'contractor',
        status: 'open',
        openings: 3,
        posted_at: '2026-10-01T09:30:00.250Z',
        created_at: stamp(row.createdAt),
      };
    },
    async sparse(em, t) {
      const row = em.create(JobOpening, { tenantId: t.tenant.id, title: 'Office Manager' });
      await em.flush();
      return {
        id: row.id,
        title: 'Office Manager',
        department: null,
        location: null,
        employment_type: 'full_time',
        status: 'draft',
        openings: 1,
        posted_at: null,
        created_at: stamp(row.createdAt),
      };
    },
  },
  {
    name: 'helpdesk tickets',
    scope: 'helpdesk:read',
    path: '/v1/helpdesk-tickets',
    procedure: 'helpdeskTickets',
    schema: helpdeskTicketSchema,
    async full(em, t) {
      const row = em.create(HelpdeskTicket, {
        tenantId: t.tenant.id,
        subject: 'VPN drops every hour',
        description: 'Since Monday the VPN client disconnects roughly every hour.',
        category: 'IT',
        priority: 'urgent',
        status: 'in_progress',
        raisedBy: t.hr_admin.id,
        assignedTo: t.hr_admin.id,
      });
      await em.flush();
      return {
        id: row.id,
        subject: 'VPN drops every hour',
        description: 'Since Monday the VPN client disconnects roughly every hour.',
        category: 'IT',
        priority: 'urgent',
        status: 'in_progress',
        raised_by: t.hr_admin.id,
        assigned_to: t.hr_admin.id,
        created_at: stamp(row.createdAt),
        updated_at: stamp(row.updatedAt),
      };
    },
    async sparse(em, t) {
      const row = em.create(HelpdeskTicket, {
        tenantId: t.tenant.id,
        subject: 'Payslip question',
        description: 'Where do I find last month’s payslip?',
        category: 'Payroll',
        raisedBy: t.hr_admin.id,
      });
      await em.flush();
      return {
        id: row.id,
        subject: 'Payslip question',
        description: 'Where do I find last month’s payslip?',
        category: 'Payroll',
        priority: 'medium',
        status: 'open',
        raised_by: t.hr_admin.id,
        assigned_to: null,
        created_at: stamp(row.createdAt),
        updated_at: stamp(row.updatedAt),
      };
    },
  },
  {
    name: 'surveys',
    scope: 'surveys:read',
    path: '/v1/surveys',
    procedure: 'surveys',
    schema: surveySchema,
    async full(em, t) {
      const row = em.create(Survey, {
        tenantId: t.tenant.id,
        title: 'Quarterly pulse',
        description: 'Five questions on workload and team spirit.',
        status: 'active',
        isAnonymous: true,
        startsOn: '2026-11-01',
        endsOn: '2026-11-30',
        questionCount: 5,
      });
      await em.flush();
      return {
        id: row.id,
        title: 'Quarterly pulse',
        description: 'Five questions on workload and team spirit.',
        status: 'active',
        is_anonymous: true,
        starts_on: '2026-11-01',
        ends_on: '2026-11-30',
        question_count: 5,
        created_at: stamp(row.createdAt),
      };
    },
    async sparse(em, t) {
      const row = em.create(Survey, { tenantId: t.tenant.id, title: 'Draft onboarding survey' });
      await em.flush();
      return {
        id: row.id,
        title: 'Draft onboarding survey',
        description: null,
        status: 'draft',
        is_anonymous: false,
        starts_on: null,
        ends_on: null,
        question_count: 0,
        created_at: stamp(row.createdAt),
      };
    },
  },
];

/** The path of a fresh record of `resource` in `tenant`, for the shared security and isolation cases. */
export function recordPath(h: () => TestServer, resource: WorkplaceResource) {
  return async (tenant: TestTenant) => `${resource.path}/${(await resource.full(h().orm.em.fork(), tenant)).id}`;
}
