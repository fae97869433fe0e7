// The floor plan's rules that an import graph cannot show (the rest: .dependency-cruiser.cjs, run by
// `make structure`): every source, test and bench file says what it is before its first declaration,
// a feature's files are named by their kind, and neither a procedure nor core/ holds SQL. Reads the
// files as text. Then every rule, of this file and of the import graph, is shown to fire: each on a
// fixture that breaks it once, and a rule without a fixture fails the suite.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from 'vitest';
import { useTempDir } from '../support/database.js';
import { childEnv, collect, root } from '../support/processes.js';

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

/** No comment before the first declaration. */
function silent(text: string): boolean {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => DECLARATION.test(line));
  return !lines.slice(0, first === -1 ? lines.length : first).some((line) => /^\s*(\/\*|\/\/)/.test(line));
}

/** What a file of routers/<feature>/ may be, `<name>.<kind>.ts` (docs/architecture.md, Naming). */
const FEATURE_FILE_KINDS = ['procedures', 'record', 'rules', 'reads', 'writes', 'dispatcher', 'page', 'live', 'dns'];

/** Feature files outside the convention, each with its reason: none today. Add one only with a reason. */
const FEATURE_FILE_EXCEPTIONS: Record<string, string> = {};

const FEATURE_FILE = new RegExp(`^routers/[^/]+/[A-Za-z0-9]+\\.(${FEATURE_FILE_KINDS.join('|')})\\.ts$`);

/**
 * SQL in a file's text: a string that begins a statement, or one that compares a column with a bind
 * placeholder (a condition: `end_date >= ?`).
 */
