import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook delivery per endpoint (decisions §18): UUID v7 ids for delivery attempts made in SQL, and
 * the indexes of the fair, per-endpoint claim (routers/webhooks/webhook.dispatcher.ts). No data change.
 */
export class Migration20261126000011WebhookDispatch extends Migration {
  override name = 'Migration20261126000011WebhookDispatch';

  override up(): void {
    // A UUID v7 (RFC 9562): 48 bits of Unix milliseconds, then gen_random_uuid()'s random bits with the
    // version set to 7 (bits 52 and 53 added to v4's 0100); the variant stays RFC 4122's. PostgreSQL 18's
    // own uuidv7() is not on every supported server (nor PGlite): this one has a name of its own.
    this.addSql(`create or replace function wf_uuidv7() returns uuid language sql volatile as $$
      select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
               placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
               from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
    $$`);
    this.addSql('alter table webhook_deliveries alter column id set default wf_uuidv7()');
    // The claim: the endpoints with pending attempts (a skip scan over endpoint_id), each one's oldest
    // due attempts; and the attempts leased right now, counted per endpoint (a handful of rows).
    this.addSql(`create index webhook_deliveries_pending_endpoint on webhook_deliveries (endpoint_id, next_attempt_at, id)
      where status = 'pending'`);
    this.addSql(`create index webhook_deliveries_leased on webhook_deliveries (endpoint_id, locked_until)
      where status = 'pending' and locked_until is not null`);
  }
}
