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
 * Rows of the list's own index a window page examines per row it reads before it reads the window
 * day by day (see windowPageStatements).
 */
const WALK_PER_ROW = 10;

/**
 * How many of each day's first rows a window page reads the created_at of, as a multiple of the
 * page's rows over the days (see windowPageStatements): twice, so that where the days are alike the
 * bound they give leaves little more than the page to read.
 */
const SHARE = 2;

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
  /** Each row as its record's JSON text (see jsonRows). */
  json?: boolean;
}

/**
 * `page`'s rows, or with `json` each row as the JSON text PostgreSQL writes of it (row_to_json), one
 * `json` column a row: node-postgres then reads one field a row instead of one a column, and no
 * record is parsed or serialized in Node (core/cursors.ts JsonPage). For records of text, uuid,
 * boolean, integer and formatted date columns, and arrays of these, it is the text JSON.stringify
 * writes of the row node-postgres reads (tests/http/records.json.test.ts); not for a float (float8's
 * text is not JavaScript's: 1e-05, NaN), a bigint or numeric (node-postgres reads text), json or jsonb.
 */
function jsonRows(page: RawSql, json: boolean | undefined): RawSql {
  return json ? sql`select row_to_json(page)::text as json from (${page}) page` : page;
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
      return jsonRows(
        sql`select ${sql.raw(columns)} from ${sql.raw(table)}${parts.join ? sql` ${parts.join(v)}` : sql``}${
          conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``
        } order by ${sql.raw(table)}.created_at, ${sql.raw(table)}.id limit ${v.rows}`,
        parts.json,
      );
    });
  return { first: page(false), after: page(true) };
}

/**
 * A filter's condition on the table's columns, given its value (decisions §15). An equality is
 * backed by an index (tenant_id, <column>, created_at, id), so that a filtered page stays a keyset
 * page on an index; a range by an index (tenant_id, <its day column>, created_at, id)
 * (db/migrations/Migration20261128000023WindowDayIndexes.ts).
 */
export interface FilterCondition {
  where: (value: unknown) => RawSql;
  /**
   * A bound of a date window rather than an equality: no index walks its rows in list order, so a
   * page with it is a window page (see windowPageStatements).
   */
  range?: WindowBound;
}

/**
 * What a bound of a date window says of the days its rows lie on: on `column`, from (`'from'`) or
 * to (`'to'`) the day `day` gives for the filter's value (the value itself when not given). Every
 * range filter of a list names the same column, whose index (tenant_id, <column>, created_at, id)
 * gives one day's rows in list order.
 */
interface WindowBound {
  column: string;
  side: 'from' | 'to';
  day?: (value: unknown) => RawSql;
}

/** `column = value`, the value cast to `type` when given (a boolean sent as text). */
export function columnEquals(column: string, type?: 'boolean'): FilterCondition['where'] {
  return (value) => sql`${sql.raw(column)} = ${value}${sql.raw(type ? `::${type}` : '')}`;
}

