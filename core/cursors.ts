import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { EntityManager } from '../db/orm.js';
import { randomSetting } from '../db/settings.js';
import { DomainError } from './domainError.js';

/**
 * Opaque, signed keyset cursors (decisions §1). A cursor carries the last row's sort key and the
 * list it belongs to (endpoint and tenant); a cursor that was tampered with, is garbage, or was
 * issued by another list is `invalid_cursor`.
 */
export class CursorCodec {
  /** A key object made once: HMAC with it is several times cheaper than with a Buffer per call. */
  private readonly key: KeyObject;
  /**
   * The signatures of the cursors this codec issued or checked last, oldest first: a page's cursor
   * is signed again for every reader of the page and checked when the next page is asked for, and
   * an HMAC costs about 20 µs of a list's CPU. A signature is kept only for a cursor that carries
   * it, so payloads sent to be checked cannot fill it.
   */
  private readonly signed = new Map<string, string>();

  constructor(secret: Buffer) {
    this.key = createSecretKey(secret);
  }

  private sign(payload: string): string {
    return this.signed.get(payload) ?? createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private keep(payload: string, signature: string): void {
    if (this.signed.has(payload)) return;
    if (this.signed.size >= SIGNATURES_KEPT) this.signed.delete(this.signed.keys().next().value as string);
    this.signed.set(payload, signature);
  }

  encode(list: string, key: readonly (string | number)[]): string {
    const payload = Buffer.from(JSON.stringify({ l: list, k: key })).toString('base64url');
    const signature = this.sign(payload);
    this.keep(payload, signature);
    return `${payload}.${signature}`;
  }

  decode(list: string, cursor: string): (string | number)[] {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalidCursor();
    // Compare the text, not decoded bytes: base64url decoding ignores spare trailing bits, so
    // several spellings of one signature would otherwise pass.
    const given = Buffer.from(signature);
    const expected = this.sign(payload);
    const wanted = Buffer.from(expected);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalidCursor();
    this.keep(payload, expected);
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    const shape = cursorPayload.safeParse(parsed);
    if (!shape.success || shape.data.l !== list) throw invalidCursor();
    return shape.data.k;
  }
}

/** Signatures a codec keeps (about 250 bytes each): the first pages read often, and walks in progress. */
const SIGNATURES_KEPT = 2000;

const cursorPayload = z.object({ l: z.string(), k: z.array(z.union([z.string(), z.number()])) });

/** A list's filter values as validated (absent: `undefined`), what its cursors are bound to. */
export type ListFilterValues = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * The list a cursor is bound to (decisions §1, §15): the endpoint's list name, its filter values
 * and the tenant, as `name?a=1&b=2:<tenant>`; without filters `name:<tenant>`, as before filters
 * existed. Canonical: names sorted, absent filters left out, names and values percent-encoded
 * (encodeURIComponent), so no value can spell another filter, a `?`, `&` or the `:` before the tenant.
 * Pass the values as validated (after trimming and lower-casing), so that spellings of one filter
 * share their cursors, and any other filter set (one changed, dropped or added) gets `invalid_cursor`.
 */
export function cursorListKey(list: string, tenantId: string, filters: ListFilterValues = {}): string {
  const query = Object.keys(filters)
    .filter((name) => filters[name] !== undefined)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(filters[name]))}`)
    .join('&');
  return `${list}${query ? `?${query}` : ''}:${tenantId}`;
}

function invalidCursor(): DomainError {
  return new DomainError('invalid_cursor', {
    detail: 'The cursor is not one this list issued; pass next_cursor from the previous page unchanged.',
  });
}

const CURSOR_SECRET_KEY = 'cursor_secret';

/**
 * CURSOR_SECRET when set; otherwise a random secret created once and kept in the database, so
 * every node signs and checks cursors alike.
 */
export async function loadCursorSecret(em: EntityManager, configured?: string): Promise<Buffer> {
  return configured ? Buffer.from(configured, 'utf8') : randomSetting(em, CURSOR_SECRET_KEY);
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

/** Cuts `rows` (fetched with limit + 1) into a page and signs the cursor of its last row. */
export function toPage<T>(
  rows: T[],
  limit: number,
  cursors: CursorCodec,
  list: string,
  keyOf: (row: T) => (string | number)[],
): Page<T> {
  const has_more = rows.length > limit;
  const data = has_more ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  return { data, next_cursor: has_more && last ? cursors.encode(list, keyOf(last)) : null, has_more };
}
