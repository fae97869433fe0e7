// The programs a third party writes against @workforce/client, as source text for the consumer project
// (tests/support/consumerProject.ts): one runs against a live server, one must not compile. Not
// compiled by this repository's tsc: only by the consumer's.

/** The scenario's input, given to the program as JSON in argv[2]. */
export interface ClientScenarioConfig {
  /** Where the program sends its calls: the fault proxy in front of the test server. */
  baseUrl: string;
  apiKey: string;
  oauth: { clientId: string; clientSecret: string };
  hrAdminId: string;
  pageSize: number;
  emails: { retried: string; webhook: string };
}

/** What the program prints on stdout, one JSON line. */
export interface ClientScenarioReport {
  listed: string[];
  retriedHire: { id: string; email: string; replayed: string | null };
  problem: { status: number; code: string; requestId: string | undefined; header: string | null; key: string };
  refusedPage: {
    status: number;
    code: string | undefined;
    requestId: string | undefined;
    problemRequestId: string | undefined;
  };
  oauth: { keyId: string; credential: string; listed: number };
  proxyPage: {
    retried: { status: number; keyId: string | undefined; retries: { attempt: number; status?: number }[] };
    thrown: { name: string; status: number; contentType: string | undefined; body: string };
  };
  webhook: {
    type: string;
    webhookId: string;
    objectId: string;
    email: string;
    tampered: string;
    stale: string;
  };
}

