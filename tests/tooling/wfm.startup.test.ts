import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, inject, test } from 'vitest';
import { childEnv, exited, freePort, root } from '../support/processes.js';

// `wfm serve` loads what serving needs and nothing else (docs/decisions.md, "What a process
// loads"): not the OpenAPI generator (the committed openapi.json is served), not Swagger UI (its
// files are read when asked for), not the demo seed or the other commands of the CLI, not
// nodemailer or undici (loaded with the first e-mail and the first webhook delivery), not a Redis
// client without a Redis store, and on PostgreSQL not the embedded database. And it runs the bundle
// (dist/bundle/, built from dist/ by esbuild): a few dozen files where dist/ was about 940 modules.
// A module hook records every file the process resolves (the list is written when it exits); the
// bundle's metafile says which modules each of its files holds.

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

/** The bundle's metafile (esbuild --metafile): each output file with the modules it holds. */
interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

test('bin/wfm serve runs the bundle and answers without the OpenAPI generator, Swagger UI, the demo seed, the admin commands, nodemailer, undici, Redis or PGlite', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = spawn(path.join(root, 'bin/wfm'), ['serve'], {
    cwd: root,
    env: childEnv({
      NODE_OPTIONS: `--import ${hook}`,
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

  const files = readFileSync(list, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => path.relative(root, fileURLToPath(url)));
  // The bundle, not dist/'s modules; and a few dozen files in all (chunks of the bundle and what
  // stays outside it: argon2's native addon), where dist/ loaded about 940.
  expect(files).toContain('dist/bundle/cli.js');
  expect(files.filter((file) => file.startsWith('dist/') && !file.startsWith('dist/bundle/'))).toEqual([]);
  expect(files.length).toBeLessThan(60);

  const meta = JSON.parse(readFileSync(path.join(root, 'dist/bundle/meta.json'), 'utf8')) as Metafile;
  const modules = files.flatMap((file) =>
    file in meta.outputs
      ? Object.entries(meta.outputs[file].inputs)
          .filter(([, input]) => input.bytesInOutput > 0)
          .map(([input]) => input)
      : [file],
  );
  const loaded = (pattern: RegExp) => modules.filter((module) => pattern.test(module));
  expect(loaded(/^dist\/server\/main\/cli\.js$/)).toHaveLength(1);
  // prom-client only when metrics are exposed (METRICS_PORT or METRICS_TOKEN); nodemailer and undici
  // with the first send, though their dispatchers' modules load at start (routers/index.ts).
  expect(
    loaded(/node_modules\/(trpc-to-openapi|zod-openapi|openapi3-ts|swagger-ui-dist|prom-client|nodemailer|undici)\//),
  ).toEqual([]);
  expect(loaded(/^dist\/routers\/(mail\/mail|webhooks\/webhook)\.dispatcher\.js$/)).toHaveLength(2);
  expect(loaded(/^dist\/(server\/openapi\/document|routers\/organisations\/demo)\.js$/)).toEqual([]);
  // The Redis client only with RATE_LIMIT_STORE=redis, and of rate-limiter-flexible the memory
  // limiter alone, not its index of every store (74 modules with ioredis).
  expect(loaded(/node_modules\/(ioredis|@ioredis|redis-parser|redis-errors)\//)).toEqual([]);
  expect(loaded(/node_modules\/rate-limiter-flexible\/(index\.js|lib\/RateLimiter(Redis|Postgres)\.js)$/)).toEqual([]);
  // The embedded database's driver and PGlite itself only without a DATABASE_URL.
  expect(loaded(/node_modules\/(@electric-sql\/pglite|@mikro-orm\/pglite)\//)).toEqual([]);
}, 60_000);
