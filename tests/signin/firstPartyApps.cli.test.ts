// First-party apps (decisions §20): `wfm app create` registers a public client for every tenant;
// its redirect URIs' origins may call the API from a browser at once, on every running node, with
// no CORS_ORIGINS setting.
import { expect, inject, test } from 'vitest';
import { sql } from '../support/database.js';
import { serverPerTest, type TestServer } from '../support/harness.js';
import { nodeWfm, onlyJsonObject, transactionPooling } from '../support/processes.js';

const perTest = serverPerTest();

const run = (...args: string[]) =>
  nodeWfm(args, { DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent', ...transactionPooling() });

function preflight(s: TestServer, origin: string) {
  return s.fetch('/trpc/employees.list', {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type,trpc-accept',
    },
  });
}

// Each spawn of the CLI costs seconds: the app's life is one test.
test('wfm app create: a public client; its origins are allowed by CORS at once on every node, others still refused', async () => {
  const [one, two] = await Promise.all([perTest({}), perTest({})]);
  const tag = Math.random().toString(36).slice(2, 8);
  const web = `https://web-${tag}.example.test`;
  const dev = `http://localhost:${4000 + Math.floor(Math.random() * 1000)}`;
  // Before: both nodes refuse the origin (and have read the apps' origins already).
  for (const node of [one, two]) expect((await preflight(node, web)).status).toBe(403);

  const created = await run(
    'app',
    'create',
    '--name',
    'Workforce web',
    '--redirect-uri',
    `${web}/callback`,
    '--redirect-uri',
    `${web}/silent-callback`,
    '--redirect-uri',
    `${dev}/callback`,
    '--redirect-uri',
    'com.example.workforce:/oauth',
    '--json',
  );
  expect(created.code, created.stderr).toBe(0);
  const app = onlyJsonObject(created);
  expect(Object.keys(app).sort()).toEqual(['client_id', 'origins', 'redirect_uris']);
  expect(app.client_id).toMatch(/^svc_client_[0-9A-Za-z]{40}$/);
  expect(app.redirect_uris).toEqual([
    `${web}/callback`,
    `${web}/silent-callback`,
    `${dev}/callback`,
    'com.example.workforce:/oauth',
  ]);
  expect(app.origins).toEqual([web, dev]);
  const [row] = await sql<{ tenant_columns: number }>(
    one,
    `select count(*)::int as tenant_columns from information_schema.columns where table_name = 'first_party_apps' and column_name = 'tenant_id'`,
  );
  expect(row.tenant_columns).toBe(0); // valid for every tenant

  // A refusal is decided on a list at most 250 ms old.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const node of [one, two]) {
    for (const origin of [web, dev]) {
      const res = await preflight(node, origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-headers')).toMatch(/trpc-accept/);
    }
    // An actual request from the app's page may be read by it.
    const actual = await node.fetch('/v1/health', { headers: { Origin: web } });
    expect(actual.status).toBe(200);
    expect(actual.headers.get('access-control-allow-origin')).toBe(web);
    // Another origin, and the same host on another scheme, stay refused.
    await expect(preflight(node, `https://other-${tag}.example.test`).then((r) => r.status)).resolves.toBe(403);
    await expect(preflight(node, web.replace('https:', 'http:')).then((r) => r.status)).resolves.toBe(403);
  }

  // Redirect URIs a sign-in could be stolen through are refused: exit 1, one JSON object.
  for (const wrong of [
    'http://app.example.test/cb',
    'https://app.example.test/cb#x',
    'not a url',
    'javascript:alert(1)',
  ]) {
    const refused = await run('app', 'create', '--name', 'Bad', '--redirect-uri', wrong, '--json');
    expect(refused.code, wrong).toBe(1);
    expect(onlyJsonObject(refused).error).toEqual(expect.any(String));
  }
  const none = await run('app', 'create', '--name', 'No URI', '--json');
  expect(none.code).toBe(1);
  expect(onlyJsonObject(none).error).toMatch(/--redirect-uri/);
});
