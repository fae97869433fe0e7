/**
 * A fleet of webhook endpoints whose attempts wait in backoff, and a few with attempts due, made in
 * SQL (generate_series) in one transaction: what the bench (bench/webhooks.ts) and the claim's plan
 * test (tests/tooling/plans.deliveries.test.ts) measure the dispatcher's claim against. Written for
 * the schema of migration 20, before the endpoints' queue (migration 21) exists: the caller seeds
 * there and then runs the later migrations, whose backfill fills the queue as an upgrade would.
 */
import type { Orm } from '../db/orm.js';

/** The migration the fleet is seeded on; the ones after it run on the seeded rows. */
export const FLEET_SCHEMA = 'Migration20261127000020FirstPartyApps';

export interface Fleet {
  /** Tenants (each with an organisation of its own) the endpoints are spread over, round-robin. */
  tenants: number;
  /**
   * Endpoints whose one pending attempt, a retry (attempt 2; the failed first one is not seeded: the
   * claim never reads settled attempts), is due in 1 to 600 minutes.
   */
  waiting: number;
  /** Endpoints with `dueAttempts` attempts due now (first attempts, of their tenant's events). */
  due: number;
  dueAttempts: number;
  /** Every endpoint's URL and stored (sealed) secret. */
  url: string;
  secret: string;
}

/** Seeds `fleet` on a database migrated to FLEET_SCHEMA; returns the due endpoints' ids. */
export async function seedFleet(orm: Orm, fleet: Fleet): Promise<string[]> {
  return orm.em.fork().transactional(async (em) => {
    const run = <T = unknown>(text: string, params: unknown[] = []) => em.execute<T[]>(text, params);
    await run(
      `create temp table fleet_tenants on commit drop as
       select k, gen_random_uuid() as id, gen_random_uuid() as organisation_id from generate_series(1, ?::int) k`,
      [fleet.tenants],
    );
    await run(`insert into organisations (id, name) select organisation_id, 'Fleet ' || k from fleet_tenants`);
    await run(`insert into tenants (id, organisation_id, env, name)
               select id, organisation_id, 'live', 'Fleet ' || k from fleet_tenants`);
    // The due endpoints first (k <= due), then the waiting ones, all spread over the tenants.
    await run(
      `create temp table fleet on commit drop as
       select g.k, g.k <= ?::int as due, gen_random_uuid() as id, t.id as tenant_id
         from generate_series(1, ?::int) g(k) join fleet_tenants t on t.k = 1 + (g.k - 1) % ?::int`,
      [fleet.due, fleet.due + fleet.waiting, fleet.tenants],
    );
    await run(
      `insert into webhook_endpoints (id, tenant_id, url, event_types, secret, created_at, updated_at)
       select id, tenant_id, ?, '{*}', ?, now() - interval '1 day', now() - interval '1 day' from fleet`,
      [fleet.url, fleet.secret],
    );
    // A tenant's events go to all its endpoints, as an event fans out: one event a tenant, and
    // `dueAttempts` in a tenant with a due endpoint. A waiting endpoint waits to retry the first; a
    // due one has every event of its tenant due.
    await run(
      `create temp table fleet_events on commit drop as
       select t.id as tenant_id, gen_random_uuid() as id, n
         from fleet_tenants t
         left join (select distinct f.tenant_id from fleet f where f.due) d on d.tenant_id = t.id
        cross join lateral generate_series(1, case when d.tenant_id is null then 1 else ?::int end) n`,
      [fleet.dueAttempts],
    );
    await run('analyze fleet, fleet_events');
    await run(`insert into events (id, tenant_id, type, data, request_id, created_at)
               select id, tenant_id, 'employee.created', '{"object":{"id":"fleet"}}', 'fleet-' || n, now() - interval '1 hour'
                 from fleet_events`);
    await run(`insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, attempt, status,
                                               next_attempt_at, created_at)
               select f.tenant_id, f.id, e.id, 'employee.created', case when f.due then 1 else 2 end, 'pending',
                      case when f.due then now() - e.n * interval '1 ms'
                           else now() + (1 + f.k % 600) * interval '1 minute' end,
                      now() - interval '55 minutes'
                 from fleet f join fleet_events e on e.tenant_id = f.tenant_id and (f.due or e.n = 1)`);
    const due = await run<{ id: string }>('select id from fleet where due order by k');
    return due.map((row) => row.id);
  });
}
