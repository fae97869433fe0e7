import { Migration } from '@mikro-orm/migrations';

/**
 * What the write endpoints need: idempotency records, the e-mail outbox, payout rate cards and
 * the per-tenant employee-code counter.
 */
export class Migration20261122000005Writes extends Migration {
  override name = 'Migration20261122000005Writes';

  override up(): void {
    // Next number the tenant's ID format hands out; codes typed by hand are skipped over.
    this.addSql('alter table tenants add column next_employee_number integer not null default 1');
    this.addSql(
      `update tenants t set next_employee_number = 1 + (select count(*) from employees e where e.tenant_id = t.id)`,
    );

    this.addSql(`create table idempotency_keys (
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      key varchar(255) not null,
      fingerprint char(64) not null,
      state varchar(9) not null check (state in ('in_flight', 'completed')),
      response_status smallint,
      response_body text,
      locked_at timestamptz(3) not null default now(),
      created_at timestamptz(3) not null default now(),
      primary key (tenant_id, key)
    )`);
    this.addSql('create index idempotency_keys_created on idempotency_keys (created_at)');

    this.addSql(`create table outbox_messages (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      kind varchar(40) not null,
      recipient varchar(320) not null,
      subject varchar(300) not null,
      body text not null,
      state varchar(10) not null default 'pending' check (state in ('pending', 'sent', 'suppressed', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz(3) not null default now(),
      last_error text,
      sent_at timestamptz(3),
      created_at timestamptz(3) not null default now()
    )`);
    this.addSql(`create index outbox_messages_due on outbox_messages (next_attempt_at) where state = 'pending'`);
    this.addSql('create index outbox_messages_tenant on outbox_messages (tenant_id, created_at, id)');

    this.addSql(`create table rate_cards (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      employee_id uuid not null references employees (id) deferrable initially deferred,
      pay_model varchar(20) not null check (pay_model in ('hourly', 'monthly_fee', 'per_engagement')),
      rate numeric(12, 2) not null check (rate > 0),
      created_at timestamptz(3) not null default now()
    )`);
    this.addSql('create index rate_cards_employee on rate_cards (tenant_id, employee_id)');
  }
}
