import { Migration } from '@mikro-orm/migrations';

/**
 * The ends of each endpoint's leases as its last claim left them (decisions §18, issue 36): the
 * claim orders the due endpoints by those still running (fewest in flight first) from the queue row
 * itself, and so reads the attempts of only the endpoints it claims for. An outcome recorded since
 * leaves its lease's end there until the next claim for the endpoint: the order may count it, the
 * per-endpoint limit never does (the claim counts the live leases of each endpoint it takes).
 * Filled from the leases running now.
 */
export class Migration20261128000025QueueLeaseEnds extends Migration {
  override name = 'Migration20261128000025QueueLeaseEnds';

  override up(): void {
    // Migration 21's fill, when it runs in the same transaction, leaves the queue's deferred foreign
    // key checks pending, and a table with pending checks cannot be altered: they are made now.
    const keys = 'webhook_endpoint_queue_tenant_id_fkey, webhook_endpoint_queue_tenant_id_endpoint_id_fkey';
    this.addSql(`set constraints ${keys} immediate`);
    this.addSql('alter table webhook_endpoint_queue add column lease_ends timestamptz(3)[]');
    this.addSql(`set constraints ${keys} deferred`);
    this.addSql(`update webhook_endpoint_queue q set lease_ends = l.ends
      from (select tenant_id, endpoint_id, array_agg(locked_until) as ends from webhook_deliveries
             where status = 'pending' and locked_until >= now()
             group by tenant_id, endpoint_id) l
     where q.tenant_id = l.tenant_id and q.endpoint_id = l.endpoint_id`);
  }
}
