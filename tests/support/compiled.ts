import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vitest/config';

/**
 * The suite runs the compiled service, not the TypeScript sources: in its own process dist/, the
 * modules the bundle that `bin/wfm` and a deployment run is built from, and in the server processes
 * it starts the bundle itself (tests/support/processes.ts). Loaded by vitest.config.ts, in vitest's
 * main process only.
 */

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const dist = path.join(root, 'dist');
const wfm = path.join(root, 'bin/wfm');

/** A source of the service (server/, routers/, core/, db/) and the module compiled from it. */
const SOURCE = new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/((?:server|routers|core|db)/.+)\\.ts$`);

/** The compiled module of a service source file, or undefined for any other file. */
export function compiledPathOf(file: string): string | undefined {
  const match = SOURCE.exec(file);
  return match ? path.join(dist, `${match[1]}.js`) : undefined;
}

/**
 * `bin/wfm --build`, as `make install` runs it: compiles what changed since the last build into
 * dist/ (tsc -b: about 0.1 s when nothing did, 2 s when something did), then bundles dist/ into
 * dist/bundle/, what bin/wfm and the server processes the tests start run (about 1 s, only after a
 * change). Throws with the build's output when the sources do not compile or bundle.
 */
function buildService(): void {
  try {
    execFileSync(wfm, ['--build'], {
      cwd: root,
      // bin/wfm runs the `node` on PATH: this one.
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` },
      stdio: 'pipe',
      encoding: 'utf8',
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The build of the service (bin/wfm --build) failed:\n${stdout}${stderr}`);
  }
}

/**
 * A vitest plugin: builds the service before the run (so a stale dist/ cannot be tested by accident,
 * also when one file is run with `vitest run tests/…`), and resolves every import of a service
 * source (`../../server/server.js`, which type-checks against server/main/start.ts) to its compiled
 * module in dist/. The compiled modules import each other by relative paths inside dist/, so there
 * is exactly one copy of each: the test, its harness and the server it starts share the same
 * MikroORM entity classes. In watch mode, a changed source is rebuilt and the tests that use its
 * compiled module run again.
 */
export function compiledService(): Plugin {
  return {
    name: 'workforce:compiled-service',
    enforce: 'pre',
    config() {
      buildService();
    },
    configureServer(server) {
      if (!server.config.server.watch) return; // `vitest run`: built once, above
      server.watcher.on('change', (file) => {
        const compiled = compiledPathOf(path.resolve(file));
        if (!compiled) return;
        try {
          buildService();
        } catch (error) {
          server.config.logger.error(String(error));
          return;
        }
        server.watcher.emit('change', compiled);
      });
    },
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(`${dist}/`) || !/^[./]/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const compiled = resolved && !resolved.external ? compiledPathOf(resolved.id) : undefined;
      if (!compiled) return resolved;
      if (!existsSync(compiled)) {
        this.error(
          `${path.relative(root, resolved?.id ?? source)} has no compiled module ${path.relative(root, compiled)}`,
        );
      }
      return compiled;
    },
    load(id) {
      // A guard: every import of a source was mapped above, so loading one means something bypassed it.
      if (compiledPathOf(id.split('?')[0])) this.error(`${id}: the tests run the compiled service, not its sources`);
      return null;
    },
  };
}
