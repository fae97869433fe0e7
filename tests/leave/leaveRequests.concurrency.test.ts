// Leave under parallel requests: overlapping filings, the balance never overdrawn, competing
// decisions, filing and deciding at once; the balance always agrees with the requests. One at a
// time, the same rules are leaveRequests.create.test.ts and leaveRequests.decide.test.ts.
import { expect, test } from 'vitest';
import type { LeaveRequestRecord } from '../../routers/leave/leaveRequest.record.js';
import { useTestServer } from '../support/harness.js';
import { codeOf, parallel, statusCounts } from '../support/http.js';
import { day, type Org, setupOrg } from '../support/leave.js';
import { type Decision, daysOf, fileOk, leaveBody, leaveMail, leaveRows, postDecision, postLeave } from './helpers.js';

const h = useTestServer();

test('10 parallel overlapping requests for one employee: exactly one 200, nine 422 overlapping_leave_request', async () => {
  const org = await setupOrg(h);
  // Every range shares 03-10 with every other one; each fits the balance alone.
  const results = await parallel(10, (i) =>
    postLeave(
      h,
      org.write,
      leaveBody(org, {
        start_date: day(`03-${String(1 + i).padStart(2, '0')}`),
        end_date: day('03-10'),
        days_count: 1,
      }),
    ),
  );
  expect(statusCounts(results)).toEqual({ 200: 1, 422: 9 });
  for (const r of results.filter((x) => x.status === 422)) expect(codeOf(r.text)).toBe('overlapping_leave_request');
  const winner = JSON.parse(results.find((r) => r.status === 200)?.text ?? '{}') as { data: LeaveRequestRecord };
  const rows = await leaveRows(h, org.tenantId, org.employee.id);
  expect(rows.map((r) => r.id)).toEqual([winner.data.id]);
  expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 1, available: 19 });
  // One filing, so one notice to each of the two approvers.
  expect(await leaveMail(h, org.tenantId)).toHaveLength(2);
});

test('10 parallel identical requests, and 10 parallel mornings of one date: one each', async () => {
  const org = await setupOrg(h);
  const same = await parallel(10, () => postLeave(h, org.write, leaveBody(org)));
  expect(statusCounts(same)).toEqual({ 200: 1, 422: 9 });
  const half = { start_date: day('05-05'), end_date: day('05-05'), days_count: 0.5 };
  const mornings = await parallel(10, () =>
    postLeave(h, org.write, leaveBody(org, { ...half, leave_duration: 'half_day_morning' })),
  );
  expect(statusCounts(mornings)).toEqual({ 200: 1, 422: 9 });
  // A morning and an afternoon in parallel do not meet: both pass.
  const halves = await parallel(2, (i) =>
    postLeave(
      h,
      org.write,
      leaveBody(org, {
        ...half,
        start_date: day('05-06'),
        end_date: day('05-06'),
        leave_duration: i ? 'half_day_afternoon' : 'half_day_morning',
      }),
    ),
  );
  expect(statusCounts(halves)).toEqual({ 200: 2 });
  expect(await leaveRows(h, org.tenantId, org.employee.id)).toHaveLength(4);
  expect(await daysOf(h, org, org.employee.id)).toMatchObject({ pending: 3.5 });
});

test('8 parallel 3-day requests on distinct dates against 20 days: exactly 6 pass, pending 18, never negative', async () => {
  const org = await setupOrg(h);
  const results = await parallel(8, (i) => {
    const start = 1 + i * 3;
    return postLeave(
      h,
      org.write,
      leaveBody(org, {
        start_date: day(`06-${String(start).padStart(2, '0')}`),
        end_date: day(`06-${String(start + 2).padStart(2, '0')}`),
        days_count: 3,
      }),
    );
  });
  expect(statusCounts(results)).toEqual({ 200: 6, 422: 2 });
  for (const r of results.filter((x) => x.status === 422)) expect(codeOf(r.text)).toBe('insufficient_leave_balance');
  const balance = await daysOf(h, org, org.employee.id);
  expect(balance).toEqual({ allowance: 20, used: 0, pending: 18, available: 2 });
  const rows = await leaveRows(h, org.tenantId, org.employee.id);
  expect(rows).toHaveLength(6);
  expect(rows.reduce((sum, r) => sum + Number(r.days_count), 0)).toBe(18);
  // The stored balance agrees with the stored requests.
  expect(await leaveMail(h, org.tenantId)).toHaveLength(12);
});

test('parallel filings of different employees do not block each other', async () => {
  const org = await setupOrg(h);
  const people = [org.employee, org.colleague, org.manager];
  const results = await parallel(6, (i) =>
    postLeave(
      h,
      org.write,
      leaveBody(org, {
        employee_id: people[i % 3].id,
        start_date: day(`07-${String(1 + Math.floor(i / 3) * 5).padStart(2, '0')}`),
        end_date: day(`07-${String(3 + Math.floor(i / 3) * 5).padStart(2, '0')}`),
        days_count: 3,
      }),
    ),
  );
  expect(statusCounts(results)).toEqual({ 200: 6 });
  for (const person of people) expect(await daysOf(h, org, person.id)).toMatchObject({ pending: 6, available: 14 });
});

