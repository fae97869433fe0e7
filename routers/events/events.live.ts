/**
 * Live updates (decisions §20): what `events.onEvent` streams to one subscription. It follows the
 * event log from a position of its own with the reads of events.reads.ts, every LIVE_POLL_MS and at
 * once when this process commits events of the tenant (events of other nodes come with the poll),
 * so an event reaches an open subscription well within 2 s of its commit. The log's order is the
 * order its events become visible (§19, "No event is passed over"), so reading after the last event
 * shown never skips one, and a client that resumes after an event id sees each event once.
 */
import type { Logger } from 'pino';
import type { Scope } from '../../core/scopes.js';
import type { TenantReader } from '../../db/tenantReader.js';
import type { EventRecord } from './event.record.js';
import { afterPosition, type EventPosition, eventsAfter, newestPosition } from './events.reads.js';
import { listedEventTypes, visibleEventTypes } from './events.rules.js';
import { type EventType, onEventsRecorded } from './events.writes.js';

/** How often an open subscription reads the log when nothing in this process woke it. */
const LIVE_POLL_MS = 500;
/** Events read at a time; a full batch is followed at once by the next. */
const LIVE_BATCH = 100;

/** What a subscription asks for (the procedure has validated it). */
export interface LiveQuery {
  /** Only these types (absent: every type); a type the credential may not see matches nothing. */
  types?: readonly EventType[];
  /** Resume after this event (tRPC's lastEventId, the last SSE id the client got). */
  lastEventId?: string | null;
}

/** Where a subscription starts, and what it follows. */
export interface LiveStart {
  types: EventType[];
  position: EventPosition | undefined;
}

/**
 * Where a subscription starts: after `lastEventId` when it resumes (the rules of the list's
 * `after`: an unknown id is 400, one past the retention 410), else after the newest event it could
 * be shown now, so that it is shown what is committed from now on. Checked before the stream opens.
 */
export async function liveStart(reader: TenantReader, scopes: readonly Scope[], query: LiveQuery): Promise<LiveStart> {
  const visible = visibleEventTypes(scopes);
  const types = listedEventTypes(visible, query.types === undefined ? {} : { types: query.types });
  const position = query.lastEventId
    ? await afterPosition(reader, visible, query.lastEventId, 'lastEventId')
    : await newestPosition(reader, types);
  return { types, position };
}

/**
 * The events after `start`, oldest first, as they are committed, until `signal` aborts (the client
 * went away, or the server stops). A read that fails (the database away for a moment) is logged and
 * tried again at the next poll: the subscription keeps its position and misses nothing.
 */
export async function* followEvents(
  reader: TenantReader,
  start: LiveStart,
  signal: AbortSignal | undefined,
  logger: Logger,
): AsyncGenerator<EventRecord> {
  let { position } = start;
  while (!signal?.aborted) {
    let batch: EventRecord[] = [];
    try {
      batch = await eventsAfter(reader, start.types, position, LIVE_BATCH);
    } catch (error) {
      logger.warn({ err: error }, 'live events: reading the log failed; trying again at the next poll');
    }
    for (const event of batch) {
      position = [event.created_at, event.id];
      yield event;
    }
    if (batch.length < LIVE_BATCH) await nextRead(reader.tenantId, signal);
  }
}

/** Resolves after LIVE_POLL_MS, or sooner when this process commits events of `tenantId` or `signal` aborts. */
function nextRead(tenantId: string, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopListening();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, LIVE_POLL_MS);
    const stopListening = onEventsRecorded((tenant) => {
      if (tenant === tenantId) done();
    });
    signal?.addEventListener('abort', done, { once: true });
  });
}
