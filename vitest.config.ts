import { defineConfig } from 'vitest/config';
import { compiledService } from './tests/support/compiled.js';

export default defineConfig({
  // The tests import the service's TypeScript sources (and type-check against them) but run its
  // compiled JavaScript in dist/, built first when a source changed (tests/support/compiled.ts).
  plugins: [compiledService()],
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
