import path from 'node:path';
import { expect, test } from 'vitest';
import { PGBOUNCER_MISSING } from '../support/pgbouncerBinary.js';
import { root, run } from '../support/processes.js';

// `make test` on a machine without PgBouncer (issue 23): the run through it is left out, saying so,
// and the structure checks give the same answer as where it is installed. PGBOUNCER_BINARY=none
// makes any machine such a machine (tests/support/pgbouncerBinary.ts).

const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

interface ListedFile {
  file: string;
  projectName: string;
}

async function listedProjects(env: Record<string, string>) {
  const result = await run(bin('vitest'), ['list', '--filesOnly', '--json'], env);
  expect(result.code, result.stderr).toBe(0);
  const files = JSON.parse(result.stdout) as ListedFile[];
  return { projects: new Set(files.map((f) => f.projectName)), stderr: result.stderr };
}

test('without pgbouncer the suite drops the cluster-pgbouncer project and says why; with one it runs it', async () => {
  const without = await listedProjects({ PGBOUNCER_BINARY: 'none' });
  expect([...without.projects]).toEqual(['default']);
  expect(without.stderr).toContain(`${PGBOUNCER_MISSING}: the cluster tests through PgBouncer`);

  // Any executable stands in for the binary here: only the listing is asked for, nothing runs.
  const withIt = await listedProjects({ PGBOUNCER_BINARY: '/bin/true' });
  expect([...withIt.projects].sort()).toEqual(['cluster-pgbouncer', 'default']);
  expect(withIt.stderr).not.toContain(PGBOUNCER_MISSING);
});

test('knip finds nothing unused without pgbouncer (its set-up file is not orphaned)', async () => {
  const result = await run(bin('knip'), [], { PGBOUNCER_BINARY: 'none' });
  expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
});
