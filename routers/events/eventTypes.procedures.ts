/** GET /v1/event-types (eventTypes.list over tRPC): the catalogue of event.record.ts, anonymous. */
import { z } from 'zod';
import { listEnvelope } from '../../core/pagination.js';
import { anonymousProcedure, router } from '../../core/trpc.js';
import { eventTypeSchema, listEventTypes } from './event.record.js';

export const eventTypesRouter = router({
  list: anonymousProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/event-types',
        protect: false,
        tags: ['events'],
        summary: 'List event types',
        description:
          'Every event type a webhook delivers, with the read scope that shows it and the JSON Schema of its record, on one page. No credential needed; an invalid one is refused.',
      },
      // Anonymous, but a credential that is presented must be valid.
      errors: ['invalid_credential'],
    })
    .input(z.void())
    .output(listEnvelope(eventTypeSchema, 'EventTypeList'))
    .query(async () => ({ data: await listEventTypes(), next_cursor: null, has_more: false })),
});
