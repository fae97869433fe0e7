import { beforeAll, describe, expect, test } from 'vitest';
import { hireBody, postEmployee } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { type Json, jsonInit, type Page } from '../support/http.js';
import type { Contract } from '../support/openapi.js';

// The rules a client can check are in the document (issue 23 item 9), and agree with the server:
// for each, requests the served document refuses are refused by the server (400), and requests it
// accepts are accepted. A client that validates against the document and the server decide alike.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });

let contract: Contract;
let t: TestTenant;
let key: string;
beforeAll(async () => {
  contract = await h.contract();
  t = await h.tenant();
  // leave:read beside the others: subscribing to every type needs every read scope (decisions §18).
  key = await h.key(t, ['employees:read', 'employees:write', 'leave:read', 'webhooks:read', 'webhooks:write']);
});

const bodyOf = (method: string, path: string) => ['paths', path, method, 'requestBody', 'content', 'application/json'];
const bodySchema = (method: string, path: string) => [...bodyOf(method, path), 'schema'];

/** The schema of a query parameter of GET `path`, by its place in the operation's list. */
function parameterSchema(path: string, name: string): string[] {
  const parameters = ((contract.doc.paths as Json)[path] as { get: { parameters: Json[] } }).get.parameters;
  const index = parameters.findIndex((p) => p.name === name);
  expect(index, `${path} documents ${name}`).toBeGreaterThanOrEqual(0);
  return ['paths', path, 'get', 'parameters', String(index), 'schema'];
}

/** The document's verdict and the server's answer for one request, which must agree. */
async function agree(documentAccepts: boolean, res: Response, what: string): Promise<void> {
  const text = await res.text();
  expect(res.status, `${what}: the document ${documentAccepts ? 'accepts' : 'refuses'} it; ${text}`).toBe(
    documentAccepts ? 200 : 400,
  );
}

describe('the employment-type rule of a hire', () => {
  const cases: [string, Json, boolean][] = [
    ['no employment type (full_time), nothing else', {}, true],
    ['a contractor with pay_model and rate', { employment_type: 'contractor', pay_model: 'hourly', rate: 45.5 }, true],
    ['a freelancer without pay', { employment_type: 'freelancer' }, true],
    ['a vendor worker with vendor_name', { employment_type: 'vendor_worker', vendor_name: 'Acme Staffing' }, true],
    [
      'a vendor worker with vendor_name, pay_model and rate',
      { employment_type: 'vendor_worker', vendor_name: 'Acme', pay_model: 'monthly_fee', rate: 3000 },
      true,
    ],
    ['pay_model and rate for full_time by default', { pay_model: 'hourly', rate: 20 }, false],
    ['pay_model and rate for part_time', { employment_type: 'part_time', pay_model: 'hourly', rate: 20 }, false],
    ['pay_model without rate', { employment_type: 'contractor', pay_model: 'hourly' }, false],
    ['rate without pay_model', { employment_type: 'freelancer', rate: 20 }, false],
    ['a vendor worker without vendor_name', { employment_type: 'vendor_worker' }, false],
    ['vendor_name for a contractor', { employment_type: 'contractor', vendor_name: 'Acme' }, false],
    ['vendor_name with no employment type', { vendor_name: 'Acme' }, false],
  ];

  test.each(cases)('%s: the document and the server agree', async (what, fields, accepted) => {
    const body = hireBody(t, fields);
    expect(contract.accepts(bodySchema('post', '/employees'), body), what).toBe(accepted);
    await agree(accepted, await postEmployee(h, key, body), what);
  });

  test('the description states it, with the rule JSON Schema cannot say (the dates’ order)', () => {
    const operation = ((contract.doc.paths as Json)['/employees'] as { post: Json }).post;
    expect(operation.description).toContain('`pay_model` and `rate` come together or not at all');
    expect(operation.description).toContain('`vendor_name` is required for `vendor_worker`');
    expect(operation.description).toContain('`engagement_end_date` must not be before `joining_date`');
  });
});

describe('an empty cursor', () => {
  test('is refused by the document (minLength 1) and by the server; a cursor of the list is accepted', async () => {
    const cursor = parameterSchema('/employees', 'cursor');
    expect(contract.accepts(cursor, '')).toBe(false);
    const empty = await h.as(key, '/v1/employees?cursor=');
    expect(((await empty.clone().json()) as Json).code).toBe('invalid_cursor');
    await agree(false, empty, 'cursor=');
    const first = (await (await h.as(key, '/v1/employees?limit=1')).json()) as Page;
    const next = first.next_cursor as string;
    expect(contract.accepts(cursor, next)).toBe(true);
    await agree(true, await h.as(key, `/v1/employees?limit=1&cursor=${encodeURIComponent(next)}`), 'a cursor');
  });
});

describe('a webhook URL', () => {
  test.each([
    ['https://93.184.215.14/hooks', true],
    ['HTTPS://93.184.215.14/hooks?x=1', true],
    ['https:93.184.215.14/hooks', false],
    ['https:\\\\93.184.215.14\\hooks', false],
    ['/hooks', false],
    ['93.184.215.14/hooks', false],
    ['https://93.184.215.14/a b', false],
    [' https://93.184.215.14/hooks', false],
  ])('%s: the document and the server agree', async (url, accepted) => {
    const body = { url, event_types: ['employee.created'] };
    expect(contract.accepts(bodySchema('post', '/webhook-endpoints'), body), url).toBe(accepted);
    await agree(accepted, await h.as(key, '/v1/webhook-endpoints', jsonInit('POST', body)), url);
  });
});

describe('"*" in event_types', () => {
  test.each([
    [['*'], true],
    [['employee.created', 'employee.updated'], true],
    [['*', 'employee.created'], false],
    [['*', '*'], false],
    [[], false],
    [['employee.created', 'employee.created'], false],
  ])('%j: the document and the server agree, on create and on update', async (eventTypes, accepted) => {
    const body = { url: 'https://93.184.215.14/hooks', event_types: eventTypes };
    expect(contract.accepts(bodySchema('post', '/webhook-endpoints'), body)).toBe(accepted);
    await agree(accepted, await h.as(key, '/v1/webhook-endpoints', jsonInit('POST', body)), JSON.stringify(body));
    const created = (await (
      await h.as(key, '/v1/webhook-endpoints', jsonInit('POST', { url: body.url, event_types: ['*'] }))
    ).json()) as { data: { id: string } };
    const patch = { event_types: eventTypes };
    expect(contract.accepts(bodySchema('patch', '/webhook-endpoints/{id}'), patch)).toBe(accepted);
    await agree(
      accepted,
      await h.as(key, `/v1/webhook-endpoints/${created.data.id}`, jsonInit('PATCH', patch)),
      JSON.stringify(patch),
    );
    await h.as(key, `/v1/webhook-endpoints/${created.data.id}`, { method: 'DELETE' });
  });
});

describe('a text filter', () => {
  test.each([
    ['Sales', true],
    [' R&D ', true],
    [' ', false],
    ['   ', false],
    ['\u3164', false],
    ['\u200b', false],
  ])('department=%j: the document and the server agree', async (department, accepted) => {
    expect(contract.accepts(parameterSchema('/employees', 'department'), department)).toBe(accepted);
    await agree(accepted, await h.as(key, `/v1/employees?department=${encodeURIComponent(department)}`), department);
  });
});
