/**
 * Attempts made by request or by rule (decisions §18, §21), not by the retry schedule: recover (failed
 * events since a time, a bounded batch a call), retry (one delivery's event again), and what disabling an endpoint
 * records (the `webhook_endpoint.disabled` event and the HR admins' e-mail). Sending is the dispatcher's.
 */
import { uuidv7 } from 'uuidv7';
import type { WriteOrigin } from '../../core/context.js';
import { DomainError } from '../../core/domainError.js';
import type { ScopeGrant } from '../../core/scopes.js';
import { sql } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import { inTransaction, TenantReader, tenantStatement } from '../../db/tenantReader.js';
import { deliveriesQueued, EVENT_RETENTION_DAYS, queueEndpoints, recordEvents } from '../events/events.writes.js';
import { outboxInsertOf, outboxRows } from '../mail/outbox.writes.js';
import { DELIVERY_COLUMNS, type WebhookDeliveryRecord } from './webhookDelivery.record.js';
import { WEBHOOK_ENDPOINT_COLUMNS, type WebhookEndpointRecord } from './webhookEndpoint.record.js';
import { lockEndpointFor } from './webhookEndpoints.writes.js';

/** How far back a recover may reach: the event log's retention (decisions §18). */
export const RECOVER_MAX_DAYS = EVENT_RETENTION_DAYS;

/** The endpoint, locked and its read scopes checked (lockEndpointFor), and enabled. */
async function lockEnabledEndpoint(reader: TenantReader, id: string, grant: ScopeGrant): Promise<void> {
  const endpoint = await lockEndpointFor(reader, id, grant);
  if (!endpoint.enabled) {
    throw new DomainError('webhook_endpoint_disabled', {
      detail: `The webhook endpoint ${id} is disabled, so nothing would be sent; turn it on (PATCH enabled: true) first.`,
    });
  }
}

/** At most this many events one recover requeues (decisions §21). */
export const RECOVER_BATCH = 10_000;

/** An event still kept (decisions §21: one past retention is never sent again). */
const KEPT = `e.created_at > now() - make_interval(days => ${EVENT_RETENTION_DAYS})`;

/**
 * Recover as one statement, so that no list of events passes through the process: its memory is
 * bounded whatever the backlog (decisions §21). It takes, oldest event first, the kept events of
 * the endpoint whose last attempt either failed, queued at or after `since`, or waits for a
 * scheduled retry (not asked for by hand, not leased, not yet due) with the event created at or
 * after `since` (decisions §19: a receiver down for a minute needs no 27 hours). Of the first
 * RECOVER_BATCH, a failed one gets its next attempt, due now, by hand, and a waiting one is made
 * due now; the one after them (if any) gives `next_since`, its event's time. Every event left is
 * at least that old and failed or was queued after it was created, so a call with `next_since`
 * finds each of them, and none just requeued (pending and due). The new attempts' ids are UUID v7
 * that count up in event order (the millisecond, then the row's number where v7 puts random bits),
 * so that they list and are claimed oldest event first. The endpoint is due now in the endpoints'
 * queue when any was requeued.
 */
const RECOVER = tenantStatement<
  {
    id: string;
    tenant: string;
    since: string;
    now: string;
    batch: number;
    scan: number;
  },
  { requeued: number; next_since: string | null }
