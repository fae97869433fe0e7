/**
 * A webhook delivery attempt's read record, defined once: its zod schema (the document's
 * `WebhookDelivery`), its type and its select list. Attempts are written by the dispatcher.
 */
import { z } from 'zod';
import { isoDateTime, recordColumns } from '../../core/records.js';
import { DELIVERED_EVENT_TYPES } from '../events/events.writes.js';

export const deliverySchema = z
  .object({
    id: z.uuid().meta({ description: 'The attempt.' }),
    event_id: z.uuid(),
    event_type: z.enum(DELIVERED_EVENT_TYPES),
    attempt: z.int().min(1).max(2_147_483_647).meta({ description: 'Counted from 1.' }),
    status: z.enum(['pending', 'succeeded', 'failed']).meta({
      description: 'pending: queued (due at next_attempt_at) or being sent; succeeded: a 2xx; failed: anything else.',
    }),
    response_status: z
      .int()
      .min(100)
      .max(599)
      .nullable()
      .meta({ description: "The receiver's HTTP status (a redirect is a failure with its 3xx); null without one." }),
    error: z.string().nullable().meta({ description: 'What went wrong, when it failed.' }),
    duration_ms: z.int().min(0).max(2_147_483_647).nullable(),
    created_at: isoDateTime,
    next_attempt_at: isoDateTime.nullable().meta({ description: 'When a pending attempt is due.' }),
  })
  .meta({
    id: 'WebhookDelivery',
    examples: [
      {
        id: '019a7b52-3e4f-7a5b-8c6d-7e8f9a0b1c2d',
        event_id: '019a7b3c-5d2e-7f10-8a4b-3c2d1e0f9a8b',
        event_type: 'leave_request.approved',
        attempt: 2,
        status: 'failed',
        response_status: 503,
        error: 'the endpoint answered 503',
        duration_ms: 84,
        created_at: '2026-11-23T09:14:07.250Z',
        next_attempt_at: null,
      },
    ],
  });

export type WebhookDeliveryRecord = z.infer<typeof deliverySchema>;
export const DELIVERY_COLUMNS = recordColumns(deliverySchema);
