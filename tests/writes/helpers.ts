import type { TestServer } from '../support/harness.js';
import { jsonInit, sql } from '../support/http.js';

export {
  codeOf,
  hire,
  hireBody,
  type Json,
  jsonInit,
  parallel,
  postEmployee,
  RFC3339_MS,
  sql,
  UUID,
  uniqueEmail,
} from '../support/http.js';

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
