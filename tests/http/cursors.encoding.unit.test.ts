import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { CursorCodec, toPage } from '../../core/cursors.js';
import { answerJson, JsonRecord, toJsonPage } from '../../core/pagination.js';

// Cursor encoding (core/cursors.ts, decisions §1): pure, no server. Lists over HTTP use it in
// tests/workplace/workplace.pagination.test.ts.

const codec = new CursorCodec(randomBytes(32));
const invalid = expect.objectContaining({ name: 'DomainError', code: 'invalid_cursor' });

describe('CursorCodec', () => {
  test('round trip: the sort key comes back for the list it was issued for', () => {
    const key = ['2026-11-23T10:00:00.000Z', '0196a1f2-0000-7000-8000-000000000001'];
    expect(codec.decode('employees', codec.encode('employees', key))).toEqual(key);
    expect(codec.decode('modules', codec.encode('modules', [2, 'attendance']))).toEqual([2, 'attendance']);
  });

  test('opaque: base64url payload, a dot, a base64url HMAC; the list and key are not readable as text', () => {
    const cursor = codec.encode('employees', ['x']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(cursor).not.toContain('employees');
  });

  test('a cursor of another list, or signed with another secret, is invalid_cursor', () => {
    expect(() => codec.decode('assets', codec.encode('employees', ['x']))).toThrow(invalid);
    const other = new CursorCodec(randomBytes(32));
    expect(() => codec.decode('employees', other.encode('employees', ['x']))).toThrow(invalid);
  });

  test.each([
    ['empty', ''],
    ['no signature', 'eyJsIjoiZW1wbG95ZWVzIiwiayI6WyJ4Il19'],
    ['three parts', 'a.b.c'],
    ['garbage', '%%%.***'],
  ])('malformed (%s) is invalid_cursor', (_, cursor) => {
    expect(() => codec.decode('employees', cursor)).toThrow(invalid);
  });

  test('any change to a character of the payload or the signature is invalid_cursor', () => {
    const cursor = codec.encode('employees', ['2026-11-23T10:00:00.000Z', 'id']);
    for (let i = 0; i < cursor.length; i++) {
      if (cursor[i] === '.') continue;
      const changed = `${cursor.slice(0, i)}${cursor[i] === 'A' ? 'B' : 'A'}${cursor.slice(i + 1)}`;
      expect(() => codec.decode('employees', changed), `position ${i}`).toThrow(invalid);
    }
  });

  test('a signed payload that is not a cursor shape is invalid_cursor', () => {
    // The same codec signs whatever it encodes; a key of objects is not a sort key.
    const cursor = codec.encode('employees', [{ nested: true } as unknown as string]);
    expect(() => codec.decode('employees', cursor)).toThrow(invalid);
  });
});

describe('CursorCodec keeps the signatures of the cursors it issued and checked', () => {
  const secret = randomBytes(32);
  const key = (n: number) => ['2026-11-23T10:00:00.000Z', `0196a1f2-0000-7000-8000-${String(n).padStart(12, '0')}`];

  test('the same cursors as a codec that kept none, before and after thousands of others', () => {
    const kept = new CursorCodec(secret);
    const first = kept.encode('employees', key(0));
    for (let n = 1; n <= 2500; n++) kept.encode('employees', key(n));
    expect(kept.encode('employees', key(0))).toBe(first);
    expect(new CursorCodec(secret).encode('employees', key(0))).toBe(first);
    expect(kept.decode('employees', first)).toEqual(key(0));
  });

  test('a kept payload with another signature, or for another list, is still invalid_cursor', () => {
    const kept = new CursorCodec(secret);
    const cursor = kept.encode('employees', key(1));
    const [payload] = cursor.split('.');
    expect(() => kept.decode('employees', `${payload}.${'A'.repeat(43)}`)).toThrow(invalid);
    expect(() => kept.decode('assets', cursor)).toThrow(invalid);
  });

  // The first page's cursor is signed for every reader and the deep page's checked at every read.
  test('signing a cursor again, and checking it again, at least 3 times as fast as a new one', () => {
    const time = (work: (n: number) => void) => {
      const started = process.hrtime.bigint();
      for (let n = 0; n < 3000; n++) work(n);
      return Number(process.hrtime.bigint() - started);
    };
    let round = 0;
    const best = {
      again: Number.POSITIVE_INFINITY,
      fresh: Number.POSITIVE_INFINITY,
      checked: Number.POSITIVE_INFINITY,
      unchecked: Number.POSITIVE_INFINITY,
    };
    for (let r = 0; r < 5; r++) {
      const kept = new CursorCodec(secret);
      const issuer = new CursorCodec(secret);
      const offset = 10_000 * ++round;
      const cursors = Array.from({ length: 3000 }, (_, n) => issuer.encode('employees', key(offset + n)));
      const deep = kept.encode('employees', key(offset - 1));
      best.again = Math.min(
        best.again,
        time(() => kept.encode('employees', key(offset - 1))),
      );
      best.fresh = Math.min(
        best.fresh,
        time((n) => issuer.encode('employees', key(offset + 5000 + n))),
      );
      best.checked = Math.min(
        best.checked,
        time(() => kept.decode('employees', deep)),
      );
      best.unchecked = Math.min(
        best.unchecked,
        time((n) => kept.decode('employees', cursors[n])),
      );
    }
    expect(best.fresh / best.again).toBeGreaterThan(3);
    expect(best.unchecked / best.checked).toBeGreaterThan(1.5);
  });
});

describe('toPage', () => {
  const rows = [1, 2, 3].map((n) => ({ n }));
  const keyOf = (row: { n: number }) => [row.n];

  test('limit + 1 rows fetched: a full page, has_more, and the cursor of its last row', () => {
    const page = toPage(rows, 2, codec, 'numbers', keyOf);
    expect(page.data).toEqual([{ n: 1 }, { n: 2 }]);
    expect(page.has_more).toBe(true);
    expect(codec.decode('numbers', page.next_cursor as string)).toEqual([2]);
  });

  test('the last page: every row, has_more false, next_cursor null', () => {
    expect(toPage(rows, 3, codec, 'numbers', keyOf)).toEqual({ data: rows, has_more: false, next_cursor: null });
    expect(toPage([], 3, codec, 'numbers', keyOf)).toEqual({ data: [], has_more: false, next_cursor: null });
  });
});

describe('answers written by PostgreSQL (toJsonPage, JsonRecord)', () => {
  const records = [
    { n: 1, s: 'a "b"\n' },
    { n: 2, s: null },
    { n: 3, s: '😀' },
  ];
  const rows = records.map((record) => ({ json: JSON.stringify(record) }));
  const keyOf = (record: { n: number }) => [record.n];

  test('the page toPage makes of the parsed rows, written without parsing them', () => {
    for (const limit of [1, 2, 3, 5]) {
      const page = toJsonPage(rows, limit, codec, 'numbers', keyOf);
      const plain = toPage(records, limit, codec, 'numbers', keyOf);
      expect(page.json).toBe(JSON.stringify(plain));
      expect(answerJson(page)).toBe(JSON.stringify(plain));
      expect(JSON.stringify(page)).toBe(JSON.stringify(plain));
      expect(page.data).toEqual(plain.data);
      expect([page.next_cursor, page.has_more]).toEqual([plain.next_cursor, plain.has_more]);
    }
    expect(toJsonPage([], 3, codec, 'numbers', keyOf).json).toBe('{"data":[],"next_cursor":null,"has_more":false}');
  });

  test('a record written as JSON: `{ data }`, parsed only when read', () => {
    for (const record of records) {
      const answer = new JsonRecord(JSON.stringify(record));
      expect(answer.json).toBe(JSON.stringify({ data: record }));
      expect(answerJson(answer)).toBe(JSON.stringify({ data: record }));
      expect(JSON.stringify(answer)).toBe(JSON.stringify({ data: record }));
      expect(answer.data).toEqual(record);
    }
  });

  test('any other answer is JSON.stringify’s, nothing an empty text', () => {
    expect(answerJson({ data: records })).toBe(JSON.stringify({ data: records }));
    expect(answerJson(undefined)).toBe('');
  });
});
