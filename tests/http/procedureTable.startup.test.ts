import { initTRPC } from '@trpc/server';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../../routers/index.js';
import { procedureTable, strictnessProblems } from '../../server/http/procedureTable.js';

// The REST adapter's start-up check (server/http/procedureTable.ts): every mutation input refuses unknown fields
// at every level, whatever zod node kinds it is built of; a kind the check does not know is a
// problem too, so a new kind cannot slip past unchecked.

const strict = z.strictObject({ a: z.string() });
const loose = z.object({ a: z.string() });

describe('strictnessProblems', () => {
  test.each([
    ['a strict object', strict],
    [
      'leaves of every known kind',
      z.strictObject({
        s: z.string(),
        n: z.number(),
        b: z.boolean(),
        e: z.enum(['x']),
        l: z.literal(1),
        d: z.iso.date(),
        nul: z.null(),
      }),
    ],
    [
      'wrappers',
      z.strictObject({ o: strict.optional(), n: strict.nullable(), d: z.string().default('x'), r: strict.readonly() }),
    ],
    ['a union of strict objects', z.union([strict, z.strictObject({ b: z.number() })])],
    [
      'a discriminated union',
      z.discriminatedUnion('k', [z.strictObject({ k: z.literal('a') }), z.strictObject({ k: z.literal('b') })]),
    ],
    ['an intersection of strict objects', z.intersection(strict, z.strictObject({ b: z.number() }))],
    ['a pipe and a transform', strict.transform((v) => v).pipe(z.strictObject({ a: z.string() }))],
    ['a refined object', strict.superRefine(() => {})],
    [
      'arrays and tuples of strict objects',
      z.strictObject({ list: z.array(strict), pair: z.tuple([strict, z.string()]) }),
    ],
    ['a lazy schema', z.lazy(() => strict)],
  ])('%s: strict', (_, schema) => {
    expect(strictnessProblems(schema)).toEqual([]);
  });

  test.each([
    ['a plain object', loose, ['input accepts unknown fields (use z.strictObject)']],
    [
      'a loose object nested in a strict one',
      z.strictObject({ inner: loose }),
      ['input.inner accepts unknown fields (use z.strictObject)'],
    ],
    [
      'a loose object in an array',
      z.strictObject({ list: z.array(loose) }),
      ['input.list[] accepts unknown fields (use z.strictObject)'],
    ],
    ['a loose option of a union', z.union([strict, loose]), ['input accepts unknown fields (use z.strictObject)']],
    [
      'a loose side of an intersection',
      z.intersection(strict, loose),
      ['input accepts unknown fields (use z.strictObject)'],
    ],
    [
      'a loose object behind a pipe',
      z.string().pipe(z.any()).pipe(loose),
      ['input is any: it takes any field', 'input accepts unknown fields (use z.strictObject)'],
    ],
    [
      'a loose object behind optional and default',
      z.strictObject({ o: loose.optional().default({ a: '' }) }),
      ['input.o accepts unknown fields (use z.strictObject)'],
    ],
    ['a passthrough object', strict.loose(), ['input accepts unknown fields (use z.strictObject)']],
    ['a record', z.strictObject({ r: z.record(z.string(), z.string()) }), ['input.r is a record: it takes any field']],
    ['unknown', z.strictObject({ u: z.unknown() }), ['input.u is unknown: it takes any field']],
  ])('%s: refused', (_, schema, problems) => {
    expect(strictnessProblems(schema)).toEqual(problems);
  });

  test('a node kind the check does not know is a problem, naming the kind', () => {
    expect(strictnessProblems(z.strictObject({ tags: z.set(z.string()) }))).toEqual([
      'input.tags is a zod set, which this check does not know: teach strictnessProblems (server/http/procedureTable.ts)',
    ]);
  });
});

describe('procedureTable', () => {
  test('every mutation of the served router is strict (the table builds)', () => {
    const table = procedureTable(appRouter);
    const writes = table.entries.filter((e) => e.writes).map((e) => e.path);
    expect(writes).toEqual(expect.arrayContaining(['employees.create', 'employees.update', 'leaveRequests.create']));
    for (const entry of table.entries.filter((e) => e.writes)) {
      expect(strictnessProblems(entry.procedure._def.inputs[0]), entry.path).toEqual([]);
    }
  });

  test('a router with a mutation taking unknown fields refuses to build, naming the procedure and the place', () => {
    const t = initTRPC.create();
    const router = t.router({
      things: t.router({ create: t.procedure.input(z.strictObject({ inner: loose })).mutation(() => 1) }),
    });
    expect(() => procedureTable(router as unknown as typeof appRouter)).toThrow(
      'The input of things.create is not strict: input.inner accepts unknown fields (use z.strictObject)',
    );
  });

  test('one table: route, operation and dotted path agree for every procedure with OpenAPI meta', () => {
    const table = procedureTable(appRouter);
    for (const entry of table.entries) {
      expect(table.byPath.get(entry.path)).toBe(entry);
      if (!entry.rest) continue;
      expect(table.byOperation.get(`${entry.rest.method} ${entry.rest.template}`)).toBe(entry);
      const route = table.routes.find((r) => r.template === entry.rest?.template);
      expect(route?.scopes[entry.rest.method]).toBe(entry.scope);
    }
  });
});
