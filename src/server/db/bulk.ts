// Helpers for set-based reads and writes that behave the same on PGlite and PostgreSQL.
//
// Writes: a column of values travels as ONE text parameter holding a PostgreSQL array literal
// (`{"a","b",NULL}`), cast in SQL (`$1::text[]`, `$1::uuid[]`) and expanded by `unnest`. Both
// drivers send a string parameter as it is, while a JS array parameter is escaped element by
// element by the driver (and, on PGlite, encoded again in WASM): measured on 10,000 rows × 15
// columns, the literal is about twice as fast on PGlite and level on PostgreSQL.
//
// Reads: `jsonColumns` aggregates the selected rows into one JSON array of column arrays
// (`json_build_array(array_agg(a), array_agg(b), …)::text`), parsed once with JSON.parse — one
// row and one value to decode instead of one object per row (10,000 rows: ~70 ms instead of
// ~300 ms on PGlite; level on PostgreSQL).
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

/**
 * A PostgreSQL array literal of texts (null → NULL); any text is kept exactly. Built as one
 * `join` of the elements (a flat string) rather than by `+=` (a rope of 10,000 pieces that is
 * flattened when the driver copies it to PGlite's thread): about half the time for 10,000 values.
 */
export function arrayLiteral(values: readonly (string | null | undefined)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    parts[i] =
      v === null || v === undefined
        ? 'NULL'
        : `"${v.indexOf('\\') >= 0 || v.indexOf('"') >= 0 ? v.replace(/[\\"]/g, '\\$&') : v}"`;
  }
  return `{${parts.join(',')}}`;
}

/** A column of a set-based write: its name and SQL type (trusted constants, never user text). */
export type BulkColumn = readonly [name: string, type: string];

/**
 * The array-literal element of one value of a column of the given SQL type, as a JSON row set
 * (jsonb_to_recordset) would read it: null / undefined / a non-finite number → NULL, a jsonb
 * column's value as JSON text, a number or boolean as its text, a string as it is.
 */
function cellText(value: unknown, json: boolean): string | null {
  if (value === null || value === undefined) return null;
  if (json) return JSON.stringify(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** The column arrays of the rows, one array literal per column (rows may lack a key: NULL). */
export function columnLiterals(columns: readonly BulkColumn[], rows: readonly object[]): string[] {
  return columns.map(([name, type]) => {
    const json = type === 'jsonb' || type === 'json';
    const values = new Array<string | null>(rows.length);
    for (let i = 0; i < rows.length; i++)
      values[i] = cellText((rows[i] as Record<string, unknown>)[name], json);
    return arrayLiteral(values);
  });
}

const SQL_TYPE = /^(uuid|text|integer|bigint|real|double precision|numeric|boolean|jsonb|json)$/;

/**
 * `unnest($1::uuid[], $2::text[], …) AS r("id", "name", …)`: the rows as a set, each column one
 * text parameter (columnLiterals), for `INSERT … SELECT … FROM` or `UPDATE … FROM`. The same SQL
 * on PGlite and PostgreSQL.
 */
export function unnestRows(
  columns: readonly BulkColumn[],
  rows: readonly object[],
  alias = 'r',
): RawBuilder<unknown> {
  if (columns.length === 0) throw new Error('unnestRows: no columns');
  for (const [name, type] of columns)
    if (!/^[a-z_][a-z0-9_]*$/.test(name) || !SQL_TYPE.test(type))
      throw new Error(`not a column: ${name} ${type}`);
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not an alias: ${alias}`);
  const literals = columnLiterals(columns, rows);
  const args = sql.join(literals.map((l, i) => sql`${l}::${sql.raw(columns[i]![1])}[]`));
  return sql`unnest(${args}) AS ${sql.raw(alias)}(${sql.raw(columns.map(([n]) => `"${n}"`).join(', '))})`;
}

/**
 * `json_build_array(array_agg(c1), …)::text` over the given column references (trusted
 * identifiers written in the caller's SQL, never user text), as a raw SQL fragment to alias.
 */
export function jsonColumnsSelect(columns: readonly string[]): RawBuilder<string | null> {
  for (const c of columns)
    if (!/^[a-z_][a-z0-9_.]*$/.test(c)) throw new Error(`not a column reference: ${c}`);
  return sql.raw<string | null>(
    `json_build_array(${columns.map((c) => `array_agg(${c})`).join(', ')})::text`,
  );
}

/** The column arrays of a `jsonColumnsSelect` answer (no rows → empty columns). */
export function parseJsonColumns<T = unknown>(text: string | null | undefined, count: number): T[][] {
  const parsed = text ? (JSON.parse(text) as (T[] | null)[]) : [];
  return Array.from({ length: count }, (_, i) => parsed[i] ?? []);
}

/**
 * Which statements the WBS bulk writes use: 'arrays' (unnest over array-literal parameters, the
 * default) or 'json' (jsonb_to_recordset, the statements before issue 29's pass), kept callable
 * so benchmarks/wbs-bulk.ts times both in one run. Nothing but that benchmark sets it.
 */
export type BulkMode = 'arrays' | 'json';
let bulkMode: BulkMode = 'arrays';
export const setBulkMode = (mode: BulkMode): void => {
  bulkMode = mode;
};
export const getBulkMode = (): BulkMode => bulkMode;
