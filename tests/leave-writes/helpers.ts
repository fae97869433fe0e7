import { expect } from 'vitest';
import { expectProblem, type TestServer, type TestTenant } from '../support/harness.js';
import { hire as hireEmployee, type Json, jsonInit, sql, uniqueEmail } from '../support/http.js';
import { expectMatchesOpenApi } from '../support/openapi.js';
import type { BalanceRecord, LeaveRequestRecord } from '../support/records.js';

export { codeOf, type Json, jsonInit, parallel, RFC3339_MS, sql, statusCounts, UUID } from '../support/http.js';
export type { BalanceRecord, LeaveRequestRecord } from '../support/records.js';

/** Leave is filed in the current calendar year: that is the year new employees get balances for. */
export const YEAR = new Date().getUTCFullYear();
/** A date of the current year: `day('03-02')`. */
export const day = (monthDay: string) => `${YEAR}-${monthDay}`;

export type Decision = 'approve' | 'reject' | 'cancel';

export interface Person {
  id: string;
  email: string;
}

/**
 * A tenant with: its first HR admin, a manager, an employee reporting to the manager and a
 * colleague (same manager, no rights over the employee); keys with exactly leave:write and
 * leave:read; the ids of the default leave types.
 */
export interface Org {
  t: TestTenant;
  tenantId: string;
  write: string;
  read: string;
  hrAdmin: Person;
  manager: Person;
  employee: Person;
  colleague: Person;
  types: { ANNUAL: string; SICK: string; UNPAID: string };
}

/** Hires through POST /v1/employees (the real journey: balances seeded, invite in the outbox). */
export async function hire(h: TestServer, t: TestTenant, hrKey: string, managerId?: string): Promise<Person> {
  const email = uniqueEmail();
  const data = (await hireEmployee(h, hrKey, t, {
    email,
    full_name: `Person ${email.slice(7, 12)}`,
    joining_date: day('01-05'),
    ...(managerId ? { manager_id: managerId } : {}),
  })) as { id: string; email: string; manager_id: string | null };
  expect(data.manager_id).toBe(managerId ?? null);
  return { id: data.id, email: data.email };
}

export async function leaveTypesOf(h: TestServer, tenantId: string): Promise<Org['types']> {
  const rows = await sql<{ id: string; code: keyof Org['types'] }>(
    h,
    'select id, code from leave_types where tenant_id = ?',
    [tenantId],
  );
  const types = Object.fromEntries(rows.map((r) => [r.code, r.id])) as Org['types'];
  expect(Object.keys(types).sort()).toEqual(['ANNUAL', 'SICK', 'UNPAID']);
  return types;
}

export async function setupOrg(h: TestServer): Promise<Org> {
  const t = await h.tenant();
  const hrKey = await h.key(t, ['employees:write']);
  const manager = await hire(h, t, hrKey);
  const [employee, colleague] = await Promise.all([hire(h, t, hrKey, manager.id), hire(h, t, hrKey, manager.id)]);
  return {
    t,
    tenantId: t.tenant.id,
    write: await h.key(t, ['leave:write']),
    read: await h.key(t, ['leave:read']),
    hrAdmin: { id: t.hr_admin.id, email: t.hr_admin.email },
    manager,
    employee,
    colleague,
    types: await leaveTypesOf(h, t.tenant.id),
  };
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

/** A problem document with `status` and `code`, also checked against the OpenAPI document. */
export async function expectDocumentedProblem(
  h: TestServer,
  res: Response,
  status: number,
  code: string,
  method: string,
  template: string,
): Promise<Json> {
  const body = await expectProblem(res, status, code);
  await expectMatchesOpenApi(h, method, template, status, body);
  return body;
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
): Promise<BalanceRecord> {
  const res = await h.as(org.read, `/v1/leave-balances?employee_id=${employeeId}&year=${year}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const page = JSON.parse(text) as { data: BalanceRecord[] };
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
