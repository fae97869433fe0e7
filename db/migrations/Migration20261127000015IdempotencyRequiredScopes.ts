import { Migration } from '@mikro-orm/migrations';

/**
 * The scopes a keyed write demanded of its credential (the operation's, and any it checked on the
 * way, such as a webhook subscription's read scopes), kept with its stored answer: a replay is
 * given only to a credential holding them all (decisions §21). Space-separated; null on answers
 * stored before, which are replayed under the operation's scope alone, as they were.
 */
export class Migration20261127000015IdempotencyRequiredScopes extends Migration {
  override name = 'Migration20261127000015IdempotencyRequiredScopes';

  override up(): void {
    this.addSql('alter table idempotency_keys add column required_scopes text');
  }
}
