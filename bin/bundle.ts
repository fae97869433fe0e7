/**
 * The bundle bin/wfm runs (docs/decisions.md, "What a process loads"): dist/'s CLI and all it
 * imports, node_modules included, in a few files in dist/bundle/, where a start loaded about 940
 * modules one by one. `node bin/bundle.ts` (Node runs the TypeScript itself), after tsc; bin/wfm
 * runs it when dist/ or this file changed.
 *
 * - Each command's import() is a file of its own (splitting): `wfm serve` loads only what serving needs.
 * - Left outside, what is loaded by path: PGlite (its WebAssembly and data files sit beside its
 *   module) and argon2's native addon; pino-pretty and Swagger UI's files are looked up at run time,
 *   and pino runs without worker transports. And undici, imported with the first webhook delivery
 *   for its named exports, which a chunk made of a CommonJS package does not have (only `default`).
 * - The files sit two folders below the root, as the sources do, so that what a module finds
 *   relative to itself (openapi.json, var/) is found.
 * - CommonJS in it requires Node's modules through the banner's `require`; Node's http module comes
 *   through dist/node-http.cjs, because imported as an ES module its lazy WebSocket getters load
 *   Node's own undici (25-45 ms of CPU, unused).
 * - Classes keep their names (namedClasses, below); functions are not renamed back.
 * - A rebuild writes its files (named by a hash of their content) beside the old ones, which a
 *   process still running may yet import, and removes those no build has written for an hour.
 */
import { mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * `code` with every class esbuild renamed for its own reference to itself (`var Migrator = class
 * _Migrator`, the class then named "_Migrator") named as written again: MikroORM tells classes by
 * name (its Migrator extension, EntitySchema, its types), and so do error logs. Not esbuild's
 * keepNames, which does that for classes but also defines the `name` of every named function each
 * time one is created, Koa's and tRPC's closures per request among them: a sixth of a list
 * request's CPU (507 against 426 µs a request, the same build with and without). A class esbuild
 * renamed for a clash of two modules' names (`Coder2`) keeps that name, as functions do.
 */
export function namedClasses(code: string): string {
  return code.replace(
    /^(\s*(?:var|let|const) ([A-Za-z_$][\w$]*?)\d* = class _\2\b[^{\n]*\{)/gm,
    (opening, _whole, name: string) =>
      `${opening} static { Object.defineProperty(this, "name", { value: ${JSON.stringify(name)}, configurable: true }); }`,
  );
}

const HOUR_MS = 3_600_000;

async function bundle(root: string): Promise<void> {
  const outdir = path.join(root, 'dist/bundle');
  mkdirSync(outdir, { recursive: true });
  const http = path.join(root, 'dist/node-http.cjs');
  writeFileSync(http, "module.exports = process.getBuiltinModule('node:http');\n");
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['dist/server/main/cli.js'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outdir,
    metafile: true,
    write: false,
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'undici'],
    alias: { http, 'node:http': http },
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __wfmRequire } from 'node:module'; const require = __wfmRequire(import.meta.url);",
    },
  });
  for (const file of result.outputFiles) writeFileSync(file.path, namedClasses(file.text));
  writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  for (const name of readdirSync(outdir)) {
    const file = path.join(outdir, name);
    if (name.endsWith('.js') && statSync(file).mtimeMs < Date.now() - HOUR_MS) unlinkSync(file);
  }
}

if (import.meta.main) await bundle(path.resolve(import.meta.dirname, '..'));
