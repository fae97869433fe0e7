// POST /v1/employees, the hire (decisions §7): what it writes, validation, actor and manager,
// duplicates and codes, seats, the order of checks, the sandbox. Parallel hires are
// employees.concurrency.test.ts, Idempotency-Key tests/http/idempotency.employees.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import {
  codesOf,
  countEmployees,
  hire,
  hireBody,
  journeyRows,
  postEmployee,
  uniqueEmail,
} from '../support/employees.js';
import { RFC3339_MS, UUID_V7 } from '../support/formats.js';
import { expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import { type Json, jsonInit } from '../support/http.js';
import { YEAR } from '../support/leave.js';
import { creds, tokenJson } from '../support/oauth.js';
import { securityCases } from '../support/security.js';

const h = useTestServer();

const NOBODY = '01a20129-a8bd-7fe6-893d-e14d781596aa';
const WRITE = ['employees:write'] as const;
const READ_WRITE = ['employees:read', 'employees:write'] as const;

describe('security', () => {
  // securityCases sends a fixed body; its getters make it valid in the tenant the case created.
  let current: TestTenant | undefined;
  const body = {
    get actor_employee_id() {
      return current?.hr_admin.id ?? NOBODY;
    },
    get email() {
      return uniqueEmail('security');
    },
    full_name: 'Security Case',
    joining_date: '2026-01-05',
  };
  securityCases(() => h, {
    name: 'POST /v1/employees',
    scope: 'employees:write',
    method: 'POST',
    body,
    path: (t) => {
      current = t;
      return '/v1/employees';
    },
  });

  test('employees:read does not imply employees:write', async () => {
    const t = await h.tenant();
    const reader = await h.key(t, ['employees:read']);
    const res = await postEmployee(h, reader, hireBody(t));
    await expectProblem(res, 403, 'insufficient_scope');
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer realm="workforce", error="insufficient_scope", scope="employees:write"',
    );
    expect(await countEmployees(h, t.tenant.id)).toBe(1);
  });
});

