/**
 * The SQL of the lists (decisions §9, §15): a keyset page of a tenant table in (created_at, id)
 * order, the page of each combination of a list's filters (a window page when a date range is among
 * them), and one record by id. Every statement is written with named values (db/namedValues.ts),
 * compiled and named once, when the list is defined: a filter's value goes by the filter's name, a
 * page's own by PageValues' names. core/records.ts builds the procedures on them.
 */
import { type Named, type RawSql, type Statement, sql } from './namedValues.js';
import { type TENANT_TABLES, tenantStatement } from './tenantReader.js';

export type TenantTable = (typeof TENANT_TABLES)[number];

/**
 * A page's own values: the rows to read (the page's limit + 1), the walk's budget of a window page
 * (see windowPageStatements), and a later page's cursor, the last row's created_at and id.
 */
export interface PageValues {
  rows: number;
  walk: number;
  after_created_at?: string;
  after_id?: string;
}

/** The statements of a keyset-paginated table read, `V` the list's own values (its filters', its join's). */
export interface PageStatements<V extends object = Record<string, unknown>> {
  /** The first page. */
  first: Statement<V & PageValues>;
  /** A later page, after the cursor's (created_at, id). */
  after: Statement<V & PageValues>;
}

/**
 * Rows of the list's own index a window page examines per row it reads before it looks the window
 * up on the range's index (see windowPageStatements).
 */
const WALK_PER_ROW = 10;

/** The values of a page of `rows` rows with the list's `values`, after `cursor` (a later page). */
export function pageValues<V extends object>(
  values: V,
  cursor: readonly [createdAt: string, id: string] | undefined,
  rows: number,
): V & PageValues {
  return {
    ...values,
    rows,
    walk: WALK_PER_ROW * rows,
    ...(cursor ? { after_created_at: cursor[0], after_id: cursor[1] } : {}),
  };
}

/** The keyset condition of a later page: after the cursor's (created_at, id). */
const afterCursor = (table: TenantTable, v: Named<PageValues>) =>
  sql`(${sql.raw(table)}.created_at, ${sql.raw(table)}.id) > (${v.after_created_at}::timestamptz, ${v.after_id}::uuid)`;

/** A page's where and join, given the statement's named values. */
export interface PageParts<V extends object> {
  where?: (v: Named<V>) => RawSql;
  join?: (v: Named<V>) => RawSql;
}

/**
 * A page of `table` in (created_at, id) order, the row-value comparison walking its
 * (tenant_id, created_at, id) index. `columns` must include `created_at` (RFC 3339) and `id`: they
 * are the cursor. The ordering names the table's columns, not the formatted output of the same name.
 * `where` narrows the rows and `join` adds a table beside them, each with the list's named values.
 */
export function pageStatements<V extends object = Record<never, never>>(
  table: TenantTable,
  columns: string,
  parts: PageParts<V> = {},
): PageStatements<V> {
  const page = (after: boolean) =>
    tenantStatement<V & PageValues>((v) => {
      const conditions = [parts.where?.(v), after ? afterCursor(table, v) : undefined].filter(
        (condition) => condition !== undefined,
      );
      return sql`select ${sql.raw(columns)} from ${sql.raw(table)}${parts.join ? sql` ${parts.join(v)}` : sql``}${
        conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``
      } order by ${sql.raw(table)}.created_at, ${sql.raw(table)}.id limit ${v.rows}`;
    });
  return { first: page(false), after: page(true) };
}

/**
 * A filter's condition on the table's columns, given its value (decisions §15). An equality is
 * backed by an index (tenant_id, <column>, created_at, id), so that a filtered page stays a keyset
 * page on an index; a range by an index holding its columns, created_at and id
 * (db/migrations/Migration20261123000010ListFilterIndexes.ts).
 */
export interface FilterCondition {
  where: (value: unknown) => RawSql;
  /**
   * A bound of a range (a date window) rather than an equality: no index walks its rows in list
   * order, so a page with it is a window page (see windowPageStatements).
   */
  range?: true;
  /**
   * For a range bound whose condition no index scan can be bounded by (`end_date >= value` when the
   * index leads with start_date): a condition it implies, for the same value, that bounds the scan
   * of the range's index (see windowPageStatements).
   */
  seek?: (value: unknown) => RawSql;
}

/** `column = value`, the value cast to `type` when given (a boolean sent as text). */
export function columnEquals(column: string, type?: 'boolean'): FilterCondition['where'] {
  return (value) => sql`${sql.raw(column)} = ${value}${sql.raw(type ? `::${type}` : '')}`;
}

/** A bound of a date window on `column`: from (`>=`) or to (`<=`) the value, inclusive. */
export function dateBound(column: string, bound: '>=' | '<='): FilterCondition {
  return { where: (value) => sql`${sql.raw(column)} ${sql.raw(bound)} ${value}`, range: true };
}

/** A list's filters by name; the name is its value's. */
type FilterConditions = Readonly<Record<string, FilterCondition>>;

