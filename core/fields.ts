/// <reference lib="es2024.string" />
import { z } from 'zod';

/**
 * Field builders for request bodies (decisions §16 "Hardening"): the one place that decides which
 * text, dates and numbers a write accepts, so that every value that passes fits the database and
 * reaches e-mails harmlessly. Each builder reports at most one violation per field, and states in
 * the OpenAPI document what JSON Schema can say (pattern, lengths, minimum/maximum, multipleOf);
 * the runtime check is the authority.
 */

// ---------------------------------------------------------------------------------------------
// Text

/**
 * Characters no text field accepts: control characters (C0, DEL and C1), the Unicode line and
 * paragraph separators, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069). In a multi-line field LF and CR LF are the exception (see `textField`).
 */
const FORBIDDEN_RANGES = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/**
 * Characters that are never visible (see VISIBLE) and that no text field forbids: spaces, the
 * zero-width and other format characters, and the letters and marks that render as nothing
 * (U+115F, U+1160, U+3164, U+FFA0, variation selectors, U+2800). A value of only these is refused;
 * the patterns say so. Not every invisible character is listed (there are thousands, and JSON
 * Schema patterns have no character properties in every dialect): the pattern is a necessary
 * condition, the runtime check the whole rule (tests/employees/employees.textPattern.test.ts holds the two).
 */
const INVISIBLE_RANGES =
  '\\u0020\\u00a0\\u00ad\\u034f\\u061c\\u115f\\u1160\\u1680\\u17b4\\u17b5\\u180b-\\u180f\\u2000-\\u200f\\u202f\\u205f-\\u2065\\u206a-\\u206f\\u2800\\u3000\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0';
/** A character a text field accepts that may be visible: not forbidden, not known invisible. */
const MAYBE_VISIBLE = `[^${FORBIDDEN_RANGES}${INVISIBLE_RANGES}]`;
/**
 * The documented form of a text field's characters (each pattern linear: the invisible prefix and
 * the first visible character are disjoint classes). With `visible`, at least one character that
 * may be visible: a value of spaces alone does not match.
 */
function textPattern(multiline: boolean, visible: boolean): string {
  const allowed = multiline ? `(?:[^${FORBIDDEN_RANGES}]|\\r?\\n)` : `[^${FORBIDDEN_RANGES}]`;
  if (!visible) return `^${allowed}*$`;
  const invisible = multiline ? `(?:[${INVISIBLE_RANGES}]|\\r?\\n)` : `[${INVISIBLE_RANGES}]`;
  return `^${invisible}*${MAYBE_VISIBLE}${allowed}*$`;
}

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** A control character or separator that is not part of an LF or CR LF line break. */
const CONTROL_BUT_LINE_BREAK = /(?!\r\n|\n)[\p{Cc}\u2028\u2029]/u;
const LINE_BREAKS = new Set(['\n', '\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']);
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * A visible character: a letter, number, punctuation mark or symbol that is not default-ignorable
 * (U+3164 HANGUL FILLER, U+115F, U+FFA0 and the like are letters that render as nothing) and not
 * U+2800 BRAILLE PATTERN BLANK. Spaces, format characters (U+200B, U+2060, U+FEFF, ZWJ), marks
 * and private-use characters alone are not visible.
 */
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;

const codePoint = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

const CONTROL_NAMES: Record<string, string> = {
  '\u0000': 'NUL',
  '\t': 'tab',
  '\n': 'line feed',
  '\r': 'carriage return',
  '\u000b': 'vertical tab',
  '\u000c': 'form feed',
  '\u007f': 'DEL',
  '\u0085': 'next line',
  '\u2028': 'line separator',
  '\u2029': 'paragraph separator',
};

const describeChar = (c: string) => `${codePoint(c)}${CONTROL_NAMES[c] ? ` (${CONTROL_NAMES[c]})` : ''}`;

