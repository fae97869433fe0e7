import { beforeAll, describe, expect, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import { sql } from '../support/database.js';
import { hireBody, uniqueEmail } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';
import { type Org, setupOrg } from '../support/leave.js';
import {
  readBack,
  SURFACES,
  type Surface,
  sendWrite,
  type WriteOp,
  type WriteResult,
} from '../support/writeSurfaces.js';

// Decisions §16 "Text fields", "Dates", "Numbers": what a write accepts, over /v1 and /trpc alike.
// Values PostgreSQL would refuse (NUL, year 0000, a rate or day count that rounds to 0) used to be
// 500s; text that reaches e-mails (names, reasons, comments) used to accept control characters,
// line breaks, bidirectional overrides, lone surrogates and invisible-only strings.

const h = useTestServer();
let org: Org;
let secret: string;
/** A distinct year for every leave request filed here (UNPAID: no balance), so none overlap. */
let nextYear = 3000;

beforeAll(async () => {
  org = await setupOrg(h);
  secret = await h.key(org.t, SCOPES);
});

async function expectInvalid(result: WriteResult, field: string): Promise<void> {
  expect(result.status, result.raw).toBe(400);
  expect(result.wellFormedError, result.raw).toBe(true);
  expect(result.code).toBe('invalid_body');
  expect(result.errors?.map((e) => e.path)).toEqual([field]);
  for (const e of result.errors ?? []) expect(e.message.length).toBeGreaterThan(10);
}

function expectOk(result: WriteResult): Record<string, unknown> {
  expect(result.status, result.raw).toBe(200);
  return result.data as Record<string, unknown>;
}

const hire = (surface: Surface, overrides: Record<string, unknown>) =>
  sendWrite(h, secret, surface, 'hire', hireBody(org.t, overrides));

/** A valid UNPAID leave request body of the org's employee, one day in a year of its own. */
function leaveBody(overrides: Record<string, unknown> = {}) {
  const year = nextYear++;
  return {
    employee_id: org.employee.id,
    leave_type_id: org.types.UNPAID,
    start_date: `${year}-03-02`,
    end_date: `${year}-03-02`,
    days_count: 1,
    reason: 'Family visit',
    ...overrides,
  };
}

async function pendingRequest(): Promise<string> {
  return expectOk(await sendWrite(h, secret, 'rest', 'file', leaveBody())).id as string;
}

const decide = async (surface: Surface, op: WriteOp, comment: unknown) =>
  sendWrite(h, secret, surface, op, { actor_employee_id: org.hrAdmin.id, comment }, await pendingRequest());

describe.for(SURFACES)('over %s: what PostgreSQL would refuse is 400, never 500', (surface) => {
  test('a NUL character in full_name, department, reason and each decision comment', async () => {
    await expectInvalid(await hire(surface, { full_name: 'Ada\u0000Lovelace' }), 'full_name');
    await expectInvalid(await hire(surface, { department: 'R\u0000D' }), 'department');
    await expectInvalid(
      await sendWrite(
        h,
        secret,
        surface,
        'patch',
        { actor_employee_id: org.hrAdmin.id, designation: '\u0000' },
        org.employee.id,
      ),
      'designation',
    );
    await expectInvalid(await sendWrite(h, secret, surface, 'file', leaveBody({ reason: 'ill\u0000' })), 'reason');
    for (const op of ['approve', 'reject', 'cancel'] as const) {
      await expectInvalid(await decide(surface, op, 'ok\u0000'), 'comment');
    }
  });

  test('dates before 1900-01-01 or after 9999-12-31 name their field', async () => {
    for (const date of ['0000-01-01', '1899-12-31', '0001-01-01', '10000-01-01']) {
      await expectInvalid(await hire(surface, { joining_date: date }), 'joining_date');
      await expectInvalid(await hire(surface, { engagement_end_date: date }), 'engagement_end_date');
      // The other date stays valid: only the bad one is named (no cross-field rule on a bad date).
      await expectInvalid(await sendWrite(h, secret, surface, 'file', leaveBody({ start_date: date })), 'start_date');
      await expectInvalid(await sendWrite(h, secret, surface, 'file', leaveBody({ end_date: date })), 'end_date');
    }
  });

  test('rate: more than 2 decimals or below 0.01 is 400; 0.01 and the maximum pass and are stored exactly', async () => {
    const contractor = { employment_type: 'contractor', pay_model: 'hourly' };
    for (const rate of [5e-324, 0.001, 0.005, 0.009, 12.345, 0, -0.01, 1_000_000_000.01, 1e10, Number.MAX_VALUE]) {
      await expectInvalid(await hire(surface, { ...contractor, rate }), 'rate');
    }
    for (const [rate, stored] of [
      [0.01, '0.01'],
      [0.29, '0.29'],
      [999_999_999.99, '999999999.99'],
      [1_000_000_000, '1000000000.00'],
    ] as const) {
      const data = expectOk(await hire(surface, { ...contractor, rate }));
      const rows = await sql<{ rate: string }>(h, 'select rate::text as rate from rate_cards where employee_id = ?', [
        data.id,
      ]);
      expect(rows).toEqual([{ rate: stored }]);
    }
  });

  test('days_count: an exact multiple of 0.5 above 0 (1e-17 and 0.25 are 400)', async () => {
    for (const days_count of [1e-17, 5e-324, 0.25, 0.5 + 1e-15, 0, -0, -0.5, 1.0000000000000002]) {
      await expectInvalid(await sendWrite(h, secret, surface, 'file', leaveBody({ days_count })), 'days_count');
    }
    const year = nextYear++;
    const half = expectOk(
      await sendWrite(
        h,
        secret,
        surface,
        'file',
        leaveBody({
          start_date: `${year}-05-04`,
          end_date: `${year}-05-04`,
          days_count: 0.5,
          leave_duration: 'half_day_morning',
        }),
      ),
    );
    expect(half.days_count).toBe(0.5);
    // A leap year of each surface's own, outside the years leaveBody hands out.
    const leap = surface === 'rest' ? '2400' : '2800';
    const long = expectOk(
      await sendWrite(
        h,
        secret,
        surface,
        'file',
        leaveBody({ start_date: `${leap}-01-01`, end_date: `${leap}-12-31`, days_count: 366 }),
      ),
    );
    expect((await readBack(h, secret, 'leave', long.id as string)).days_count).toBe(366);
  });

  test('numbers stay strictly typed: a numeric string or a boolean is 400 (no coercion)', async () => {
    const contractor = { employment_type: 'contractor', pay_model: 'hourly' };
    for (const rate of ['0.01', '42', true]) {
      await expectInvalid(await hire(surface, { ...contractor, rate }), 'rate');
    }
    for (const days_count of ['1', '0.5', true]) {
      await expectInvalid(await sendWrite(h, secret, surface, 'file', leaveBody({ days_count })), 'days_count');
    }
  });

  test('1900-01-01 and 9999-12-31 pass, on hiring and on leave', async () => {
    const early = expectOk(await hire(surface, { joining_date: '1900-01-01', engagement_end_date: '9999-12-31' }));
    expect([early.joining_date, early.engagement_end_date]).toEqual(['1900-01-01', '9999-12-31']);
    const late = expectOk(await hire(surface, { joining_date: '9999-12-31' }));
    expect((await readBack(h, secret, 'employee', late.id as string)).joining_date).toBe('9999-12-31');
    for (const [start, end] of [
      ['1900-01-01', '1900-01-01'],
      ['9999-12-31', '9999-12-31'],
    ]) {
      const filed = expectOk(
        await sendWrite(
          h,
          secret,
          surface,
          'file',
          leaveBody({ start_date: start, end_date: end, leave_type_id: org.types.UNPAID }),
        ),
      );
      // Cancel it again: the other surface files the same dates.
      expectOk(await sendWrite(h, secret, 'rest', 'cancel', { actor_employee_id: org.hrAdmin.id }, filed.id as string));
    }
  });
});

const CONTROLS = ['\u0000', '\u0001', '\t', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];
const LINE_BREAKS = ['\n', '\r\n', '\r', '\u2028', '\u2029'];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
/** Sent as the JSON escapes "\ud800" …: JSON.stringify writes a lone surrogate that way. */
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00'];
/** Nothing visible: white space (trimmed away), format characters, fillers, a lone combining mark. */
const INVISIBLE = [
  ' ',
  '   ',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '\u200b',
  '\u200b\u200c\u200d',
  '\u2060',
  '\u3164',
  '\u115f',
  '\uffa0',
  '\u2800',
  '\u0301',
  ' \u200b \u3164 ',
];
/** Accepted names: accents, CJK, RTL script, emoji, a ZWJ sequence, a bidi mark (not an override). */
const NAMES = [
  'José Ñúñez-Müller',
  'Ægir Þórsson',
  '山田 太郎',
  '김민준',
  'محمد علي',
  'Zoë 😀',
  'Ada 👩‍💻 Lovelace',
  '👨‍👩‍👧‍👦',
  "O'Brien (she/her)",
  'Ada\u200eLovelace',
];

describe.for(SURFACES)('over %s: text fields', (surface) => {
  test('full_name: control characters, line breaks, bidi overrides and isolates, lone surrogates are 400', async () => {
    for (const c of [...CONTROLS, ...LINE_BREAKS, ...BIDI, ...LONE_SURROGATES]) {
      const result = await hire(surface, { full_name: `Ada${c}Lovelace` });
      await expectInvalid(result, 'full_name');
    }
    // Also at the ends, where trimming would otherwise hide a line break or a tab.
    await expectInvalid(await hire(surface, { full_name: 'Ada Lovelace\n' }), 'full_name');
    await expectInvalid(await hire(surface, { full_name: '\tAda Lovelace' }), 'full_name');
  });

  test('full_name: an invisible-only value is 400', async () => {
    for (const name of INVISIBLE) await expectInvalid(await hire(surface, { full_name: name }), 'full_name');
  });

  test('department, designation and vendor_name follow the same rules, on hiring and on PATCH', async () => {
    for (const bad of ['R\nD', 'R\u202eD', 'R\ud800D', '\u200b', 'R\tD', '\u3164']) {
      await expectInvalid(await hire(surface, { department: bad }), 'department');
      await expectInvalid(await hire(surface, { designation: bad }), 'designation');
      await expectInvalid(await hire(surface, { employment_type: 'vendor_worker', vendor_name: bad }), 'vendor_name');
      for (const field of ['designation', 'department']) {
        await expectInvalid(
          await sendWrite(
            h,
            secret,
            surface,
            'patch',
            { actor_employee_id: org.hrAdmin.id, [field]: bad },
            org.employee.id,
          ),
          field,
        );
      }
    }
  });

  test('a name is stored and returned exactly: POST response = GET = database, trimmed', async () => {
    for (const name of [...NAMES, '  Padded Name  ']) {
      const email = uniqueEmail('text');
      const data = expectOk(await hire(surface, { email, full_name: name, department: `  ${name} ` }));
      expect(data.full_name).toBe(name.trim());
      expect(data.department).toBe(name.trim());
      const read = await readBack(h, secret, 'employee', data.id as string);
      expect(read.full_name).toBe(data.full_name);
      expect(read.department).toBe(data.department);
      const [row] = await sql<{ full_name: string; body: string }>(
        h,
        `select e.full_name, o.body from employees e join outbox_messages o on o.recipient = e.email
          where e.id = ? and o.kind = 'employee_invite'`,
        [data.id],
      );
      expect(row.full_name).toBe(data.full_name);
      expect(row.body).toContain(`Hello ${data.full_name},\n`);
    }
  });

  test('PATCH returns what it stores', async () => {
    for (const designation of ['Directrice générale 🚀', '  主任  ']) {
      const data = expectOk(
        await sendWrite(
          h,
          secret,
          surface,
          'patch',
          { actor_employee_id: org.hrAdmin.id, designation },
          org.employee.id,
        ),
      );
      expect(data.designation).toBe(designation.trim());
      expect((await readBack(h, secret, 'employee', org.employee.id)).designation).toBe(data.designation);
    }
  });

  test('reason: LF and CR LF line breaks pass (stored as LF); other controls, lone CR, U+2028 are 400', async () => {
    for (const [sent, stored] of [
      ['Line one\nLine two', 'Line one\nLine two'],
      ['Line one\r\nLine two\r\n\r\nBye', 'Line one\nLine two\n\nBye'],
      ['\n  Flu 🤒\n', 'Flu 🤒'],
    ]) {
      const data = expectOk(await sendWrite(h, secret, surface, 'file', leaveBody({ reason: sent })));
      expect(data.reason).toBe(stored);
      expect((await readBack(h, secret, 'leave', data.id as string)).reason).toBe(stored);
    }
    const refused = ['a\rb', 'a\u2028b', 'a\u0085b', 'a\tb', 'a\u000bb', ...BIDI, ...LONE_SURROGATES, ...INVISIBLE];
    for (const reason of refused) {
      await expectInvalid(await sendWrite(h, secret, surface, 'file', leaveBody({ reason })), 'reason');
    }
  });

  test('comment: the same rules as reason on approve, reject and cancel; blank is no comment', async () => {
    for (const op of ['approve', 'reject', 'cancel'] as const) {
      const data = expectOk(await decide(surface, op, ' Fine by me,\r\nenjoy 🌴 '));
      expect(data.decision_comment).toBe('Fine by me,\nenjoy 🌴');
      expect((await readBack(h, secret, 'leave', data.id as string)).decision_comment).toBe(data.decision_comment);
      expect(expectOk(await decide(surface, op, ' \n ')).decision_comment).toBeNull();
      for (const comment of ['a\rb', 'ok\u202e', 'ok\ud800', '\u200b', 'ok\u001b[31m']) {
        await expectInvalid(await decide(surface, op, comment), 'comment');
      }
    }
  });
});

describe('e-mail addresses (decisions §7: the HTML standard, at most 254 characters)', () => {
  const unique = () => uniqueEmail('mail').split('@')[0].replace('.', '-');
  /** An address of exactly `length` characters: a 64-character local part and 63-character labels. */
  const ofLength = (length: number) => {
    const local = `${unique()}${'x'.repeat(64)}`.slice(0, 64);
    let domain = 'example.com';
    while (local.length + 1 + domain.length < length) {
      const room = length - local.length - 1 - domain.length - 1;
      domain = `${'d'.repeat(Math.min(63, room))}.${domain}`;
    }
    return `${local}@${domain}`;
  };

  test.each(SURFACES)('%s: refused with 400 naming email', async (surface) => {
    for (const email of [
      `"${unique()} x"@example.com`, // quoted local part
      `${unique()}@[192.0.2.1]`, // IP literal
      `${unique()}@example.com.`, // trailing dot
      `${unique()}@localhost`, // one label
      `${unique()}@-example.com`,
      `${unique()}@example-.com`,
      `${unique()}@${'l'.repeat(64)}.com`, // a label over 63
      `${unique()}ü@example.com`,
      `${unique()} @example.com`,
      `${unique()}@exa_mple.com`,
      ofLength(255),
    ]) {
      await expectInvalid(await hire(surface, { email }), 'email');
    }
  });

  test.each(SURFACES)('%s: accepted at the edges, stored lower-case', async (surface) => {
    const edge = ofLength(254);
    expect(edge).toHaveLength(254);
    for (const email of [
      edge,
      `${unique()}.O'Neil+tag@Sub.Example.co.uk`,
      `${unique()}..dots.@example.com`, // the HTML standard allows any dots in the local part
      `${unique()}!#$%&*/=?^_\`{|}~-@${'l'.repeat(63)}.example`,
      `${unique()}@x1.y-2.museum`,
    ]) {
      const data = expectOk(await hire(surface, { email }));
      expect(data.email).toBe(email.toLowerCase());
      expect((await readBack(h, secret, 'employee', data.id as string)).email).toBe(email.toLowerCase());
    }
  });
});
