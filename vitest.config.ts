import { defineConfig } from 'vitest/config';
import { compiledService } from './tests/support/compiled.js';
import { PGBOUNCER_MISSING, pgbouncerBinary } from './tests/support/pgbouncerBinary.js';

/**
 * The cluster tests run a second time through PgBouncer in transaction mode, as production deploys
 * the service (tests/support/pgbouncerSetup.ts), where pgbouncer is installed (.ci/run installs it).
 */
const pgbouncer = pgbouncerBinary() !== undefined;
if (!pgbouncer) {
  console.warn(
    `${PGBOUNCER_MISSING}: the cluster tests through PgBouncer (project cluster-pgbouncer) are skipped; ` +
      '`apt-get install pgbouncer` to run them',
  );
}

export default defineConfig({
  // The tests import the service's TypeScript sources (and type-check against them) but run its
  // compiled JavaScript in dist/, built first when a source changed (tests/support/compiled.ts).
  plugins: [compiledService()],
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Every test, straight to PostgreSQL.
      {
        extends: true,
        test: { name: 'default', include: ['tests/**/*.test.ts'], globalSetup: ['tests/support/globalSetup.ts'] },
      },
      ...(pgbouncer
        ? [
            {
              extends: true,
              test: {
                name: 'cluster-pgbouncer',
                include: ['tests/cluster/**/*.test.ts', 'tests/credentials/apiKeys.cli.test.ts'],
                // Starts a PgBouncer of its own in front of PostgreSQL in both projects: once is enough.
                exclude: ['tests/cluster/load.threeNodes.test.ts'],
                globalSetup: ['tests/support/globalSetup.ts', 'tests/support/pgbouncerSetup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
