import { z } from 'zod';
import { type ColumnKind, selectList } from '../db/columns.js';
import type { EntityManager } from '../db/orm.js';
import { type TENANT_TABLES, TenantReader } from '../db/tenantReader.js';
import type { Credential, Services } from './context.js';
import { cursorListKey, type ListFilterValues, type Page, toPage } from './cursors.js';
import { listEnvelope, pageQuery, single } from './pagination.js';
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

/** The statements of a keyset-paginated table read; compiled once, at start. */
export interface PageStatements {
  /** The first page. */
  first: string;
  /** A later page, after the cursor's (created_at, id). */
  after: string;
  /**
   * The parameters of a page in the order its statement takes them, from the where-parameters, the
   * cursor's created_at and id (a later page) and the rows to read (limit + 1).
   */
  values(params: readonly unknown[], cursor: readonly [string, string] | undefined, rows: number): unknown[];
}

type TenantTable = (typeof TENANT_TABLES)[number];

/**
 * A page of `table` in (created_at, id) order, the row-value comparison walking its
 * (tenant_id, created_at, id) index. `columns` must include `created_at` (RFC 3339) and `id`: they
 * are the cursor. The ordering names the table's columns, not the formatted output of the same name.
 * `where` narrows the rows and `join` adds a table beside them; their parameters come first.
 */
export function pageStatements(table: TenantTable, columns: string, where?: string, join?: string): PageStatements {
  const select = `select ${columns} from ${table}${join ? ` ${join}` : ''}`;
  const order = ` order by ${table}.created_at, ${table}.id limit ?`;
  return prepared({
    first: `${select}${where ? ` where ${where}` : ''}${order}`,
    after: `${select} where ${where ? `${where} and ` : ''}${AFTER_CURSOR(table)}${order}`,
    values: (params, cursor, rows) => [...params, ...(cursor ?? []), rows],
  });
}

/** The keyset condition of a later page: after the cursor's (created_at, id). */
const AFTER_CURSOR = (table: TenantTable) => `(${table}.created_at, ${table}.id) > (?::timestamptz, ?::uuid)`;

/** `statements`, compiled and named now (TenantReader.prepare). */
function prepared(statements: PageStatements): PageStatements {
  TenantReader.prepare(statements.first);
  TenantReader.prepare(statements.after);
  return statements;
}

const UUID = z.uuid();

/**
 * One keyset page, ascending by (created_at, id), read through the request's tenant reader; the
 * cursor is bound to the list, its filter values and the tenant (decisions §1, §15:
 * `cursorListKey`), and its format is unchanged: the last row's `[created_at, id]`.
 */
export async function readPage<R extends { id: string; created_at: string }>(
  ctx: TenantContext,
  statements: PageStatements,
  input: ListInput,
  listName: string,
  params: readonly unknown[] = [],
  filters: ListFilterValues = {},
): Promise<Page<R>> {
  const { cursors } = ctx.services;
  const list = cursorListKey(listName, ctx.credential.tenantId, filters);
  const reader = tenantReader(ctx);
  let rows: R[];
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
    rows = await reader.all<R>(statements.after, statements.values(params, cursor, input.limit + 1));
  } else {
    rows = await reader.all<R>(statements.first, statements.values(params, undefined, input.limit + 1));
  }
  return toPage(rows, input.limit, cursors, list, (row) => [row.created_at, row.id]);
}

/**
 * A filter of a list (decisions §15): an optional query parameter, ANDed with the others. `schema`
 * validates the value strictly and documents it (type, format, enum): a bad or empty value, or the
 * parameter given twice, is 400 invalid_query_parameter naming it. `where` is its condition on the
 * table's columns, with one `?` for the validated value. An equality is backed by an index
 * (tenant_id, <column>, created_at, id), so that a filtered page stays a keyset page on an index;
 * a range by an index holding its columns, created_at and id
 * (db/migrations/Migration20261123000010ListFilterIndexes.ts).
 */
interface ListFilter<T extends z.ZodType<string, string> = z.ZodType<string, string>> {
  /** Typed as given, so that /trpc callers see the value's type (an enum's values). */
  schema: T;
  where: string;
  /**
   * A bound of a range (a date window) rather than an equality: no index walks its rows in list
   * order, so a page with it is a window page (see windowPageStatements).
   */
  range?: true;
  /**
   * For a range bound whose condition no index scan can be bounded by (`end_date >= ?` when the
   * index leads with start_date): a condition it implies, with one `?` for the same value, that
   * bounds the scan of the range's index (see windowPageStatements).
   */
  seek?: string;
}

type ListFilters = Record<string, ListFilter>;

/** `column = value` for a value `schema` validates (an enum, an exact name). */
export function equalsFilter<T extends z.ZodType<string, string>>(column: string, schema: T): ListFilter<T> {
  return { schema, where: `${column} = ?` };
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
  return { schema: z.enum(['true', 'false']).meta({ description }), where: `${column} = ?::boolean` };
}

/** The query parameters of a list: `limit`, `cursor` and its filters, each optional. */
type ListQueryShape<F extends ListFilters> = typeof pageQuery & { [K in keyof F]: z.ZodOptional<F[K]['schema']> };

