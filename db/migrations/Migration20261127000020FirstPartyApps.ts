import { Migration } from '@mikro-orm/migrations';

/**
 * First-party apps and the tokens of people signed in through them (decisions §20).
 *
 * - `first_party_apps`: a public OAuth client (no secret: PKCE instead) valid for every tenant, so a
 *   global table with no tenant_id; its exact redirect URIs, and their origins, which CORS allows.
 * - `oauth_tokens` also holds an app's tokens: `app_client_id` instead of `client_id` (exactly one
 *   of the two), the signed-in employee (`employee_id`, a composite reference within the tenant),
 *   and a third kind, `code`: an authorization code (60 s, one use) with its PKCE challenge and
 *   redirect URI. A code and the tokens exchanged for it share one family, so a code presented
 *   again revokes what it was exchanged for (RFC 6749 §4.1.2), and a code is looked up by its hash
 *   through the existing global token_hash index.
 */
export class Migration20261127000020FirstPartyApps extends Migration {
  override name = 'Migration20261127000020FirstPartyApps';

  override up(): void {
    this.addSql(`create table first_party_apps (
      id uuid primary key,
      client_id varchar(80) not null unique,
      name varchar(200) not null,
      redirect_uris text[] not null,
      origins text[] not null,
      revoked_at timestamptz(3),
      created_at timestamptz(3) not null default now()
    )`);
    this.addSql('alter table oauth_tokens alter column client_id drop not null');
    this.addSql(
      'alter table oauth_tokens add column app_client_id varchar(80) references first_party_apps (client_id) deferrable initially deferred',
    );
    this.addSql('alter table oauth_tokens add column employee_id uuid');
    this.addSql('alter table oauth_tokens add column code_challenge varchar(43)');
    this.addSql('alter table oauth_tokens add column redirect_uri text');
    this.addSql(`alter table oauth_tokens add constraint oauth_tokens_tenant_id_employee_id_fkey
      foreign key (tenant_id, employee_id) references employees (tenant_id, id) deferrable initially deferred`);
    this.addSql(
      'alter table oauth_tokens add constraint oauth_tokens_one_client check ((client_id is null) <> (app_client_id is null))',
    );
    this.addSql('alter table oauth_tokens drop constraint oauth_tokens_kind_check');
    this.addSql(
      `alter table oauth_tokens add constraint oauth_tokens_kind_check check (kind in ('access', 'refresh', 'code'))`,
    );
    // An app's token is the employee's: what disabling their account revokes.
    this.addSql(
      'create index oauth_tokens_employee on oauth_tokens (tenant_id, employee_id) where employee_id is not null',
    );
  }
}