>(
  (v) => sql`
  with last as (
    select distinct on (d.event_id) d.id, d.event_id, d.event_type, d.attempt, d.status, d.by_hand, d.created_at,
           d.next_attempt_at, d.locked_until
      from webhook_deliveries d
     where d.endpoint_id = ${v.id}
     order by d.event_id desc, d.attempt desc),
  chosen as (
    select o.*, row_number() over (order by o.created_at, o.id) as n
      from (select l.id as attempt_id, l.status, l.event_id, l.event_type, l.attempt + 1 as attempt, e.created_at, e.id
              from last l
              join events e on e.id = l.event_id
             where ${sql.raw(KEPT)}
               and ((l.status = 'failed' and l.created_at >= ${v.since}::timestamptz)
                 or (l.status = 'pending' and not l.by_hand and l.locked_until is null
                     and l.next_attempt_at > ${v.now}::timestamptz and e.created_at >= ${v.since}::timestamptz))
             order by e.created_at, e.id
             limit ${v.scan}) o),
  queued as (
    insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, attempt, status,
                                    next_attempt_at, created_at, by_hand)
    select (lpad(to_hex((extract(epoch from ${v.now}::timestamptz) * 1000)::bigint), 12, '0') || '7' ||
            lpad(to_hex(c.n >> 2), 3, '0') || to_hex(8 + (c.n & 3)) || substr(md5(random()::text), 1, 15))::uuid,
           ${v.tenant}::uuid, ${v.id}::uuid, c.event_id, c.event_type, c.attempt, 'pending', ${v.now}::timestamptz,
           ${v.now}::timestamptz, true
      from chosen c
     where c.n <= ${v.batch} and c.status = 'failed'
    on conflict do nothing
    returning id, tenant_id, endpoint_id, next_attempt_at),
  hastened as (
    update webhook_deliveries
       set next_attempt_at = ${v.now}::timestamptz
     where id in (select c.attempt_id from chosen c where c.n <= ${v.batch} and c.status = 'pending')
       and status = 'pending' and locked_until is null
    returning id, tenant_id, endpoint_id, next_attempt_at),
  endpoints_due as (${queueEndpoints(sql`select tenant_id, endpoint_id, next_attempt_at from queued
                                         union all select tenant_id, endpoint_id, next_attempt_at from hastened`)})
  select ((select count(*) from queued) + (select count(*) from hastened))::int as requeued,
         to_char((select c.created_at from chosen c where c.n > ${v.batch}) at time zone 'UTC',
                 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as next_since`,
);

export interface RecoverOutcome {
  requeued: number;
  has_more: boolean;
  /** Where the next call starts (`since`), when more remain. */
  next_since: string | null;
}

/**
 * POST /v1/webhook-endpoints/{id}/recover: for each of the oldest RECOVER_BATCH kept events of the
 * endpoint (test events included) whose delivery ended failed at or after `since`, one new attempt
 * due now, with the same `webhook-id` (the event id); for each created at or after `since` whose
 * scheduled retry waits, that retry due now. Refuses not_found, insufficient_scope and
 * webhook_endpoint_disabled.
 */
export async function recoverDeliveries(
  em: EntityManager,
  tenantId: string,
  grant: ScopeGrant,
  id: string,
  since: Date,
): Promise<RecoverOutcome> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    await lockEnabledEndpoint(reader, id, grant);
    const [outcome] = await reader.all(RECOVER, {
      id,
      tenant: tenantId,
      since: since.toISOString(),
      now: new Date().toISOString(),
      batch: RECOVER_BATCH,
      scan: RECOVER_BATCH + 1,
    });
    const { requeued, next_since } = outcome as { requeued: number; next_since: string | null };
    // Sent once this commits, not at the next poll.
    if (requeued) deliveriesQueued(reader);
    return { requeued, has_more: next_since !== null, next_since };
  });
}

/**
 * A delivery of the endpoint whose event is still kept (one past retention is not_found); the
 * endpoint due now in the endpoints' queue.
 */
const RETRY = tenantStatement<
  { attemptId: string; deliveryId: string; endpointId: string; now: string },
  WebhookDeliveryRecord
>(
  (v) => sql`
  with retried as (
  insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at,
                                  created_at, by_hand)
  select ${v.attemptId}::uuid, d.tenant_id, d.endpoint_id, d.event_id, d.event_type,
         (select max(a.attempt) + 1 from webhook_deliveries a
           where a.endpoint_id = d.endpoint_id and a.event_id = d.event_id),
         'pending', ${v.now}::timestamptz, ${v.now}::timestamptz, true
    from webhook_deliveries d
    join events e on e.id = d.event_id
   where d.id = ${v.deliveryId} and d.endpoint_id = ${v.endpointId} and ${sql.raw(KEPT)}
  returning *),
  endpoints_due as (${queueEndpoints(sql`select tenant_id, endpoint_id, next_attempt_at from retried`)})
  select ${sql.raw(DELIVERY_COLUMNS)} from retried`,
);

