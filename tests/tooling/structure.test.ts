// The floor plan's rules that an import graph cannot show (the rest: .dependency-cruiser.cjs, run by
// `make structure`): every source, test and bench file says what it is before its first declaration,
// and a procedure holds no SQL. Reads the files as text; nothing runs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { root } from '../support/processes.js';

/** The service's folders and what the packages ship or run. */
const SOURCE_DIRS = [
  'server',
  'routers',
  'core',
  'db',
  'packages/client/src',
  'packages/client/scripts',
  'packages/trpc/src',
  'packages/trpc/scripts',
];

/** The tests and the benchmarks: held to the same header rule as the service. */
const TEST_DIRS = ['tests', 'bench'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const files = SOURCE_DIRS.flatMap(sourceFiles);
const testFiles = TEST_DIRS.flatMap(sourceFiles);

/**
 * The first line that declares something: not an import, a comment or a blank. In a test file that
 * may be a test or a suite: `test(`, `describe(`, `test.each(`, `describe.for(`, ….
 */
const DECLARATION =
  /^(export |const |let |function |async function |class |interface |type |declare |enum |abstract |(test|describe)(\.\w+)*\()/;

/** The files of `list` with no comment before their first declaration. */
function silent(list: string[]): string[] {
  return list.filter((file) => {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    const first = lines.findIndex((line) => DECLARATION.test(line));
    return !lines.slice(0, first === -1 ? lines.length : first).some((line) => /^\s*(\/\*|\/\/)/.test(line));
  });
}

test('every source file says what it is before its first declaration', () => {
  expect(files.length).toBeGreaterThan(80);
  expect(silent(files)).toEqual([]);
});

test('every test and bench file says what it is before its first declaration', () => {
  expect(testFiles.length).toBeGreaterThan(150);
  expect(silent(testFiles)).toEqual([]);
});

test('procedures hold no SQL: they call their feature, which reads and writes', () => {
  const procedures = files.filter((file) => file.endsWith('.procedures.ts'));
  expect(procedures.length).toBeGreaterThan(15);
  const database = /\.execute\(|\bTenantReader\b/;
  const sql = /['"`]\s*(select|insert\s+into|update\s+\w+\s+set|delete\s+from|with)\s/i;
  const holdsSql = (text: string) => database.test(text) || sql.test(text);
  expect(procedures.filter((file) => holdsSql(readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
});
