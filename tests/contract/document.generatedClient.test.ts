import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';
import { root, run } from '../support/processes.js';
import { expectAllMatch, recordingFetch } from './helpers.js';

// A real generated client, as an outside TypeScript team would build one: openapi-typescript turns
// the served /openapi.json into types, a small program written against them with openapi-fetch must
// pass `tsc --noEmit`, and then the same program runs against a live server: hire someone, file
// their leave, approve it as the HR admin, and see the balance move. Every 2xx body it receives is
// validated against the document (tests/support/openapi.ts).

const PROGRAM = `import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

type Employee = components['schemas']['Employee'];
type LeaveBalance = components['schemas']['LeaveBalance'];
type LeaveRequest = components['schemas']['LeaveRequest'];

export interface ScenarioInput {
  baseUrl: string;
  apiKey: string;
  hrAdminId: string;
  email: string;
  year: number;
  fetch?: (input: Request) => Promise<Response>;
}

export interface ScenarioResult {
  listedBefore: number;
  listedAfter: number;
  employee: Employee;
  filed: LeaveRequest;
  approved: LeaveRequest;
  balances: { start: LeaveBalance; filed: LeaveBalance; approved: LeaveBalance };
}

function must<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(\`\${what}: \${result.response.status} \${JSON.stringify(result.error)}\`);
  }
  return result.data;
}

export async function hireFileApprove(input: ScenarioInput): Promise<ScenarioResult> {
  const client: Client<paths> = createClient<paths>({
    baseUrl: input.baseUrl,
    headers: { Authorization: \`Bearer \${input.apiKey}\` },
    fetch: input.fetch,
  });
  const countEmployees = async () =>
    must('GET /employees', await client.GET('/employees', { params: { query: { limit: 100 } } })).data.length;
  const listedBefore = await countEmployees();

  const employee = must(
    'POST /employees',
    await client.POST('/employees', {
      params: { header: { 'Idempotency-Key': \`hire-\${input.email}\` } },
      body: {
        actor_employee_id: input.hrAdminId,
        email: input.email,
        full_name: 'Ada Outsider',
        joining_date: \`\${input.year}-01-05\`,
        department: 'Engineering',
        employment_type: 'full_time',
      },
    }),
  ).data;

  const types = must('GET /leave-types', await client.GET('/leave-types')).data;
  const annual = types.find((t) => t.code === 'ANNUAL');
  if (!annual) throw new Error('no ANNUAL leave type');

  const balance = async (): Promise<LeaveBalance> => {
    const page = must(
      'GET /leave-balances',
      await client.GET('/leave-balances', { params: { query: { employee_id: employee.id, year: input.year } } }),
    );
    const row = page.data.find((b) => b.leave_type_id === annual.id);
    if (!row) throw new Error('no ANNUAL balance');
    return row;
  };
  const start = await balance();

  const filed = must(
    'POST /leave-requests',
    await client.POST('/leave-requests', {
      body: {
        employee_id: employee.id,
        leave_type_id: annual.id,
        start_date: \`\${input.year}-12-01\`,
        end_date: \`\${input.year}-12-02\`,
        days_count: 2,
        reason: 'Family visit',
      },
    }),
  ).data;
  const afterFiling = await balance();

  const approved = must(
    'POST /leave-requests/{id}/approve',
    await client.POST('/leave-requests/{id}/approve', {
      params: { path: { id: filed.id } },
      body: { actor_employee_id: input.hrAdminId, comment: 'Enjoy' },
    }),
  ).data;

  return {
    listedBefore,
    listedAfter: await countEmployees(),
    employee,
    filed,
    approved,
    balances: { start, filed: afterFiling, approved: await balance() },
  };
}

// The types are checked for real: each of these must be a compile error.
export function wrongCalls(client: Client<paths>) {
  // @ts-expect-error start_date and end_date are required
  void client.POST('/leave-requests', { body: { employee_id: 'x', leave_type_id: 'y', days_count: 1, reason: 'r' } });
  // @ts-expect-error employment_type is an enum
  void client.POST('/employees', { body: { actor_employee_id: 'a', email: 'e', full_name: 'f', joining_date: 'd', employment_type: 'boss' } });
  // @ts-expect-error the path id is required
  void client.POST('/leave-requests/{id}/approve', { body: { actor_employee_id: 'a' } });
  // Compiles: with an employee's own token the actor is left out, that employee acts (decisions §20).
  void client.POST('/leave-requests/{id}/approve', { params: { path: { id: 'x' } }, body: {} });
  // @ts-expect-error there is no DELETE on employees
  void client.DELETE('/employees/{id}', { params: { path: { id: 'x' } } });
}
`;

