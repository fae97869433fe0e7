/**
 * Statements sent with bind parameters. The service writes its SQL with `?` placeholders; MikroORM's
 * `em.execute` would format the values into the SQL text, so PostgreSQL parsed and planned every
 * statement of every request. Here the text carries `$n` placeholders and the values go beside it,
 * and a statement registered when its module loads (`namedStatement`) is sent as a named prepared
 * statement: parsed, and once PostgreSQL settles on a generic plan planned, once per connection
 * (the pool's client names it, db/orm.ts).
 */

import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';

/**
 * `sql` with each `?` placeholder numbered `$first`, `$first + 1`, …; a `?` inside a quoted string, a
 * quoted identifier or a comment is text and stays. The service's SQL uses no `?` operator (jsonb).
 */
export function numberPlaceholders(sql: string, first = 1): string {
  let next = first;
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\?/g, (token) =>
    token === '?' ? `$${next++}` : token,
  );
}

/** Registered statement texts and their names; a text sent that is not here goes unnamed. */
const names = new Map<string, string>();
/** Statements are constants of the code (and the combinations of a list's filters): a bound, not a cache. */
const MAX_NAMED = 2000;

/**
 * Registers `text` ($n placeholders) to go as a named prepared statement on connections that keep
 * them (not through a transaction pooler, db/orm.ts); returns it unchanged.
 */
export function nameStatement(text: string): string {
  if (!names.has(text) && names.size < MAX_NAMED) names.set(text, `wf${names.size + 1}`);
  return text;
}

/** The name `text` is prepared under, if it was registered. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}

/** `sql` (`?` placeholders) numbered and registered as a named statement, once, when a module loads. */
export function namedStatement(sql: string): string {
  return nameStatement(numberPlaceholders(sql));
}

/**
 * Runs `text` ($n placeholders) with `values` bound, in `em`'s open transaction if there is one, and
 * returns its rows. A database error becomes MikroORM's exception for it, as `em.execute` gives
 * (a unique violation is UniqueConstraintViolationException).
 */
export async function runStatement<R>(em: EntityManager, text: string, values: readonly unknown[]): Promise<R[]> {
  const bound = values.map((value) => (value === undefined ? null : value));
  const transaction = em.getTransactionContext<Transaction<unknown>>();
  try {
    // Outside a transaction, straight to a pooled client (what Kysely would do, without its layers).
    // Its promise form of query, not pool.query's callback: the client's read limit watches promises.
    const connection = em.getConnection();
    const known = transaction ? null : pools.get(connection);
    const pool = known === undefined ? await pgPoolOf(connection) : known;
    if (pool) {
      const client = await pool.connect();
      try {
        return (await client.query(text, bound)).rows as R[];
      } finally {
        client.release();
      }
    }
    const runner: Kysely<unknown> | Transaction<unknown> = transaction ?? connection.getClient();
    return (await runner.executeQuery<R>(CompiledQuery.raw(text, bound))).rows as R[];
  } catch (error) {
    throw em.getDriver().convertException(error as Error);
  }
}

/**
 * The pg pool under each connection, null for the embedded PGlite, which has none; a pool once
 * found is taken without a wait (runStatement runs on every request, twice).
 */
const pools = new WeakMap<object, pg.Pool | null>();

/** Finds the pool under `connection` and keeps it in `pools`. */
async function pgPoolOf(connection: ReturnType<EntityManager['getConnection']>): Promise<pg.Pool | null> {
  // MikroORM's pg may be another copy of the module than ours: a pool is known by what it has.
  const native = (await connection.getNativeClient()) as Partial<pg.Pool>;
  const pool = typeof native.query === 'function' && typeof native.totalCount === 'number' ? (native as pg.Pool) : null;
  pools.set(connection, pool);
  return pool;
}
