import { Migration } from '@mikro-orm/migrations';

/**
 * Foreign keys are checked at commit (deferrable initially deferred): the unit of work inserts
 * rows of one transaction in any order.
 *
 * Organisations with their live and sandbox tenants, employees with their login accounts, and the
 * credentials (API keys, OAuth clients and tokens). Every tenant table carries tenant_id and
 * every unique or hot index leads with it, so the schema can later be distributed by tenant.
 */
export class Migration20261122000002Tenancy extends Migration {
  override name = 'Migration20261122000002Tenancy';

  override up(): void {
    this.addSql(`create table organisations (
      id uuid primary key,
      name varchar(200) not null,
      created_at timestamptz(3) not null default now()
    )`);
    this.addSql(`create table tenants (
      id uuid primary key,
      organisation_id uuid not null references organisations (id) deferrable initially deferred,
      env varchar(4) not null check (env in ('live', 'test')),
      name varchar(200) not null,
      seat_limit integer check (seat_limit is null or seat_limit >= 0),
      id_prefix varchar(20) not null default 'EMP-',
      id_digits smallint not null default 4 check (id_digits between 1 and 12),
      created_at timestamptz(3) not null default now(),
      unique (organisation_id, env)
    )`);
    this.addSql(`create table profiles (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      email varchar(320) not null,
      status varchar(20) not null default 'invited' check (status in ('invited', 'active', 'disabled')),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      unique (tenant_id, email)
    )`);
    this.addSql(`create table employees (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      employee_id varchar(50) not null,
      profile_id uuid not null references profiles (id) deferrable initially deferred,
      manager_id uuid references employees (id) deferrable initially deferred,
      full_name varchar(200) not null,
      email varchar(320) not null,
      department varchar(100),
      designation varchar(100),
      phone varchar(30),
      employment_type varchar(20) not null default 'full_time'
        check (employment_type in ('full_time', 'part_time', 'intern', 'contractor', 'freelancer', 'vendor_worker')),
      joining_date date not null,
      engagement_end_date date,
      vendor_name varchar(200),
      is_hr_admin boolean not null default false,
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      unique (tenant_id, employee_id),
      unique (tenant_id, email)
    )`);
    this.addSql('create index employees_tenant_page on employees (tenant_id, created_at, id)');
    this.addSql('create index employees_tenant_manager on employees (tenant_id, manager_id)');

    this.addSql(`create table api_keys (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      key_id varchar(40) not null unique,
      name varchar(200),
      scopes text[] not null,
      expires_at timestamptz(3),
      revoked_at timestamptz(3),
      last_used_at timestamptz(3),
      created_at timestamptz(3) not null default now()
    )`);
    this.addSql('create index api_keys_tenant on api_keys (tenant_id, created_at, id)');
    // One row per secret: rotation adds a secret and gives the old one a grace deadline.
    this.addSql(`create table api_key_secrets (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      api_key_id uuid not null references api_keys (id) on delete cascade deferrable initially deferred,
      secret_hash char(64) not null unique,
      display_prefix varchar(24) not null,
      expires_at timestamptz(3),
      created_at timestamptz(3) not null default now()
    )`);
    this.addSql('create index api_key_secrets_key on api_key_secrets (tenant_id, api_key_id)');

    this.addSql(`create table oauth_clients (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      client_id varchar(80) not null unique,
      secret_hash char(64) not null,
      name varchar(200),
      scopes text[] not null,
      revoked_at timestamptz(3),
      created_at timestamptz(3) not null default now()
    )`);
    this.addSql(`create table oauth_tokens (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      client_id uuid not null references oauth_clients (id) on delete cascade deferrable initially deferred,
      kind varchar(7) not null check (kind in ('access', 'refresh')),
      token_hash char(64) not null unique,
      family_id uuid not null,
      scopes text[] not null,
      expires_at timestamptz(3) not null,
      used_at timestamptz(3),
      revoked_at timestamptz(3),
      created_at timestamptz(3) not null default now()
    )`);
    this.addSql('create index oauth_tokens_family on oauth_tokens (tenant_id, family_id)');
  }
}
