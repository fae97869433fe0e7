// POST /v1/leave-requests/{id}/approve, /reject and /cancel (decisions §8): who may decide, what moves
// on the balance, who is notified, the transitions refused, id and body errors. Filing is
// leaveRequests.create.test.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { LeaveRequestRecord } from '../../routers/leave/leaveRequest.record.js';
import { sql } from '../support/database.js';
import { RFC3339_MS } from '../support/formats.js';
import { expectDocumentedProblem, expectProblem, type TestServer, useTestServer } from '../support/harness.js';
import { day, hirePerson, leaveTypesOf, type Org, setupOrg } from '../support/leave.js';
import { securityCases } from '../support/security.js';
import {
  type Decision,
  daysOf,
  decideOk,
  fileOk,
  leaveMail,
  leaveRows,
  makeHrAdmin,
  postDecision,
  postLeave,
} from './helpers.js';

const h = useTestServer();

const path = (decision: Decision) => ['POST', `/leave-requests/{id}/${decision}`] as const;

/** A decision expected to be refused: the problem, checked against the document. */
async function refused(
  org: Org,
  id: string,
  decision: Decision,
  actorId: string,
  status: number,
  code: string,
  secret = org.write,
) {
  const res = await postDecision(h, secret, id, decision, { actor_employee_id: actorId });
  return expectDocumentedProblem(h, res, status, code, ...path(decision));
}

async function statusOf(id: string): Promise<string> {
  const [row] = await sql<{ status: string }>(h, 'select status from leave_requests where id = ?', [id]);
  return row.status;
}

describe('security', () => {
  // securityCases sends the same path twice in its success case (API key, then access token), and a
  // decision is final. The request is UNPAID (no balance) and the server wrapper below puts it back
  // to pending before every send, so that each credential meets a pending request.
  let actor: string | undefined;
  const body = { toJSON: () => ({ actor_employee_id: actor }) };
  const server = (): TestServer => ({
    ...h,
    fetch: async (url, init) => {
      const id = /^\/v1\/leave-requests\/([0-9a-f-]{36})\/reject$/.exec(url)?.[1];
      if (id) {
        await sql(
          h,
          `update leave_requests set status = 'pending', decided_by = null, decided_at = null, decision_comment = null
            where id = ?`,
          [id],
        );
      }
      return h.fetch(url, init);
    },
  });
  securityCases(server, {
    name: 'POST /v1/leave-requests/{id}/reject',
    scope: 'leave:write',
    method: 'POST',
    body,
    path: async (t) => {
      const employee = await hirePerson(h, t, await h.key(t, ['employees:write']));
      const types = await leaveTypesOf(h, t.tenant.id);
      const res = await postLeave(h, await h.key(t, ['leave:write']), {
        employee_id: employee.id,
        leave_type_id: types.UNPAID,
        start_date: day('03-02'),
        end_date: day('03-02'),
        days_count: 1,
        reason: 'Security case',
      });
      expect(res.status).toBe(200);
      actor = t.hr_admin.id;
      return `/v1/leave-requests/${((await res.json()) as { data: { id: string } }).data.id}/reject`;
    },
  });

  test('leave:read does not imply leave:write on any decision; a wrong scope wins over a bad id and body', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    const readOnly = await h.key(org.t, ['leave:read', 'employees:write', 'employees:read']);
    for (const decision of ['approve', 'reject', 'cancel'] as const) {
      for (const [id, b] of [
        [filed.id, { actor_employee_id: org.hrAdmin.id }],
        ['not-a-uuid', { nonsense: true }],
      ] as const) {
        const res = await postDecision(h, readOnly, id, decision, b);
        const problem = await expectDocumentedProblem(h, res, 403, 'insufficient_scope', ...path(decision));
        expect(problem.detail).toContain('leave:write');
      }
    }
    expect(await statusOf(filed.id)).toBe('pending');
  });
});

