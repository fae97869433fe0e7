/**
 * Migration: the schema's foundation (organisations, tenants, credentials). Migrations are never
 * edited once committed; a change is a new one.
 */
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000001Foundation extends Migration {
  override name = 'Migration20261122000001Foundation';

  override up(): void {
    this.addSql(`create table settings (
      key varchar(100) primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`);
    // Shared rate-limit counters for RATE_LIMIT_STORE=postgres (rate-limiter-flexible's layout).
    this.addSql(`create table rate_limits (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    )`);
  }
}
