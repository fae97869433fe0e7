import { Migration } from '@mikro-orm/migrations';

/**
 * Filing leave notifies the tenant's HR admins: without this index that lookup scanned every
 * employee of the tenant (2.7 s per filing at a million employees).
 */
export class Migration20261122000006HrAdminIndex extends Migration {
  override name = 'Migration20261122000006HrAdminIndex';

  override up(): void {
    this.addSql('create index employees_tenant_hr_admins on employees (tenant_id) where is_hr_admin');
  }
}
