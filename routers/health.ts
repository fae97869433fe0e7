import { z } from 'zod';
import { openProcedure } from '../api/trpc.js';
import type { EntityManager } from '../db/orm.js';
import { PRODUCT } from '../domain/product.js';

const DB_TIMEOUT_MS = 1000;

export const healthSchema = z
  .object({
    status: z
      .enum(['ok', 'degraded'])
      .meta({ description: '`degraded` when the database does not answer within 1 s.' }),
    product: z.string(),
    time: z.string().meta({ description: 'Server time, RFC 3339 UTC.' }),
  })
  .meta({ id: 'Health' });

/** `ok` when the database answers `select 1` within a second, else `degraded`. */
async function checkHealth(em: EntityManager): Promise<z.infer<typeof healthSchema>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DB_TIMEOUT_MS);
  });
  const probe = em
    .getConnection()
    .execute('select 1')
    .then(() => true)
    .catch(() => false);
  const healthy = await Promise.race([probe, timeout]);
  clearTimeout(timer);
  return { status: healthy ? 'ok' : 'degraded', product: PRODUCT, time: new Date().toISOString() };
}

export const health = openProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/health',
      protect: false,
      tags: ['metadata'],
      summary: 'Service health',
      description: 'Unwrapped health object; never rate limited.',
    },
  })
  .input(z.void())
  .output(healthSchema)
  .query(({ ctx }) => checkHealth(ctx.em));
