import { beforeAll, expect, test } from 'vitest';
import { compileTenantStatement } from '../../db/tenantReader.js';
import { EVENT_PAGES } from '../../routers/events/events.reads.js';
import { EVENT_TYPES } from '../../routers/events/events.writes.js';
import { sql, useFreshDatabase } from '../support/database.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { explainPrepared, nodeName, planNodes } from '../support/plans.js';

// GET /v1/events pages on the (tenant_id, type, created_at, id) index in either order (decisions
// §15, §19): on a tenant with enough events that PostgreSQL would scan the table if no index
// fitted, analysed, the plan of every page statement, first and later page, planned for its values
// (custom) and for any (generic), reads no table sequentially and walks the index per type (for
// order=desc backwards); the one sort is of the types' few candidates, never the tenant's events.

/** A database of its own: the statistics below are this file's, not shared with the suite's. */
const { url } = useFreshDatabase('wfm_event_plans');
const h = useTestServer({ DATABASE_URL: url });

/** Events per tenant, over 20 days: enough that a walk past other tenants' events would show. */
const EVENTS = 20_000;
/** Tenants holding them, interleaved in time, as the events of a shared database are. */
const SEEDED_TENANTS = 10;
/** As in a database of many small tenants (tests/tooling/plans.filters.test.ts says why it matters). */
const TENANTS = 200;

let t: TestTenant;

beforeAll(async () => {
  const tenants = [];
  for (let i = 0; i < SEEDED_TENANTS; i++) tenants.push(await h.tenant());
  [t] = tenants;
  for (const tenant of tenants) {
    await sql(
      h,
      `insert into events (id, tenant_id, type, data, request_id, created_at)
       select gen_random_uuid(), ?, (array['employee.created', 'employee.updated', 'leave_request.created'])[1 + k % 3],
              '{"object":{}}', 'plan-' || k, now() - interval '20 days' + k * interval '1 minute' + random() * interval '1 minute'
         from generate_series(1, ?::int) k`,
      [tenant.tenant.id, EVENTS],
    );
  }
  await sql(h, `alter table events alter column tenant_id set (n_distinct = ${TENANTS})`);
  await sql(h, 'vacuum (analyze) events');
}, 120_000);

/** A later page's position: an event in the middle of the seeded ones. */
const POSITION = {
  position_created_at: new Date(Date.now() - 10 * 86_400_000).toISOString(),
  position_id: '01a20129-a8bd-7fe6-893d-e14d781596aa',
};

test.each(['asc', 'desc'] as const)(
  'order=%s: each type’s events walked on the index, no table sorted',
  async (order) => {
    const scan = order === 'desc' ? 'Index Scan Backward' : 'Index Scan';
    for (const types of [EVENT_TYPES, ['employee.updated']]) {
      for (const [statement, position] of [
        [EVENT_PAGES[order].first, {}],
        [EVENT_PAGES[order].later, POSITION],
      ] as const) {
        const { text } = compileTenantStatement(statement.sql);
        for (const mode of ['custom', 'generic'] as const) {
          // The types as a PostgreSQL array literal: the statement's parameter is a text[].
          const values = statement.bind({ types: `{${types.join(',')}}` as never, rows: 51, ...position });
          const { plan } = await h.orm.em
            .fork()
            .transactional((em) => explainPrepared(em, text, [t.tenant.id, ...values], mode, false));
          // Its nodes depth first, each named as EXPLAIN's text names it.
          const names = planNodes(plan).map(nodeName);
          const what = `${order} ${types.length} type(s) ${'position_id' in position ? 'later' : 'first'} ${mode}\n${names.join('\n')}`;
          expect(
            names.filter((name) => name.startsWith('Seq Scan on events') || name.includes('Bitmap')),
            what,
          ).toEqual([]);
          expect(names, what).toContain(`${scan} using events_tenant_type_created on events`);
          if (order === 'asc')
            expect(
              names.filter((name) => name.startsWith('Index Scan Backward')),
              what,
            ).toEqual([]);
          // One sort at most: the page's candidates (types × page), above the per-type walks.
          const sort = (name: string) => name.includes('Sort');
          expect(names.filter(sort).length, what).toBeLessThanOrEqual(1);
          expect(names.findIndex(sort), what).toBeLessThan(names.findIndex((name) => name.startsWith('Nested Loop')));
        }
      }
    }
  },
);
