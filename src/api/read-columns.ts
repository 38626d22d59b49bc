// A version's columns as the workbench reads them (src/state/workbench/columns-content.ts,
// stored-schedule.ts): the contract's VersionColumns (the JSON read), or the binary read's
// decode with its number columns as Float64Array (NaN for null) and its row positions as
// Int32Array (src/api/columns-binary.ts, decodeReadColumns): a 100k-row open then builds no
// plain array of numbers. Readers take a number with numAt, which means the same for both.

import type { VersionColumns } from './versions';

type Items = VersionColumns['items'];
type Relations = VersionColumns['relations'];

/** The items' number columns (the binary read's `num` kind). */
type ItemNumbers =
  | 'duration'
  | 'remaining'
  | 'actual_start'
  | 'actual_finish'
  | 'percent'
  | 'start_limit_date'
  | 'finish_limit_date'
  | 'volume'
  | 'price'
  | 'es'
  | 'ef'
  | 'ls'
  | 'lf'
  | 'tf'
  | 'ff';

export type ReadItems = Omit<Items, ItemNumbers | 'parent'> & {
  readonly [K in ItemNumbers]: Items[K] | Float64Array;
} & { readonly parent: Items['parent'] | Int32Array };

export type ReadRelations = Omit<Relations, 'pred' | 'succ' | 'lag'> & {
  readonly pred: Relations['pred'] | Int32Array;
  readonly succ: Relations['succ'] | Int32Array;
  readonly lag: Relations['lag'] | Float64Array;
};

export interface ReadColumns {
  readonly version: VersionColumns['version'];
  readonly items: ReadItems;
  readonly relations: ReadRelations;
}

/** A number column's value at i: null where the column has none (null, or NaN in float64). */
export function numAt(column: readonly (number | null)[] | Float64Array, i: number): number | null {
  const x = column[i];
  return x === undefined || x === null || x !== x ? null : x;
}
