/**
 * The credential cache's database side (decisions §3; migration 24): a caching node's registration
 * and lease in credential_cache_nodes with the newest change it has applied, and the wait of a write
 * that changes a credential, which answers only once every node whose lease holds has applied the
 * change. The cache's rules are credentialCache.rules.ts; the node's own connection, which hears of
 * changes and renews its lease, server/main/credentialNotices.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, statement } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import { namedStatement, numberPlaceholders, runStatement } from '../../db/statements.js';
import { CACHE_LIMITS } from './credentialCache.rules.js';

/** The channel every change is announced on, with its epoch: by the triggers of migration 24, and by `credentialChangesApplied`. */
export const CREDENTIAL_CHANNEL = 'credential_changed';

/** A node's own connection (a pg client): it LISTENs, so its statements go on it, unpooled. */
export interface NodeConnection {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A caching node: a random id per process, and where it runs (host:pid), for whoever reads the table. */
export interface CachingNode {
  nodeId: string;
  process: string;
}

const NEW_LEASE = (leaseMs: unknown) => sql`now() + make_interval(secs => ${leaseMs}::double precision / 1000)`;

/**
 * The node's row, with its lease and the epoch now as applied: the connection LISTENs already and
 * its cache is empty, so whatever changes later it hears of. Rows whose lease ended an hour ago go.
 */
const REGISTER = statement<CachingNode & { leaseMs: number }, { applied_epoch: string }>(
  (v) => sql`
  with lapsed as (delete from credential_cache_nodes where lease_until < now() - interval '1 hour')
  insert into credential_cache_nodes (node_id, process, backend_pid, applied_epoch, lease_until)
  select ${v.nodeId}::uuid, ${v.process}::text, pg_backend_pid(),
         case when is_called then last_value else last_value - 1 end, ${NEW_LEASE(v.leaseMs)}
    from credential_epoch
  on conflict (node_id) do update
     set backend_pid = excluded.backend_pid, applied_epoch = excluded.applied_epoch, lease_until = excluded.lease_until
  returning applied_epoch`,
);

/** The lease renewed, with the newest epoch the node has applied. */
const RENEW = statement<{ nodeId: string; applied: number; leaseMs: number }>(
  (v) => sql`
  update credential_cache_nodes
     set lease_until = ${NEW_LEASE(v.leaseMs)}, applied_epoch = greatest(applied_epoch, ${v.applied}::bigint)
   where node_id = ${v.nodeId}::uuid
  returning node_id`,
);

const UNREGISTER = statement<{ nodeId: string }>(
  (v) => sql`delete from credential_cache_nodes where node_id = ${v.nodeId}::uuid`,
);

/** Registers `node` on `connection` (which LISTENs already); the epoch it has applied. */
export async function registerNode(connection: NodeConnection, node: CachingNode): Promise<number> {
  const { rows } = await connection.query(
    numberPlaceholders(REGISTER.sql),
    REGISTER.bind({ ...node, leaseMs: CACHE_LIMITS.leaseMs }),
  );
  return Number((rows[0] as { applied_epoch: string }).applied_epoch);
}

/** Renews the node's lease and records `applied`; false when its row is gone (it must register again). */
export async function renewNode(connection: NodeConnection, nodeId: string, applied: number): Promise<boolean> {
  const { rows } = await connection.query(
    numberPlaceholders(RENEW.sql),
    RENEW.bind({ nodeId, applied, leaseMs: CACHE_LIMITS.leaseMs }),
  );
  return rows.length === 1;
}

/** A node that stops: no write waits for its lease to end. */
export async function unregisterNode(connection: NodeConnection, nodeId: string): Promise<void> {
  await connection.query(numberPlaceholders(UNREGISTER.sql), UNREGISTER.bind({ nodeId }));
}

/**
 * An epoch taken after the caller's commit, announced: a node that has applied it (or a later one)
 * has heard of every change committed before it (NOTIFY delivers in commit order, and any epoch
 * from this one on is taken after the caller's commit).
 */
const MARK = namedStatement(
  "select m.epoch, pg_notify(?, m.epoch::text) from (select nextval('credential_epoch') as epoch) m",
);

const LAGGING = namedStatement(
  'select count(*)::int as lagging from credential_cache_nodes where lease_until > now() and applied_epoch < ?',
);

/** Past this, every node that was lagging has applied the change or lost its lease, unless something is broken. */
const WAIT_LIMIT_MS = CACHE_LIMITS.leaseMs + 1000;
/** The longest pause between two looks at the nodes. */
const MAX_PAUSE_MS = 5;

/**
 * Waits until every caching node whose lease holds has applied the credential changes the caller has
 * committed (decisions §3): a write that revokes, rotates or disables calls it once its transaction
 * has committed and before it answers, so the next request to any node sees the change. A node
 * whose lease ends meanwhile is not waited for: it serves nothing from its cache by then. Throws if
 * a node with a live lease has not applied it within WAIT_LIMIT_MS (the change stays committed).
 */
export async function credentialChangesApplied(em: EntityManager): Promise<void> {
  if (em.isInTransaction()) throw new Error('credentialChangesApplied: call it once the change has committed');
  const [{ epoch }] = await runStatement<{ epoch: string }>(em, MARK, [CREDENTIAL_CHANNEL]);
  const started = performance.now();
  for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    const [{ lagging }] = await runStatement<{ lagging: number }>(em, LAGGING, [epoch]);
    if (!lagging) return;
    if (performance.now() - started > WAIT_LIMIT_MS) {
      throw new Error(
        `The credential change is committed, but ${lagging} node(s) with a live lease had not applied it ` +
          `after ${WAIT_LIMIT_MS} ms (credential_cache_nodes)`,
      );
    }
    await sleep(pause);
  }
}
