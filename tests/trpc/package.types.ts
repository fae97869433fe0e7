// Type-level tests of @workforce/trpc (compiled by tests/trpc/types.test.ts, never run): the router
// type the package ships, spelled out by packages/trpc/scripts/generateRouterType.ts, gives a
// frontend exactly the inputs, outputs and errors that the server's own AppRouter does.
import type { inferRouterError, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { RouterInputs, RouterOutputs, AppRouter as Shipped } from '../../packages/trpc/src/index.js';
import type { AppRouter as Server } from '../../routers/index.js';

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const inputs: Same<RouterInputs, inferRouterInputs<Server>> = true;
export const outputs: Same<RouterOutputs, inferRouterOutputs<Server>> = true;
export const errors: Same<inferRouterError<Shipped>, inferRouterError<Server>> = true;
