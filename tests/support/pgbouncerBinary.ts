import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * Which pgbouncer the suite runs, for vitest.config.ts and the tests that start one; a module of
 * its own, without imports of the service. Not a PgBouncer client: tests/support/pgbouncer.ts is.
 */

/**
 * `PGBOUNCER_BINARY` when set (a path, or `none` to act as on a machine without it: how
 * tests/tooling/pgbouncer.absent.test.ts proves the suite is green there), else Debian's
 * /usr/sbin/pgbouncer, else the first `pgbouncer` on PATH; undefined when there is none.
 */
export function pgbouncerBinary(): string | undefined {
  const chosen = process.env.PGBOUNCER_BINARY;
  if (chosen === 'none') return undefined;
  const candidates = chosen
    ? [chosen]
    : ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)].map((dir) =>
        path.join(dir, 'pgbouncer'),
      );
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** How every skip for want of PgBouncer starts, so that a run's output says what it left out. */
export const PGBOUNCER_MISSING = 'pgbouncer is not installed (/usr/sbin/pgbouncer, on PATH or PGBOUNCER_BINARY)';
