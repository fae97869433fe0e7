import type { ApiError } from '../../core/problems.js';

/** What a /v1 procedure answered, before it is written (and, for writes, stored for replay). */
export interface RestOutcome {
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
  error?: ApiError;
}
