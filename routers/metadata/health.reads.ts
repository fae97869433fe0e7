/** Whether the service and its database answer (GET /v1/health): a `select 1` with a one-second limit. */

import { PRODUCT } from '../../core/product.js';
import type { EntityManager } from '../../db/orm.js';

const DB_TIMEOUT_MS = 1000;

export interface Health {
  status: 'ok' | 'degraded';
  product: string;
  time: string;
}

/** `ok` when the database answers `select 1` within a second, else `degraded`. */
export async function checkHealth(em: EntityManager): Promise<Health> {
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
