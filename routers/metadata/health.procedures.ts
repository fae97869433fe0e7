/** GET /v1/health (health over tRPC): anonymous, never rate limited; the check is health.reads.ts. */
import { z } from 'zod';
import { openProcedure } from '../../core/trpc.js';
import { checkHealth } from './health.reads.js';

const healthSchema = z
  .object({
    status: z
      .enum(['ok', 'degraded'])
      .meta({ description: '`degraded` when the database does not answer within 1 s.' }),
    product: z.string(),
    time: z.string().meta({ description: 'Server time, RFC 3339 UTC.' }),
  })
  .meta({ id: 'Health' });

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
    rateLimited: false,
  })
  .input(z.void())
  .output(healthSchema)
  .query(({ ctx }) => checkHealth(ctx.em));