describe('approve', () => {
  test("by the employee's manager: 200, decided_by/decided_at/decision_comment set, pending → used, the employee notified", async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org, { days_count: 2 });
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 2, available: 18 });
    const before = Date.now();
    const approved = await decideOk(h, org, filed.id, 'approve', org.manager.id, 'Enjoy');
    expect(approved).toEqual({
      ...filed,
      status: 'approved',
      decided_by: org.manager.id,
      decided_at: expect.stringMatching(RFC3339_MS),
      decision_comment: 'Enjoy',
      updated_at: expect.stringMatching(RFC3339_MS),
      version: 2,
    });
    const decidedAt = Date.parse(approved.decided_at as string);
    expect(decidedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(decidedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(approved.updated_at)).toBeGreaterThan(Date.parse(filed.updated_at));
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 2, pending: 0, available: 18 });

    const read = await h.as(org.read, `/v1/leave-requests/${filed.id}`);
    expect(await read.json()).toEqual({ data: approved });

    const mail = (await leaveMail(h, org.tenantId)).filter((m) => m.kind !== 'leave_filed');
    expect(mail.map((m) => [m.kind, m.recipient])).toEqual([['leave_approved', org.employee.email]]);
    expect(mail[0].body).toContain('Enjoy');
  });

  test('by an HR admin who is not the manager: 200; no comment is null', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    const approved = await decideOk(h, org, filed.id, 'approve', org.hrAdmin.id);
    expect(approved).toMatchObject({ status: 'approved', decided_by: org.hrAdmin.id, decision_comment: null });
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ used: 2, pending: 0 });
  });

  test('a blank comment is no comment: decision_comment null', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    expect((await decideOk(h, org, filed.id, 'reject', org.manager.id, '   ')).decision_comment).toBeNull();
  });

  test('a comment is trimmed; 1000 characters pass, 1001 are 400 invalid_body', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    const tooLong = await postDecision(h, org.write, filed.id, 'approve', {
      actor_employee_id: org.manager.id,
      comment: 'c'.repeat(1001),
    });
    const problem = await expectDocumentedProblem(h, tooLong, 400, 'invalid_body', ...path('approve'));
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(['comment']);
    expect(await statusOf(filed.id)).toBe('pending');
    const ok = await decideOk(h, org, filed.id, 'approve', org.manager.id, `  ${'c'.repeat(1000)}  `);
    expect(ok.decision_comment).toBe('c'.repeat(1000));
  });

  test('never by the employee themself: 403 actor_not_permitted, even for an HR admin filing their own leave', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    for (const decision of ['approve', 'reject'] as const) {
      const problem = await refused(org, filed.id, decision, org.employee.id, 403, 'actor_not_permitted');
      expect(problem.detail).toMatch(/manager or an HR admin/);
    }
    // The tenant's HR admin files and tries to approve their own request.
    const own = await fileOk(h, org, { employee_id: org.hrAdmin.id });
    await refused(org, own.id, 'approve', org.hrAdmin.id, 403, 'actor_not_permitted');
    await refused(org, own.id, 'reject', org.hrAdmin.id, 403, 'actor_not_permitted');
    // A manager who is also an HR admin cannot approve their own request either.
    await makeHrAdmin(h, org.manager.id);
    const managers = await fileOk(h, org, { employee_id: org.manager.id });
    await refused(org, managers.id, 'approve', org.manager.id, 403, 'actor_not_permitted');
    // Another HR admin can.
    await decideOk(h, org, own.id, 'approve', org.manager.id);
    await decideOk(h, org, managers.id, 'approve', org.hrAdmin.id);
    expect(await statusOf(filed.id)).toBe('pending');
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ used: 0, pending: 2 });
    expect((await leaveMail(h, org.tenantId)).filter((m) => m.kind === 'leave_approved')).toHaveLength(2);
  });

  test('not by an unrelated colleague, nor by the manager of someone else: 403 actor_not_permitted', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    // The colleague reports to the same manager but has no say over the employee.
    await refused(org, filed.id, 'approve', org.colleague.id, 403, 'actor_not_permitted');
    await refused(org, filed.id, 'reject', org.colleague.id, 403, 'actor_not_permitted');
    // The employee manages the colleague, not the other way round.
    const hrKey = await h.key(org.t, ['employees:write']);
    const report = await hirePerson(h, org.t, hrKey, org.employee.id);
    await refused(org, filed.id, 'approve', report.id, 403, 'actor_not_permitted');
    const reportsLeave = await fileOk(h, org, { employee_id: report.id });
    await refused(org, reportsLeave.id, 'approve', org.manager.id, 403, 'actor_not_permitted');
    await decideOk(h, org, reportsLeave.id, 'approve', org.employee.id);
    expect(await statusOf(filed.id)).toBe('pending');
    expect((await leaveMail(h, org.tenantId)).filter((m) => m.kind !== 'leave_filed')).toHaveLength(1);
  });

  test('an unknown actor, or one of another tenant, is 404 actor_not_found', async () => {
    const org = await setupOrg(h);
    const other = await h.tenant();
    const filed = await fileOk(h, org);
    for (const decision of ['approve', 'reject', 'cancel'] as const) {
      for (const actor of [randomUUID(), other.hr_admin.id, org.t.sandbox_hr_admin.id]) {
        const problem = await refused(org, filed.id, decision, actor, 404, 'actor_not_found');
        expect(problem.detail).toContain(actor);
      }
    }
    expect(await statusOf(filed.id)).toBe('pending');
  });
});

