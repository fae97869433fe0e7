import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ContractDrift, contractOf } from '../support/openapi.js';
import { root } from '../support/processes.js';

// The check every test receiver applies to each delivery it gets (tests/support/webhooks.ts
// useReceivers, tests/support/openapi.ts Contract.checkDelivery): the signature headers and the body
// against the `webhooks` entry of the delivery's type. Here against the committed document, which
// is the one the server serves (tests/http/document.served.test.ts).

const contract = contractOf(readFileSync(path.join(root, 'openapi.json'), 'utf8'));

const record = {
  id: '019a7b3c-5d2e-7f10-8a4b-3c2d1e0f9a8b',
  type: 'webhook.test',
  created_at: '2026-11-23T09:14:02.117Z',
  data: {
    object: {
      id: '019a7b41-0c2d-7e3f-9a1b-2c3d4e5f6a7b',
      object: 'webhook_endpoint',
      message: 'A test event sent by POST /v1/webhook-endpoints/{id}/test.',
    },
  },
  previous_attributes: null,
  request: { id: 'req_7Hq2xN', idempotency_key: null },
};
const headers = {
  'webhook-id': record.id,
  'webhook-timestamp': '1795425242',
  'webhook-signature': `v1,${Buffer.alloc(32, 1).toString('base64')} v1,${Buffer.alloc(32, 2).toString('base64')}`,
  'content-type': 'application/json',
};
const check = (over: { headers?: Record<string, string>; body?: unknown }) => () =>
  contract.checkDelivery({
    headers: over.headers ?? headers,
    body: typeof over.body === 'string' ? over.body : JSON.stringify(over.body ?? record),
  });

describe('a delivery checked against the document', () => {
  test('a delivery as the dispatcher sends it passes', () => {
    expect(check({})).not.toThrow();
  });

  test('a type the document has no webhook for is a drift', () => {
    expect(check({ body: { ...record, type: 'webhook.ping' } })).toThrow(/no such webhook/);
    expect(check({ body: 'not json' })).toThrow(ContractDrift);
  });

  test('a body its type’s schema refuses is a drift', () => {
    const { message: _, ...object } = record.data.object;
    expect(check({ body: { ...record, data: { object } } })).toThrow(/webhook webhook.test: the body does not match/);
    expect(check({ body: { ...record, previous_attributes: {} } })).toThrow(ContractDrift);
    expect(check({ body: { ...record, extra: true } })).toThrow(ContractDrift);
  });

  test('a required signature header missing, or one its schema refuses, is a drift', () => {
    const { 'webhook-signature': _, ...unsigned } = headers;
    expect(check({ headers: unsigned })).toThrow(/no webhook-signature header/);
    expect(check({ headers: { ...headers, 'webhook-timestamp': 'soon' } })).toThrow(/webhook-timestamp header "soon"/);
    expect(check({ headers: { ...headers, 'webhook-signature': 'v2,abc' } })).toThrow(/webhook-signature header/);
    expect(check({ headers: { ...headers, 'webhook-id': 'evt_1' } })).toThrow(/webhook-id header/);
  });
});
