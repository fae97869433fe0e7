/**
 * Attempts made by request or by rule (decisions §18), not by the retry schedule: recover (every
 * failed event since a time), retry (one delivery's event again), and what disabling an endpoint
 * records (the `webhook_endpoint.disabled` event and the HR admins' e-mail). Sending is the dispatcher's.
 */
import { uuidv7 } from 'uuidv7';
import type { WriteOrigin } from '../../core/context.js';
import { DomainError } from '../../core/domainError.js';
import { recordColumns } from '../../core/records.js';
import type { EntityManager } from '../../db/orm.js';
import { inTransaction, TenantReader } from '../../db/tenantReader.js';
import { deliveriesQueued, EVENT_RETENTION_DAYS, recordEvents } from '../events/eventLog.js';
import { outboxInsert, outboxRows } from '../mail/outbox.writes.js';
import { DELIVERY_COLUMNS, type WebhookDeliveryRecord } from './webhookDelivery.record.js';
import { webhookEndpointSchema } from './webhookEndpoint.record.js';
import type { WebhookEndpointRecord } from './webhookEndpoints.writes.js';

/** How far back a recover may reach: the event log's retention (decisions §18). */
export const RECOVER_MAX_DAYS = EVENT_RETENTION_DAYS;

const ENDPOINT_COLUMNS = recordColumns(webhookEndpointSchema);

/**
 * The endpoint, locked against the dispatcher's outcome (which updates it, then queues a retry) and
 * against another recover or retry, so that the next `attempt` number of an event is read and
 * written by one transaction at a time.
 */
const LOCK_ENDPOINT = TenantReader.prepare(
  'select w.id, w.enabled from webhook_endpoints w where w.id = ? for no key update of w',
);

async function lockEnabledEndpoint(reader: TenantReader, id: string): Promise<void> {
  const endpoint = await reader.one<{ enabled: boolean }>(LOCK_ENDPOINT, [id]);
  if (!endpoint) throw new DomainError('not_found', { detail: `No webhook endpoint ${id}.` });
  if (!endpoint.enabled) {
    throw new DomainError('webhook_endpoint_disabled', {
      detail: `The webhook endpoint ${id} is disabled, so nothing would be sent; turn it on (PATCH enabled: true) first.`,
    });
  }
}

/**
 * The events of an endpoint whose last attempt failed, that attempt made at or after `since` (its
 * row's created_at: when it was queued), oldest event first, each with the next attempt number.
 */
const FAILED_SINCE = TenantReader.prepare(`
  select l.event_id, l.event_type, l.attempt + 1 as attempt
    from (select distinct on (d.event_id) d.event_id, d.event_type, d.attempt, d.status, d.created_at
            from webhook_deliveries d
           where d.endpoint_id = ?
           order by d.event_id, d.attempt desc) l
    join events e on e.id = l.event_id
   where l.status = 'failed' and l.created_at >= ?::timestamptz
   order by e.created_at, e.id`);

/** New attempts (one `?`: a JSON list of rows), due at once; a row of the same attempt already there is skipped. */
const QUEUE = TenantReader.prepare(`
  insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at,
                                  created_at)
  select x.id, ?::uuid, ?::uuid, x.event_id, x.event_type, x.attempt, 'pending', ?::timestamptz, ?::timestamptz
    from json_to_recordset(?::json) as x(id uuid, event_id uuid, event_type text, attempt int, n int)
   order by x.n
  on conflict do nothing
  returning id`);

/**
 * POST /v1/webhook-endpoints/{id}/recover: one new attempt for every event of the endpoint whose
 * delivery ended failed at or after `since` (test events included), oldest first, due now (the
 * same `webhook-id`: the event id). Refuses not_found and webhook_endpoint_disabled. Returns how
 * many attempts it queued.
 */
export async function recoverDeliveries(em: EntityManager, tenantId: string, id: string, since: Date): Promise<number> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    await lockEnabledEndpoint(reader, id);
    const failed = await reader.all<{ event_id: string; event_type: string; attempt: number }>(FAILED_SINCE, [
      id,
      since.toISOString(),
    ]);
    if (!failed.length) return 0;
    // UUID v7 ids made in order, so the attempts list (and are claimed) oldest event first.
    const rows = failed.map((row, n) => ({ id: uuidv7(), ...row, n }));
    const now = new Date().toISOString();
    const queued = await reader.all(QUEUE, [tenantId, id, now, now, JSON.stringify(rows)]);
    // Sent once this commits, not at the next poll.
    if (queued.length) deliveriesQueued(reader);
    return queued.length;
  });
}

const RETRY = TenantReader.prepare(`
  insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at,
                                  created_at)
  select ?::uuid, d.tenant_id, d.endpoint_id, d.event_id, d.event_type,
         (select max(a.attempt) + 1 from webhook_deliveries a
           where a.endpoint_id = d.endpoint_id and a.event_id = d.event_id),
         'pending', ?::timestamptz, ?::timestamptz
    from webhook_deliveries d
   where d.id = ? and d.endpoint_id = ?
  returning ${DELIVERY_COLUMNS}`);

/**
 * POST /v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry: one new attempt of that delivery's
 * event, whatever the delivery's status, due now. Refuses not_found (the endpoint, or a delivery
 * not of it) and webhook_endpoint_disabled. Returns the new attempt.
 */
export async function retryDelivery(
  em: EntityManager,
  tenantId: string,
  id: string,
  deliveryId: string,
): Promise<WebhookDeliveryRecord> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    await lockEnabledEndpoint(reader, id);
    const now = new Date().toISOString();
    const attempt = await reader.one<WebhookDeliveryRecord>(RETRY, [uuidv7(), now, now, deliveryId, id]);
    if (!attempt) {
      throw new DomainError('not_found', { detail: `No delivery ${deliveryId} of webhook endpoint ${id}.` });
    }
    deliveriesQueued(reader);
    return attempt;
  });
}

/** The endpoint as the dispatcher just disabled it: off, with the dispatcher's reason. */
const DISABLED = TenantReader.prepare(`
  select ${ENDPOINT_COLUMNS} from webhook_endpoints
   where id = ? and not enabled and disabled_reason is not null and consecutive_failures = ?`);

const HR_ADMINS = TenantReader.prepare(
  'select e.email from employees e where e.is_hr_admin order by e.created_at, e.id',
);

const NOTIFY = outboxInsert();

/**
 * What disabling an endpoint after `disableAfter` failures in a row records (decisions §18), in the
 * dispatcher's transaction that disabled it: a `webhook_endpoint.disabled` event (data.object the
 * endpoint's read record, no secret), delivered to the tenant's other enabled endpoints subscribed
 * to it, and an e-mail to each of the tenant's HR admins through the outbox. Called after every
 * counted failure that leaves the endpoint off; records only on the failure that reached the limit
 * (attempts already in flight count on past it), and nothing for an endpoint turned off by PATCH
 * (no disabled_reason). An endpoint past a limit lowered since is disabled without the event.
 */
export async function disableEndpoint(
  tx: EntityManager,
  tenantId: string,
  id: string,
  disableAfter: number,
): Promise<void> {
  const reader = new TenantReader(tx, tenantId);
  const endpoint = await reader.one<WebhookEndpointRecord>(DISABLED, [id, disableAfter]);
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
  await reader.all(NOTIFY, [
    outboxRows(
      admins.map((admin) => ({
        tenantId,
        kind: 'webhook_endpoint_disabled',
        to: admin.email,
        subject: 'A webhook endpoint was disabled',
        body,
      })),
    ),
  ]);
}
