import { Migration } from '@mikro-orm/migrations';

/**
 * List filters (decisions §15) as keyset pages on an index: an equality filter walks
 * (tenant_id, <column>, created_at, id) from the start or from the cursor's (created_at, id) and
 * stops after limit + 1 rows, in the list's order, so a filtered page costs what an unfiltered one
 * does however deep it is and however many rows the tenant has.
 *
 * The indexes (tenant_id, manager_id), (tenant_id, assigned_to) and (tenant_id, raised_by) are
 * prefixes of their replacements, which serve whatever they served (the composite foreign keys'
 * checks, "this employee's …" lookups): they are dropped. Served without a new index: `email`
 * (unique (tenant_id, email): one row at most), the holidays' window (unique (tenant_id, date,
 * name); a tenant has few holidays). The leave window has two indexes of its own (see below).
 */
export class Migration20261123000010ListFilterIndexes extends Migration {
  override name = 'Migration20261123000010ListFilterIndexes';

  override up(): void {
    const keyset = (table: string, column: string) =>
      this.addSql(`create index ${table}_tenant_${column}_page on ${table} (tenant_id, ${column}, created_at, id)`);

    keyset('employees', 'department');
    keyset('employees', 'employment_type');
    keyset('employees', 'manager_id');
    this.addSql('drop index employees_tenant_manager');

    keyset('leave_requests', 'employee_id');
    keyset('leave_requests', 'leave_type_id');
    keyset('leave_requests', 'status');
    // The window [from, to] (end_date >= from, start_date <= to) cannot be walked in list order: a
    // window page sorts the (created_at, id) of every matching row (core/records.ts,
    // windowPageStatements). These find them in the index alone, from the narrower bound: a recent
    // window on end_date, an old one on start_date.
    this.addSql(
      'create index leave_requests_tenant_window_end on leave_requests (tenant_id, end_date, start_date, created_at, id)',
    );
    this.addSql(
      'create index leave_requests_tenant_window_start on leave_requests (tenant_id, start_date, end_date, created_at, id)',
    );

    keyset('assets', 'status');
    keyset('assets', 'assigned_to');
    this.addSql('drop index assets_tenant_assigned_to');

    keyset('job_openings', 'status');

    keyset('helpdesk_tickets', 'status');
    keyset('helpdesk_tickets', 'raised_by');
    keyset('helpdesk_tickets', 'assigned_to');
    this.addSql('drop index helpdesk_tickets_tenant_raised_by');
    this.addSql('drop index helpdesk_tickets_tenant_assigned_to');

    keyset('surveys', 'status');
  }
}
