// Type-level tests of the tRPC surface as a first-party frontend meets it: `createTRPCClient` with
// the exported AppRouter type. Never run, only compiled (tests/trpc/trpc.types.test.ts compiles this file
// and fails on any diagnostic): every `@ts-expect-error` below must still be an error, so an input
// the API refuses for its type or shape can never compile again unnoticed.
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../routers/index.js';

const api = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: 'http://localhost:3000/trpc', maxItems: 10 })],
});

const id = '0195f0a0-0000-7000-8000-000000000000';

/** What a frontend writes: it compiles, and the results are precisely typed. */
export async function wellTyped(): Promise<void> {
  const page = await api.employees.list.query({ limit: 10 });
  const codes: string[] = page.data.map((e) => e.employee_id);
  const more: boolean = page.has_more;
  const next: string | null = page.next_cursor;
  const { data: one } = await api.employees.get.query({ id });
  const manager: string | null = one.manager_id;
  const kind: 'full_time' | 'part_time' | 'intern' | 'contractor' | 'freelancer' | 'vendor_worker' =
    one.employment_type;
  await api.employees.list.query({});
  await api.modules.list.query({ status: 'beta', limit: 5 });
  await api.leaveBalances.list.query({ employee_id: id, year: 2026 });
  const hired = await api.employees.create.mutate({
    actor_employee_id: id,
    email: 'ada@example.com',
    full_name: 'Ada Lovelace',
    joining_date: '2026-03-02',
  });
  const filed = await api.leaveRequests.create.mutate({
    employee_id: hired.data.id,
    leave_type_id: id,
    start_date: '2026-05-04',
    end_date: '2026-05-04',
    days_count: 1,
    reason: 'Family visit',
  });
  const status: 'pending' | 'approved' | 'rejected' | 'cancelled' = filed.data.status;
  await api.leaveRequests.approve.mutate({ id: filed.data.id, actor_employee_id: id, comment: 'Enjoy' });
  // With an employee's own token the actor is left out: that employee acts (decisions §20).
  await api.leaveRequests.reject.mutate({ id: filed.data.id, comment: 'Not this week' });
  await api.employees.update.mutate({ id, designation: 'Lead' });
  await api.employees.create.mutate({ email: 'a@example.com', full_name: 'A', joining_date: '2026-03-02' });
  const me = await api.whoami.query();
  const scopes: string[] = [...me.data.scopes];
  void [codes, more, next, manager, kind, status, scopes];
}

/** Inputs the API refuses for their type or shape: none of them may compile. */
export async function refusedAtCompileTime(): Promise<void> {
  // @ts-expect-error limit is an integer, not a string
  await api.employees.list.query({ limit: 'ten' });
  // @ts-expect-error the year of a balance is a number
  await api.leaveBalances.list.query({ employee_id: id, year: '2026' });
  // @ts-expect-error not a module status
  await api.modules.list.query({ status: 'bogus' });
  await api.employees.create.mutate({
    // @ts-expect-error the actor, when given, is a string
    actor_employee_id: 1,
    email: 'a@example.com',
    full_name: 'A',
    joining_date: '2026-03-02',
  });
  await api.employees.create.mutate({
    actor_employee_id: id,
    email: 'a@example.com',
    full_name: 'A',
    joining_date: '2026-03-02',
    // @ts-expect-error not an employment type
    employment_type: 'temp',
  });
  await api.leaveRequests.create.mutate({
    employee_id: id,
    leave_type_id: id,
    start_date: '2026-05-04',
    end_date: '2026-05-04',
    // @ts-expect-error days_count is a number
    days_count: '1',
    reason: 'x',
  });
  // @ts-expect-error unknown field (bodies are strict objects)
  await api.employees.update.mutate({ id, actor_employee_id: id, designation: 'Lead', salary: 1 });
  // @ts-expect-error no such procedure
  await api.employees.remove.mutate({ id });
  // @ts-expect-error a query is not a mutation
  await api.employees.list.mutate({});
  // @ts-expect-error the record has no salary
  void (await api.employees.get.query({ id })).data.salary;
}

// No field of any procedure's input or output is `any` or `unknown`: a schema that lost its type
// (a coerced query parameter, a preprocess step) shows up here as a compile error.
type IsAny<T> = 0 extends 1 & T ? true : false;
type Loose<T> =
  IsAny<T> extends true
    ? true
    : unknown extends T
      ? true
      : T extends readonly (infer E)[]
        ? Loose<E>
        : T extends object
          ? { [K in keyof T]-?: Loose<T[K]> }[keyof T]
          : false;
type Procedures<R> = { [G in keyof R]: R[G] extends Record<string, unknown> ? R[G][keyof R[G]] : R[G] }[keyof R];
type Outputs = Procedures<inferRouterOutputs<AppRouter>>;
// biome-ignore lint/suspicious/noConfusingVoidType: procedures without input have the input type void
type Inputs = Exclude<Procedures<inferRouterInputs<AppRouter>>, undefined | void>;
export const outputsAreTyped: true extends Loose<Outputs> ? never : 'typed' = 'typed';
export const inputsAreTyped: true extends Loose<Inputs> ? never : 'typed' = 'typed';
