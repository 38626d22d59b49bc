// Where an activity's location and kind of work come from: an attribute's value, or the name of
// its ancestor at a WBS level (`wbs:N`), or (for the kind only) its own name.

export interface SourcedRow {
  id: string;
  parent_id: string | null;
  name: string;
  attributes: Readonly<Record<string, unknown>>;
}

/** A key of the version's attributes, `wbs:N` (N ≥ 1: the top rows are level 1), or `name`. */
export type GroupKey = string;

export const WBS_LEVEL = /^wbs:(\d+)$/;

/** A reader of one row's group value under `key`, given every row (for WBS ancestors). */
export function groupReader(rows: readonly SourcedRow[], key: GroupKey): (row: SourcedRow) => string | null {
  const level = WBS_LEVEL.exec(key);
  if (level) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const depth = Number(level[1]);
    return (row) => {
      // The chain root → row; the ancestor at `depth` names the location.
      const chain: SourcedRow[] = [];
      for (let r: SourcedRow | undefined = row; r; r = r.parent_id ? byId.get(r.parent_id) : undefined)
        chain.unshift(r);
      return depth >= 1 && chain.length > depth ? chain[depth - 1]!.name : null;
    };
  }
  if (key === 'name') return (row) => row.name;
  return (row) => {
    const v = row.attributes[key];
    return v === undefined || v === null || v === '' ? null : String(v);
  };
}
