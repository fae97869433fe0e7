import type { TRPCError } from '@trpc/server';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { RequestState } from '../../core/context.js';
import { ApiError } from '../../core/problems.js';
import { idParam } from '../../core/records.js';
import { anonymousProcedure, impliedActor, router, scoped } from '../../core/trpc.js';
import type { appRouter } from '../../routers/index.js';
import { callProcedure, procedureTable } from '../../server/http/procedureTable.js';

// callProcedure (server/http/procedureTable.ts) runs a procedure's middlewares itself, as tRPC's own
// caller does but without its per-level copies of the options: the same answers and refusals, in
// the same order of checks (decisions §1), and several times cheaper.

const ID = '96a553ed-66fd-407c-999f-a8d82033fe19';
const ACTOR = '01a22103-2e20-7f88-8918-13bd93cb34c8';

const passCtx = scoped('employees:read').use(({ next }) => next({ ctx: { extra: 'given' } }));
const testRouter = router({
  get: scoped('employees:read')
    .input(idParam)
    .query(({ input }) => ({ data: { id: input.id } })),
  refuses: scoped('employees:read')
    .input(idParam)
    .query(() => {
      throw new ApiError('not_found', { detail: 'No record.' });
    }),
  fails: scoped('employees:read')
    .input(idParam)
    .query(() => {
      throw new Error('boom');
    }),
  merged: passCtx.input(z.object({ n: z.number() })).query(({ ctx, input }) => ({
    extra: (ctx as unknown as { extra: string }).extra,
    requestId: ctx.requestId,
    n: input.n,
  })),
  noNext: anonymousProcedure.use((() => undefined) as never).query(() => 'never'),
  write: scoped('employees:write')
    .use(impliedActor(z.strictObject({ actor_employee_id: z.uuid().optional(), name: z.string() })))
    .input(z.strictObject({ actor_employee_id: z.uuid().optional(), name: z.string() }))
    .mutation(({ input }) => input),
});
const table = procedureTable(testRouter as unknown as typeof appRouter);
const entry = (path: string) => {
  const found = table.byPath.get(path);
  if (!found) throw new Error(`no ${path}`);
  return found;
};

function state(overrides: Partial<RequestState> & { scopes?: string[]; employeeId?: string } = {}): RequestState {
  const { scopes = ['employees:read'], employeeId, ...rest } = overrides;
  return {
    requestId: 'req-1',
    auth: {
      state: 'authenticated',
      credential: { kind: 'api_key', keyId: 'key_1', tenantId: ID, env: 'live', scopes, employeeId },
    },
    services: {},
    ...rest,
  } as unknown as RequestState;
}

/** tRPC's own caller, as callProcedure called it before. */
function trpcCall(path: string, ctx: RequestState, input: unknown): Promise<unknown> {
  const { procedure, type } = entry(path);
  return procedure({ path, getRawInput: async () => input, ctx, type, signal: undefined, batchIndex: 0 });
}

/** What a call answered or threw, comparable across the two callers. */
async function outcome(call: Promise<unknown>) {
  try {
    return { data: await call };
  } catch (error) {
    const e = error as TRPCError;
    return {
      error: e.constructor.name,
      code: e.code,
      message: e.message,
      cause: e.cause?.constructor.name,
      causeMessage: e.cause?.message,
    };
  }
}

describe('callProcedure answers as tRPC’s own caller does', () => {
  const cases: [string, string, () => RequestState, unknown][] = [
    ['a read', 'get', () => state(), { id: ID }],
    ['no credential: 401 before the input', 'get', () => state({ auth: { state: 'anonymous' } }), { id: 'x' }],
    ['an invalid credential', 'get', () => state({ auth: { state: 'invalid' } }), { id: ID }],
    ['the wrong scope: 403 before the input', 'get', () => state({ scopes: ['leave:read'] }), { id: 'x' }],
    [
      'a spent budget: 429 first',
      'get',
      () => state({ refusal: { admitted: 0, rejection: new ApiError('rate_limited') } }),
      { id: ID },
    ],
    [
      'a read error of the pipeline: after the scope, before the input',
      'get',
      () => state({ inputError: new ApiError('invalid_header', { detail: 'bad' }) }),
      { id: 'x' },
    ],
    ['a malformed input', 'get', () => state(), { id: 'not-a-uuid' }],
    ['a refusal of the resolver', 'refuses', () => state(), { id: ID }],
    ['a failure of the resolver', 'fails', () => state(), { id: ID }],
    ['a context merged by a middleware, and the input', 'merged', () => state(), { n: 3 }],
    ['a middleware that answers nothing', 'noNext', () => state(), undefined],
    [
      'a raw input a middleware replaces (the implied actor)',
      'write',
      () => state({ scopes: ['employees:write'], employeeId: ACTOR }),
      { name: 'a' },
    ],
    ['a missing actor', 'write', () => state({ scopes: ['employees:write'] }), { name: 'a' }],
    [
      'an unknown field',
      'write',
      () => state({ scopes: ['employees:write'] }),
      { name: 'a', actor_employee_id: ACTOR, x: 1 },
    ],
  ];
  test.each(cases)('%s', async (_, path, makeState, input) => {
    const ours = await outcome(callProcedure(entry(path), makeState(), () => input));
    const theirs = await outcome(trpcCall(path, makeState(), input));
    expect(ours).toEqual(theirs);
  });

  test('a refusal is counted down once per procedure, as tRPC counts it', async () => {
    const ours = state({ refusal: { admitted: 1, rejection: new ApiError('rate_limited') } });
    const theirs = state({ refusal: { admitted: 1, rejection: new ApiError('rate_limited') } });
    const run = async (call: (s: RequestState) => Promise<unknown>, s: RequestState) => [
      await outcome(call(s)),
      await outcome(call(s)),
    ];
    expect(await run((s) => callProcedure(entry('get'), s, () => ({ id: ID })), ours)).toEqual(
      await run((s) => trpcCall('get', s, { id: ID }), theirs),
    );
  });
});

describe('callProcedure is cheaper than tRPC’s own caller', () => {
  test('a read (credential and scope checks, input, resolver) at least twice as fast', async () => {
    const read = entry('get');
    const input = { id: ID };
    const ctx = state();
    const time = async (call: () => Promise<unknown>) => {
      const started = process.hrtime.bigint();
      for (let i = 0; i < 2000; i++) await call();
      return Number(process.hrtime.bigint() - started);
    };
    const ours = () => callProcedure(read, ctx, () => input);
    const theirs = () => trpcCall('get', ctx, input);
    // Warm both up, then take the best of alternating rounds (the machine is shared).
    await time(ours);
    await time(theirs);
    const best = { ours: Number.POSITIVE_INFINITY, theirs: Number.POSITIVE_INFINITY };
    for (let round = 0; round < 5; round++) {
      best.ours = Math.min(best.ours, await time(ours));
      best.theirs = Math.min(best.theirs, await time(theirs));
    }
    expect(best.theirs / best.ours).toBeGreaterThan(2);
  });
});

test('a procedure with a caller of its own is refused when the table is built', () => {
  const odd = Object.assign(async () => 1, {
    _def: { type: 'query', inputs: [], meta: {}, middlewares: [], experimental_caller: true },
  });
  const withCaller = { _def: { procedures: { odd } } };
  expect(() => procedureTable(withCaller as unknown as typeof appRouter)).toThrow('odd has a caller of its own');
});
