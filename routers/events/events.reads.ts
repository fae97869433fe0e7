/**
 * Reading the event log (decisions §14, §15, §19): a page of the events a credential's scopes show,
 * oldest or newest first, filtered by type and `after`, on the (tenant_id, type, created_at, id)
 * index; one event by id. Events are written by the business writes (events.writes.ts recordEvents),
 * never here.
 */
import { z } from 'zod';
import { type CursorCodec, cursorListKey, type Page, toPage } from '../../core/cursors.js';
import { DomainError } from '../../core/domainError.js';
import type { Scope } from '../../core/scopes.js';
import { sqlTimestamp } from '../../db/columns.js';
import { type Statement, sql } from '../../db/namedValues.js';
import { type TenantReader, tenantStatement } from '../../db/tenantReader.js';
import { type EventRecord, eventColumns, parseEventRow } from './event.record.js';
import {
  type EventFilter,
  eventFilterValues,
  listedEventTypes,
  parseEventTypes,
  visibleEventTypes,
} from './events.rules.js';
import { EVENT_RETENTION_DAYS, type EventType } from './events.writes.js';

const COLUMNS = sql.raw(eventColumns('events.'));
/** The types a statement reads: a text[] (bound as a JavaScript array). */
const ofTypes = (types: unknown) => sql`events.type = any (${types}::text[])`;
/**
 * Events older than the retention are gone from every read at once, whether or not the purge has
 * run yet (decisions §18): the purge only reclaims their space.
 */
const KEPT = sql.raw(`events.created_at > now() - make_interval(days => ${EVENT_RETENTION_DAYS})`);

/** The orders the log pages in (decisions §19): oldest first, the default, or newest first. */
export const EVENT_ORDERS = ['asc', 'desc'] as const;
export type EventOrder = (typeof EVENT_ORDERS)[number];

/** The values of a page of the log: the types, the rows to read and, after a position, its created_at and id. */
interface EventPageValues extends Record<string, unknown> {
  types: readonly EventType[];
  rows: number;
  position_created_at?: string;
  position_id?: string;
}

/**
 * A page of the log: for each type listed, its first `rows` events past the position in `order`,
 * on the (tenant_id, type, created_at, id) index (walked backwards for `desc`), then the first
 * `rows` of them all. So a page reads at most (types × page) index entries however rare or
 * frequent the types are, a deep page as cheap as the first (decisions §15); a single
 * `type = any (…)` scan would sort every event of rare types, or walk past every event of the
 * others.
 */
function pageOfTypes(order: EventOrder, position: boolean): Statement<EventPageValues, EventRow> {
  const [past, direction] = order === 'asc' ? ['>', ''] : ['<', ' desc'];
  return tenantStatement<EventPageValues, EventRow>((v) => {
    const after = position
      ? sql` and (events.created_at, events.id) ${sql.raw(past)} (${v.position_created_at}::timestamptz, ${v.position_id}::uuid)`
      : sql``;
    const desc = sql.raw(direction);
    return sql`
    select e.id, e.type, e.created_at, e.data, e.previous_attributes, e.request
      from unnest(${v.types}::text[]) as t(type)
      cross join lateral (
        select ${COLUMNS}, events.created_at as at
          from events
         where events.type = t.type and ${KEPT}${after}
         order by events.created_at${desc}, events.id${desc}
         limit ${v.rows}
      ) e
     order by e.at${desc}, e.id${desc}
     limit ${v.rows}`;
  });
}
/** The page statements by order: the first page, and a page after a position. */
export const EVENT_PAGES = {
  asc: { first: pageOfTypes('asc', false), later: pageOfTypes('asc', true) },
  desc: { first: pageOfTypes('desc', false), later: pageOfTypes('desc', true) },
} as const satisfies Record<
  EventOrder,
  { first: Statement<EventPageValues, EventRow>; later: Statement<EventPageValues, EventRow> }
>;

