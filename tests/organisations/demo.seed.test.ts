import { expect, inject, test } from 'vitest';
import { SCOPES } from '../../core/scopes.js';
import { useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { tokenJson } from '../support/oauth.js';
import { nodeWfm } from '../support/processes.js';

/** `wfm demo --json` (the compiled CLI, as bin/wfm runs it) on the suite's own Node. */
function wfmDemo() {
  return nodeWfm(['demo', '--json'], { DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent' });
}

const h = useTestServer({ RATE_LIMIT_IP_POINTS: '100000' });

test('wfm demo --json prints one JSON object whose credentials read data from every list', async () => {
  const result = await wfmDemo();
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  const demo = JSON.parse(result.stdout) as {
    tenant: { id: string; name: string };
    sandbox: { id: string };
    hr_admin: { id: string; employee_id: string; email: string };
    live_key: { key_id: string; secret: string; scopes: string[] };
    test_key: { key_id: string; secret: string; scopes: string[] };
    client: { client_id: string; client_secret: string; scopes: string[] };
  };
  expect(Object.keys(demo).sort()).toEqual(['client', 'hr_admin', 'live_key', 'sandbox', 'tenant', 'test_key']);
  expect(demo.hr_admin).toMatchObject({ employee_id: 'EMP-0001', email: expect.stringContaining('@') });
  expect(demo.live_key.secret).toMatch(/^svc_live_/);
  expect(demo.test_key.secret).toMatch(/^svc_test_/);
  for (const scopes of [demo.live_key.scopes, demo.test_key.scopes, demo.client.scopes]) {
    expect([...scopes].sort()).toEqual([...SCOPES].sort());
  }

  const read = async (secret: string, url: string) => {
    const res = await h.as(secret, url);
    expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as Page;
  };
  const lists = [
    '/v1/employees',
    '/v1/leave-types',
    '/v1/leave-requests',
    '/v1/holidays',
    '/v1/assets',
    '/v1/job-openings',
    '/v1/helpdesk-tickets',
    '/v1/surveys',
  ];
  for (const list of lists) {
    expect((await read(demo.live_key.secret, `${list}?limit=100`)).data.length, list).toBeGreaterThan(0);
    expect((await read(demo.test_key.secret, `${list}?limit=1`)).data.length, `sandbox ${list}`).toBe(1);
  }

  const employees = (await read(demo.live_key.secret, '/v1/employees?limit=100')).data;
  expect(employees.length).toBeGreaterThanOrEqual(50);
  expect(employees.filter((e) => e.manager_id === null).map((e) => e.id)).toEqual([demo.hr_admin.id]);
  expect(new Set(employees.map((e) => e.employment_type))).toEqual(
    new Set(['full_time', 'part_time', 'intern', 'contractor', 'freelancer', 'vendor_worker']),
  );
  for (const e of employees.filter((e) => e.employment_type === 'vendor_worker')) expect(e.vendor_name).toBeTruthy();

  const requests = (await read(demo.live_key.secret, '/v1/leave-requests?limit=100')).data;
  expect(new Set(requests.map((r) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected', 'cancelled']));

  // Balances agree with the requests: used = approved days, pending = pending days, per leave type.
  const year = new Date().getUTCFullYear();
  for (const employee of employees.slice(0, 100)) {
    const balances = (await read(demo.live_key.secret, `/v1/leave-balances?employee_id=${employee.id}`)).data;
    for (const b of balances) {
      const mine = requests.filter(
        (r) =>
          r.employee_id === employee.id &&
          r.leave_type_id === b.leave_type_id &&
          String(r.start_date).startsWith(String(b.year)),
      );
      const sum = (status: string) =>
        mine.filter((r) => r.status === status).reduce((n, r) => n + (r.days_count as number), 0);
      expect(b.year).toBe(year);
      expect({ used: b.used, pending: b.pending }).toEqual({ used: sum('approved'), pending: sum('pending') });
    }
  }

  const assets = (await read(demo.live_key.secret, '/v1/assets?limit=100')).data;
  expect(assets.some((a) => a.status === 'assigned' && a.assigned_to)).toBe(true);
  expect(assets.some((a) => a.status === 'available' && a.assigned_to === null)).toBe(true);

  const token = await tokenJson(h, {
    grant_type: 'client_credentials',
    client_id: demo.client.client_id,
    client_secret: demo.client.client_secret,
  });
  expect(token.status).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  expect((await read(access_token, '/v1/surveys')).data.length).toBeGreaterThan(0);
}, 120_000);
