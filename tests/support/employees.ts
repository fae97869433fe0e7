import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from './database.js';
import type { TestServer, TestTenant } from './harness.js';
import { type Json, jsonInit } from './http.js';

/** Hiring and updating employees through the API, and counting what a hire wrote. */

/** An e-mail address nobody else in the run uses. */
export function uniqueEmail(tag = 'person'): string {
  return `${tag}.${randomBytes(5).toString('hex')}@example.com`;
}

/** A valid create-employee body acting as the tenant's first HR admin, with `overrides` on top. */
export function hireBody(t: { hr_admin: { id: string } }, overrides: Json = {}): Json {
  return {
    actor_employee_id: t.hr_admin.id,
    email: uniqueEmail(),
    full_name: 'Grace Hopper',
    joining_date: '2026-03-02',
    ...overrides,
  };
}

/** POST /v1/employees as `secret`. */
export function postEmployee(
  h: Pick<TestServer, 'as'>,
  secret: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return h.as(secret, '/v1/employees', jsonInit('POST', body, headers));
}

/** PATCH /v1/employees/{id} as `secret`. */
export function patchEmployee(
  h: Pick<TestServer, 'as'>,
  secret: string,
  id: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return h.as(secret, `/v1/employees/${id}`, jsonInit('PATCH', body, headers));
}

/** Hires one employee through POST /v1/employees and returns its read record (asserting 200). */
export async function hire(h: TestServer, secret: string, t: TestTenant, overrides: Json = {}): Promise<Json> {
  const res = await postEmployee(h, secret, hireBody(t, overrides));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { data: Json }).data;
}

export async function countEmployees(h: TestServer, tenantId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(h, 'select count(*)::int as n from employees where tenant_id = ?', [tenantId]);
  return row.n;
}

/** The employee codes of a tenant, sorted. */
export async function codesOf(h: TestServer, tenantId: string): Promise<string[]> {
  const rows = await sql<{ employee_id: string }>(
    h,
    'select employee_id from employees where tenant_id = ? order by employee_id',
    [tenantId],
  );
  return rows.map((r) => r.employee_id);
}

/** Counts of rows per table that a hire writes, for one e-mail address in one tenant. */
export async function journeyRows(h: TestServer, tenantId: string, email: string) {
  const [row] = await sql<{ employees: number; profiles: number; outbox: number }>(
    h,
    `select (select count(*)::int from employees where tenant_id = ? and email = ?) as employees,
            (select count(*)::int from profiles where tenant_id = ? and email = ?) as profiles,
            (select count(*)::int from outbox_messages where tenant_id = ? and recipient = ?) as outbox`,
    [tenantId, email, tenantId, email, tenantId, email],
  );
  return row;
}
