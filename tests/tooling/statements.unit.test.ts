import { expect, test } from 'vitest';
import { numberPlaceholders } from '../../db/statements.js';

// The service writes its SQL with `?` placeholders and sends it with `$n` and bind parameters
// (db/statements.ts, docs/decisions.md "Statements"): every `?` that is a placeholder is numbered,
// and a `?` that is text of the statement (in a string, a quoted identifier or a comment) stays.

test('each ? is numbered in order, from 1 or from the first index given', () => {
  expect(numberPlaceholders('select * from employees where id = ? and status = ?')).toBe(
    'select * from employees where id = $1 and status = $2',
  );
  expect(numberPlaceholders('select ?::uuid, ?::timestamptz, coalesce(?, 0)', 2)).toBe(
    'select $2::uuid, $3::timestamptz, coalesce($4, 0)',
  );
  expect(numberPlaceholders('select 1')).toBe('select 1');
  expect(numberPlaceholders('?,?', 10)).toBe('$10,$11');
});

test("a ? inside a string is text, '' escapes included", () => {
  expect(numberPlaceholders("select 'why?' as q, ?")).toBe("select 'why?' as q, $1");
  expect(numberPlaceholders("select 'it''s ? here', ?")).toBe("select 'it''s ? here', $1");
  expect(numberPlaceholders("select '''?''', ?")).toBe("select '''?''', $1");
  expect(numberPlaceholders("select '' || ?, 'a?b'")).toBe("select '' || $1, 'a?b'");
  expect(numberPlaceholders("select 'line one?\nline two?', ?")).toBe("select 'line one?\nline two?', $1");
});

test('a ? inside a quoted identifier is text, "" escapes included', () => {
  expect(numberPlaceholders('select x as "ok?", ?')).toBe('select x as "ok?", $1');
  expect(numberPlaceholders('select x as "say ""?""", ?')).toBe('select x as "say ""?""", $1');
});

test('a ? inside a -- comment (to the end of its line) or a /* */ comment is text', () => {
  expect(numberPlaceholders('select ? -- the id?\n  , ?')).toBe('select $1 -- the id?\n  , $2');
  expect(numberPlaceholders('select ? -- last line?')).toBe('select $1 -- last line?');
  expect(numberPlaceholders('select /* which? */ ?, /* multi\n line ? */ ?')).toBe(
    'select /* which? */ $1, /* multi\n line ? */ $2',
  );
  expect(numberPlaceholders("select /* 'not a string? */ ?, '/* not a comment ?'")).toBe(
    "select /* 'not a string? */ $1, '/* not a comment ?'",
  );
});

test("a ' in a comment or a -- in a string does not open anything", () => {
  expect(numberPlaceholders("select '-- ?', ? -- it's ?\n, ?")).toBe("select '-- ?', $1 -- it's ?\n, $2");
  expect(numberPlaceholders('select "a--b", ?')).toBe('select "a--b", $1');
});
