import { z } from 'zod';

/**
 * `limit` and `cursor`, the query parameters of every list endpoint. Typed as what a tRPC caller
 * sends (a JSON integer); over REST the query string's digits become that number in the REST
 * adapter, and anything else (`0x10`, `1e1`, ` 1`, `+1`, `1.0`) is refused (decisions §16).
 */
export const pageQuery = {
  limit: z
    .int('limit must be an integer')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(50)
    .meta({ description: 'Page size, 1 to 100.' }),
  cursor: z.string().optional().meta({ description: 'Opaque cursor: the next_cursor of the previous page.' }),
};

export function listEnvelope<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item),
      next_cursor: z.string().nullable().meta({ description: 'Cursor of the next page; null on the last page.' }),
      has_more: z.boolean(),
    })
    .meta({ id });
}

const singles = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `{ data: item }`, one schema object per record schema: a read procedure and the writes that
 * answer with the same record share it (two schemas may not carry one OpenAPI id).
 */
export function single<T extends z.ZodType>(item: T, id: string) {
  const made = singles.get(item) ?? z.object({ data: item }).meta({ id });
  singles.set(item, made);
  return made as z.ZodObject<{ data: T }>;
}
