/**
 * Where tenant isolation happens: every statement a request runs on tenant tables goes through a
 * TenantReader bound to one tenant, the credential's, which confines each tenant table it reads to
 * that tenant's rows. Entity (ORM) queries have no implicit tenant and must name one (db/orm.ts).
 */
import { afterCommit } from './afterCommit.js';
import { type Named, type RawSql, type Statement, statement } from './namedValues.js';
import type { EntityManager } from './orm.js';
import { nameStatement, numberPlaceholders, runStatement } from './statements.js';

/**
 * Tables whose rows belong to one tenant (decisions §12): every one has `tenant_id`.
 * tests/tooling/tenantReader.scoping.test.ts checks this list against the database catalogue, so a tenant
 * table added later without being listed here fails there.
 */
export const TENANT_TABLES = [
  'profiles',
  'employees',
  'api_keys',
  'api_key_secrets',
  'oauth_clients',
  'oauth_tokens',
  'leave_types',
  'leave_requests',
  'leave_balances',
  'holidays',
  'assets',
  'job_openings',
  'helpdesk_tickets',
  'surveys',
  'outbox_messages',
  'rate_cards',
  'events',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_endpoint_queue',
  'idempotency_keys',
  'account_setup_tokens',
] as const;

/** A statement (or a reader) that would read tenant rows without being scoped to one tenant. */
export class TenantScopeError extends Error {
  override name = 'TenantScopeError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Stands for the tenant's id while a statement is compiled; bound as its first parameter. */
const TENANT = '\u0000tenant\u0000';
const TABLES = [...TENANT_TABLES, 'tenants'].join('|');
/** `from|join <table> [as] [alias]`: a read of a tenant table (or of the tenants table). */
const READ = new RegExp(`\\b(from|join)(\\s+)(${TABLES})\\b(?!\\s*\\.)(?:(\\s+)(?:as\\s+)?([a-z_][a-z0-9_]*))?`, 'gi');
/** Write targets a statement may name as written: it supplies the tenant of what it writes. */
const WRITE_TARGET = new RegExp(`\\b(insert\\s+into|update)\\s+(${TABLES})\\b`, 'gi');
/** Any other mention of a table name, except as the qualifier of a column (`employees.id`). */
const MENTION = new RegExp(`\\b(${TABLES})\\b(?!\\s*\\.)`, 'i');
/** Words that can follow a table in a from/join item and are not its alias. */
const NOT_ALIAS = new Set(
  'where join left right inner full cross natural on using order group having limit offset for union intersect except window returning set and or lateral'.split(
    ' ',
  ),
);

/**
 * A whole statement that deletes rows of one tenant table: `delete from <table> [alias] where
 * <condition> [returning …]`. Its condition is put in parentheses after the tenant's.
 */
const DELETE = new RegExp(
  `^\\s*delete\\s+from\\s+(${TENANT_TABLES.join('|')})\\b(?:\\s+(?:as\\s+)?(?!where\\b)([a-z_][a-z0-9_]*))?\\s+where\\s+([\\s\\S]+?)(\\s+returning\\s[\\s\\S]*?)?\\s*$`,
  'i',
);

/**
 * Rewrites `sql` so that every tenant table it reads is that tenant's rows: `from employees e`
 * becomes `from (select * from employees where tenant_id = <tenant>) e`, and `tenants` becomes the
 * tenant's own row. PostgreSQL pulls such a subquery up into the statement, so the plan (index,
 * row locks of `for update of e`) is the one the statement would have with the condition written
 * in. A tenant table named anywhere else (a comma join) is refused: the reader cannot scope it.
 * `insert into` and `update` targets are left as written; such a statement writes the tenant id it
 * was given, and the composite tenant keys refuse a row pointing into another tenant. A delete is
 * scoped when it is the whole statement and has a condition (`delete from t where …` becomes
 * `delete from t where t.tenant_id = <tenant> and (…)`); any other delete is refused.
 *
 * The result is the statement to send: the tenant's id is its parameter `$1` (so one prepared
 * statement serves every tenant), and the statement's own `?` parameters follow as `$2`, `$3`, …;
 * a statement that reads no tenant table has no tenant parameter and numbers its own from `$1`.
 */
export function compileTenantStatement(sql: string): { text: string; tenantBound: boolean } {
  const scoped = scopeToTenant(sql);
  const tenantBound = scoped.includes(TENANT);
  // The tenant's marker holds no `?`, so numbering first keeps the statement's own order.
  const text = numberPlaceholders(scoped, tenantBound ? 2 : 1).replaceAll(`'${TENANT}'`, '$1');
  return { text, tenantBound };
}

/** `sql` with every tenant table it reads confined to the rows of TENANT (see compileTenantStatement). */
function scopeToTenant(sql: string): string {
  const deletion = DELETE.exec(sql);
  if (deletion) {
    const [, table, alias, condition, returning = ''] = deletion;
    const scope = (part: string) => (part ? scopeToTenant(part) : '');
    const head = `delete from ${table}${alias ? ` ${alias}` : ''}`;
    return `${head} where ${alias ?? table}.tenant_id = '${TENANT}' and (${scope(condition)})${scope(returning)}`;
  }
  if (/\bdelete\s+from\b/i.test(sql)) {
    throw new TenantScopeError('A tenant statement may delete only as `delete from <table> where …`, alone.');
  }
  const scoped = sql.replace(
    READ,
    (_match, keyword: string, space: string, table: string, gap?: string, word?: string) => {
      const name = table.toLowerCase();
      const alias = word && !NOT_ALIAS.has(word.toLowerCase()) ? word : undefined;
      const rows =
        name === 'tenants'
          ? `(select * from tenants where id = '${TENANT}')`
          : `(select * from ${name} where tenant_id = '${TENANT}')`;
      // A keyword that followed the table is given back unchanged.
      return `${keyword}${space}${rows} ${alias ?? name}${alias === undefined && word ? `${gap}${word}` : ''}`;
    },
  );
  const rest = sql.replace(READ, ' ').replace(WRITE_TARGET, ' ');
  const unscoped = MENTION.exec(rest);
  if (unscoped) {
    throw new TenantScopeError(`The statement names ${unscoped[1]} where the reader cannot scope it to the tenant.`);
  }
  return scoped;
}

type Compiled = ReturnType<typeof compileTenantStatement>;

/** Compiled statements by their text: the statements are constants of the code, compiled once. */
const compiled = new Map<string, Compiled>();
const MAX_COMPILED = 1000;

function compile(sql: string): Compiled {
  let statement = compiled.get(sql);
  if (!statement) {
    statement = compileTenantStatement(sql);
    if (compiled.size < MAX_COMPILED) compiled.set(sql, statement);
  }
  return statement;
}

/**
 * The one way a request reads tenant rows (decisions §12). Built from the request's credential, it
 * cannot exist without a tenant, and every statement it runs reads only that tenant's rows, however
 * the statement is written (see compileTenantStatement): a query that forgets the tenant still
 * cannot see another tenant's data. Rows come back as the driver gives them; statements select the
 * read record's fields directly (core/records.ts).
 */
export class TenantReader {
  readonly tenantId: string;

