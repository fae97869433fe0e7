import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * Debian's /usr/sbin/pgbouncer, else the first `pgbouncer` on PATH; undefined when there is none.
 * A module of its own, without imports of the service, for vitest.config.ts.
 */
export function pgbouncerBinary(): string | undefined {
  const dirs = ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const dir of dirs) {
    const file = path.join(dir, 'pgbouncer');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}
