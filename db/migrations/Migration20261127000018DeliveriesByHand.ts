import { Migration } from '@mikro-orm/migrations';

/**
 * Which delivery attempts were asked for by hand (retry, recover) rather than made by the event or
 * the retry schedule: once an attempt of an event to an endpoint succeeds, the attempts the schedule
 * made and that still wait are not sent, while one asked for by hand always is (decisions §18, §19).
 */
export class Migration20261127000018DeliveriesByHand extends Migration {
  override name = 'Migration20261127000018DeliveriesByHand';

  override up(): void {
    this.addSql('alter table webhook_deliveries add column by_hand boolean not null default false');
  }
}
