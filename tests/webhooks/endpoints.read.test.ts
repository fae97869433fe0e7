// GET /v1/webhook-endpoints, a keyset page; and an id in the path: unknown is 404, malformed 400
// invalid_id, on GET and every other operation on one endpoint. On the suite's database.
import { describe, expect, test } from 'vitest';
import { expectDocumentedProblem } from '../support/harness.js';
import { jsonInit, type Page } from '../support/http.js';
import { type Endpoint, json, useEndpointsServer } from './helpers.js';

const { h, create, org, useOrg } = useEndpointsServer('suite');

describe('create, read, list', () => {
  const o = useOrg();

  test('the list is a keyset page ascending by (created_at, id)', async () => {
    const { key } = await org();
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await create(key, { description: `n${i}` })).data);
    const first = await json<Page<Endpoint>>(await h.as(key, '/v1/webhook-endpoints?limit=2'));
    expect(first.data).toEqual(made.slice(0, 2));
    expect(first.has_more).toBe(true);
    const second = await json<Page<Endpoint>>(
      await h.as(key, `/v1/webhook-endpoints?limit=2&cursor=${encodeURIComponent(first.next_cursor as string)}`),
    );
    expect(second).toEqual({ data: made.slice(2), next_cursor: null, has_more: false });
  });

  test('an unknown id is 404, a malformed one 400 invalid_id, on every operation', async () => {
    const unknown = '01a20129-a8bd-7fe6-893d-e14d781596aa';
    const ops: [string, string, string, RequestInit][] = [
      ['GET', `/v1/webhook-endpoints/ID`, '/webhook-endpoints/{id}', {}],
      ['PATCH', `/v1/webhook-endpoints/ID`, '/webhook-endpoints/{id}', jsonInit('PATCH', { enabled: true })],
      ['DELETE', `/v1/webhook-endpoints/ID`, '/webhook-endpoints/{id}', { method: 'DELETE' }],
      ['POST', `/v1/webhook-endpoints/ID/rotate-secret`, '/webhook-endpoints/{id}/rotate-secret', { method: 'POST' }],
      ['POST', `/v1/webhook-endpoints/ID/test`, '/webhook-endpoints/{id}/test', { method: 'POST' }],
      ['GET', `/v1/webhook-endpoints/ID/deliveries`, '/webhook-endpoints/{id}/deliveries', {}],
    ];
    for (const [method, path, template, init] of ops) {
      await expectDocumentedProblem(
        h,
        await h.as(o.key, path.replace('ID', unknown), init),
        404,
        'not_found',
        method,
        template,
      );
      await expectDocumentedProblem(
        h,
        await h.as(o.key, path.replace('ID', 'nope'), init),
        400,
        'invalid_id',
        method,
        template,
      );
    }
  });
});
