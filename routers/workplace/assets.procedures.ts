/** GET /v1/assets and /v1/assets/{id} (assets.list|get over tRPC): read-only, filtered by status and assignee. */
import { z } from 'zod';
import { equalsFilter, idFilter, isoDate, isoDateTime, readProcedures } from '../../core/records.js';
import { router } from '../../core/trpc.js';
import { ASSET_STATUSES } from '../../db/entities/workplace.js';

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

export const assetsRouter = router(
  readProcedures({
    scope: 'assets:read',
    path: '/assets',
    tag: 'assets',
    table: 'assets',
    schema: assetSchema,
    summaries: { list: 'List assets', get: 'Get an asset' },
    filters: {
      status: equalsFilter('status', z.enum(ASSET_STATUSES).meta({ description: 'Only assets in this status.' })),
      assigned_to: idFilter('assigned_to', 'Only the assets held by this employee (UUID).'),
    },
  }),
);
