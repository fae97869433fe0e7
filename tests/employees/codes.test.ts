// Employee codes (EMP-0001) as functions: formatEmployeeCode, its SQL twin employeeCodeSql (checked
// in PostgreSQL) and the pattern of a hand-typed code. No server: codes assigned by a hire are
// create.test.ts's, by parallel hires concurrency.test.ts's.
import pg from 'pg';
import { expect, inject, test } from 'vitest';
import {
  EMPLOYEE_CODE_PATTERN,
  employeeCodeSql,
  formatEmployeeCode,
} from '../../routers/employees/employees.writes.js';

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

test('employeeCodeSql is formatEmployeeCode in SQL: the expression and its two parameters', () => {
  expect(employeeCodeSql('candidate.n')).toBe(
    "?::text || lpad((candidate.n)::text, greatest(?::int, length((candidate.n)::text)), '0')",
  );
  expect(employeeCodeSql('max(n)')).toBe(
    "?::text || lpad((max(n))::text, greatest(?::int, length((max(n))::text)), '0')",
  );
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
      // `n` is an SQL expression (here a literal); the prefix and the digits are the two parameters.
      let k = 0;
      const sql = `select ${employeeCodeSql(String(n))} as code`.replace(/\?/g, () => `$${++k}`);
      const { rows } = await client.query<{ code: string }>(sql, [prefix, digits]);
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
