import { Migration } from '@mikro-orm/migrations';

/**
 * Workplace resources (decisions §9): holidays, assets, job openings, helpdesk tickets, surveys.
 * Each table carries tenant_id, every unique or hot index leads with it, enums are CHECK
 * constraints, and columns naming an employee reference employees (deferrable initially deferred,
 * as everywhere). Every table has the list index (tenant_id, created_at, id) for keyset pages.
 */
export class Migration20261122000004Workplace extends Migration {
  override name = 'Migration20261122000004Workplace';

  override up(): void {
    this.addSql(`create table holidays (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      name varchar(200) not null,
      date date not null,
      is_optional boolean not null default false,
      created_at timestamptz(3) not null default now(),
      unique (tenant_id, date, name)
    )`);
    this.addSql('create index holidays_tenant_page on holidays (tenant_id, created_at, id)');

    // An asset is `assigned` exactly when it names the employee holding it.
    this.addSql(`create table assets (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      asset_tag varchar(50) not null,
      name varchar(200) not null,
      category varchar(100) not null,
      status varchar(20) not null default 'available'
        check (status in ('available', 'assigned', 'maintenance', 'retired')),
      assigned_to uuid references employees (id) deferrable initially deferred,
      serial_number varchar(100),
      purchased_on date,
      created_at timestamptz(3) not null default now(),
      unique (tenant_id, asset_tag),
      check ((status = 'assigned') = (assigned_to is not null))
    )`);
    this.addSql('create index assets_tenant_page on assets (tenant_id, created_at, id)');
    this.addSql('create index assets_tenant_assigned_to on assets (tenant_id, assigned_to)');

    // A draft has not been posted; an open or closed opening has a posting time.
    this.addSql(`create table job_openings (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      title varchar(200) not null,
      department varchar(100),
      location varchar(200),
      employment_type varchar(20) not null default 'full_time'
        check (employment_type in ('full_time', 'part_time', 'intern', 'contractor', 'freelancer', 'vendor_worker')),
      status varchar(10) not null default 'draft' check (status in ('draft', 'open', 'closed')),
      openings integer not null default 1 check (openings >= 1),
      posted_at timestamptz(3),
      created_at timestamptz(3) not null default now(),
      check ((status = 'draft') = (posted_at is null))
    )`);
    this.addSql('create index job_openings_tenant_page on job_openings (tenant_id, created_at, id)');

    this.addSql(`create table helpdesk_tickets (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      subject varchar(200) not null,
      description text not null check (length(description) <= 10000),
      category varchar(100) not null,
      priority varchar(10) not null default 'medium' check (priority in ('low', 'medium', 'high', 'urgent')),
      status varchar(20) not null default 'open' check (status in ('open', 'in_progress', 'resolved', 'closed')),
      raised_by uuid not null references employees (id) deferrable initially deferred,
      assigned_to uuid references employees (id) deferrable initially deferred,
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now()
    )`);
    this.addSql('create index helpdesk_tickets_tenant_page on helpdesk_tickets (tenant_id, created_at, id)');
    this.addSql('create index helpdesk_tickets_tenant_raised_by on helpdesk_tickets (tenant_id, raised_by)');
    this.addSql('create index helpdesk_tickets_tenant_assigned_to on helpdesk_tickets (tenant_id, assigned_to)');

    this.addSql(`create table surveys (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      title varchar(200) not null,
      description text check (length(description) <= 10000),
      status varchar(10) not null default 'draft' check (status in ('draft', 'active', 'closed')),
      is_anonymous boolean not null default false,
      starts_on date,
      ends_on date,
      question_count integer not null default 0 check (question_count >= 0),
      created_at timestamptz(3) not null default now(),
      check (ends_on is null or starts_on is null or ends_on >= starts_on)
    )`);
    this.addSql('create index surveys_tenant_page on surveys (tenant_id, created_at, id)');
  }
}
