import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { migrationsList } from '../../db/migrations/index.js';
import { useFreshDatabase } from '../support/database.js';
import { nodeWfm, onlyJsonObject, root, run } from '../support/processes.js';

// The admin CLI as a user runs it (decisions §13): bin/wfm (what `npm run wfm` runs), and
// `node dist/bundle/cli.js` as a process manager of the multi-node deployment does. The names of
// the migrations the bundle applies are the sources' (esbuild renames only a clash).
const wfm = (args: string[], env: Record<string, string> = {}) => run(path.join(root, 'bin/wfm'), args, env);

describe('wfm migrate --json', () => {
  const database = useFreshDatabase('wfm_cli');

  test('applies every migration once, then nothing', async () => {
    const env = { DATABASE_URL: database.url };
    const first = await wfm(['migrate', '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(onlyJsonObject(first)).toEqual({ applied: migrationsList.map((m) => m.name) });

    const second = await nodeWfm(['migrate', '--json'], env);
    expect(second.code, second.stderr).toBe(0);
    expect(onlyJsonObject(second)).toEqual({ applied: [] });
  }, 60_000);
});

describe('wfm openapi', () => {
  test('prints the OpenAPI 3.1 document, identical to the committed openapi.json', async () => {
    const result = await wfm(['openapi']);
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout) as { openapi: string; info: { version: string }; paths: object };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths)).toContain('/health');
    expect(result.stdout, 'openapi.json is stale: run `make openapi`').toBe(
      readFileSync(path.join(root, 'openapi.json'), 'utf8'),
    );
  }, 30_000);

  test('with --json prints the document itself', async () => {
    const result = await wfm(['openapi', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ openapi: '3.1.0' });
  }, 30_000);
});

describe('unknown command', () => {
  test('exits non-zero and says so on stderr', async () => {
    const result = await wfm(['no-such-command']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('no-such-command');
    expect(result.stdout).toBe('');
  }, 30_000);

  test('with --json still prints exactly one JSON object', async () => {
    const result = await wfm(['no-such-command', '--json']);
    expect(result.code).not.toBe(0);
    expect(onlyJsonObject(result)).toHaveProperty('error');
  }, 30_000);
});
