import { Migration } from '@mikro-orm/migrations';

/**
 * The endpoints' delivery queue (decisions §18, issue 36): one row per endpoint that has had
 * attempts, with the earliest time one of its pending attempts may be claimed (`due_at`: its
 * next_attempt_at, or the end of its lease while one is leased; null when none is pending). The
 * writes that queue or hasten an attempt bring it forward in their own statement; the dispatcher's
 * claim reads the due rows through the index, so its cost follows the endpoints with work due, not
 * those whose attempts wait in backoff, and sets the times of the endpoints it claimed for. Filled
 * from the pending attempts.
 */
export class Migration20261128000021DeliveryQueue extends Migration {
  override name = 'Migration20261128000021DeliveryQueue';

  override up(): void {
    this.addSql(`create table webhook_endpoint_queue (
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      endpoint_id uuid not null,
      due_at timestamptz(3),
      constraint webhook_endpoint_queue_pkey primary key (tenant_id, endpoint_id),
      constraint webhook_endpoint_queue_tenant_id_endpoint_id_fkey foreign key (tenant_id, endpoint_id)
        references webhook_endpoints (tenant_id, id) on delete cascade deferrable initially deferred
    )`);
    // The claim's walk, across tenants by time: only the endpoints with an attempt pending.
    this.addSql('create index webhook_endpoint_queue_due on webhook_endpoint_queue (due_at) where due_at is not null');
    // greatest() passes over a null: an attempt not leased is due at its next_attempt_at.
    this.addSql(`insert into webhook_endpoint_queue (tenant_id, endpoint_id, due_at)
      select tenant_id, endpoint_id, min(greatest(next_attempt_at, locked_until))
        from webhook_deliveries where status = 'pending'
       group by tenant_id, endpoint_id`);
  }
}
