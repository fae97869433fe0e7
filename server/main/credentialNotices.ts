/**
 * This node's side of the credential cache (decisions §3): a PostgreSQL connection of its own that
 * LISTENs for credential changes (announced by the triggers of migration 24 and by every write that
 * revokes), empties the cache on each and records the epoch it applied, and renews the node's lease
 * in credential_cache_nodes. The cache serves only while that lease holds; when the connection is
 * lost it is bypassed and emptied until a new one has registered again, so a node cut off from the
 * database never answers from what it may no longer know.
 *
 * Only straight on PostgreSQL: PGlite is one process that the CLI cannot share, and a transaction
 * pooler carries no LISTEN; there (or with CREDENTIAL_CACHE=false) every request looks its credential
 * up, and the node takes no part (writes still wait for the nodes that do).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import type { Logger } from 'pino';
import { CACHE_LIMITS, CredentialCache, RENEW_EVERY_MS } from '../../routers/credentials/credentialCache.rules.js';
import {
  CREDENTIAL_CHANNEL,
  registerNode,
  renewNode,
  unregisterNode,
} from '../../routers/credentials/credentialCache.writes.js';
import type { Env } from './env.js';

/** The first pause before connecting again after a loss; it doubles up to the second. */
const RECONNECT_MS = [100, 2000] as const;
/** The longest a stopping node waits for the database to take its row away. */
const CLOSE_MS = 1000;

export interface CredentialNotices {
  cache: CredentialCache;
  /** Takes the node's row away (no write waits for its lease to end) and closes the connection. */
  close(): Promise<void>;
}

/** `work`, or a rejection once `ms` have passed without an answer. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Ends the connection without the goodbye a frozen server would never read. */
function destroy(client: pg.Client): void {
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}

/**
 * Starts this node's notices and returns its cache, once the first registration has been tried (on
 * a failure it goes on trying, the cache bypassed meanwhile); undefined when the node keeps none.
 */
export async function startCredentialNotices(env: Env, logger: Logger): Promise<CredentialNotices | undefined> {
  const url = env.DATABASE_URL;
  if (!env.CREDENTIAL_CACHE || !url || env.DATABASE_TRANSACTION_POOLING) return undefined;
  const cache = new CredentialCache();
  const node = { nodeId: randomUUID(), process: `${hostname()}:${process.pid}` };
  /** The connection in use; a notice or an error of any other is of one already given up. */
  let current: pg.Client | undefined;
  /** The newest epoch applied: every change announced up to it has emptied the cache. */
  let applied = 0;
  let closed = false;
  let outage = false;
  let retryMs: number = RECONNECT_MS[0];
  let reconnect: NodeJS.Timeout | undefined;

  const lose = (client: pg.Client, error: unknown) => {
    if (client !== current) return;
    current = undefined;
    cache.lost();
    destroy(client);
    if (closed) return;
    if (!outage) {
      outage = true;
      logger.warn({ err: error }, 'credential notices lost: the credential cache is bypassed until they are back');
    }
    reconnect = setTimeout(connect, retryMs);
    reconnect.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MS[1]);
  };

  /** Renewals of one connection, one at a time; one asked for meanwhile runs right after. */
  const renewer = (client: pg.Client) => {
    let running = false;
    let again = false;
    return async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const renewal = cache.renewal();
          const held = await within(renewNode(client, node.nodeId, applied), CACHE_LIMITS.leaseMs, 'lease renewal');
          if (!held) throw new Error('the row of this node in credential_cache_nodes is gone');
          cache.renewed(renewal);
        } while (again && client === current);
      } catch (error) {
        lose(client, error);
      } finally {
        running = false;
      }
    };
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      application_name: 'wfm credential notices',
      keepAlive: true,
      connectionTimeoutMillis: CACHE_LIMITS.leaseMs,
    });
    current = client;
    const renew = renewer(client);
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client, new Error('connection ended')));
    client.on('notification', ({ payload }) => {
      if (client !== current) return;
      cache.clear();
      applied = Math.max(applied, Number(payload) || 0);
      void renew();
    });
    try {
      await client.connect();
      await client.query(`listen ${CREDENTIAL_CHANNEL}`);
      const renewal = cache.renewal();
      applied = Math.max(applied, await registerNode(client, node));
      // Lookups begun before now may have read what a change heard of since then undid.
      cache.clear();
      cache.renewed(renewal);
    } catch (error) {
      lose(client, error);
      return;
    }
    if (client !== current) return;
    retryMs = RECONNECT_MS[0];
    if (outage) {
      outage = false;
      logger.info('credential notices back: the credential cache serves again');
    }
    const every = setInterval(() => {
      if (client === current) void renew();
      else clearInterval(every);
    }, RENEW_EVERY_MS);
    every.unref();
  }

  await connect();
  return {
    cache,
    async close() {
      closed = true;
      clearTimeout(reconnect);
      const client = current;
      current = undefined;
      cache.lost();
      if (!client) return;
      try {
        await within(unregisterNode(client, node.nodeId), CLOSE_MS, 'unregistering');
        await within(client.end(), CLOSE_MS, 'closing');
      } catch {
        destroy(client);
      }
    },
  };
}
