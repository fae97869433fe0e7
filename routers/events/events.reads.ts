/**
 * Reading the event log (decisions §14, §15): a page of the events a credential's scopes show,
 * filtered by type and `after`, on the (tenant_id, type, created_at, id) index; one event by id.
 * Events are written by the business writes (eventLog.ts recordEvents), never here.
 */
import { z } from 'zod';
import { type CursorCodec, cursorListKey, type Page, toPage } from '../../core/cursors.js';
import { DomainError } from '../../core/domainError.js';
import type { Scope } from '../../core/scopes.js';
import { sqlTimestamp } from '../../db/columns.js';
import { TenantReader } from '../../db/tenantReader.js';
import type { EventRecord } from './event.record.js';
import {
  EVENT_RETENTION_DAYS,
  type EventFilter,
  eventColumns,
  eventFilterValues,
  eventRecord,
  listedEventTypes,
  parseEventTypes,
  visibleEventTypes,
} from './eventLog.js';

const COLUMNS = eventColumns('events.');
/** The types a statement reads are its parameter, a text[] (bound as a JavaScript array). */
const OF_TYPES = `events.type = any (?::text[])`;
/**
 * Events older than the retention are gone from every read at once, whether or not the purge has
 * run yet (decisions §18): the purge only reclaims their space.
 */
const KEPT = `events.created_at > now() - make_interval(days => ${EVENT_RETENTION_DAYS})`;

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
      from unnest(?::text[]) as t(type)
      cross join lateral (
        select ${COLUMNS}, events.created_at as at
          from events
         where events.type = t.type and ${KEPT}${after}
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
  `select ${sqlTimestamp('events.created_at')} as created_at, events.id from events where events.id = ? and ${OF_TYPES} and ${KEPT}`,
);
const BY_ID = TenantReader.prepare(`select ${COLUMNS} from events where events.id = ? and ${OF_TYPES} and ${KEPT}`);

/** A row as the select list reads it: the record, its JSON columns still to parse (eventRecord). */
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
}

/** A page of the events `scopes` may see, after the cursor's position or the `after` event. */
export async function listEvents(
  reader: TenantReader,
  cursors: CursorCodec,
  scopes: readonly Scope[],
  query: EventListQuery,
): Promise<Page<EventRecord>> {
  const filter: EventFilter = {
    ...(query.type === undefined ? {} : { types: parseEventTypes(query.type).types }),
    ...(query.after === undefined ? {} : { after: query.after }),
  };
  const list = cursorListKey(LIST, reader.tenantId, eventFilterValues(filter));
  const visible = visibleEventTypes(scopes);
  // Where the page starts: a cursor's last row, else the `after` event (one the credential can see).
  let position: [string, string] | undefined;
  if (query.cursor !== undefined) {
    position = cursorPosition(cursors, list, query.cursor);
  } else if (filter.after !== undefined) {
    const found = await reader.one<{ created_at: string; id: string }>(POSITION, [filter.after, visible]);
    if (!found) {
      throw new DomainError('invalid_query_parameter', {
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
    types,
    ...(position ?? []),
    query.limit + 1,
    query.limit + 1,
  ]);
  const page = toPage(rows, query.limit, cursors, list, (row) => [row.created_at, row.id]);
  return { ...page, data: page.data.map(eventRecord) };
}

/** One event `scopes` may see; not_found otherwise (another tenant's, another type's, or purged). */
export async function getEvent(reader: TenantReader, scopes: readonly Scope[], id: string): Promise<EventRecord> {
  const found = await reader.one<EventRow>(BY_ID, [id, visibleEventTypes(scopes)]);
  if (!found) throw new DomainError('not_found', { detail: `No event with id ${id}.` });
  return eventRecord(found);
}
