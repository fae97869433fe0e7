import type { TestServer } from './harness.js';

/**
 * The body-carrying writes, sent over either surface: `/v1` (REST, problem+json errors) or `/trpc`
 * (plain fetch, as a first-party client would; error code in `error.data.code`). One result shape
 * for both, so a test asserts a rule once and runs it on each surface.
 */

export type Surface = 'rest' | 'trpc';
export const SURFACES: readonly Surface[] = ['rest', 'trpc'];

export type WriteOp = 'hire' | 'patch' | 'file' | 'approve' | 'reject' | 'cancel';

type Json = Record<string, unknown>;

interface FieldError {
  path: string;
  message: string;
}

export interface WriteResult {
  status: number;
  /** The record of a 200 (`data` of the envelope). */
  data?: Json;
  /** The problem code of an error (REST `code`, tRPC `error.data.code`). */
  code?: string;
  errors?: FieldError[];
  /** Whether an error came as a complete problem+json document (REST) or tRPC error (tRPC). */
  wellFormedError?: boolean;
  raw: string;
}

const REST: Record<WriteOp, (id?: string) => [string, string]> = {
  hire: () => ['POST', '/v1/employees'],
  patch: (id) => ['PATCH', `/v1/employees/${id}`],
  file: () => ['POST', '/v1/leave-requests'],
  approve: (id) => ['POST', `/v1/leave-requests/${id}/approve`],
  reject: (id) => ['POST', `/v1/leave-requests/${id}/reject`],
  cancel: (id) => ['POST', `/v1/leave-requests/${id}/cancel`],
};

const TRPC: Record<WriteOp, string> = {
  hire: 'employees.create',
  patch: 'employees.update',
  file: 'leaveRequests.create',
  approve: 'leaveRequests.approve',
  reject: 'leaveRequests.reject',
  cancel: 'leaveRequests.cancel',
};

/** Sends `body` (plus the path `id` for patch and decisions) as `op` over `surface`. */
export async function sendWrite(
  h: TestServer,
  secret: string,
  surface: Surface,
  op: WriteOp,
  body: Json,
  id?: string,
): Promise<WriteResult> {
  // JSON.stringify escapes a lone surrogate as \udXXX: the server sees exactly the string sent.
  if (surface === 'rest') {
    const [method, path] = REST[op](id);
    const res = await h.as(secret, path, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const raw = await res.text();
    const parsed = raw ? (JSON.parse(raw) as Json) : {};
    if (res.status === 200) return { status: 200, data: parsed.data as Json, raw };
    const requestId = res.headers.get('x-request-id');
    const wellFormedError =
      res.headers.get('content-type') === 'application/problem+json' &&
      parsed.status === res.status &&
      typeof parsed.code === 'string' &&
      typeof parsed.type === 'string' &&
      parsed.type.endsWith(`/problems/${parsed.code}`) &&
      typeof parsed.title === 'string' &&
      parsed.request_id === requestId;
    return {
      status: res.status,
      code: parsed.code as string | undefined,
      errors: parsed.errors as FieldError[] | undefined,
      wellFormedError,
      raw,
    };
  }
  const res = await h.as(secret, `/trpc/${TRPC[op]}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(id === undefined ? body : { id, ...body }),
  });
  const raw = await res.text();
  const parsed = JSON.parse(raw) as {
    result?: { data: { data: Json } };
    error?: { message: string; data: { code: string; httpStatus: number; errors?: FieldError[] } };
  };
  if (res.status === 200 && parsed.result) return { status: 200, data: parsed.result.data.data, raw };
  const error = parsed.error;
  return {
    status: res.status,
    code: error?.data.code,
    errors: error?.data.errors,
    wellFormedError:
      error !== undefined &&
      (res.headers.get('content-type') ?? '').startsWith('application/json') &&
      error.data.httpStatus === res.status &&
      typeof error.message === 'string',
    raw,
  };
}

/** GET /v1/employees/{id} or /v1/leave-requests/{id}: the stored record as a later read sees it. */
export async function readBack(h: TestServer, secret: string, kind: 'employee' | 'leave', id: string): Promise<Json> {
  const res = await h.as(secret, `/v1/${kind === 'employee' ? 'employees' : 'leave-requests'}/${id}`);
  const raw = await res.text();
  if (res.status !== 200) throw new Error(`read back ${kind} ${id}: ${res.status} ${raw}`);
  return (JSON.parse(raw) as { data: Json }).data;
}
