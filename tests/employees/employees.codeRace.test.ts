import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import type { Orm } from '../../db/orm.js';
import { sql } from '../support/database.js';
import { codesOf, countEmployees, hireBody, journeyRows, postEmployee, uniqueEmail } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';
import { codeOf, type Json, parallel } from '../support/http.js';
import { waitFor } from '../support/wait.js';

/**
 * Seats and codes when hires race hand-typed codes (decisions §7): the counter's codes stay unique
 * and contiguous but for the numbers typed codes took, the seats stay exact, and a code or an
 * address taken while a hire waits for the tenant's row is still refused or skipped.
 */
const h = useTestServer();

const number = (code: string) => Number(code.slice('EMP-'.length));

/** Typed codes on the numbers the counter is about to give, one of them twice. */
const TYPED = ['EMP-0003', 'EMP-0005', 'EMP-0005', 'EMP-0008', 'EMP-0012', 'EMP-0013', 'EMP-0020', 'EMP-0040'];
const ASSIGNED = 24;
const FREE_SEATS = 20;

test(`${ASSIGNED} assigned and ${TYPED.length} typed hires in parallel into ${FREE_SEATS} free seats, 3 rounds`, async () => {
  for (let round = 0; round < 3; round++) {
    const t = await h.tenant({ seats: 1 + FREE_SEATS });
    const secret = await h.key(t, ['employees:write']);
    const bodies = [
      ...Array.from({ length: ASSIGNED }, () => hireBody(t)),
      ...TYPED.map((employee_id) => hireBody(t, { employee_id })),
    ];
    // Interleaved, so that typed and assigned hires start side by side.
    const order = bodies.map((_, i) => (i % 4 === 3 ? ASSIGNED + ((i - 3) >> 2) : i - (i >> 2)));
    const results = await parallel(bodies.length, (i) => postEmployee(h, secret, bodies[order[i]]));
    const story = `round ${round}:\n${results.map((r, i) => `${order[i] < ASSIGNED ? 'assigned' : 'typed'} ${r.status} ${r.text}`).join('\n')}`;
    const typed = new Set<string>();
    const assigned: number[] = [];
    results.forEach((r, i) => {
      const isTyped = order[i] >= ASSIGNED;
      if (r.status === 200) {
        const code = (JSON.parse(r.text) as { data: Json }).data.employee_id as string;
        if (isTyped) typed.add(code);
        else assigned.push(number(code));
      } else if (r.status === 409) {
        // Only a typed code can be taken: by its twin, or by the counter that reached it first.
        expect(isTyped, story).toBe(true);
        expect(codeOf(r.text), story).toBe('employee_id_taken');
      } else {
        expect(r.status, story).toBe(422);
        expect(codeOf(r.text), story).toBe('seat_limit_reached');
      }
    });
    // Seats exact: every free seat taken, none twice; a 409 gave its seat back to another hire.
    expect(typed.size + assigned.length, story).toBe(FREE_SEATS);
    expect(await countEmployees(h, t.tenant.id)).toBe(1 + FREE_SEATS);
    // Every code unique; the counter gave 2, 3, … skipping only numbers a typed hire holds.
    const codes = await codesOf(h, t.tenant.id);
    expect(new Set(codes).size).toBe(codes.length);
    assigned.sort((a, b) => a - b);
    const top = assigned.at(-1) ?? 1;
    for (let n = 2; n <= top; n++) {
      const code = `EMP-${String(n).padStart(4, '0')}`;
      expect(assigned.includes(n) || typed.has(code), `${story}\n${code} skipped`).toBe(true);
    }
    // The counter moved past the last code it gave: the next assigned hire (after another seat) gets the next free number.
    await sql(h, 'update tenants set seat_limit = seat_limit + 1 where id = ?', [t.tenant.id]);
    const next = await postEmployee(h, secret, hireBody(t));
    const nextCode = (JSON.parse(await next.text()) as { data: Json }).data.employee_id as string;
    let expected = top + 1;
    while (typed.has(`EMP-${String(expected).padStart(4, '0')}`)) expected++;
    expect(number(nextCode)).toBe(expected);
    // And no seat beyond the plan's.
    await expect(postEmployee(h, secret, hireBody(t)).then((r) => r.status)).resolves.toBe(422);
  }
});

