// The event log followed as an async iterator (decisions §19): GET /v1/events?after=<last id> again
// and again, page after page, waiting longer while nothing happens. Polling only: no connection is
// held between polls, and the caller keeps the position (the last id) to resume from.
import type { Client } from 'openapi-fetch';
import { type Problem, WorkforceError } from './errors.js';
import type { paths } from './openapi.js';
import { sleep } from './transport.js';
import type { Event, EventList } from './types.js';

/** The events of the types `T`: `EventOf<'employee.created'>` has an employee as `data.object`. */
export type EventOf<T extends Event['type']> = Extract<Event, { type: T }>;

export interface FollowOptions<T extends Event['type'] = Event['type']> {
  /** The id of the last event you handled: the loop yields the events after it. */
  after?: string;
  /**
   * Where to begin when `after` is not given: `'now'` (the default) yields only events committed
   * after the loop first asks, as `stripe listen` does; `'start'` every event the log still keeps.
   */
  from?: 'now' | 'start';
  /** Only events of these types (sent as `type=a,b`); the loop's events are typed as those. */
  types?: readonly T[];
  /** Ends the loop, without an error, when it aborts (during a wait or a request). */
  signal?: AbortSignal;
  /** Milliseconds to wait after a poll that finds nothing new, doubling after each (default 1,000). */
  idleDelay?: number;
  /** The longest wait between two polls (default 30,000, or `idleDelay` when that is longer). */
  maxIdleDelay?: number;
}

/**
 * 410 `event_position_expired`: `position` is older than the 30 days the log keeps, so events after
 * it may be gone. Copy the lists again, then follow from the newest event (docs/sync.md).
 */
export class EventPositionExpiredError extends WorkforceError {
  override readonly name = 'EventPositionExpiredError';
  /** The event id the loop was following from. */
  readonly position: string;

  constructor(position: string, response: Response, problem: Problem) {
    super(response, problem, EVENTS);
    this.position = position;
  }
}

/** The call each poll is: isWorkforceError(failure, 'GET', '/v1/events') narrows a failure's codes. */
const EVENTS = { method: 'GET', path: '/v1/events' } as const;

/** Page size of each poll: the most the API answers. */
const PAGE = 100;

/**
 * The events of `client`'s tenant after the position, as the loop asks for them (see FollowOptions).
 * Wrong options throw here, not at the first `next()`.
 */
export function followEvents<T extends Event['type']>(
  client: Client<paths>,
  options: FollowOptions<T> = {},
): AsyncGenerator<EventOf<T>> {
  const { idleDelay = 1000, maxIdleDelay = Math.max(30_000, idleDelay) } = options;
  if (!(idleDelay > 0) || !(maxIdleDelay >= idleDelay)) {
    throw new TypeError('follow: idleDelay is a number of milliseconds > 0, and maxIdleDelay at least idleDelay');
  }
  return follow(client, options, idleDelay, maxIdleDelay);
}

async function* follow<T extends Event['type']>(
  client: Client<paths>,
  { after: given, from = 'now', types, signal }: FollowOptions<T>,
  idleDelay: number,
  maxIdleDelay: number,
): AsyncGenerator<EventOf<T>> {
  const type = types?.length ? [...types] : undefined;
  const page = async (query: { after?: string; order?: 'desc'; limit: number }) => {
    const { data, error, response } = await client.GET('/v1/events', {
      params: { query: { ...query, type } },
      signal,
    });
    // The document's EventList: openapi-fetch's answer type drops the members typed `null`
    // (`previous_attributes` of a created event), which the API does send.
    if (data) return data as EventList;
    if (error?.code === 'event_position_expired' && query.after !== undefined) {
      throw new EventPositionExpiredError(query.after, response, error);
    }
    throw new WorkforceError(response, error, EVENTS);
  };
  try {
    if (signal?.aborted) return;
    let after = given;
    if (after === undefined && from === 'now') after = (await page({ order: 'desc', limit: 1 })).data[0]?.id;
    let delay = idleDelay;
    for (;;) {
      const { data: events, has_more } = await page({ after, limit: PAGE });
      // Of the types asked for, the API's filter answering no other (all of them when none was asked for).
      for (const event of events as EventOf<T>[]) {
        after = event.id;
        yield event;
      }
      if (events.length) delay = idleDelay;
      if (has_more) continue;
      await sleep(delay, signal);
      delay = Math.min(delay * 2, maxIdleDelay);
    }
  } catch (error) {
    // The caller's abort is how the loop is meant to end, wherever it was.
    if (signal?.aborted) return;
    throw error;
  }
}
