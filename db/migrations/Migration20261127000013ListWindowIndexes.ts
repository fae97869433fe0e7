import { Migration } from '@mikro-orm/migrations';

/**
 * The leave-request date window (decisions §15) as a bounded page (core/records.ts,
 * windowPageStatements). A request meets [from, to] when end_date >= from and start_date <= to;
 * in the middle of a tenant's history neither bound alone narrows the rows (half of them end after
 * `from`, half start before `to`). No request lasts longer than the tenant's longest, so the window
 * also implies start_date >= from - that span, which bounds a scan of
 * leave_requests_tenant_window_start to the window and one span before it. This index gives that
 * span in one index entry (the max of the expression, read backwards).
 *
 * A window page looks up the window's rows only when walking the list did not fill the page, and
 * then reads their (created_at, id) from the window's index alone: holidays gain such an index.
 */
export class Migration20261127000013ListWindowIndexes extends Migration {
  override name = 'Migration20261127000013ListWindowIndexes';

  override up(): void {
    this.addSql('create index leave_requests_tenant_span on leave_requests (tenant_id, (end_date - start_date))');
    // The holidays' window, found in the index alone (the unique (tenant_id, date, name) needs the table).
    this.addSql('create index holidays_tenant_window on holidays (tenant_id, date, created_at, id)');
  }
}