/**
 * Holds the tenant's row as a hire does (`for no key update`, which leaves other sessions free to
 * insert rows referring to it), until `release()`; `blocked()` says whether a session waits for it.
 */
async function holdTenantRow(orm: Orm, tenantId: string) {
  interface Client {
    query(text: string, params?: unknown[]): Promise<{ rows: { pid: number }[] }>;
    release(): void;
  }
  const pool = (await orm.em.getConnection().getNativeClient()) as unknown as { connect(): Promise<Client> };
  const client = await pool.connect();
  await client.query('begin');
  await client.query('select id from tenants where id = $1 for no key update', [tenantId]);
  const [{ pid }] = (await client.query('select pg_backend_pid() as pid')).rows;
  return {
    async blocked(): Promise<boolean> {
      const rows = await sql(orm, 'select 1 from pg_stat_activity where ? = any(pg_blocking_pids(pid))', [pid]);
      return rows.length > 0;
    },
    async release(): Promise<void> {
      await client.query('rollback');
      client.release();
    },
  };
}

/** An employee (and login account) written straight to the table, as a hire committing meanwhile would. */
function insertEmployee(tenantId: string, code: string, email: string) {
  const profileId = randomUUID();
  return sql(
    h,
    `with p as (insert into profiles (id, tenant_id, email) values (?, ?, ?))
     insert into employees (id, tenant_id, employee_id, profile_id, full_name, email, joining_date)
     values (?, ?, ?, ?, 'Meanwhile', ?, date '2026-01-05')`,
    [profileId, tenantId, email, randomUUID(), tenantId, code, profileId, email],
  );
}

/**
 * A hire that waits for the tenant's row while another transaction commits an employee taking
 * `code` and `email`: what it answers once the row is free.
 */
async function hireWhileTaken(overrides: Json, taken: { code?: string; email?: string }) {
  const t = await h.tenant();
  const secret = await h.key(t, ['employees:write']);
  const hold = await holdTenantRow(h.orm, t.tenant.id);
  let answer: Promise<Response> | undefined;
  try {
    answer = postEmployee(h, secret, hireBody(t, overrides));
    await waitFor(() => hold.blocked(), 'the hire to wait for the tenant row');
    await insertEmployee(t.tenant.id, taken.code ?? 'T-elsewhere', taken.email ?? uniqueEmail('meanwhile'));
  } finally {
    await hold.release();
  }
  const res = await answer;
  return { t, secret, status: res.status, text: await res.text() };
}

test('the next code, taken while the hire waits for the tenant row, is skipped', async () => {
  const { t, secret, status, text } = await hireWhileTaken({}, { code: 'EMP-0002' });
  expect(status, text).toBe(200);
  expect((JSON.parse(text) as { data: Json }).data.employee_id).toBe('EMP-0003');
  const after = await postEmployee(h, secret, hireBody(t));
  expect((JSON.parse(await after.text()) as { data: Json }).data.employee_id).toBe('EMP-0004');
  expect(await codesOf(h, t.tenant.id)).toEqual(['EMP-0001', 'EMP-0002', 'EMP-0003', 'EMP-0004']);
});

test('a typed code taken while the hire waits for the tenant row is 409 employee_id_taken, and nothing is written', async () => {
  const email = uniqueEmail('typed');
  const { t, status, text } = await hireWhileTaken({ employee_id: 'T-7', email }, { code: 'T-7' });
  expect(status, text).toBe(409);
  expect(codeOf(text)).toBe('employee_id_taken');
  expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 0, profiles: 0, outbox: 0 });
  expect(await countEmployees(h, t.tenant.id)).toBe(2);
});

test('an address taken while the hire waits for the tenant row is 409 email_taken, and nothing is written', async () => {
  const email = uniqueEmail('taken');
  const { t, secret, status, text } = await hireWhileTaken({ email }, { email });
  expect(status, text).toBe(409);
  expect(codeOf(text)).toBe('email_taken');
  expect(await journeyRows(h, t.tenant.id, email)).toEqual({ employees: 1, profiles: 1, outbox: 0 });
  // The refused hire gave its code back.
  const after = await postEmployee(h, secret, hireBody(t));
  expect((JSON.parse(await after.text()) as { data: Json }).data.employee_id).toBe('EMP-0002');
});
