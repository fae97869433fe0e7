import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer, TestTenant } from '../support/harness.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export type Json = Record<string, unknown>;

/** Raw SQL against the suite's database, outside any tenant filter. */
export async function sql<T = Json>(h: TestServer, query: string, params: unknown[] = []): Promise<T[]> {
  return h.orm.em.fork().getConnection().execute<T[]>(query, params);
}

/** An e-mail address nobody else in the run uses. */
export function uniqueEmail(tag = 'person'): string {
  return `${tag}.${randomBytes(5).toString('hex')}@example.com`;
}

/** A valid create-employee body acting as the tenant's first HR admin, with `overrides` on top. */
export function hireBody(t: TestTenant, overrides: Json = {}): Json {
  return {
    actor_employee_id: t.hr_admin.id,
    email: uniqueEmail(),
    full_name: 'Grace Hopper',
    joining_date: '2026-03-02',
    ...overrides,
  };
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** POST /v1/employees as `secret`. */
export function postEmployee(h: TestServer, secret: string, body: unknown, headers: Record<string, string> = {}) {
  return h.as(secret, '/v1/employees', jsonInit('POST', body, headers));
}

/** PATCH /v1/employees/{id} as `secret`. */
export function patchEmployee(
  h: TestServer,
  secret: string,
  id: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return h.as(secret, `/v1/employees/${id}`, jsonInit('PATCH', body, headers));
}

/** Hires one employee and returns its read record (asserting 200). */
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

/** Sends `init` to `path` `n` times at once, and returns each status with its parsed body. */
export async function parallel(
  n: number,
  send: (i: number) => Promise<Response>,
): Promise<{ status: number; text: string; headers: Headers }[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await send(i);
      return { status: res.status, text: await res.text(), headers: res.headers };
    }),
  );
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns true (or throws after `timeoutMs`). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}
