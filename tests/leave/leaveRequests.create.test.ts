// POST /v1/leave-requests, filing leave (decisions §8): the record, pending days, notices, validation,
// unknown references, the balance and overlap rules. Deciding is leaveRequests.decide.test.ts, parallel filings
// leaveRequests.concurrency.test.ts, the reads leaveRequests.read.test.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import { RFC3339_MS, UUID_V7 } from '../support/formats.js';
import { expectDocumentedProblem, expectProblem, useTestServer } from '../support/harness.js';
import { type Json, jsonInit } from '../support/http.js';
import { day, leaveTypesOf, type Org, setupOrg, YEAR } from '../support/leave.js';
import { securityCases } from '../support/security.js';
import {
  balanceOf,
  daysOf,
  decideOk,
  expectData,
  fileOk,
  leaveBody,
  leaveMail,
  leaveRows,
  makeHrAdmin,
  postLeave,
} from './helpers.js';

const h = useTestServer();

const CREATE = ['POST', '/leave-requests'] as const;

describe('security', () => {
  // The body must name an employee and a leave type of the tenant the case runs in, and each send
  // must file a fresh, non-overlapping request: the path builder remembers the tenant, and the
  // body is serialised per send (toJSON) with the next free date.
  let current: { employee: string; type: string } | undefined;
  let sends = 0;
  const body = {
    toJSON: () => {
      sends++;
      const date = day(`03-${String(sends).padStart(2, '0')}`);
      return {
        employee_id: current?.employee,
        leave_type_id: current?.type,
        start_date: date,
        end_date: date,
        days_count: 1,
        reason: 'Security case',
      };
    },
  };
  securityCases(() => h, {
    name: 'POST /v1/leave-requests',
    scope: 'leave:write',
    method: 'POST',
    body,
    path: async (t) => {
      current = { employee: t.hr_admin.id, type: (await leaveTypesOf(h, t.tenant.id)).ANNUAL };
      return '/v1/leave-requests';
    },
  });

  test('leave:read does not imply leave:write; a wrong scope wins over a bad body and an unknown employee', async () => {
    const org = await setupOrg(h);
    for (const scopes of [['leave:read'], SCOPES.filter((s) => s !== 'leave:write')] as const) {
      const secret = await h.key(org.t, scopes);
      for (const b of [leaveBody(org), { reason: '' }, leaveBody(org, { employee_id: randomUUID() })]) {
        const res = await postLeave(h, secret, b);
        const problem = await expectDocumentedProblem(h, res, 403, 'insufficient_scope', ...CREATE);
        expect(problem.detail).toContain('leave:write');
      }
    }
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toEqual([]);
    // leave:write alone files, but does not read back: the scopes are exact both ways.
    const filed = await fileOk(h, org);
    await expectProblem(await h.as(org.write, `/v1/leave-requests/${filed.id}`), 403, 'insufficient_scope');
  });
});

