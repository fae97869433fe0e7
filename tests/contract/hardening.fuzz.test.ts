import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import { sql } from '../support/database.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { readBack, SURFACES, type Surface, sendWrite, type WriteOp } from '../support/writeSurfaces.js';

// Property-based fuzzing of every text, date and number field of every write (decisions §16
// "Hardening"), over /v1 and /trpc. Each run changes ONE field of an otherwise valid body, chosen
// so that no business rule interferes (unique e-mails, no seat limit, UNPAID leave in a year of its
// own, a fresh pending request for every decision), and asserts:
//   - the answer is 200 or 400, never a 5xx nor anything else;
//   - a 400 is a well-formed error (problem+json over /v1) with code invalid_body whose `errors`
//     all name the fuzzed field;
//   - a 200 stores what it answered: the read back record (GET), or the database for `rate`,
//     equals the response, and the stored value obeys the rules (trimmed, no control characters
//     but LF in multi-line fields, no bidi overrides or isolates, no lone surrogates; numbers
//     exact and in range; dates 1900..9999).
// Reproduce with the seed it prints: FUZZ_SEED=<seed> npx vitest run tests/contract/hardening.fuzz.test.ts
// (property i runs with seed FUZZ_SEED + i); HARDENING_FUZZ_RUNS=<n> (else FUZZ_RUNS, else 25)
// runs per field.

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.HARDENING_FUZZ_RUNS ?? process.env.FUZZ_RUNS ?? 25);

const h = useTestServer({ RATE_LIMIT_POINTS: '1000000', RATE_LIMIT_IP_POINTS: '1000000' });
let tenant: TestTenant;
let key: string;
let employeeId: string;
let unpaidTypeId: string;
let patchTargetId: string;
let counter = 0;
/** Leave is filed in a year no other run of this file uses: UNPAID has no balance, nothing overlaps. */
let nextYear = 2000;

beforeAll(async () => {
  tenant = await h.tenant({ name: 'Hardening fuzz', seats: null });
  key = await h.key(tenant, SCOPES);
  const hire = async () => {
    const result = await sendWrite(h, key, 'rest', 'hire', hireBody());
    if (result.status !== 200) throw new Error(`setup hire: ${result.raw}`);
    return result.data?.id as string;
  };
  employeeId = await hire();
  patchTargetId = await hire();
  const [unpaid] = await sql<{ id: string }>(h, "select id from leave_types where tenant_id = ? and code = 'UNPAID'", [
    tenant.tenant.id,
  ]);
  unpaidTypeId = unpaid.id;
  console.info(`hardening fuzz: seed ${SEED}, ${RUNS} runs per field`);
});

/** Statuses per fuzzed field, printed at the end: both 200 and 400 should show up for each. */
const stats = new Map<string, Record<number, number>>();

afterAll(() => {
  const lines = [...stats].map(([name, counts]) => `  ${name.padEnd(22)} ${JSON.stringify(counts)}`);
  if (lines.length) console.info(`hardening fuzz: statuses per field (seed ${SEED})\n${lines.join('\n')}`);
});

function hireBody(overrides: Record<string, unknown> = {}) {
  return {
    actor_employee_id: tenant.hr_admin.id,
    email: `hardening.${counter++}.${SEED}@example.com`,
    full_name: 'Fuzz Target',
    joining_date: '2026-03-02',
    ...overrides,
  };
}

function leaveBody(overrides: Record<string, unknown> = {}) {
  const year = nextYear++;
  if (year > 9999) throw new Error('out of years for leave: lower HARDENING_FUZZ_RUNS (at most ~1500)');
  return {
    employee_id: employeeId,
    leave_type_id: unpaidTypeId,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
    days_count: 2,
    reason: 'Fuzz',
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// Generators

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const CONTROLS = [...range(0x00, 0x1f), '\u007f', ...range(0x80, 0x9f)];
const BIDI = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00'];
const INVISIBLE = [
  ' ',
  '\u00a0',
  '\u00ad',
  '\u0301',
  '\u115f',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u2060',
  '\u2800',
  '\u3000',
  '\u3164',
  '\ufeff',
  '\uffa0',
];
const LINE_BREAKS = ['\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085'];
const ORDINARY = [
  'a',
  'Z',
  '0',
  'é',
  'ß',
  'Ñ',
  '山',
  '김',
  'ع',
  'Ω',
  '😀',
  '👩‍💻',
  '🇫🇷',
  '-',
  '.',
  "'",
  '(',
  '€',
  'e\u0301',
];

const piece = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...ORDINARY) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROLS) },
  { weight: 1, arbitrary: fc.constantFrom(...BIDI) },
  { weight: 1, arbitrary: fc.constantFrom(...LONE_SURROGATES) },
  { weight: 2, arbitrary: fc.constantFrom(...INVISIBLE) },
  { weight: 2, arbitrary: fc.constantFrom(...LINE_BREAKS) },
);

