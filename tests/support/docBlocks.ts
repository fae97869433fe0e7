// The code blocks of the documentation (issue 34 item 6): the suite compiles every TypeScript block
// (tests/packages/packages.installed.test.ts) and runs the README tour's shell blocks
// (tests/tooling/docs.examples.test.ts), so that an example works as written.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './processes.js';

/** The documents whose examples are checked, relative to the repository: README.md, docs/*.md, packages/*\/README.md. */
export function documents(): string[] {
  const docs = readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md'));
  const packages = readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}/README.md`);
  return ['README.md', ...docs.map((name) => `docs/${name}`), ...packages].sort();
}

interface DocBlock {
  /** The document, relative to the repository: 'docs/clients.md'. */
  doc: string;
  /** The line of the opening fence (1-based): the block's first line is `line + 1`. */
  line: number;
  /** The fence's language: 'ts', 'sh', '' when none. */
  lang: string;
  /** The block's text, without the indentation of its fence (a block in a list item is indented). */
  source: string;
  /** Why the block is not meant to compile or run on its own: `<!-- partial: why -->` on the line before its fence. */
  partial?: string;
}

/** The blocks the TypeScript compiler is given. */
export const TYPESCRIPT = ['ts', 'typescript', 'tsx'];

/** Every fenced block of `doc`, in order. */
export function codeBlocks(doc: string, text = readFileSync(path.join(root, doc), 'utf8')): DocBlock[] {
  const lines = text.split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, lang] = open;
    const close = lines.findIndex((text, j) => j > i && /^ *```\s*$/.test(text));
    if (close === -1) throw new Error(`${doc}:${i + 1}: a code block that is never closed`);
    const partial = /^ *<!-- partial: (.+?) -->\s*$/.exec(lines[i - 1] ?? '')?.[1];
    const body = lines.slice(i + 1, close).map((text) => (text.startsWith(indent) ? text.slice(indent.length) : text));
    blocks.push({ doc, line: i + 1, lang, source: `${body.join('\n')}\n`, ...(partial ? { partial } : {}) });
    i = close;
  }
  return blocks;
}

/** The ```sh blocks of README.md's tour (the section "A 60-second tour"), in order. */
export function readmeTour(): DocBlock[] {
  const text = readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = text.indexOf('\n## A 60-second tour\n');
  if (start === -1) throw new Error('README.md has no section "A 60-second tour"');
  const end = text.indexOf('\n## ', start + 1);
  // Blanked outside the section, so that line numbers stay the README's.
  const section = text
    .slice(0, end === -1 ? undefined : end)
    .replace(/[^\n]/g, (c, at: number) => (at < start ? '' : c));
  return codeBlocks('README.md', section).filter((block) => block.lang === 'sh');
}
