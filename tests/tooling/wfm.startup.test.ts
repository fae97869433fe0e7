import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, inject, test } from 'vitest';
import { childEnv, cli, exited, freePort, root } from '../support/processes.js';

// `wfm serve` loads what serving needs and nothing else (docs/decisions.md, "What a process
// loads"): not the OpenAPI generator (the committed openapi.json is served), not Swagger UI (its
// files are read when asked for), not the demo seed or the other commands of the CLI, not
// nodemailer or undici (loaded with the first e-mail and the first webhook delivery), and on
// PostgreSQL not the embedded database. A module hook records every module the process resolves;
// the list is written when it exits.

const dir = mkdtempSync(path.join(tmpdir(), 'wfm-startup-'));
const hook = path.join(dir, 'record.mjs');
const list = path.join(dir, 'modules.txt');
writeFileSync(
  hook,
  `import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.add(r.url); return r; } });
process.on('exit', () => writeFileSync(${JSON.stringify(list)}, [...seen].join('\\n')));
`,
);
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
  rmSync(dir, { recursive: true, force: true });
});

test('wfm serve answers without loading the OpenAPI generator, Swagger UI, the demo seed, the admin commands, nodemailer, undici or PGlite', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', hook, cli, 'serve'], {
    cwd: root,
    env: childEnv({
      DATABASE_URL: inject('databaseUrl'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      OUTBOX_DISPATCH: 'false',
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  let healthy = false;
  for (let i = 0; i < 300 && !healthy && child.exitCode === null; i++) {
    healthy = await fetch(`${base}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!healthy) await sleep(100);
  }
  expect(healthy, stderr).toBe(true);
  // The document is served (from the committed file), and a list answers, before the check.
  const doc = await fetch(`${base}/openapi.json`);
  expect(doc.status).toBe(200);
  expect(await doc.text()).toBe(readFileSync(path.join(root, 'openapi.json'), 'utf8'));
  expect((await fetch(`${base}/v1/employees`)).status).toBe(401);
  child.kill('SIGTERM');
  expect(await exited(child)).toBe(0);

  const modules = readFileSync(list, 'utf8').split('\n');
  const loaded = (pattern: RegExp) => modules.filter((url) => pattern.test(url));
  expect(loaded(/\/dist\/server\/main\/cli\.js$/)).toHaveLength(1);
  // prom-client only when metrics are exposed (METRICS_PORT or METRICS_TOKEN); nodemailer and undici
  // with the first send, though their dispatchers' modules load at start (routers/index.ts).
  expect(
    loaded(/node_modules\/(trpc-to-openapi|zod-openapi|openapi3-ts|swagger-ui-dist|prom-client|nodemailer|undici)\//),
  ).toEqual([]);
  expect(loaded(/\/dist\/routers\/(mail\/mail|webhooks\/webhook)\.dispatcher\.js$/)).toHaveLength(2);
  expect(loaded(/\/dist\/(server\/openapi\/document|routers\/organisations\/demo)\.js$/)).toEqual([]);
  // The embedded database's driver and PGlite itself only without a DATABASE_URL.
  expect(loaded(/node_modules\/(@electric-sql\/pglite|@mikro-orm\/pglite)\//)).toEqual([]);
}, 60_000);
