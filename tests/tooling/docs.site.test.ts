import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { root, run } from '../support/processes.js';

// `make docs` (decisions §17): the static HTML reference of the committed openapi.json, built with
// nothing from the network, here into a temporary DOCS_OUT (never docs/site). It must name every
// path of the document and every event type, and carry everything it needs to open offline.

const dir = mkdtempSync(path.join(tmpdir(), 'wfm-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const committed = JSON.parse(readFileSync(path.join(root, 'openapi.json'), 'utf8')) as {
  paths: Record<string, unknown>;
  webhooks: Record<string, unknown>;
};

test('make docs writes a self-contained page naming every path and every event type', async () => {
  const out = path.join(dir, 'site', 'index.html');
  // -o: the installed dependencies are taken as they are (this builds the docs, it installs nothing).
  const result = await run('make', ['--no-print-directory', '-o', 'node_modules/.installed', 'docs'], {
    DOCS_OUT: out,
  });
  expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
  const html = readFileSync(out, 'utf8');

  const paths = Object.keys(committed.paths);
  const types = Object.keys(committed.webhooks);
  expect(paths).toContain('/event-types');
  expect(types).toEqual(expect.arrayContaining(['employee.created', 'leave_request.cancelled', 'webhook.test']));
  for (const name of [...paths, ...types]) expect(html, name).toContain(name);

  // The page renders the committed document itself, embedded whole.
  const embedded = /const __redoc_definition = (.*);\n/.exec(html)?.[1];
  expect(JSON.parse(embedded ?? 'null')).toEqual(committed);
  // Nothing is loaded from elsewhere: no external script, stylesheet or module import.
  expect(html).not.toMatch(/<script[^>]+\bsrc=/i);
  expect(html).not.toMatch(/<link[^>]+\bhref="https?:/i);
  expect(html).not.toMatch(/\bimport\b[^;]*from\s*["']https?:/);
}, 30_000);
