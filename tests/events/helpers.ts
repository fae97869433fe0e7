import { expect } from 'vitest';
import { sql } from '../support/database.js';
import { RFC3339_MS, UUID_V7 } from '../support/formats.js';
import type { TestServer } from '../support/harness.js';
import type { Json, Page } from '../support/http.js';

// Helpers of the event log tests: reading the log back through the API and counting its rows.

export interface EventRecord {
  id: string;
  type: string;
  created_at: string;
  data: { object: Json };
  previous_attributes: Json | null;
  request: { id: string; idempotency_key: string | null };
}

/** GET /v1/events`query` as `secret`, expecting 200; the page (checked against the document by the harness). */
export async function listEvents(h: TestServer, secret: string, query = ''): Promise<Page<EventRecord>> {
  const res = await h.as(secret, `/v1/events${query}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return JSON.parse(text) as Page<EventRecord>;
}

/** Every event `secret` can see, walking the pages (limit 100). */
export async function allEvents(h: TestServer, secret: string, query = ''): Promise<EventRecord[]> {
  const events: EventRecord[] = [];
  let cursor: string | null = null;
  do {
    const separator = query ? '&' : '?';
    const page = await listEvents(
      h,
      secret,
      `${query}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    events.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return events;
}

/** Events rows of a tenant in the database, whatever their type (webhook.test included). */
export async function countEvents(h: TestServer, tenantId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(h, 'select count(*)::int as n from events where tenant_id = ?', [tenantId]);
  return row.n;
}

/** The one event of `type` whose object is `objectId`, asserting there is exactly one and its shape. */
export function onlyEvent(events: EventRecord[], type: string, objectId: string): EventRecord {
  const found = events.filter((e) => e.type === type && e.data.object.id === objectId);
  expect(found, `${type} of ${objectId} in ${JSON.stringify(events.map((e) => e.type))}`).toHaveLength(1);
  const [event] = found;
  expect(event.id).toMatch(UUID_V7);
  expect(event.created_at).toMatch(RFC3339_MS);
  expect(Object.keys(event).sort()).toEqual(['created_at', 'data', 'id', 'previous_attributes', 'request', 'type']);
  expect(Object.keys(event.data)).toEqual(['object']);
  return event;
}
