import { uuidv7 } from 'uuidv7';
import type { WriteOrigin } from '../../core/context.js';
import type { Scope } from '../../core/scopes.js';
import { type Named, type RawSql, sql, statement } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import { type BatchSize, deleteInBatches } from '../../db/purge.js';
import { type TenantReader, tenantStatement } from '../../db/tenantReader.js';

/**
 * The event log (decisions §14): every committed business write records what it did, in its own
 * transaction, and the same statement queues a delivery to every enabled webhook endpoint of the
 * tenant that subscribed to the type (webhook_deliveries is the delivery queue).
 */

/** The types the log records (business writes, and the operational events), and the scope a credential needs to see each. */
export const EVENT_SCOPES = {
  'employee.created': 'employees:read',
  'employee.updated': 'employees:read',
  'leave_request.created': 'leave:read',
  'leave_request.approved': 'leave:read',
  'leave_request.rejected': 'leave:read',
  'leave_request.cancelled': 'leave:read',
  // An operational event (decisions §18): recorded by the webhook dispatcher, not by a request.
  'webhook_endpoint.disabled': 'webhooks:read',
} as const satisfies Record<string, Scope>;

export type EventType = keyof typeof EVENT_SCOPES;
export const EVENT_TYPES = Object.keys(EVENT_SCOPES) as EventType[];

/** Sent to one endpoint on request (POST …/{id}/test); never listed in /v1/events. */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * Every type a webhook delivers, with the one read scope that shows it: the recorded types and the
 * test event. The test event is no part of the log; webhooks:read shows it, in the endpoint's
 * delivery attempts (GET /v1/webhook-endpoints/{id}/deliveries).
 */
export const DELIVERED_EVENT_SCOPES = {
  ...EVENT_SCOPES,
  [TEST_EVENT_TYPE]: 'webhooks:read',
} as const satisfies Record<string, Scope>;

export type DeliveredEventType = keyof typeof DELIVERED_EVENT_SCOPES;
export const DELIVERED_EVENT_TYPES = Object.keys(DELIVERED_EVENT_SCOPES) as DeliveredEventType[];

export interface NewEvent {
  type: DeliveredEventType;
  /** The resource's read record as it is after the write. */
  object: object;
  /** `*.updated`: the changed fields with their old values; otherwise null. */
  previousAttributes?: object | null;
}

/** The values eventCtes names: the tenant, the write that records the events, the one endpoint of a test event. */
export interface EventValues {
  event_tenant_id: string;
  event_request_id: string;
  event_idempotency_key: string | null;
  /** Sends the events to that endpoint alone, whatever its event types (the test event). */
  event_only_endpoint: string | null;
}

/** eventCtes' values for a write of `reader`'s tenant made by `origin`. */
export function eventValues(
  reader: TenantReader,
  origin: WriteOrigin,
  onlyEndpoint: string | null = null,
): EventValues {
  return {
    event_tenant_id: reader.tenantId,
    event_request_id: origin.requestId,
    event_idempotency_key: origin.idempotencyKey,
    event_only_endpoint: onlyEndpoint,
  };
}

/** The assignment in an update of the tenant's row that takes the events' position (eventCtes). */
export const EVENT_POSITION = sql`last_event_at = greatest(clock_timestamp(), coalesce(last_event_at, '-infinity') + interval '1 millisecond')`;

/**
 * The CTEs that record events and queue their deliveries, ending in `queued` (the attempts
 * queued), for a statement of its own (RECORD) or inside the statement of a write that makes the
 * events' objects itself in the same round trip (the hire: employees.writes.ts). `v` gives the
 * statement's EventValues (its values object holds them beside its own); `events` is SQL for a
 * jsonb array of `{ id, type, object, previous_attributes }` (no rows when null). With
 * `event_only_endpoint` the events go to that endpoint alone; otherwise every enabled endpoint of
 * the tenant subscribed to the type (or to `*`) gets a first attempt, due now, and is due now in
 * the endpoints' queue (queueEndpoints).
 *
 * The events' position (decisions §19, "No event is passed over"): their created_at is taken here,
 * by updating the tenant's `last_event_at` to the database's clock, or 1 ms past the last position
 * when the clock is not past it. The row lock of that update is held until the write's transaction
 * ends, and under READ COMMITTED an update that waited for it reads the row as the other write
 * committed it, so every write of a tenant that records events commits in the order of its
 * position, strictly after each one committed before it: a follower of `after=` that has been shown
 * a position never sees an event appear before it. The events of one write share the position;
 * their ids (UUID v7, made in order within the write) order them. Readers take no lock. The writes
 * of a tenant wait for each other only from here to their commit, so a write records its events
 * last. A statement that updates its tenant's row itself before it makes the events' objects (the
 * hire takes its seat and code so) sets EVENT_POSITION in that update and passes `positioned`, a
 * query of the position it returned: a row is updated at most once by one statement.
 */
