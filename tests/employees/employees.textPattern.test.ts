import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { textField } from '../../core/fields.js';

// The documented pattern of a text field (core/fields.ts) against the runtime rule it states: every
// value the server accepts matches the pattern (the document is never stricter than the server),
// and a value of spaces or other invisible characters alone matches neither (decisions §16, issue
// 23 item 9). The pattern is compiled as a validator of the document compiles it (unicode mode).

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** The characters that make or break a text value, and ordinary ones. */
const interesting = [
  ' ',
  '\u00a0',
  '\u00ad',
  '\u200b',
  '\u200d',
  '\u2060',
  '\u2800',
  '\u3000',
  '\u3164',
  '\ufe0f',
  '\ufeff',
  '\uffa0',
  '\u0301', // a combining mark: not visible on its own
  '\ue000', // private use
  '\u{e0041}', // a tag character
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u2066',
  'a',
  'Z',
  '7',
  '.',
  '€',
  'é',
  'Ж',
  '名',
  '\u{1f600}',
  '\ud800',
];
const values = fc.oneof(
  fc.array(fc.constantFrom(...interesting), { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

const variants = {
  'one line': textField({ max: 100 }),
  'multi-line': textField({ max: 100, multiline: true }),
  'blank allowed': textField({ max: 100, blank: true }),
  'multi-line, blank allowed': textField({ max: 100, multiline: true, blank: true }),
};

function patternOf(field: z.ZodType): RegExp {
  const pattern = z.globalRegistry.get(field)?.pattern;
  if (typeof pattern !== 'string') throw new Error('a text field documents a pattern');
  return new RegExp(pattern, 'u');
}

describe.each(Object.entries(variants))('a %s text field', (_, field) => {
  const pattern = patternOf(field);

  test('every value the server accepts matches the documented pattern', () => {
    fc.assert(
      fc.property(values, (value) => {
        if (field.safeParse(value).success) expect(pattern.test(value), JSON.stringify(value)).toBe(true);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
});

describe('a text field that must hold a visible character', () => {
  const field = variants['one line'];
  const pattern = patternOf(field);

  test('spaces or invisible characters alone: refused by the server and by the pattern', () => {
    for (const value of [' ', '   ', '\u00a0', '\u3000 \u3164', '\u200b\ufeff', '\u2800', ' \u115f ']) {
      expect(field.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(pattern.test(value), JSON.stringify(value)).toBe(false);
    }
  });

  test('a visible character anywhere: accepted by both', () => {
    for (const value of ['Sales', ' R&D ', '\u3000名', '\u{1f600}', 'a\u200bb']) {
      expect(field.safeParse(value).success, JSON.stringify(value)).toBe(true);
      expect(pattern.test(value), JSON.stringify(value)).toBe(true);
    }
  });

  test('the pattern takes linear time, however long the value', () => {
    const started = performance.now();
    expect(pattern.test(' '.repeat(200_000))).toBe(false);
    expect(patternOf(variants['multi-line']).test(' \n'.repeat(100_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
