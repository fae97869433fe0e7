import type { InferEntity } from '@mikro-orm/core';
import { z } from 'zod';
import { ASSET_STATUSES, Asset } from '../db/entities/workplace.js';
import { isoDate, isoDateTime, readProcedures, toIsoDate } from '../server/records.js';
import { router } from '../server/trpc.js';

export const assetSchema = z
  .object({
    id: z.uuid(),
    asset_tag: z.string().meta({ description: 'Inventory tag, unique in the tenant.' }),
    name: z.string(),
    category: z.string(),
    status: z.enum(ASSET_STATUSES),
    assigned_to: z.uuid().nullable().meta({ description: 'Id of the employee holding it; set exactly when assigned.' }),
    serial_number: z.string().nullable(),
    purchased_on: isoDate.nullable(),
    created_at: isoDateTime,
  })
  .meta({ id: 'Asset' });

export type AssetRecord = z.infer<typeof assetSchema>;

export function toAssetRecord(a: InferEntity<typeof Asset>): AssetRecord {
  return {
    id: a.id,
    asset_tag: a.assetTag,
    name: a.name,
    category: a.category,
    status: a.status,
    assigned_to: a.assignedTo ?? null,
    serial_number: a.serialNumber ?? null,
    purchased_on: toIsoDate(a.purchasedOn),
    created_at: a.createdAt.toISOString(),
  };
}

export const assetsRouter = router(
  readProcedures({
    scope: 'assets:read',
    path: '/assets',
    tag: 'assets',
    entity: Asset,
    schema: assetSchema,
    serialize: toAssetRecord,
    summaries: { list: 'List assets', get: 'Get an asset' },
  }),
);
