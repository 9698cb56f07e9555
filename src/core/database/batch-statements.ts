import type { Database, Params } from './database.js';

/** Rows sent in one statement at most; keeps every statement well under both databases' parameter limits. */
export const CHUNK = 500;
/** Rows joined through one `SELECT … UNION ALL …` at most (SQLite allows 500 terms in a compound SELECT). */
export const JOINED_CHUNK = 200;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** `(:r0_0, :r0_1, …), (:r1_0, …)` for a multi-row INSERT, with its parameters. */
export function rowValues<T>(items: T[], columns: (item: T) => unknown[]): { values: string; params: Params } {
  const params: Params = {};
  const values = items.map(
    (item, i) =>
      `(${columns(item)
        .map((value, c) => ((params[`r${i}_${c}`] = value), `:r${i}_${c}`))
        .join(', ')})`,
  );
  return { values: values.join(', '), params };
}

/** A parameter of a SELECT list wrapped in SQL (a cast): `sql` gets the parameter's placeholder. */
export interface Cast {
  value: unknown;
  sql: (param: string) => string;
}

/**
 * `SELECT :r0_name AS name, … UNION ALL SELECT …`: rows to join in an UPDATE (a VALUES list cannot name its
 * columns on SQLite). A column given as a Cast is that SQL fragment around its parameter.
 */
export function selectedRows<T>(items: T[], columns: (item: T) => Record<string, unknown>): { rows: string; params: Params } {
  const params: Params = {};
  const rows = items.map((item, i) => {
    const selected = Object.entries(columns(item)).map(([name, value]) => {
      const param = `r${i}_${name}`;
      if (isCast(value)) {
        params[param] = value.value;
        return `${value.sql(`:${param}`)} AS ${name}`;
      }
      params[param] = value;
      return `:${param} AS ${name}`;
    });
    return `SELECT ${selected.join(', ')}`;
  });
  return { rows: rows.join(' UNION ALL '), params };
}

/** A timestamp parameter in a SELECT list: PostgreSQL needs its type, SQLite compares the UTC text as is. */
export function timestampParam(db: Database, at: Date): Cast {
  return { value: db.toTimestamp(at), sql: (param) => (db.isPostgres ? `CAST(${param} AS TIMESTAMPTZ)` : param) };
}

function isCast(value: unknown): value is Cast {
  return typeof value === 'object' && value !== null && 'sql' in value && typeof (value as Cast).sql === 'function';
}