/** A bound of a date window on `column`: from (`>=`) or to (`<=`) the value, inclusive. */
export function dateBound(column: string, bound: '>=' | '<='): FilterCondition {
  return {
    where: (value) => sql`${sql.raw(column)} ${sql.raw(bound)} ${value}`,
    range: { column, side: bound === '>=' ? 'from' : 'to' },
  };
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
 * A page of a list filtered by a date window, whose rows no index walks in list order, in one
 * statement that reads about the rows it returns (decisions §15).
 *
 * A window of fewer days than the page has rows (`span`), with no equality filter, is merged at
 * once; any other is first walked: `hits` are the window's rows among the list's next `walk`
 * (WALK_PER_ROW × rows) rows in (created_at, id) order, on the index of its equality filters (or
 * its own), kept whole up to the page's rows. A window that holds one row in ten there fills the
 * page, and the statement stops. Otherwise the rest of the page is `merged` from the window's days
 * after `lower`, the last row `walked` (the cursor, when nothing was walked), each day's rows in
 * list order on the index (tenant_id, <column>, created_at, id): `days` are the narrow window's
 * days, or else the dates that hold rows (an index probe each, so an empty stretch costs nothing);
 * the created_at of each day's first rows, SHARE times the page's rows over the days, give the
 * `bound` by which they hold a page; then each day's rows up to the bound are read whole and the
 * first of them kept. The hits come before the merged rows, each in list order, so the page needs
 * no sort of its own; only its rows are formatted.
 */
function windowPageStatements(
  table: TenantTable,
  columns: string,
  given: readonly (readonly [string, FilterCondition])[],
  json: boolean | undefined,
): PageStatements {
  const equalities = given.filter(([, filter]) => !filter.range);
  const ranges = given.filter(([, filter]) => filter.range);
  const [column, ...others] = new Set(ranges.map(([, filter]) => filter.range?.column));
  if (others.length || !column) throw new Error(`The date window of ${table} bounds more than one column`);
  const t = sql.raw(table);
  const day = sql.raw(column);
  const key = sql`${t}.created_at, ${t}.id`;
  const sides = (['from', 'to'] as const).filter((side) => ranges.some(([, { range }]) => range?.side === side));
  const narrow = sides.length === 2 && !equalities.length;
  const page = (after: boolean) =>
    tenantStatement<Record<string, unknown> & PageValues>((v) => {
      const and = (parts: (RawSql | undefined)[]) =>
        sql.join(
          parts.filter((part) => part !== undefined),
          sql` and `,
        );
      /** The window's first or last day of the column, as its bounds on that side say. */
      const edge = (side: WindowBound['side']) =>
        sql.join(
          ranges.flatMap(([name, { range }]) =>
            range?.side === side ? [range.day ? range.day(v[name]) : sql`${v[name]}::date`] : [],
          ),
        );
      const cursor = after ? afterCursor(table, v) : undefined;
      // Where the days' rows begin when nothing was walked: after the cursor, or at the list's start.
      const start = cursor
        ? sql`${v.after_created_at}::timestamptz, ${v.after_id}::uuid`
        : sql`'-infinity'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid`;
      const walk = equalities.length || cursor ? sql` where ${and([conditions(equalities, v), cursor])}` : sql``;
      const budget = narrow ? sql`case when (select span.narrow from span) then 0 else ${v.walk} end` : v.walk;
      const last = sides.includes('to') ? sql`${day} <= (select span.last from span)` : undefined;
      // The first date past `from` that holds rows (written out: a generic plan would read the range).
      const probe = (from: RawSql | undefined) =>
        sql`(select ${day} from ${t}${from || last ? sql` where ${and([from, last])}` : sql``} order by ${day} limit 1)`;
      // `columns` of each day's rows in list order after the day's start (and up to `bound`), at most `limit`.
      const stream = (columns: RawSql, limit: unknown, bound?: RawSql) =>
        sql`select ${columns} from ${t}
     where ${and([
       sql`${day} = days.on_day`,
       conditions(given, v),
       sql`(${key}) > (days.created_at, days.id)`,
       bound && sql`${t}.created_at <= ${bound}`,
     ])}
     order by ${key} limit ${limit}`;
      return jsonRows(
        sql`with span as materialized (
  select *${narrow ? sql`, last - first < ${v.rows} as narrow` : sql``}
    from (select ${sql.join(
      [
        sides.includes('from') ? sql`greatest(${edge('from')}) as first` : undefined,
        sides.includes('to') ? sql`least(${edge('to')}) as last` : undefined,
      ].filter((part) => part !== undefined),
    )} offset 0) edges),
walked as materialized (select ${key} from ${t}${walk} order by ${key} limit ${budget}),
hits as materialized (
  select * from (select ${t}.*, ${conditions(ranges, v)} as hit, null::date as on_day from ${t}${walk}
                  order by ${key} limit ${budget}) walk
   where walk.hit limit ${v.rows}),
lower as materialized (
  (select walked.created_at, walked.id from walked offset ${v.walk} - 1 limit 1)${
    narrow ? sql` union all select ${start} where (select span.narrow from span)` : sql``
  }),
days as materialized (
  with recursive stepped as (
    select ${probe(sides.includes('from') ? sql`${day} >= (select span.first from span)` : undefined)} as day
     where exists (select from lower)${narrow ? sql` and not (select span.narrow from span)` : sql``}
    union all
    select ${probe(sql`${day} > stepped.day`)} from stepped where stepped.day is not null),
  listed as (
    select stepped.day from stepped where stepped.day is not null${
      narrow
        ? sql`
    union all
    select span.first + i from span cross join generate_series(0, span.last - span.first) i where span.narrow`
        : sql``
    })
  select listed.day as on_day, lower.created_at, lower.id, count(*) over () as count from listed cross join lower),
bound as materialized (
  select coalesce((select head.created_at from days cross join lateral (${stream(
    sql`${t}.created_at`,
    sql`(${sql.raw(String(SHARE))} * ${v.rows} + days.count - 1) / days.count`,
  )}) head order by head.created_at offset ${v.rows} - 1 limit 1), 'infinity') as created_at),
merged as (
  select found.* from days cross join bound cross join lateral (${stream(
    sql`${t}.*, true as hit, days.on_day`,
    v.rows,
    sql`bound.created_at`,
  )}) found
   order by found.created_at, found.id limit ${v.rows})
select ${sql.raw(columns)} from (select * from hits union all select * from merged limit ${v.rows}) page`,
        json,
      );
    });
  return { first: page(false), after: page(true) };
}

/**
 * The statements of a filtered list, one pair per combination of the filters given (a bit per
 * filter, in declaration order), each filter's value named by its name: the conditions of the given
 * filters ANDed, a keyset page on the index of one of them, or a window page when a range filter is
 * among them; with `json`, each row as its record's JSON text (see jsonRows).
 */
export function filteredPageStatements(
  table: TenantTable,
  columns: string,
  filters: FilterConditions,
  json?: boolean,
): readonly PageStatements[] {
  const entries = Object.entries(filters);
  if (entries.length > MAX_FILTERS) throw new Error(`A list takes at most ${MAX_FILTERS} filters`);
  const taken = entries.find(([name]) => PAGE_VALUE_NAMES.includes(name));
  if (taken) throw new Error(`A filter may not be named ${taken[0]}: a page's own value has that name`);
  return builtOnFirstRead(2 ** entries.length, (mask) => {
    const given = entries.filter((_, bit) => mask & (1 << bit));
    if (given.some(([, filter]) => filter.range)) return windowPageStatements(table, columns, given, json);
    return pageStatements<Record<string, unknown>>(table, columns, {
      ...(given.length ? { where: (v) => conditions(given, v) as RawSql } : {}),
      json,
    });
  });
}

/**
 * `length` values, each built by `build` when first read and kept: the pages of a list's filter
 * combinations (up to 2^MAX_FILTERS pairs a list) were a tenth of a start's CPU, built for
 * combinations most processes are never asked for.
 */
export function builtOnFirstRead<T>(length: number, build: (index: number) => T): readonly T[] {
  const values: T[] = [];
  for (let index = 0; index < length; index++) {
    Object.defineProperty(values, index, {
      configurable: true,
      enumerable: true,
      get() {
        const value = build(index);
        Object.defineProperty(values, index, { value, enumerable: true });
        return value;
      },
    });
  }
  return values;
}

/** One record of `table` by id, `columns` its select list; with `json`, as its JSON text (see jsonRows). */
export function recordById<R>(table: TenantTable, columns: string, json?: boolean): Statement<{ id: string }, R> {
  return tenantStatement<{ id: string }, R>((v) =>
    jsonRows(sql`select ${sql.raw(columns)} from ${sql.raw(table)} where id = ${v.id}`, json),
  );
}
