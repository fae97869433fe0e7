/**
 * The account statement of a hire runs its generic plan, planned once per connection: the pool's
 * connections run every named statement's generic plan (`plan_cache_mode` in db/orm.ts). Under the
 * default PostgreSQL plans it anew for at least the first five hires on each connection, and on
 * the benchmark's tenant of 10,000 employees for every hire (its custom plans fold away the branches
 * the parameters switch off and look cheaper): 1.5 ms under the tenant's lock that every concurrent
 * hire of the tenant waits for. Without the setting this test sees five custom plans.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { type Orm, openOrm } from '../../db/orm.js';
import { createEmployeeAccount } from '../../routers/employees/employees.writes.js';
import { sql } from '../support/database.js';
import { newTenant } from '../support/tenants.js';

let orm: Orm;
beforeAll(async () => {
  // One connection, so that every statement of the test is prepared on the session it then reads.
  orm = await openOrm({ DATABASE_URL: inject('databaseUrl'), DATA_DIR: './var' }, undefined, { poolMax: 1 });
});
afterAll(() => orm?.close());

// Through a transaction pooler every statement goes unnamed: there is no plan cache to look at.
test.skipIf(inject('transactionPooling'))(
  'every hire after the first reuses the account statement’s generic plan',
  async () => {
    const { tenant } = await newTenant(orm);
    const hires = 8;
    for (let n = 0; n < hires; n++) {
      await createEmployeeAccount(orm.em.fork(), tenant.id, {
        full_name: `Planned ${n}`,
        email: `planned-${n}@example.com`,
        joining_date: '2026-01-05',
      });
    }
    const [plans] = await sql<{ generic_plans: number; custom_plans: number }>(
      orm,
      `select generic_plans::int, custom_plans::int from pg_prepared_statements
      where statement like '%new_rate_card as%' and statement not like '%pg_prepared_statements%'`,
    );
    // The organisation's first HR admins were made by the same statement, on the same connection.
    expect(plans.custom_plans).toBe(0);
    expect(plans.generic_plans).toBeGreaterThanOrEqual(hires);
  },
);
