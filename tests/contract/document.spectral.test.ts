import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildOpenApiDocument } from '../../server/openapi/document.js';
import { root, run } from '../support/processes.js';

// Spectral's `spectral:oas` ruleset (see .spectral.yaml) over the document the server serves at
// /openapi.json (tests/tooling/wfm.cli.test.ts checks that the committed openapi.json is the same document).
// Any error or warning fails the test.

const spectralCli = path.join(root, 'node_modules/@stoplight/spectral-cli/dist/index.js');
const dir = mkdtempSync(path.join(tmpdir(), 'wfm-spectral-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Finding {
  code: string;
  path: (string | number)[];
  message: string;
  severity: number; // 0 error, 1 warning, 2 information, 3 hint
}

test('the OpenAPI document passes spectral:oas without errors or warnings', async () => {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));
  const result = await run(process.execPath, [
    spectralCli,
    'lint',
    file,
    '--ruleset',
    path.join(root, '.spectral.yaml'),
    '--format',
    'json',
    '--fail-severity',
    'warn',
    '--quiet',
  ]);
  let findings: Finding[];
  try {
    findings = JSON.parse(result.stdout) as Finding[];
  } catch {
    throw new Error(`spectral did not print JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  const failing = findings
    .filter((f) => f.severity <= 1)
    .map((f) => `${f.severity === 0 ? 'error' : 'warning'} ${f.code} at ${f.path.join('.')}: ${f.message}`);
  expect(failing).toEqual([]);
  expect(result.code, result.stderr).toBe(0);
}, 60_000);
