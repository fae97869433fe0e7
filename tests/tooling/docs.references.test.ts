import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { codeBlocks, documents } from '../support/docBlocks.js';
import { root } from '../support/processes.js';

// References that must lead somewhere (issue 35 item 4): "decisions §N" in code, tests, CLI output
// and docs names a section of docs/decisions.md; `README "…"` or `docs/x.md, "…"` names a heading of
// that page; a link between the docs names a page and a heading that exist; and every file
// docs/architecture.md names is in the tree.

/** Where references are read: the code, the tests, the CLI and the docs (never node_modules or builds). */
const SOURCES = ['server', 'routers', 'core', 'db', 'packages', 'bench', 'bin', 'tests', 'docs', 'examples'];
const ROOT_FILES = ['README.md', 'CHANGELOG.md', 'Makefile', 'redocly.yaml', '.spectral-owasp.yaml'];
const SKIPPED = new Set(['node_modules', 'dist', 'site', '.git']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|yaml|yml|jsonc|sh)$|^wfm$/;

function walk(dir: string): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(file);
    return TEXT.test(entry.name) ? [file] : [];
  });
}

// This file's own examples are not references.
const files = [...ROOT_FILES, ...SOURCES.flatMap(walk)]
  .filter((file) => file !== 'tests/tooling/docs.references.test.ts')
  .map((file) => ({
    file,
    text: readFileSync(path.join(root, file), 'utf8'),
  }));

/** Where `at` is in `text`, as file:line. */
function place(file: string, text: string, at: number): string {
  return `${file}:${text.slice(0, at).split('\n').length}`;
}

/** A heading's text as a reader quotes it: no markdown, no link targets. */
function plain(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();
}

/** The headings of a markdown page, outside its code blocks. */
function headings(doc: string): string[] {
  const text = readFileSync(path.join(root, doc), 'utf8');
  const lines = text.split('\n');
  for (const block of codeBlocks(doc, text)) {
    lines.fill('', block.line - 1, block.line + block.source.split('\n').length);
  }
  return lines.flatMap((line) => /^#{1,6} (.+)$/.exec(line)?.[1] ?? []).map(plain);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

// RFC citations (RFC 6749 §4.1, RFC 9110 §8.8.3 and §13) and dotted sections (OpenAPI 3.1 §4.8.5)
// are other documents' sections.
const RFC_CITATION = /RFC\s+\d+[\s*/]*§[\d.]+(?:(?:,|\s+and|\s+or)[\s*/]*§[\d.]+)*/g;
const SECTION = /§ ?(\d+)(?!\.\d)/g;

describe('decisions §N', () => {
  const sections = new Set(headings('docs/decisions.md').flatMap((heading) => /^(\d+)\. /.exec(heading)?.[1] ?? []));

  test('every cited section of docs/decisions.md exists', () => {
    const missing: string[] = [];
    for (const { file, text } of files) {
      const cited = text.replace(RFC_CITATION, (citation) => ' '.repeat(citation.length));
      for (const match of cited.matchAll(SECTION)) {
        if (!sections.has(match[1])) missing.push(`${place(file, text, match.index)}: §${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

/** `README "Running several nodes"`, `docs/webhooks.md, "Webhooks locally"`, `decisions.md "Statements"`. */
const SECTION_NAME = /((?:[\w.-]+\/)*(?:README|[\w-]+\.md))(?:#[\w-]+)?,? ["“]([^"”\n]+)["”]/g;

/** The page a reference names: README is the repository's, a bare name.md one of docs/. */
function page(name: string): string {
  if (name === 'README') return 'README.md';
  return name.includes('/') || existsSync(path.join(root, name)) ? name : `docs/${name}`;
}

describe('sections named by their heading', () => {
  test('every quoted section of a page is a heading of that page', () => {
    const missing: string[] = [];
    for (const { file, text } of files) {
      for (const match of text.matchAll(SECTION_NAME)) {
        const doc = page(match[1]);
        // A heading may add a parenthesis to the name it is quoted by: "Live updates (events.onEvent)".
        const found =
          existsSync(path.join(root, doc)) &&
          headings(doc).some((heading) => heading === match[2] || heading.startsWith(`${match[2]} (`));
        if (!found) missing.push(`${place(file, text, match.index)}: ${doc} "${match[2]}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('every link between the docs leads to a page and a heading that exist', () => {
    const broken: string[] = [];
    for (const doc of documents()) {
      const text = readFileSync(path.join(root, doc), 'utf8');
      for (const match of text.matchAll(/\]\((?!https?:|mailto:)([^)\s#]*)(?:#([^)\s]+))?\)/g)) {
        const target = match[1] ? path.posix.normalize(path.posix.join(path.posix.dirname(doc), match[1])) : doc;
        const exists = existsSync(path.join(root, target));
        const fragment = match[2];
        const resolves =
          exists && (!fragment || !target.endsWith('.md') || headings(target).map(anchor).includes(fragment));
        if (!resolves) broken.push(`${place(doc, text, match.index)}: ${match[1]}${fragment ? `#${fragment}` : ''}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const text = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const tree = ['server', 'routers', 'core', 'db', 'packages', 'bench', 'tests', 'examples', 'bin', 'docs']
    .flatMap(walk)
    .concat(readdirSync(root).filter((name) => statSync(path.join(root, name)).isFile()));

  /**
   * A path as the page writes it: from the repository's root (`server/http/app.ts`), the end of one
   * (`middleware/body.ts`, `webhook.dispatcher.ts`) or a test's import (`../../routers/x.js`); the
   * compiled `dist/…/x.js` is its source `…/x.ts`.
   */
  function inTree(named: string): boolean {
    if (named.endsWith('/') && existsSync(path.join(root, named))) return true;
    const source = named
      .replace(/^(\.\.\/)+/, '')
      .replace(/^dist\//, '')
      .replace(/\.js$/, '.ts');
    if (source.endsWith('/')) return tree.some((file) => file.startsWith(source) || file.includes(`/${source}`));
    return tree.some((file) => file === source || file.endsWith(`/${source}`));
  }

  test('every file and folder it names is in the tree', () => {
    const names = new Set<string>();
    // Files by their extension (not globs such as *.procedures.ts), and folders in backticks.
    for (const match of text.matchAll(
      /(?<![\w*<>.-])((?:\.\.\/)*(?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|js|cjs|mjs|json|jsonc|yaml|md))(?![\w*])/g,
    )) {
      names.add(match[1]);
    }
    for (const match of text.matchAll(/`((?:[\w.-]+\/)+)`/g)) names.add(match[1]);
    const missing = [...names].filter((name) => !inTree(name));
    expect(missing).toEqual([]);
  });
});
