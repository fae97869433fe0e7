import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { appRouterSource } from '../../packages/trpc/scripts/generateRouterType.js';

// @workforce/trpc ships the router's type as a committed, generated file: it must say what the
// routers say now (as openapi.json must; tests/contract/document.drift.test.ts).

test('packages/trpc/src/appRouter.ts is what the routers generate now (make openapi)', () => {
  const committed = readFileSync(new URL('../../packages/trpc/src/appRouter.ts', import.meta.url), 'utf8');
  expect(committed === appRouterSource(), 'packages/trpc/src/appRouter.ts is stale: run `make openapi`').toBe(true);
}, 180_000); // the routers type-checked and printed: 10 s here, more on a loaded machine