describe('reject', () => {
  test('by the manager: 200 rejected, pending released, the employee notified (leave_rejected)', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org, { days_count: 2 });
    const rejected = await decideOk(h, org, filed.id, 'reject', org.manager.id, 'Busy week');
    expect(rejected).toMatchObject({
      status: 'rejected',
      decided_by: org.manager.id,
      decided_at: expect.stringMatching(RFC3339_MS),
      decision_comment: 'Busy week',
    });
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 0, available: 20 });
    const mail = (await leaveMail(h, org.tenantId)).filter((m) => m.kind !== 'leave_filed');
    expect(mail.map((m) => [m.kind, m.recipient])).toEqual([['leave_rejected', org.employee.email]]);
  });

  test('by an HR admin too', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    expect(await decideOk(h, org, filed.id, 'reject', org.hrAdmin.id)).toMatchObject({
      status: 'rejected',
      decided_by: org.hrAdmin.id,
    });
  });
});

describe('cancel', () => {
  test('from pending by the employee: 200 cancelled, pending released, the employee notified (leave_cancelled)', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org, { days_count: 2 });
    const cancelled = await decideOk(h, org, filed.id, 'cancel', org.employee.id, 'Plans changed');
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      decided_by: org.employee.id,
      decision_comment: 'Plans changed',
    });
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 0, available: 20 });
    const mail = (await leaveMail(h, org.tenantId)).filter((m) => m.kind !== 'leave_filed');
    expect(mail.map((m) => [m.kind, m.recipient])).toEqual([['leave_cancelled', org.employee.email]]);
  });

  test('from approved by an HR admin: the used days come back', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org, { start_date: day('03-02'), end_date: day('03-06'), days_count: 5 });
    await decideOk(h, org, filed.id, 'approve', org.manager.id);
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 5, pending: 0, available: 15 });
    const cancelled = await decideOk(h, org, filed.id, 'cancel', org.hrAdmin.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', decided_by: org.hrAdmin.id });
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 0, available: 20 });
    const kinds = (await leaveMail(h, org.tenantId)).filter((m) => m.kind !== 'leave_filed');
    expect(kinds.map((m) => [m.kind, m.recipient])).toEqual([
      ['leave_approved', org.employee.email],
      ['leave_cancelled', org.employee.email],
    ]);
  });

  test('from approved by the employee themself, and of half days', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org, {
      start_date: day('03-02'),
      end_date: day('03-02'),
      days_count: 0.5,
      leave_duration: 'half_day_morning',
    });
    await decideOk(h, org, filed.id, 'approve', org.hrAdmin.id);
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0.5, pending: 0, available: 19.5 });
    await decideOk(h, org, filed.id, 'cancel', org.employee.id);
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 0, available: 20 });
  });

  test('not by the manager who is not an HR admin, nor by a colleague: 403 actor_not_permitted', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    for (const actor of [org.manager.id, org.colleague.id]) {
      const problem = await refused(org, filed.id, 'cancel', actor, 403, 'actor_not_permitted');
      expect(problem.detail).toMatch(/employee or an HR admin/);
    }
    await decideOk(h, org, filed.id, 'approve', org.manager.id);
    await refused(org, filed.id, 'cancel', org.manager.id, 403, 'actor_not_permitted');
    expect(await statusOf(filed.id)).toBe('approved');
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ used: 2, pending: 0 });
  });
});

