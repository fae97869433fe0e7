/**
 * The event log's reading rules, pure: which types a credential sees, the `?type=` list, the
 * types a list returns and the filter values its cursors are bound to (decisions §14, §15).
 */
import { EVENT_SCOPES, EVENT_TYPES, type EventType } from './events.writes.js';

/** The types a credential with `scopes` may see. */
export function visibleEventTypes(scopes: readonly string[]): EventType[] {
  return EVENT_TYPES.filter((type) => scopes.includes(EVENT_SCOPES[type]));
}

/**
 * `?type=`: one type or a comma list. The known types in EVENT_TYPES order; the names that are no
 * type (once each), and the types named more than once (both refused: the list is strict, and the
 * document bounds it at one item per type).
 */
export function parseEventTypes(value: string): { types: EventType[]; unknown: string[]; repeated: string[] } {
  const names = value.split(',');
  const unknown = [...new Set(names.filter((name) => !(EVENT_TYPES as string[]).includes(name)))];
  const types = EVENT_TYPES.filter((type) => names.includes(type));
  const repeated = types.filter((type) => names.indexOf(type) !== names.lastIndexOf(type));
  return { types, unknown, repeated };
}

/** A list's filters, parsed: `types` from `?type=` (absent: every type), `after` an event id. */
export interface EventFilter {
  types?: readonly EventType[];
  after?: string;
}

/**
 * The types a list with `filter` returns to a credential that may see `visible` (visibleEventTypes):
 * the requested ones it may see, in EVENT_TYPES order. Empty when it asked only for types it may
 * not see: the list is then empty (it names nothing the credential could be shown).
 */
export function listedEventTypes(visible: readonly EventType[], filter: EventFilter): EventType[] {
  return visible.filter((type) => !filter.types || filter.types.includes(type));
}

/**
 * The filter values a page cursor of the event log is bound to (with the list and the tenant:
 * core/cursors.ts cursorListKey), in one canonical spelling, so that a cursor reused with other
 * filters, or with a filter dropped or added, is invalid_cursor (decisions §15), while `type=b,a`
 * and `type=a,b`, or an id in either case, are one filter.
 */
export function eventFilterValues(filter: EventFilter): { after?: string; type?: string } {
  return {
    ...(filter.after === undefined ? {} : { after: filter.after.toLowerCase() }),
    ...(filter.types === undefined ? {} : { type: EVENT_TYPES.filter((t) => filter.types?.includes(t)).join(',') }),
  };
}
