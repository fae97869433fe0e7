// The programs a first-party frontend writes against @workforce/trpc, as source text for the consumer
// project (tests/support/consumerProject.ts): one runs against a live server, one must not compile.
// Not compiled by this repository's tsc: only by the consumer's.

/** The scenario's input, given to the program as JSON in argv[2]. */
export interface TrpcScenarioConfig {
  /** The tRPC endpoint, through the fault proxy in front of the test server. */
  url: string;
  token: string;
  hrAdminId: string;
  email: string;
  idempotencyKey: string;
}

/** What the program prints on stdout, one JSON line. */
export interface TrpcScenarioReport {
  keyId: string;
  listed: string[];
  hired: { first: string; again: string; email: string };
  /** A conditional update at the hire's version, then one at that stale version. */
  conditional: { version: number; stale: { code: string | undefined; httpStatus: number | undefined } };
  refusal: { code: string | undefined; httpStatus: number | undefined; shapeCode: number | undefined };
}

// Plain strings, not template literals: the programs' own code may then use neither backticks nor
// `${`, and reads as it would in a file of its own.
export const TRPC_CONSUMER = `// A first-party frontend's calls, built on @workforce/trpc installed from its tarball.
import { TRPCClientError } from '@trpc/client';
import { type AppRouter, createWorkforceTRPCClient, type RouterInputs, type RouterOutputs } from '@workforce/trpc';

interface Config {
  url: string;
  token: string;
  hrAdminId: string;
  email: string;
  idempotencyKey: string;
}
const config = JSON.parse(process.argv[2] ?? '{}') as Config;
const api = createWorkforceTRPCClient({ url: config.url, token: async () => config.token });

type Employee = RouterOutputs['employees']['list']['data'][number];

// Two reads made together: one batched HTTP request.
const [me, page] = await Promise.all([api.whoami.query(), api.employees.list.query({ limit: 100 })]);
const listed: Employee[] = page.data;

// A keyed hire, sent twice (as after a lost answer): the second is the first one replayed.
const hire: RouterInputs['employees']['create'] = {
  actor_employee_id: config.hrAdminId,
  email: config.email,
  full_name: 'Ada Frontend',
  joining_date: '2026-03-02',
};
const first = await api.employees.create.mutate(hire, { context: { idempotencyKey: config.idempotencyKey } });
const again = await api.employees.create.mutate(hire, { context: { idempotencyKey: config.idempotencyKey } });

// A conditional update at the version read, then one more at that now stale version: refused.
const change = { id: first.data.id, actor_employee_id: config.hrAdminId, designation: 'Analyst' };
const updated = await api.employees.update.mutate(change, { context: { ifMatch: first.data.version } });
let stale: { code: string | undefined; httpStatus: number | undefined } = { code: undefined, httpStatus: undefined };
try {
  await api.employees.update.mutate({ ...change, designation: 'Lead' }, { context: { ifMatch: first.data.version } });
} catch (error) {
  if (!(error instanceof TRPCClientError)) throw error;
  const refused = error as TRPCClientError<AppRouter>;
  stale = { code: refused.data?.code, httpStatus: refused.data?.httpStatus };
}

// A refusal, read as tRPC's tools read it.
let refusal: { code: string | undefined; httpStatus: number | undefined; shapeCode: number | undefined } = {
  code: undefined,
  httpStatus: undefined,
  shapeCode: undefined,
};
try {
  await api.employees.get.query({ id: '0195f0a0-0000-7000-8000-000000000000' });
} catch (error) {
  if (!(error instanceof TRPCClientError)) throw error;
  const refused = error as TRPCClientError<AppRouter>;
  refusal = { code: refused.data?.code, httpStatus: refused.data?.httpStatus, shapeCode: refused.shape?.code };
}

const report = {
  keyId: me.data.key_id,
  listed: listed.map((employee) => employee.id),
  hired: { first: first.data.id, again: again.data.id, email: again.data.email },
  conditional: { version: updated.data.version, stale },
  refusal,
};
process.stdout.write(JSON.stringify(report) + '\\n');
`;

/** Each marked line must fail to compile with a message containing the marked fragment, and nothing else may fail. */
export const TRPC_MUST_NOT_COMPILE = `// Calls the router does not allow: each marked line is a compile error for the frontend.
import { TRPCClientError } from '@trpc/client';
import { type AppRouter, createWorkforceTRPCClient } from '@workforce/trpc';

const api = createWorkforceTRPCClient({ url: 'https://api.example.com/trpc', token: 'svc_test_example' });
const hire = { actor_employee_id: 'a', email: 'ada@example.com', full_name: 'Ada', joining_date: '2026-03-02' };

export async function wrongCalls(error: TRPCClientError<AppRouter>): Promise<void> {
  // must not compile: Property 'lst' does not exist
  await api.employees.lst.query({});
  // must not compile: Type 'string' is not assignable to type 'number'
  await api.employees.list.query({ limit: '10' });
  // must not compile: 'full_nam' does not exist
  await api.employees.create.mutate({ actor_employee_id: 'a', email: 'e', full_nam: 'Ada', joining_date: '2026-03-02' });
  // must not compile: "no_such_code"
  if (error.data?.code === 'no_such_code') return;
  // must not compile: Property 'query' does not exist
  await api.employees.create.query(hire);
}
`;
