import { defineEntity, p } from '@mikro-orm/core';
import { tenantOwned, updatedAtProperty } from './base.js';
import { EMPLOYMENT_TYPES } from './tenancy.js';

/**
 * Workplace resources (decisions §9): read over the API, written by the demo seed. Columns that
 * name an employee (`assignedTo`, `raisedBy`) are plain uuid scalars, as `Employee.managerId` is;
 * the migration gives them foreign keys to employees.
 */

export const Holiday = defineEntity({
  name: 'Holiday',
  tableName: 'holidays',
  properties: {
    ...tenantOwned(),
    name: p.string(),
    date: p.date(),
    isOptional: p.boolean().default(false),
  },
});

export const ASSET_STATUSES = ['available', 'assigned', 'maintenance', 'retired'] as const;

export const Asset = defineEntity({
  name: 'Asset',
  tableName: 'assets',
  properties: {
    ...tenantOwned(),
    assetTag: p.string(),
    name: p.string(),
    category: p.string(),
    status: p.enum(ASSET_STATUSES).default('available'),
    assignedTo: p.uuid().nullable(),
    serialNumber: p.string().nullable(),
    purchasedOn: p.date().nullable(),
  },
});

export const JOB_OPENING_STATUSES = ['draft', 'open', 'closed'] as const;

export const JobOpening = defineEntity({
  name: 'JobOpening',
  tableName: 'job_openings',
  properties: {
    ...tenantOwned(),
    title: p.string(),
    department: p.string().nullable(),
    location: p.string().nullable(),
    employmentType: p.enum(EMPLOYMENT_TYPES).default('full_time'),
    status: p.enum(JOB_OPENING_STATUSES).default('draft'),
    openings: p.integer().default(1),
    postedAt: p.datetime(3).nullable(),
  },
});

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

export const HelpdeskTicket = defineEntity({
  name: 'HelpdeskTicket',
  tableName: 'helpdesk_tickets',
  properties: {
    ...tenantOwned(),
    subject: p.string(),
    description: p.text(),
    category: p.string(),
    priority: p.enum(TICKET_PRIORITIES).default('medium'),
    status: p.enum(TICKET_STATUSES).default('open'),
    raisedBy: p.uuid(),
    assignedTo: p.uuid().nullable(),
    updatedAt: updatedAtProperty(),
  },
});

export const SURVEY_STATUSES = ['draft', 'active', 'closed'] as const;

export const Survey = defineEntity({
  name: 'Survey',
  tableName: 'surveys',
  properties: {
    ...tenantOwned(),
    title: p.string(),
    description: p.text().nullable(),
    status: p.enum(SURVEY_STATUSES).default('draft'),
    isAnonymous: p.boolean().default(false),
    startsOn: p.date().nullable(),
    endsOn: p.date().nullable(),
    questionCount: p.integer().default(0),
  },
});