describe('filing', () => {
  test('200 { data } with a pending record of the right fields and types, readable by id', async () => {
    const org = await setupOrg(h);
    const before = Date.now();
    const res = await postLeave(
      h,
      org.write,
      leaveBody(org, { start_date: day('03-02'), end_date: day('03-04'), days_count: 2.5 }),
    );
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const data = await expectData(h, res, ...CREATE);
    expect(Object.keys(data).sort()).toEqual([
      'created_at',
      'days_count',
      'decided_at',
      'decided_by',
      'decision_comment',
      'employee_id',
      'end_date',
      'id',
      'leave_duration',
      'leave_type_id',
      'reason',
      'start_date',
      'status',
      'updated_at',
      'version',
    ]);
    expect(data).toEqual({
      id: expect.stringMatching(UUID_V7),
      employee_id: org.employee.id,
      leave_type_id: org.types.ANNUAL,
      start_date: day('03-02'),
      end_date: day('03-04'),
      days_count: 2.5,
      status: 'pending',
      reason: 'Family visit',
      leave_duration: 'full_day',
      decided_by: null,
      decided_at: null,
      decision_comment: null,
      created_at: expect.stringMatching(RFC3339_MS),
      updated_at: expect.stringMatching(RFC3339_MS),
      version: 1,
    });
    expect(typeof data.days_count).toBe('number');
    expect(Date.parse(data.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(data.created_at)).toBeLessThanOrEqual(Date.now() + 1000);

    const read = await h.key(org.t, ['leave:read']);
    const one = await h.as(read, `/v1/leave-requests/${data.id}`);
    expect(await one.json()).toEqual({ data });
    const rows = await leaveRows(h, org.tenantId, org.employee.id);
    expect(rows).toEqual([{ id: data.id, status: 'pending', days_count: '2.5', start_date: day('03-02') }]);
  });

  test('the days are reserved as pending on the balance of that type and year', async () => {
    const org = await setupOrg(h);
    expect(await balanceOf(h, org, org.employee.id)).toEqual({
      employee_id: org.employee.id,
      leave_type_id: org.types.ANNUAL,
      year: YEAR,
      allowance: 20,
      used: 0,
      pending: 0,
      available: 20,
    });
    await fileOk(h, org, { days_count: 2 });
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 2, available: 18 });
    await fileOk(h, org, {
      start_date: day('05-04'),
      end_date: day('05-04'),
      days_count: 0.5,
      leave_duration: 'half_day_afternoon',
    });
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 2.5, available: 17.5 });
    // Other types and other people are untouched.
    await fileOk(h, org, {
      leave_type_id: org.types.SICK,
      start_date: day('06-01'),
      end_date: day('06-01'),
      days_count: 1,
    });
    expect(await daysOf(h, org, org.employee.id, org.types.SICK)).toEqual({
      allowance: 10,
      used: 0,
      pending: 1,
      available: 9,
    });
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 2.5, available: 17.5 });
    expect(await daysOf(h, org, org.colleague.id)).toEqual({ allowance: 20, used: 0, pending: 0, available: 20 });
  });

  test('half days: one date and 0.5, either half, returned as filed', async () => {
    const org = await setupOrg(h);
    for (const [leave_duration, date] of [
      ['half_day_morning', day('04-01')],
      ['half_day_afternoon', day('04-02')],
    ]) {
      const data = await fileOk(h, org, { start_date: date, end_date: date, days_count: 0.5, leave_duration });
      expect(data).toMatchObject({ start_date: date, end_date: date, days_count: 0.5, leave_duration });
    }
  });

  test('the manager and the HR admin are notified (leave_filed), never the employee', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    const mail = await leaveMail(h, org.tenantId);
    expect(mail.map((m) => m.kind)).toEqual(['leave_filed', 'leave_filed']);
    expect(mail.map((m) => m.recipient).sort()).toEqual([org.hrAdmin.email, org.manager.email].sort());
    for (const m of mail) {
      expect(m.body).toContain(filed.start_date);
      expect(m.body).toContain('Family visit');
      expect(m.subject.length).toBeGreaterThan(0);
    }
  });

  test('every HR admin is notified once, a manager who is also an HR admin once, the filer never', async () => {
    const org = await setupOrg(h);
    await makeHrAdmin(h, org.manager.id);
    await makeHrAdmin(h, org.colleague.id);
    await fileOk(h, org);
    let recipients = (await leaveMail(h, org.tenantId)).map((m) => m.recipient);
    expect(recipients.sort()).toEqual([org.hrAdmin.email, org.manager.email, org.colleague.email].sort());

    // An HR admin filing their own leave: the other HR admins, not the filer.
    const mine = await fileOk(h, org, { employee_id: org.colleague.id });
    expect(mine.status).toBe('pending');
    recipients = (await leaveMail(h, org.tenantId)).slice(3).map((m) => m.recipient);
    expect(recipients.sort()).toEqual([org.hrAdmin.email, org.manager.email].sort());
  });

  test('the sandbox files in the sandbox: its own employees, balances and notifications', async () => {
    const org = await setupOrg(h);
    const sandboxWrite = await h.key(org.t, ['leave:write'], 'test');
    const sandboxTypes = await leaveTypesOf(h, org.t.sandbox.id);
    // A live employee is unknown to the sandbox.
    await expectDocumentedProblem(
      h,
      await postLeave(h, sandboxWrite, leaveBody(org, { leave_type_id: sandboxTypes.ANNUAL })),
      404,
      'employee_not_found',
      ...CREATE,
    );
    const res = await postLeave(
      h,
      sandboxWrite,
      leaveBody(org, { employee_id: org.t.sandbox_hr_admin.id, leave_type_id: sandboxTypes.ANNUAL }),
    );
    const data = await expectData(h, res, ...CREATE);
    expect(data.employee_id).toBe(org.t.sandbox_hr_admin.id);
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toEqual([]);
  });
});

