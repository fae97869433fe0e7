// Employee codes (EMP-0001) as functions: formatEmployeeCode, its SQL twin employeeCodeSql (checked
// in PostgreSQL) and the pattern of a hand-typed code. No server: codes assigned by a hire are
// employees.create.test.ts's, by parallel hires employees.concurrency.test.ts's.
import pg from 'pg';
import { expect, inject, test } from 'vitest';
import { sql, statement } from '../../db/namedValues.js';
import { numberPlaceholders } from '../../db/statements.js';
import { EMPLOYEE_CODE_PATTERN, formatEmployeeCode } from '../../routers/employees/employees.rules.js';
import { employeeCodeSql } from '../../routers/employees/employees.writes.js';

test('formatEmployeeCode pads the number with zeros to the tenant digits', () => {
  expect(formatEmployeeCode('EMP-', 4, 1)).toBe('EMP-0001');
  expect(formatEmployeeCode('EMP-', 4, 42)).toBe('EMP-0042');
  expect(formatEmployeeCode('EMP-', 4, 9999)).toBe('EMP-9999');
  expect(formatEmployeeCode('EMP-', 6, 7)).toBe('EMP-000007');
  expect(formatEmployeeCode('EMP-', 1, 3)).toBe('EMP-3');
  expect(formatEmployeeCode('EMP-', 0, 5)).toBe('EMP-5');
});

test('formatEmployeeCode writes a number longer than the digits in full, never truncated', () => {
  expect(formatEmployeeCode('EMP-', 4, 10000)).toBe('EMP-10000');
  expect(formatEmployeeCode('EMP-', 4, 123456)).toBe('EMP-123456');
  expect(formatEmployeeCode('E', 2, 100)).toBe('E100');
});

test('formatEmployeeCode puts the prefix first, as it is (none, several characters, digits)', () => {
  expect(formatEmployeeCode('', 4, 12)).toBe('0012');
  expect(formatEmployeeCode('ACME/', 3, 5)).toBe('ACME/005');
  expect(formatEmployeeCode('emp_', 4, 5)).toBe('emp_0005');
  expect(formatEmployeeCode('2024-', 2, 1)).toBe('2024-01');
});

/** `select <the code of number n> as code`, with the prefix and the digits as named values. */
const codeOf = (n: string) =>
  statement<{ prefix: string; digits: number }>(
    (v) => sql`select ${employeeCodeSql(sql.raw(n), v.prefix, v.digits)} as code`,
  );

test('employeeCodeSql is formatEmployeeCode in SQL: the expression with the prefix and the digits', () => {
  expect(codeOf('candidate.n').sql).toBe(
    "select ?::text || lpad((candidate.n)::text, greatest(?::int, length((candidate.n)::text)), '0') as code",
  );
  expect(codeOf('max(n)').bind({ digits: 4, prefix: 'EMP-' })).toEqual(['EMP-', 4]);
});

test('employeeCodeSql gives the codes formatEmployeeCode gives, in PostgreSQL', async () => {
  const cases: [string, number, number][] = [
    ['EMP-', 4, 1],
    ['EMP-', 4, 42],
    ['EMP-', 4, 9999],
    ['EMP-', 4, 10000],
    ['EMP-', 4, 123456],
    ['', 4, 12],
    ['ACME/', 3, 5],
    ['E', 2, 100],
    ['EMP-', 1, 3],
    ['EMP-', 0, 5],
  ];
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    for (const [prefix, digits, n] of cases) {
      // `n` is an SQL expression (here a literal); the prefix and the digits are named values.
      const code = codeOf(String(n));
      const { rows } = await client.query<{ code: string }>(
        numberPlaceholders(code.sql),
        code.bind({ prefix, digits }),
      );
      expect(rows[0].code, `${prefix} ${digits} ${n}`).toBe(formatEmployeeCode(prefix, digits, n));
    }
  } finally {
    await client.end();
  }
});

test('EMPLOYEE_CODE_PATTERN: a hand-typed code is 1 to 50 of A-Z a-z 0-9 . _ -', () => {
  for (const code of ['EMP-0001', 'x', 'a.b_c-D9', 'A'.repeat(50), '0001']) {
    expect(EMPLOYEE_CODE_PATTERN.test(code), code).toBe(true);
  }
  for (const code of ['', 'A'.repeat(51), 'EMP 0001', 'EMP/1', 'émp', 'EMP-1\n', 'a+b']) {
    expect(EMPLOYEE_CODE_PATTERN.test(code), JSON.stringify(code)).toBe(false);
  }
});
