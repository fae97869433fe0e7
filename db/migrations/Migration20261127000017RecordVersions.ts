import { Migration } from '@mikro-orm/migrations';

/**
 * Versions and who may act (decisions §19). `version` counts the committed changes of an employee
 * and of a leave request: 1 when made, +1 by each write that changes the row, in the statement that
 * changes it; rows made before count from 1. The `is_hr_admin` filter of GET /v1/employees is a
 * keyset page on (tenant_id, is_hr_admin, created_at, id), as every equality filter is
 * (Migration20261123000010ListFilterIndexes). That index also finds a filing's HR admins, in their
 * order, which the partial index of migration 6 (tenant_id) where is_hr_admin did: it goes, and with
 * it the planner's choice of reading it and sorting every HR admin of the tenant for a page of them.
 */
export class Migration20261127000017RecordVersions extends Migration {
  override name = 'Migration20261127000017RecordVersions';

  override up(): void {
    this.addSql('alter table employees add column version integer not null default 1');
    this.addSql('alter table leave_requests add column version integer not null default 1');
    this.addSql('create index employees_tenant_is_hr_admin_page on employees (tenant_id, is_hr_admin, created_at, id)');
    this.addSql('drop index employees_tenant_hr_admins');
  }
}