describe('validation: 400 invalid_body listing every violation', () => {
  interface Case {
    name: string;
    body: (org: Org) => unknown;
    paths: string[];
  }
  const over = (fields: Json) => (org: Org) => leaveBody(org, fields);
  const cases: Case[] = [
    { name: 'end before start', body: over({ start_date: day('03-05'), end_date: day('03-04') }), paths: ['end_date'] },
    {
      name: 'two calendar years',
      body: over({ start_date: day('12-31'), end_date: `${YEAR + 1}-01-01`, days_count: 2 }),
      paths: ['end_date'],
    },
    { name: 'days_count 0', body: over({ days_count: 0 }), paths: ['days_count'] },
    { name: 'days_count negative', body: over({ days_count: -1 }), paths: ['days_count'] },
    { name: 'days_count 1.25', body: over({ days_count: 1.25 }), paths: ['days_count'] },
    { name: 'days_count over the calendar days', body: over({ days_count: 2.5 }), paths: ['days_count'] },
    { name: 'days_count null', body: over({ days_count: null }), paths: ['days_count'] },
    {
      name: 'half day over two dates',
      body: over({ leave_duration: 'half_day_morning', days_count: 0.5 }),
      paths: ['end_date'],
    },
    {
      name: 'half day counting 1',
      body: over({ leave_duration: 'half_day_afternoon', end_date: day('03-02'), days_count: 1 }),
      paths: ['days_count'],
    },
    { name: 'unknown leave_duration', body: over({ leave_duration: 'evening' }), paths: ['leave_duration'] },
    { name: 'empty reason', body: over({ reason: '' }), paths: ['reason'] },
    { name: 'blank reason', body: over({ reason: '   ' }), paths: ['reason'] },
    { name: '1001-character reason', body: over({ reason: 'x'.repeat(1001) }), paths: ['reason'] },
    { name: 'an unknown field', body: over({ approver: 'me' }), paths: ['approver'] },
    {
      name: '30 February',
      body: over({ start_date: `${YEAR}-02-30`, end_date: `${YEAR}-03-02` }),
      paths: ['start_date'],
    },
    { name: 'month 13', body: over({ end_date: `${YEAR}-13-01` }), paths: ['end_date'] },
    // Not a real date: only that field is reported, no comparison with the other date.
    { name: 'start in month 13', body: over({ start_date: `${YEAR}-13-01` }), paths: ['start_date'] },
    {
      name: 'a half day on 31 April counting 1',
      body: over({
        start_date: `${YEAR}-04-31`,
        end_date: `${YEAR}-04-31`,
        leave_duration: 'half_day_morning',
        days_count: 1,
      }),
      paths: ['days_count', 'end_date', 'start_date'],
    },
    { name: 'a date with a time', body: over({ end_date: `${day('03-03')}T00:00:00Z` }), paths: ['end_date'] },
    {
      name: 'malformed UUIDs',
      body: over({ employee_id: 'abc', leave_type_id: '123e4567-e89b-12d3-a456' }),
      paths: ['employee_id', 'leave_type_id'],
    },
    {
      name: 'an empty object',
      body: () => ({}),
      paths: ['days_count', 'employee_id', 'end_date', 'leave_type_id', 'reason', 'start_date'],
    },
    {
      name: 'many at once',
      body: over({
        employee_id: 'nope',
        start_date: day('03-05'),
        end_date: day('03-04'),
        days_count: 0,
        reason: '',
        extra: true,
      }),
      paths: ['days_count', 'employee_id', 'end_date', 'extra', 'reason'],
    },
  ];

  test.each(cases)('$name', async ({ body, paths }) => {
    const org = await setupOrg(h);
    const res = await postLeave(h, org.write, body(org));
    const problem = await expectDocumentedProblem(h, res, 400, 'invalid_body', ...CREATE);
    const errors = problem.errors as { path: string; message: string }[];
    expect(Array.isArray(errors), JSON.stringify(problem)).toBe(true);
    expect([...new Set(errors.map((e) => e.path))].sort()).toEqual(paths);
    for (const e of errors) expect(typeof e.message === 'string' && e.message.length > 0).toBe(true);
    // Nothing was filed, nothing reserved, nobody notified.
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toEqual([]);
    expect((await daysOf(h, org, org.employee.id)).pending).toBe(0);
    expect(await leaveMail(h, org.tenantId)).toEqual([]);
  });

  // trpc-to-openapi's adapter switches on coercion for every number of an input object, bodies
  // included: without a guard "2" and true would pass as 2 and 1, over /v1 and then /trpc too.
  test('days_count must be a JSON number: "2" and true are 400 invalid_body', async () => {
    const org = await setupOrg(h);
    for (const days_count of ['2', true]) {
      const res = await postLeave(h, org.write, leaveBody(org, { days_count }));
      const problem = await expectProblem(res, 400, 'invalid_body');
      expect(problem.errors).toEqual([{ path: 'days_count', message: expect.any(String) }]);
    }
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toEqual([]);
  });

  test('an unknown field is named and called unknown', async () => {
    const org = await setupOrg(h);
    const problem = await expectProblem(
      await postLeave(h, org.write, leaveBody(org, { approver: 'x' })),
      400,
      'invalid_body',
    );
    expect(problem.errors).toEqual([{ path: 'approver', message: 'Unknown field' }]);
  });

  test('the limits themselves pass: 1000 characters of reason, days_count equal to the calendar days, 31 Dec', async () => {
    const org = await setupOrg(h);
    const long = await fileOk(h, org, { reason: 'y'.repeat(1000) });
    expect(long.reason).toHaveLength(1000);
    await fileOk(h, org, { start_date: day('12-29'), end_date: day('12-31'), days_count: 3 });
  });

  test('a body problem wins over an unknown employee (400 before 404)', async () => {
    const org = await setupOrg(h);
    const res = await postLeave(h, org.write, leaveBody(org, { employee_id: randomUUID(), reason: '' }));
    await expectDocumentedProblem(h, res, 400, 'invalid_body', ...CREATE);
  });

  test('not JSON is 400 invalid_json; another content type is 415', async () => {
    const org = await setupOrg(h);
    await expectDocumentedProblem(h, await postLeave(h, org.write, '{"employee_id":'), 400, 'invalid_json', ...CREATE);
    const res = await h.as(org.write, '/v1/leave-requests', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(leaveBody(org)),
    });
    await expectDocumentedProblem(h, res, 415, 'unsupported_media_type', ...CREATE);
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toEqual([]);
  });
});