/** The values of a page after `position`, or of a first page without one. */
const pageValues = (types: readonly EventType[], position: EventPosition | undefined, rows: number) => ({
  types,
  rows,
  ...(position ? { position_created_at: position[0], position_id: position[1] } : {}),
});

/**
 * Where `after` is in the log, if it is an event of the types given, and whether it is still kept
 * (one past the retention is event_position_expired, not unknown).
 */
const POSITION = tenantStatement<
  { id: string; visible: readonly string[] },
  { created_at: string; id: string; kept: boolean }
>(
  (v) =>
    sql`select ${sql.raw(sqlTimestamp('events.created_at'))} as created_at, events.id, ${KEPT} as kept from events where events.id = ${v.id} and ${ofTypes(v.visible)}`,
);
const BY_ID = tenantStatement<{ id: string; visible: readonly string[] }, EventRow>(
  (v) => sql`select ${COLUMNS} from events where events.id = ${v.id} and ${ofTypes(v.visible)} and ${KEPT}`,
);

/** A row as the select list reads it: the record, its JSON columns still to parse (parseEventRow). */
type EventRow = EventRecord;
/** The list name its cursors are bound to (with the filter values and the tenant). */
const LIST = 'events';
const UUID = z.uuid();

/** The position a cursor of `list` carries (its last row's created_at and id); invalid_cursor otherwise. */
function cursorPosition(cursors: CursorCodec, list: string, cursor: string): [string, string] {
  const [createdAt, id] = cursors.decode(list, cursor);
  if (typeof createdAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(createdAt))) {
    throw new DomainError('invalid_cursor', { detail: 'The cursor is malformed.' });
  }
  if (!UUID.safeParse(id).success) throw new DomainError('invalid_cursor', { detail: 'The cursor is malformed.' });
  return [new Date(createdAt).toISOString(), id];
}

/** What GET /v1/events takes (the procedure has validated it). */
export interface EventListQuery {
  limit: number;
  cursor?: string;
  type?: string;
  after?: string;
  /** `asc` when absent. */
  order?: EventOrder;
}

const RETENTION_MS = EVENT_RETENTION_DAYS * 86_400_000;
/** Whether an instant (ms since the epoch) is older than the events kept. */
const pastRetention = (at: number) => at <= Date.now() - RETENTION_MS;

/** The time of a UUID v7 (its first 48 bits, ms since the epoch, RFC 9562 §5.7); undefined for another version. */
function uuidV7Time(id: string): number | undefined {
  const hex = id.replaceAll('-', '');
  return hex[12] === '7' ? Number.parseInt(hex.slice(0, 12), 16) : undefined;
}

/**
 * A follower's position older than the events kept (decisions §19): what came after it may be
 * gone, so the follower cannot know what it missed.
 */
function positionExpired(parameter: 'after' | 'cursor' | 'lastEventId', what: string): DomainError {
  const reason = `older than the ${EVENT_RETENTION_DAYS} days events are kept`;
  return new DomainError('event_position_expired', {
    detail: `${what} is ${reason}: copy the lists again, then follow from the newest event (GET /v1/events?order=desc&limit=1).`,
    errors: [{ path: parameter, message: reason }],
  });
}

/**
 * Where a page after `after` starts: that event, if the credential can see it and it is kept.
 * Past the retention (its row says so, or, the row gone or never this credential's, its UUID v7
 * time) it is event_position_expired; any other id is invalid_query_parameter. `parameter` names
 * the input that gave it (a live subscription's `lastEventId`, events.live.ts).
 */
export async function afterPosition(
  reader: TenantReader,
  visible: readonly string[],
  after: string,
  parameter: 'after' | 'lastEventId' = 'after',
): Promise<[string, string]> {
  const found = await reader.one(POSITION, { id: after, visible });
  if (found?.kept) return [found.created_at, found.id];
  const time = uuidV7Time(after);
  if (found || (time !== undefined && pastRetention(time))) throw positionExpired(parameter, `The event ${after}`);
  throw new DomainError('invalid_query_parameter', {
    detail: `Invalid query parameter: ${parameter}: no event ${after} in this log.`,
    errors: [{ path: parameter, message: `no event ${after} in this log` }],
  });
}

