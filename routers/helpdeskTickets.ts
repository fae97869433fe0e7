import type { InferEntity } from '@mikro-orm/core';
import { z } from 'zod';
import { HelpdeskTicket, TICKET_PRIORITIES, TICKET_STATUSES } from '../db/entities/workplace.js';
import { isoDateTime, readProcedures } from '../server/records.js';
import { router } from '../server/trpc.js';

export const helpdeskTicketSchema = z
  .object({
    id: z.uuid(),
    subject: z.string(),
    description: z.string(),
    category: z.string(),
    priority: z.enum(TICKET_PRIORITIES),
    status: z.enum(TICKET_STATUSES),
    raised_by: z.uuid().meta({ description: 'Id of the employee who raised it.' }),
    assigned_to: z.uuid().nullable().meta({ description: 'Id of the employee handling it, if any.' }),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'HelpdeskTicket' });

export type HelpdeskTicketRecord = z.infer<typeof helpdeskTicketSchema>;

export function toHelpdeskTicketRecord(t: InferEntity<typeof HelpdeskTicket>): HelpdeskTicketRecord {
  return {
    id: t.id,
    subject: t.subject,
    description: t.description,
    category: t.category,
    priority: t.priority,
    status: t.status,
    raised_by: t.raisedBy,
    assigned_to: t.assignedTo ?? null,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

export const helpdeskTicketsRouter = router(
  readProcedures({
    scope: 'helpdesk:read',
    path: '/helpdesk-tickets',
    tag: 'helpdesk',
    entity: HelpdeskTicket,
    schema: helpdeskTicketSchema,
    serialize: toHelpdeskTicketRecord,
    summaries: { list: 'List helpdesk tickets', get: 'Get a helpdesk ticket' },
  }),
);
