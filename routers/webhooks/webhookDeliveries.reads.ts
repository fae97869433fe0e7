/**
 * The delivery attempts of one endpoint, as GET /v1/webhook-endpoints/{id}/deliveries pages them
 * (keyset on (created_at, id), like every list). Attempts are made by webhook.dispatcher.ts.
 */
import type { Page } from '../../core/cursors.js';
import { DomainError } from '../../core/domainError.js';
import { type ListInput, pageStatements, readPage, type TenantContext, tenantReader } from '../../core/records.js';
import { TenantReader } from '../../db/tenantReader.js';
import { DELIVERY_COLUMNS, type WebhookDeliveryRecord } from './webhookDelivery.record.js';

const DELIVERY_PAGE = pageStatements('webhook_deliveries', DELIVERY_COLUMNS, 'webhook_deliveries.endpoint_id = ?');
const ENDPOINT_EXISTS = TenantReader.prepare('select id from webhook_endpoints where id = ?');

/** A page of endpoint `id`'s attempts; not_found for an endpoint outside the tenant. */
export async function listDeliveries(
  ctx: TenantContext,
  input: ListInput & { id: string },
): Promise<Page<WebhookDeliveryRecord>> {
  if (!(await tenantReader(ctx).one(ENDPOINT_EXISTS, [input.id]))) {
    throw new DomainError('not_found', { detail: `No webhook endpoint ${input.id}.` });
  }
  return readPage<WebhookDeliveryRecord>(ctx, DELIVERY_PAGE, input, `webhook-endpoints/${input.id}/deliveries`, [
    input.id,
  ]);
}