describe('referenced records: 404', () => {
  test('employee_not_found for an unknown id and for another tenant’s employee', async () => {
    const org = await setupOrg(h);
    const other = await h.tenant();
    for (const employee_id of [randomUUID(), other.hr_admin.id, org.t.sandbox_hr_admin.id]) {
      const res = await postLeave(h, org.write, leaveBody(org, { employee_id }));
      const problem = await expectDocumentedProblem(h, res, 404, 'employee_not_found', ...CREATE);
      expect(problem.detail).toContain(employee_id);
    }
    expect(await leaveMail(h, org.tenantId)).toEqual([]);
  });

  test('leave_type_not_found for an unknown id and for another tenant’s type', async () => {
    const org = await setupOrg(h);
    const other = await h.tenant();
    const otherTypes = await leaveTypesOf(h, other.tenant.id);
    for (const leave_type_id of [randomUUID(), otherTypes.ANNUAL, otherTypes.UNPAID]) {
      const res = await postLeave(h, org.write, leaveBody(org, { leave_type_id }));
      await expectDocumentedProblem(h, res, 404, 'leave_type_not_found', ...CREATE);
    }
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toEqual([]);
    expect((await daysOf(h, org, org.employee.id)).pending).toBe(0);
  });
});

describe('balance: 422 insufficient_leave_balance', () => {
  const range = (from: string, to: string, days: number) => ({
    start_date: day(from),
    end_date: day(to),
    days_count: days,
  });

  test('ANNUAL has 20: 15, then 6 is refused, 5 fits exactly, then even half a day is refused', async () => {
    const org = await setupOrg(h);
    await fileOk(h, org, range('03-02', '03-20', 15));
    const refused = await postLeave(h, org.write, leaveBody(org, range('04-01', '04-06', 6)));
    const problem = await expectDocumentedProblem(h, refused, 422, 'insufficient_leave_balance', ...CREATE);
    expect(problem.detail).toContain('5');
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 15, available: 5 });
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toHaveLength(1);

    await fileOk(h, org, range('04-01', '04-05', 5));
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 20, available: 0 });
    const half = await postLeave(
      h,
      org.write,
      leaveBody(org, { ...range('05-01', '05-01', 0.5), leave_duration: 'half_day_morning' }),
    );
    await expectDocumentedProblem(h, half, 422, 'insufficient_leave_balance', ...CREATE);
    // Only the two accepted filings notified anyone.
    expect(await leaveMail(h, org.tenantId)).toHaveLength(4);
  });

  test('approved days count against the balance too; rejected ones give it back', async () => {
    const org = await setupOrg(h);
    const first = await fileOk(h, org, range('03-02', '03-20', 15));
    await decideOk(h, org, first.id, 'approve', org.manager.id);
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 15, pending: 0, available: 5 });
    await expectDocumentedProblem(
      h,
      await postLeave(h, org.write, leaveBody(org, range('04-01', '04-06', 6))),
      422,
      'insufficient_leave_balance',
      ...CREATE,
    );
    const second = await fileOk(h, org, range('04-01', '04-05', 5));
    await decideOk(h, org, second.id, 'reject', org.manager.id);
    await fileOk(h, org, range('05-04', '05-08', 5));
  });

  test('each type has its own allowance: SICK (10) refuses 11 while ANNUAL would cover it', async () => {
    const org = await setupOrg(h);
    await expectDocumentedProblem(
      h,
      await postLeave(h, org.write, leaveBody(org, { leave_type_id: org.types.SICK, ...range('03-02', '03-12', 11) })),
      422,
      'insufficient_leave_balance',
      ...CREATE,
    );
    await fileOk(h, org, { leave_type_id: org.types.SICK, ...range('03-02', '03-11', 10) });
    await fileOk(h, org, range('04-01', '04-11', 11));
  });

  test('each year has its own balance: next year starts at the full allowance', async () => {
    const org = await setupOrg(h);
    await fileOk(h, org, range('03-02', '03-20', 15));
    const next = {
      start_date: `${YEAR + 1}-03-01`,
      end_date: `${YEAR + 1}-03-31`,
      days_count: 20,
    };
    await fileOk(h, org, next);
    expect(await balanceOf(h, org, org.employee.id, org.types.ANNUAL, YEAR + 1)).toMatchObject({
      year: YEAR + 1,
      allowance: 20,
      pending: 20,
      available: 0,
    });
    expect(await daysOf(h, org, org.employee.id)).toEqual({ allowance: 20, used: 0, pending: 15, available: 5 });
  });

  test('UNPAID has no allowance: never refused for balance, and no balance row moves', async () => {
    const org = await setupOrg(h);
    const before = await daysOf(h, org, org.employee.id);
    for (const [from, to] of [
      ['01-01', '04-10'],
      ['05-01', '08-08'],
      ['09-01', '12-09'],
    ]) {
      const data = await fileOk(h, org, { leave_type_id: org.types.UNPAID, ...range(from, to, 100) });
      expect(data.days_count).toBe(100);
    }
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toHaveLength(3);
    expect(await daysOf(h, org, org.employee.id)).toEqual(before);
    const balances = (await (
      await h.as(org.read, `/v1/leave-balances?employee_id=${org.employee.id}&year=${YEAR}`)
    ).json()) as { data: { leave_type_id: string }[] };
    expect(balances.data.map((b) => b.leave_type_id).sort()).toEqual([org.types.ANNUAL, org.types.SICK].sort());
  });
});

