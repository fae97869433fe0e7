import { Migration } from '@mikro-orm/migrations';

/**
 * The event log and webhooks (decisions §14). `events` is written in the transaction of the
 * business write it reports; `webhook_deliveries` is both the record of every attempt (listed by
 * the API) and the delivery queue: a pending row is due at `next_attempt_at`, a worker that claims
 * it holds it until `locked_until` (the lease), sends outside any transaction and records the
 * outcome on that row, adding the next attempt's row when one is due. Tenant keys as decisions §12
 * asks: unique (tenant_id, id), composite references; the queue's due-time and the purge's
 * created_at indexes are the global worker indexes.
 */
export class Migration20261123000009EventsAndWebhooks extends Migration {
  override name = 'Migration20261123000009EventsAndWebhooks';

  override up(): void {
    this.addSql(`create table events (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      type varchar(40) not null,
      data jsonb not null,
      previous_attributes jsonb,
      request_id varchar(128) not null,
      idempotency_key varchar(255),
      created_at timestamptz(3) not null default now(),
      constraint events_tenant_id_id_key unique (tenant_id, id)
    )`);
    this.addSql('create index events_tenant_created on events (tenant_id, created_at, id)');
    this.addSql('create index events_tenant_type_created on events (tenant_id, type, created_at, id)');
    this.addSql('create index events_created on events (created_at)');

    this.addSql(`create table webhook_endpoints (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      url varchar(2048) not null,
      event_types text[] not null check (cardinality(event_types) > 0),
      description varchar(500),
      enabled boolean not null default true,
      disabled_reason varchar(300),
      secret varchar(100) not null,
      previous_secret varchar(100),
      previous_secret_expires_at timestamptz(3),
      consecutive_failures integer not null default 0,
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      constraint webhook_endpoints_tenant_id_id_key unique (tenant_id, id)
    )`);
    this.addSql('create index webhook_endpoints_tenant_created on webhook_endpoints (tenant_id, created_at, id)');

    this.addSql(`create table webhook_deliveries (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      endpoint_id uuid not null,
      event_id uuid not null,
      event_type varchar(40) not null,
      attempt integer not null check (attempt >= 1),
      status varchar(10) not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      response_status integer,
      error varchar(500),
      duration_ms integer,
      next_attempt_at timestamptz(3),
      locked_until timestamptz(3),
      created_at timestamptz(3) not null default now(),
      constraint webhook_deliveries_tenant_id_id_key unique (tenant_id, id),
      constraint webhook_deliveries_tenant_id_endpoint_id_fkey foreign key (tenant_id, endpoint_id)
        references webhook_endpoints (tenant_id, id) on delete cascade deferrable initially deferred,
      constraint webhook_deliveries_tenant_id_event_id_fkey foreign key (tenant_id, event_id)
        references events (tenant_id, id) on delete cascade deferrable initially deferred,
      constraint webhook_deliveries_one_per_attempt unique (tenant_id, endpoint_id, event_id, attempt)
    )`);
    this.addSql(`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`);
    this.addSql(
      'create index webhook_deliveries_endpoint_created on webhook_deliveries (tenant_id, endpoint_id, created_at, id)',
    );
    this.addSql('create index webhook_deliveries_event on webhook_deliveries (tenant_id, event_id)');
  }
}
