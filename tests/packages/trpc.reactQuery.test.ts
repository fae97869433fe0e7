// @workforce/trpc beside tRPC's React Query integration, as a frontend installs them (issue 33 item
// 6): packed, installed by a plain `npm install` into a project outside the repository together with
// @trpc/tanstack-react-query at its newest release (which pins @trpc/client and @trpc/server
// exactly), React and oauth4webapi; the README's React examples compiled there under strict
// without skipLibCheck; and a program on the integration's query client run against a live server.
// The versions are not the repository's, so npm fetches them: without the registry, the test skips.

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { mustNotCompileMarks, useConsumerProject } from '../support/consumerProject.js';
import { hire, uniqueEmail } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { childEnv, collect, root } from '../support/processes.js';

/** The integration's newest release and the tRPC it pins (`npm view @trpc/tanstack-react-query peerDependencies`). */
const INTEGRATION = '11.22.1';
const REGISTRY_UNREACHABLE =
  'the npm registry does not answer (npm ping): installing @workforce/trpc beside @trpc/tanstack-react-query needs it';

/** Whether npm's registry answers, within 15 s (npm's own timeout is minutes). */
async function registryAnswers(): Promise<boolean> {
  const env = Object.fromEntries(Object.entries(childEnv({})).filter(([name]) => !/^npm_/i.test(name)));
  const ping = await collect('npm', ['ping', '--fetch-timeout=15000', '--fetch-retries=0'], env).catch(() => undefined);
  return ping?.code === 0;
}
const online = await registryAnswers();

/** The README's ```tsx blocks, in order: one file of a React app, as the README says. */
const readmeApp = [
  ...readFileSync(path.join(root, 'packages/trpc/README.md'), 'utf8').matchAll(/```tsx\n([\s\S]*?)```/g),
]
  .map((m) => m[1])
  .join('\n');

/** Builds tRPC's client from workforceLinks and drives it through the integration's options proxy. */
const QUERY_PROGRAM = `// React Query's query client and tRPC's options proxy, outside React: what a component's hooks run.
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { type AppRouter, isWorkforceTRPCError, workforceLinks } from '@workforce/trpc';

const config = JSON.parse(process.argv[2] ?? '{}') as { url: string; token: string; hrAdminId: string; email: string };
const client = createTRPCClient<AppRouter>({ links: workforceLinks({ url: config.url, token: config.token }) });
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });

const me = await queryClient.fetchQuery(trpc.whoami.queryOptions());
// Two pages of two over next_cursor, as useInfiniteQuery would fetch them.
const list = await queryClient.fetchInfiniteQuery({
  ...trpc.employees.list.infiniteQueryOptions({ limit: 2 }, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
  pages: 2,
});
let refused: { code: string; requestId: string } | undefined;
try {
  await queryClient.fetchQuery(trpc.employees.get.queryOptions({ id: '0195f0a0-0000-7000-8000-000000000000' }));
} catch (error) {
  if (!isWorkforceTRPCError(error)) throw error;
  refused = { code: error.data.code, requestId: error.data.request_id };
}
// A subscription through the same links, on the integration's pinned tRPC: the hire's event.
const streamed = await new Promise<{ id: string; email: string }>((resolve, reject) => {
  setTimeout(() => reject(new Error('no event within 10 s')), 10_000).unref();
  const subscription = client.events.onEvent.subscribe(
    { types: ['employee.created'] },
    {
      onStarted: () => {
        client.employees.create
          .mutate({ actor_employee_id: config.hrAdminId, email: config.email, full_name: 'Ada Query', joining_date: '2026-03-02' })
          .catch(reject);
      },
      onData: ({ id, data }) => {
        const object = data.data.object;
        if (!('email' in object) || object.email !== config.email) return;
        subscription.unsubscribe();
        resolve({ id, email: object.email });
      },
      onError: reject,
    },
  );
});
const report = {
  keyId: me.data.key_id,
  streamed,
  pages: list.pages.map((page) => page.data.map((employee) => employee.id)),
  refused,
};
process.stdout.write(JSON.stringify(report) + '\\n');
`;

/** Mistakes a React Query frontend can make: each marked line fails to compile. */
const MUST_NOT_COMPILE = `import { createTRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { QueryClient } from '@tanstack/react-query';
import { type AppRouter, isWorkforceTRPCError, workforceLinks } from '@workforce/trpc';

const client = createTRPCClient<AppRouter>({ links: workforceLinks({ url: 'https://api.example.com/trpc', token: 't' }) });
const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient: new QueryClient() });

export function wrong(error: unknown): void {
  // must not compile: Type 'string' is not assignable to type 'number'
  trpc.employees.list.queryOptions({ limit: '10' });
  // must not compile: Property 'queryOptions' does not exist
  trpc.employees.create.queryOptions();
  // must not compile: Type '"nope"' is not assignable to type
  trpc.events.onEvent.subscriptionOptions({ types: ['nope'] });
  // must not compile: "no_such_code"
  if (isWorkforceTRPCError(error) && error.data.code === 'no_such_code') return;
}
`;