describe('overlap: 422 overlapping_leave_request', () => {
  const span = (from: string, to: string, extra: Json = {}) => {
    const days = (Date.parse(day(to)) - Date.parse(day(from))) / 86_400_000 + 1;
    return { start_date: day(from), end_date: day(to), days_count: days, ...extra };
  };
  const expectOverlap = async (org: Org, fields: Json, blocker?: string) => {
    const res = await postLeave(h, org.write, leaveBody(org, fields));
    const problem = await expectDocumentedProblem(h, res, 422, 'overlapping_leave_request', ...CREATE);
    if (blocker) expect(problem.detail).toContain(blocker);
  };

  test('with a pending request: any shared date, of any type, refuses; adjacent dates and other people pass', async () => {
    const org = await setupOrg(h);
    const blocker = await fileOk(h, org, span('03-10', '03-12'));
    for (const fields of [
      span('03-10', '03-12'),
      span('03-08', '03-10'),
      span('03-12', '03-14'),
      span('03-11', '03-11'),
      span('03-01', '03-31'),
      { leave_type_id: org.types.UNPAID, ...span('03-12', '03-12') },
      span('03-11', '03-11', { leave_duration: 'half_day_morning', days_count: 0.5 }),
    ]) {
      await expectOverlap(org, fields, blocker.id);
    }
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ pending: 3 });
    await fileOk(h, org, span('03-09', '03-09'));
    await fileOk(h, org, span('03-13', '03-13'));
    await fileOk(h, org, { employee_id: org.colleague.id, ...span('03-10', '03-12') });
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toHaveLength(3);
  });

  test('with an approved request too', async () => {
    const org = await setupOrg(h);
    const blocker = await fileOk(h, org, span('03-10', '03-12'));
    await decideOk(h, org, blocker.id, 'approve', org.hrAdmin.id);
    await expectOverlap(org, span('03-12', '03-16'), blocker.id);
  });

  test('no overlap once the other is rejected, or cancelled (from pending or from approved)', async () => {
    const org = await setupOrg(h);
    const rejected = await fileOk(h, org, span('03-10', '03-12'));
    await decideOk(h, org, rejected.id, 'reject', org.manager.id);
    const again = await fileOk(h, org, span('03-10', '03-12'));
    await decideOk(h, org, again.id, 'cancel', org.employee.id);
    const third = await fileOk(h, org, span('03-10', '03-12'));
    await decideOk(h, org, third.id, 'approve', org.manager.id);
    await expectOverlap(org, span('03-10', '03-10'), third.id);
    await decideOk(h, org, third.id, 'cancel', org.hrAdmin.id);
    await fileOk(h, org, span('03-10', '03-12'));
    const statuses = (await leaveRows(h, org.tenantId, org.employee.id)).map((r) => r.status);
    expect(statuses).toEqual(['rejected', 'cancelled', 'cancelled', 'pending']);
  });

  test('half days: a morning and an afternoon of one date both pass; a second morning, or a full day, overlaps', async () => {
    const org = await setupOrg(h);
    const half = (date: string, leave_duration: string) => span(date, date, { leave_duration, days_count: 0.5 });
    const morning = await fileOk(h, org, half('04-01', 'half_day_morning'));
    const afternoon = await fileOk(h, org, half('04-01', 'half_day_afternoon'));
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ pending: 1 });
    await expectOverlap(org, half('04-01', 'half_day_morning'), morning.id);
    await expectOverlap(org, half('04-01', 'half_day_afternoon'), afternoon.id);
    await expectOverlap(org, span('04-01', '04-01'));
    await expectOverlap(org, span('03-31', '04-02'));

    // A full day first: either half of it overlaps.
    await fileOk(h, org, span('04-08', '04-08'));
    await expectOverlap(org, half('04-08', 'half_day_morning'));
    await expectOverlap(org, half('04-08', 'half_day_afternoon'));
    // A half day inside a longer full-day range overlaps.
    await fileOk(h, org, span('04-13', '04-15'));
    await expectOverlap(org, half('04-14', 'half_day_afternoon'));
    // Halves of different dates do not meet.
    await fileOk(h, org, half('04-02', 'half_day_morning'));
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ pending: 5.5 });
  });
});

test('a refused filing notifies no one and leaves no row', async () => {
  const org = await setupOrg(h);
  await fileOk(h, org, { days_count: 2 });
  const res = await h.as(org.write, '/v1/leave-requests', jsonInit('POST', leaveBody(org)));
  await expectProblem(res, 422, 'overlapping_leave_request');
  expect(await leaveRows(h, org.tenantId, org.employee.id)).toHaveLength(1);
  expect(await leaveMail(h, org.tenantId)).toHaveLength(2);
});
