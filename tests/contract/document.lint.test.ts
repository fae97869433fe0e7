import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildOpenApiDocument } from '../../server/openapi/document.js';
import { root, run } from '../support/processes.js';

// The linters an outside reviewer points at the document: Spectral with spectral:oas plus the OWASP
// API Security ruleset (.spectral-owasp.yaml) and Redocly (redocly.yaml). They lint the document the
// server serves (tests/tooling/wfm.cli.test.ts checks that the committed openapi.json is the same),
// written under var/ so that Spectral's per-location overrides (`**/openapi.json#/…`, relative to
// the ruleset) apply. Both run offline: rulesets come from node_modules, and Redocly's telemetry and
// update check are off.
//
// Any error or warning fails, except the findings listed in PENDING: real gaps in the document that
// need a router change (each with the fix). The list only shrinks: a finding that is gone fails the
// test until its entry is removed, so the gap cannot come back unnoticed.

const PENDING: Record<string, string> = {};

mkdirSync(path.join(root, 'var'), { recursive: true });
const dir = mkdtempSync(path.join(root, 'var', 'contract-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const documentFile = path.join(dir, 'openapi.json');
writeFileSync(documentFile, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);

function compare(tool: string, found: string[]): void {
  const pending = Object.keys(PENDING).filter((key) => key.startsWith(`${tool} `));
  const unexpected = found.filter((f) => !pending.some((key) => f.startsWith(`${key}:`)));
  const fixed = pending.filter((key) => !found.some((f) => f.startsWith(`${key}:`)));
  expect(unexpected, `${tool}: findings (fix the document, or turn the rule off with a reason)`).toEqual([]);
  expect(fixed, `${tool}: fixed, remove from PENDING in tests/contract/document.lint.test.ts`).toEqual([]);
}

interface SpectralFinding {
  code: string;
  path: (string | number)[];
  message: string;
  severity: number; // 0 error, 1 warning, 2 information, 3 hint
}

test('spectral:oas + OWASP API Security Top 10 2023: no errors or warnings', async () => {
  const result = await run(process.execPath, [
    path.join(root, 'node_modules/@stoplight/spectral-cli/dist/index.js'),
    'lint',
    documentFile,
    '--ruleset',
    path.join(root, '.spectral-owasp.yaml'),
    '--format',
    'json',
    '--fail-severity',
    'warn',
    '--quiet',
  ]);
  let findings: SpectralFinding[];
  try {
    findings = JSON.parse(result.stdout) as SpectralFinding[];
  } catch {
    throw new Error(`spectral did not print JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  const failing = findings
    .filter((f) => f.severity <= 1)
    .map((f) => `spectral ${f.code} ${f.path.join('.')}: ${f.message}`);
  compare('spectral', failing);
}, 60_000);

interface RedoclyReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
}

test('redocly lint (recommended-strict and more): no errors or warnings', async () => {
  const result = await run(
    process.execPath,
    [
      path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      documentFile,
      '--config',
      path.join(root, 'redocly.yaml'),
      '--format',
      'json',
      '--max-problems',
      '1000',
    ],
    { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  );
  let report: RedoclyReport;
  try {
    report = JSON.parse(result.stdout) as RedoclyReport;
  } catch {
    throw new Error(`redocly did not print JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  const failing = report.problems
    .filter((p) => p.severity === 'error' || p.severity === 'warn')
    .map((p) => `redocly ${p.ruleId} ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
  compare('redocly', failing);
}, 60_000);
