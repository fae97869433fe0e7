// Type-level tests of @workforce/trpc (compiled by tests/trpc/trpc.types.test.ts, never run): the router
// type the package ships, spelled out by packages/trpc/scripts/generateRouterType.ts, gives a
// frontend exactly the inputs, outputs and errors that the server's own AppRouter does.
import { createTRPCClient, type TRPCClient } from '@trpc/client';
import type { inferRouterError, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import {
  createWorkforceTRPCClient,
  isWorkforceTRPCError,
  type RouterInputs,
  type RouterOutputs,
  type AppRouter as Shipped,
  type WorkforceProblemCode,
  workforceLinks,
} from '../../packages/trpc/src/index.js';
import type { AppRouter as Server } from '../../routers/index.js';

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const inputs: Same<RouterInputs, inferRouterInputs<Server>> = true;
export const outputs: Same<RouterOutputs, inferRouterOutputs<Server>> = true;
export const errors: Same<inferRouterError<Shipped>, inferRouterError<Server>> = true;

// What a frontend writes with the package's own client (issue 33 item 6): a mutation's context is
// typed (idempotencyKey a string, ifMatch a version or an If-Match value), the links build tRPC's own
// client for React Query's integrations, and isWorkforceTRPCError narrows to the problem codes.

const api = createWorkforceTRPCClient({ url: 'https://api.example.com/trpc', token: 'svc_test_example' });
const hire = { actor_employee_id: 'a', email: 'ada@example.com', full_name: 'Ada', joining_date: '2026-03-02' };

export async function typedContext(): Promise<void> {
  await api.employees.create.mutate(hire, { context: { idempotencyKey: 'hire-ada' } });
  await api.employees.update.mutate({ id: 'x', actor_employee_id: 'a' }, { context: { ifMatch: 3 } });
  await api.employees.update.mutate({ id: 'x', actor_employee_id: 'a' }, { context: { ifMatch: '"3"' } });
  // Other context a link of the app's own reads still passes.
  await api.employees.create.mutate(hire, { context: { idempotencyKey: 'hire-ada', trace: true } });
  // @ts-expect-error an Idempotency-Key is a string
  await api.employees.create.mutate(hire, { context: { idempotencyKey: 42 } });
  // @ts-expect-error If-Match is a version or the header's value
  await api.employees.update.mutate({ id: 'x', actor_employee_id: 'a' }, { context: { ifMatch: true } });
  // @ts-expect-error the input stays required
  await api.employees.create.mutate();
  // Queries and subscriptions are tRPC's own.
  await api.employees.list.query({ limit: 10 });
  api.events.onEvent.subscribe({ types: ['employee.created'] }, { onData: ({ id, data }) => [id, data.type] });
}

/** tRPC's own client, from the same links: what createTRPCContext and createTRPCOptionsProxy take. */
export const reactQueryClient: TRPCClient<Shipped> = createTRPCClient<Shipped>({
  links: workforceLinks({ url: 'https://api.example.com/trpc', token: async () => 'access-token' }),
});

export function narrowed(error: unknown): WorkforceProblemCode | undefined {
  if (!isWorkforceTRPCError(error)) return undefined;
  const requestId: string = error.data.request_id;
  const status: number = error.data.httpStatus;
  // @ts-expect-error not one of the API's problem codes
  if (error.data.code === 'no_such_code') return undefined;
  return requestId && status ? error.data.code : undefined;
}
