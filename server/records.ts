import { type EntityName, raw } from '@mikro-orm/core';
import { z } from 'zod';
import type { EntityManager } from '../db/orm.js';
import type { Credential, Services } from './context.js';
import { ApiError } from './errors.js';
import { type Page, toPage } from './pagination.js';

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
  if (input.cursor) {
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
