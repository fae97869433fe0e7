/**
 * How a column is read so that the row PostgreSQL returns already is the API's record: dates as
 * YYYY-MM-DD, instants as RFC 3339 UTC with milliseconds, numeric columns (days, rates) as JSON
 * numbers, everything else as it is. The API derives the kinds from a record's schema
 * (core/records.ts `recordColumns`); a domain statement that returns a record names them itself.
 */
export type ColumnKind = 'plain' | 'date' | 'timestamp' | 'number';

/** A timestamp column as a record has it: RFC 3339 UTC with milliseconds. */
export const sqlTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A date column as a record has it: YYYY-MM-DD. */
export const sqlDate = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
/** A numeric column (days, numeric(5, 1)) as a JSON number. */
export const sqlNumber = (column: string) => `${column}::float8`;

const FORMAT: Record<Exclude<ColumnKind, 'plain'>, (column: string) => string> = {
  date: sqlDate,
  timestamp: sqlTimestamp,
  number: sqlNumber,
};

/**
 * The select list of a record whose fields are columns of the same name, in order, each formatted
 * by its kind; `qualifier` prefixes the columns (`e.`) when the statement joins several tables.
 */
export function selectList(fields: Readonly<Record<string, ColumnKind>>, qualifier = ''): string {
  return Object.entries(fields)
    .map(([name, kind]) => {
      const column = `${qualifier}${name}`;
      if (kind !== 'plain') return `${FORMAT[kind](column)} as ${name}`;
      return qualifier ? `${column} as ${name}` : name;
    })
    .join(', ');
}
