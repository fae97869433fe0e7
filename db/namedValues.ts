/**
 * Statements written with named values: the SQL is kysely's `sql` template, each value a field of one
 * object, so a statement's values are matched to its text by name, not by their place in a list.
 *
 *   const RENAME = statement<{ id: string; name: string }>((v) => sql`update … set name = ${v.name} where id = ${v.id}`);
 *   await reader.all(RENAME.sql, RENAME.bind({ id, name }));
 *
 * `statement` compiles the template once, when its module loads: the text is a constant with `?`
 * placeholders (what TenantReader and namedStatement take, so it stays a named prepared statement),
 * and `bind` lays an object's values out in the placeholders' order on each request.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely';

export { sql };

/** SQL text with its values: a statement's template, or a fragment of one. */
export type RawSql = RawBuilder<unknown>;

/** What a statement's template is given: each value by its name, to put in the text (`${v.email}`). */
export type Named<V> = { readonly [K in keyof V]: V[K] };

/** Where a named value goes in the text: the template makes it a placeholder like any value. */
class NamedValue {
  constructor(readonly name: string) {}
}

/** PostgreSQL's SQL, with `?` placeholders: the reader numbers them after the tenant's `$1`. */
class QuestionMarkCompiler extends PostgresQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '?';
  }
}

/** A Kysely that only compiles: it has no connection. */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new QuestionMarkCompiler(),
  },
});

export interface Statement<V, R = unknown> {
  /** The text, `?` for each value. */
  readonly sql: string;
  /** `values` in the order of the text's placeholders (a name used twice is there twice). */
  bind(values: V): unknown[];
  /** Never set: the type of the rows the statement returns, which a reader's `all` and `one` answer. */
  readonly row?: R;
}

/**
 * Compiles the statement `write` builds from its named values (`v.email`), once. A value that is not
 * one of `v`'s is refused: a constant goes into the text with `sql.lit` or `sql.raw`, never as a
 * placeholder whose value no name gives.
 */
export function statement<V extends object, R = unknown>(write: (v: Named<V>) => RawSql): Statement<V, R> {
  const named = new Proxy({} as Named<V>, {
    get: (_target, name) => new NamedValue(String(name)),
  });
  const compiled = write(named).compile(compiler);
  const names = compiled.parameters.map((parameter, index) => {
    if (!(parameter instanceof NamedValue)) {
      throw new TypeError(`statement: value ${index + 1} of "${compiled.sql.slice(0, 60)}…" has no name`);
    }
    return parameter.name as keyof V;
  });
  return { sql: compiled.sql, bind: (values) => names.map((name) => values[name]) };
}