describe('transitions: 409 invalid_leave_transition', () => {
  type Step = [Decision, 'manager' | 'hrAdmin' | 'employee'];
  const cases: { from: string; setup: Step[]; attempt: Step; balance: { used: number; pending: number } }[] = [
    {
      from: 'rejected',
      setup: [['reject', 'manager']],
      attempt: ['approve', 'hrAdmin'],
      balance: { used: 0, pending: 0 },
    },
    {
      from: 'rejected',
      setup: [['reject', 'manager']],
      attempt: ['reject', 'hrAdmin'],
      balance: { used: 0, pending: 0 },
    },
    {
      from: 'rejected',
      setup: [['reject', 'manager']],
      attempt: ['cancel', 'employee'],
      balance: { used: 0, pending: 0 },
    },
    {
      from: 'approved',
      setup: [['approve', 'manager']],
      attempt: ['reject', 'manager'],
      balance: { used: 2, pending: 0 },
    },
    {
      from: 'approved',
      setup: [['approve', 'manager']],
      attempt: ['approve', 'hrAdmin'],
      balance: { used: 2, pending: 0 },
    },
    {
      from: 'cancelled',
      setup: [['cancel', 'employee']],
      attempt: ['cancel', 'hrAdmin'],
      balance: { used: 0, pending: 0 },
    },
    {
      from: 'cancelled',
      setup: [['cancel', 'employee']],
      attempt: ['approve', 'manager'],
      balance: { used: 0, pending: 0 },
    },
    {
      from: 'cancelled after approval',
      setup: [
        ['approve', 'manager'],
        ['cancel', 'hrAdmin'],
      ],
      attempt: ['cancel', 'employee'],
      balance: { used: 0, pending: 0 },
    },
  ];

  test.each(cases)('$attempt.0 a request $from', async ({ setup, attempt, balance }) => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org, { days_count: 2 });
    let last: LeaveRequestRecord = filed;
    for (const [decision, who] of setup) last = await decideOk(h, org, filed.id, decision, org[who].id);
    const mailBefore = (await leaveMail(h, org.tenantId)).length;
    const [decision, who] = attempt;
    const problem = await refused(org, filed.id, decision, org[who].id, 409, 'invalid_leave_transition');
    expect(problem.detail).toContain(last.status);
    // Nothing moved: status, decision fields, balance, outbox.
    const read = await h.as(org.read, `/v1/leave-requests/${filed.id}`);
    expect(await read.json()).toEqual({ data: last });
    expect(await daysOf(h, org, org.employee.id)).toMatchObject(balance);
    expect(await leaveMail(h, org.tenantId)).toHaveLength(mailBefore);
  });
});

