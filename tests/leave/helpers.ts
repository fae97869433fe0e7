import { randomBytes } from 'node:crypto';
import type { InferEntity } from '@mikro-orm/core';
import { expect } from 'vitest';
import { LeaveBalance, LeaveRequest, LeaveType } from '../../db/entities/leave.js';
import { Employee, Profile } from '../../db/entities/tenancy.js';
import { TENANT_FILTER } from '../../db/orm.js';
import type { LeaveBalanceRecord } from '../../routers/leave/leaveBalance.record.js';
import type { LeaveRequestRecord } from '../../routers/leave/leaveRequest.record.js';
import { sql } from '../support/database.js';
import { expectProblem, type TestServer } from '../support/harness.js';
import { type Json, jsonInit, type Page } from '../support/http.js';
import { day, type Org, YEAR } from '../support/leave.js';
import { expectMatchesOpenApi } from '../support/openapi.js';

// Helpers of the leave tests only: rows inserted straight into the database for the reads, and the
// requests, checks and read-backs of filing and deciding leave. The organisation they work in is
// tests/support/leave.ts.

export type Decision = 'approve' | 'reject' | 'cancel';

/** An entity manager of the test server's ORM whose tenant filter points at `tenantId`. */
function tenantEm(h: TestServer, tenantId: string) {
  const em = h.orm.em.fork();
  em.setFilterParams(TENANT_FILTER, { tenantId });
  return em;
}

export async function leaveTypeOf(h: TestServer, tenantId: string, code: string) {
  return tenantEm(h, tenantId).findOneOrFail(LeaveType, { code });
}

/** An employee (with its login account) inserted directly, as employee creation would leave it. */
export async function insertEmployee(h: TestServer, tenantId: string): Promise<InferEntity<typeof Employee>> {
  const em = tenantEm(h, tenantId);
  const tag = randomBytes(4).toString('hex');
  const email = `person.${tag}@example.com`;
  const profile = em.create(Profile, { tenantId, email, status: 'invited' });
  const employee = em.create(Employee, {
    tenantId,
    employeeId: `T-${tag}`,
    profileId: profile.id,
    fullName: `Person ${tag}`,
    email,
    employmentType: 'full_time',
    joiningDate: '2026-01-05',
  });
  await em.flush();
  return employee;
}

export type LeaveRequestFields = Partial<Omit<InferEntity<typeof LeaveRequest>, 'id' | 'tenantId'>>;

/** Leave requests inserted directly (one flush), for `employeeId` on the tenant's ANNUAL type unless told. */
export async function insertLeaveRequests(
  h: TestServer,
  tenantId: string,
  employeeId: string,
  count: number,
  fields: LeaveRequestFields = {},
): Promise<InferEntity<typeof LeaveRequest>[]> {
  const em = tenantEm(h, tenantId);
  const leaveTypeId = fields.leaveTypeId ?? (await em.findOneOrFail(LeaveType, { code: 'ANNUAL' })).id;
  const rows = Array.from({ length: count }, () =>
    em.create(LeaveRequest, {
      tenantId,
      employeeId,
      leaveTypeId,
      startDate: '2026-03-02',
      endDate: '2026-03-03',
      daysCount: 2,
      reason: 'Family visit',
      ...fields,
    }),
  );
  await em.flush();
  return rows;
}

export async function insertLeaveTypes(h: TestServer, tenantId: string, count: number) {
  const em = tenantEm(h, tenantId);
  const rows = Array.from({ length: count }, () => {
    const code = `T${randomBytes(6).toString('hex').toUpperCase()}`;
    return em.create(LeaveType, { tenantId, code, name: `Type ${code}`, isPaid: true, annualAllowance: 1.5 });
  });
  await em.flush();
  return rows;
}

export async function insertBalance(
  h: TestServer,
  fields: Omit<InferEntity<typeof LeaveBalance>, 'id' | 'createdAt' | 'updatedAt'>,
) {
  const em = tenantEm(h, fields.tenantId);
  const row = em.create(LeaveBalance, fields);
  await em.flush();
  return row;
}