/** A page of the events `scopes` may see, in `order`, after the cursor's position or the `after` event. */
export async function listEvents(
  reader: TenantReader,
  cursors: CursorCodec,
  scopes: readonly Scope[],
  query: EventListQuery,
): Promise<Page<EventRecord>> {
  const order = query.order ?? 'asc';
  // Newest first pages back in time: there is nothing to resume after (decisions §19).
  if (order === 'desc' && query.after !== undefined) {
    throw new DomainError('invalid_query_parameter', {
      detail: 'Invalid query parameter: after: not with order=desc (newest first pages back in time).',
      errors: [{ path: 'after', message: 'not with order=desc' }],
    });
  }
  const filter: EventFilter = {
    ...(query.type === undefined ? {} : { types: parseEventTypes(query.type).types }),
    ...(query.after === undefined ? {} : { after: query.after }),
  };
  // A cursor serves only the order it was made under; ascending keys are those made before `order`.
  const list = cursorListKey(LIST, reader.tenantId, {
    ...eventFilterValues(filter),
    ...(order === 'desc' ? { order } : {}),
  });
  const visible = visibleEventTypes(scopes);
  // Where the page starts: a cursor's last row, else the `after` event (one the credential can see).
  let position: [string, string] | undefined;
  if (query.cursor !== undefined) {
    position = cursorPosition(cursors, list, query.cursor);
    // Following forwards from a position the retention has passed may skip what was purged after
    // it; backwards, the page simply ends there.
    if (order === 'asc' && pastRetention(Date.parse(position[0]))) {
      throw positionExpired('cursor', "The cursor's position");
    }
  } else if (filter.after !== undefined) {
    position = await afterPosition(reader, visible, filter.after);
  }
  // Only types the credential may not see: nothing to read.
  const types = listedEventTypes(visible, filter);
  if (!types.length) return { data: [], next_cursor: null, has_more: false };
  const pages = EVENT_PAGES[order];
  const rows = await reader.all(position ? pages.later : pages.first, pageValues(types, position, query.limit + 1));
  const page = toPage(rows, query.limit, cursors, list, (row) => [row.created_at, row.id]);
  return { ...page, data: page.data.map(parseEventRow) };
}

/** One event `scopes` may see; not_found otherwise (another tenant's, another type's, or purged). */
export async function getEvent(reader: TenantReader, scopes: readonly Scope[], id: string): Promise<EventRecord> {
  const found = await reader.one(BY_ID, { id, visible: visibleEventTypes(scopes) });
  if (!found) throw new DomainError('not_found', { detail: `No event with id ${id}.` });
  return parseEventRow(found);
}

/** A place in the log: an event's created_at (as the records spell it, to the millisecond) and id. */
export type EventPosition = [createdAt: string, id: string];

/**
 * The position of the newest event of `types` now, or undefined when there is none: where a live
 * subscription that does not resume starts (decisions §20), so that it is shown what is committed
 * after it; the log's order is the order events become visible (§19), so nothing later is skipped.
 */
export async function newestPosition(
  reader: TenantReader,
  types: readonly EventType[],
): Promise<EventPosition | undefined> {
  if (!types.length) return undefined;
  const newest = await reader.one(EVENT_PAGES.desc.first, pageValues(types, undefined, 1));
  return newest && [newest.created_at, newest.id];
}

/**
 * The events of `types` after `position` (from the log's start when undefined), oldest first, at
 * most `limit`: one statement on the (tenant_id, type, created_at, id) index, as a page of the list.
 */
export async function eventsAfter(
  reader: TenantReader,
  types: readonly EventType[],
  position: EventPosition | undefined,
  limit: number,
): Promise<EventRecord[]> {
  if (!types.length) return [];
  const rows = await reader.all(
    position ? EVENT_PAGES.asc.later : EVENT_PAGES.asc.first,
    pageValues(types, position, limit),
  );
  return rows.map(parseEventRow);
}