/** Strings mixing control, bidi, surrogate, invisible and ordinary characters; some near `max`. */
function textFor(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 10, arbitrary: fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')) },
    {
      weight: 2,
      arbitrary: fc.array(fc.constantFrom(...INVISIBLE), { minLength: 1, maxLength: 4 }).map((p) => p.join('')),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    {
      weight: 2,
      // Around the length limit, counted in characters (code points), with padding to trim.
      arbitrary: fc
        .record({
          char: fc.constantFrom('x', 'é', '😀'),
          n: fc.integer({ min: max - 1, max: max + 1 }),
          pad: fc.constantFrom('', ' ', '\n'),
        })
        .map(({ char, n, pad }) => `${pad}${char.repeat(n)}${pad}`),
    },
  );
}

const NUMBER_EDGES = [
  0,
  -0,
  5e-324,
  -5e-324,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MAX_SAFE_INTEGER,
  1e-17,
  1e-7,
  0.001,
  0.005,
  0.009,
  0.01,
  0.011,
  0.015,
  0.1 + 0.2,
  0.25,
  0.5,
  0.5 + 1e-15,
  0.75,
  1,
  1.0000000000000002,
  1.5,
  12.34,
  12.345,
  365,
  365.5,
  366,
  366.5,
  367,
  999_999_999.99,
  999_999_999.999,
  1_000_000_000,
  1_000_000_000.01,
  9_999_999_999.99,
  1e10,
  1e21,
  -1,
];
const numbers = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NUMBER_EDGES) },
  { weight: 2, arbitrary: fc.integer({ min: -4, max: 800 }).map((n) => n / 2) },
  { weight: 2, arbitrary: fc.integer({ min: -100, max: 200_000 }).map((n) => n / 100) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 400, noNaN: true }) },
);

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const dates = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0000-01-01',
      '0001-01-01',
      '1899-12-31',
      '1900-01-01',
      '9999-12-31',
      '10000-01-01',
      '2024-02-29',
      '2023-02-29',
      '1900-02-29',
      '2000-02-29',
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        y: fc.integer({ min: 0, max: 9999 }),
        m: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 31 }),
      })
      .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
  },
);

// ---------------------------------------------------------------------------------------------
// What a 200 must have stored

