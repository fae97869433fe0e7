// A project outside the repository that installs this repository's packages as a user would: packed
// by `npm pack` (prepack builds dist/), installed by npm, checked by its own tsc, run by node.
// It makes no assertion about the packages: the test files do.

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { childEnv, collect, type Result, root } from './processes.js';

/** The versions the repository pins (root package.json), so that the consumer installs from npm's cache. */
const rootManifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function pinnedVersion(name: string): string {
  const version = rootManifest.dependencies[name] ?? rootManifest.devDependencies[name];
  if (!version) throw new Error(`consumerProject: ${name} is not in the repository's package.json`);
  return version;
}

export interface ConsumerProjectOptions {
  /** Workspace packages to pack and install, by name: '@workforce/client', '@workforce/trpc'. */
  workspaces: readonly string[];
  /** Registry packages installed beside them, each at the version the repository pins unless `versions` names one. */
  packages: readonly string[];
  /** Versions (or ranges) for some of `packages`: ones the repository does not pin, or pins otherwise. */
  versions?: Record<string, string>;
  /** Compiler options over the consumer's defaults (TSCONFIG below). */
  compilerOptions?: Record<string, unknown>;
  /** Source files by name in the project's src/ ('client.ts', 'examples/x.ts'), compiled by the project's tsc to dist/. */
  files: Record<string, string>;
}

/** One compiler error of the project's tsc. */
interface Diagnostic {
  /** Relative to the project, e.g. 'src/consumer.ts'. */
  file: string;
  line: number;
  /** TS2345 and the like. */
  code: string;
  /** The whole message, continuation lines included. */
  message: string;
}

export interface ConsumerProject {
  dir: string;
  /** The project's package.json and package-lock.json, as npm left them (to show they point nowhere else). */
  manifests(): Promise<string>;
  /** `tsc -p .` with the project's own TypeScript: every diagnostic, by file then line (none when it compiles). */
  compile(): Promise<Diagnostic[]>;
  /** `node dist/<script>.js ...args` in the project. */
  run(script: string, args: readonly string[]): Promise<Result>;
}

/** The consumer's compiler settings: strict, Node's ESM, and Node's types (no DOM library). */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    // What `tsc --init` writes. Checking every declaration file (Node's included) costs 6 s here; a
    // declaration of a package that did not resolve would show in the calls that must not compile.
    skipLibCheck: true,
    types: ['node'],
    rootDir: 'src',
    outDir: 'dist',
  },
  include: ['src'],
};

/** Runs a command in `cwd` with the suite's Node first on PATH and no npm settings inherited from a parent npm. */
function runIn(cwd: string, command: string, args: readonly string[]): Promise<Result> {
  const env = Object.fromEntries(Object.entries(childEnv({})).filter(([name]) => !/^npm_/i.test(name)));
  return collect(command, args, env, cwd);
}

function mustSucceed(what: string, result: Result): Result {
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}:\n${result.stderr}\n${result.stdout}`);
  return result;
}

/** `file(line,col): error TS1234: message` lines of `tsc --pretty false`, with their indented continuation lines. */
function parseDiagnostics(output: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const line of output.split('\n')) {
    const head = /^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (head) diagnostics.push({ file: head[1], line: Number(head[2]), code: head[3], message: head[4] });
    else if (line.startsWith(' ') && diagnostics.length > 0) diagnostics[diagnostics.length - 1].message += `\n${line}`;
  }
  return diagnostics;
}

/** A line of a consumer's file that must not compile, and a fragment of the error it must fail with. */
export interface MustNotCompile {
  /** As tsc names it, e.g. 'src/client.mustNotCompile.ts'. */
  file: string;
  line: number;
  fragment: string;
}

/**
 * The lines of `files` (as given to the project) that must not compile, each marked on the line above
 * it with `// must not compile: <a fragment of the error message>`; by file, then line.
 */
export function mustNotCompileMarks(files: Record<string, string>): MustNotCompile[] {
  return Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, source]) =>
      source.split('\n').flatMap((text, index) => {
        const mark = /\/\/ must not compile: (.+)$/.exec(text);
        return mark ? [{ file: `src/${name}`, line: index + 2, fragment: mark[1].trim() }] : [];
      }),
    );
}

async function createConsumerProject(options: ConsumerProjectOptions): Promise<ConsumerProject> {
  const dir = await mkdtemp(path.join(tmpdir(), 'workforce-consumer-'));
  // Packed straight into the project: the tarballs are its own files, nothing points back here.
  const packed = mustSucceed(
    'npm pack',
    await runIn(root, 'npm', [
      'pack',
      ...options.workspaces.flatMap((name) => ['--workspace', name]),
      '--pack-destination',
      dir,
      '--json',
    ]),
  );
  const tarballs = (JSON.parse(packed.stdout) as { name: string; filename: string }[]).map(
    ({ name, filename }) => [name, `file:./${filename}`] as const,
  );
  const manifest = {
    name: 'workforce-consumer',
    private: true,
    type: 'module',
    dependencies: Object.fromEntries([
      ...tarballs,
      ...options.packages.map((name) => [name, options.versions?.[name] ?? pinnedVersion(name)]),
    ]),
  };
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const tsconfig = { ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, ...options.compilerOptions } };
  await writeFile(path.join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  for (const [name, source] of Object.entries(options.files)) {
    await mkdir(path.dirname(path.join(dir, 'src', name)), { recursive: true });
    await writeFile(path.join(dir, 'src', name), source);
  }
  mustSucceed('npm install', await runIn(dir, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']));
  return {
    dir,
    manifests: async () =>
      (await readFile(path.join(dir, 'package.json'), 'utf8')) +
      (await readFile(path.join(dir, 'package-lock.json'), 'utf8')),
    compile: async () => {
      const tsc = await runIn(dir, process.execPath, [
        'node_modules/typescript/bin/tsc',
        '-p',
        '.',
        '--pretty',
        'false',
      ]);
      const diagnostics = parseDiagnostics(tsc.stdout).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
      if (tsc.code !== 0 && diagnostics.length === 0)
        throw new Error(`tsc exited ${tsc.code}:\n${tsc.stdout}${tsc.stderr}`);
      return diagnostics;
    },
    run: (script, args) => runIn(dir, process.execPath, [`dist/${script}.js`, ...args]),
  };
}

/**
 * A consumer project for the test file (or `describe`): packed, installed and written in beforeAll
 * (some seconds: once per file), removed in afterAll. Read its members inside tests and hooks.
 */
export function useConsumerProject(options: ConsumerProjectOptions): ConsumerProject {
  let project: ConsumerProject | undefined;
  beforeAll(async () => {
    project = await createConsumerProject(options);
  }, 180_000);
  afterAll(async () => {
    if (project) await rm(project.dir, { recursive: true, force: true });
  });
  const made = (): ConsumerProject => {
    if (!project) throw new Error('useConsumerProject: the project is made in beforeAll; use it in a hook or a test');
    return project;
  };
  return {
    get dir() {
      return made().dir;
    },
    manifests: () => made().manifests(),
    compile: () => made().compile(),
    run: (script, args) => made().run(script, args),
  };
}
