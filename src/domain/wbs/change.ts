// Every WBS command is a pure function that returns its change as patches (immer's form) plus the
// inverse patches (ARCHITECTURE "The core loop"): the store applies `patches`, history keeps
// `inversePatches` for undo, and the server receives the same patches as one batch.

import { enableMapSet, enablePatches, freeze, type Patch } from 'immer';
import { carryCodeFamilies } from './codes';
import { MapDraft, type DraftMap } from './map-draft';
import { releaseRemaining } from './progress';
import { carryRelationIndex, touchedRelationIds } from './relation-index';
import { ShardedMap } from './sharded-map';
import { buildTreeIndex, touchedRowIds, updateTreeIndex, type TreeIndex } from './tree-index';
import type { RelationId, RowId, WbsDoc, WbsRelation, WbsRow } from './types';

// immer's patch and Map/Set support: the patch type, freeze of Maps, and immer users elsewhere.
enablePatches();
enableMapSet();

// A command's drafts are map-draft.ts's (copies, not immer proxies). We freeze what a change
// touched, which keeps the whole document frozen at O(changes) cost (freezing the whole result
// would walk all 100k rows on every command).

/**
 * Freezes a map of the document itself (not its values): a plain Map through immer (its set and
 * delete then throw), a ShardedMap and each of its shards the same way — immer does not know the
 * class and would leave it as it is.
 */
function freezeMap(map: ReadonlyMap<unknown, unknown>): void {
  if (map instanceof ShardedMap) {
    if (Object.isFrozen(map)) return;
    // Shards built on first use are sealed frozen then (frozenShard): only the built ones here.
    for (const shard of map.builtShards()) freeze(shard);
    Object.freeze(map);
  } else freeze(map);
}

/**
 * Deep-freezes a row or relation: plain objects and arrays all the way down (attributes, an
 * import's sched). immer's deep freeze asks about each of a row's twenty fields; this looks only
 * at the fields that hold objects, several times faster over 100k rows.
 */
function freezeValue(value: object): void {
  Object.freeze(value);
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) freezeValue(v);
  }
}

/** Maps whose values are all deep-frozen (a frozen shard's values need not be). */
const sealed = new WeakSet<ReadonlyMap<unknown, unknown>>();

/** Seals a shard built on first use (ShardedMap.lazy): its values deep-frozen, then the shard. */
export function frozenShard<K, V>(shard: Map<K, V>): Map<K, V> {
  for (const value of shard.values()) freezeValue(value as object);
  sealed.add(shard);
  return freeze(shard);
}

function freezeTouched(doc: WbsDoc, patches: readonly Patch[]): WbsDoc {
  freeze(doc);
  freezeMap(doc.rows);
  freezeMap(doc.relations);
  for (const p of patches) {
    const key = p.path[1];
    if (key === undefined) {
      freeze(doc, true);
      break;
    }
    const container = p.path[0] === 'rows' ? doc.rows : p.path[0] === 'relations' ? doc.relations : null;
    const value = (container as ReadonlyMap<unknown, unknown> | null)?.get(key);
    if (typeof value === 'object' && value !== null) freezeValue(value);
  }
  return doc;
}

export type { DraftMap } from './map-draft';

export interface DocDraft {
  readonly rows: DraftMap<RowId, WbsRow>;
  readonly relations: DraftMap<RelationId, WbsRelation>;
}

function draftOf(doc: WbsDoc) {
  return { rows: new MapDraft(doc.rows), relations: new MapDraft(doc.relations) };
}

export interface WbsChange<R = undefined> {
  /** The document after the command. */
  doc: WbsDoc;
  patches: Patch[];
  inversePatches: Patch[];
  /** What the command reports back: created ids, refusals, failed cells … */
  result: R;
}

/**
 * Run a recipe on a draft of the document and capture its patches. Whatever the command, a row
 * whose progress inputs it changed drops the remaining duration an import kept (progress.ts).
 */
export function change<R>(doc: WbsDoc, recipe: (draft: DocDraft) => R): WbsChange<R> {
  const draft = draftOf(doc);
  const result = recipe(draft);
  draft.rows.settle(releaseRemaining);
  const log = { patches: [] as Patch[], inverse: [] as Patch[] };
  const rows = draft.rows.finish('rows', log);
  const relations = draft.relations.finish('relations', log);
  if (log.patches.length === 0) return noChange(doc, result);
  // Only a change of relations has an index to carry (a 10k-row paste has ~100k patches to scan).
  if (relations !== doc.relations)
    carryRelationIndex(doc.relations, relations, touchedRelationIds(log.patches));
  carryCodeFamilies(doc.rows, rows, () => touchedRowIds(log.patches));
  return {
    doc: freezeTouched({ rows, relations }, log.patches),
    patches: log.patches,
    // Parts hold disjoint keys, so their inverses apply in any order between them.
    inversePatches: log.inverse,
    result,
  };
}