/** The employee's ANNUAL balance must equal what the final statuses of `requests` imply. */
async function expectBalanceMatchesStatuses(org: Org, requests: LeaveRequestRecord[]) {
  const rows = await leaveRows(h, org.tenantId, org.employee.id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  let used = 0;
  let pending = 0;
  for (const r of requests) {
    const status = byId.get(r.id)?.status;
    if (status === 'approved') used += r.days_count;
    if (status === 'pending') pending += r.days_count;
  }
  const balance = await daysOf(h, org, org.employee.id);
  expect(balance).toEqual({ allowance: 20, used, pending, available: 20 - used - pending });
}

test('parallel approve and cancel of one pending request: one wins, or cancel follows approve; the balance agrees', async () => {
  const org = await setupOrg(h);
  const requests: LeaveRequestRecord[] = [];
  for (let round = 0; round < 6; round++) {
    const date = day(`08-${String(1 + round * 2).padStart(2, '0')}`);
    const filed = await fileOk(h, org, { start_date: date, end_date: date, days_count: 1 });
    requests.push(filed);
    const [approve, cancel] = await parallel(2, (i) =>
      i === 0
        ? postDecision(h, org.write, filed.id, 'approve', { actor_employee_id: org.manager.id })
        : postDecision(h, org.write, filed.id, 'cancel', { actor_employee_id: org.employee.id }),
    );
    const [row] = (await leaveRows(h, org.tenantId, org.employee.id)).filter((r) => r.id === filed.id);
    const outcome = `${approve.status}/${cancel.status}`;
    if (outcome === '200/409') {
      expect(codeOf(cancel.text)).toBe('invalid_leave_transition');
      expect(row.status).toBe('approved');
    } else if (outcome === '409/200') {
      expect(codeOf(approve.text)).toBe('invalid_leave_transition');
      expect(row.status).toBe('cancelled');
    } else {
      // Both succeeded: only possible when the cancel ran on the approved request.
      expect(outcome).toBe('200/200');
      expect(row.status).toBe('cancelled');
      const approved = JSON.parse(approve.text) as { data: LeaveRequestRecord };
      const cancelled = JSON.parse(cancel.text) as { data: LeaveRequestRecord };
      expect(approved.data.status).toBe('approved');
      expect(cancelled.data.status).toBe('cancelled');
      expect(Date.parse(cancelled.data.decided_at as string)).toBeGreaterThanOrEqual(
        Date.parse(approved.data.decided_at as string),
      );
    }
    await expectBalanceMatchesStatuses(org, requests);
  }
});

test('parallel competing decisions: exactly one 200, the others 409 invalid_leave_transition', async () => {
  const org = await setupOrg(h);
  const requests: LeaveRequestRecord[] = [];
  const contenders: [Decision, string][] = [
    ['approve', org.manager.id],
    ['approve', org.hrAdmin.id],
    ['reject', org.manager.id],
    ['reject', org.hrAdmin.id],
  ];
  for (let round = 0; round < 3; round++) {
    const date = day(`09-${String(1 + round * 2).padStart(2, '0')}`);
    const filed = await fileOk(h, org, { start_date: date, end_date: date, days_count: 1 });
    requests.push(filed);
    const results = await parallel(contenders.length, (i) =>
      postDecision(h, org.write, filed.id, contenders[i][0], { actor_employee_id: contenders[i][1] }),
    );
    expect(statusCounts(results)).toEqual({ 200: 1, 409: contenders.length - 1 });
    for (const r of results.filter((x) => x.status === 409)) expect(codeOf(r.text)).toBe('invalid_leave_transition');
    const winner = JSON.parse(results.find((r) => r.status === 200)?.text ?? '{}') as { data: LeaveRequestRecord };
    const [row] = (await leaveRows(h, org.tenantId, org.employee.id)).filter((r) => r.id === filed.id);
    expect(row.status).toBe(winner.data.status);
    await expectBalanceMatchesStatuses(org, requests);
  }
  // One decision notice per request.
  expect((await leaveMail(h, org.tenantId)).filter((m) => m.kind !== 'leave_filed')).toHaveLength(3);
});

test('filing and deciding in parallel for one employee keep the balance exact', async () => {
  const org = await setupOrg(h);
  // 6 pending 3-day requests hold 18 of 20 days.
  const held: LeaveRequestRecord[] = [];
  for (let i = 0; i < 6; i++) {
    const start = 1 + i * 3;
    held.push(
      await fileOk(h, org, {
        start_date: day(`10-${String(start).padStart(2, '0')}`),
        end_date: day(`10-${String(start + 2).padStart(2, '0')}`),
        days_count: 3,
      }),
    );
  }
  // Reject three of them while six new 3-day requests race for the freed days: 2 + 9 = 11 free,
  // so at most 3 new ones can ever pass, and never more than the balance allows.
  const results = await parallel(9, (i) =>
    i < 3
      ? postDecision(h, org.write, held[i].id, 'reject', { actor_employee_id: org.manager.id })
      : postLeave(
          h,
          org.write,
          leaveBody(org, {
            start_date: day(`11-${String(1 + (i - 3) * 3).padStart(2, '0')}`),
            end_date: day(`11-${String(3 + (i - 3) * 3).padStart(2, '0')}`),
            days_count: 3,
          }),
        ),
  );
  expect(results.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
  const filings = results.slice(3);
  for (const r of filings.filter((x) => x.status !== 200)) {
    expect(r.status).toBe(422);
    expect(codeOf(r.text)).toBe('insufficient_leave_balance');
  }
  const accepted = filings.filter((r) => r.status === 200).length;
  expect(accepted).toBeGreaterThanOrEqual(0);
  expect(accepted).toBeLessThanOrEqual(3);
  const balance = await daysOf(h, org, org.employee.id);
  expect(balance.used).toBe(0);
  expect(balance.pending).toBe(9 + accepted * 3);
  expect(balance.available).toBeGreaterThanOrEqual(0);
  const rows = await leaveRows(h, org.tenantId, org.employee.id);
  const pendingDays = rows.filter((r) => r.status === 'pending').reduce((s, r) => s + Number(r.days_count), 0);
  expect(pendingDays).toBe(balance.pending);
});
