// What a call throws when it cannot answer `{ data, error }`, one class per kind of failure so that a
// `catch` can tell them apart with `instanceof`:
// - WorkforceError: the API refused the call with a problem document (thrown by paginate and the OAuth
//   token request; GET/POST/… answer it as `error` instead);
// - WorkforceHttpError: an error answer that is no problem document (a proxy's HTML 502);
// - WorkforceTimeoutError: the client's `timeout` or `totalTimeout` ran out;
// - WorkforceNetworkError: no answer at all (DNS, a refused or reset connection).
// A caller's own AbortSignal rejects with the signal's reason, none of these.
import type { components, paths } from './openapi.js';

/** A problem document (RFC 9457) as the API answers every error, `code` one of the registry. */
export type Problem = components['schemas']['Problem'];
/** Every problem code of the registry. */
export type ProblemCode = Problem['code'];

/** What a JSON error body must have to be read as a problem document. */
export function isProblem(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string';
}

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
/** The paths that have `M`: `'/v1/employees'` for POST, not `'/v1/employees/{id}'`. */
type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P][Lowercase<M>] extends { responses: object } ? P : never;
}[keyof paths];
type ContentOf<Answer> = Answer extends { content: infer Content } ? Content[keyof Content] : never;
/** The problem documents `M P` documents, one per 4xx/5xx answer, each `code` narrowed to that answer's codes. */
export type OperationProblem<M extends Method, P extends PathWith<M>> = paths[P][Lowercase<M>] extends {
  responses: infer Answers;
}
  ? {
      [S in keyof Answers]: `${S & number}` extends `4${string}` | `5${string}` ? ContentOf<Answers[S]> : never;
    }[keyof Answers]
  : never;

/** The call a WorkforceError answers, as the client was asked for it: `{ method: 'GET', path: '/v1/employees' }`. */
interface Operation {
  method: Method;
  path: string;
}

export class WorkforceError extends Error {
  // string, not the literal: a subclass names itself (EventPositionExpiredError).
  override readonly name: string = 'WorkforceError';
  /** The HTTP status. */
  readonly status: number;
  /** The problem document. */
  readonly problem: Problem;
  /** The problem's `code`. */
  readonly code: ProblemCode;
  /** The X-Request-Id answer header (equal to the problem's `request_id`): quote it to support. */
  readonly requestId: string | undefined;
  /** The call that was refused, when the client knows it (paginate, the token request). */
  readonly operation: Operation | undefined;
  readonly response: Response;

  constructor(response: Response, problem: Problem, operation?: Operation) {
    super(`${response.status} ${problem.code}${problem.detail ? `: ${problem.detail}` : ''}`);
    this.status = response.status;
    this.problem = problem;
    this.code = problem.code;
    this.requestId = response.headers.get('x-request-id') ?? problem.request_id;
    this.operation = operation;
    this.response = response;
  }
}

/**
 * `failure` is a WorkforceError of `method path` (`'GET', '/v1/leave-requests'`): its `code` and
 * `problem` then have the types of the codes that operation documents, as `error` of a call has.
 */
export function isWorkforceError<M extends Method, P extends PathWith<M>>(
  failure: unknown,
  method: M,
  path: P,
): failure is WorkforceError & {
  readonly code: NonNullable<OperationProblem<M, P>['code']>;
  readonly problem: OperationProblem<M, P>;
} {
  return failure instanceof WorkforceError && failure.operation?.method === method && failure.operation.path === path;
}

/** How much of a body that is no problem document a WorkforceHttpError keeps. */
const BODY_EXCERPT_BYTES = 4096;

/** An error answer whose body is no problem document: a proxy's or load balancer's page, say. */
export class WorkforceHttpError extends Error {
  override readonly name = 'WorkforceHttpError';
  readonly status: number;
  /** The answer's Content-Type, if it had one. */
  readonly contentType: string | undefined;
  /** The body's first 4 KiB as text. */
  readonly body: string;
  /** The X-Request-Id answer header, when the answer came from the API at all. */
  readonly requestId: string | undefined;
  readonly response: Response;

  constructor(response: Response, body: Uint8Array) {
    const contentType = response.headers.get('content-type') ?? undefined;
    super(
      `${response.status} ${response.statusText || 'error'}: not a problem document (${contentType ?? 'no content type'})`,
    );
    this.status = response.status;
    this.contentType = contentType;
    this.body = new TextDecoder().decode(body.subarray(0, BODY_EXCERPT_BYTES));
    this.requestId = response.headers.get('x-request-id') ?? undefined;
    this.response = response;
  }
}

/** The client's `timeout` ran out on the last attempt, or its `totalTimeout` on the call. */
export class WorkforceTimeoutError extends Error {
  override readonly name = 'WorkforceTimeoutError';
  /** The attempts made, the one that timed out included. */
  readonly attempts: number;

  constructor(attempts: number, cause: unknown) {
    super(`timed out after ${attempts} attempt${attempts === 1 ? '' : 's'}`, { cause });
    this.attempts = attempts;
  }
}

/** No answer: the request could not be sent or its answer not received (`cause` says why). */
export class WorkforceNetworkError extends Error {
  override readonly name = 'WorkforceNetworkError';
  /** The attempts made, the failed one included. */
  readonly attempts: number;

  constructor(attempts: number, cause: unknown) {
    super(`network error after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${String(cause)}`, { cause });
    this.attempts = attempts;
  }
}