/** A change that changes nothing but reports something (a refusal). */
export function noChange<R>(doc: WbsDoc, result: R): WbsChange<R> {
  return { doc, patches: [], inversePatches: [], result };
}

/** The document plus its derived tree index: what the store keeps for a version. */
export interface WbsState {
  doc: WbsDoc;
  index: TreeIndex;
}

/**
 * State of a loaded version. The document is deep-frozen here, once (commands freeze only what
 * they touch); `freezeNow: false` leaves that to the caller, who may spread it over idle time
 * (freezeDocInSteps) so the open of 100k rows does not wait for it.
 */
export function wbsState(doc: WbsDoc, freezeNow = true): WbsState {
  if (freezeNow) for (const _ of freezeDocInSteps(doc, Infinity));
  return { doc, index: buildTreeIndex(doc.rows) };
}

/**
 * Deep-freezes the rows, then the relations, then the document, pausing (yield) after every
 * `step` entries so a caller can spread the work over idle time.
 */
export function* freezeDocInSteps(doc: WbsDoc, step: number): Generator<void, void, void> {
  let n = 0;
  for (const map of [doc.rows, doc.relations] as const) {
    // Shard by shard: one built on first use is built here (sealed frozen as it is built, see
    // frozenShard), a step at a time.
    const parts =
      map instanceof ShardedMap
        ? Array.from({ length: ShardedMap.shardCount }, (_, i) => () => map.shard(i))
        : [() => map];
    for (const part of parts) {
      const values = part();
      if (sealed.has(values)) {
        n += values.size;
        if (n >= step) {
          n = 0;
          yield;
        }
        continue;
      }
      for (const value of values.values()) {
        freezeValue(value);
        if (++n % step === 0) yield;
      }
      sealed.add(values);
    }
  }
  freezeMap(doc.rows);
  freezeMap(doc.relations);
  freeze(doc);
}

/**
 * Apply patches (a command's, or its inverse for undo, or a remote batch) and bring the index
 * along, touching only the parents concerned.
 */
export function applyWbsPatches(state: WbsState, patches: readonly Patch[]): WbsState {
  if (patches.length === 0) return state;
  const draft = draftOf(state.doc);
  for (const p of patches) applyFlatPatch(draft, p);
  const doc = freezeTouched(
    { rows: draft.rows.finish('rows'), relations: draft.relations.finish('relations') },
    patches,
  );
  if (doc.relations !== state.doc.relations)
    carryRelationIndex(state.doc.relations, doc.relations, touchedRelationIds(patches));
  const touched = touchedRowIds(patches);
  carryCodeFamilies(state.doc.rows, doc.rows, () => touched);
  return { doc, index: updateTreeIndex(state.index, state.doc.rows, doc.rows, touched) };
}

/**
 * One patch in the flat form (['rows' | 'relations', id, …field path]) on a draft, through the
 * maps' get / set / delete.
 */
function applyFlatPatch(draft: DocDraft, p: Patch): void {
  const [root, key, ...rest] = p.path;
  if ((root !== 'rows' && root !== 'relations') || typeof key !== 'string')
    throw new Error(`Unsupported WBS patch path: ${JSON.stringify(p.path)}`);
  const map = draft[root] as unknown as DraftMap<string, unknown>;
  // Values are shared, not cloned: they are frozen rows and fields (freezeTouched), never mutated.
  const value: unknown = p.value;
  if (rest.length === 0) {
    if (p.op === 'remove') map.delete(key);
    else map.set(key, value);
    return;
  }
  let target = map.get(key) as Record<string | number, unknown> | undefined;
  for (const k of rest.slice(0, -1)) target = target?.[k] as Record<string | number, unknown> | undefined;
  if (!target) throw new Error(`WBS patch path not found: ${JSON.stringify(p.path)}`);
  const last = rest[rest.length - 1]!;
  if (Array.isArray(target) && last === 'length') target.length = value as number;
  else if (Array.isArray(target)) {
    const i = Number(last);
    if (p.op === 'remove') target.splice(i, 1);
    else if (p.op === 'add') target.splice(i, 0, value);
    else target[i] = value;
  } else if (p.op === 'remove') delete target[last];
  else target[last] = value;
}

/** State after a command's change (the document is already computed, only the index moves). */
export function commit(state: WbsState, c: WbsChange<unknown>): WbsState {
  if (c.patches.length === 0) return state;
  return {
    doc: c.doc,
    index: updateTreeIndex(state.index, state.doc.rows, c.doc.rows, touchedRowIds(c.patches)),
  };
}
