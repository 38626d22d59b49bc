// When two edits of one version conflict. The revision belongs to the whole version, but two
// planners editing different rows do not overwrite each other: a batch made on an older revision
// is applied when what it touches is disjoint from what was stored since (the server, in
// src/server/services/wbs-patch-batch.ts), and refused with the overlapping places otherwise.
//
// What a patch touches (paths as the WBS document's immer patches):
// - ['rows' | 'relations', id]: the whole row or relation (add, remove, replace);
// - ['rows', id, field]: one field; the structural ones (parentId, orderKey: a move, an indent)
//   count as the whole row, so a move overlaps any edit of the rows it moves;
// - ['rows', id, 'attributes', key]: one attribute (a whole `attributes` replace overlaps each);
// - a relation brought in whole, or re-pointed, and a row placed under a parent also *lean on*
//   rows (its ends, its parent): leaning on a row the other side adds or removes is a conflict.
import type { Patch } from 'immer';

export type Target = 'rows' | 'relations';

/** One place a batch writes. `field` null: the whole row or relation. */
export interface Touch {
  readonly target: Target;
  readonly id: string;
  readonly field: string | null;
  /** The attribute key of an ['rows', id, 'attributes', key] patch. */
  readonly key?: string;
  /** The value written last at this place (undefined for a removal). */
  readonly value: unknown;
  /** A whole add or remove (what rows that lean on it care about). */
  readonly exists?: 'add' | 'remove';
}

export interface Touches {
  readonly writes: readonly Touch[];
  /** Row ids the batch needs to exist (relation ends, parents). */
  readonly leans: ReadonlySet<string>;
}

/** One place both sides wrote, with both values (for the user to choose). */
export interface Overlap {
  readonly target: Target;
  readonly id: string;
  readonly field: string | null;
  readonly key?: string;
  readonly mine: unknown;
  readonly theirs: unknown;
}

const STRUCTURAL = new Set(['parentId', 'orderKey']);

const placeKey = (t: Pick<Touch, 'target' | 'id' | 'field' | 'key'>) =>
  `${t.target}\u0001${t.id}\u0001${t.field ?? '*'}\u0001${t.key ?? ''}`;

function leansOf(target: Target, field: string | null, value: unknown, out: Set<string>): void {
  if (value === null || value === undefined) return;
  if (target === 'rows') {
    if (field === null && typeof value === 'object') {
      const p = (value as { parentId?: unknown }).parentId;
      if (typeof p === 'string') out.add(p);
    } else if (field === 'parentId' && typeof value === 'string') out.add(value);
    return;
  }
  if (field === null && typeof value === 'object') {
    const r = value as { predId?: unknown; succId?: unknown };
    if (typeof r.predId === 'string') out.add(r.predId);
    if (typeof r.succId === 'string') out.add(r.succId);
  } else if ((field === 'predId' || field === 'succId') && typeof value === 'string') out.add(value);
}

/** The places a list of patches writes (the last value of each) and the rows it leans on. */
export function touchesOf(patches: readonly Patch[]): Touches {
  const writes = new Map<string, Touch>();
  const leans = new Set<string>();
  for (const p of patches) {
    const [target, id, field, key] = p.path;
    if ((target !== 'rows' && target !== 'relations') || typeof id !== 'string') continue;
    const rawField = typeof field === 'string' ? field : null;
    const structural = rawField !== null && target === 'rows' && STRUCTURAL.has(rawField);
    const t: Touch = {
      target,
      id,
      // A move writes the row's place: it counts as the whole row (its value stays the field's).
      field: structural ? null : rawField,
      ...(typeof key === 'string' || typeof key === 'number' ? { key: String(key) } : {}),
      value: p.op === 'remove' ? undefined : p.value,
      ...(rawField === null && p.op !== 'replace' ? { exists: p.op } : {}),
    };
    writes.set(placeKey(t) + (structural ? `\u0001${rawField}` : ''), t);
    if (p.op !== 'remove') leansOf(target, rawField, p.value, leans);
  }
  return { writes: [...writes.values()], leans };
}

