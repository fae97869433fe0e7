import { z } from 'zod';
import { type ColumnKind, selectList } from '../db/columns.js';
import {
  columnEquals,
  dateBound,
  type FilterCondition,
  filteredPageStatements,
  type PageStatements,
  pageValues,
  recordById,
  type TenantTable,
} from '../db/listQueries.js';
import type { EntityManager } from '../db/orm.js';
import { TenantReader } from '../db/tenantReader.js';
import type { Credential, Services } from './context.js';
import { cursorListKey, type ListFilterValues, type Page, toPage } from './cursors.js';
import { type JsonPage, JsonRecord, listEnvelope, pageQuery, single, toJsonPage } from './pagination.js';
import { ApiError } from './problems.js';
import type { Scope } from './scopes.js';
import { scoped, withoutOutputCheck } from './trpc.js';

/** Path parameter of every single-record endpoint; a malformed one is 400 invalid_id. */
export const idParam = z.object({ id: z.uuid().meta({ description: 'Record id (UUID).' }) });

/** What a tenant-scoped procedure's context offers the record helpers. */
export interface TenantContext {
  em: EntityManager;
  credential: Pick<Credential, 'tenantId'>;
  services: Pick<Services, 'cursors'>;
}

/**
 * The request's tenant reader, built from its credential: the one way procedures read tenant rows
 * (db/tenantReader.ts). Without a tenant there is no reader, and no statement it runs can see
 * another tenant's rows.
 */
export function tenantReader(
  ctx: Pick<TenantContext, 'em' | 'credential'> & { statementEm?: EntityManager },
): TenantReader {
  return new TenantReader(ctx.statementEm ?? ctx.em, ctx.credential.tenantId);
}

export interface ListInput {
  limit: number;
  cursor?: string;
}

export const isoDateTime = z.iso
  .datetime({ offset: false, precision: 3 })
  .meta({ description: 'RFC 3339 UTC, milliseconds.' });
export const isoDate = z.iso.date().meta({ description: 'Calendar date, YYYY-MM-DD.' });

/** The field's schema under nullable/optional/default wrappers. */
function innermost(field: z.ZodType): z.core.$ZodTypeDef {
  let def = field._zod.def as z.core.$ZodTypeDef & { innerType?: z.ZodType; format?: string };
  while (def.innerType) def = def.innerType._zod.def as typeof def;
  return def;
}

/**
 * The select list that reads a record of `schema` straight from its table, each field from the
 * column of the same name, formatted as the record has it: `isoDate` fields as YYYY-MM-DD,
 * `isoDateTime` fields as RFC 3339 with milliseconds, non-integer numbers (numeric columns) as
 * numbers. The rows PostgreSQL returns are then the read records; nothing is built per row.
 * `qualifier` prefixes the columns (`e.`) when the statement joins several tables.
 */
export function recordColumns(schema: z.ZodObject, qualifier = ''): string {
  const kinds: Record<string, ColumnKind> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const def = innermost(field as z.ZodType) as { type: string; format?: string };
    kinds[name] =
      def.type === 'string' && def.format === 'date'
        ? 'date'
        : def.type === 'string' && def.format === 'datetime'
          ? 'timestamp'
          : def.type === 'number' && def.format === undefined
            ? 'number'
            : 'plain';
  }
  return selectList(kinds, qualifier);
}

/** Integer formats of zod's numbers: node-postgres reads them as numbers, whose JSON is PostgreSQL's. */
const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

/** Whether PostgreSQL's JSON of a field of this schema is JSON.stringify's of what node-postgres reads. */
function jsonExact(field: z.ZodType): boolean {
  const def = innermost(field) as { type: string; format?: string; element?: z.ZodType };
  if (def.type === 'array') return def.element !== undefined && jsonExact(def.element);
  if (def.type === 'number') return def.format !== undefined && INTEGER_FORMATS.has(def.format);
  return def.type === 'string' || def.type === 'enum' || def.type === 'boolean';
}

/**
 * Whether a page of `schema`'s records can be written by PostgreSQL as JSON (db/listQueries.ts
 * jsonRows): every field text (dates and instants formatted as text by recordColumns), a boolean,
 * an integer, or an array of these; a float is not (its text in PostgreSQL is not JavaScript's).
 */
function writtenAsJson(schema: z.ZodObject): boolean {
  return Object.values(schema.shape).every((field) => jsonExact(field as z.ZodType));
}

const UUID = z.uuid();

/**
 * One keyset page, ascending by (created_at, id), read through the request's tenant reader; the
 * cursor is bound to the list, its filter values and the tenant (decisions §1, §15:
 * `cursorListKey`), and its format is unchanged: the last row's `[created_at, id]`.
 */
export async function readPage<R extends { id: string; created_at: string }, V extends object>(
  ctx: TenantContext,
  statements: PageStatements<V>,
  input: ListInput,
  listName: string,
  values: V,
  filters: ListFilterValues = {},
): Promise<Page<R>> {
  const list = cursorListKey(listName, ctx.credential.tenantId, filters);
  const rows = await pageRows<R, V>(ctx, statements, input, list, values);
  return toPage(rows, input.limit, ctx.services.cursors, list, (row) => [row.created_at, row.id]);
}

