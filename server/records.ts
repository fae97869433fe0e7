import { type EntityName, raw } from '@mikro-orm/core';
import { z } from 'zod';
import type { EntityManager } from '../db/orm.js';
import type { Credential, Scope, Services } from './context.js';
import { ApiError } from './errors.js';
import { listEnvelope, type Page, pageQuery, single, toPage } from './pagination.js';
import { scoped } from './trpc.js';

/** Every tenant record has these; they are also the keyset (decisions §1: created_at, then id). */
export interface KeyedRecord {
  id: string;
  createdAt: Date;
}

/** Path parameter of every single-record endpoint; a malformed one is 400 invalid_id. */
export const idParam = z.object({ id: z.uuid().meta({ description: 'Record id (UUID).' }) });

/** What a tenant-scoped procedure's context offers the record helpers. */
export interface TenantContext {
  em: EntityManager;
  credential: Pick<Credential, 'tenantId'>;
  services: Pick<Services, 'cursors'>;
}

export interface ListInput {
  limit: number;
  cursor?: string;
}

/**
 * One keyset page of a tenant-owned entity, ascending by (created_at, id). The tenant filter of the
 * request's entity manager scopes it; the cursor is bound to the list and the tenant.
 */
export async function listRecords<T extends KeyedRecord>(
  ctx: TenantContext,
  entity: EntityName<T>,
  input: ListInput,
  listName: string,
  where: Record<string, unknown> = {},
): Promise<Page<T>> {
  const { cursors } = ctx.services;
  const list = `${listName}:${ctx.credential.tenantId}`;
  const filter: Record<string | symbol, unknown> = { ...where };
  // An empty `?cursor=` is a cursor too, and not one this list issued (decisions §1).
  if (input.cursor !== undefined) {
    const [createdAt, id] = cursors.decode(list, input.cursor);
    if (typeof createdAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(createdAt))) {
      throw new ApiError('invalid_cursor', { detail: 'The cursor is malformed.' });
    }
    // A row-value comparison walks the (tenant_id, created_at, id) index directly.
    filter[raw((alias: string) => `(${alias}.created_at, ${alias}.id) > (?, ?)`, [new Date(createdAt), id])] = [];
  }
  const rows = (await ctx.em.find(entity, filter as never, {
    orderBy: { createdAt: 'asc', id: 'asc' } as never,
    limit: input.limit + 1,
    // A page is never written back: keep its rows out of the unit of work.
    disableIdentityMap: true,
  })) as T[];
  return toPage(rows, input.limit, cursors, list, (row) => [row.createdAt.toISOString(), row.id]);
}

/** The record with `id` in the request's tenant, or 404 (another tenant's id is simply not found). */
export async function getRecord<T extends object>(ctx: TenantContext, entity: EntityName<T>, id: string): Promise<T> {
  const found = await ctx.em.findOne(entity, { id } as never);
  if (!found) throw new ApiError('not_found', { detail: `No record with id ${id}.` });
  return found as T;
}

export const isoDateTime = z.iso
  .datetime({ offset: false, precision: 3 })
  .meta({ description: 'RFC 3339 UTC, milliseconds.' });
export const isoDate = z.iso.date().meta({ description: 'Calendar date, YYYY-MM-DD.' });

/** Dates leave the database as YYYY-MM-DD strings or Date objects depending on the driver. */
export function toIsoDate(value: string | Date): string;
export function toIsoDate(value: string | Date | null | undefined): string | null;
export function toIsoDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** A tenant resource read as a list and by id (decisions §9): what `readProcedures` needs to know. */
export interface ReadableResource<T extends KeyedRecord, S extends z.ZodObject> {
  scope: Scope;
  /** Collection path under /v1 (`/holidays`); the record is at `{path}/{id}`. Also binds the cursors. */
  path: `/${string}`;
  tag: string;
  entity: EntityName<T>;
  /** The read record; its `.meta({ id })` names the envelopes too (`HolidayList`, `HolidayResponse`). */
  schema: S;
  /** The explicit field list from entity to read record. */
  serialize: (row: T) => z.input<S>;
  summaries: { list: string; get: string };
}

/**
 * The `list` and `get` procedures of a read-only tenant resource: scope guard, keyset page in
 * (created_at, id) order, 404 for an id outside the tenant, and the OpenAPI operations with their
 * error statuses: `router(readProcedures({ … }))`, or spread beside further procedures.
 */
export function readProcedures<T extends KeyedRecord, S extends z.ZodObject>(resource: ReadableResource<T, S>) {
  const { scope, path, tag, entity, schema, serialize, summaries } = resource;
  const name = z.globalRegistry.get(schema)?.id;
  if (!name) throw new Error(`The read record schema of ${path} needs .meta({ id })`);
  const listName = path.slice(1);
  const read = scoped(scope);
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
          errorResponses: [400, 401, 403, 429],
        },
      })
      .input(z.object(pageQuery))
      .output(listEnvelope(schema, `${name}List`))
      .query(async ({ ctx, input }) => {
        const page = await listRecords(ctx, entity, input, listName);
        return { ...page, data: page.data.map(serialize) };
      }),

    get: read
      .meta({
        openapi: {
          method: 'GET',
          path: `${path}/{id}`,
          tags: [tag],
          summary: summaries.get,
          description: "One record of the credential's tenant; an id of another tenant is 404.",
          errorResponses: [400, 401, 403, 404, 429],
        },
      })
      .input(idParam)
      .output(response)
      .query(async ({ ctx, input }) => ({ data: serialize(await getRecord(ctx, entity, input.id)) })),
  };
}
