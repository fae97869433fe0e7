// The programs a first-party frontend writes against @workforce/trpc, as source text for the consumer
// project (tests/support/consumerProject.ts): one runs against a live server, one must not compile.
// Not compiled by this repository's tsc: only by the consumer's.

/** The scenario's input, given to the program as JSON in argv[2]. */
export interface TrpcScenarioConfig {
  /** The tRPC endpoint, through the fault proxy in front of the test server. */
  url: string;
  /** The tRPC endpoint of the server itself, for the subscription (the proxy holds whole answers). */
  liveUrl: string;
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
  refusal: {
    code: string | undefined;
    httpStatus: number | undefined;
    shapeCode: number | undefined;
    requestId: string | undefined;
  };
  /** The employee.created event of the hire, as events.onEvent streamed it. */
  live: { id: string; type: string; email: string };
}

// Plain strings, not template literals: the programs' own code may then use neither backticks nor
// `${`, and reads as it would in a file of its own.
export const TRPC_CONSUMER = `// A first-party frontend's calls, built on @workforce/trpc installed from its tarball.
import { TRPCClientError } from '@trpc/client';
import {
  type AppRouter,
  createWorkforceTRPCClient,
  isWorkforceTRPCError,
  type RouterInputs,
  type RouterOutputs,
} from '@workforce/trpc';

interface Config {
  url: string;
  liveUrl: string;
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

// Live updates: the hire's event, streamed by events.onEvent (server-sent events, the bearer in Authorization).
const live = createWorkforceTRPCClient({ url: config.liveUrl, token: config.token });
let started!: () => void;
const connected = new Promise<void>((resolve) => {
  started = resolve;
});
let streamed!: (event: { id: string; type: string; email: string }) => void;
let failed!: (error: unknown) => void;
const arrived = new Promise<{ id: string; type: string; email: string }>((resolve, reject) => {
  streamed = resolve;
  failed = reject;
  setTimeout(() => reject(new Error('no event within 10 s')), 10_000).unref();
});
const subscription = live.events.onEvent.subscribe(
  { types: ['employee.created'] },
  {
    onStarted: () => started(),
    onData: ({ id, data }) => {
      const object = data.data.object;
      if ('email' in object && object.email === config.email) streamed({ id, type: data.type, email: object.email });
    },
    onError: (error) => {
      failed(error);
      started();
    },
  },
);
await connected;

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

// A refusal, told from a network failure by the package's guard: the problem code is typed.
let refusal: {
  code: string | undefined;
  httpStatus: number | undefined;
  shapeCode: number | undefined;
  requestId: string | undefined;
} = { code: undefined, httpStatus: undefined, shapeCode: undefined, requestId: undefined };
try {
  await api.employees.get.query({ id: '0195f0a0-0000-7000-8000-000000000000' });
} catch (error) {
  if (!isWorkforceTRPCError(error)) throw error;
  const code: 'not_found' | 'invalid_id' | (string & {}) = error.data.code;
  refusal = { code, httpStatus: error.data.httpStatus, shapeCode: error.shape.code, requestId: error.data.request_id };
}

const event = await arrived;
subscription.unsubscribe();

const report = {
  keyId: me.data.key_id,
  listed: listed.map((employee) => employee.id),
  hired: { first: first.data.id, again: again.data.id, email: again.data.email },
  conditional: { version: updated.data.version, stale },
  refusal,
  live: event,
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
  // Compiles: with an employee's own token the actor is left out, that employee acts (decisions §20).
  await api.employees.update.mutate({ id: 'x', designation: 'Lead' });
  await api.leaveRequests.approve.mutate({ id: 'x' });
  // must not compile: Property 'query' does not exist
  await api.employees.create.query(hire);
  // must not compile: Type 'number' is not assignable to type 'string'
  await api.employees.create.mutate(hire, { context: { idempotencyKey: 42 } });
  // must not compile: Type 'true' is not assignable to type 'string | number
  await api.employees.create.mutate(hire, { context: { ifMatch: true } });
}
`;
