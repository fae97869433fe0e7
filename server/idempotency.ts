import { createHash } from 'node:crypto';
import type { EntityManager } from '../db/orm.js';
import { appRouter } from '../routers/index.js';
import type { RequestState, Scope } from './context.js';
import { ApiError } from './errors.js';
import type { RestOutcome } from './rest.js';
import type { Meta } from './trpc.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const RETENTION_HOURS = 24;
/** An in-flight record whose owner has not finished after this long is taken over. */
export const TAKEOVER_AFTER_S = 60;

/** Business outcomes a replay must reproduce; validation, auth, rate limits and 5xx are not kept. */
const STORED_ERROR_STATUSES = new Set([404, 409, 422]);

/** JSON with object keys sorted, so that key order does not change a fingerprint. */
export function canonicalJson(value: unknown): string {
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

/** The Idempotency-Key header when well formed; a malformed one is 400 invalid_idempotency_key. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!KEY_PATTERN.test(header)) {
    throw new ApiError('invalid_idempotency_key', {
      detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
    });
  }
  return header;
}

interface StoredKey {
  fingerprint: string;
  state: 'in_flight' | 'completed';
  response_status: number | null;
  response_body: string | null;
  locked_at: string;
  expired: boolean;
  stale: boolean;
}

type Claim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: string };

/** Takes the key for this request, or says what to answer instead (decisions §6). */
async function claim(em: EntityManager, tenantId: string, key: string, print: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await em.execute<{ key: string }[]>(
      `insert into idempotency_keys (tenant_id, key, fingerprint, state) values (?, ?, ?, 'in_flight')
       on conflict (tenant_id, key) do nothing returning key`,
      [tenantId, key, print],
    );
    if (inserted.length) return { kind: 'claimed' };
    const [row] = await em.execute<StoredKey[]>(
      `select fingerprint, state, response_status, response_body, locked_at,
              created_at < now() - make_interval(hours => ?) as expired,
              locked_at < now() - make_interval(secs => ?) as stale
         from idempotency_keys where tenant_id = ? and key = ?`,
      [RETENTION_HOURS, TAKEOVER_AFTER_S, tenantId, key],
    );
    if (!row) continue; // purged between the two statements: try the insert again
    if (row.expired) {
      await em.execute(
        'delete from idempotency_keys where tenant_id = ? and key = ? and created_at < now() - make_interval(hours => ?)',
        [tenantId, key, RETENTION_HOURS],
      );
      continue;
    }
    if (row.fingerprint !== print) {
      throw new ApiError('idempotency_key_reused', {
        detail: 'This Idempotency-Key was used with a different method, path or body.',
      });
    }
    if (row.state === 'completed') {
      return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body ?? '' };
    }
    if (row.stale) {
      // The first request's process died mid-flight: its transaction rolled back, so redo the work.
      const taken = await em.execute<{ key: string }[]>(
        `update idempotency_keys set locked_at = now()
          where tenant_id = ? and key = ? and state = 'in_flight' and locked_at = ? returning key`,
        [tenantId, key, row.locked_at],
      );
      if (taken.length) return { kind: 'claimed' };
    }
    throw new ApiError('idempotency_key_in_use', {
      detail: 'A request with this Idempotency-Key is still being processed; retry shortly.',
      headers: { 'Retry-After': '1' },
    });
  }
  throw new ApiError('idempotency_key_in_use', { detail: 'Could not claim the Idempotency-Key; retry shortly.' });
}

let writeScopes: { method: string; pattern: RegExp; scope?: Scope }[] | undefined;

/** The scope the /v1 operation at `method path` demands, read from its procedure's meta. */
function scopeOf(method: string, path: string): Scope | undefined {
  writeScopes ??= Object.values(
    appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>,
  ).flatMap(({ _def: { meta } }) =>
    meta?.openapi
      ? [
          {
            method: meta.openapi.method,
            pattern: new RegExp(`^/v1${meta.openapi.path.replace(/\{[^}]+\}/g, '[^/]+')}/*$`),
            scope: meta.scope,
          },
        ]
      : [],
  );
  return writeScopes.find((r) => r.method === method && r.pattern.test(path))?.scope;
}

function isSuccess(outcome: RestOutcome): boolean {
  return outcome.status < 400;
}

/**
 * Runs a /v1 write in one database transaction. With an Idempotency-Key, the response is stored in
 * that same transaction, so a committed write always has its key and a key never lacks its write;
 * a retry replays the stored status and body byte for byte with `Idempotent-Replayed: true`.
 */
export async function executeWrite(
  state: RequestState,
  request: { method: string; path: string; body: unknown; key: string | undefined },
  execute: () => Promise<RestOutcome>,
): Promise<RestOutcome> {
  const em = state.em;
  const credential = state.auth.state === 'authenticated' ? state.auth.credential : undefined;
  const tenantId = credential?.tenantId;
  // Without a tenant there is nothing to scope a key to: the procedure answers 401 itself. Without
  // the operation's scope, the procedure answers 403: a stored response is never replayed to it.
  const scope = scopeOf(request.method, request.path);
  const key = credential && (!scope || credential.scopes.includes(scope)) ? request.key : undefined;
  const print = fingerprint(request.method, request.path, request.body);
  if (key && tenantId) {
    const claimed = await claim(em, tenantId, key, print);
    if (claimed.kind === 'replay') {
      const error = claimed.status >= 400;
      return {
        status: claimed.status,
        contentType: error ? 'application/problem+json' : 'application/json',
        body: claimed.body,
        headers: { 'Idempotent-Replayed': 'true' },
      };
    }
  }
  let outcome: RestOutcome;
  await em.begin();
  try {
    outcome = await execute();
    if (isSuccess(outcome)) {
      if (key) await complete(em, tenantId as string, key, outcome);
      await em.commit();
      return outcome;
    }
    await em.rollback();
  } catch (error) {
    await em.rollback();
    if (key) await release(em, tenantId as string, key);
    throw error;
  }
  if (key) {
    if (STORED_ERROR_STATUSES.has(outcome.status)) await complete(em, tenantId as string, key, outcome);
    else await release(em, tenantId as string, key);
  }
  return outcome;
}

async function complete(em: EntityManager, tenantId: string, key: string, outcome: RestOutcome) {
  await em.execute(
    `update idempotency_keys set state = 'completed', response_status = ?, response_body = ?
      where tenant_id = ? and key = ?`,
    [outcome.status, outcome.body, tenantId, key],
  );
}

/** Frees a key whose request left nothing worth replaying, so the client may retry with it. */
async function release(em: EntityManager, tenantId: string, key: string) {
  await em.execute(`delete from idempotency_keys where tenant_id = ? and key = ? and state = 'in_flight'`, [
    tenantId,
    key,
  ]);
}

/** Deletes keys past their retention; called periodically by the server. */
export async function purgeExpiredKeys(em: EntityManager): Promise<number> {
  const rows = await em.execute<{ key: string }[]>(
    'delete from idempotency_keys where created_at < now() - make_interval(hours => ?) returning key',
    [RETENTION_HOURS],
  );
  return rows.length;
}
