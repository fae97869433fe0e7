import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer, TestTenant } from './harness.js';

/** Shared by the suites that write: formats, request bodies, and batches of concurrent requests. */

/** A UUIDv7, as the API mints ids. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export type Json = Record<string, unknown>;

/** Raw SQL against the test server's database, outside any tenant filter. */
export async function sql<T = Json>(h: TestServer, query: string, params: unknown[] = []): Promise<T[]> {
  return h.orm.em.fork().getConnection().execute<T[]>(query, params);
}

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

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
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

/** Hires one employee through POST /v1/employees and returns its read record (asserting 200). */
export async function hire(h: TestServer, secret: string, t: TestTenant, overrides: Json = {}): Promise<Json> {
  const res = await postEmployee(h, secret, hireBody(t, overrides));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { data: Json }).data;
}

export interface Outcome {
  status: number;
  text: string;
  headers: Headers;
}

/** Runs `n` sends at once and collects each status with its body text and headers. */
export function parallel(n: number, send: (i: number) => Promise<Response>): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await send(i);
      return { status: res.status, text: await res.text(), headers: res.headers };
    }),
  );
}

/** Counts of each status in a batch of responses, e.g. `{ 200: 1, 422: 9 }`. */
export function statusCounts(results: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** The problem `code` of a response body read as text. */
export const codeOf = (text: string) => (JSON.parse(text) as { code?: string }).code;

/** The request pool of a test server: connections open, idle, and callers waiting for one. */
export async function requestPool(h: TestServer): Promise<{ total: number; idle: number; waiting: number }> {
  const pool = (await h.orm.em.getConnection().getNativeClient()) as unknown as {
    totalCount: number;
    idleCount: number;
    waitingCount: number;
  };
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
