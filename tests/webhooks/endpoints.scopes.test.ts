// Subscriptions follow read scopes (decisions §18, §21): creating or PATCHing an endpoint with a type the
// credential may not read, or PATCHing one that receives such a type, is 403 insufficient_scope naming
// the missing scope(s), with its challenge.
// Not the delivery of anything: on the suite's database.
import { describe, expect, test } from 'vitest';
import { expectProblem } from '../support/harness.js';
import { jsonInit } from '../support/http.js';
import { json, PUBLIC_URL, useEndpointsServer } from './helpers.js';

const { h, post, create, useOrg } = useEndpointsServer('suite');

const BY_TYPE = {
  'employee.created': 'employees:read',
  'employee.updated': 'employees:read',
  'leave_request.created': 'leave:read',
  'leave_request.approved': 'leave:read',
  'leave_request.rejected': 'leave:read',
  'leave_request.cancelled': 'leave:read',
  'webhook_endpoint.disabled': 'webhooks:read',
} as const;

async function expectScopeRefusal(res: Response, missing: string[]) {
  const body = await expectProblem(res, 403, 'insufficient_scope');
  expect(res.headers.get('www-authenticate')).toBe(
    `Bearer realm="workforce", error="insufficient_scope", scope="${missing.join(' ')}"`,
  );
  for (const scope of missing) expect(body.detail).toContain(scope);
  return body;
}

describe('subscriptions follow read scopes', () => {
  const org = useOrg();

  test('a webhooks:write-only key is refused every type it cannot read, and *, on create and on PATCH', async () => {
    const writeOnly = await h.key(org.t, ['webhooks:write']);
    for (const [type, scope] of Object.entries(BY_TYPE)) {
      await expectScopeRefusal(await post(writeOnly, { url: PUBLIC_URL, event_types: [type] }), [scope]);
    }
    await expectScopeRefusal(await post(writeOnly, { url: PUBLIC_URL, event_types: ['*'] }), [
      'employees:read',
      'leave:read',
      'webhooks:read',
    ]);
    // Several types: every missing scope named once.
    await expectScopeRefusal(
      await post(writeOnly, { url: PUBLIC_URL, event_types: ['leave_request.created', 'employee.updated'] }),
      ['employees:read', 'leave:read'],
    );

    // PATCH of an endpoint made by a key that may read everything.
    const { data: made } = await create(org.key, { event_types: ['webhook_endpoint.disabled'] });
    for (const [type, scope] of Object.entries(BY_TYPE)) {
      const res = await h.as(writeOnly, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', { event_types: [type] }));
      await expectScopeRefusal(res, [scope]);
    }
    await expectScopeRefusal(
      await h.as(writeOnly, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', { event_types: ['*'] })),
      ['employees:read', 'leave:read', 'webhooks:read'],
    );
    // Nothing changed; any PATCH needs the read scopes of what the endpoint receives now (decisions §21).
    await expectScopeRefusal(
      await h.as(writeOnly, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', { description: 'renamed' })),
      ['webhooks:read'],
    );
    const reader = await h.key(org.t, ['webhooks:write', 'webhooks:read']);
    const patched = await json<{ data: { event_types: string[]; description: string } }>(
      await h.as(reader, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', { description: 'renamed' })),
    );
    expect(patched.data).toMatchObject({ event_types: ['webhook_endpoint.disabled'], description: 'renamed' });
  });

  test('the types a key may read are accepted: employees:read gives employee.*, and * needs all three', async () => {
    const employees = await h.key(org.t, ['webhooks:write', 'employees:read']);
    const made = await create(employees, { event_types: ['employee.created', 'employee.updated'] });
    expect(made.data.event_types).toEqual(['employee.created', 'employee.updated']);
    await expectScopeRefusal(await post(employees, { url: PUBLIC_URL, event_types: ['*'] }), [
      'leave:read',
      'webhooks:read',
    ]);
    const all = await h.key(org.t, ['webhooks:write', 'employees:read', 'leave:read', 'webhooks:read']);
    expect((await create(all, { event_types: ['*'] })).data.event_types).toEqual(['*']);
  });

  test('order: 403 for the endpoint scope first, then 400 for the body, then this 403, before 404', async () => {
    const writeOnly = await h.key(org.t, ['webhooks:write']);
    const readOnly = await h.key(org.t, ['webhooks:read']);
    // No webhooks:write: the endpoint's own scope, whatever the body.
    const noWrite = await post(readOnly, { url: PUBLIC_URL, event_types: ['*'], bogus: 1 });
    await expectProblem(noWrite, 403, 'insufficient_scope');
    expect(noWrite.headers.get('www-authenticate')).toContain('scope="webhooks:write"');
    // A body with errors is 400 even when its types could not be read.
    const bad = await expectProblem(
      await post(writeOnly, { url: PUBLIC_URL, event_types: ['*'], bogus: 1 }),
      400,
      'invalid_body',
    );
    expect(bad.errors).toContainEqual(expect.objectContaining({ path: 'bogus' }));
    await expectProblem(
      await post(writeOnly, { url: PUBLIC_URL, event_types: ['employee.fired'] }),
      400,
      'invalid_body',
    );
    // A well-formed body with unreadable types: 403, also for an endpoint that does not exist.
    await expectScopeRefusal(
      await h.as(
        writeOnly,
        '/v1/webhook-endpoints/019a7b41-0c2d-7e3f-9a1b-2c3d4e5f6a7b',
        jsonInit('PATCH', { event_types: ['employee.created'] }),
      ),
      ['employees:read'],
    );
  });

  test('over /trpc: FORBIDDEN with insufficient_scope', async () => {
    const writeOnly = await h.key(org.t, ['webhooks:write']);
    const res = await h.fetch('/trpc/webhookEndpoints.create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${writeOnly}` },
      body: JSON.stringify({ url: PUBLIC_URL, event_types: ['leave_request.created'] }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(403);
    expect(JSON.parse(text).error.data).toMatchObject({ code: 'insufficient_scope', httpStatus: 403 });
  });
});
