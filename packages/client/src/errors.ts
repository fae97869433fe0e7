// WorkforceError: an answer of the API that is not a success, thrown where a call cannot hand back
// `{ data, error }` (paginate, the OAuth token request). Not used for network errors or timeouts.
import type { components } from './openapi.js';

/** A problem document (RFC 9457) as the API answers every error, `code` one of the registry. */
export type Problem = components['schemas']['Problem'];

/** What a JSON error body must have to be read as a problem document. */
function isProblem(body: unknown): body is { code: string } {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string';
}

export class WorkforceError<P extends { code: string } = Problem> extends Error {
  override readonly name = 'WorkforceError';
  /** The HTTP status. */
  readonly status: number;
  /** The problem document, when the body was one (a proxy's HTML 502 is not). */
  readonly problem: P | undefined;
  /** The problem's `code`, when there is a problem document. */
  readonly code: P['code'] | undefined;
  /** The X-Request-Id answer header (equal to the problem's `request_id`): quote it to support. */
  readonly requestId: string | undefined;
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    const problem = isProblem(body) ? (body as unknown as P) : undefined;
    const detail = problem && (problem as { detail?: unknown }).detail;
    super(
      `${response.status} ${problem ? problem.code : response.statusText}${typeof detail === 'string' ? `: ${detail}` : ''}`,
    );
    this.status = response.status;
    this.problem = problem;
    this.code = problem?.code;
    this.requestId =
      response.headers.get('x-request-id') ?? (problem as { request_id?: string } | undefined)?.request_id;
    this.response = response;
  }
}