/**
 * POST /v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry: one new attempt of that delivery's
 * event, whatever the delivery's status, due now. Refuses not_found (the endpoint, a delivery not of
 * it, or one whose event is past retention), insufficient_scope and webhook_endpoint_disabled.
 * Returns the new attempt.
 */
export async function retryDelivery(
  em: EntityManager,
  tenantId: string,
  grant: ScopeGrant,
  id: string,
  deliveryId: string,
): Promise<WebhookDeliveryRecord> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    await lockEnabledEndpoint(reader, id, grant);
    const attempt = await reader.one(RETRY, {
      attemptId: uuidv7(),
      deliveryId,
      endpointId: id,
      now: new Date().toISOString(),
    });
    if (!attempt) {
      throw new DomainError('not_found', {
        detail: `No delivery ${deliveryId} of webhook endpoint ${id} (or its event is past the ${EVENT_RETENTION_DAYS} days kept).`,
      });
    }
    deliveriesQueued(reader);
    return attempt;
  });
}

/** The endpoint as the dispatcher just disabled it: off, with the dispatcher's reason. */
const DISABLED = tenantStatement<{ id: string; disableAfter: number }, WebhookEndpointRecord>(
  (v) => sql`
  select ${sql.raw(WEBHOOK_ENDPOINT_COLUMNS)} from webhook_endpoints
   where id = ${v.id} and not enabled and disabled_reason is not null and consecutive_failures = ${v.disableAfter}`,
);

const HR_ADMINS = TenantReader.prepare(
  'select e.email from employees e where e.is_hr_admin order by e.created_at, e.id',
);

const NOTIFY = tenantStatement<{ messages: string }>((v) => outboxInsertOf(v.messages));

/**
 * What disabling an endpoint after `disableAfter` failures in a row records (decisions §18), in the
 * dispatcher's transaction that disabled it: a `webhook_endpoint.disabled` event (data.object the
 * endpoint's read record, no secret), delivered to the tenant's other enabled endpoints subscribed
 * to it, and an e-mail to each of the tenant's HR admins through the outbox. Called after every
 * counted failure that leaves the endpoint off; records only on the failure that reached the limit
 * (attempts already in flight count on past it), and nothing for an endpoint turned off by PATCH
 * (no disabled_reason). An endpoint past a limit lowered since is disabled without the event.
 */
export async function recordEndpointDisabled(
  tx: EntityManager,
  tenantId: string,
  id: string,
  disableAfter: number,
): Promise<void> {
  const reader = new TenantReader(tx, tenantId);
  const endpoint = await reader.one(DISABLED, { id, disableAfter });
  if (!endpoint) return;
  const origin: WriteOrigin = { requestId: `webhook-dispatcher-${uuidv7()}`, idempotencyKey: null };
  await recordEvents(reader, origin, [{ type: 'webhook_endpoint.disabled', object: endpoint }]);
  const admins = await reader.all<{ email: string }>(HR_ADMINS);
  if (!admins.length) return;
  const body = [
    'Workforce stopped sending webhooks to one of your endpoints:',
    '',
    `  ${endpoint.url}`,
    `  (id ${endpoint.id}${endpoint.description ? `, "${endpoint.description}"` : ''})`,
    '',
    `Why: ${endpoint.disabled_reason}.`,
    '',
    'Events that happen while it is off are not sent to it later. Once the receiver works again, turn it',
    'back on (PATCH /v1/webhook-endpoints/{id} with {"enabled": true}) and send the failed deliveries',
    'again (POST /v1/webhook-endpoints/{id}/recover with {"since": "<when it started failing>"}).',
  ].join('\n');
  await reader.all(NOTIFY, {
    messages: outboxRows(
      admins.map((admin) => ({
        tenantId,
        kind: 'webhook_endpoint_disabled',
        to: admin.email,
        subject: 'A webhook endpoint was disabled',
        body,
      })),
    ),
  });
}