export interface TextFieldOptions {
  /** Most characters (Unicode code points) after trimming. */
  max: number;
  /** Line breaks allowed: LF or CR LF (stored as LF). Only reasons, comments and descriptions. */
  multiline?: boolean;
  /** An empty value after trimming is accepted (the caller treats it as absent), e.g. a comment. */
  blank?: boolean;
  /** What the field is, for the OpenAPI document; the rules are appended. */
  description?: string;
}

/** The value a text field stores: trimmed (JavaScript's `trim`), line breaks as LF. */
function cleanText(raw: string, multiline = false): string {
  const trimmed = raw.trim();
  return multiline ? trimmed.replace(/\r\n/g, '\n') : trimmed;
}

/** Why `raw` is refused as a text field with these options, or undefined when it is accepted. */
function textProblem(raw: string, options: TextFieldOptions): string | undefined {
  const { max, multiline = false, blank = false } = options;
  if (!raw.isWellFormed()) return 'must not contain an unpaired surrogate (U+D800–U+DFFF)';
  const control = (multiline ? CONTROL_BUT_LINE_BREAK : CONTROL).exec(raw)?.[0];
  if (control !== undefined) {
    if (LINE_BREAKS.has(control)) {
      return multiline
        ? `a line break must be LF or CR LF: ${describeChar(control)} is not allowed`
        : `must be a single line: ${describeChar(control)} is not allowed`;
    }
    return `must not contain control characters: ${describeChar(control)} is not allowed`;
  }
  const bidi = BIDI_CONTROL.exec(raw)?.[0];
  if (bidi !== undefined) {
    return `must not contain bidirectional override or isolate characters (U+202A–U+202E, U+2066–U+2069): ${codePoint(bidi)} is not allowed`;
  }
  const value = cleanText(raw, multiline);
  const length = [...value].length;
  if (length === 0) return blank ? undefined : 'must not be empty or only white space';
  if (length > max) return `must be at most ${max} characters (after trimming); it has ${length}`;
  if (!VISIBLE.test(value)) {
    return 'must contain at least one visible character (a letter, digit, punctuation mark or symbol)';
  }
  return undefined;
}

/**
 * A free-text body field (names, titles, reasons, comments, descriptions): no control characters
 * (a line break only when `multiline`), no unpaired surrogates, no bidirectional overrides or
 * isolates, 1..max characters after trimming (0..max with `blank`) and at least one visible
 * character. The parsed value is what is stored and returned: trimmed, CR LF as LF.
 */