// Plain strings, not template literals: the programs' own code may then use neither backticks nor
// `${`, and reads as it would in a file of its own.
export const CLIENT_CONSUMER = `// A third party's integration, built on @workforce/client installed from its tarball.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createClient,
  type Employee,
  type EmployeesCreateBody,
  type EmployeesListQuery,
  type RetryEvent,
  verifyWebhook,
  WebhookVerificationError,
  WorkforceError,
  WorkforceHttpError,
} from '@workforce/client';

interface Config {
  baseUrl: string;
  apiKey: string;
  oauth: { clientId: string; clientSecret: string };
  hrAdminId: string;
  pageSize: number;
  emails: { retried: string; webhook: string };
}

const config = JSON.parse(process.argv[2] ?? '{}') as Config;
const client = createClient({ baseUrl: config.baseUrl, apiKey: config.apiKey });

function hireBody(email: string): EmployeesCreateBody {
  return { actor_employee_id: config.hrAdminId, email, full_name: 'Ada Consumer', joining_date: '2026-03-02' };
}

// Every employee, page after page.
async function everyPage(): Promise<string[]> {
  const ids: string[] = [];
  const query: EmployeesListQuery = { limit: config.pageSize };
  const pages = client.paginate('/v1/employees', { params: { query } });
  for await (const employee of pages) {
    const record: Employee = employee;
    ids.push(record.id);
  }
  return ids;
}

// A hire whose first answer is lost (the proxy answers 503): the client retries with the same key.
async function hireThroughA503() {
  const { data, error, response } = await client.POST('/v1/employees', { body: hireBody(config.emails.retried) });
  if (error) throw new Error('hire refused: ' + response.status + ' ' + JSON.stringify(error));
  return { id: data.data.id, email: data.data.email, replayed: response.headers.get('idempotent-replayed') };
}

// The same e-mail again, with a key of our own: a problem read by its typed code.
async function readAProblem() {
  const key = 'consumer-' + config.emails.retried;
  const { error, response } = await client.POST('/v1/employees', {
    params: { header: { 'Idempotency-Key': key } },
    body: hireBody(config.emails.retried),
  });
  if (!error) throw new Error('a second hire with the same e-mail was accepted');
  switch (error.code) {
    case 'email_taken':
      return {
        status: response.status,
        code: error.code,
        requestId: error.request_id,
        header: response.headers.get('x-request-id'),
        key,
      };
    default:
      throw new Error('unexpected problem ' + error.code);
  }
}

// A list the API refuses: paginate throws a WorkforceError.
async function aRefusedPage() {
  try {
    for await (const employee of client.paginate('/v1/employees', { params: { query: { cursor: 'not-a-cursor' } } })) {
      throw new Error('listed ' + employee.id);
    }
  } catch (error) {
    if (!(error instanceof WorkforceError)) throw error;
    return { status: error.status, code: error.code, requestId: error.requestId, problemRequestId: error.problem?.request_id };
  }
  throw new Error('a bad cursor was accepted');
}

// The same API through an OAuth client: one token for both calls.
async function withOAuth() {
  const oauthClient = createClient({ baseUrl: config.baseUrl, oauth: { ...config.oauth, scope: 'employees:read' } });
  const whoami = await oauthClient.GET('/v1/whoami');
  const page = await oauthClient.GET('/v1/employees', { params: { query: { limit: 1 } } });
  if (!whoami.data || !page.data) throw new Error('OAuth calls refused: ' + JSON.stringify([whoami.error, page.error]));
  return { keyId: whoami.data.data.key_id, credential: whoami.data.data.credential, listed: page.data.data.length };
}

// A proxy's HTML 502: a read retries it; with no retries left, it throws a WorkforceHttpError, never
// an error typed as a problem.
async function throughAProxyPage() {
  const retries: RetryEvent[] = [];
  const logged = createClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, onRetry: (retry) => retries.push(retry) });
  const whoami = await logged.GET('/v1/whoami');
  const retried = {
    status: whoami.response.status,
    keyId: whoami.data?.data.key_id,
    retries: retries.map((r) => ({ attempt: r.attempt, status: r.status })),
  };
  const once = createClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, maxRetries: 0 });
  try {
    const { error } = await once.GET('/v1/employees', { params: { query: { limit: 2 } } });
    throw new Error('the proxy page came back as ' + JSON.stringify(error));
  } catch (failure) {
    if (!(failure instanceof WorkforceHttpError)) throw failure;
    const { name, status, contentType, body } = failure;
    return { retried, thrown: { name, status, contentType, body } };
  }
}

// A webhook to a receiver of our own, verified as it arrives.
async function receiveAWebhook() {
  let arrived: (delivery: { body: string; headers: IncomingHttpHeaders }) => void = () => undefined;
  const delivery = new Promise<{ body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    arrived = resolve;
    setTimeout(() => reject(new Error('no webhook within 20 s')), 20_000).unref();
  });
  const receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      res.writeHead(204).end();
      arrived({ body, headers: req.headers });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = receiver.address() as AddressInfo;
    const endpoint = await client.POST('/v1/webhook-endpoints', {
      body: { url: 'http://127.0.0.1:' + port + '/hooks', event_types: ['employee.created'] },
    });
    if (!endpoint.data) throw new Error('endpoint refused: ' + JSON.stringify(endpoint.error));
    const secret = endpoint.data.secret;
    const hired = await client.POST('/v1/employees', { body: hireBody(config.emails.webhook) });
    if (!hired.data) throw new Error('hire refused: ' + JSON.stringify(hired.error));

    const { body, headers } = await delivery;
    const event = verifyWebhook(body, headers, secret);
    const refusal = (payload: string, sent: IncomingHttpHeaders) => {
      try {
        verifyWebhook(payload, sent, secret);
        return 'verified';
      } catch (error) {
        return error instanceof WebhookVerificationError ? error.name : String(error);
      }
    };
    const tenMinutesAgo = String(Math.floor(Date.now() / 1000) - 600);
    const checks = {
      webhookId: String(headers['webhook-id']),
      tampered: refusal(body.replace('Ada Consumer', 'Eve Consumer'), headers),
      stale: refusal(body, { ...headers, 'webhook-timestamp': tenMinutesAgo }),
    };
    switch (event.type) {
      case 'employee.created':
        return { type: event.type, objectId: event.data.object.id, email: event.data.object.email, ...checks };
      default:
        throw new Error('unexpected event ' + event.type);
    }
  } finally {
    receiver.close();
  }
}

const report = {
  listed: await everyPage(),
  retriedHire: await hireThroughA503(),
  problem: await readAProblem(),
  refusedPage: await aRefusedPage(),
  proxyPage: await throughAProxyPage(),
  oauth: await withOAuth(),
  webhook: await receiveAWebhook(),
};
process.stdout.write(JSON.stringify(report) + '\\n');
`;

