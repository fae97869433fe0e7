// An employee's own token as a credential (decisions §20): scopes within the role's ceiling,
// whoami's employee_id, the actor implied (403 actor_mismatch when another is named), every rule
// of §7/§8 applied to the signed-in employee, and a disabled account's tokens refused at once.
import { beforeAll, describe, expect, test } from 'vitest';
import { disableAccount } from '../../routers/accounts/accounts.writes.js';
import { expectProblem, type TestServer, useTestServer } from '../support/harness.js';
import { jsonInit } from '../support/http.js';
import { day, type Org, setupOrg } from '../support/leave.js';
import { activate, employeeTokens, newApp } from './helpers.js';

const h = useTestServer({ RATE_LIMIT_SIGNIN_POINTS: '1000' });

let org: Org;
let clientId: string;
/** Access tokens of the org's people, signed in through the app with no scope asked (all the role allows). */
const tokens: Record<'hrAdmin' | 'manager' | 'employee' | 'colleague', string> = {
  hrAdmin: '',
  manager: '',
  employee: '',
  colleague: '',
};

beforeAll(async () => {
  org = await setupOrg(h);
  clientId = await newApp(h);
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) {
    await activate(h, org[who].id);
    tokens[who] = (await employeeTokens(h, clientId, org[who].email)).access_token;
  }
});

async function whoami(s: TestServer, token: string) {
  const res = await s.as(token, '/v1/whoami');
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

let month = 1;
/** A leave request body for `employeeId`: one day of a month of its own, so no two overlap. */
function leaveBody(employeeId?: string) {
  const date = day(`${String((month++ % 12) + 1).padStart(2, '0')}-1${month % 9}`);
  return {
    ...(employeeId ? { employee_id: employeeId } : {}),
    leave_type_id: org.types.SICK,
    start_date: date,
    end_date: date,
    days_count: 1,
    reason: 'Dentist',
  };
}

async function file(token: string, employeeId: string) {
  return h.as(token, '/v1/leave-requests', jsonInit('POST', leaveBody(employeeId)));
}

describe('scopes and whoami', () => {
  test('whoami: the app’s client id, the employee, the role’s scopes; null employee_id for keys and client-credentials tokens', async () => {
    expect(await whoami(h, tokens.employee)).toEqual({
      key_id: clientId,
      env: 'live',
      scopes: ['employees:read', 'leave:read', 'leave:write'],
      credential: 'oauth_access_token',
      employee_id: org.employee.id,
    });
    expect((await whoami(h, tokens.hrAdmin)).scopes).toEqual([
      'employees:read',
      'leave:read',
      'leave:write',
      'employees:write',
    ]);
    expect((await whoami(h, org.read)).employee_id).toBeNull();
    const client = await h.client(org.t, ['leave:read']);
    const cc = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', ...client }),
    });
    expect((await whoami(h, ((await cc.json()) as { access_token: string }).access_token)).employee_id).toBeNull();
  });

  test('the ceiling: asked scopes beyond the role are not granted; nothing within it is invalid_scope', async () => {
    const asked = await employeeTokens(h, clientId, org.employee.email, {
      scope: 'leave:read employees:write webhooks:write',
    });
    expect(asked.scope).toBe('leave:read');
    expect((await h.as(asked.access_token, '/v1/employees')).status).toBe(403);
    expect((await h.as(asked.access_token, '/v1/webhook-endpoints')).status).toBe(403);
  });

  test('an employee token cannot hire (no employees:write); an HR admin’s hires with the actor implied', async () => {
    const body = { email: `x${Date.now()}@example.com`, full_name: 'New Person', joining_date: day('02-02') };
    await expectProblem(
      await h.as(tokens.employee, '/v1/employees', jsonInit('POST', body)),
      403,
      'insufficient_scope',
    );
    const hired = await h.as(tokens.hrAdmin, '/v1/employees', jsonInit('POST', body));
    expect(hired.status, await hired.clone().text()).toBe(200);
  });
});

describe('the actor', () => {
  test('left out: the token’s employee acts; given and different: 403 actor_mismatch; given and the same: fine', async () => {
    const filed = await file(tokens.employee, org.employee.id);
    expect(filed.status, await filed.clone().text()).toBe(200);
    const id = ((await filed.json()) as { data: { id: string } }).data.id;
    await expectProblem(
      await h.as(
        tokens.manager,
        `/v1/leave-requests/${id}/approve`,
        jsonInit('POST', { actor_employee_id: org.hrAdmin.id }),
      ),
      403,
      'actor_mismatch',
    );
    const approved = await h.as(tokens.manager, `/v1/leave-requests/${id}/approve`, jsonInit('POST', {}));
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(((await approved.json()) as { data: Record<string, unknown> }).data).toMatchObject({
      status: 'approved',
      decided_by: org.manager.id,
    });
    const again = await file(tokens.employee, org.employee.id);
    const second = ((await again.json()) as { data: { id: string } }).data.id;
    const cancelled = await h.as(
      tokens.employee,
      `/v1/leave-requests/${second}/cancel`,
      jsonInit('POST', { actor_employee_id: org.employee.id }),
    );
    expect(cancelled.status).toBe(200);
  });

  test('an employee approving their own request, or a colleague’s: 403 actor_not_permitted', async () => {
    const filed = await file(tokens.employee, org.employee.id);
    const id = ((await filed.json()) as { data: { id: string } }).data.id;
    for (const who of [tokens.employee, tokens.colleague]) {
      await expectProblem(
        await h.as(who, `/v1/leave-requests/${id}/approve`, jsonInit('POST', {})),
        403,
        'actor_not_permitted',
      );
    }
  });

  test('filing for another employee: 403 actor_not_permitted, unless the token’s employee is an HR admin', async () => {
    await expectProblem(await file(tokens.employee, org.colleague.id), 403, 'actor_not_permitted');
    await expectProblem(await file(tokens.manager, org.employee.id), 403, 'actor_not_permitted');
    const byAdmin = await file(tokens.hrAdmin, org.colleague.id);
    expect(byAdmin.status, await byAdmin.clone().text()).toBe(200);
  });

  test('over /trpc too: the actor implied, actor_mismatch in tRPC’s error shape', async () => {
    const filed = await file(tokens.employee, org.employee.id);
    const id = ((await filed.json()) as { data: { id: string } }).data.id;
    const call = (token: string, input: unknown) =>
      h.raw.as(token, '/trpc/leaveRequests.reject', jsonInit('POST', input));
    const mismatch = await call(tokens.manager, { id, actor_employee_id: org.hrAdmin.id });
    expect(mismatch.status).toBe(403);
    expect(((await mismatch.json()) as { error: { data: { code: string } } }).error.data.code).toBe('actor_mismatch');
    const rejected = await call(tokens.manager, { id });
    expect(rejected.status).toBe(200);
  });
});

describe('disabling the account', () => {
  test('its tokens stop working at once: 401 invalid_credential, and the refresh token is invalid_grant', async () => {
    const person = org.colleague;
    const fresh = await employeeTokens(h, clientId, person.email);
    expect((await h.as(fresh.access_token, '/v1/whoami')).status).toBe(200);
    await disableAccount(h.orm.em.fork(), person.id);
    await expectProblem(await h.as(fresh.access_token, '/v1/whoami'), 401, 'invalid_credential');
    await expectProblem(await h.as(tokens.colleague, '/v1/whoami'), 401, 'invalid_credential');
    const refreshed = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: fresh.refresh_token,
      }),
    });
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as { error: string }).error).toBe('invalid_grant');
  });
});