/** The names of PageValues, which no filter may take. */
const PAGE_VALUE_NAMES = ['rows', 'walk', 'after_created_at', 'after_id'] satisfies (keyof PageValues)[] as string[];

/** Filters per list: 2^n statements are compiled at start, one per combination. */
const MAX_FILTERS = 6;

/** The conditions of `filters` ANDed, each with the value of its name, or undefined for none. */
function conditions(filters: readonly (readonly [string, FilterCondition])[], v: Named<Record<string, unknown>>) {
  if (!filters.length) return undefined;
  return sql.join(
    filters.map(([name, filter]) => sql`(${filter.where(v[name])})`),
    sql` and `,
  );
}

/**
 * A page of a list filtered by a range (a date window), whose rows no index walks in list order,
 * in two bounded steps in one statement. `walked`: the list's next rows in (created_at, id) order
 * on the index of its equality filters (or its own (tenant_id, created_at, id) one), at most
 * `walk` (WALK_PER_ROW × rows) of them, each checked against the range; a window that holds at
 * least one row in ten of the list (a wide window, or the part of the list that was filed in it)
 * fills the page there and the statement stops. `rest`: only when the walk examined its whole
 * budget without filling the page, the window's rows after the last row examined, found on the
 * range's index (which holds created_at and id, so the index alone: planned for all of them,
 * `offset 0` keeping the planner from walking the list index and filtering, which is what the walk
 * already bounded), and only those sorted. Either way `rows` (created_at, id) are kept and only
 * those rows read. The walk's cost is bounded by its budget; the rest's by the rows the window
 * matches on its narrower bound, which is few whenever the walk fell short.
 */
function windowPageStatements(
  table: TenantTable,
  columns: string,
  given: readonly (readonly [string, FilterCondition])[],
): PageStatements {
  const equalities = given.filter(([, filter]) => !filter.range);
  const ranges = given.filter(([, filter]) => filter.range);
  const t = sql.raw(table);
  const key = sql`${t}.created_at, ${t}.id`;
  const page = (after: boolean) =>
    tenantStatement<Record<string, unknown> & PageValues>((v) => {
      const walk = [conditions(equalities, v), after ? afterCursor(table, v) : undefined].filter(
        (condition) => condition !== undefined,
      );
      const rest = [
        conditions(given, v),
        ...given.flatMap(([name, filter]) => (filter.seek ? [sql`(${filter.seek(v[name])})`] : [])),
      ].filter((condition) => condition !== undefined);
      return sql`with walked as materialized (select ${t}.id, ${t}.created_at, ${conditions(ranges, v)} as hit from ${t}${
        walk.length ? sql` where ${sql.join(walk, sql` and `)}` : sql``
      } order by ${key} limit ${v.walk}), hits as materialized (select walked.created_at, walked.id from walked where walked.hit limit ${v.rows}), rest as (select ${key} from ${t} where ${sql.join(rest, sql` and `)} and (${key}) > (select walked.created_at, walked.id from walked order by walked.created_at desc, walked.id desc limit 1) and (select count(*) from hits) < ${v.rows} and (select count(*) from walked) = ${v.walk} offset 0) select found.* from (select * from hits union all select * from rest order by created_at, id limit ${v.rows}) page cross join lateral (select ${sql.raw(columns)} from ${t} where ${t}.id = page.id offset 0) found order by page.created_at, page.id`;
    });
  return { first: page(false), after: page(true) };
}

/**
 * The statements of a filtered list, one pair per combination of the filters given (a bit per
 * filter, in declaration order), each filter's value named by its name: the conditions of the given
 * filters ANDed, a keyset page on the index of one of them, or a window page when a range filter is
 * among them.
 */
export function filteredPageStatements(
  table: TenantTable,
  columns: string,
  filters: FilterConditions,
): readonly PageStatements[] {
  const entries = Object.entries(filters);
  if (entries.length > MAX_FILTERS) throw new Error(`A list takes at most ${MAX_FILTERS} filters`);
  const taken = entries.find(([name]) => PAGE_VALUE_NAMES.includes(name));
  if (taken) throw new Error(`A filter may not be named ${taken[0]}: a page's own value has that name`);
  return Array.from({ length: 2 ** entries.length }, (_, mask) => {
    const given = entries.filter((_, bit) => mask & (1 << bit));
    if (given.some(([, filter]) => filter.range)) return windowPageStatements(table, columns, given);
    return pageStatements<Record<string, unknown>>(
      table,
      columns,
      given.length ? { where: (v) => conditions(given, v) as RawSql } : {},
    );
  });
}

/** One record of `table` by id, `columns` its select list. */
export function recordById<R>(table: TenantTable, columns: string): Statement<{ id: string }, R> {
  return tenantStatement<{ id: string }, R>(
    (v) => sql`select ${sql.raw(columns)} from ${sql.raw(table)} where id = ${v.id}`,
  );
}
