// The migration that keeps a tenant's seats as a counter on its row (decisions §7), on a populated
// database: every tenant's seats_used starts at the employees it has, and hires count on from there.
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { DomainError } from '../../core/domainError.js';
import { migrationsList } from '../../db/migrations/index.js';
import { migrate, openOrm } from '../../db/orm.js';
import { createEmployeeAccount } from '../../routers/employees/employees.writes.js';
import { useFreshDatabase } from '../support/database.js';

const mine = 'Migration20261128000022SeatCounter';
const previous = migrationsList[migrationsList.findIndex((m) => m.name === mine) - 1]?.name as string;
const database = useFreshDatabase('wfm_seats_mig');

test('seats_used starts at the employees each tenant has; the seat check counts on from it', async () => {
  const orm = await openOrm({ DATABASE_URL: database.url, DATA_DIR: './var' }, undefined, { poolMax: 2 });
  try {
    const run = <T>(text: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(text, params);
    expect((await orm.migrator.up({ to: previous })).at(-1)?.name).toBe(previous);
    // Two tenants as the schema before holds them: four employees (the first an HR admin) and none.
    const [full, empty] = [randomUUID(), randomUUID()];
    const organisation = randomUUID();
    await run('insert into organisations (id, name) values (?, ?)', [organisation, 'Seats Org']);
    await run(
      `insert into tenants (id, organisation_id, env, name, seat_limit) values (?, ?, 'live', 'Seats Org', 5), (?, ?, 'test', 'Seats Org (sandbox)', null)`,
      [full, organisation, empty, organisation],
    );
    await run(
      `with s as (select k, gen_random_uuid() as id, gen_random_uuid() as profile_id from generate_series(1, 4) k),
            p as (insert into profiles (id, tenant_id, email) select profile_id, ?, 'seeded' || k || '@seats.example' from s)
       insert into employees (id, tenant_id, employee_id, profile_id, full_name, email, joining_date, is_hr_admin)
       select id, ?, 'S-' || k, profile_id, 'Seeded ' || k, 'seeded' || k || '@seats.example', date '2026-01-05', k = 1 from s`,
      [full, full],
    );
    const [admin] = await run<{ id: string }>('select id from employees where is_hr_admin');

    expect(await migrate(orm)).toEqual(
      migrationsList.slice(migrationsList.findIndex((m) => m.name === mine)).map((m) => m.name),
    );
    const seats = async () =>
      Object.fromEntries(
        (await run<{ id: string; seats_used: number }>('select id, seats_used from tenants')).map((r) => [
          r.id,
          r.seats_used,
        ]),
      );
    expect(await seats()).toEqual({ [full]: 4, [empty]: 0 });

    // The fifth seat is the last one of the plan.
    const person = (n: number) => ({ email: `hire${n}@seats.example`, full_name: 'Hire', joining_date: '2026-03-02' });
    await createEmployeeAccount(orm.em.fork(), full, person(1), { actorId: admin.id });
    expect(await seats()).toEqual({ [full]: 5, [empty]: 0 });
    const refused = await createEmployeeAccount(orm.em.fork(), full, person(2), { actorId: admin.id }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('seat_limit_reached');
    expect(await seats()).toEqual({ [full]: 5, [empty]: 0 });
  } finally {
    await orm.close();
  }
}, 60_000);