export function textField(options: TextFieldOptions) {
  const { max, multiline = false, blank = false } = options;
  const rules = [
    blank ? `At most ${max} characters after trimming (blank: none given)` : `1 to ${max} characters after trimming`,
    multiline
      ? 'line breaks as LF or CR LF (stored as LF), no other control characters'
      : 'one line, no control characters',
    'no bidirectional override or isolate characters, no unpaired surrogates',
    'at least one visible character',
  ].join('; ');
  return z
    .string()
    .superRefine((raw, ctx) => {
      const problem = textProblem(raw, options);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .overwrite((raw) => cleanText(raw, multiline))
    .meta({
      ...(blank ? {} : { minLength: 1 }),
      maxLength: max,
      pattern: textPattern(multiline, !blank),
      description: `${options.description ? `${options.description} ` : ''}${rules}.`,
    });
}

// ---------------------------------------------------------------------------------------------
// E-mail

const MAX_EMAIL = 254;
const EMAIL_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * The HTML standard's valid e-mail address with a domain of at least two labels (decisions §7):
 * a local part of letters, digits and .!#$%&'*+/=?^_`{|}~- ; domain labels of letters, digits and
 * inner hyphens, 1 to 63 each. No quoted local part, no IP literal, no trailing dot.
 */
const EMAIL_PATTERN = `^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]+@${EMAIL_LABEL}(?:\\.${EMAIL_LABEL})+$`;
const EMAIL = new RegExp(EMAIL_PATTERN);
const EMAIL_RULES = `The HTML standard's valid e-mail address with a domain of at least two labels (no quoted local part, IP literal or trailing dot), at most ${MAX_EMAIL} characters`;

/** An e-mail address in a request body, stored lower-case. */
export function emailField() {
  return z
    .string()
    .superRefine((value, ctx) => {
      if (value.length > MAX_EMAIL) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_EMAIL} characters; it has ${value.length}` });
      } else if (!EMAIL.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a valid e-mail address as the HTML standard defines it, with a domain of at least two labels (no quoted local part, IP literal or trailing dot)',
        });
      }
    })
    .overwrite((value) => value.toLowerCase())
    .meta({ maxLength: MAX_EMAIL, pattern: EMAIL_PATTERN, description: `${EMAIL_RULES}; stored lower-case.` });
}

/** An e-mail address in a read record: what `emailField` stored (documented, not re-checked). */
export const storedEmail = z
  .string()
  .meta({ maxLength: MAX_EMAIL, pattern: EMAIL_PATTERN, description: 'Lower-case e-mail address.' });

// ---------------------------------------------------------------------------------------------
// Dates

const MIN_DATE = '1900-01-01';
const MAX_DATE = '9999-12-31';

/**
 * zod's real-calendar-date pattern with the year limited to 1900..9999 (leap days included): the
 * documented form of `dateField`'s rule.
 */
const DATE_PATTERN =
  '^(?:(?:(?:19|[2-9]\\d)(?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[3579][26])00)-02-29|(?:19|[2-9]\\d)\\d\\d-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8])))$';

/**
 * A request date: a real calendar date `YYYY-MM-DD` between 1900-01-01 and 9999-12-31 (PostgreSQL
 * refuses year 0000). Read records keep `isoDate` (core/records.ts).
 */
export function dateField(description?: string) {
  return z.iso
    .date()
    .superRefine((value, ctx) => {
      if (ctx.issues.length) return; // not a date at all: zod said so
      if (value < MIN_DATE || value > MAX_DATE) {
        ctx.addIssue({ code: 'custom', message: `must be a date between ${MIN_DATE} and ${MAX_DATE}` });
      }
    })
    .meta({
      pattern: DATE_PATTERN,
      description: `${description ? `${description} ` : ''}Calendar date, YYYY-MM-DD, ${MIN_DATE} to ${MAX_DATE}.`,
    });
}

// ---------------------------------------------------------------------------------------------
// Numbers

export interface DecimalFieldOptions {
  /** Smallest value allowed (inclusive). */
  min: number;
  /** Largest value allowed (inclusive); must fit the column. */
  max: number;
  /** The value is an exact multiple of this; 1/step must be an integer (0.5, 0.01). */
  step: number;
  description?: string;
}

/** Why `value` is refused by a decimal field with these options, or undefined. */
function decimalProblem(value: number, { min, max, step }: DecimalFieldOptions): string | undefined {
  if (!(value >= min)) return `must be at least ${min}`;
  if (value > max) return `must be at most ${max}`;
  // Exact: zod's multipleOf tolerates float noise (1e-17 passes as a multiple of 0.5). Within
  // `max` the scaled value is a safe integer, and a value with more decimals than `step` allows
  // never equals its rounding.
  const scale = Math.round(1 / step);
  if (Math.round(value * scale) / scale !== value) return `must be a multiple of ${step}`;
  return undefined;
}

/**
 * A JSON number with a fixed number of decimals between `min` and `max`: what a PostgreSQL
 * `numeric(p, s)` column (with its checks) stores exactly. Strictly a number (no coercion).
 */
export function decimalField(options: DecimalFieldOptions) {
  const { min, max, step } = options;
  for (const bound of [min, max]) {
    if (decimalProblem(bound, options)) throw new Error(`decimalField: ${bound} is not a multiple of ${step}`);
  }
  return z
    .number()
    .superRefine((value, ctx) => {
      const problem = decimalProblem(value, options);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({
      minimum: min,
      maximum: max,
      multipleOf: step,
      ...(options.description ? { description: options.description } : {}),
    });
}
