// Query plans as the plan tests read them (tests/tooling/plans.*.test.ts): a statement's EXPLAIN in
// JSON, run as a prepared statement planned the way the service's would be, its nodes depth first,
// and the rows its scans read.
import type { EntityManager } from '../../db/orm.js';

/** A node of EXPLAIN (FORMAT JSON), as far as the plan tests look; the actual counts come with ANALYZE. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first: each node before the nodes under it, as EXPLAIN prints them. */
export const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/** A node as EXPLAIN's text names it: `Index Scan Backward using an_index on a_table`. */
export const nodeName = (node: PlanNode): string =>
  [
    node['Node Type'],
    node['Scan Direction'] === 'Backward' ? 'Backward' : '',
    node['Index Name'] ? `using ${node['Index Name']}` : '',
    node['Relation Name'] ? `on ${node['Relation Name']}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * Rows a scan node read over all its loops: those it returned and those its filters removed. With
 * `everyLoop`, each loop counts as one row at least: an index probe that finds nothing still reads
 * the index, and PostgreSQL rounds a loop's rows to a whole number.
 */
export function rowsRead(node: PlanNode, everyLoop = false): number {
  const rows =
    node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
  return (everyLoop ? Math.max(1, rows) : rows) * node['Actual Loops'];
}

/**
 * EXPLAIN (FORMAT JSON, and ANALYZE unless `analyze` is false) of `text` ($n placeholders) with
 * `values`, run as a prepared statement planned as `mode` says: `custom` for these values (an
 * unnamed statement, and a named one's first executions), `generic` for any (what a named
 * statement settles on). In `em`'s transaction, which an ANALYZE may change.
 */
export async function explainPrepared(
  em: EntityManager,
  text: string,
  values: readonly unknown[],
  mode: 'custom' | 'generic',
  analyze = true,
): Promise<{ plan: PlanNode; ms: number }> {
  await em.execute(`set local plan_cache_mode = force_${mode}_plan`);
  await em.execute(`prepare explained_statement as ${text}`);
  try {
    const [row] = await em.execute<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time'?: number }] }[]>(
      `explain (${analyze ? 'analyze, ' : ''}format json) execute explained_statement(${values.map(() => '?').join(', ')})`,
      [...values],
    );
    const [{ Plan: plan, 'Execution Time': ms = 0 }] = (
      row as { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time'?: number }] }
    )['QUERY PLAN'];
    return { plan, ms };
  } finally {
    await em.execute('deallocate explained_statement');
  }
}