/** GET with a credential, expecting 200, the body checked against the served OpenAPI document. */
export async function getOk<T>(h: TestServer, secret: string, path: string, template: string): Promise<T> {
  const res = await h.as(secret, path);
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(200);
  await expectMatchesOpenApi(h, 'GET', template, 200, body);
  return body;
}

/** Every page of a list, following next_cursor with `limit`; `between` runs after each page. */
async function walk<T extends { id?: string }>(
  h: TestServer,
  secret: string,
  path: string,
  limit: number,
  between: () => Promise<void> = async () => {},
): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  const sep = path.includes('?') ? '&' : '?';
  do {
    const url = `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await h.as(secret, url);
    const page = (await res.json()) as Page<T>;
    expect(res.status, JSON.stringify(page)).toBe(200);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    expect(page.has_more).toBe(page.next_cursor !== null);
    if (page.has_more) expect(page.data).toHaveLength(limit);
    rows.push(...page.data);
    cursor = page.next_cursor;
    pages++;
    await between();
  } while (cursor);
  return { rows, pages };
}

/**
 * Walks a list with `limit` while `insert` keeps adding rows in the background (up to `maxInserts`
 * calls), and checks what keyset pagination promises: no row twice, the rows that existed before
 * the walk all present and in their order, pages in (created_at, id) order, next_cursor null at the
 * end. Returns how many insert calls ran during the walk.
 */
export async function expectStableWalkUnderInserts(
  h: TestServer,
  secret: string,
  path: string,
  limit: number,
  insert: () => Promise<unknown>,
  maxInserts = 20,
): Promise<number> {
  const before = (await walk<{ id: string }>(h, secret, path, 100)).rows.map((r) => r.id);
  expect(before.length).toBeGreaterThan(100);
  let done = false;
  let inserts = 0;
  const inserting = (async () => {
    while (!done && inserts < maxInserts) {
      await insert();
      inserts++;
    }
  })();
  let rows: { id: string; created_at: string }[];
  try {
    ({ rows } = await walk<{ id: string; created_at: string }>(h, secret, path, limit));
  } finally {
    done = true;
    await inserting;
  }
  const ids = rows.map((r) => r.id);
  expect(new Set(ids).size, 'no row appears twice').toBe(ids.length);
  expect(ids.slice(0, before.length), 'every pre-existing row, in order, without gaps').toEqual(before);
  const keys = rows.map((r) => `${r.created_at} ${r.id}`);
  expect([...keys].sort()).toEqual(keys);
  return inserts;
}

/** The cursor-misuse cases of a list: garbage and a tampered token are 400 invalid_cursor. */
export async function expectCursorRejected(h: TestServer, secret: string, path: string, cursor: string) {
  const sep = path.includes('?') ? '&' : '?';
  const body = await expectProblem(
    await h.as(secret, `${path}${sep}cursor=${encodeURIComponent(cursor)}`),
    400,
    'invalid_cursor',
  );
  await expectMatchesOpenApi(h, 'GET', path.split('?')[0], 400, body);
}

/** A valid cursor with one character of its payload changed (the signature no longer matches). */
export function tamper(cursor: string): string {
  const [payload, signature] = cursor.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { l: string; k: unknown[] };
  decoded.k = decoded.k.map((v) => (typeof v === 'string' ? v.replace(/.$/, (c) => (c === '0' ? '1' : '0')) : v));
  return `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${signature}`;
}

/** limit: 1 and 100 pass; 0, 101, abc, 1.5, -1 and an empty value are 400 naming the parameter. */
export async function expectLimitRules(h: TestServer, secret: string, path: string) {
  const sep = path.includes('?') ? '&' : '?';
  for (const limit of ['1', '100']) {
    const res = await h.as(secret, `${path}${sep}limit=${limit}`);
    expect(res.status, `limit=${limit}`).toBe(200);
    const page = (await res.json()) as Page;
    expect(page.data.length).toBeLessThanOrEqual(Number(limit));
  }
  for (const limit of ['0', '101', 'abc', '1.5', '-1', '']) {
    const body = await expectProblem(await h.as(secret, `${path}${sep}limit=${limit}`), 400, 'invalid_query_parameter');
    expect(body.detail, `limit=${limit}`).toContain('limit');
  }
}

/** Makes an employee an HR admin (there is no endpoint for that: a direct update). */
export async function makeHrAdmin(h: TestServer, employeeId: string): Promise<void> {
  await sql(h, 'update employees set is_hr_admin = true where id = ?', [employeeId]);
}

/** A valid create body: 2 days of ANNUAL leave for the org's employee, with `overrides`. */
export function leaveBody(org: Org, overrides: Json = {}): Json {
  return {
    employee_id: org.employee.id,
    leave_type_id: org.types.ANNUAL,
    start_date: day('03-02'),
    end_date: day('03-03'),
    days_count: 2,
    reason: 'Family visit',
    ...overrides,
  };
}

export function postLeave(h: TestServer, secret: string, body: unknown, headers: Record<string, string> = {}) {
  return h.as(secret, '/v1/leave-requests', jsonInit('POST', body, headers));
}

export function postDecision(
  h: TestServer,
  secret: string,
  id: string,
  decision: Decision,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return h.as(secret, `/v1/leave-requests/${id}/${decision}`, jsonInit('POST', body, headers));
}

/** Expects 200 `{ data }` matching the served OpenAPI document, and returns `data`. */
export async function expectData<T = LeaveRequestRecord>(
  h: TestServer,
  res: Response,
  method: string,
  template: string,
): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('x-request-id')).toBeTruthy();
  const body = JSON.parse(text) as { data: T };
  expect(Object.keys(body)).toEqual(['data']);
  await expectMatchesOpenApi(h, method, template, 200, body);
  return body.data;
}

export async function fileOk(h: TestServer, org: Org, overrides: Json = {}): Promise<LeaveRequestRecord> {
  return expectData(h, await postLeave(h, org.write, leaveBody(org, overrides)), 'POST', '/leave-requests');
}

export async function decideOk(
  h: TestServer,
  org: Org,
  id: string,
  decision: Decision,
  actorId: string,
  comment?: string,
): Promise<LeaveRequestRecord> {
  const body = { actor_employee_id: actorId, ...(comment === undefined ? {} : { comment }) };
  return expectData(
    h,
    await postDecision(h, org.write, id, decision, body),
    'POST',
    `/leave-requests/{id}/${decision}`,
  );
}

/** One balance row of GET /v1/leave-balances?employee_id=…&year=… (the read endpoint, not the table). */
export async function balanceOf(
  h: TestServer,
  org: Org,
  employeeId: string,
  leaveTypeId = org.types.ANNUAL,
  year = YEAR,
): Promise<LeaveBalanceRecord> {
  const res = await h.as(org.read, `/v1/leave-balances?employee_id=${employeeId}&year=${year}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const page = JSON.parse(text) as { data: LeaveBalanceRecord[] };
  await expectMatchesOpenApi(h, 'GET', '/leave-balances', 200, page);
  const row = page.data.find((b) => b.leave_type_id === leaveTypeId);
  if (!row) throw new Error(`no balance for leave type ${leaveTypeId}: ${text}`);
  return row;
}

/** `{ allowance, used, pending, available }` of a balance, for compact assertions. */
export async function daysOf(h: TestServer, org: Org, employeeId: string, leaveTypeId = org.types.ANNUAL) {
  const { allowance, used, pending, available } = await balanceOf(h, org, employeeId, leaveTypeId);
  return { allowance, used, pending, available };
}

export interface OutboxRow {
  kind: string;
  recipient: string;
  subject: string;
  body: string;
}

/** The tenant's leave notifications in the outbox (kind leave_*), oldest first. */
export async function leaveMail(h: TestServer, tenantId: string): Promise<OutboxRow[]> {
  return sql<OutboxRow>(
    h,
    `select kind, recipient, subject, body from outbox_messages
      where tenant_id = ? and kind like 'leave\\_%' order by created_at, id`,
    [tenantId],
  );
}

export async function leaveRows(h: TestServer, tenantId: string, employeeId: string) {
  return sql<{ id: string; status: string; days_count: string; start_date: string }>(
    h,
    `select id, status, days_count::text, to_char(start_date, 'YYYY-MM-DD') as start_date
       from leave_requests where tenant_id = ? and employee_id = ? order by created_at, id`,
    [tenantId, employeeId],
  );
}
