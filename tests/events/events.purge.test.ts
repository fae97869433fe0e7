import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Orm } from '../../db/orm.js';
import { TenantReader } from '../../db/tenantReader.js';
import { EVENT_RETENTION_DAYS, purgeExpiredEvents, recordEvents } from '../../routers/events/events.writes.js';
import { openTestOrm, sql } from '../support/database.js';
import { newTenant } from '../support/tenants.js';

// Retention (decisions §14): events older than 30 days are purged by the worker, in batches, with
// their deliveries (on delete cascade); younger ones stay. Runs on the suite's database, through
// the domain functions: the purge is across tenants, so the test checks only its own rows.

let orm: Orm;
beforeAll(async () => {
  orm = await openTestOrm();
});
afterAll(() => orm.close());

const DAY_MS = 86_400_000;

test('events past the retention go, with their deliveries, batch after batch; younger ones stay', async () => {
  const t = await newTenant(orm);
  const tenantId = t.tenant.id;
  const endpoint = randomUUID();
  await sql(
    orm,
    `insert into webhook_endpoints (id, tenant_id, url, event_types, secret) values (?, ?, 'https://example.com/hook', '{*}', 'whsec_test')`,
    [endpoint, tenantId],
  );
  const reader = new TenantReader(orm.em.fork(), tenantId);
  const ids = await recordEvents(
    reader,
    { requestId: 'purge-test', idempotencyKey: null },
    Array.from({ length: 5 }, (_, i) => ({ type: 'employee.created' as const, object: { id: `e${i}` } })),
  );
  expect(ids).toHaveLength(5);
  const [old1, old2, old3, young, fresh] = ids;
  const age = (id: string, days: number) =>
    sql(orm, 'update events set created_at = ?::timestamptz where id = ?', [
      new Date(Date.now() - days * DAY_MS).toISOString(),
      id,
    ]);
  await age(old1, EVENT_RETENTION_DAYS + 1);
  await age(old2, EVENT_RETENTION_DAYS + 40);
  await age(old3, EVENT_RETENTION_DAYS + 0.01);
  await age(young, EVENT_RETENTION_DAYS - 0.01);
  const deliveries = () =>
    sql<{ event_id: string }>(orm, 'select event_id from webhook_deliveries where tenant_id = ? order by event_id', [
      tenantId,
    ]);
  expect((await deliveries()).length).toBe(5);

  // A batch of one: the purge goes on until a batch comes back short.
  const purged = await purgeExpiredEvents(orm.em.fork(), { batchSize: 1 });
  expect(purged).toBeGreaterThanOrEqual(3);
  const left = await sql<{ id: string }>(orm, 'select id from events where tenant_id = ? order by id', [tenantId]);
  expect(left.map((r) => r.id)).toEqual([young, fresh].sort());
  expect((await deliveries()).map((d) => d.event_id)).toEqual([young, fresh].sort());

  // Nothing more to purge for this tenant.
  await purgeExpiredEvents(orm.em.fork());
  expect((await sql(orm, 'select id from events where tenant_id = ?', [tenantId])).length).toBe(2);
});
