/**
 * A node's cache of the credentials it has resolved, by token hash (decisions §3), as pure rules on
 * a clock: what it serves and for how long, and when it serves nothing. The database side (the
 * node's lease, the wait of a write that revokes) is credentialCache.writes.ts; the connection that
 * hears of changes and renews the lease is server/main/credentialNotices.ts.
 *
 * A revocation is immediate on every node because the cache is emptied on every change the node
 * hears of before the change's writer answers, and because the node serves from it only while its
 * lease holds: a node that may have missed a change (its connection lost, its lease not renewed)
 * bypasses the cache and forgets it. The TTL and each credential's own expiry bound an entry besides.
 */
import type { Auth } from '../../core/context.js';

/** A credential that checked out: what the cache keeps. */
export type Authenticated = Extract<Auth, { state: 'authenticated' }>;

export interface CacheLimits {
  /** Credentials kept at most; the least recently used goes first. */
  maxEntries: number;
  /** An entry is looked up again after this, whatever else: a second line of defence. */
  ttlMs: number;
  /** How long a node's lease holds from when its renewal was sent (credential_cache_nodes.lease_until). */
  leaseMs: number;
  /** The node stops serving this much before its lease ends, for clocks that do not tick alike. */
  leaseMarginMs: number;
  /** An API key's last_used_at is written at most once per this (decisions §3: a minute). */
  touchMs: number;
}

export const CACHE_LIMITS: CacheLimits = {
  maxEntries: 5000,
  ttlMs: 60_000,
  leaseMs: 3000,
  leaseMarginMs: 250,
  touchMs: 60_000,
};

/** How often a node renews its lease: three times within it, so one late renewal does not end it. */
export const RENEW_EVERY_MS = CACHE_LIMITS.leaseMs / 3;

interface Entry {
  auth: Authenticated;
  /** Served until then (the clock's ms): the TTL or the credential's own expiry, whichever comes first. */
  until: number;
  /** An API key's row and when its last_used_at is next due. */
  touch?: { keyRowId: string; dueAt: number };
}

/** A lookup under way: the cache's generation and the clock when it began. */
export interface Lookup {
  generation: number;
  startedAt: number;
}

/** A renewal of the lease under way: when it was sent, on which connection (counted by losses). */
export interface Renewal {
  sentAt: number;
  losses: number;
}

/** Deeply frozen: one object handed to every request that presents the credential. */
function frozen(auth: Authenticated): Authenticated {
  Object.freeze(auth.credential.scopes);
  Object.freeze(auth.credential);
  return Object.freeze(auth);
}

export class CredentialCache {
  readonly #entries = new Map<string, Entry>();
  /** Moves on at each clear: a lookup begun before is not stored (it may have read what the clear is for). */
  #generation = 0;
  #losses = 0;
  /** Served from until then: the lease as last renewed, less the margin; never before the first renewal. */
  #servingUntil = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limits: CacheLimits = CACHE_LIMITS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The entry of `hash` when the cache serves and the entry is fresh; the most recently used from now. */
  get(hash: string): Entry | undefined {
    const now = this.clock();
    if (!this.#serving(now)) return undefined;
    const entry = this.#entries.get(hash);
    if (!entry) return undefined;
    this.#entries.delete(hash);
    if (now >= entry.until) return undefined;
    this.#entries.set(hash, entry);
    return entry;
  }

  /** The key row whose last_used_at is due on this hit, if any; then not again for touchMs. */
  touchDue(entry: Entry): string | undefined {
    const now = this.clock();
    if (!entry.touch || now < entry.touch.dueAt) return undefined;
    entry.touch.dueAt = now + this.limits.touchMs;
    return entry.touch.keyRowId;
  }

  /** A lookup about to begin (a miss): what `store` needs to know whether its answer may be kept. */
  lookup(): Lookup {
    return { generation: this.#generation, startedAt: this.clock() };
  }

  /**
   * Keeps what `lookup` found, for its TTL or the `validMs` the database gave it (null: no expiry),
   * counted from when the lookup began; unless the cache was cleared meanwhile, or does not serve.
   * `keyRowId`: an API key's row, whose last_used_at the lookup has written if it was due.
   */
  store(hash: string, lookup: Lookup, auth: Authenticated, validMs: number | null, keyRowId: string | undefined): void {
    if (lookup.generation !== this.#generation || !this.#serving(this.clock())) return;
    const lifetime = Math.min(this.limits.ttlMs, validMs ?? Number.POSITIVE_INFINITY);
    if (!(lifetime > 0)) return;
    this.#entries.delete(hash);
    this.#entries.set(hash, {
      auth: frozen(auth),
      until: lookup.startedAt + lifetime,
      touch: keyRowId ? { keyRowId, dueAt: lookup.startedAt + this.limits.touchMs } : undefined,
    });
    if (this.#entries.size > this.limits.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
  }

  /** A change was heard of (or may have been missed): every entry goes, and no lookup begun before is kept. */
  clear(): void {
    this.#entries.clear();
    this.#generation++;
  }

  /** A renewal of the lease about to be sent. */
  renewal(): Renewal {
    return { sentAt: this.clock(), losses: this.#losses };
  }

  /**
   * `renewal` has answered: the lease holds until at least leaseMs after it was sent (the database
   * counts from when it runs it, later). A renewal sent before the last loss counts for nothing.
   */
  renewed(renewal: Renewal): void {
    if (renewal.losses !== this.#losses) return;
    // Back after a lapse: it starts empty, whatever it heard of meanwhile.
    if (!this.#serving(this.clock())) this.clear();
    const until = renewal.sentAt + this.limits.leaseMs - this.limits.leaseMarginMs;
    if (until > this.#servingUntil) this.#servingUntil = until;
  }

  /** The connection that hears of changes is gone: nothing is served, and all is forgotten, until renewed again. */
  lost(): void {
    this.#losses++;
    this.#servingUntil = Number.NEGATIVE_INFINITY;
    this.clear();
  }

  /** Whether the lease holds at `now`; once it does not, what the cache held is forgotten. */
  #serving(now: number): boolean {
    if (now < this.#servingUntil) return true;
    if (this.#entries.size) this.clear();
    return false;
  }
}