/** readPage of statements that read each row as its record's JSON text (db/listQueries.ts jsonRows). */
async function readJsonPage<R extends { id: string; created_at: string }, V extends object>(
  ctx: TenantContext,
  statements: PageStatements<V>,
  input: ListInput,
  listName: string,
  values: V,
  filters: ListFilterValues,
): Promise<JsonPage<R>> {
  const list = cursorListKey(listName, ctx.credential.tenantId, filters);
  const rows = await pageRows<{ json: string }, V>(ctx, statements, input, list, values);
  return toJsonPage<R>(rows, input.limit, ctx.services.cursors, list, (record) => [record.created_at, record.id]);
}

/** The rows of a page of `list`: the first, or those after the cursor, limit + 1 of them. */
async function pageRows<R, V extends object>(
  ctx: TenantContext,
  statements: PageStatements<V>,
  input: ListInput,
  list: string,
  values: V,
): Promise<R[]> {
  const { cursors } = ctx.services;
  const reader = tenantReader(ctx);
  // An empty `?cursor=` is a cursor too, and not one this list issued (decisions §1).
  if (input.cursor !== undefined) {
    const [createdAt, id] = cursors.decode(list, input.cursor);
    if (
      typeof createdAt !== 'string' ||
      typeof id !== 'string' ||
      Number.isNaN(Date.parse(createdAt)) ||
      !UUID.safeParse(id).success
    ) {
      throw new ApiError('invalid_cursor', { detail: 'The cursor is malformed.' });
    }
    const cursor = [new Date(createdAt).toISOString(), id] as const;
    return (await reader.all(statements.after, pageValues(values, cursor, input.limit + 1))) as R[];
  }
  return (await reader.all(statements.first, pageValues(values, undefined, input.limit + 1))) as R[];
}

/**
 * A filter of a list (decisions §15): an optional query parameter, ANDed with the others, its
 * condition on the table's columns (db/listQueries.ts) given its value. `schema` validates the value
 * strictly and documents it (type, format, enum): a bad or empty value, or the parameter given
 * twice, is 400 invalid_query_parameter naming it.
 */
interface ListFilter<T extends z.ZodType<string, string> = z.ZodType<string, string>> extends FilterCondition {
  /** Typed as given, so that /trpc callers see the value's type (an enum's values). */
  schema: T;
}

type ListFilters = Record<string, ListFilter>;

/** `column = value` for a value `schema` validates (an enum, an exact name). */
export function equalsFilter<T extends z.ZodType<string, string>>(column: string, schema: T): ListFilter<T> {
  return { schema, where: columnEquals(column) };
}

/**
 * `column = id` for a UUID, given in either case (compared, and bound into cursors, lower-case).
 * An id that names no record matches nothing: the page is empty, never 404.
 */
export function idFilter(column: string, description: string) {
  return equalsFilter(
    column,
    z
      .uuid()
      .overwrite((id) => id.toLowerCase())
      .meta({ description }),
  );
}

/**
 * `column = true|false` for a boolean column: the query's `true` or `false`, exactly (anything else
 * is 400), bound as text and compared as a boolean, so a page stays a keyset page on the index
 * (tenant_id, <column>, created_at, id).
 */
export function booleanFilter(column: string, description: string) {
  return { schema: z.enum(['true', 'false']).meta({ description }), where: columnEquals(column, 'boolean') };
}

/** A bound of a date window on `column`, inclusive: `>=` for from, `<=` for to. */
export function dateBoundFilter<T extends z.ZodType<string, string>>(
  column: string,
  bound: '>=' | '<=',
  schema: T,
): ListFilter<T> {
  return { schema, ...dateBound(column, bound) };
}

/** The query parameters of a list: `limit`, `cursor` and its filters, each optional. */
type ListQueryShape<F extends ListFilters> = typeof pageQuery & { [K in keyof F]: z.ZodOptional<F[K]['schema']> };

/**
 * The page statements of every list with filters, by path (`/leave-requests`): per combination of
 * its filters (a bit per filter, in declaration order), and the filters' names. For the test that
 * reads their plans (tests/tooling/plans.filters.test.ts).
 */
const filteredLists = new Map<string, { filters: readonly string[]; pages: readonly PageStatements[] }>();

export function filteredListPages(path: string) {
  return filteredLists.get(path);
}

/** A tenant resource read as a list and by id (decisions §9): what `readProcedures` needs to know. */
export interface ReadableResource<S extends z.ZodObject, F extends ListFilters = Record<never, ListFilter>> {
  scope: Scope;
  /** Collection path under /v1 (`/holidays`); the record is at `{path}/{id}`. Also binds the cursors. */
  path: `/${string}`;
  tag: string;
  /** The table the records are read from, one column per field of `schema`. */
  table: TenantTable;
  /** The read record; its `.meta({ id })` names the envelopes too (`HolidayList`, `HolidayResponse`). */
  schema: S;
  summaries: { list: string; get: string };
  /** The list's filters by query parameter name (decisions §15); none by default. */
  filters?: F;
  /**
   * Two date filters bounding one window (`['from', 'to']`): the first after the second is 400
   * invalid_query_parameter naming the first.
   */
  window?: readonly [keyof F & string, keyof F & string];
  /** The record carries a `version` (decisions §19): its GET answers the ETag and If-None-Match. */
  versioned?: true;
}

