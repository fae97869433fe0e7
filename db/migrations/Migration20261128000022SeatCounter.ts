import { Migration } from '@mikro-orm/migrations';

/**
 * The seats a tenant's employees take, as a counter on its row (decisions §7): a hire takes a seat
 * by the update that locks the row, so the count is exact under concurrency without counting the
 * employees under the lock. Starts at the employees each tenant has.
 */
export class Migration20261128000022SeatCounter extends Migration {
  override name = 'Migration20261128000022SeatCounter';

  override up(): void {
    this.addSql('alter table tenants add column seats_used integer not null default 0');
    this.addSql('update tenants t set seats_used = (select count(*) from employees e where e.tenant_id = t.id)');
  }
}
