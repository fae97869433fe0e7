// A node's cache of resolved credentials as pure rules (routers/credentials/credentialCache.rules.ts),
// on a clock of the test's own: what it serves, for how long, what it forgets, and that it serves
// nothing while its lease is not renewed. Revocation across real nodes is credentialCache.revocation.test.ts.
import { describe, expect, test } from 'vitest';
import type { Auth } from '../../core/context.js';
import { CredentialCache } from '../../routers/credentials/credentialCache.rules.js';

type Authenticated = Extract<Auth, { state: 'authenticated' }>;

const LIMITS = { maxEntries: 3, ttlMs: 60_000, leaseMs: 3000, leaseMarginMs: 250, touchMs: 60_000 };

function authOf(keyId: string): Authenticated {
  return {
    state: 'authenticated',
    credential: { kind: 'api_key', keyId, tenantId: 't', env: 'live', scopes: ['leave:read'] },
  };
}

/** A cache on a clock the test moves, its lease renewed at 0 (serving until 2750). */
function cacheAt(limits = LIMITS) {
  let now = 0;
  const cache = new CredentialCache(limits, () => now);
  cache.renewed(cache.renewal());
  return {
    cache,
    at: (ms: number) => {
      now = ms;
    },
    /** The clock at `ms` and the lease renewed then. */
    renewAt(ms: number) {
      now = ms;
      cache.renewed(cache.renewal());
    },
    /** Looks `hash` up as resolveBearer does after a miss: the lookup begun, then stored. */
    put(hash: string, validMs: number | null = null, keyRowId?: string) {
      cache.store(hash, cache.lookup(), authOf(hash), validMs, keyRowId);
    },
  };
}

