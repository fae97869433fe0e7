import type { Statement } from './namedValues.js';
import type { EntityManager } from './orm.js';

/** What a batch delete written with named values (db/namedValues.ts) names its batch size. */
export interface BatchSize {
  batch_size: number;
}

/**
 * Runs `deleteBatch` (a `delete … returning …` whose last `?` parameter, or whose `batch_size` named
 * value, is the batch size) until a batch comes back short; returns how many rows went. The purges
 * of expired rows use it, so a backlog never becomes one long delete holding locks on every expired
 * row at once.
 */
export async function deleteInBatches(
  em: EntityManager,
  deleteBatch: string,
  params: readonly unknown[],
  batchSize: number,
): Promise<number>;
export async function deleteInBatches<V>(
  em: EntityManager,
  deleteBatch: Statement<V & BatchSize, unknown>,
  values: V,
  batchSize: number,
): Promise<number>;
export async function deleteInBatches(
  em: EntityManager,
  deleteBatch: string | Statement<BatchSize, unknown>,
  values: unknown,
  batchSize: number,
): Promise<number> {
  const [text, params] =
    typeof deleteBatch === 'string'
      ? [deleteBatch, [...(values as readonly unknown[]), batchSize]]
      : [deleteBatch.sql, deleteBatch.bind({ ...(values as object), batch_size: batchSize })];
  let deleted = 0;
  for (;;) {
    const rows = await em.execute<unknown[]>(text, params);
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}
