/**
 * The idempotency step of every write (decisions §6): the fingerprint, and the write run in one
 * transaction with its stored answer (replayed, or 409 reused/in use), around the procedure step.
 * The key's format is the body step's (pipeline/body.ts).
 */
import { createHash } from 'node:crypto';
import type { RequestState } from '../../../core/context.js';
import { ApiError } from '../../../core/problems.js';
import type { Scope } from '../../../core/scopes.js';
import type { Meta } from '../../../core/trpc.js';
import type { EntityManager } from '../../../db/orm.js';
import { deleteInBatches } from '../../../db/purge.js';
import {
  openSecretsInJson,
  type SecretKeyRing,
  sealSecretsInJson,
  UnknownSecretKeyError,
} from '../../../db/secrets.js';
import { namedStatement, runStatement } from '../../../db/statements.js';
import { REPLAYED_HEADER, type RestOutcome } from '../outcome.js';

const RETENTION_HOURS = 24;
/** Expired keys deleted per statement by the purge. */
const PURGE_BATCH = 1000;

/** Business outcomes a replay must reproduce; validation, auth, rate limits and 5xx are not kept. */
const STORED_ERROR_STATUSES = new Set([404, 409, 422]);

/** JSON with object keys sorted, so that key order does not change a fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

function isSuccess(outcome: RestOutcome): boolean {
  return outcome.status < 400;
}

interface StoredKey {
  fingerprint: string;
  response_status: number | null;
  response_body: string | null;
  /** Space-separated; null on answers stored before decisions §21 (the operation's scope alone). */
  required_scopes: string | null;
  /** Past retention (not yet purged): treated as absent. */
  stale: boolean;
}

function inUse(): ApiError {
  return new ApiError('idempotency_key_in_use', {
    detail: 'A request with this Idempotency-Key is still being processed; retry shortly.',
    headers: { 'Retry-After': '1' },
  });
}

/** A write as the idempotency layer sees it, on /v1 or /trpc. */
export interface WriteRequest {
  method: string;
  /** The path the fingerprint covers: the /v1 route's path, or `/trpc/<procedure>` (`?batch=1`). */
  path: string;
  body: unknown;
  key: string | undefined;
  /** The scope the operation demands: a stored response is replayed only to a credential with it. */
  scope: Scope | undefined;
  /**
   * The operation's work before its transaction (core/trpc.ts Meta `beforeTransaction`: a webhook
   * URL's DNS lookup), run on the body with no connection held, for a credential the operation admits.
   */
  beforeTransaction: Meta['beforeTransaction'];
  /** How the surface labels an error body, for a replayed refusal. */
  errorContentType: string;
}

/**
 * Runs a write (/v1, or a single /trpc mutation) in one database transaction. With an Idempotency-Key, that transaction first
 * takes a transaction-scoped advisory lock on (tenant, key): a second request with the key while
 * the first runs is 409 idempotency_key_in_use, and the lock disappears with the transaction, so a
 * crashed or cut-off request never leaves the key stuck. The outcome is stored in that same
 * transaction, under that same lock: a success with its write, a business refusal after rolling
 * its write back to a savepoint. So whatever the order of two racing requests, the stored outcome
 * is the one that actually happened, and a committed write always has its own outcome under its
 * key. A retry replays the stored status and body byte for byte with `Idempotent-Replayed: true`.
 */
export async function executeWrite(
  state: RequestState,
  request: WriteRequest,
  execute: () => Promise<RestOutcome>,
): Promise<RestOutcome> {
  const em = state.em;
  const credential = state.auth.state === 'authenticated' ? state.auth.credential : undefined;
  // Without a tenant there is nothing to scope a key to: the procedure answers 401 itself. Without
  // the operation's scope, the procedure answers 403: a stored response is never replayed to it.
  const { scope } = request;
  const admitted = credential !== undefined && (!scope || credential.scopes.includes(scope));
  const key = admitted ? request.key : undefined;
  const tenantId = credential?.tenantId as string;
  const print = key ? fingerprint(request.method, request.path, request.body) : '';
  // Whatever may wait on the network waits here, holding no database connection (decisions §21).
  if (admitted && !state.inputError && request.beforeTransaction) await request.beforeTransaction(request.body, state);
  const keys = state.services.env.secretKeys;
  let replay: StoredOutcome | undefined;
  await em.begin();
  try {
    if (key) {
      const stored = await lockKey(em, tenantId, key, print, request.errorContentType);
      if (stored === KEY_REUSED) {
        // A request that is wrong by itself says so first (400/413/415, decisions §1); else 409.
        // It runs to find out, and nothing of it is kept.
        const outcome = await execute();
        if (!INPUT_REFUSALS.has(outcome.status)) throw reused(); // rolled back below
        await em.rollback();
        return outcome;
      }
      replay = stored;
      if (!replay) await em.execute(`savepoint ${WRITE_SAVEPOINT}`);
    }
    if (!replay) {
      const outcome = await execute();
      if (isSuccess(outcome)) {
        if (key) await store(em, tenantId, key, print, outcome, keys, demandedBy(request, state));
        await em.commit();
      } else if (key && STORED_ERROR_STATUSES.has(outcome.status)) {
        // The refusal is kept for replay; nothing of its write is.
        await em.execute(`rollback to savepoint ${WRITE_SAVEPOINT}`);
        await store(em, tenantId, key, print, outcome, keys, demandedBy(request, state));
        await em.commit();
      } else {
        await em.rollback();
      }
      return outcome;
    }
    await em.rollback();
  } catch (error) {
    if (em.isInTransaction()) await em.rollback();
    throw error;
  }
  return replayed(state, replay, credential?.scopes ?? []);
}

