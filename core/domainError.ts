/**
 * The codes a business rule may refuse with. They are part of the public contract (the `code` of
 * a problem document), and core/problems.ts maps each one to its HTTP status and title: a code added
 * here and not there fails the typecheck. Extend; never rename a code.
 */
const DOMAIN_ERROR_CODES = [
  'invalid_body',
  'invalid_query_parameter',
  'invalid_cursor',
  'not_found',
  'employee_not_found',
  'leave_type_not_found',
  'manager_not_found',
  'actor_not_found',
  'actor_not_hr_admin',
  'actor_not_permitted',
  'email_taken',
  'employee_id_taken',
  'invalid_leave_transition',
  // A conditional write's If-Match names another version than the record's (decisions §19).
  'precondition_failed',
  'seat_limit_reached',
  'insufficient_leave_balance',
  'overlapping_leave_request',
  'webhook_endpoint_limit_reached',
  'webhook_endpoint_disabled',
  // A position in the event log older than the events kept (decisions §19).
  'event_position_expired',
  // A rule that depends on the body (a webhook subscription needs the types' read scopes, decisions §18).
  'insufficient_scope',
  // A limit a rule counts in the database (POST …/test per endpoint, decisions §18); with Retry-After.
  'rate_limited',
  // OAuth 2.0 grants (RFC 6749 §5.2): the code is the OAuth `error`.
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_scope',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** One problem with one input field: `path` is the field's dotted path. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * What a business rule throws: a code from the list above and a sentence for the caller. It knows
 * nothing of HTTP or tRPC; the API layer turns it into a status and a problem document (core/problems.ts),
 * the CLI prints it.
 */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly detail?: string;
  readonly errors?: FieldError[];
  /** What the answer must carry beside it (`Retry-After`, `WWW-Authenticate`), named as HTTP names them. */
  readonly headers?: Record<string, string>;

  constructor(
    code: DomainErrorCode,
    options: { detail?: string; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(options.detail ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}
