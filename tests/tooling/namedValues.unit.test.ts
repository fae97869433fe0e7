import { describe, expect, test } from 'vitest';
import { sql, statement } from '../../db/namedValues.js';
import { compileTenantStatement } from '../../db/tenantReader.js';

// Statements with named values (db/namedValues.ts): the text is compiled once with `?` placeholders,
// and each call's values are laid out by name in the placeholders' order.

describe('statement', () => {
  const rename = statement<{ id: string; name: string; at: string }>(
    (v) =>
      sql`update employees set full_name = ${v.name}, updated_at = ${v.at} where id = ${v.id} and ${v.at} > created_at`,
  );

  test('the text has a ? for each value, in the order written', () => {
    expect(rename.sql).toBe('update employees set full_name = ?, updated_at = ? where id = ? and ? > created_at');
  });

  test('bind lays the values out by name, a name used twice twice, whatever order the object has', () => {
    expect(rename.bind({ at: 'T', id: 'I', name: 'N' })).toEqual(['N', 'T', 'I', 'T']);
  });

  test('fragments join in: a list of values and raw text stay named', () => {
    const columns = ['department', 'designation'];
    const filter = statement<{ tenant: string; departments: string[] }>(
      (v) =>
        sql`select ${sql.join(columns.map((c) => sql.ref(c)))} from employees where department = any(${v.departments}) and ${sql.raw('true')}`,
    );
    expect(filter.sql).toBe('select "department", "designation" from employees where department = any(?) and true');
    expect(filter.bind({ tenant: 't', departments: ['a'] })).toEqual([['a']]);
  });

  test('a value that is not a named one is refused when the module loads', () => {
    expect(() => statement<{ id: string }>((v) => sql`select ${v.id}, ${42}`)).toThrow(/value 2 .* has no name/);
  });

  test('the text is what the tenant reader scopes and numbers after the tenant', () => {
    const read = statement<{ id: string }>((v) => sql`select id from employees where id = ${v.id}`);
    expect(compileTenantStatement(read.sql).text).toBe(
      'select id from (select * from employees where tenant_id = $1) employees where id = $2',
    );
  });
});
