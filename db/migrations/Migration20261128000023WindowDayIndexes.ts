import { Migration } from '@mikro-orm/migrations';

/**
 * A date-window page (decisions §15; db/listQueries.ts, windowPageStatements) reads a window that
 * the list's walk does not fill a day at a time: each date of the window's column that holds rows,
 * its rows in list order, the first few of each. For leave that is the start date; the end date
 * (the window's other bound) and the list's equality filters (status, leave type, employee) follow
 * in the key, so that the index itself passes over a day's rows that miss them and only the rows
 * kept are read from the table. The holidays' (tenant_id, date, created_at, id) already is such an
 * index (Migration20261127000013ListWindowIndexes). The leave window's former indexes, which gave
 * a window's rows in date order for a sort of all of them, serve nothing now.
 */
export class Migration20261128000023WindowDayIndexes extends Migration {
  override name = 'Migration20261128000023WindowDayIndexes';

  override up(): void {
    this.addSql(
      'create index leave_requests_tenant_start_page on leave_requests (tenant_id, start_date, created_at, id, end_date, status, leave_type_id, employee_id)',
    );
    this.addSql('drop index leave_requests_tenant_window_start');
    this.addSql('drop index leave_requests_tenant_window_end');
  }
}
