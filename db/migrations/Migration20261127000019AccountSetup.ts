import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts employees sign in with (decisions §20): a login account's password hash (argon2id, a PHC
 * string; null until set), and its one-time set-up links, stored as SHA-256 of their token only.
 * A link is looked up by its hash before its tenant is known, and sign-in looks an active account up
 * by e-mail across tenants: both are global indexes, as the credential lookups are (decisions §12).
 */
export class Migration20261127000019AccountSetup extends Migration {
  override name = 'Migration20261127000019AccountSetup';

  override up(): void {
    this.addSql('alter table profiles add column password_hash varchar(255)');
    this.addSql(`create index profiles_active_email on profiles (email) where status = 'active'`);
    this.addSql(`create table account_setup_tokens (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) deferrable initially deferred,
      profile_id uuid not null,
      token_hash char(64) not null unique,
      expires_at timestamptz(3) not null,
      used_at timestamptz(3),
      revoked_at timestamptz(3),
      created_at timestamptz(3) not null default now(),
      constraint account_setup_tokens_tenant_id_id_key unique (tenant_id, id),
      constraint account_setup_tokens_tenant_id_profile_id_fkey foreign key (tenant_id, profile_id)
        references profiles (tenant_id, id) deferrable initially deferred
    )`);
    this.addSql('create index account_setup_tokens_profile on account_setup_tokens (tenant_id, profile_id)');
  }
}
