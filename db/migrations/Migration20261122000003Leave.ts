import { Migration } from '@mikro-orm/migrations';

/**
 * Leave: the tenant's leave types, leave requests and per-year balances (decisions §8). Every
 * table carries tenant_id and every unique or hot index leads with it (decisions §12); foreign
 * keys are checked at commit. Day amounts are numeric(5,1): halves are allowed, floats are not.
 */
export class Migration20261122000003Leave extends Migration {
  override name = 'Migration20261122000003Leave';

  override up(): void {
    this.addSql(`create table leave_types (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      name varchar(100) not null,
      code varchar(30) not null,
      is_paid boolean not null,
      annual_allowance numeric(5, 1) check (annual_allowance is null or annual_allowance >= 0),
      created_at timestamptz(3) not null default now(),
      unique (tenant_id, code)
    )`);
    this.addSql('create index leave_types_tenant_page on leave_types (tenant_id, created_at, id)');

    this.addSql(`create table leave_requests (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      employee_id uuid not null references employees (id) deferrable initially deferred,
      leave_type_id uuid not null references leave_types (id) deferrable initially deferred,
      start_date date not null,
      end_date date not null,
      days_count numeric(5, 1) not null,
      leave_duration varchar(18) not null default 'full_day'
        check (leave_duration in ('full_day', 'half_day_morning', 'half_day_afternoon')),
      status varchar(9) not null default 'pending'
        check (status in ('pending', 'approved', 'rejected', 'cancelled')),
      reason text not null,
      decided_by uuid references employees (id) deferrable initially deferred,
      decided_at timestamptz(3),
      decision_comment text,
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      constraint leave_requests_date_range check (end_date >= start_date),
      constraint leave_requests_days_positive check (days_count > 0 and days_count * 2 = trunc(days_count * 2)),
      constraint leave_requests_half_day check (
        leave_duration = 'full_day' or (start_date = end_date and days_count = 0.5)
      )
    )`);
    this.addSql('create index leave_requests_tenant_page on leave_requests (tenant_id, created_at, id)');
    // Overlap checks and "this employee's requests" walk this one.
    this.addSql('create index leave_requests_tenant_employee on leave_requests (tenant_id, employee_id, start_date)');

    this.addSql(`create table leave_balances (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      employee_id uuid not null references employees (id) deferrable initially deferred,
      leave_type_id uuid not null references leave_types (id) deferrable initially deferred,
      year integer not null check (year between 1900 and 9999),
      allowance numeric(5, 1) not null check (allowance >= 0),
      used numeric(5, 1) not null default 0,
      pending numeric(5, 1) not null default 0,
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      constraint leave_balances_used_nonnegative check (used >= 0),
      constraint leave_balances_pending_nonnegative check (pending >= 0),
      unique (tenant_id, employee_id, leave_type_id, year)
    )`);
  }
}
