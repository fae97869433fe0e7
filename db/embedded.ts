/**
 * The embedded database's data directory (PGlite under DATA_DIR, when no DATABASE_URL is set):
 * created and configured in a child process before the service opens it.
 *
 * PGlite is PostgreSQL compiled to WebAssembly, and the pages of its WebAssembly memory that were
 * touched stay resident for the life of the process. Creating a data directory runs initdb in a
 * second WebAssembly instance whose memory grows to about 1 GB: done in the serving process, it
 * left about 500 MB resident for good (PGlite 0.5.8), against about 330 MB when the process only
 * reopens a directory. And PostgreSQL's shared memory (its default shared_buffers of 128 MB, the
 * slots of its default 100 connections) lives in that memory too.
 * So a child process, which returns all of it when it exits, creates the directory and sets the
 * settings below (ALTER SYSTEM, kept in the directory's postgresql.auto.conf, in force from the next
 * start); a directory created before it had them is given them the same way, once. The serving
 * process then only ever reopens a configured directory (about 135 MB for PGlite alone, with the
 * V8 flag bin/wfm gives it; the migrations and the demo of a first start run in a child process
 * too, server/main/cli.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The embedded database's own PostgreSQL settings. Its buffers cache the tables of one small
 * organisation (the demo's whole data directory is under 40 MB, most of it the catalogs and WAL), and
 * PGlite reads what they miss from the file system, through the operating system's cache. 16 MB of
 * them kept 8 MB more resident than 8 MB, which hold the demo's working set as well (a loop of the
 * service's statements read the same 310 blocks from the file system with either). PGlite is one
 * session: the slots of 8 connections, not 100, kept 3 MB less.
 */
const SETTINGS = { shared_buffers: '8MB', max_connections: '8' } as const;

/** The child: opens (creating it if need be) the data directory, applies the settings, closes it. */
const CHILD = `
const { PGlite } = require(process.argv[1]);
(async () => {
  const db = await PGlite.create({ dataDir: process.argv[2] });
  for (const statement of JSON.parse(process.argv[3])) await db.exec(statement);
  await db.close();
})().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
`;

/** Whether `dir` is a data directory that already holds every setting of SETTINGS. */
function isConfigured(dir: string): boolean {
  const auto = path.join(dir, 'postgresql.auto.conf');
  if (!existsSync(path.join(dir, 'PG_VERSION')) || !existsSync(auto)) return false;
  const text = readFileSync(auto, 'utf8');
  return Object.entries(SETTINGS).every(([name, value]) => text.includes(`${name} = '${value}'`));
}

/**
 * Makes `dir` a configured PGlite data directory (see the file's header): a no-op when it is one;
 * otherwise a child process creates it if it does not exist and sets SETTINGS.
 */
export async function prepareEmbeddedDataDir(dir: string): Promise<void> {
  if (isConfigured(dir)) return;
  // The PGlite that @mikro-orm/pglite (the driver) runs, resolved from where the driver resolves it.
  const pglite = createRequire(createRequire(import.meta.url).resolve('@mikro-orm/pglite')).resolve(
    '@electric-sql/pglite',
  );
  const statements = Object.entries(SETTINGS).map(([name, value]) => `alter system set ${name} = '${value}'`);
  // V8's baseline WebAssembly compiler alone, as bin/wfm runs the embedded service: initdb's peak was
  // about 1 GB with the optimising one, 630 MB without, and it took a third less CPU.
  const child = spawn(process.execPath, ['--liftoff-only', '-e', CHILD, pglite, dir, JSON.stringify(statements)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${dir} failed (exit ${code}): ${stderr}`);
}
