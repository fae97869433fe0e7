import { z } from 'zod';
import { type ColumnKind, selectList } from '../db/columns.js';
import type { EntityManager } from '../db/orm.js';
import { type TENANT_TABLES, TenantReader } from '../db/tenantReader.js';
import type { Credential } from '../domain/credentials.js';
import { type Page, toPage } from '../domain/cursors.js';
import type { Scope } from '../domain/scopes.js';
import type { Services } from './context.js';
import { ApiError } from './errors.js';
import { listEnvelope, pageQuery, single } from './pagination.js';
import { scoped } from './trpc.js';

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
export function tenantReader(ctx: Pick<TenantContext, 'em' | 'credential'>): TenantReader {
  return new TenantReader(ctx.em, ctx.credential.tenantId);
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

/** The three statements of a keyset-paginated table read; compiled once, at start. */
export interface PageStatements {
  /** The first page: its where-parameters, then the row limit. */
  first: string;
  /** A later page: its where-parameters, the cursor's created_at and id, then the row limit. */
  after: string;
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
  const statements = {
    first: `${select}${where ? ` where ${where}` : ''}${order}`,
    after: `${select} where ${where ? `${where} and ` : ''}(${table}.created_at, ${table}.id) > (?::timestamptz, ?::uuid)${order}`,
  };
  TenantReader.prepare(statements.first);
  TenantReader.prepare(statements.after);
  return statements;
}

const UUID = z.uuid();

/**
 * One keyset page, ascending by (created_at, id), read through the request's tenant reader; the
 * cursor is bound to the list and the tenant (decisions §1), and its format is unchanged: the last
 * row's `[created_at, id]`.
 */
export async function readPage<R extends { id: string; created_at: string }>(
  ctx: TenantContext,
  statements: PageStatements,
  input: ListInput,
  listName: string,
  params: readonly unknown[] = [],
): Promise<Page<R>> {
  const { cursors } = ctx.services;
  const list = `${listName}:${ctx.credential.tenantId}`;
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
    rows = await reader.all<R>(statements.after, [...params, new Date(createdAt).toISOString(), id, input.limit + 1]);
  } else {
    rows = await reader.all<R>(statements.first, [...params, input.limit + 1]);
  }
  return toPage(rows, input.limit, cursors, list, (row) => [row.created_at, row.id]);
}

/** A tenant resource read as a list and by id (decisions §9): what `readProcedures` needs to know. */
export interface ReadableResource<S extends z.ZodObject> {
  scope: Scope;
  /** Collection path under /v1 (`/holidays`); the record is at `{path}/{id}`. Also binds the cursors. */
  path: `/${string}`;
  tag: string;
  /** The table the records are read from, one column per field of `schema`. */
  table: TenantTable;
  /** The read record; its `.meta({ id })` names the envelopes too (`HolidayList`, `HolidayResponse`). */
  schema: S;
  summaries: { list: string; get: string };
}

/**
 * The `list` and `get` procedures of a read-only tenant resource: scope guard, keyset page in
 * (created_at, id) order, 404 for an id outside the tenant, and the OpenAPI operations (whose
 * problem codes their kind implies, server/openapi.ts): `router(readProcedures({ … }))`, or spread
 * beside further procedures. The rows are read as plain rows that already are the read records
 * (recordColumns): no entity is built.
 */
export function readProcedures<S extends z.ZodObject>(resource: ReadableResource<S>) {
  const { scope, path, tag, table, schema, summaries } = resource;
  const name = z.globalRegistry.get(schema)?.id;
  if (!name) throw new Error(`The read record schema of ${path} needs .meta({ id })`);
  const listName = path.slice(1);
  const read = scoped(scope);
  const columns = recordColumns(schema);
  const page = pageStatements(table, columns);
  const byId = TenantReader.prepare(`select ${columns} from ${table} where id = ?`);
  type Row = z.input<S> & { id: string; created_at: string };
  // Cast once: TypeScript cannot resolve zod's optional-key mapping of `{ data: S }` for a generic S.
  const response = single(schema, `${name}Response`) as unknown as z.ZodType<
    { data: z.output<S> },
    { data: z.input<S> }
  >;
  return {
    list: read
      .meta({
        openapi: {
          method: 'GET',
          path,
          tags: [tag],
          summary: summaries.list,
          description: 'Ascending by (created_at, id).',
        },
      })
      .input(z.object(pageQuery))
      .output(listEnvelope(schema, `${name}List`))
      .query(({ ctx, input }) => readPage<Row>(ctx, page, input, listName)),

    get: read
      .meta({
        openapi: {
          method: 'GET',
          path: `${path}/{id}`,
          tags: [tag],
          summary: summaries.get,
          description: "One record of the credential's tenant; an id of another tenant is 404.",
        },
      })
      .input(idParam)
      .output(response)
      .query(async ({ ctx, input }) => {
        const found = await tenantReader(ctx).one<Row>(byId, [input.id]);
        if (!found) throw new ApiError('not_found', { detail: `No record with id ${input.id}.` });
        return { data: found };
      }),
  };
}