const h = useTestServer();
let tenant: TestTenant;
let key: string;
let doc: Json;
mkdirSync(path.join(root, 'var'), { recursive: true });
// Under the repository, so that the program's imports (openapi-fetch, @types/node) resolve.
const dir = mkdtempSync(path.join(root, 'var', 'contract-client-'));

beforeAll(async () => {
  tenant = await h.tenant();
  key = await h.key(tenant, SCOPES);
  doc = (await (await h.fetch('/openapi.json')).json()) as Json;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('openapi-typescript types from /openapi.json type-check an openapi-fetch client, which then hires, files and approves leave', async () => {
  const started = performance.now();
  // 1. Types from the served document (no redocly.yaml is read on this path: the lint is tested apart).
  const schema = astToString(await openapiTS(doc as never));
  // .ts, not .d.ts: checked even with skipLibCheck.
  writeFileSync(path.join(dir, 'schema.ts'), schema);
  writeFileSync(path.join(dir, 'client.ts'), PROGRAM);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        noUnusedLocals: true,
        types: [],
      },
      files: ['client.ts', 'schema.ts'],
    }),
  );
  const generated = performance.now();

  // 2. tsc --noEmit over the program and the generated types.
  const tsc = await run(process.execPath, [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '--noEmit',
    '-p',
    path.join(dir, 'tsconfig.json'),
  ]);
  expect(tsc.stdout + tsc.stderr, 'tsc --noEmit').toBe('');
  expect(tsc.code).toBe(0);
  const checked = performance.now();

  // 3. The same program against the live server, through a fetch that records every exchange.
  const program = (await import(pathToFileURL(path.join(dir, 'client.ts')).href)) as {
    hireFileApprove(input: Json): Promise<{
      listedBefore: number;
      listedAfter: number;
      employee: Json;
      filed: Json;
      approved: Json;
      balances: Record<'start' | 'filed' | 'approved', Record<string, number>>;
    }>;
  };
  const log: Parameters<typeof recordingFetch>[0] = [];
  const year = new Date().getUTCFullYear();
  const result = await program.hireFileApprove({
    baseUrl: `${h.url}/v1`,
    apiKey: key,
    hrAdminId: tenant.hr_admin.id,
    email: `ada.${randomBytes(4).toString('hex')}@example.com`,
    year,
    fetch: recordingFetch(log),
  });
  expect(result.listedAfter).toBe(result.listedBefore + 1);
  expect(result.filed).toMatchObject({ status: 'pending', employee_id: result.employee.id, days_count: 2 });
  expect(result.approved).toMatchObject({ id: result.filed.id, status: 'approved', decided_by: tenant.hr_admin.id });
  const { start, filed, approved } = result.balances;
  expect(filed).toMatchObject({ used: start.used, pending: start.pending + 2, available: start.available - 2 });
  expect(approved).toMatchObject({ used: start.used + 2, pending: start.pending, available: start.available - 2 });

  // 4. Every 2xx body matched the document.
  expect(log.map((e) => `${e.method} ${new URL(e.url).pathname} ${e.status}`)).toHaveLength(9);
  expect(await expectAllMatch(h, doc, log)).toBe(9);
  const ran = performance.now();
  console.info(
    `generated client: types ${Math.round(generated - started)} ms, tsc ${Math.round(checked - generated)} ms, scenario ${Math.round(ran - checked)} ms`,
  );
}, 60_000);
