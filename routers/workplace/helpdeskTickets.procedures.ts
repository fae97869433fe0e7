/** GET /v1/helpdesk-tickets and /v1/helpdesk-tickets/{id}: read-only, filtered by status, raiser and assignee. */
import { z } from 'zod';
import { equalsFilter, idFilter, isoDateTime, readProcedures } from '../../core/records.js';
import { router } from '../../core/trpc.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../db/entities/workplace.js';

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

export const helpdeskTicketsRouter = router(
  readProcedures({
    scope: 'helpdesk:read',
    path: '/helpdesk-tickets',
    tag: 'helpdesk',
    table: 'helpdesk_tickets',
    schema: helpdeskTicketSchema,
    summaries: { list: 'List helpdesk tickets', get: 'Get a helpdesk ticket' },
    filters: {
      status: equalsFilter('status', z.enum(TICKET_STATUSES).meta({ description: 'Only tickets in this status.' })),
      raised_by: idFilter('raised_by', 'Only the tickets raised by this employee (UUID).'),
      assigned_to: idFilter('assigned_to', 'Only the tickets assigned to this employee (UUID).'),
    },
  }),
);
