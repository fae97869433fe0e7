/**
 * The origins of registered first-party apps as CORS's origin policy (decisions §20: allowed "with
 * no further setting, at once on every running node"). `wfm app create` writes them to the database
 * from another process, so every node reads them from there: the set of every app's origins, in one
 * small statement, kept in memory briefly. An origin not in the set reads it again once it is
 * REFUSAL_FRESH_MS old, so a new app's origin is allowed within that time on every node, and a page
 * of an unknown origin costs at most one read per REFUSAL_FRESH_MS per node, whoever sends it.
 */
import type { Orm } from '../../db/orm.js';
import { firstPartyAppOrigins } from '../../routers/credentials/firstPartyApps.writes.js';
import type { OriginPolicy } from './pipeline/edge.js';

/** A refusal is decided on a set at most this old. */
const REFUSAL_FRESH_MS = 250;
/** An allowance on a set at most this old (apps are not revoked yet; when they are, this bounds the delay). */
const ALLOWANCE_FRESH_MS = 60_000;

/** The policy of every registered app's origins, read from the database as above. */
export function registeredAppOrigins(orm: Orm): OriginPolicy {
  let origins = new Set<string>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const read = () => {
    // One read at a time, whoever asks meanwhile waits for it.
    reading ??= firstPartyAppOrigins(orm.em)
      .then(
        (fresh) => {
          origins = fresh;
          readAt = performance.now();
        },
        () => {
          // The database is out: answer from the set last read, and try again after the same wait.
          readAt = performance.now();
        },
      )
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  return async (origin) => {
    const age = performance.now() - readAt;
    if (origins.has(origin) && age < ALLOWANCE_FRESH_MS) return true;
    if (age >= REFUSAL_FRESH_MS) await read();
    return origins.has(origin);
  };
}

/** Allowed by any of `policies` (CORS_ORIGINS first: no database read for the configured ones). */
export function anyOrigin(...policies: OriginPolicy[]): OriginPolicy {
  return async (origin) => {
    for (const allows of policies) if (await allows(origin)) return true;
    return false;
  };
}