/** The scopes a write demanded: its operation's and those its domain checks asked for (scopeGrant). */
function demandedBy(request: WriteRequest, state: RequestState): Scope[] {
  const demanded = new Set(state.demandedScopes);
  if (request.scope) demanded.add(request.scope);
  return [...demanded];
}

/**
 * A stored answer as a replay gives it (decisions §21): only to a credential holding every scope
 * the write demanded (else the 403 a fresh request would get, and nothing of the answer), and with
 * a sealed secret opened; a secret sealed under a key this node lacks is 503, its key id logged.
 */
function replayed(state: RequestState, replay: StoredOutcome, held: readonly Scope[]): RestOutcome {
  const missing = replay.requiredScopes.filter((scope) => !held.includes(scope));
  if (missing.length) {
    throw new ApiError('insufficient_scope', {
      detail: `This request needs the scope(s) ${missing.join(', ')}.`,
      headers: {
        'WWW-Authenticate': `Bearer realm="workforce", error="insufficient_scope", scope="${missing.join(' ')}"`,
      },
    });
  }
  try {
    return { ...replay.outcome, body: openSecretsInJson(replay.outcome.body, state.services.env.secretKeys) };
  } catch (error) {
    if (!(error instanceof UnknownSecretKeyError)) throw error;
    state.services.logger.error(
      { request_id: state.requestId, key_id: error.keyId },
      'an idempotent replay holds a secret sealed under a key this node lacks',
    );
    throw new ApiError('service_unavailable', {
      detail: 'The stored answer to this Idempotency-Key cannot be read on this node; retry shortly.',
      headers: { 'Retry-After': '1' },
    });
  }
}

const WRITE_SAVEPOINT = 'idempotent_write';

/** A key already used with another method, path or body. */
const KEY_REUSED = 'reused';

/** Statuses of a request that is wrong by itself (decisions §1: query and body), before any key conflict. */
const INPUT_REFUSALS = new Set([400, 413, 415]);

function reused(): ApiError {
  return new ApiError('idempotency_key_reused', {
    detail: 'This Idempotency-Key was used with a different method, path or body.',
  });
}

/** A transaction-scoped advisory lock on the (tenant, key): false when another transaction holds it. */
const LOCK_KEY = namedStatement('select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked');
const STORED_KEY = namedStatement(`
  select fingerprint, response_status, response_body, required_scopes, created_at < now() - make_interval(hours => ?) as stale
    from idempotency_keys where tenant_id = ? and key = ?`);
const FORGET_KEY = namedStatement('delete from idempotency_keys where tenant_id = ? and key = ?');
const STORE_KEY = namedStatement(`
  insert into idempotency_keys (tenant_id, key, fingerprint, response_status, response_body, required_scopes)
  values (?, ?, ?, ?, ?, ?)`);

/**
 * Locks the key for this transaction; returns the stored response when there is one to replay, or
 * KEY_REUSED when the key was stored for another request.
 */
async function lockKey(
  em: EntityManager,
  tenantId: string,
  key: string,
  print: string,
  errorContentType: string,
): Promise<StoredOutcome | typeof KEY_REUSED | undefined> {
  const [{ locked }] = await runStatement<{ locked: boolean }>(em, LOCK_KEY, [`idempotency:${tenantId}:${key}`]);
  if (!locked) throw inUse();
  const [row] = await runStatement<StoredKey>(em, STORED_KEY, [RETENTION_HOURS, tenantId, key]);
  if (!row) return undefined;
  if (row.stale) {
    await runStatement(em, FORGET_KEY, [tenantId, key]);
    return undefined;
  }
  if (row.fingerprint !== print) return KEY_REUSED;
  const status = row.response_status ?? 200;
  return {
    outcome: {
      status,
      contentType: status >= 400 ? errorContentType : 'application/json',
      body: row.response_body ?? '',
      headers: { [REPLAYED_HEADER]: 'true' },
    },
    requiredScopes: (row.required_scopes ?? '').split(' ').filter(Boolean) as Scope[],
  };
}

/** A stored answer, and the scopes its write demanded (decisions §21). */
interface StoredOutcome {
  outcome: RestOutcome;
  requiredScopes: Scope[];
}

/**
 * Under the key's lock, with no row for it left (lockKey): a conflict here is a bug, and fails the
 * write. A `whsec_` secret in the answer is stored sealed under `keys` (decisions §18), beside the
 * scopes the write demanded (decisions §21).
 */
async function store(
  em: EntityManager,
  tenantId: string,
  key: string,
  print: string,
  outcome: RestOutcome,
  keys: SecretKeyRing,
  requiredScopes: readonly Scope[],
) {
  await runStatement(em, STORE_KEY, [
    tenantId,
    key,
    print,
    outcome.status,
    sealSecretsInJson(outcome.body, keys),
    requiredScopes.join(' '),
  ]);
}

/** Deletes keys past their retention; called periodically by the server. */
export async function purgeExpiredKeys(em: EntityManager, batchSize = PURGE_BATCH): Promise<number> {
  // Oldest first, on the created_at index.
  return deleteInBatches(
    em,
    `delete from idempotency_keys where (tenant_id, key) in (
       select tenant_id, key from idempotency_keys
        where created_at < now() - make_interval(hours => ?) order by created_at limit ?
     ) returning key`,
    [RETENTION_HOURS],
    batchSize,
  );
}
