/**
 * A webhook endpoint's read record, defined once: its zod schema (the document's `WebhookEndpoint`,
 * also the `data.object` of a `webhook_endpoint.disabled` event), its type, its select list and what
 * it may subscribe to. No secret.
 */
import { z } from 'zod';
import { isoDateTime, recordColumns } from '../../core/records.js';
import { EVENT_TYPES } from '../events/events.writes.js';

/** What an endpoint subscribes to: event types, or `*` for every type. */
export const SUBSCRIBABLE_TYPES = ['*', ...EVENT_TYPES] as const;

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string().meta({ description: 'Where events are POSTed (Standard Webhooks).' }),
    event_types: z
      .array(z.enum(SUBSCRIBABLE_TYPES))
      .meta({ description: 'The event types delivered to it; `["*"]`: every type.' }),
    description: z.string().nullable(),
    enabled: z.boolean().meta({ description: 'A disabled endpoint gets no deliveries, not even later ones.' }),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: 'Why the dispatcher turned it off (failures in a row); null when enabled.' }),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({
    id: 'WebhookEndpoint',
    examples: [
      {
        id: '019a7b41-0c2d-7e3f-9a1b-2c3d4e5f6a7b',
        url: 'https://hooks.example.com/workforce',
        event_types: ['leave_request.approved', 'leave_request.cancelled'],
        description: 'Payroll sync',
        enabled: true,
        disabled_reason: null,
        created_at: '2026-11-23T09:00:00.000Z',
        updated_at: '2026-11-23T09:00:00.000Z',
      },
    ],
  });

export type WebhookEndpointRecord = z.infer<typeof webhookEndpointSchema>;
/** Reads a row of webhook_endpoints as the record, one column each. */
export const WEBHOOK_ENDPOINT_COLUMNS = recordColumns(webhookEndpointSchema);
