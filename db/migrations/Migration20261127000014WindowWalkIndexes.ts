import { Migration } from '@mikro-orm/migrations';

/**
 * The walk of a date-window page (core/records.ts, windowPageStatements) reads the list's
 * (tenant_id, created_at, id) index from the cursor and tests each row against the window. With the
 * dates beside them in that index the walk reads the index alone, so that no other index is cheaper
 * for it: a generic plan (a named statement's) estimates a tenant's rows as the table's over the
 * tenants, a few hundred in a database of many small tenants, and then preferred the window's own
 * index, which holds the dates too, with a sort of all the tenant's rows. These replace the lists'
 * page indexes: the same keys, the dates included.
 */
export class Migration20261127000014WindowWalkIndexes extends Migration {
  override name = 'Migration20261127000014WindowWalkIndexes';

  override up(): void {
    this.addSql(
      'create index leave_requests_tenant_page_dates on leave_requests (tenant_id, created_at, id) include (start_date, end_date)',
    );
    this.addSql('drop index leave_requests_tenant_page');
    this.addSql('create index holidays_tenant_page_date on holidays (tenant_id, created_at, id) include (date)');
    this.addSql('drop index holidays_tenant_page');
  }
}