/** Filters per list: 2^n statements are compiled at start, one per combination. */
const MAX_FILTERS = 6;

/**
 * Rows of the list's own index a window page examines per row it reads before it looks the window
 * up on the range's index (see windowPageStatements).
 */
const WALK_PER_ROW = 10;

/** The given filters' conditions ANDed, or undefined for none. */
const conditions = (filters: readonly ListFilter[]) =>
  filters.map((filter) => `(${filter.where})`).join(' and ') || undefined;

/**
 * A page of a list filtered by a range (a date window), whose rows no index walks in list order,
 * in two bounded steps in one statement. `walked`: the list's next rows in (created_at, id) order
 * on the index of its equality filters (or its own (tenant_id, created_at, id) one), at most
 * WALK_PER_ROW × (limit + 1) of them, each checked against the range; a window that holds at
 * least one row in ten of the list (a wide window, or the part of the list that was filed in it)
 * fills the page there and the statement stops. `rest`: only when the walk examined its whole
 * budget without filling the page, the window's rows after the last row examined, found on the
 * range's index (which holds created_at and id, so the index alone: planned for all of them,
 * `offset 0` keeping the planner from walking the list index and filtering, which is what the walk
 * already bounded), and only those sorted. Either way limit + 1 (created_at, id) are kept and only
 * those rows read. The walk's cost is bounded by its budget; the rest's by the rows the window
 * matches on its narrower bound, which is few whenever the walk fell short.
 */
function windowPageStatements(table: TenantTable, columns: string, given: readonly ListFilter[]): PageStatements {
  const equalities = given.filter((filter) => !filter.range);
  const seeks = given.filter((filter) => filter.seek);
  const page = (after: boolean) => {
    const walk = [conditions(equalities), after ? AFTER_CURSOR(table) : undefined].filter(Boolean).join(' and ');
    const key = `${table}.created_at, ${table}.id`;
    return (
      `with walked as materialized (select ${table}.id, ${table}.created_at, ` +
      `${conditions(given.filter((filter) => filter.range))} as hit from ${table}${walk ? ` where ${walk}` : ''} ` +
      `order by ${key} limit ?), ` +
      'hits as materialized (select walked.created_at, walked.id from walked where walked.hit limit ?), ' +
      `rest as (select ${key} from ${table} where ${[conditions(given), ...seeks.map((filter) => `(${filter.seek})`)].join(' and ')} and (${key}) > ` +
      '(select walked.created_at, walked.id from walked order by walked.created_at desc, walked.id desc limit 1) ' +
      'and (select count(*) from hits) < ? and (select count(*) from walked) = ? offset 0) ' +
      'select found.* from (select * from hits union all select * from rest order by created_at, id limit ?) page ' +
      `cross join lateral (select ${columns} from ${table} where ${table}.id = page.id offset 0) found ` +
      'order by page.created_at, page.id'
    );
  };
  return prepared({
    first: page(false),
    after: page(true),
    values: (params, cursor, rows) => {
      const of = (range: boolean) => params.filter((_, at) => Boolean(given[at].range) === range);
      const budget = WALK_PER_ROW * rows;
      const sought = params.filter((_, at) => given[at].seek);
      return [...of(true), ...of(false), ...(cursor ?? []), budget, rows, ...params, ...sought, rows, budget, rows];
    },
  });
}

/**
 * The statements of a filtered list, one pair per combination of the filters given (a bit per
 * filter, in declaration order): the conditions of the given filters ANDed, a keyset page on the
 * index of one of them, or a window page when a range filter is among them.
 */
function filteredPageStatements(
  table: TenantTable,
  columns: string,
  filters: readonly ListFilter[],
): readonly PageStatements[] {
  if (filters.length > MAX_FILTERS) throw new Error(`A list takes at most ${MAX_FILTERS} filters`);
  return Array.from({ length: 2 ** filters.length }, (_, mask) => {
    const given = filters.filter((_, bit) => mask & (1 << bit));
    if (given.some((filter) => filter.range)) return windowPageStatements(table, columns, given);
    return pageStatements(table, columns, conditions(given));
  });
}

/**
 * The page statements of every list with filters, by path (`/leave-requests`): per combination of
 * its filters (a bit per filter, in declaration order), and the filters' names. For the test that
 * reads their plans (tests/tooling/filterPlans.test.ts).
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
 * (withoutOutputCheck).
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
  const pages = filteredPageStatements(
    table,
    columns,
    filters.map(([, filter]) => filter),
  );
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
  const byId = TenantReader.prepare(`select ${columns} from ${table} where id = ?`);
  type Row = z.input<S> & { id: string; created_at: string };
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
          return readPage<Row>(ctx, pages[mask], input as ListInput, listName, Object.values(given), given);
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
          const found = await tenantReader(ctx).one<Row>(byId, [input.id]);
          if (!found) throw new ApiError('not_found', { detail: `No record with id ${input.id}.` });
          return { data: found };
        }),
    ),
  };
}