/**
 * The `list` and `get` procedures of a read-only tenant resource: scope guard, keyset page in
 * (created_at, id) order, 404 for an id outside the tenant, and the OpenAPI operations (whose
 * problem codes their kind implies, server/openapi/document.ts): `router(readProcedures({ … }))`, or spread
 * beside further procedures. The rows are read as plain rows that already are the read records
 * (recordColumns): no entity is built, and they are not parsed again on the way out
 * (withoutOutputCheck); a record PostgreSQL can write as JSON (writtenAsJson) is read as its JSON
 * text, a page of them as theirs (JsonRecord, JsonPage).
 */
export function readProcedures<S extends z.ZodObject, F extends ListFilters = Record<never, ListFilter>>(
  resource: ReadableResource<S, F>,
) {
  const { scope, path, tag, table, schema, summaries, window, versioned } = resource;
  const name = z.globalRegistry.get(schema)?.id;
  if (!name) throw new Error(`The read record schema of ${path} needs .meta({ id })`);
  const listName = path.slice(1);
  const read = scoped(scope);
  const columns = recordColumns(schema);
  const filters = Object.entries(resource.filters ?? {});
  const json = writtenAsJson(schema);
  const pages = filteredPageStatements(table, columns, resource.filters ?? {}, json);
  if (filters.length) filteredLists.set(path, { filters: filters.map(([key]) => key), pages });
  const query = z
    .object({
      ...pageQuery,
      ...Object.fromEntries(filters.map(([key, filter]) => [key, filter.schema.optional()])),
    } as ListQueryShape<F>)
    .superRefine((input, issue) => {
      if (!window) return;
      const [from, to] = window;
      const values = input as Record<string, unknown>;
      const [low, high] = [values[from], values[to]];
      // Reached only when every parameter is valid (zod skips an object's refinements otherwise);
      // YYYY-MM-DD dates compare as text.
      if (typeof low === 'string' && typeof high === 'string' && low > high) {
        issue.addIssue({ code: 'custom', path: [from], message: `${from} must not be after ${to}` });
      }
    });
  type Row = z.input<S> & { id: string; created_at: string };
  // One statement a resource: the record as PostgreSQL writes its JSON where it can (json), else the row.
  const byId = json
    ? { json: recordById<{ json: string }>(table, columns, true) }
    : { row: recordById<Row>(table, columns) };
  // Cast once: TypeScript cannot resolve zod's optional-key mapping of `{ data: S }` for a generic S.
  const response = single(schema, `${name}Response`) as unknown as z.ZodType<
    { data: z.output<S> },
    { data: z.input<S> }
  >;
  return {
    list: withoutOutputCheck(
      read
        .meta({
          openapi: {
            method: 'GET',
            path,
            tags: [tag],
            summary: summaries.list,
            description: filters.length
              ? 'Ascending by (created_at, id). Filters are optional and combine with AND; each is given at most once: a bad or empty value, or the parameter twice, is 400 invalid_query_parameter naming it. An id naming no record matches nothing. A cursor continues only the list with the same filters: another set (one changed, dropped or added) is 400 invalid_cursor.'
              : 'Ascending by (created_at, id).',
          },
        })
        .input(query)
        .output(listEnvelope(schema, `${name}List`))
        .query(({ ctx, input }) => {
          const values = input as Record<string, string | undefined>;
          let mask = 0;
          const given: Record<string, string> = {};
          filters.forEach(([key], bit) => {
            const value = values[key];
            if (value === undefined) return;
            mask |= 1 << bit;
            given[key] = value;
          });
          const page = json ? readJsonPage : readPage;
          return page<Row, Record<string, string>>(ctx, pages[mask], input as ListInput, listName, given, given);
        }),
    ),

    get: withoutOutputCheck(
      read
        .meta({
          openapi: {
            method: 'GET',
            path: `${path}/{id}`,
            tags: [tag],
            summary: summaries.get,
            description: versioned
              ? 'One record of the credential\'s tenant; an id of another tenant is 404. Answers `ETag: "<version>"`; with If-None-Match holding it, 304 without a body.'
              : "One record of the credential's tenant; an id of another tenant is 404.",
          },
          ...(versioned ? { versioned: 'read' as const } : {}),
        })
        .input(idParam)
        .output(response)
        .query(async ({ ctx, input }) => {
          const reader = tenantReader(ctx);
          if (byId.json) {
            const found = await reader.one(byId.json, { id: input.id });
            if (found) return new JsonRecord<Row>(found.json);
          } else {
            const found = await reader.one(byId.row, { id: input.id });
            if (found) return { data: found };
          }
          throw new ApiError('not_found', { detail: `No record with id ${input.id}.` });
        }),
    ),
  };
}