export function eventCtes(v: Named<EventValues>, events: RawSql, options: { positioned?: RawSql } = {}): RawSql {
  return sql`batch as (
    select x.id, x.type, x.object, x.previous_attributes
      from jsonb_to_recordset(${events}) as x(id uuid, type text, object jsonb, previous_attributes jsonb)
  ),
  positioned as (${
    options.positioned ??
    sql`
    update tenants set ${EVENT_POSITION}
     where id = ${v.event_tenant_id}::uuid and exists (select 1 from batch)
    returning last_event_at`
  }
  ),
  recorded as (
    insert into events (id, tenant_id, type, data, previous_attributes, request_id, idempotency_key, created_at)
    select b.id, ${v.event_tenant_id}::uuid, b.type, jsonb_build_object('object', b.object), b.previous_attributes, ${v.event_request_id}, ${v.event_idempotency_key}, p.last_event_at
      from batch b cross join positioned p
    returning id, type
  ),
  queued as (
    insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at,
                                    created_at)
    select wf_uuidv7(), ${v.event_tenant_id}::uuid, w.id, r.id, r.type, 1, 'pending', clock_timestamp(), clock_timestamp()
      from recorded r
      join webhook_endpoints w
        on w.enabled and (case when ${v.event_only_endpoint}::uuid is null then r.type = any (w.event_types) or '*' = any (w.event_types)
                               else w.id = ${v.event_only_endpoint}::uuid end)
    returning id, endpoint_id, next_attempt_at
  ),
  endpoints_due as (${queueEndpoints(sql`select ${v.event_tenant_id}::uuid as tenant_id, endpoint_id, next_attempt_at from queued`)})`;
}

/**
 * The endpoints' queue (webhook_endpoint_queue, decisions §18) brought forward for `attempts`, SQL of
 * rows (tenant_id, endpoint_id, next_attempt_at) of attempts just queued or made due sooner: each
 * endpoint due no later than its earliest one. A CTE of the statement that writes those attempts,
 * so that both commit together; the row it locks until then keeps the dispatcher's claim from
 * setting the endpoint's time without them (webhook.dispatcher.ts).
 */
export function queueEndpoints(attempts: RawSql): RawSql {
  return sql`
    insert into webhook_endpoint_queue (tenant_id, endpoint_id, due_at)
    select a.tenant_id, a.endpoint_id, min(a.next_attempt_at) from (${attempts}) a group by a.tenant_id, a.endpoint_id
    on conflict (tenant_id, endpoint_id) do update set due_at = least(webhook_endpoint_queue.due_at, excluded.due_at)`;
}

/** Records the events and queues their deliveries: one statement. */
const RECORD = tenantStatement<EventValues & { events: string }, { id: string }>(
  (v) => sql`with ${eventCtes(v, sql`${v.events}::jsonb`)} select id from queued`,
);

/**
 * Records `events` (in this order) and queues their deliveries, in the caller's transaction; the
 * tenant's event position stays locked until it ends (eventCtes), so call it as the write's last
 * statement. Returns the events' ids.
 */
export async function recordEvents(
  reader: TenantReader,
  origin: WriteOrigin,
  events: readonly NewEvent[],
  onlyEndpoint: string | null = null,
): Promise<string[]> {
  if (!events.length) return [];
  const rows = events.map((e) => ({
    id: uuidv7(),
    type: e.type,
    object: e.object,
    previous_attributes: e.previousAttributes ?? null,
  }));
  const queued = await reader.all(RECORD, {
    ...eventValues(reader, origin, onlyEndpoint),
    events: JSON.stringify(rows),
  });
  if (queued.length) deliveriesQueued(reader);
  const { tenantId } = reader;
  reader.afterCommit(() => {
    for (const listener of recordedListeners) listener(tenantId);
  });
  return rows.map((r) => r.id);
}

const recordedListeners = new Set<(tenantId: string) => void>();

/**
 * Calls `listener` with the tenant each time a transaction of this process that recorded events
 * through recordEvents has committed: live subscriptions (events.live.ts) read at once rather than
 * at their next poll, which is what brings other nodes' events. Returns the way to stop listening.
 */
export function onEventsRecorded(listener: (tenantId: string) => void): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}

const queuedListeners = new Set<() => void>();

/**
 * Calls `listener` each time a transaction of this process that queued webhook delivery attempts
 * has committed (the webhook dispatcher sends first attempts at once, not at its next poll;
 * decisions §18); never for one that rolled back. Returns the way to stop listening.
 */
export function onDeliveriesQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Whoever inserts due delivery attempts says so here: the listeners hear it once `reader`'s transaction commits. */
export function deliveriesQueued(reader: TenantReader): void {
  reader.afterCommit(() => {
    for (const listener of queuedListeners) listener();
  });
}

// ---------------------------------------------------------------------------------------------
// What a write records

/**
 * `previous_attributes` of an `*.updated` event: the fields of the read record whose value the
 * write changed, with their values before it; null when it changed none. `updated_at` is not
 * one of them: it moves with every write, and its new value is in the event's object.
 */
export function previousAttributes<R extends object>(before: R, after: R): Partial<R> | null {
  const changed: Partial<R> = {};
  for (const key of Object.keys(after) as (keyof R & string)[]) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key];
  }
  return Object.keys(changed).length ? changed : null;
}

// ---------------------------------------------------------------------------------------------
// Retention

/** Events are kept this long, then purged with their deliveries (decisions §14). */
export const EVENT_RETENTION_DAYS = 30;
const PURGE_BATCH = 1000;
const PURGE = statement<{ cutoff: string } & BatchSize>(
  (v) => sql`delete from events where id in (
       select id from events where created_at < ${v.cutoff}::timestamptz order by created_at limit ${v.batch_size}
     ) returning id`,
);

/**
 * Deletes the events older than EVENT_RETENTION_DAYS, across tenants (the worker's purge), in
 * batches of `batchSize` so that no statement holds many row locks for long; their deliveries
 * go with them (on delete cascade). Returns how many events it deleted. `now` is for tests.
 */
export async function purgeExpiredEvents(
  em: EntityManager,
  options: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const { now = new Date(), batchSize = PURGE_BATCH } = options;
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  return deleteInBatches(em, PURGE, { cutoff }, batchSize);
}
