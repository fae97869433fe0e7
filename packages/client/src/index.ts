// @workforce/client: the Workforce REST API for TypeScript and JavaScript. This file only names what
// the package exports; the server's code is not in it.
export {
  type ClientOptions,
  createClient,
  type ListItem,
  type ListPage,
  type ListPath,
  type Pagination,
  type WorkforceClient,
} from './client.js';
export {
  isWorkforceError,
  type OperationProblem,
  type Problem,
  type ProblemCode,
  WorkforceError,
  WorkforceHttpError,
  WorkforceNetworkError,
  WorkforceTimeoutError,
} from './errors.js';
export { type EventOf, EventPositionExpiredError, type FollowOptions } from './follow.js';
export type { OAuthOptions, TokenError } from './oauth.js';
// Every type openapi-typescript generates from the document: paths, components, operations, webhooks.
export type * from './openapi.js';
export type { RetryEvent } from './transport.js';
// A name for each record, request body and query of the document (Employee, EmployeesCreateBody, ...).
export type * from './types.js';
export {
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhooks.js';