const SQL = [
  /['"`]\s*(select\s[^'"`]*\sfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|with\s+\w+\s+as\s+(materialized\s+)?\()/i,
  /['"`][^'"`\n]*\w\s*(=|<>|>=|<=|<|>)\s*\?/,
];
const holdsSql = (text: string) => SQL.some((pattern) => pattern.test(text));

/** A test file's name: its subject, then its aspect or `unit` or both (`leaveRequests.rules.unit`). */
const TEST_FILE = /^tests\/[a-z][A-Za-z]*\/[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*(\.unit)?|\.unit)\.test\.ts$/;

interface SourceText {
  file: string;
  text: string;
}

/** The text rules by name: the files each judges, and whether one breaks it. */
const TEXT_RULES: Record<string, { judges: (file: string) => boolean; broken: (source: SourceText) => boolean }> = {
  'every-file-says-what-it-is': { judges: () => true, broken: ({ text }) => silent(text) },
  'feature-files-named-by-kind': {
    judges: (file) => /^routers\/[^/]+\//.test(file) && !Object.hasOwn(FEATURE_FILE_EXCEPTIONS, file),
    broken: ({ file }) => !FEATURE_FILE.test(file),
  },
  // A procedure is input, output, meta and one call: its feature reads and writes.
  'procedures-hold-no-sql': {
    judges: (file) => file.endsWith('.procedures.ts'),
    broken: ({ text }) => /\.execute\(|\bTenantReader\b/.test(text) || holdsSql(text),
  },
  // core/ is the platform (procedure builder, problems, cursors); statements are assembled in db/.
  'core-holds-no-sql': { judges: (file) => file.startsWith('core/'), broken: ({ text }) => holdsSql(text) },
  // docs/architecture.md "Tests": tests/<folder>/<subject>.<aspect>[.unit].test.ts.
  'test-files-named-subject-aspect': {
    judges: (file) => file.startsWith('tests/') && file.endsWith('.test.ts'),
    broken: ({ file }) => !TEST_FILE.test(file),
  },
};

const read = (file: string): SourceText => ({ file, text: readFileSync(path.join(root, file), 'utf8') });

test('the text rules judge every source, test and bench file', () => {
  expect(files.length).toBeGreaterThan(80);
  expect(testFiles.length).toBeGreaterThan(150);
  for (const [name, rule] of Object.entries(TEXT_RULES)) {
    expect([...files, ...testFiles].filter(rule.judges).length, name).toBeGreaterThan(5);
  }
});

test.each(Object.keys(TEXT_RULES))('%s: no file breaks it', (name) => {
  const { judges, broken } = TEXT_RULES[name];
  expect(
    [...files, ...testFiles]
      .filter(judges)
      .map(read)
      .filter(broken)
      .map((source) => source.file),
  ).toEqual([]);
});

/** One file that breaks each text rule. */
const TEXT_FIXTURES: Record<string, SourceText> = {
  'every-file-says-what-it-is': { file: 'core/x.ts', text: "import { z } from 'zod';\nexport const x = z.string();\n" },
  'feature-files-named-by-kind': { file: 'routers/employees/employeeHelpers.ts', text: '// Helpers.\n' },
  'procedures-hold-no-sql': {
    file: 'routers/leave/leaveRequests.procedures.ts',
    text: "// Leave.\nexport const window = { seek: 'start_date >= ?::date' };\n",
  },
  'test-files-named-subject-aspect': { file: 'tests/leave/filing.test.ts', text: '// Filing leave.\n' },
  'core-holds-no-sql': {
    file: 'core/records.ts',
    text: "// Records.\nexport const page = 'select id from employees order by id';\n",
  },
};

test('every text rule has a fixture, and fires on it', () => {
  expect(Object.keys(TEXT_FIXTURES).sort()).toEqual(Object.keys(TEXT_RULES).sort());
  for (const [name, fixture] of Object.entries(TEXT_FIXTURES)) {
    expect(TEXT_RULES[name].judges(fixture.file) && TEXT_RULES[name].broken(fixture), name).toBe(true);
  }
});

/** The import graph's rules, as `make structure` runs them. */
const graphRules = (
  createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
    forbidden: { name: string }[];
  }
).forbidden.map((rule) => rule.name);

/**
 * Files that break each rule of .dependency-cruiser.cjs once, and no other rule; every file name is
 * the fixture's own, so that the fixtures make one tree and one run.
 */
const GRAPH_FIXTURES: Record<string, Record<string, string>> = {
  'routers-imports-only-below': {
    'routers/up/up.writes.ts': "import { top } from '../../server/top.js';\nexport const up = top;\n",
    'server/top.ts': 'export const top = 1;\n',
  },
  'core-imports-only-below': {
    'core/upward.ts': "import { low } from '../routers/low/low.writes.js';\nexport const upward = low;\n",
    'routers/low/low.writes.ts': 'export const low = 1;\n',
  },
  'db-imports-only-below': {
    'db/upward.ts': "import { below } from '../core/below.js';\nexport const upward = below;\n",
    'core/below.ts': 'export const below = 1;\n',
  },
  'only-procedures-build-procedures': {
    'routers/builder/builder.writes.ts': "import { t } from '../../core/trpc.js';\nexport const builder = t;\n",
    'core/trpc.ts': 'export const t = 1;\n',
  },
  'procedures-hold-no-sql': {
    'routers/sql/sql.procedures.ts':
      "import { statement } from '../../db/statements.js';\nexport const sql = statement;\n",
    'db/statements.ts': 'export const statement = 1;\n',
  },
  'features-meet-through-records-writes-and-events': {
    'routers/one/one.writes.ts': "import { rule } from '../two/two.rules.js';\nexport const one = rule;\n",
    'routers/two/two.rules.ts': 'export const rule = 1;\n',
  },
  'pipeline-steps-import-only-below': {
    'server/http/pipeline/first.ts': "import { second } from './second.js';\nexport const first = second;\n",
    'server/http/pipeline/second.ts': 'export const second = 1;\n',
  },
  'packages-stand-alone': {
    'packages/p/src/index.ts': "import { platform } from '../../../core/platform.js';\nexport const p = platform;\n",
    'core/platform.ts': 'export const platform = 1;\n',
  },
  'no-circular': {
    'core/ping.ts': "import { pong } from './pong.js';\nexport const ping = () => pong;\n",
    'core/pong.ts': "import { ping } from './ping.js';\nexport const pong = () => ping;\n",
  },
  'no-unresolvable': { 'core/lost.ts': "import { gone } from './gone.js';\nexport const lost = gone;\n" },
  'production-not-on-dev-dependencies': {
    'server/dev.ts': "import { expect } from 'vitest';\nexport const dev = expect;\n",
  },
};

const fixtures = useTempDir('structure-');

test('every rule of the import graph has a fixture, and fires on it alone', async () => {
  expect(Object.keys(GRAPH_FIXTURES).sort()).toEqual([...graphRules].sort());
  const tree: Record<string, string> = Object.assign({}, ...Object.values(GRAPH_FIXTURES));
  const project = {
    'package.json': JSON.stringify({ name: 'fixture', type: 'module', devDependencies: { vitest: '*' } }),
    'tsconfig.json': '{}',
    ...tree,
  };
  for (const [file, text] of Object.entries(project)) {
    await mkdir(path.dirname(path.join(fixtures.path, file)), { recursive: true });
    await writeFile(path.join(fixtures.path, file), text);
  }
  await symlink(path.join(root, 'node_modules'), path.join(fixtures.path, 'node_modules'));
  const tops = [...new Set(Object.keys(tree).map((file) => file.split('/')[0]))];
  const depcruise = path.join(root, 'node_modules/.bin/depcruise');
  const config = path.join(root, '.dependency-cruiser.cjs');
  const args = ['--config', config, '--output-type', 'json', ...tops];
  const result = await collect(depcruise, args, childEnv({}), fixtures.path);
  const { summary } = JSON.parse(result.stdout) as {
    summary: { violations: { from: string; rule: { name: string } }[] };
  };
  /** The rules each fixture broke: those of the violations from its files. */
  const broken = Object.fromEntries(
    Object.entries(GRAPH_FIXTURES).map(([name, files]) => {
      const own = summary.violations.filter((violation) => Object.hasOwn(files, violation.from));
      return [name, [...new Set(own.map((violation) => violation.rule.name))]];
    }),
  );
  expect(broken).toEqual(Object.fromEntries(graphRules.map((name) => [name, [name]])));
});