describe('what it serves', () => {
  test('a stored credential, the same object each time; a hash never stored is a miss', () => {
    const { cache, put } = cacheAt();
    put('a');
    expect(cache.get('a')?.auth).toEqual(authOf('a'));
    expect(cache.get('a')?.auth).toBe(cache.get('a')?.auth);
    expect(cache.get('b')).toBeUndefined();
  });

  test('the credential is frozen: a request cannot change what the next one is given', () => {
    const { cache, put } = cacheAt();
    put('a');
    const auth = cache.get('a')?.auth as Authenticated;
    expect(Object.isFrozen(auth)).toBe(true);
    expect(Object.isFrozen(auth.credential)).toBe(true);
    expect(Object.isFrozen(auth.credential.scopes)).toBe(true);
  });

  test('until its TTL, then it is looked up again', () => {
    const { cache, put, renewAt } = cacheAt();
    put('a');
    for (let t = 1000; t < 60_000; t += 1000) {
      renewAt(t);
      expect(cache.get('a'), `at ${t} ms`).toBeDefined();
    }
    renewAt(60_000);
    expect(cache.get('a')).toBeUndefined();
  });

  test('never past the credential’s own expiry, counted from when its lookup began', () => {
    const { cache, at } = cacheAt();
    at(100);
    const lookup = cache.lookup();
    at(400);
    cache.store('a', lookup, authOf('a'), 1500, undefined);
    at(1599);
    expect(cache.get('a')).toBeDefined();
    at(1600);
    expect(cache.get('a')).toBeUndefined();
  });

  test('a credential with no time left is not stored', () => {
    const { cache, put } = cacheAt();
    put('a', 0);
    put('b', -5);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  test('at most maxEntries, the least recently used going first', () => {
    const { cache, put } = cacheAt();
    put('a');
    put('b');
    put('c');
    expect(cache.get('a')).toBeDefined(); // a is now the most recent; b the least
    put('d');
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    for (const hash of ['a', 'c', 'd']) expect(cache.get(hash), hash).toBeDefined();
  });
});

describe('what it forgets', () => {
  test('clear: every entry, and a lookup begun before it is not stored when it ends', () => {
    const { cache, put } = cacheAt();
    put('a');
    const before = cache.lookup();
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    cache.store('b', before, authOf('b'), null, undefined);
    expect(cache.get('b')).toBeUndefined();
    put('c');
    expect(cache.get('c')).toBeDefined();
  });
});

describe('the lease', () => {
  test('nothing is served or stored before the first renewal', () => {
    let now = 0;
    const cache = new CredentialCache(LIMITS, () => now);
    cache.store('a', cache.lookup(), authOf('a'), null, undefined);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    now = 10;
    cache.renewed(cache.renewal());
    cache.store('a', cache.lookup(), authOf('a'), null, undefined);
    expect(cache.get('a')).toBeDefined();
  });

  test('served until the lease, less its margin, from when the renewal was sent; then bypassed and cleared', () => {
    const { cache, put, at, renewAt } = cacheAt();
    put('a');
    at(2749);
    expect(cache.get('a')).toBeDefined();
    at(2750);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    // Nothing is stored meanwhile either.
    put('b');
    expect(cache.size).toBe(0);
    // A renewal sent now serves again, with nothing from before it.
    renewAt(2800);
    expect(cache.get('a')).toBeUndefined();
    put('b');
    expect(cache.get('b')).toBeDefined();
  });

  test('back after a lapse it starts empty, even when nothing was asked of it meanwhile', () => {
    const { cache, put, renewAt } = cacheAt();
    put('a');
    renewAt(5000);
    expect(cache.get('a')).toBeUndefined();
  });

  test('a renewal answered late counts from when it was sent, and an older one never shortens a newer', () => {
    const { cache, put, at } = cacheAt();
    at(500);
    const older = cache.renewal();
    at(1000);
    const newer = cache.renewal();
    at(1200);
    cache.renewed(newer);
    cache.renewed(older);
    put('a');
    at(3749);
    expect(cache.get('a')).toBeDefined();
    at(3750);
    expect(cache.get('a')).toBeUndefined();
  });

  test('lost (the notices’ connection, a failed renewal): nothing served, everything forgotten, until renewed', () => {
    const { cache, put, renewAt } = cacheAt();
    put('a');
    const during = cache.lookup();
    cache.lost();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    renewAt(100);
    cache.store('b', during, authOf('b'), null, undefined);
    expect(cache.get('b')).toBeUndefined();
    put('c');
    expect(cache.get('c')).toBeDefined();
  });

  test('a renewal begun before a loss does not serve again when it answers after it', () => {
    const { cache, put, at } = cacheAt();
    at(1000);
    const sent = cache.renewal();
    cache.lost();
    cache.renewed(sent);
    put('a');
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('last_used_at', () => {
  /** A lease that holds across the minutes these tests jump. */
  const LONG_LEASE = { ...LIMITS, leaseMs: 1_000_000 };

  test('an API key’s is not due within touchMs of its lookup (which touched it when due)', () => {
    const { cache, put, renewAt } = cacheAt(LONG_LEASE);
    put('a', null, 'row-a');
    const entry = () => {
      const found = cache.get('a');
      if (!found) throw new Error('a is not served');
      return found;
    };
    expect(cache.touchDue(entry())).toBeUndefined();
    for (const t of [30_000, 59_999]) {
      renewAt(t);
      expect(cache.touchDue(entry()), `at ${t}`).toBeUndefined();
    }
    // Looked up again at the TTL (as long as the interval): not due for a full interval after that.
    renewAt(60_000);
    expect(cache.get('a')).toBeUndefined();
    put('a', null, 'row-a');
    renewAt(119_999);
    expect(cache.touchDue(entry())).toBeUndefined();
  });

  test('due on a hit once the interval has passed, then not again for another interval', () => {
    const { cache, put, renewAt } = cacheAt({ ...LONG_LEASE, ttlMs: 600_000 });
    const hitAt = (t: number) => {
      renewAt(t);
      return cache.get('a') ?? expect.fail(`a is not served at ${t}`);
    };
    put('a', null, 'row-a');
    expect(cache.touchDue(hitAt(59_999))).toBeUndefined();
    expect(cache.touchDue(hitAt(60_000))).toBe('row-a');
    expect(cache.touchDue(hitAt(60_000))).toBeUndefined();
    expect(cache.touchDue(hitAt(119_999))).toBeUndefined();
    expect(cache.touchDue(hitAt(120_000))).toBe('row-a');
  });

  test('an access token has none', () => {
    const { cache, put, renewAt } = cacheAt({ ...LONG_LEASE, ttlMs: 600_000 });
    put('t');
    renewAt(200_000);
    expect(cache.touchDue(cache.get('t') ?? expect.fail('t is not served'))).toBeUndefined();
  });
});
