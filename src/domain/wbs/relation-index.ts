// Relations by the rows they join, beside the tree index: what a command asks — the relations of
// these rows (indent, outdent, delete, copy, the task_relations tab), a row's successors (the
// cycle check of a new link) — reads a few short lists instead of walking all 150k relations.
//
// Derived data, never in a document or in history. It is kept per relations map (a WeakMap), built
// in steps in idle time after an open (building 150k relations at once takes 100–200 ms here), and
// carried over to the map a change produces by updating the lists of the rows that change
// touched: a sharded map, so an update copies a few small shards, not 100k lists. Until it is
// built, the same questions are answered by walking the relations (tens of milliseconds).

import { ShardedMap, shardOf } from './sharded-map';
import type { RelationId, RowId, WbsRelation } from './types';

type Relations = ReadonlyMap<RelationId, WbsRelation>;

export interface RelationIndex {
  /** Relation ids by the row at either end (a link from a row to itself is listed once). */
  readonly byRow: ShardedMap<RowId, readonly RelationId[]>;
}

const NONE: readonly RelationId[] = Object.freeze([]);
const built = new WeakMap<Relations, RelationIndex>();
/**
 * The indexes kept last, also held here: a value reachable only through a WeakMap is marked in
 * the garbage collector's ephemeron pass, on the main thread's pause (a 100k-row index held only
 * weakly added ≈ 45 ms to a full collection in Node). The WeakMap still answers by map.
 */
const recent: RelationIndex[] = [];
const RECENT = 2;

function keep(relations: Relations, index: RelationIndex): void {
  built.set(relations, index);
  recent.unshift(index);
  recent.length = Math.min(recent.length, RECENT);
}

/**
 * Builds the index of `relations`, pausing (yield) after every `step` relations so a caller can
 * spread it over idle time; the index is kept for that map when the walk ends.
 */
export function* buildRelationIndexInSteps(relations: Relations, step = 10_000): Generator<void, void, void> {
  if (built.has(relations)) return;
  // Straight into the shards: no 100k-entry map in between.
  const shards = ShardedMap.emptyShards<RowId, RelationId[]>();
  const add = (row: RowId, id: RelationId) => {
    const shard = shards[shardOf(row)]!;
    const list = shard.get(row);
    if (list) list.push(id);
    else shard.set(row, [id]);
  };
  let n = 0;
  for (const r of relations.values()) {
    add(r.predId, r.id);
    if (r.succId !== r.predId) add(r.succId, r.id);
    if (++n % step === 0) yield;
  }
  keep(relations, { byRow: ShardedMap.fromShards<RowId, readonly RelationId[]>(shards) });
}

/** Whether this relations map's index is built (or was carried over to it). */
export function hasRelationIndex(relations: Relations): boolean {
  return built.has(relations);
}

/** The index of this relations map, building it now if needed. */
export function relationIndex(relations: Relations): RelationIndex {
  if (!built.has(relations)) for (const _ of buildRelationIndexInSteps(relations, Infinity));
  return built.get(relations)!;
}

/** The relations with an end at one of `rows`: from the index when built, else by a walk. */
export function relationsTouching(relations: Relations, rows: Iterable<RowId>): WbsRelation[] {
  const index = built.get(relations);
  const out = new Map<RelationId, WbsRelation>();
  if (index) {
    for (const row of rows)
      for (const id of index.byRow.get(row) ?? NONE) {
        const r = relations.get(id);
        if (r) out.set(id, r);
      }
    return [...out.values()];
  }
  const set = rows instanceof Set ? (rows as ReadonlySet<RowId>) : new Set(rows);
  for (const r of relations.values()) if (set.has(r.predId) || set.has(r.succId)) out.set(r.id, r);
  return [...out.values()];
}

/** A row's successors: through the index when built, else from a successor map built once. */
export function successorsFor(relations: Relations): (row: RowId) => readonly RowId[] {
  const index = built.get(relations);
  if (index)
    return (row) => {
      const out: RowId[] = [];
      for (const id of index.byRow.get(row) ?? NONE) {
        const r = relations.get(id);
        if (r && r.predId === row) out.push(r.succId);
      }
      return out;
    };
  const map = successorMap(relations);
  return (row) => map.get(row) ?? NONE;
}

/** Successor adjacency: pred id → successor ids. Build once per command: O(relations). */
export function successorMap(relations: Relations): Map<RowId, RowId[]> {
  const out = new Map<RowId, RowId[]>();
  for (const r of relations.values()) {
    let list = out.get(r.predId);
    if (!list) out.set(r.predId, (list = []));
    list.push(r.succId);
  }
  return out;
}

/**
 * After a change from `before` to `after` that touched these relation ids (undefined: unknown),
 * the index built for `before`, if any, is carried over to `after`: only the lists of the rows at
 * the touched relations' old and new ends change. Nothing is built when `before` has no index.
 */
export function carryRelationIndex(
  before: Relations,
  after: Relations,
  touched: Iterable<RelationId> | undefined,
): void {
  if (before === after || built.has(after)) return;
  const index = built.get(before);
  if (!index) return;
  if (touched === undefined) return;
  const next = new Map<RowId, RelationId[]>();
  const listOf = (row: RowId) => {
    let list = next.get(row);
    if (!list) next.set(row, (list = [...(index.byRow.get(row) ?? NONE)]));
    return list;
  };
  for (const id of touched) {
    const a = before.get(id);
    const b = after.get(id);
    if (a && b && a.predId === b.predId && a.succId === b.succId) continue;
    if (a)
      for (const row of new Set([a.predId, a.succId])) {
        const list = listOf(row);
        const at = list.indexOf(id);
        if (at >= 0) list.splice(at, 1);
      }
    if (b) for (const row of new Set([b.predId, b.succId])) listOf(row).push(id);
  }
  const changes: [RowId, readonly RelationId[] | undefined][] = [];
  for (const [row, list] of next) changes.push([row, list.length > 0 ? list : undefined]);
  keep(after, { byRow: index.byRow.withEntries(changes) });
}

/** Ids of relations a list of patches touched (undefined when a patch replaced them all). */
export function touchedRelationIds(
  patches: readonly { path: readonly (string | number)[] }[],
): Set<RelationId> | undefined {
  const ids = new Set<RelationId>();
  for (const p of patches) {
    if (p.path[0] !== 'relations') continue;
    if (p.path.length < 2) return undefined;
    ids.add(String(p.path[1]));
  }
  return ids;
}
