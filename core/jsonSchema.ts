import type { z } from 'zod';
import { createSchema } from 'zod-openapi';

/**
 * JSON Schema as the OpenAPI document states it: the implied bounds the document adds to every
 * schema, and a zod schema on its own, self-contained, for the places that serve one (GET
 * /v1/event-types). Not the document's generator, which is server/openapi/document.ts.
 */

type Json = Record<string, unknown>;

const INT32 = 2 ** 31;
/** `^[chars]{m,n}$`: a pattern that fixes the length, stated again as minLength/maxLength. */
const boundedPattern = /^\^\[[^\]]+\]\{(\d+),(\d+)\}\$$/;

/**
 * States the bounds every schema already implies, so that linters (OWASP API4) and clients see
 * them: a UUID is 36 characters, a date 10, `^[…]{m,n}$` m..n; integers say int32 or int64.
 */
export function stateImpliedBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) stateImpliedBounds(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.type === 'string' && schema.maxLength === undefined) {
    const bounded = typeof schema.pattern === 'string' ? boundedPattern.exec(schema.pattern) : null;
    if (schema.format === 'uuid') schema.maxLength = 36;
    else if (schema.format === 'date') schema.maxLength = 10;
    else if (bounded) {
      schema.minLength ??= Number(bounded[1]);
      schema.maxLength = Number(bounded[2]);
    }
  }
  if (schema.type === 'integer' && schema.format === undefined) {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    const int32 = minimum !== undefined && maximum !== undefined && minimum >= -INT32 && maximum < INT32;
    schema.format = int32 ? 'int32' : 'int64';
  }
  for (const value of Object.values(schema)) stateImpliedBounds(value);
}

/** The dialect of a self-contained schema: the JSON Schema the OpenAPI 3.1 document's schemas are. */
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * A zod schema (an output: what the API sends) as the document states it, made by the same
 * generator (zod-openapi) with the same implied bounds, but self-contained: the named schemas it
 * refers to (`Employee`) are under its own `$defs` instead of the document's components.
 */
export function selfContainedSchema(schema: z.ZodType): Json {
  const { schema: root, components } = createSchema(schema, {
    io: 'output',
    openapiVersion: '3.1.0',
    schemaRefPath: '#/$defs/',
  });
  const self: Json = { $schema: DIALECT, ...root, $defs: components };
  stateImpliedBounds(self);
  return self;
}
