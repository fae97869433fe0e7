// Acting on an endpoint follows read scopes (decisions §21): PATCH (any field), rotate-secret, test,
// recover and retry need the read scopes of every type the endpoint receives (for PATCH, before and
// after the change); list, get and delete need only the webhook scopes. The review's case: a key
// holding only webhooks:write re-pointed another key's employee subscription and received employee
// records by retry and at the next hire. A real dispatcher and receivers, on a database of its own.
import { describe, expect, test } from 'vitest';
import { hire } from '../support/employees.js';
import { expectProblem } from '../support/harness.js';
import { jsonInit } from '../support/http.js';
import { json } from './helpers.js';
import { useDeliveringServer } from './redelivery.js';

const { h, receiver, endpoint, settled } = useDeliveringServer('wfm_webhook_read_scopes');

async function expectScopeRefusal(res: Response, missing: string) {
  const body = await expectProblem(res, 403, 'insufficient_scope');
  expect(res.headers.get('www-authenticate')).toBe(
    `Bearer realm="workforce", error="insufficient_scope", scope="${missing}"`,
  );
  expect(body.detail).toContain(missing);
}

describe('acting on an endpoint needs the read scopes of what it receives', () => {
  test("a webhooks:write key can neither re-point another key's employee subscription nor replay its deliveries", async () => {
    const t = await h.tenant();
    const hr = await h.key(t, ['employees:write', 'employees:read']);
    const owners = await receiver();
    const attackers = await receiver();
    const e = await endpoint(t, owners.url, ['employee.created']);
    await hire(h, hr, t);
    const [delivery] = await settled(e.key, e.id, ['succeeded']);

    const writeOnly = await h.key(t, ['webhooks:write']);
    const at = (path: string, init: RequestInit) => h.as(writeOnly, `/v1/webhook-endpoints/${e.id}${path}`, init);
    await expectScopeRefusal(await at('', jsonInit('PATCH', { url: attackers.url })), 'employees:read');
    await expectScopeRefusal(await at('', jsonInit('PATCH', { description: 'mine now' })), 'employees:read');
    await expectScopeRefusal(await at('', jsonInit('PATCH', { enabled: false })), 'employees:read');
    await expectScopeRefusal(await at('/rotate-secret', { method: 'POST' }), 'employees:read');
    await expectScopeRefusal(await at('/test', { method: 'POST' }), 'employees:read');
    await expectScopeRefusal(
      await at('/recover', jsonInit('POST', { since: new Date(Date.now() - 60_000).toISOString() })),
      'employees:read',
    );
    await expectScopeRefusal(await at(`/deliveries/${delivery?.id}/retry`, { method: 'POST' }), 'employees:read');
    // Over tRPC too, in its own shape.
    const trpc = await h.fetch('/trpc/webhookEndpoints.update', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${writeOnly}` },
      body: JSON.stringify({ id: e.id, url: attackers.url }),
    });
    const text = await trpc.text();
    expect(trpc.status, text).toBe(403);
    expect(JSON.parse(text).error.data).toMatchObject({ code: 'insufficient_scope', httpStatus: 403 });

    // Nothing changed: the next hire goes to the owner's receiver alone, and no attempt was added.
    const got = await json<{ data: { url: string; description: string | null; enabled: boolean } }>(
      await h.as(e.key, `/v1/webhook-endpoints/${e.id}`),
    );
    expect(got.data).toMatchObject({ url: owners.url, description: null, enabled: true });
    await hire(h, hr, t);
    await settled(e.key, e.id, ['succeeded', 'succeeded']);
    expect(owners.received).toHaveLength(2);
    expect(attackers.received).toHaveLength(0);

    // Deleting needs webhooks:write alone (it sends nothing anywhere).
    expect((await at('', { method: 'DELETE' })).status).toBe(204);
  });

  test('PATCH needs the read scopes before and after the change; a key holding them may act', async () => {
    const t = await h.tenant();
    const r = await receiver();
    const e = await endpoint(t, r.url, ['employee.updated']);
    // Moving an employee subscription to leave types needs employees:read (before) and leave:read (after).
    const leaveOnly = await h.key(t, ['webhooks:write', 'leave:read']);
    await expectScopeRefusal(
      await h.as(
        leaveOnly,
        `/v1/webhook-endpoints/${e.id}`,
        jsonInit('PATCH', { event_types: ['leave_request.created'] }),
      ),
      'employees:read',
    );
    const employeesOnly = await h.key(t, ['webhooks:write', 'employees:read']);
    await expectScopeRefusal(
      await h.as(
        employeesOnly,
        `/v1/webhook-endpoints/${e.id}`,
        jsonInit('PATCH', { event_types: ['leave_request.created'] }),
      ),
      'leave:read',
    );
    const both = await h.key(t, ['webhooks:write', 'employees:read', 'leave:read']);
    const moved = await json<{ data: { event_types: string[] } }>(
      await h.as(both, `/v1/webhook-endpoints/${e.id}`, jsonInit('PATCH', { event_types: ['leave_request.created'] })),
    );
    expect(moved.data.event_types).toEqual(['leave_request.created']);
    // Now a leave subscription: the leave reader may rotate it and send it a test event.
    const rotated = await h.as(leaveOnly, `/v1/webhook-endpoints/${e.id}/rotate-secret`, { method: 'POST' });
    expect(rotated.status, await rotated.text()).toBe(200);
    const tested = await h.as(leaveOnly, `/v1/webhook-endpoints/${e.id}/test`, { method: 'POST' });
    expect(tested.status, await tested.text()).toBe(202);
    // The existence check comes first: another tenant's endpoint is 404, not 403.
    const other = await h.tenant();
    const stranger = await h.key(other, ['webhooks:write']);
    await expectProblem(
      await h.as(stranger, `/v1/webhook-endpoints/${e.id}`, jsonInit('PATCH', { description: 'x' })),
      404,
      'not_found',
    );
  });
});
