import { z } from 'zod';
import { type CursorCodec, type Page, toPage } from './cursors.js';

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

/**
 * A page whose records PostgreSQL wrote as JSON text (db/listQueries.ts jsonRows): its answer is
 * their text joined (`json`, what the /v1 pipeline writes), and no record is parsed or serialized in
 * Node. Read as a Page (`data`, or JSON.stringify through toJSON, as tRPC does), its records are
 * parsed then: the same values, and the same text.
 */
export class JsonPage<T> implements Page<T> {
  constructor(
    private readonly records: readonly string[],
    readonly next_cursor: string | null,
    readonly has_more: boolean,
  ) {}

  get data(): T[] {
    return JSON.parse(`[${this.records.join(',')}]`) as T[];
  }

  toJSON(): Page<T> {
    return { data: this.data, next_cursor: this.next_cursor, has_more: this.has_more };
  }

  /**
   * The page as JSON.stringify writes it, made by one join: one flat string, where text built of
   * pieces is copied whole again each time it is measured or written (24 KB a page of 50).
   */
  get json(): string {
    const end = `],"next_cursor":${JSON.stringify(this.next_cursor)},"has_more":${this.has_more}}`;
    if (!this.records.length) return `{"data":[${end}`;
    const parts = [...this.records];
    parts[0] = `{"data":[${parts[0]}`;
    parts[parts.length - 1] += end;
    return parts.join(',');
  }
}

/** `{ data: record }` (`single`) of a record PostgreSQL wrote as JSON text: as JsonPage, for one record. */
export class JsonRecord<T> {
  constructor(private readonly record: string) {}

  get data(): T {
    return JSON.parse(this.record) as T;
  }

  toJSON(): { data: T } {
    return { data: this.data };
  }

  /** The answer as JSON.stringify writes it. */
  get json(): string {
    return `{"data":${this.record}}`;
  }
}

/** A procedure's answer as JSON text: a JsonPage's or JsonRecord's own, anything else JSON.stringify's ('' for nothing). */
export function answerJson(answer: unknown): string {
  return answer instanceof JsonPage || answer instanceof JsonRecord ? answer.json : (JSON.stringify(answer) ?? '');
}

/**
 * toPage for rows of one `json` column, each a record's JSON text: the cursor is `keyOf` the last
 * record, the only one parsed.
 */
export function toJsonPage<T>(
  rows: { json: string }[],
  limit: number,
  cursors: CursorCodec,
  list: string,
  keyOf: (record: T) => (string | number)[],
): JsonPage<T> {
  const page = toPage(rows, limit, cursors, list, (row) => keyOf(JSON.parse(row.json) as T));
  return new JsonPage<T>(
    page.data.map((row) => row.json),
    page.next_cursor,
    page.has_more,
  );
}
