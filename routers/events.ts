import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { listEnvelope, pageQuery, single } from '../api/pagination.js';
import { idParam, tenantReader } from '../api/records.js';
import { anyScope, router } from '../api/trpc.js';
import { sqlTimestamp } from '../db/columns.js';
import { TenantReader } from '../db/tenantReader.js';
import { type CursorCodec, cursorListKey, toPage } from '../domain/cursors.js';
import {
  EVENT_SCOPES,
  EVENT_TYPES,
  type EventFilter,
  type EventType,
  eventColumns,
  eventFilterValues,
  eventRecord,
  listedEventTypes,
  parseEventTypes,
  visibleEventTypes,
} from '../domain/events.js';
import { EVENT_RECORD_SCHEMAS } from './eventTypes.js';

/**
 * The event log (decisions §14): GET /v1/events and /v1/events/{id}, `events.list|get` over tRPC.
 * Events are written by the business writes themselves (domain/events.ts recordEvents); here they
 * are only read. What a credential sees depends on its scopes: employee.* needs employees:read,
 * leave_request.* needs leave:read, and a credential with neither is refused.
 */

/** The records of the logged types, each its own schema (webhook.test is delivered, never logged). */
type LoggedEventRecord = (typeof EVENT_RECORD_SCHEMAS)[EventType];
const loggedRecords = EVENT_TYPES.map((type) => EVENT_RECORD_SCHEMAS[type]) as [
  LoggedEventRecord,
  ...LoggedEventRecord[],
];

export const eventSchema = z.discriminatedUnion('type', loggedRecords).meta({
  id: 'Event',
  description:
    'One committed business write: its type, the resource as it was after the write, the changed fields of an update and the request that made it. The record of each type is the body of its webhook deliveries.',
});

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
    // A comma list of the known types, as OpenAPI spells it: an array (server/openapi.ts adds
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
        'An event id the credential can see: only events after it. Resumes a consumer that kept the last id it saw, also after a last page.',
    })
    .optional(),
});

const COLUMNS = eventColumns('events.');
/**
 * The types a statement reads are its parameter, a comma list (event types hold no comma): the
 * driver would spread a JavaScript array into several parameters.
 */
const OF_TYPES = `events.type = any (string_to_array(?::text, ','))`;

/**
 * A page of the log: for each type listed, its first `limit + 1` events after the position, on
 * the (tenant_id, type, created_at, id) index, then the first `limit + 1` of them all. So a page
 * reads at most (types × page) index entries however rare or frequent the types are, a deep page
 * as cheap as the first (decisions §15); a single `type = any (…)` scan would sort every event of
 * rare types, or walk past every event of the others. Parameters: the types, [the position's
 * created_at and id,] the row limit twice.
 */
function pageOfTypes(position: boolean): string {
  const after = position ? ' and (events.created_at, events.id) > (?::timestamptz, ?::uuid)' : '';
  return TenantReader.prepare(`
    select e.id, e.type, e.created_at, e.data, e.previous_attributes, e.request
      from unnest(string_to_array(?::text, ',')) as t(type)
      cross join lateral (
        select ${COLUMNS}, events.created_at as at
          from events
         where events.type = t.type${after}
         order by events.created_at, events.id
         limit ?
      ) e
     order by e.at, e.id
     limit ?`);
}
const FIRST_PAGE = pageOfTypes(false);
const LATER_PAGE = pageOfTypes(true);
/** Where `after` is in the log, if it is an event of the types given. */
const POSITION = TenantReader.prepare(
  `select ${sqlTimestamp('events.created_at')} as created_at, events.id from events where events.id = ? and ${OF_TYPES}`,
);
const BY_ID = TenantReader.prepare(`select ${COLUMNS} from events where events.id = ? and ${OF_TYPES}`);

type EventRow = z.input<typeof eventSchema>;
/** The list name its cursors are bound to (with the filter values and the tenant). */
const LIST = 'events';
const UUID = z.uuid();

/** The position a cursor of `list` carries (its last row's created_at and id); invalid_cursor otherwise. */
function cursorPosition(cursors: CursorCodec, list: string, cursor: string): [string, string] {
  const [createdAt, id] = cursors.decode(list, cursor);
  if (typeof createdAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(createdAt))) {
    throw new ApiError('invalid_cursor', { detail: 'The cursor is malformed.' });
  }
  if (!UUID.safeParse(id).success) throw new ApiError('invalid_cursor', { detail: 'The cursor is malformed.' });
  return [new Date(createdAt).toISOString(), id];
}

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
          'The event log: one event per committed business write, ascending by (created_at, id), kept 30 days.',
          'employee.* events need employees:read, leave_request.* events need leave:read; a credential with either sees the types its scopes allow.',
          '`type` (one type or a comma list) and `after` (an event id: only later events) narrow the list; a cursor is bound to the filter values it was issued with (another set is 400 invalid_cursor).',
        ].join(' '),
      },
    })
    .input(listInput)
    .output(listEnvelope(eventSchema, 'EventList'))
    .query(async ({ ctx, input }) => {
      const filter: EventFilter = {
        ...(input.type === undefined ? {} : { types: parseEventTypes(input.type).types }),
        ...(input.after === undefined ? {} : { after: input.after }),
      };
      const { cursors } = ctx.services;
      const list = cursorListKey(LIST, ctx.credential.tenantId, eventFilterValues(filter));
      const visible = visibleEventTypes(ctx.credential.scopes);
      const reader = tenantReader(ctx);
      // Where the page starts: a cursor's last row, else the `after` event (one the credential can see).
      let position: [string, string] | undefined;
      if (input.cursor !== undefined) {
        position = cursorPosition(cursors, list, input.cursor);
      } else if (filter.after !== undefined) {
        const found = await reader.one<{ created_at: string; id: string }>(POSITION, [filter.after, visible.join(',')]);
        if (!found) {
          throw new ApiError('invalid_query_parameter', {
            detail: `Invalid query parameter: after: no event ${filter.after} in this log.`,
            errors: [{ path: 'after', message: `no event ${filter.after} in this log` }],
          });
        }
        position = [found.created_at, found.id];
      }
      // Only types the credential may not see: nothing to read.
      const types = listedEventTypes(visible, filter);
      if (!types.length) return { data: [], next_cursor: null, has_more: false };
      const rows = await reader.all<EventRow & { id: string; created_at: string }>(position ? LATER_PAGE : FIRST_PAGE, [
        types.join(','),
        ...(position ?? []),
        input.limit + 1,
        input.limit + 1,
      ]);
      const page = toPage(rows, input.limit, cursors, list, (row) => [row.created_at, row.id]);
      return { ...page, data: page.data.map(eventRecord) };
    }),

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
    .query(async ({ ctx, input }) => {
      const found = await tenantReader(ctx).one<EventRow>(BY_ID, [
        input.id,
        visibleEventTypes(ctx.credential.scopes).join(','),
      ]);
      if (!found) throw new ApiError('not_found', { detail: `No event with id ${input.id}.` });
      return { data: eventRecord(found) };
    }),
});