/** Nothing a text field may keep: controls (LF only in multi-line ones), separators, bidi controls. */
function assertCleanText(value: string, multiline: boolean): void {
  expect(value, 'no lone surrogate').not.toMatch(/\p{Surrogate}/u);
  const forbidden = multiline
    ? /(?!\n)[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u
    : /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
  expect(value, 'no forbidden character').not.toMatch(forbidden);
  expect(value, 'trimmed').toBe(value.trim());
  expect(value, 'something visible').toMatch(/(?![\p{Default_Ignorable_Code_Point}])[\p{L}\p{N}\p{P}\p{S}]/u);
}

type Kind = 'text' | 'date' | 'number';

interface FuzzedField {
  op: WriteOp;
  field: string;
  kind: Kind;
  /** Text: most characters; multi-line; blank allowed (comment). */
  max?: number;
  multiline?: boolean;
  blank?: boolean;
  nullable?: boolean;
}

const FIELDS: FuzzedField[] = [
  { op: 'hire', field: 'full_name', kind: 'text', max: 200 },
  { op: 'hire', field: 'department', kind: 'text', max: 100 },
  { op: 'hire', field: 'designation', kind: 'text', max: 100 },
  { op: 'hire', field: 'vendor_name', kind: 'text', max: 200 },
  { op: 'hire', field: 'joining_date', kind: 'date' },
  { op: 'hire', field: 'rate', kind: 'number' },
  { op: 'patch', field: 'designation', kind: 'text', max: 100, nullable: true },
  { op: 'patch', field: 'department', kind: 'text', max: 100, nullable: true },
  { op: 'file', field: 'reason', kind: 'text', max: 1000, multiline: true },
  { op: 'file', field: 'days_count', kind: 'number' },
  { op: 'approve', field: 'comment', kind: 'text', max: 1000, multiline: true, blank: true },
  { op: 'reject', field: 'comment', kind: 'text', max: 1000, multiline: true, blank: true },
  { op: 'cancel', field: 'comment', kind: 'text', max: 1000, multiline: true, blank: true },
];

function valuesFor(f: FuzzedField): fc.Arbitrary<unknown> {
  const base = f.kind === 'text' ? textFor(f.max ?? 100) : f.kind === 'date' ? dates : numbers;
  return f.nullable ? fc.oneof({ weight: 9, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

/** The body of `f.op` with `value` in `f.field`, and the path id it needs. */
async function request(f: FuzzedField, value: unknown): Promise<{ body: Record<string, unknown>; id?: string }> {
  switch (f.op) {
    case 'hire': {
      const extra =
        f.field === 'vendor_name'
          ? { employment_type: 'vendor_worker' }
          : f.field === 'rate'
            ? { employment_type: 'contractor', pay_model: 'hourly' }
            : {};
      return { body: hireBody({ ...extra, [f.field]: value }) };
    }
    case 'patch':
      return { body: { actor_employee_id: tenant.hr_admin.id, [f.field]: value }, id: patchTargetId };
    case 'file':
      return { body: leaveBody({ [f.field]: value }) };
    default: {
      const filed = await sendWrite(h, key, 'rest', 'file', leaveBody());
      if (filed.status !== 200) throw new Error(`setup file: ${filed.raw}`);
      return { body: { actor_employee_id: tenant.hr_admin.id, [f.field]: value }, id: filed.data?.id as string };
    }
  }
}

async function check(f: FuzzedField, surface: Surface, value: unknown): Promise<void> {
  const { body, id } = await request(f, value);
  const result = await sendWrite(h, key, surface, f.op, body, id);
  const counts = stats.get(`${f.op} ${f.field}`) ?? {};
  counts[result.status] = (counts[result.status] ?? 0) + 1;
  stats.set(`${f.op} ${f.field}`, counts);
  const what = `${f.op} ${f.field}=${JSON.stringify(value)} over ${surface}: ${result.status} ${result.raw.slice(0, 400)}`;
  expect([200, 400], what).toContain(result.status);
  if (result.status === 400) {
    expect(result.wellFormedError, what).toBe(true);
    expect(result.code, what).toBe('invalid_body');
    expect(result.errors?.length, what).toBeGreaterThan(0);
    for (const e of result.errors ?? []) {
      expect(e.path, what).toBe(f.field);
      expect(e.message.length, what).toBeGreaterThan(0);
    }
    return;
  }
  const data = result.data as Record<string, unknown>;
  const kind = f.op === 'hire' || f.op === 'patch' ? 'employee' : 'leave';
  const read = await readBack(h, key, kind, data.id as string);
  if (f.field === 'rate') {
    // Not in the read record (pay data never is): the rate card holds it.
    const [card] = await sql<{ rate: string }>(h, 'select rate::text as rate from rate_cards where employee_id = ?', [
      data.id,
    ]);
    const rate = value as number;
    expect(card.rate, what).toBe(rate.toFixed(2));
    expect(Number(card.rate), what).toBe(rate);
    expect(rate >= 0.01 && rate <= 1e9, what).toBe(true);
    return;
  }
  const recordField = f.field === 'comment' ? 'decision_comment' : f.field;
  expect(read[recordField], what).toEqual(data[recordField]);
  const stored = data[recordField];
  if (f.kind === 'number') {
    expect(stored, what).toBe(value);
    expect(Number.isInteger((value as number) * 2) && (value as number) > 0, what).toBe(true);
  } else if (f.kind === 'date') {
    expect(stored, what).toBe(value);
    expect((value as string) >= '1900-01-01' && (value as string) <= '9999-12-31', what).toBe(true);
  } else if (value === null || (f.blank && (value as string).trim() === '')) {
    expect(stored, what).toBeNull();
  } else {
    const sent = value as string;
    expect(stored, what).toBe(f.multiline ? sent.trim().replace(/\r\n/g, '\n') : sent.trim());
    assertCleanText(stored as string, f.multiline ?? false);
    expect([...(stored as string)].length, what).toBeLessThanOrEqual(f.max ?? 0);
  }
}

test.for(FIELDS.map((f, i) => [`${f.op} ${f.field}`, f, i] as const))(
  'fuzz %s: 200 stores what it answers, or 400 invalid_body naming the field',
  { timeout: 120_000 },
  async ([, f, index]) => {
    await fc.assert(
      fc.asyncProperty(valuesFor(f), fc.constantFrom(...SURFACES), (value, surface) => check(f, surface, value)),
      {
        seed: SEED + index,
        numRuns: RUNS,
        reporter: (details) => {
          if (!details.failed) return;
          const cause = details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance;
          throw new Error(
            `failed after ${details.numRuns} run(s), ${details.numShrinks} shrink(s); reproduce with FUZZ_SEED=${SEED} (this field: seed ${details.seed}, path ${details.counterexamplePath})\n${cause}`,
          );
        },
      },
    );
  },
);
