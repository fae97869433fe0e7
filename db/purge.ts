import type { EntityManager } from './orm.js';

/**
 * Runs `deleteBatch` (a `delete … returning …` whose last parameter is the batch size) until a
 * batch comes back short; returns how many rows went. The purges of expired rows use it, so a
 * backlog never becomes one long delete holding locks on every expired row at once.
 */
export async function deleteInBatches(
  em: EntityManager,
  deleteBatch: string,
  params: readonly unknown[],
  batchSize: number,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await em.execute<unknown[]>(deleteBatch, [...params, batchSize]);
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}
