import { tracked } from '@trpc/server';
import { z } from 'zod';
import { listEnvelope, pageQuery, single } from '../../core/pagination.js';
import { idParam, tenantReader } from '../../core/records.js';
import { anyScope, router } from '../../core/trpc.js';
import { eventSchema } from './event.record.js';
import { followEvents, liveStart } from './events.live.js';
import { EVENT_ORDERS, getEvent, listEvents } from './events.reads.js';
import { parseEventTypes } from './events.rules.js';
import { EVENT_SCOPES, EVENT_TYPES } from './events.writes.js';

/**
 * The event log (decisions §14): GET /v1/events and /v1/events/{id}, `events.list|get` over tRPC,
 * and `events.onEvent`, a tRPC subscription over server-sent events (decisions §20; no REST path).
 * Events are written by the business writes themselves (routers/events/events.writes.ts recordEvents); here they
 * are only read. What a credential sees depends on its scopes: employee.* needs employees:read,
 * leave_request.* needs leave:read, and a credential with neither is refused.
 */

const typeFilter = z
  .string()
  .superRefine((value, issue) => {
    const { unknown, repeated } = parseEventTypes(value);
    const quoted = (names: string[]) => names.map((name) => `'${name}'`).join(', ');
    if (unknown.length) {
      issue.addIssue({
        code: 'custom',
        message: `unknown event type(s) ${quoted(unknown)}; known: ${EVENT_TYPES.join(', ')}`,
      });
    }
    if (repeated.length) issue.addIssue({ code: 'custom', message: `event type(s) named twice: ${quoted(repeated)}` });
  })
  .meta({
    description: `Only events of this type, or of these types (a comma list): ${EVENT_TYPES.join(', ')}. A type the credential may not see matches nothing.`,
    // A comma list of the known types, as OpenAPI spells it: an array (server/openapi/document.ts adds
    // form style, not exploded: one parameter, never repeated).
    override: {
      type: 'array',
      items: { type: 'string', enum: [...EVENT_TYPES] },
      minItems: 1,
      maxItems: EVENT_TYPES.length,
      uniqueItems: true,
    },
  })
  .optional();

const listInput = z.object({
  ...pageQuery,
  type: typeFilter,
  after: z
    .uuid()
    .meta({
      description:
        'An event id the credential can see: only events after it. Resumes a consumer that kept the last id it saw, also after a last page. An id older than the 30 days kept is 410 event_position_expired; not with order=desc.',
    })
    .optional(),
  order: z.enum(EVENT_ORDERS).default('asc').meta({
    description:
      '`asc` (the default): oldest first, the order to follow the log in. `desc`: newest first; `?order=desc&limit=1` is the newest event, the position a new follower starts from before it copies the lists.',
  }),
});

/** `events.onEvent`'s input; tRPC's client adds `lastEventId` when it reconnects. */
const liveInput = z
  .object({
    types: z
      .array(z.enum(EVENT_TYPES))
      .min(1)
      .refine((types) => new Set(types).size === types.length, { message: 'an event type is named twice' })
      .optional(),
    lastEventId: z.uuid().nullish(),
  })
  .optional();

const read = anyScope([...new Set(Object.values(EVENT_SCOPES))]);

export const eventsRouter = router({
  list: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/events',
        tags: ['events'],
        summary: 'List events',
        description: [
          'The event log: one event per committed business write, ascending by (created_at, id), kept 30 days; `order=desc` pages it newest first.',
          'employee.* events need employees:read, leave_request.* events need leave:read; a credential with either sees the types its scopes allow.',
          '`type` (one type or a comma list) and `after` (an event id: only later events; not with order=desc) narrow the list; a cursor is bound to the order and filter values it was issued with (another set is 400 invalid_cursor).',
          'A position older than the 30 days kept (`after`, or an ascending cursor) is 410 event_position_expired: copy the lists again, then follow from the newest event.',
        ].join(' '),
      },
      errors: ['event_position_expired'],
    })
    .input(listInput)
    .output(listEnvelope(eventSchema, 'EventList'))
    .query(({ ctx, input }) => listEvents(tenantReader(ctx), ctx.services.cursors, ctx.credential.scopes, input)),

  get: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/events/{id}',
        tags: ['events'],
        summary: 'Get an event',
        description:
          "One event of the credential's tenant. An event the credential's scopes do not show, of another tenant, or older than 30 days is 404.",
      },
    })
    .input(idParam)
    .output(single(eventSchema, 'EventResponse'))
    .query(async ({ ctx, input }) => ({ data: await getEvent(tenantReader(ctx), ctx.credential.scopes, input.id) })),

  /**
   * The events the credential may see, as they are committed, each with its id as the SSE id
   * (`tracked`), so that a client reconnecting with `lastEventId` resumes right after it. Where it
   * starts is decided before the stream opens (an unknown `lastEventId` is refused as an answer of
   * its own); the /trpc handler counts the open streams (server/http/trpcEndpoint.ts).
   */
  onEvent: read.input(liveInput).subscription(async ({ ctx, input, signal }) => {
    const reader = tenantReader(ctx);
    const start = await liveStart(reader, ctx.credential.scopes, input ?? {});
    return (async function* () {
      for await (const event of followEvents(reader, start, signal, ctx.services.logger)) {
        yield tracked(event.id, event);
      }
    })();
  }),
});
