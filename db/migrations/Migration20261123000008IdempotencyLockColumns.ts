import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency keys are held by a transaction-scoped advisory lock, and a key's row is written only
 * with its outcome (decisions §6, server/http/idempotency.ts): every row is `completed`, and no row is
 * locked. So `state` (with its check constraint, which goes with the column) and `locked_at` go.
 * Rows an earlier server version left `in_flight` are dropped with them: they stood for no
 * outcome and the server treated them as absent. No index used either column.
 */
export class Migration20261123000008IdempotencyLockColumns extends Migration {
  override name = 'Migration20261123000008IdempotencyLockColumns';

  override up(): void {
    this.addSql(`delete from idempotency_keys where state <> 'completed'`);
    this.addSql('alter table idempotency_keys drop column state, drop column locked_at');
  }
}