describe('ids and bodies', () => {
  test('an unknown request id is 404 not_found, even with an unknown actor', async () => {
    const org = await setupOrg(h);
    for (const decision of ['approve', 'reject', 'cancel'] as const) {
      await refused(org, randomUUID(), decision, org.hrAdmin.id, 404, 'not_found');
      await refused(org, randomUUID(), decision, randomUUID(), 404, 'not_found');
    }
  });

  test("another tenant's request, and a live request seen from the sandbox, are 404 not_found and untouched", async () => {
    const owner = await setupOrg(h);
    const stranger = await setupOrg(h);
    const filed = await fileOk(h, owner);
    const sandbox = await h.key(owner.t, ['leave:write'], 'test');
    for (const decision of ['approve', 'reject', 'cancel'] as const) {
      await refused(stranger, filed.id, decision, stranger.hrAdmin.id, 404, 'not_found');
      await refused(owner, filed.id, decision, owner.t.sandbox_hr_admin.id, 404, 'not_found', sandbox);
    }
    expect(await statusOf(filed.id)).toBe('pending');
    expect(await daysOf(h, owner, owner.employee.id)).toMatchObject({ pending: 2 });
  });

  test('a malformed id is 400 invalid_id, before the body is looked at', async () => {
    const org = await setupOrg(h);
    for (const decision of ['approve', 'reject', 'cancel'] as const) {
      for (const body of [{ actor_employee_id: org.hrAdmin.id }, { actor_employee_id: 'x', extra: 1 }]) {
        const res = await postDecision(h, org.write, 'not-a-uuid', decision, body);
        await expectDocumentedProblem(h, res, 400, 'invalid_id', ...path(decision));
      }
    }
  });

  test('a bad body is 400 invalid_body listing every violation, before existence', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    for (const [body, paths] of [
      [{}, ['actor_employee_id']],
      [{ actor_employee_id: 'abc' }, ['actor_employee_id']],
      // An API key names its actor (decisions §20), reported together with the body's other problems.
      [{ comment: 5, extra: true }, ['actor_employee_id', 'comment', 'extra']],
      [{ actor_employee_id: org.manager.id, comment: 5 }, ['comment']],
      [{ actor_employee_id: org.manager.id, status: 'approved' }, ['status']],
      [{ actor_employee_id: 'abc', comment: 'x'.repeat(1001), extra: true }, ['actor_employee_id', 'comment', 'extra']],
    ] as const) {
      for (const id of [filed.id, randomUUID()]) {
        const res = await postDecision(h, org.write, id, 'approve', body);
        const problem = await expectDocumentedProblem(h, res, 400, 'invalid_body', ...path('approve'));
        const errors = problem.errors as { path: string }[];
        expect([...new Set(errors.map((e) => e.path))].sort()).toEqual([...paths]);
      }
    }
    expect(await statusOf(filed.id)).toBe('pending');
  });

  test('no body at all is 400; a non-JSON content type is 415', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    const empty = await h.as(org.write, `/v1/leave-requests/${filed.id}/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    const problem = await expectDocumentedProblem(h, empty, 400, 'invalid_body', ...path('approve'));
    expect(problem.errors).toEqual([{ path: 'actor_employee_id', message: expect.any(String) }]);
    await expectDocumentedProblem(
      h,
      await h.as(org.write, `/v1/leave-requests/${filed.id}/approve`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ actor_employee_id: org.manager.id }),
      }),
      415,
      'unsupported_media_type',
      ...path('approve'),
    );
    expect(await statusOf(filed.id)).toBe('pending');
  });

  test('GET on a decision path is 405 with Allow: POST', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    const res = await h.as(org.write, `/v1/leave-requests/${filed.id}/approve`);
    await expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });
});

test('each decision notifies only the employee, once', async () => {
  const org = await setupOrg(h);
  const a = await fileOk(h, org, { start_date: day('03-02'), end_date: day('03-02'), days_count: 1 });
  const b = await fileOk(h, org, { start_date: day('03-03'), end_date: day('03-03'), days_count: 1 });
  const c = await fileOk(h, org, { start_date: day('03-04'), end_date: day('03-04'), days_count: 1 });
  await decideOk(h, org, a.id, 'approve', org.manager.id);
  await decideOk(h, org, b.id, 'reject', org.hrAdmin.id);
  await decideOk(h, org, c.id, 'cancel', org.employee.id);
  await decideOk(h, org, a.id, 'cancel', org.hrAdmin.id);
  const decisions = (await leaveMail(h, org.tenantId)).filter((m) => m.kind !== 'leave_filed');
  expect(decisions.map((m) => [m.kind, m.recipient])).toEqual([
    ['leave_approved', org.employee.email],
    ['leave_rejected', org.employee.email],
    ['leave_cancelled', org.employee.email],
    ['leave_cancelled', org.employee.email],
  ]);
  expect((await leaveRows(h, org.tenantId, org.employee.id)).map((r) => r.status)).toEqual([
    'cancelled',
    'rejected',
    'cancelled',
  ]);
  expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 0, available: 20 });
});