/** Each marked line must fail to compile with a message containing the marked fragment, and nothing else may fail. */
export const CLIENT_MUST_NOT_COMPILE = `// Calls the document does not allow: each marked line is a compile error for the user.
import {
  createClient,
  type EmployeesCreateBody,
  isWorkforceError,
  type LeaveRequestsListQuery,
  verifyWebhook,
  WorkforceError,
} from '@workforce/client';

const client = createClient({ baseUrl: 'https://api.example.com', apiKey: 'svc_test_example' });
const hire = { actor_employee_id: 'a', email: 'ada@example.com', full_name: 'Ada', joining_date: '2026-03-02' };

export async function wrongCalls(): Promise<void> {
  // must not compile: "/v1/employes"
  await client.GET('/v1/employes', { params: { query: { limit: 10 } } });
  // must not compile: "/employees"
  await client.GET('/employees', { params: { query: { limit: 10 } } });
  // must not compile: 'full_nam' does not exist
  await client.POST('/v1/employees', { body: { actor_employee_id: 'a', email: 'e', full_nam: 'Ada', joining_date: '2026-03-02' } });
  // Compiles: with an employee's own token the actor is left out, that employee acts (decisions §20).
  await client.PATCH('/v1/employees/{id}', { params: { path: { id: 'x' } }, body: { designation: 'Lead' } });
  await client.POST('/v1/leave-requests/{id}/approve', { params: { path: { id: 'x' } }, body: { comment: 'Enjoy' } });
  // must not compile: Type 'string' is not assignable to type 'number'
  await client.GET('/v1/employees', { params: { query: { limit: '10' } } });
  // The named types are the document's: a wrong field or value in them fails as it does inline.
  // must not compile: 'full_nam' does not exist
  const named: EmployeesCreateBody = { actor_employee_id: 'a', email: 'e', full_nam: 'Ada', joining_date: '2026-03-02' };
  await client.POST('/v1/employees', { body: named });
  // must not compile: '"aproved"' is not assignable
  const leaveQuery: LeaveRequestsListQuery = { status: 'aproved' };
  await client.GET('/v1/leave-requests', { params: { query: leaveQuery } });
  // must not compile: Type 'string' is not assignable to type 'number'
  client.paginate('/v1/employees', { params: { query: { limit: '10' } } });
  // must not compile: "/v1/employees/{id}"
  client.paginate('/v1/employees/{id}', { params: { path: { id: 'x' } } });
  const { error } = await client.POST('/v1/employees', { body: hire });
  // must not compile: "no_such_code"
  if (error?.code === 'no_such_code') return;
  const event = verifyWebhook('{}', {}, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  // must not compile: "employee.fired"
  if (event.type === 'employee.fired') return;
  try {
    for await (const request of client.paginate('/v1/leave-requests')) console.log(request.id);
  } catch (failure) {
    if (failure instanceof WorkforceError) {
      // must not compile: "definitely_not_a_code"
      const c: 'definitely_not_a_code' = failure.code;
      console.log(c);
    }
    // Compiles: a code of the registry, and the operation's code after the guard.
    if (failure instanceof WorkforceError && failure.code === 'email_taken') return;
    if (isWorkforceError(failure, 'GET', '/v1/leave-requests') && failure.code === 'invalid_cursor') return;
    // must not compile: "email_taken"
    if (isWorkforceError(failure, 'GET', '/v1/leave-requests') && failure.code === 'email_taken') return;
  }
}
`;