const FILES = { 'workforce.tsx': readmeApp, 'query.ts': QUERY_PROGRAM, 'wrong.ts': MUST_NOT_COMPILE };
const project = online
  ? useConsumerProject({
      workspaces: ['@workforce/trpc'],
      packages: [
        'typescript',
        '@types/node',
        '@trpc/client',
        '@trpc/server',
        '@trpc/tanstack-react-query',
        '@tanstack/react-query',
        'react',
        '@types/react',
        'oauth4webapi',
      ],
      // No @trpc/* of the repository's: the integration's exact pins, and what npm picks for the rest.
      versions: {
        '@trpc/client': INTEGRATION,
        '@trpc/server': INTEGRATION,
        '@trpc/tanstack-react-query': INTEGRATION,
        '@tanstack/react-query': '^5.80.3',
        react: '^19.0.0',
        '@types/react': '^19.0.0',
        oauth4webapi: '^3.8.0',
      },
      // A browser app's settings (Vite's react-ts template), and every declaration checked.
      compilerOptions: {
        jsx: 'react-jsx',
        lib: ['ES2022', 'DOM', 'DOM.Iterable', 'ESNext.Disposable'],
        skipLibCheck: false,
      },
      files: FILES,
    })
  : undefined;

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });

describe('@workforce/trpc beside @trpc/tanstack-react-query', () => {
  let compiled: ReturnType<NonNullable<typeof project>['compile']> | undefined;
  const compile = () => {
    compiled ??= project?.compile();
    return compiled;
  };
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await h.tenant();
  });

  test(`a plain npm install puts it beside @trpc/tanstack-react-query ${INTEGRATION}: one @trpc/client, the integration's`, async (context) => {
    if (!project) return context.skip(REGISTRY_UNREACHABLE);
    const version = async (where: string) =>
      (JSON.parse(await readFile(path.join(project.dir, where, 'package.json'), 'utf8')) as { version: string })
        .version;
    expect(await version('node_modules/@trpc/client')).toBe(INTEGRATION);
    expect(await version('node_modules/@trpc/server')).toBe(INTEGRATION);
    expect(await version('node_modules/@workforce/trpc')).toBe(
      (JSON.parse(readFileSync(path.join(root, 'packages/trpc/package.json'), 'utf8')) as { version: string }).version,
    );
    // No copy of its own: the package's @trpc imports resolve to the app's.
    const lock = await readFile(path.join(project.dir, 'package-lock.json'), 'utf8');
    expect(lock).not.toContain('node_modules/@workforce/trpc/node_modules');
  });

  test('the README’s React app (sign-in with PKCE, provider, infinite list, subscription) compiles under strict without skipLibCheck (tRPC 11.22.1’s own ws declarations aside); the marked mistakes do not', async (context) => {
    if (!project) return context.skip(REGISTRY_UNREACHABLE);
    expect(readmeApp).toContain('oauth4webapi');
    expect(readmeApp).toContain('useInfiniteQuery');
    expect(readmeApp).toContain('useSubscription');
    const all = (await compile()) ?? [];
    // tRPC 11.22.1's own flaw, not this package's (the README says so): @trpc/client's wsLink
    // declarations import @trpc/server's WebSocket adapter's, which name `ws` (not installed, or
    // @types/ws's ESM wrapper without its namespace). 11.25.2's do not. Nothing else may fail.
    const trpcWs = all.filter((d) => /^node_modules\/@trpc\/server\/dist\/ws-[\w-]+\.d\.mts$/.test(d.file));
    const diagnostics = all.filter((d) => !trpcWs.includes(d));
    expect(
      trpcWs.every((d) => /'ws'|WebSocket/.test(d.message)),
      JSON.stringify(trpcWs),
    ).toBe(true);
    const marks = mustNotCompileMarks(FILES);
    expect(marks).toHaveLength(4);
    expect(diagnostics.map(({ file, line }) => `${file}:${line}`)).toEqual(
      marks.map(({ file, line }) => `${file}:${line}`),
    );
    for (const [i, { file, line, fragment }] of marks.entries()) {
      expect(diagnostics[i].message, `${file}:${line}`).toContain(fragment);
    }
  }, 120_000);

  test('the integration’s query client over workforceLinks: a query, two pages over next_cursor, a refusal by its code, a subscription', async (context) => {
    if (!project) return context.skip(REGISTRY_UNREACHABLE);
    await compile();
    const token = await h.key(tenant, ['employees:read', 'employees:write']);
    for (let i = 0; i < 3; i++) await hire(h, token, tenant);
    const email = uniqueEmail('query');
    const ran = await project.run('query', [
      JSON.stringify({ url: `${h.url}/trpc`, token, hrAdminId: tenant.hr_admin.id, email }),
    ]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout) as {
      keyId: string;
      pages: string[][];
      refused: { code: string; requestId: string };
      streamed: { id: string; email: string };
    };
    expect(report.streamed).toEqual({ id: expect.stringMatching(/\S/), email });
    // The first page of two, then the next over next_cursor: the HR admin and the three hires.
    expect(report.pages.map((page) => page.length)).toEqual([2, 2]);
    expect(new Set(report.pages.flat()).size).toBe(4);
    expect(report.refused).toEqual({ code: 'not_found', requestId: expect.stringMatching(/\S/) });
  }, 60_000);
});
