import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { root, run } from '../support/processes.js';

// bin/wfm rebuilds dist/ when anything tsconfig.build.json compiles is newer than the last build
// (issue 23: it used to look at three named folders only, so a change in the others ran stale code). A small checkout of its own: the real bin/wfm, tsconfigs and TypeScript, and a CLI
// that prints a message from each folder of the build's "include".

const checkout = mkdtempSync(path.join(tmpdir(), 'wfm-rebuild-'));
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

const FOLDERS = ['routers', 'core', 'db'] as const;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
  writeFileSync(path.join(checkout, file), text);
}

const message = (folder: string, version: number) => `export const message = '${folder} ${version}';\n`;

async function wfm(): Promise<string> {
  const result = await run(path.join(checkout, 'bin/wfm'), []);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}

test('bin/wfm rebuilds after a change in any folder the build compiles, not only server/', async () => {
  for (const file of ['bin/wfm', 'bin/bundle.ts', 'tsconfig.json', 'tsconfig.build.json']) {
    cpSync(path.join(root, file), path.join(checkout, file));
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(checkout, 'node_modules'));
  for (const folder of FOLDERS) write(`${folder}/message.ts`, message(folder, 1));
  write(
    'server/main/cli.ts',
    `${FOLDERS.map((f) => `import { message as ${f} } from '../../${f}/message.js';`).join('\n')}\n` +
      `console.log([${FOLDERS.join(', ')}].join(', '));\n`,
  );

  expect(await wfm()).toBe(FOLDERS.map((f) => `${f} 1`).join(', '));
  for (const [i, folder] of FOLDERS.entries()) {
    write(`${folder}/message.ts`, message(folder, 2));
    expect(await wfm()).toBe(FOLDERS.map((f, j) => `${f} ${j <= i ? 2 : 1}`).join(', '));
  }
}, 120_000); // four builds and runs of a small checkout: seconds, more on a loaded machine
