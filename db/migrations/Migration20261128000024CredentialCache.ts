import { Migration } from '@mikro-orm/migrations';

/**
 * What lets each node cache the credentials it resolves while a revocation stays immediate on every
 * node (decisions §3).
 *
 * - `credential_epoch`: a sequence; every change to what a bearer lookup
 *   (routers/credentials/credentials.reads.ts) would answer takes its next value and sends it on the
 *   channel `credential_changed` (NOTIFY, delivered when the change commits). The triggers below
 *   send it from the database itself, so no code path (the CLI, a later one, SQL by hand) can forget
 *   to: statement-level, on the columns the lookup reads and on deletes, never on `last_used_at` or a
 *   token's `used_at`, which change on every use.
 * - `credential_cache_nodes`: each serving node that caches, with the newest value it has applied
 *   (its cache emptied) and its lease. A write that revokes waits, before it answers, until every
 *   node whose lease holds has applied a value taken after its commit; a node that cannot renew its
 *   lease serves nothing from its cache. `process` (host:pid) and `backend_pid` (its LISTEN
 *   connection) say which node a row is.
 */
export class Migration20261128000024CredentialCache extends Migration {
  override name = 'Migration20261128000024CredentialCache';

  override up(): void {
    this.addSql('create sequence credential_epoch');
    this.addSql(`create table credential_cache_nodes (
      node_id uuid primary key,
      process text not null,
      backend_pid integer not null,
      applied_epoch bigint not null,
      lease_until timestamptz(3) not null
    )`);
    this.addSql(`create function credential_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('credential_changed', nextval('credential_epoch')::text);
        return null;
      end $$`);
    const watched: [table: string, columns: string][] = [
      ['api_keys', 'id, key_id, tenant_id, scopes, expires_at, revoked_at'],
      ['api_key_secrets', 'id, api_key_id, secret_hash, expires_at'],
      [
        'oauth_tokens',
        'id, tenant_id, client_id, app_client_id, employee_id, kind, token_hash, scopes, expires_at, revoked_at',
      ],
      ['oauth_clients', 'id, client_id, revoked_at'],
      ['first_party_apps', 'id, client_id, revoked_at'],
      ['tenants', 'id, env'],
    ];
    for (const [table, columns] of watched) {
      this.addSql(`create trigger ${table}_credential_changed
        after update of ${columns} or delete or truncate on ${table}
        for each statement execute function credential_changed()`);
    }
  }
}
