/**
 * The delivery attempts of one endpoint, as GET /v1/webhook-endpoints/{id}/deliveries pages them
 * (keyset on (created_at, id), like every list). Attempts are made by webhook.dispatcher.ts.
 */
import type { Page } from '../../core/cursors.js';
import { DomainError } from '../../core/domainError.js';
import { type ListInput, readPage, type TenantContext, tenantReader } from '../../core/records.js';
import { pageStatements } from '../../db/listQueries.js';
import { sql } from '../../db/namedValues.js';
import { tenantStatement } from '../../db/tenantReader.js';
import { DELIVERY_COLUMNS, type WebhookDeliveryRecord } from './webhookDelivery.record.js';

const DELIVERY_PAGE = pageStatements<{ endpoint_id: string }>('webhook_deliveries', DELIVERY_COLUMNS, {
  where: (v) => sql`webhook_deliveries.endpoint_id = ${v.endpoint_id}`,
});
const ENDPOINT_EXISTS = tenantStatement<{ id: string }>(
  (v) => sql`select id from webhook_endpoints where id = ${v.id}`,
);

/** A page of endpoint `id`'s attempts; not_found for an endpoint outside the tenant. */
export async function listDeliveries(
  ctx: TenantContext,
  input: ListInput & { id: string },
): Promise<Page<WebhookDeliveryRecord>> {
  if (!(await tenantReader(ctx).one(ENDPOINT_EXISTS, { id: input.id }))) {
    throw new DomainError('not_found', { detail: `No webhook endpoint ${input.id}.` });
  }
  return readPage<WebhookDeliveryRecord, { endpoint_id: string }>(
    ctx,
    DELIVERY_PAGE,
    input,
    `webhook-endpoints/${input.id}/deliveries`,
    { endpoint_id: input.id },
  );
}