  constructor(
    private readonly em: EntityManager,
    tenantId: string | undefined,
  ) {
    if (typeof tenantId !== 'string' || !UUID.test(tenantId)) {
      throw new TenantScopeError('A tenant reader needs the tenant of the credential.');
    }
    this.tenantId = tenantId;
  }

  /**
   * Compiles `sql` now (a statement that cannot be scoped throws here, at start, rather than on its
   * first request), registers it as a named prepared statement (db/statements.ts) and returns it
   * unchanged. Statements of the hot paths are prepared where their module defines them.
   */
  static prepare(sql: string): string;
  static prepare<V, R>(statement: Statement<V, R>): Statement<V, R>;
  static prepare(sql: string | Statement<never>): string | Statement<never> {
    nameStatement(compile(typeof sql === 'string' ? sql : sql.sql).text);
    return sql;
  }

  /**
   * Runs `sql` with `?` parameters, or a statement with its named values (db/namedValues.ts), in the
   * request's transaction, if one is open.
   */
  all<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  all<V, R>(statement: Statement<V, R>, values: V): Promise<R[]>;
  all<R>(sql: string | Statement<never>, values?: unknown): Promise<R[]> {
    return this.rows<R>(sql, values);
  }

  /** The first row of `sql`, or undefined. */
  one<R>(sql: string, params?: readonly unknown[]): Promise<R | undefined>;
  one<V, R>(statement: Statement<V, R>, values: V): Promise<R | undefined>;
  async one<R>(sql: string | Statement<never>, values?: unknown): Promise<R | undefined> {
    return (await this.rows<R>(sql, values))[0];
  }

  /** A statement that cannot be scoped rejects, as a failed run does. */
  private async rows<R>(sql: string | Statement<never>, values: unknown): Promise<R[]> {
    const [text, params] =
      typeof sql === 'string' ? [sql, (values ?? []) as readonly unknown[]] : [sql.sql, sql.bind(values as never)];
    const compiled = compile(text);
    return runStatement<R>(this.em, compiled.text, compiled.tenantBound ? [this.tenantId, ...params] : params);
  }

  /** Runs `callback` once the transaction the reader's statements run in has committed (db/afterCommit.ts). */
  afterCommit(callback: () => void): void {
    afterCommit(this.em, callback);
  }
}

/**
 * A tenant statement written with named values (db/namedValues.ts `statement`), compiled, scoped and
 * named when its module loads, with the type of its rows: `reader.all(STATEMENT, { id })` answers `R[]`.
 */
export function tenantStatement<V extends object, R = unknown>(write: (v: Named<V>) => RawSql): Statement<V, R> {
  return TenantReader.prepare(statement<V, R>(write));
}

/**
 * Runs `work` in the request's write transaction when there is one (every /v1 write runs in one,
 * server/http/pipeline/idempotency.ts), else in a transaction of its own (/trpc). No savepoint of its own: a
 * refusal thrown from `work` rolls back the whole write, or to the write's own savepoint.
 */
export function inTransaction<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  return em.isInTransaction() ? work(em) : em.transactional(work);
}

/** A json column as the driver gives it: node-postgres parses json, PGlite may leave it text. */
export const parsed = <T>(json: string | T): T => (typeof json === 'string' ? (JSON.parse(json) as T) : json);
