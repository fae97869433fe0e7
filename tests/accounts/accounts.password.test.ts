// verifyAccountPassword, the check a sign-in makes (decisions §20): active accounts whose password
// verifies, by e-mail across tenants; wrong password, unknown address, invited and disabled
// accounts match nothing, and each of those still spends an argon2 verification.
import { expect, test } from 'vitest';
import { disableAccount, verifyAccountPassword } from '../../routers/accounts/accounts.writes.js';
import { sql } from '../support/database.js';
import { uniqueEmail } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';
import { hireWithLink, postForm } from './helpers.js';

const h = useTestServer();
const WRITE = ['employees:write'] as const;
const PASSWORD = 'a long and memorable passphrase';

/** Hires into `env` of a new organisation and sets the password through the invite's link. */
async function activeAccount(env: 'live' | 'test' = 'live', password = PASSWORD) {
  const t = await h.tenant();
  const hired = await hireWithLink(h, await h.key(t, WRITE, env), t);
  const res = await postForm(hired.url, { password, password_confirmation: password });
  expect(res.status, await res.text()).toBe(200);
  const tenantId = env === 'live' ? t.tenant.id : t.sandbox.id;
  return { ...hired, tenantId, employeeId: hired.employee.id as string };
}

/** The time of `work`, in ms. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

test('the right password matches the account: tenant, profile and the employee’s id; any case of the address', async () => {
  const account = await activeAccount();
  const [{ profile_id }] = await sql<{ profile_id: string }>(h, 'select profile_id from employees where id = ?', [
    account.employeeId,
  ]);
  const expected = [{ tenantId: account.tenantId, profileId: profile_id, employeeId: account.employeeId }];
  expect(await verifyAccountPassword(h.orm.em.fork(), account.email, PASSWORD)).toEqual(expected);
  expect(await verifyAccountPassword(h.orm.em.fork(), `  ${account.email.toUpperCase()} `, PASSWORD)).toEqual(expected);
});

test('a wrong password, an unknown address, an invited and a disabled account match nothing', async () => {
  const account = await activeAccount();
  const em = () => h.orm.em.fork();
  expect(await verifyAccountPassword(em(), account.email, `${PASSWORD}x`)).toEqual([]);
  expect(await verifyAccountPassword(em(), account.email, '')).toEqual([]);
  expect(await verifyAccountPassword(em(), account.email, 'y'.repeat(10_000))).toEqual([]);
  expect(await verifyAccountPassword(em(), uniqueEmail('nobody'), PASSWORD)).toEqual([]);

  const t = await h.tenant();
  const invited = await hireWithLink(h, await h.key(t, WRITE), t);
  expect(await verifyAccountPassword(em(), invited.email, PASSWORD)).toEqual([]);

  await disableAccount(em(), account.employeeId);
  const [{ status }] = await sql<{ status: string }>(
    h,
    'select p.status from profiles p join employees e on e.profile_id = p.id where e.id = ?',
    [account.employeeId],
  );
  expect(status).toBe('disabled');
  expect(await verifyAccountPassword(em(), account.email, PASSWORD)).toEqual([]);
});

test('an address with accounts in several tenants: every active account whose password verifies', async () => {
  const live = await activeAccount('live');
  // The same address in another organisation's sandbox, with a password of its own.
  const t = await h.tenant();
  const hired = await (async () => {
    const secret = await h.key(t, WRITE, 'test');
    const res = await h.as(secret, '/v1/employees', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        actor_employee_id: t.sandbox_hr_admin.id,
        email: live.email,
        full_name: 'Same Person',
        joining_date: '2026-03-02',
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: string } }).data;
  })();
  const [{ body }] = await sql<{ body: string }>(
    h,
    `select body from outbox_messages where recipient = ? and tenant_id = ?`,
    [live.email, t.sandbox.id],
  );
  const url = /(http\S+\/account\/setup\?token=\S+)/.exec(body)?.[1] as string;
  const other = 'the sandbox has another passphrase';
  expect((await postForm(url, { password: other, password_confirmation: other })).status).toBe(200);

  const em = () => h.orm.em.fork();
  expect((await verifyAccountPassword(em(), live.email, PASSWORD)).map((a) => a.employeeId)).toEqual([live.employeeId]);
  expect((await verifyAccountPassword(em(), live.email, other)).map((a) => a.employeeId)).toEqual([hired.id]);
  // Set to the same password, both match, oldest account first.
  const link = await import('../../routers/accounts/accounts.writes.js').then((m) =>
    m.issueSetupLink(em(), hired.id, h.url),
  );
  expect((await postForm(link.setup_url, { password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
  const both = await verifyAccountPassword(em(), live.email, PASSWORD);
  expect(both.map((a) => [a.tenantId, a.employeeId])).toEqual([
    [live.tenantId, live.employeeId],
    [t.sandbox.id, hired.id],
  ]);
});

test('an unknown address costs an argon2 verification, as a known one does', async () => {
  const account = await activeAccount();
  const em = () => h.orm.em.fork();
  // Warm up (the decoy hash is made on first use), then compare medians.
  await verifyAccountPassword(em(), uniqueEmail('warm'), PASSWORD);
  const median = async (email: string) => {
    const times: number[] = [];
    for (let i = 0; i < 7; i++) times.push(await timed(() => verifyAccountPassword(em(), email, 'wrong password!!')));
    return times.sort((a, b) => a - b)[3];
  };
  const known = await median(account.email);
  const unknown = await median(uniqueEmail('unknown'));
  // An argon2id verification with 19 MiB takes several ms; a bare lookup well under one.
  expect(unknown).toBeGreaterThan(known * 0.3);
  expect(unknown).toBeGreaterThan(5);
});
