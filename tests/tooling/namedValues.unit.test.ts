import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtOnFirstRead, columnEquals, dateBound, filteredPageStatements, pageValues } from '../../db/listQueries.js';
import { sql, statement } from '../../db/namedValues.js';
import { compileTenantStatement } from '../../db/tenantReader.js';
import { root } from '../support/processes.js';

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

describe('list pages', () => {
  const window = filteredPageStatements('leave_requests', 'id, created_at', {
    status: { where: columnEquals('status') },
    from: dateBound('end_date', '>='),
  });

  test('a filter’s value goes by the filter’s name, the page’s by its own', () => {
    const first = window[0b01].first;
    expect(first.sql).toBe(
      'select id, created_at from leave_requests where (status = ?) order by leave_requests.created_at, leave_requests.id limit ?',
    );
    expect(first.bind(pageValues<Record<string, string>>({ status: 'approved' }, undefined, 21))).toEqual([
      'approved',
      21,
    ]);
  });

  test('a window page names its filters, its walk and its cursor, each where the text uses it', () => {
    const after = window[0b11].after;
    const values = pageValues<Record<string, string>>(
      { status: 'approved', from: '2026-01-01' },
      ['2026-01-01T00:00:00.000Z', 'i'],
      5,
    );
    expect(after.bind(values)).toEqual([
      '2026-01-01', // span: the window's first day
      'approved', // walked: the equality
      '2026-01-01T00:00:00.000Z',
      'i',
      50, // the walk's budget: 10 per row
      '2026-01-01', // hits: hit
      'approved',
      '2026-01-01T00:00:00.000Z',
      'i',
      50,
      5,
      50, // lower: the walk's last row
      'approved', // heads
      '2026-01-01',
      5,
      5, // bound
      'approved', // more
      '2026-01-01',
      5,
      5, // merged
      5, // the page
    ]);
  });
});

// Issue 35 item 2: the employees, leave and events features and the list queries write every
// statement with named values. A `?` placeholder in their SQL text, or a value list handed to a
// reader, is a value known only by its place.
describe('builtOnFirstRead (the pages of a list, built when first asked for)', () => {
  test('builds a value only when it is read, once, and reads like an array', () => {
    const built: number[] = [];
    const squares = builtOnFirstRead(4, (index) => {
      built.push(index);
      return { square: index * index };
    });
    expect(squares).toHaveLength(4);
    expect(built).toEqual([]);
    expect(squares[2].square).toBe(4);
    expect(squares[2]).toBe(squares[2]);
    expect(built).toEqual([2]);
    expect([...squares.entries()].map(([index, value]) => [index, value.square])).toEqual([
      [0, 0],
      [1, 1],
      [2, 4],
      [3, 9],
    ]);
    expect(built).toEqual([2, 0, 1, 3]);
  });
});

describe('the statements of employees, leave, events and the lists take named values', () => {
  const FEATURES = ['routers/employees', 'routers/leave', 'routers/events'];
  const files = [
    ...FEATURES.flatMap((dir) => readdirSync(path.join(root, dir)).map((name) => path.join(dir, name))),
    'core/records.ts',
    'db/listQueries.ts',
  ];
  /**
   * The text of the string and template literals of `source` (a template's text without its
   * `${…}` parts, whose literals are listed too), comments skipped.
   */
  function literals(source: string): string[] {
    const found: string[] = [];
    /** Reads code from `at` until an unmatched `}` (the end of a `${`) or the end; returns where it stopped. */
    const code = (at: number): number => {
      let depth = 0;
      for (let i = at; i < source.length; i++) {
        const c = source[i];
        if (c === '/' && source[i + 1] === '/')
          i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
        else if (c === '/' && source[i + 1] === '*') i = source.indexOf('*/', i + 2) + 1;
        else if (c === "'" || c === '"') {
          let j = i + 1;
          while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
          found.push(source.slice(i + 1, j));
          i = j;
        } else if (c === '`') i = template(i + 1);
        else if (c === '{') depth++;
        else if (c === '}' && depth-- === 0) return i;
      }
      return source.length;
    };
    /** Reads a template's text from `at`; returns the index of its closing backtick. */
    const template = (at: number): number => {
      let text = '';
      let i = at;
      while (i < source.length && source[i] !== '`') {
        if (source[i] === '\\') {
          text += source.slice(i, i + 2);
          i += 2;
        } else if (source[i] === '$' && source[i + 1] === '{') {
          text += ' ';
          i = code(i + 2) + 1;
        } else text += source[i++];
      }
      found.push(text);
      return i;
    };
    code(0);
    return found;
  }
  /** A `?` standing for a value: after a space, `(`, `,` or `=`, before a space, `)`, `,` or a cast. */
  const PLACEHOLDER = /(^|[\s(,=])\?(?=$|[\s),]|::)/;
  /** A reader call given a list of values: `reader.all(X, [`. */
  const VALUE_LIST = /\.(?:all|one)\s*(?:<[^()]*?>)?\(\s*[\w.[\]]+\s*,\s*\[/;

  test('no `?` placeholder in their SQL text', () => {
    const positional = files.filter((file) =>
      literals(readFileSync(path.join(root, file), 'utf8')).some((literal) => PLACEHOLDER.test(literal)),
    );
    expect(positional).toEqual([]);
  });

  test('no list of values handed to a reader', () => {
    expect(files.filter((file) => VALUE_LIST.test(readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });
});
