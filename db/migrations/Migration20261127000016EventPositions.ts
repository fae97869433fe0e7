import { Migration } from '@mikro-orm/migrations';

/**
 * The position of the tenant's latest recorded events (decisions §19, "No event is passed over"):
 * a write records its events at a created_at strictly after this one, under the row lock its
 * update takes, held until the write commits, so the log's order is the order its events become
 * visible in. Starts at the newest event a tenant has (its writes stamped their own clock before),
 * so no event is recorded before one already in the log; null for a tenant without events.
 */
export class Migration20261127000016EventPositions extends Migration {
  override name = 'Migration20261127000016EventPositions';

  override up(): void {
    this.addSql('alter table tenants add column last_event_at timestamptz(3)');
    this.addSql(
      'update tenants t set last_event_at = (select max(e.created_at) from events e where e.tenant_id = t.id)',
    );
  }
}
