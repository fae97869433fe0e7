import type { Logger } from 'pino';
import type { EntityManager, Orm } from '../db/orm.js';
import type { SecretKeyRing } from '../db/secrets.js';
import type { CursorCodec } from './cursors.js';
import { ApiError } from './problems.js';
import type { Scope, ScopeGrant } from './scopes.js';
import type { ExpectedVersions } from './versions.js';

/** A presented credential that checked out: who is calling, for which tenant, with which scopes. */
export interface Credential {
  kind: 'api_key' | 'oauth_access_token';
  /** Public id: `key_…` for API keys, the OAuth client id for access tokens. Also the rate-limit key. */
  keyId: string;
  tenantId: string;
  env: 'live' | 'test';
  scopes: readonly Scope[];
  /**
   * An employee's own token, issued to a first-party app at sign-in (decisions §20): the employee's
   * `id`, who acts on its writes. Absent for API keys and client-credentials tokens.
   */
  employeeId?: string;
}

/**
 * The budget a credential spends (decisions §5): its key or client id; an employee's token the
 * employee's own (every first-party app's token shares one client id, and one person signed in on
 * several devices has one budget).
 */
export function rateLimitKey(credential: Credential): string {
  return credential.employeeId ? `employee:${credential.employeeId}` : credential.keyId;
}

/** What the Authorization header amounted to, resolved once per request. */
export type Auth = { state: 'anonymous' } | { state: 'invalid' } | { state: 'authenticated'; credential: Credential };

/** The write an event came from: its X-Request-Id and its Idempotency-Key (null without one). */
export interface WriteOrigin {
  requestId: string;
  idempotencyKey: string | null;
}

/** The settings procedures read (server/main/env.ts parses them, with the rest, at boot). */
export interface ApiSettings {
  PUBLIC_BASE_URL: string;
  RATE_LIMIT_POINTS: number;
  RATE_LIMIT_IP_POINTS: number;
  RATE_LIMIT_DURATION_S: number;
  /** Webhook URLs may be http:// and non-public (development and tests; routers/webhooks/webhookUrls.ts). */
  WEBHOOK_ALLOW_PRIVATE_URLS: boolean;
  /** Test events per webhook endpoint per minute (decisions §18). */
  WEBHOOK_TEST_LIMIT: number;
  /** The keys webhook signing secrets are sealed with at rest (decisions §18; db/secrets.ts). */
  secretKeys: SecretKeyRing;
}

/** Long-lived collaborators of one server process. */
export interface Services {
  env: ApiSettings;
  orm: Orm;
  cursors: CursorCodec;
  logger: Logger;
}

/**
 * A request's state from the credential on (server/http/pipeline/credential.ts makes it): the tRPC
 * context, handed to each later step and to the procedure as an argument.
 */
export interface RequestState {
  requestId: string;
  auth: Auth;
  /** A fork of the entity manager for this request alone, made on first use (requestState). */
  readonly em: EntityManager;
  /**
   * What the request's statements run through (its tenant reader): the request's fork once it has
   * one, which may hold the request's transaction; until then the ORM's own entity manager, which
   * runs a statement on a pooled connection, or in the transaction of an `em.transactional` it is
   * called within. A read that only runs statements never forks.
   */
  readonly statementEm: EntityManager;
  services: Services;
  /**
   * A malformed path id (400 invalid_id), else a body or Idempotency-Key that could not be read
   * (413/415/invalid JSON/invalid key): found before the procedure, thrown after auth and scope checks.
   */
  inputError?: ApiError;
  /**
   * The write's Idempotency-Key, set where the pipeline parses it (server/http/pipeline/body.ts, server/http/trpcEndpoint.ts);
   * absent on reads and on writes sent without one. Recorded on the write's events (decisions §14).
   */
  idempotencyKey?: string;
  /**
   * The versions a conditional write's If-Match accepts (decisions §19), parsed by the pipeline for
   * an operation that takes it (server/http/conditional.ts); undefined: unconditional.
   */
  ifMatch?: ExpectedVersions;
  /**
   * A rate-limit refusal decided before any procedure ran: the first `admitted` procedures of the
   * request (a tRPC batch has several) still run, every later one throws `rejection` first thing.
   */
  refusal?: { admitted: number; rejection: ApiError };
  /**
   * Scopes a write's domain checks demanded beyond its operation's (scopeGrant), made on first use:
   * stored with its Idempotency-Key's answer (server/http/pipeline/idempotency.ts).
   */
  demandedScopes?: Set<Scope>;
  /**
   * A host name's addresses as a write's checks get them: answered from what the write looked up
   * before its transaction (Meta `beforeTransaction`), asking DNS for any other name.
   */
  resolveHost?: (host: string) => Promise<string[]>;
}

/**
 * A request's state, its entity manager forked on first use: a fork is a unit of work, an identity
 * map and their helpers, which a read that runs statements alone never uses (about 2 % of a get's
 * CPU, and more of its garbage). The getters are the state's own properties, so a copy of the
 * state (`{ ...state }`) still has them, but copying reads `em`, and so forks.
 */
export function requestState(fields: Omit<RequestState, 'em' | 'statementEm'>): RequestState {
  let fork: EntityManager | undefined;
  const orm = fields.services.orm;
  return {
    ...fields,
    get em() {
      fork ??= orm.em.fork();
      return fork;
    },
    get statementEm() {
      return fork ?? orm.em;
    },
  };
}

export type Context = RequestState;

/** The request's credential's scopes as a domain check takes them, recording what it demands on the request. */
export function scopeGrant(state: RequestState & { credential: Credential }): ScopeGrant {
  state.demandedScopes ??= new Set();
  return { held: state.credential.scopes, demanded: state.demandedScopes };
}

/** Where a write's events come from (decisions §14): its X-Request-Id and its Idempotency-Key or null. */
export function writeOrigin(state: Pick<RequestState, 'requestId' | 'idempotencyKey'>): WriteOrigin {
  return { requestId: state.requestId, idempotencyKey: state.idempotencyKey ?? null };
}

/**
 * Runs `read` (a write's path id, body and Idempotency-Key); a refusal it throws becomes the
 * request's `inputError`, which each procedure throws after the credential and scope checks
 * (decisions §1), and the result is undefined.
 */
export async function deferInputError<T>(state: RequestState, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    state.inputError = error;
    return undefined;
  }
}