/** Whether two places overlap: the same row or relation, and one covers the other. */
function overlaps(a: Touch, b: Touch): boolean {
  if (a.target !== b.target || a.id !== b.id) return false;
  if (a.field === null || b.field === null) return true;
  if (a.field !== b.field) return false;
  return a.key === undefined || b.key === undefined || a.key === b.key;
}

/**
 * The places where `mine` (the batch) and `theirs` (what was stored since its revision, oldest
 * first) overlap; empty when the batch can be applied as it is. Each place once, with the value
 * mine writes and the newest value theirs wrote.
 */
export function overlapsBetween(mine: readonly Patch[], theirs: readonly (readonly Patch[])[]): Overlap[] {
  const m = touchesOf(mine);
  const t = touchesOf(theirs.flat());
  const byId = new Map<string, Touch[]>();
  for (const w of t.writes) {
    const list = byId.get(w.id);
    if (list) list.push(w);
    else byId.set(w.id, [w]);
  }
  const out = new Map<string, Overlap>();
  const add = (mineT: Touch | null, theirsT: Touch) => {
    const place = mineT && (mineT.field !== null || theirsT.field === null) ? mineT : theirsT;
    const k = placeKey(place);
    if (out.has(k)) return;
    out.set(k, {
      target: place.target,
      id: place.id,
      field: place.field,
      ...(place.key !== undefined ? { key: place.key } : {}),
      mine: mineT ? mineT.value : undefined,
      theirs: theirsT.value,
    });
  };
  for (const w of m.writes) for (const o of byId.get(w.id) ?? []) if (overlaps(w, o)) add(w, o);
  // A row mine leans on that theirs added or removed (and the other way round).
  for (const o of t.writes)
    if (o.target === 'rows' && o.field === null && o.exists && m.leans.has(o.id)) add(null, o);
  for (const w of m.writes)
    if (w.target === 'rows' && w.field === null && w.exists && t.leans.has(w.id))
      add(w, { ...w, value: undefined });
  return [...out.values()];
}

/** Whether a patch writes one of the places (or a whole row or relation among them). */
function writesAny(p: Patch, places: readonly Overlap[]): boolean {
  const [w] = touchesOf([p]).writes;
  if (!w) return false;
  return places.some((o) => overlaps(w, { ...o, value: undefined }));
}

/**
 * A refused batch as the user resolved it. 'theirs': the batch without the overlapping places
 * (null when nothing is left, or when a place is a whole row: a structural command is kept whole
 * or not at all), its inverse likewise. 'mine': the batch as it was, its inverse
 * giving back their values at the overlapping fields (so an undo of it restores what they wrote,
 * not what was there before both).
 */
export function resolvePatches(
  entry: { readonly patches: readonly Patch[]; readonly inversePatches: readonly Patch[] },
  places: readonly Overlap[],
  choice: 'mine' | 'theirs',
): { patches: Patch[]; inversePatches: Patch[] } | null {
  if (choice === 'theirs') {
    // A structural overlap (a row added, removed or moved): the command's parts belong together
    // (an indent drops the links it would make invalid), so none of it is kept.
    if (places.some((o) => o.field === null)) return null;
    const patches = entry.patches.filter((p) => !writesAny(p, places));
    if (patches.length === 0) return null;
    return { patches, inversePatches: entry.inversePatches.filter((p) => !writesAny(p, places)) };
  }
  const theirsAt = new Map(
    places.filter((o) => o.field !== null).map((o) => [placeKey(o), o.theirs] as const),
  );
  const inversePatches = entry.inversePatches.map((p) => {
    const [w] = touchesOf([p]).writes;
    if (!w || p.op !== 'replace' || !theirsAt.has(placeKey(w))) return p;
    return { ...p, value: theirsAt.get(placeKey(w)) };
  });
  return { patches: [...entry.patches], inversePatches };
}
