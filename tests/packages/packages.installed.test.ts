// The packages as a user gets them (issue 23 item 3): packed, installed by npm into a project in the
// temporary directory, type-checked by that project's own tsc --strict, and its compiled programs run
// against a live server (through a proxy that can lose an answer). Not a test of the server's rules.

import { access, readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { mustNotCompileMarks, useConsumerProject } from '../support/consumerProject.js';
import { sql, useFreshDatabase, useTempDir } from '../support/database.js';
import { codeBlocks, documents, TYPESCRIPT } from '../support/docBlocks.js';
import { hire, uniqueEmail } from '../support/employees.js';
import { type FaultProxy, useFaultProxies } from '../support/faultProxy.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { root } from '../support/processes.js';
import {
  CLIENT_CONSUMER,
  CLIENT_MUST_NOT_COMPILE,
  type ClientScenarioConfig,
  type ClientScenarioReport,
} from './clientPrograms.js';
import {
  TRPC_CONSUMER,
  TRPC_MUST_NOT_COMPILE,
  type TrpcScenarioConfig,
  type TrpcScenarioReport,
} from './trpcPrograms.js';

// A database of its own: the webhook dispatcher delivers every due attempt of its database.
const { url } = useFreshDatabase('wfm_packages');
const dataDir = useTempDir('wfm-packages-');
const h = useTestServer(() => ({
  DATABASE_URL: url,
  DATA_DIR: dataDir.path,
  OUTBOX_DISPATCH: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_INTERVAL_MS: '100',
  RATE_LIMIT_POINTS: '100000',
}));
/**
 * Every TypeScript block of the docs (README.md, docs/*.md, packages/*\/README.md), each a module of
 * its own in src/examples/, compiled with the programs: an example must work as written. A block
 * that is part of a whole says so before its fence (`<!-- partial: why -->`) and is left out.
 */
const docBlocks = documents().flatMap((doc) => codeBlocks(doc).filter((block) => TYPESCRIPT.includes(block.lang)));
const EXAMPLES = new Map(
  docBlocks
    .filter((block) => !block.partial)
    .map((block) => [
      `examples/${block.doc.replaceAll('/', '-')}-${block.line}.${block.lang === 'tsx' ? 'tsx' : 'ts'}`,
      block,
    ]),
);

/** Every package's programs and the docs' examples, in one project: packed and installed once, compiled by one tsc run. */
const FILES = {
  'client.ts': CLIENT_CONSUMER,
  'client.mustNotCompile.ts': CLIENT_MUST_NOT_COMPILE,
  'trpc.ts': TRPC_CONSUMER,
  'trpc.mustNotCompile.ts': TRPC_MUST_NOT_COMPILE,
  ...Object.fromEntries([...EXAMPLES].map(([name, block]) => [name, `${block.source}export {};\n`])),
};
/**
 * The compiler settings @workforce/trpc's README gives for checking library declarations (its
 * ```jsonc block), used as written with `skipLibCheck: false`: what it says is then what compiles.
 */
const trpcReadmeSettings = JSON.parse(
  codeBlocks('packages/trpc/README.md').find((block) => block.lang === 'jsonc')?.source ?? '{}',
) as { compilerOptions: Record<string, unknown> };
const WORKSPACES = ['@workforce/client', '@workforce/trpc'];
const project = useConsumerProject({
  workspaces: WORKSPACES,
  // @workforce/trpc's peer dependencies, as a frontend already has them; what the examples import.
  packages: ['typescript', '@types/node', '@trpc/client', '@trpc/server', 'standardwebhooks', 'oauth4webapi'],
  compilerOptions: { ...trpcReadmeSettings.compilerOptions, skipLibCheck: false },
  files: FILES,
});
const startProxy = useFaultProxies();

let compiled: ReturnType<typeof project.compile> | undefined;
/** The project compiled once (its programs' dist/), whichever test asks first. */
const compile = () => {
  compiled ??= project.compile();
  return compiled;
};

describe('the packages, installed as a user would', () => {
  test('install from their tarballs into a project outside the repository, with nothing pointing back', async () => {
    expect(project.dir.startsWith(root)).toBe(false);
    expect(await project.manifests()).not.toContain(root);
    for (const name of WORKSPACES) {
      const installed = await realpath(path.join(project.dir, 'node_modules', name));
      expect(installed.startsWith(project.dir)).toBe(true);
      await access(path.join(installed, 'README.md'));
    }
  });

  test('@workforce/trpc ships declarations and a client only: its .d.ts files name nothing but its peer dependencies', async () => {
    const dist = path.join(project.dir, 'node_modules/@workforce/trpc/dist');
    const files = await readdir(dist);
    expect(files.filter((f) => f.endsWith('.d.ts')).sort()).toEqual([
      'appRouter.d.ts',
      'eventSource.d.ts',
      'index.d.ts',
    ]);
    const manifest = JSON.parse(await readFile(path.join(dist, '../package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.peerDependencies).toEqual({ '@trpc/client': '^11.22.1', '@trpc/server': '^11.22.1' });
    expect(manifest.dependencies).toBeUndefined();
    for (const file of files.filter((f) => f.endsWith('.d.ts'))) {
      const text = await readFile(path.join(dist, file), 'utf8');
      const specifiers = [...text.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1]);
      for (const specifier of specifiers) {
        expect(
          [
            '@trpc/client',
            '@trpc/server',
            '@trpc/server/unstable-core-do-not-import',
            './appRouter.js',
            './eventSource.js',
          ],
          `${file}: ${specifier}`,
        ).toContain(specifier);
      }
    }
    // The router's runtime module is empty: the type is all it ships.
    expect((await readFile(path.join(dist, 'appRouter.js'), 'utf8')).replace(/\/\/.*\n/g, '').trim()).toBe(
      'export {};',
    );
  });

  test("type-check under the project's tsc --strict, library declarations included; every call the document forbids fails to compile", async () => {
    for (const [name, source] of Object.entries(FILES)) expect(source, name).not.toBe('');
    const diagnostics = (await compile()).filter((d) => !d.file.startsWith('src/examples/'));
    const marks = mustNotCompileMarks(FILES);
    expect(marks.filter((m) => m.file === 'src/client.mustNotCompile.ts').length).toBeGreaterThanOrEqual(7);
    expect(marks.filter((m) => m.file === 'src/trpc.mustNotCompile.ts').length).toBeGreaterThanOrEqual(7);
    // Exactly the marked lines fail, each once and for the marked reason; everything else compiles.
    expect(diagnostics.map(({ file, line }) => `${file}:${line}`)).toEqual(
      marks.map(({ file, line }) => `${file}:${line}`),
    );
    for (const [i, { file, line, fragment }] of marks.entries()) {
      expect(diagnostics[i].message, `${file}:${line}`).toContain(fragment);
    }
  }, 180_000);

  test('every TypeScript block of README.md, docs/*.md and packages/*/README.md compiles as a module of its own, as written', async () => {
    const partial = docBlocks.filter((block) => block.partial);
    console.info(
      `${EXAMPLES.size} examples compiled; left out as partial:\n${partial.map((b) => `  ${b.doc}:${b.line}: ${b.partial}`).join('\n')}`,
    );
    expect(EXAMPLES.size).toBeGreaterThanOrEqual(9);
    // Only the React app's later blocks, which use what the one before declares (and React Query,
    // which tests/packages/trpc.reactQuery.test.ts installs): a new partial block needs a good reason.
    expect(partial.length).toBeLessThanOrEqual(3);
    const failures = (await compile())
      .filter((d) => d.file.startsWith('src/examples/'))
      .map((d) => {
        const block = EXAMPLES.get(d.file.slice('src/'.length));
        return `${block?.doc}:${(block?.line ?? 0) + d.line}: ${d.code} ${d.message}`;
      });
    expect(failures).toEqual([]);
  }, 180_000);
});

describe('@workforce/client, its program against a live server behind a proxy', () => {
  let tenant: TestTenant;
  let proxy: FaultProxy;
  let apiKey: string;
  let oauth: { client_id: string; client_secret: string };
  let seeded: string[];
  beforeAll(async () => {
    tenant = await h.tenant();
    apiKey = await h.key(tenant, ['employees:read', 'employees:write', 'webhooks:read', 'webhooks:write']);
    oauth = await h.client(tenant, ['employees:read']);
    // Eleven hires and the HR admin: three pages of five.
    for (let i = 0; i < 11; i++) await hire(h, apiKey, tenant);
    seeded = (
      await sql<{ id: string }>(h, 'select id from employees where tenant_id = ? order by created_at, id', [
        tenant.tenant.id,
      ])
    ).map((row) => row.id);
    proxy = await startProxy(h.url);
  });

  test('lists every page, retries a lost hire with its key, reads problems, uses OAuth and verifies a webhook', async () => {
    await compile();
    // The first hire reaches the server, which commits it; its answer is lost in a 503.
    proxy.replaceNextAnswer((method, url) => method === 'POST' && url === '/v1/employees', {
      status: 503,
      headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '1' },
      body: JSON.stringify({ type: 'about:blank', title: 'Unavailable', status: 503, code: 'service_unavailable' }),
    });
    // The program's first whoami and one list call get a proxy's page instead of the API's answer.
    const proxyPage = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    for (const page of ['/v1/whoami', '/v1/employees?limit=2']) {
      proxy.replaceNextAnswer((method, url) => method === 'GET' && url === page, {
        status: 502,
        headers: { 'content-type': 'text/html' }, // lower case: it replaces the proxy's default
        body: proxyPage,
      });
    }
    const input: ClientScenarioConfig = {
      baseUrl: proxy.url,
      apiKey,
      oauth: { clientId: oauth.client_id, clientSecret: oauth.client_secret },
      hrAdminId: tenant.hr_admin.id,
      pageSize: 5,
      emails: { retried: uniqueEmail('retried'), webhook: uniqueEmail('webhook') },
    };
    const started = performance.now();
    const ran = await project.run('client', [JSON.stringify(input)]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout) as ClientScenarioReport;
    const exchanges = proxy.exchanges;

    // paginate: every employee in order, one request per page.
    expect(report.listed).toEqual(seeded);
    expect(exchanges.filter((e) => e.method === 'GET' && e.url.startsWith('/v1/employees?limit=5'))).toHaveLength(3);

    // The retried hire: two requests with one generated key, the second replayed; one employee.
    const hires = exchanges.filter((e) => e.method === 'POST' && e.url === '/v1/employees');
    const retried = hires.filter((e) => e.upstream.body.includes(input.emails.retried) && e.upstream.status === 200);
    expect(retried.map((e) => [e.upstream.status, e.answered])).toEqual([
      [200, 503],
      [200, 200],
    ]);
    const key = retried[0].headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retried[1].headers['idempotency-key']).toBe(key);
    expect(retried.map((e) => e.upstream.headers.get('idempotent-replayed'))).toEqual([null, 'true']);
    expect(report.retriedHire).toEqual({
      id: (JSON.parse(retried[0].upstream.body) as { data: { id: string } }).data.id,
      email: input.emails.retried,
      replayed: 'true',
    });
    const [{ n }] = await sql<{ n: number }>(h, 'select count(*)::int as n from employees where email = ?', [
      input.emails.retried,
    ]);
    expect(n).toBe(1);

    // A problem by its typed code, with the request id; the caller's own key was sent.
    expect(report.problem).toMatchObject({
      status: 409,
      code: 'email_taken',
      key: `consumer-${input.emails.retried}`,
    });
    expect(report.problem.requestId).toBe(report.problem.header);
    expect(hires.some((e) => e.headers['idempotency-key'] === report.problem.key)).toBe(true);
    expect(report.refusedPage).toMatchObject({ status: 400, code: 'invalid_cursor' });
    expect(report.refusedPage.requestId).toBeTruthy();
    expect(report.refusedPage.requestId).toBe(report.refusedPage.problemRequestId);

    // OAuth: one token request, its token on both calls.
    expect(report.oauth).toEqual({ keyId: oauth.client_id, credential: 'oauth_access_token', listed: 1 });
    const tokenRequests = exchanges.filter((e) => e.url === '/oauth/token');
    expect(tokenRequests.map((e) => e.upstream.status)).toEqual([200]);
    const token = (JSON.parse(tokenRequests[0].upstream.body) as { access_token: string }).access_token;
    const withToken = exchanges.filter((e) => e.headers.authorization === `Bearer ${token}`);
    expect(withToken.map((e) => e.url)).toEqual(['/v1/whoami', '/v1/employees?limit=1']);

    // The proxy's page: retried once (onRetry told), then, with no retry left, a WorkforceHttpError.
    expect(report.proxyPage).toEqual({
      retried: { status: 200, keyId: expect.any(String), retries: [{ attempt: 2, status: 502 }] },
      thrown: { name: 'WorkforceHttpError', status: 502, contentType: 'text/html', body: proxyPage },
    });
    expect(exchanges.filter((e) => e.url === '/v1/whoami').map((e) => e.answered)).toEqual([502, 200, 200]);
    expect(exchanges.filter((e) => e.url === '/v1/employees?limit=2').map((e) => e.answered)).toEqual([502]);

    // The webhook: delivered to the program's receiver, verified, typed; tampered or stale, refused.
    expect(report.webhook).toMatchObject({
      type: 'employee.created',
      email: input.emails.webhook,
      tampered: 'WebhookVerificationError',
      stale: 'WebhookVerificationError',
    });
    const [event] = await sql<{ id: string }>(
      h,
      "select id from events where type = 'employee.created' and data->'object'->>'email' = ?",
      [input.emails.webhook],
    );
    expect(report.webhook.webhookId).toBe(event.id);
    console.info(`@workforce/client consumer scenario: ${Math.round(performance.now() - started)} ms`);
  }, 60_000);
});

describe('@workforce/trpc, its program against a live server behind a proxy', () => {
  test('batches reads, sends a keyed mutation alone and replays it, a conditional one with If-Match, reads a refusal by its codes, streams the hire’s event', async () => {
    await compile();
    const tenant = await h.tenant();
    const token = await h.key(tenant, ['employees:read', 'employees:write']);
    const proxy = await startProxy(h.url);
    const input: TrpcScenarioConfig = {
      url: `${proxy.url}/trpc`,
      liveUrl: `${h.url}/trpc`,
      token,
      hrAdminId: tenant.hr_admin.id,
      email: uniqueEmail('frontend'),
      idempotencyKey: `frontend-${uniqueEmail('key')}`,
    };
    const ran = await project.run('trpc', [JSON.stringify(input)]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout) as TrpcScenarioReport;
    const exchanges = proxy.exchanges;

    // whoami and the list went in one batched request, with the token.
    const reads = exchanges.filter(
      (e) => e.method === 'GET' && e.url.startsWith('/trpc/whoami,employees.list?batch=1'),
    );
    expect(reads).toHaveLength(1);
    expect(reads[0].headers.authorization).toBe(`Bearer ${token}`);
    expect(report.listed).toEqual([tenant.hr_admin.id]);

    // The keyed hire went alone, twice with its key; the second answer was the first one replayed.
    const hires = exchanges.filter((e) => e.url.startsWith('/trpc/employees.create'));
    expect(hires.map((e) => [e.method, e.url, e.headers['idempotency-key']])).toEqual([
      ['POST', '/trpc/employees.create', input.idempotencyKey],
      ['POST', '/trpc/employees.create', input.idempotencyKey],
    ]);
    expect(hires.map((e) => e.upstream.headers.get('idempotent-replayed'))).toEqual([null, 'true']);
    expect(report.hired).toEqual({ first: report.hired.first, again: report.hired.first, email: input.email });
    const [{ n }] = await sql<{ n: number }>(h, 'select count(*)::int as n from employees where email = ?', [
      input.email,
    ]);
    expect(n).toBe(1);

    // The conditional updates went alone, each with If-Match: the hire's version; the second was stale.
    const updates = exchanges.filter((e) => e.url.startsWith('/trpc/employees.update'));
    expect(updates.map((e) => [e.method, e.url, e.headers['if-match']])).toEqual([
      ['POST', '/trpc/employees.update', '"1"'],
      ['POST', '/trpc/employees.update', '"1"'],
    ]);
    expect(report.conditional).toEqual({ version: 2, stale: { code: 'precondition_failed', httpStatus: 412 } });

    // The refusal: the problem code, its status, and the tRPC code of that status (NOT_FOUND).
    expect(report.refusal).toEqual({
      code: 'not_found',
      httpStatus: 404,
      shapeCode: -32004,
      requestId: expect.stringMatching(/\S/),
    });

    // The hire's event came over the subscription: its id is the log's id of that event.
    const [event] = await sql<{ id: string }>(
      h,
      "select id from events where type = 'employee.created' and data->'object'->>'email' = ?",
      [input.email],
    );
    expect(report.live).toEqual({ id: event.id, type: 'employee.created', email: input.email });
  }, 60_000);
});
