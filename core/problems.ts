import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { DomainError, type FieldError } from './domainError.js';

/**
 * The one registry of problem codes and the one place that maps them to HTTP (decisions §2): the
 * codes of business rules (core/domainError.ts; ApiError.from does not compile when one is missing
 * here) and those of the API itself. The tRPC error formatter, the problem+json writer, the
 * OpenAPI document and the /problems pages all read it. Extend it; never rename a code.
 */
export const problemCodes = {
  invalid_query_parameter: { status: 400, title: 'Invalid query parameter' },
  invalid_cursor: { status: 400, title: 'Invalid cursor' },
  invalid_id: { status: 400, title: 'Invalid id' },
  invalid_json: { status: 400, title: 'Invalid JSON' },
  invalid_body: { status: 400, title: 'Invalid request body' },
  invalid_idempotency_key: { status: 400, title: 'Invalid idempotency key' },
  invalid_header: { status: 400, title: 'Invalid header' },
  batch_too_large: { status: 400, title: 'Batch too large' },
  unauthorized: { status: 401, title: 'Credential required' },
  invalid_credential: { status: 401, title: 'Invalid credential' },
  insufficient_scope: { status: 403, title: 'Insufficient scope' },
  actor_not_hr_admin: { status: 403, title: 'Actor is not an HR admin' },
  actor_not_permitted: { status: 403, title: 'Actor not permitted' },
  // A write with an employee's own token naming another actor (decisions §20).
  actor_mismatch: { status: 403, title: 'Actor is not the signed-in employee' },
  // A CORS preflight from an origin the service does not allow (server/http/pipeline/edge.ts, decisions §20).
  cors_origin_not_allowed: { status: 403, title: 'Origin not allowed' },
  not_found: { status: 404, title: 'Not found' },
  actor_not_found: { status: 404, title: 'Actor not found' },
  employee_not_found: { status: 404, title: 'Employee not found' },
  leave_type_not_found: { status: 404, title: 'Leave type not found' },
  manager_not_found: { status: 404, title: 'Manager not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  // Written by the HTTP server itself, before any route runs (server/http/httpServer.ts).
  request_timeout: { status: 408, title: 'Request timeout' },
  email_taken: { status: 409, title: 'E-mail already taken' },
  employee_id_taken: { status: 409, title: 'Employee code already taken' },
  invalid_leave_transition: { status: 409, title: 'Invalid leave transition' },
  webhook_endpoint_disabled: { status: 409, title: 'Webhook endpoint disabled' },
  idempotency_key_reused: { status: 409, title: 'Idempotency key reused' },
  idempotency_key_in_use: { status: 409, title: 'Idempotency key in use' },
  // An event log position older than the events kept (decisions §19): copy again, then follow.
  event_position_expired: { status: 410, title: 'Event position expired' },
  precondition_failed: { status: 412, title: 'Precondition failed' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  seat_limit_reached: { status: 422, title: 'Seat limit reached' },
  insufficient_leave_balance: { status: 422, title: 'Insufficient leave balance' },
  overlapping_leave_request: { status: 422, title: 'Overlapping leave request' },
  webhook_endpoint_limit_reached: { status: 422, title: 'Webhook endpoint limit reached' },
  rate_limited: { status: 429, title: 'Rate limited' },
  // Written by the HTTP server itself, before any route runs (server/http/httpServer.ts).
  request_header_fields_too_large: { status: 431, title: 'Request header fields too large' },
  malformed_request: { status: 400, title: 'Malformed request' },
  // OAuth 2.0 token endpoint errors (RFC 6749 §5.2); `code` is the OAuth `error`.
  invalid_request: { status: 400, title: 'Invalid token request' },
  invalid_client: { status: 401, title: 'Client authentication failed' },
  invalid_grant: { status: 400, title: 'Invalid grant' },
  unsupported_grant_type: { status: 400, title: 'Unsupported grant type' },
  invalid_scope: { status: 400, title: 'Invalid scope' },
  internal_error: { status: 500, title: 'Internal error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof problemCodes;

export interface ApiErrorOptions {
  detail?: string;
  /**
   * The detail in the words of a /trpc caller, when REST's speak of what tRPC has not (a path, a
   * query parameter, a request body): the tRPC error formatter's message (core/trpc.ts).
   */
  trpcDetail?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  cause?: unknown;
}

const trpcCodeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  // tRPC has no 410: its nearest is 404; `data.httpStatus` and the HTTP status say 410.
  410: 'NOT_FOUND',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  // tRPC has no 431; the HTTP server alone answers it, never a procedure.
  431: 'BAD_REQUEST',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * An error as the API answers it: a registry code with its status and title, and the headers that
 * go with it. It is a TRPCError, so /trpc callers get the same HTTP status as REST callers, with
 * `code` in the error's data. Procedures and middleware throw it; business rules throw DomainError,
 * which `ApiError.from` turns into one.
 */
export class ApiError extends TRPCError {
  readonly problemCode: ProblemCode;
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly trpcDetail?: string;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;

  constructor(code: ProblemCode, options: ApiErrorOptions = {}) {
    const { status, title } = problemCodes[code];
    super({ code: trpcCodeByStatus[status], message: options.detail ?? title, cause: options.cause });
    this.problemCode = code;
    this.status = status;
    this.title = title;
    this.detail = options.detail;
    this.trpcDetail = options.trpcDetail;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  /**
   * What the API answers for `error`: itself when already an ApiError, the mapping of a DomainError,
   * 503 for a database outage or timeout; undefined for anything else (a bug: 500, logged).
   */
  static from(error: unknown): ApiError | undefined {
    if (error instanceof ApiError) return error;
    if (error instanceof DomainError) {
      return new ApiError(error.code, {
        detail: error.detail,
        errors: error.errors,
        headers: error.headers,
        cause: error,
      });
    }
    if (isDatabaseUnavailable(error)) return databaseUnavailable();
    return undefined;
  }
}

/** The RFC 9457 members of a problem document, before the request id is known. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  errors?: FieldError[];
  request_id?: string;
}

function problemTypeUri(baseUrl: string, code: string): string {
  return `${baseUrl}/problems/${code}`;
}

export function toProblem(error: ApiError, baseUrl: string, requestId: string): ProblemBody {
  return {
    type: problemTypeUri(baseUrl, error.problemCode),
    title: error.title,
    status: error.status,
    code: error.problemCode,
    ...(error.detail ? { detail: error.detail } : {}),
    ...(error.errors ? { errors: error.errors } : {}),
    request_id: requestId,
  };
}

/** Network and server-state failures of the database connection (not query errors). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * The session timeouts of decisions §16 (db/orm.ts): a statement cancelled by statement_timeout
 * (57014 query_canceled), a lock not granted within lock_timeout (55P03 lock_not_available), a
 * session ended by idle_in_transaction_session_timeout (25P03). The database is overloaded or a
 * lock is held too long: like an outage, the caller should retry shortly (503), it is not a bug (500).
 */
const TIMEOUT_CODES = new Set(['57014', '55P03', '25P03']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: string }).code;
    if (code && (UNAVAILABLE_CODES.has(code) || TIMEOUT_CODES.has(code))) return true;
    if (
      e.name === 'ConnectionException' ||
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|is not queryable/i.test(
        e.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

function databaseUnavailable(): ApiError {
  return new ApiError('service_unavailable', {
    detail: 'The database is not answering; retry shortly.',
    headers: { 'Retry-After': '1' },
  });
}