describe('the hiring journey', () => {
  test('200 { data: employee } with the next code, the e-mail lower-cased, readable by GET', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, READ_WRITE);
    const email = uniqueEmail('Grace.Hopper').replace('grace', 'GRACE').replace('example.com', 'Example.COM');
    const res = await postEmployee(h, secret, {
      actor_employee_id: t.hr_admin.id,
      email,
      full_name: '  Grace Hopper  ',
      joining_date: '2026-03-02',
      department: 'Engineering',
      designation: 'Rear Admiral',
      phone: '+44 (20) 7946-0958',
      employment_type: 'contractor',
      engagement_end_date: '2026-12-31',
      pay_model: 'hourly',
      rate: 42.5,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const { data } = (await res.json()) as { data: Json };
    expect(data).toEqual({
      id: expect.stringMatching(UUID_V7),
      employee_id: 'EMP-0002',
      profile_id: expect.stringMatching(UUID_V7),
      manager_id: null,
      full_name: 'Grace Hopper',
      email: email.toLowerCase(),
      department: 'Engineering',
      designation: 'Rear Admiral',
      phone: '+44 (20) 7946-0958',
      employment_type: 'contractor',
      joining_date: '2026-03-02',
      engagement_end_date: '2026-12-31',
      vendor_name: null,
      is_hr_admin: false,
      created_at: expect.stringMatching(RFC3339_MS),
      updated_at: expect.stringMatching(RFC3339_MS),
      version: 1,
    });
    // Pay data never appears in the read record.
    expect(Object.keys(data)).not.toContain('rate');
    const read = await h.as(secret, `/v1/employees/${data.id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ data });
    const list = (await (await h.as(secret, '/v1/employees')).json()) as { data: Json[] };
    expect(list.data.map((e) => e.employee_id)).toEqual(['EMP-0001', 'EMP-0002']);
  });

  test('the whole journey is in the database: login account, balances, rate card, invite in the outbox', async () => {
    const t = await h.tenant({ name: `Journey ${Date.now()}` });
    const secret = await h.key(t, WRITE);
    const email = uniqueEmail('journey');
    const data = await hire(h, secret, t, {
      email,
      full_name: 'Jo Urney',
      employment_type: 'freelancer',
      pay_model: 'per_engagement',
      rate: 1250.75,
    });
    const [employee] = await sql(h, 'select * from employees where id = ?', [data.id]);
    expect(employee).toMatchObject({
      tenant_id: t.tenant.id,
      employee_id: 'EMP-0002',
      email,
      is_hr_admin: false,
      employment_type: 'freelancer',
    });
    const profiles = await sql(h, 'select * from profiles where id = ?', [data.profile_id]);
    expect(profiles).toEqual([expect.objectContaining({ tenant_id: t.tenant.id, email, status: 'invited' })]);
    const balances = await sql<{ code: string; year: number; allowance: string; used: string; pending: string }>(
      h,
      `select lt.code, b.year, b.allowance::text, b.used::text, b.pending::text
         from leave_balances b join leave_types lt on lt.id = b.leave_type_id
        where b.tenant_id = ? and b.employee_id = ? order by lt.code`,
      [t.tenant.id, data.id],
    );
    // Every leave type with an allowance (ANNUAL 20, SICK 10); UNPAID has none.
    expect(balances.map((b) => [b.code, b.year, Number(b.allowance), Number(b.used), Number(b.pending)])).toEqual([
      ['ANNUAL', YEAR, 20, 0, 0],
      ['SICK', YEAR, 10, 0, 0],
    ]);
    const cards = await sql<{ tenant_id: string; pay_model: string; rate: string }>(
      h,
      'select tenant_id, pay_model, rate::text from rate_cards where employee_id = ?',
      [data.id],
    );
    expect(cards).toEqual([{ tenant_id: t.tenant.id, pay_model: 'per_engagement', rate: '1250.75' }]);
    const outbox = await sql<Json>(
      h,
      'select tenant_id, kind, recipient, subject, body, state, attempts from outbox_messages where recipient = ?',
      [email],
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      tenant_id: t.tenant.id,
      kind: 'employee_invite',
      recipient: email,
      state: 'pending',
      attempts: 0,
    });
    expect(outbox[0].subject).toContain(t.tenant.name);
    expect(outbox[0].body).toContain('EMP-0002');
    expect(outbox[0].body).toContain('Jo Urney');
  });

  test('no rate card without pay data; default employment_type is full_time; vendor_worker keeps vendor_name', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, WRITE);
    const plain = await hire(h, secret, t);
    expect(plain).toMatchObject({ employment_type: 'full_time', vendor_name: null, engagement_end_date: null });
    const vendor = await hire(h, secret, t, {
      employment_type: 'vendor_worker',
      vendor_name: '  Acme Staffing ',
      pay_model: 'monthly_fee',
      rate: 3000,
    });
    expect(vendor).toMatchObject({ employment_type: 'vendor_worker', vendor_name: 'Acme Staffing' });
    const cards = await sql<{ employee_id: string }>(h, 'select employee_id from rate_cards where tenant_id = ?', [
      t.tenant.id,
    ]);
    expect(cards.map((c) => c.employee_id)).toEqual([vendor.id]);
  });

  test('Content-Type application/json with a charset is accepted', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, WRITE);
    const res = await h.as(secret, '/v1/employees', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(hireBody(t)),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});

describe('validation: 400 invalid_body lists every violation', () => {
  let t: TestTenant;
  let secret: string;
  beforeAll(async () => {
    t = await h.tenant();
    secret = await h.key(t, WRITE);
  });

  async function violations(body: unknown): Promise<{ path: string; message: string }[]> {
    const res = await postEmployee(h, secret, body);
    const problem = await expectProblem(res, 400, 'invalid_body');
    const errors = problem.errors as { path: string; message: string }[];
    expect(Array.isArray(errors)).toBe(true);
    for (const e of errors) {
      expect(typeof e.path).toBe('string');
      expect(typeof e.message).toBe('string');
      expect(e.message.length).toBeGreaterThan(0);
    }
    return errors;
  }

  const pathsOf = async (body: unknown) => [...new Set((await violations(body)).map((e) => e.path))].sort();

  test('several field errors in one body are all listed, unknown fields included', async () => {
    const errors = await violations(
      hireBody(t, {
        email: 'not-an-email',
        full_name: '',
        joining_date: '2026-02-30',
        employee_id: 'EMP 01!',
        phone: 'call me maybe',
        salary: 100000,
      }),
    );
    expect(errors.map((e) => e.path).sort()).toEqual(
      ['email', 'employee_id', 'full_name', 'joining_date', 'phone', 'salary'].sort(),
    );
    expect(errors.find((e) => e.path === 'salary')?.message).toMatch(/unknown/i);
    expect(await countEmployees(h, t.tenant.id)).toBe(1);
  });

  test('an empty object names every required field', async () => {
    expect(await pathsOf({})).toEqual(['actor_employee_id', 'email', 'full_name', 'joining_date']);
  });

  test.each([
    ['bad email', { email: 'grace@' }, ['email']],
    ['empty full_name', { full_name: '' }, ['full_name']],
    ['blank full_name (trimmed)', { full_name: '   ' }, ['full_name']],
    ['full_name over 200', { full_name: 'x'.repeat(201) }, ['full_name']],
    ['impossible date', { joining_date: '2026-02-30' }, ['joining_date']],
    ['date in another format', { joining_date: '02/03/2026' }, ['joining_date']],
    ['unknown field', { nickname: 'Amazing Grace' }, ['nickname']],
    ['employee_id with bad characters', { employee_id: 'EMP/0002' }, ['employee_id']],
    ['employee_id over 50', { employee_id: 'E'.repeat(51) }, ['employee_id']],
    ['phone with letters', { phone: '555-CALL-NOW' }, ['phone']],
    ['phone too short', { phone: '12' }, ['phone']],
    ['department empty', { department: '' }, ['department']],
    ['designation over 100', { designation: 'd'.repeat(101) }, ['designation']],
    ['unknown employment_type', { employment_type: 'volunteer' }, ['employment_type']],
    ['actor not a UUID', { actor_employee_id: 'admin' }, ['actor_employee_id']],
    ['manager_id not a UUID', { manager_id: 42 }, ['manager_id']],
    [
      'engagement_end_date before joining_date',
      { joining_date: '2026-03-02', engagement_end_date: '2026-03-01' },
      ['engagement_end_date'],
    ],
    ['vendor_name missing for vendor_worker', { employment_type: 'vendor_worker' }, ['vendor_name']],
    ['vendor_name refused for full_time', { employment_type: 'full_time', vendor_name: 'Acme' }, ['vendor_name']],
    ['vendor_name refused by default (full_time)', { vendor_name: 'Acme' }, ['vendor_name']],
    ['pay_model without rate', { employment_type: 'contractor', pay_model: 'hourly' }, ['rate']],
    ['rate without pay_model', { employment_type: 'contractor', rate: 10 }, ['pay_model']],
    ['rate zero', { employment_type: 'contractor', pay_model: 'hourly', rate: 0 }, ['rate']],
    ['rate negative', { employment_type: 'contractor', pay_model: 'hourly', rate: -5 }, ['rate']],
    ['rate as a string', { employment_type: 'contractor', pay_model: 'hourly', rate: '42' }, ['rate']],
    ['rate as a boolean', { employment_type: 'contractor', pay_model: 'hourly', rate: true }, ['rate']],
    ['unknown pay_model', { employment_type: 'contractor', pay_model: 'daily', rate: 10 }, ['pay_model']],
    ['pay_model and rate on full_time', { employment_type: 'full_time', pay_model: 'hourly', rate: 10 }, ['pay_model']],
    ['pay_model and rate on an intern', { employment_type: 'intern', pay_model: 'hourly', rate: 10 }, ['pay_model']],
  ])('%s', async (_name, overrides, paths) => {
    expect(await pathsOf(hireBody(t, overrides))).toEqual(paths);
  });

  test('cross-field rules are reported together with field errors', async () => {
    const paths = await pathsOf(
      hireBody(t, {
        email: 'nope',
        employment_type: 'vendor_worker',
        joining_date: '2026-03-02',
        engagement_end_date: '2026-01-01',
        rate: 10,
      }),
    );
    expect(paths).toEqual(expect.arrayContaining(['email']));
    // Whether zod runs the cross-field refinement alongside a field error is its business; when
    // the fields are all well formed, each cross-field violation is listed.
    const crossOnly = await pathsOf(
      hireBody(t, {
        employment_type: 'vendor_worker',
        joining_date: '2026-03-02',
        engagement_end_date: '2026-01-01',
        rate: 10,
      }),
    );
    expect(crossOnly).toEqual(['engagement_end_date', 'pay_model', 'vendor_name']);
  });

  test('a body that is not an object is invalid_body', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await postEmployee(h, secret, body);
      await expectProblem(res, 400, 'invalid_body');
    }
  });

  test('nothing is written by a refused body', async () => {
    const email = uniqueEmail('refused');
    await violations(hireBody(t, { email, joining_date: '2026-13-01' }));
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
  });
});

describe('actor and manager', () => {
  let t: TestTenant;
  let secret: string;
  beforeAll(async () => {
    t = await h.tenant();
    secret = await h.key(t, READ_WRITE);
  });

  test('an unknown actor is 404 actor_not_found', async () => {
    const email = uniqueEmail();
    const res = await postEmployee(h, secret, hireBody(t, { actor_employee_id: NOBODY, email }));
    const problem = await expectProblem(res, 404, 'actor_not_found');
    expect(problem.detail).toContain(NOBODY);
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
  });

  test("another tenant's HR admin, or the sandbox's, is 404 actor_not_found", async () => {
    const other = await h.tenant();
    for (const actor of [other.hr_admin.id, t.sandbox_hr_admin.id]) {
      const res = await postEmployee(h, secret, hireBody(t, { actor_employee_id: actor }));
      await expectProblem(res, 404, 'actor_not_found');
    }
  });

  test('an employee who is not an HR admin is 403 actor_not_hr_admin', async () => {
    const clerk = await hire(h, secret, t);
    const email = uniqueEmail();
    const res = await postEmployee(h, secret, hireBody(t, { actor_employee_id: clerk.id, email }));
    await expectProblem(res, 403, 'actor_not_hr_admin');
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
  });

  test("an unknown manager_id, or another tenant's employee, is 404 manager_not_found", async () => {
    const other = await h.tenant();
    for (const manager of [NOBODY, other.hr_admin.id]) {
      const res = await postEmployee(h, secret, hireBody(t, { manager_id: manager }));
      const problem = await expectProblem(res, 404, 'manager_not_found');
      expect(problem.detail).toContain(manager);
    }
  });

  test('a valid manager_id is stored and read back', async () => {
    const manager = await hire(h, secret, t);
    const report = await hire(h, secret, t, { manager_id: manager.id });
    expect(report.manager_id).toBe(manager.id);
    const [row] = await sql<{ manager_id: string }>(h, 'select manager_id from employees where id = ?', [report.id]);
    expect(row.manager_id).toBe(manager.id);
    const read = (await (await h.as(secret, `/v1/employees/${report.id}`)).json()) as { data: Json };
    expect(read.data.manager_id).toBe(manager.id);
  });
});

describe('duplicates and employee codes', () => {
  test('the same e-mail in any case is 409 email_taken; nothing is half-written; other tenants may reuse it', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, WRITE);
    const email = uniqueEmail('dup');
    await hire(h, secret, t, { email });
    for (const variant of [email, email.toUpperCase(), email.replace('dup', 'DuP')]) {
      const res = await postEmployee(h, secret, hireBody(t, { email: variant }));
      const problem = await expectProblem(res, 409, 'email_taken');
      expect(problem.detail).toContain(email);
    }
    // The HR admin's address is taken too.
    const admin = await postEmployee(h, secret, hireBody(t, { email: t.hr_admin.email.toUpperCase() }));
    await expectProblem(admin, 409, 'email_taken');
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 1, profiles: 1, outbox: 1 });
    // The refused attempts did not spend a code.
    expect((await hire(h, secret, t)).employee_id).toBe('EMP-0003');
    const other = await h.tenant();
    expect((await hire(h, await h.key(other, WRITE), other, { email })).email).toBe(email);
  });

  test('a typed employee_id is kept; taken again it is 409 employee_id_taken', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, WRITE);
    expect((await hire(h, secret, t, { employee_id: 'Contractor_7.b-1' })).employee_id).toBe('Contractor_7.b-1');
    for (const code of ['Contractor_7.b-1', 'EMP-0001']) {
      const email = uniqueEmail();
      const res = await postEmployee(h, secret, hireBody(t, { employee_id: code, email }));
      const problem = await expectProblem(res, 409, 'employee_id_taken');
      expect(problem.detail).toContain(code);
      expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
    }
    // Typing a code does not consume the automatic sequence.
    expect((await hire(h, secret, t)).employee_id).toBe('EMP-0002');
  });

  test('a hand-typed EMP-0003 is skipped by automatic assignment', async () => {
    const t = await h.tenant();
    const secret = await h.key(t, WRITE);
    expect((await hire(h, secret, t, { employee_id: 'EMP-0003' })).employee_id).toBe('EMP-0003');
    expect((await hire(h, secret, t)).employee_id).toBe('EMP-0002');
    expect((await hire(h, secret, t)).employee_id).toBe('EMP-0004');
    expect((await hire(h, secret, t)).employee_id).toBe('EMP-0005');
    expect(await codesOf(h, t.tenant.id)).toEqual(['EMP-0001', 'EMP-0002', 'EMP-0003', 'EMP-0004', 'EMP-0005']);
  });

  test("the tenant's ID prefix is used", async () => {
    const t = await h.tenant({ idPrefix: 'ACME-' });
    const secret = await h.key(t, WRITE);
    expect((await hire(h, secret, t)).employee_id).toBe('ACME-0002');
  });
});

describe('seats', () => {
  test('beyond the plan seats is 422 seat_limit_reached, and the refused hire leaves nothing behind', async () => {
    const t = await h.tenant({ seats: 3 });
    const secret = await h.key(t, WRITE);
    await hire(h, secret, t);
    await hire(h, secret, t);
    const [before] = await sql<{ balances: number; outbox: number; profiles: number }>(
      h,
      `select (select count(*)::int from leave_balances where tenant_id = ?) as balances,
              (select count(*)::int from outbox_messages where tenant_id = ?) as outbox,
              (select count(*)::int from profiles where tenant_id = ?) as profiles`,
      [t.tenant.id, t.tenant.id, t.tenant.id],
    );
    const email = uniqueEmail('seatless');
    const res = await postEmployee(
      h,
      secret,
      hireBody(t, { email, employment_type: 'contractor', pay_model: 'hourly', rate: 9 }),
    );
    const problem = await expectProblem(res, 422, 'seat_limit_reached');
    expect(problem.detail).toContain('3');
    expect(await countEmployees(h, t.tenant.id)).toBe(3);
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
    const [after] = await sql(
      h,
      `select (select count(*)::int from leave_balances where tenant_id = ?) as balances,
              (select count(*)::int from outbox_messages where tenant_id = ?) as outbox,
              (select count(*)::int from profiles where tenant_id = ?) as profiles`,
      [t.tenant.id, t.tenant.id, t.tenant.id],
    );
    expect(after).toEqual(before);
    const cards = await sql(h, 'select 1 from rate_cards where tenant_id = ?', [t.tenant.id]);
    expect(cards).toHaveLength(0);
  });

  test('the first HR admin takes a seat: one seat means no hire at all', async () => {
    const t = await h.tenant({ seats: 1 });
    const secret = await h.key(t, WRITE);
    await expectProblem(await postEmployee(h, secret, hireBody(t)), 422, 'seat_limit_reached');
  });

  test('seats are checked after the body: a bad body on a full tenant is still 400', async () => {
    const t = await h.tenant({ seats: 1 });
    const secret = await h.key(t, WRITE);
    await expectProblem(await postEmployee(h, secret, hireBody(t, { email: 'x' })), 400, 'invalid_body');
  });
});

describe('body rules and the order of checks', () => {
  let t: TestTenant;
  let writer: string;
  let reader: string;
  beforeAll(async () => {
    t = await h.tenant();
    writer = await h.key(t, WRITE);
    reader = await h.key(t, ['employees:read', 'leave:write']);
  });

  const big = () => {
    const base = JSON.stringify({ ...hireBody(t), full_name: '' });
    return JSON.stringify({ ...hireBody(t), full_name: 'x'.repeat(70 * 1024 - base.length) });
  };
  const cases: [string, () => RequestInit, number, string][] = [
    [
      'text/plain',
      () => ({ method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(hireBody(t)) }),
      415,
      'unsupported_media_type',
    ],
    [
      'no Content-Type',
      () => ({ method: 'POST', body: new Blob([JSON.stringify(hireBody(t))]) }),
      415,
      'unsupported_media_type',
    ],
    ['over 64 KiB', () => jsonInit('POST', big()), 413, 'payload_too_large'],
    ['not JSON', () => jsonInit('POST', '{x'), 400, 'invalid_json'],
  ];

  test.each(cases)('%s: the body error with a good credential', async (_name, init, status, code) => {
    const res = await h.as(writer, '/v1/employees', init());
    await expectProblem(res, status, code);
  });

  test.each(cases)('%s: 401 first without a credential', async (_name, init) => {
    const res = await h.fetch('/v1/employees', init());
    await expectProblem(res, 401, 'unauthorized');
  });

  test.each(cases)('%s: 401 first with an invalid credential', async (_name, init) => {
    const res = await h.as('svc_live_0000000000000000000000000000000000000000', '/v1/employees', init());
    await expectProblem(res, 401, 'invalid_credential');
  });

  test.each(cases)('%s: 403 first with the wrong scope', async (_name, init) => {
    const res = await h.as(reader, '/v1/employees', init());
    await expectProblem(res, 403, 'insufficient_scope');
  });

  test('exactly 64 KiB is read (then judged on its shape); one byte more is 413', async () => {
    const base = JSON.stringify({ ...hireBody(t), full_name: '' });
    const pad = 64 * 1024 - base.length;
    const exact = JSON.stringify({ ...hireBody(t), full_name: 'x'.repeat(pad) });
    expect(Buffer.byteLength(exact)).toBe(64 * 1024);
    const res = await h.as(writer, '/v1/employees', jsonInit('POST', exact));
    const problem = await expectProblem(res, 400, 'invalid_body');
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(['full_name']);
    const over = JSON.stringify({ ...hireBody(t), full_name: 'x'.repeat(pad + 1) });
    await expectProblem(await h.as(writer, '/v1/employees', jsonInit('POST', over)), 413, 'payload_too_large');
  });

  test('a POST without a body is 400 invalid_body', async () => {
    const res = await h.as(writer, '/v1/employees', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    await expectProblem(res, 400, 'invalid_body');
  });

  // decisions §20: only an employee's own token implies the actor (tests/signin/employeeTokens.scopes.test.ts);
  // a key or a client-credentials token must name it, reported with the body's other problems.
  test('without actor_employee_id, an API key or a client-credentials token is 400 invalid_body naming it', async () => {
    const { actor_employee_id: _, ...withoutActor } = hireBody(t);
    const client = await h.client(t, [...WRITE]);
    const token = await tokenJson(h, { grant_type: 'client_credentials', ...creds(client) });
    const { access_token } = (await token.json()) as { access_token: string };
    for (const secret of [writer, access_token]) {
      const missing = await expectProblem(await postEmployee(h, secret, withoutActor), 400, 'invalid_body');
      expect(missing.errors).toEqual([
        { path: 'actor_employee_id', message: expect.stringMatching(/API key or a client-credentials token/) },
      ]);
      const also = await expectProblem(
        await postEmployee(h, secret, { ...withoutActor, email: 'bad', extra: 1 }),
        400,
        'invalid_body',
      );
      expect((also.errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
        'actor_employee_id',
        'email',
        'extra',
      ]);
    }
    expect(await countEmployees(h, t.tenant.id)).toBe(1);
  });

  test('without actor_employee_id, 401 and 403 still come first', async () => {
    const { actor_employee_id: _, ...withoutActor } = hireBody(t);
    await expectProblem(await h.fetch('/v1/employees', jsonInit('POST', withoutActor)), 401, 'unauthorized');
    await expectProblem(await postEmployee(h, reader, withoutActor), 403, 'insufficient_scope');
  });

  test('an actor problem never hides a bad body: 400 comes before 404 actor_not_found', async () => {
    const res = await postEmployee(h, writer, hireBody(t, { actor_employee_id: NOBODY, email: 'bad' }));
    await expectProblem(res, 400, 'invalid_body');
  });
});

describe('sandbox', () => {
  test('a test key hires into the sandbox tenant only', async () => {
    const t = await h.tenant();
    const live = await h.key(t, READ_WRITE);
    const test = await h.key(t, READ_WRITE, 'test');
    const email = uniqueEmail('sandbox');
    const res = await postEmployee(h, test, hireBody(t, { actor_employee_id: t.sandbox_hr_admin.id, email }));
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = (await res.json()) as { data: Json };
    expect(data.employee_id).toBe('EMP-0002');
    const [row] = await sql<{ tenant_id: string }>(h, 'select tenant_id from employees where id = ?', [data.id]);
    expect(row.tenant_id).toBe(t.sandbox.id);
    expect(await journeyRows(h, t.sandbox.id, email)).toEqual({ employees: 1, profiles: 1, outbox: 1 });
    expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
    const liveList = (await (await h.as(live, '/v1/employees')).json()) as { data: Json[] };
    expect(liveList.data.map((e) => e.id)).toEqual([t.hr_admin.id]);
    const sandboxList = (await (await h.as(test, '/v1/employees')).json()) as { data: Json[] };
    expect(sandboxList.data.map((e) => e.id)).toEqual([t.sandbox_hr_admin.id, data.id]);
    await expectProblem(await h.as(live, `/v1/employees/${data.id}`), 404, 'not_found');
    // The live HR admin is not an employee of the sandbox, and the sandbox's is not one of live.
    await expectProblem(await postEmployee(h, test, hireBody(t)), 404, 'actor_not_found');
    await expectProblem(
      await postEmployee(h, live, hireBody(t, { actor_employee_id: t.sandbox_hr_admin.id })),
      404,
      'actor_not_found',
    );
    // Live and sandbox have their own code sequences.
    expect((await hire(h, live, t)).employee_id).toBe('EMP-0002');
  });
});
