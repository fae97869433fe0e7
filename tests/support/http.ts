import { randomBytes } from 'node:crypto';

/** Request bodies and batches of concurrent requests, for any server (a test server or a spawned node). */

export type Json = Record<string, unknown>;

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** An Idempotency-Key nobody else in the run sends: `${tag}-` and 16 hex digits. */
export function idempotencyKey(tag = 'key'): string {
  return `${tag}-${randomBytes(8).toString('hex')}`;
}

/** A page of a list: the envelope of every list endpoint. */
export interface Page<T = Record<string, unknown>> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
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

/** The problem `code` of a response body (its text, or an `Outcome`); undefined when it is not JSON. */
export function codeOf(response: string | { text: string }): string | undefined {
  try {
    return (JSON.parse(typeof response === 'string' ? response : response.text) as { code?: string }).code;
  } catch {
    return undefined;
  }
}
