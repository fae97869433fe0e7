// The workplace tables' own constraints, by inserts straight into the database (decisions §9): enums,
// cross-field rules, uniqueness and references to employees, each refusal with an accepted twin.
// Not the API: that is workplace.read.test.ts.
import { beforeAll, expect, test } from 'vitest';
import { type TestTenant, useTestServer } from '../support/harness.js';

const h = useTestServer();
let t: TestTenant;
beforeAll(async () => {
  t = await h.tenant();
});

/** Runs `sql` in its own transaction (so deferred foreign keys are checked) and reports whether it stuck. */
async function accepted(sql: string, params: unknown[]): Promise<boolean> {
  try {
    await h.orm.em.fork().transactional((tx) => tx.execute(sql, params));
    return true;
  } catch {
    return false;
  }
}

const id = () => crypto.randomUUID();
const asset = 'insert into assets (id, tenant_id, asset_tag, name, category, status, assigned_to)';
const opening = 'insert into job_openings (id, tenant_id, title, status, posted_at, openings, employment_type)';
const ticket =
  'insert into helpdesk_tickets (id, tenant_id, subject, description, category, priority, status, raised_by, assigned_to)';
const survey = 'insert into surveys (id, tenant_id, title, status, starts_on, ends_on, question_count)';
const holiday = 'insert into holidays (id, tenant_id, name, date)';

test('the database keeps enums, cross-field rules, uniqueness and references to employees', async () => {
  const tn = t.tenant.id;
  const admin = t.hr_admin.id;
  const stranger = id();
  // [why, statement, parameters, accepted?]; each refusal has an accepted twin, so a typo cannot pass as a refusal.
  const cases: [string, string, unknown[], boolean][] = [
    ['asset ok', `${asset} values (?, ?, 'T-1', 'x', 'x', 'assigned', ?)`, [id(), tn, admin], true],
    ['asset status', `${asset} values (?, ?, 'T-2', 'x', 'x', 'lost', null)`, [id(), tn], false],
    ['assigned without holder', `${asset} values (?, ?, 'T-3', 'x', 'x', 'assigned', null)`, [id(), tn], false],
    ['holder but available', `${asset} values (?, ?, 'T-4', 'x', 'x', 'available', ?)`, [id(), tn, admin], false],
    ['holder unknown', `${asset} values (?, ?, 'T-5', 'x', 'x', 'assigned', ?)`, [id(), tn, stranger], false],
    ['tag taken', `${asset} values (?, ?, 'T-1', 'x', 'x', 'available', null)`, [id(), tn], false],
    ['opening ok', `${opening} values (?, ?, 'x', 'open', now(), 2, 'intern')`, [id(), tn], true],
    ['draft ok', `${opening} values (?, ?, 'x', 'draft', null, 1, 'full_time')`, [id(), tn], true],
    ['opening status', `${opening} values (?, ?, 'x', 'paused', now(), 1, 'full_time')`, [id(), tn], false],
    ['opening type', `${opening} values (?, ?, 'x', 'open', now(), 1, 'gig')`, [id(), tn], false],
    ['posted draft', `${opening} values (?, ?, 'x', 'draft', now(), 1, 'full_time')`, [id(), tn], false],
    ['unposted open', `${opening} values (?, ?, 'x', 'open', null, 1, 'full_time')`, [id(), tn], false],
    ['no openings', `${opening} values (?, ?, 'x', 'open', now(), 0, 'full_time')`, [id(), tn], false],
    ['ticket ok', `${ticket} values (?, ?, 's', 'd', 'c', 'high', 'open', ?, ?)`, [id(), tn, admin, admin], true],
    ['priority', `${ticket} values (?, ?, 's', 'd', 'c', 'critical', 'open', ?, null)`, [id(), tn, admin], false],
    ['ticket status', `${ticket} values (?, ?, 's', 'd', 'c', 'low', 'reopened', ?, null)`, [id(), tn, admin], false],
    ['raiser unknown', `${ticket} values (?, ?, 's', 'd', 'c', 'low', 'open', ?, null)`, [id(), tn, stranger], false],
    [
      'assignee unknown',
      `${ticket} values (?, ?, 's', 'd', 'c', 'low', 'open', ?, ?)`,
      [id(), tn, admin, stranger],
      false,
    ],
    ['survey ok', `${survey} values (?, ?, 'x', 'active', '2026-05-01', '2026-05-01', 3)`, [id(), tn], true],
    ['survey status', `${survey} values (?, ?, 'x', 'archived', null, null, 0)`, [id(), tn], false],
    ['ends before start', `${survey} values (?, ?, 'x', 'active', '2026-05-02', '2026-05-01', 3)`, [id(), tn], false],
    ['negative questions', `${survey} values (?, ?, 'x', 'draft', null, null, -1)`, [id(), tn], false],
    ['holiday ok', `${holiday} values (?, ?, 'Founders Day', '2026-03-14')`, [id(), tn], true],
    ['holiday twice', `${holiday} values (?, ?, 'Founders Day', '2026-03-14')`, [id(), tn], false],
    ['not a date', `${holiday} values (?, ?, 'Leap', '2026-02-30')`, [id(), tn], false],
  ];
  const outcomes: Record<string, boolean> = {};
  for (const [why, sql, params] of cases) outcomes[why] = await accepted(sql, params);
  expect(outcomes).toEqual(Object.fromEntries(cases.map(([why, , , ok]) => [why, ok])));
});
