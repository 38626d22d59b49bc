// Every WBS command is a pure function that returns its change as immer patches plus the inverse
// patches (ARCHITECTURE "The core loop"): the store applies `patches`, history keeps
// `inversePatches` for undo, and the server receives the same patches as one batch.

import { enableMapSet, enablePatches, freeze, Immer, type Draft, type Patch } from 'immer';
import { flatPatches } from './sharded-map';
import { buildTreeIndex, touchedRowIds, updateTreeIndex, type TreeIndex } from './tree-index';
import type { WbsDoc } from './types';

enablePatches();
enableMapSet();

// Our own immer instance without auto-freeze: immer's deep freeze of a result walks every entry
// of the 100k-row Map on every command (measured: it doubles the cost of an indent). We freeze
// instead what a change touched, which keeps the whole document frozen at O(changes) cost —
// frozen also lets an enclosing store's immer skip the document without walking it.
const immer = new Immer({ autoFreeze: false });

function freezeTouched(doc: WbsDoc, patches: readonly Patch[]): WbsDoc {
  freeze(doc);
  freeze(doc.rows);
  freeze(doc.relations);
  for (const p of patches) {
    const key = p.path[1];
    if (key === undefined) {
      freeze(doc, true);
      break;
    }
    const container = p.path[0] === 'rows' ? doc.rows : p.path[0] === 'relations' ? doc.relations : null;
    const value = (container as ReadonlyMap<unknown, unknown> | null)?.get(key);
    if (value !== undefined) freeze(value, true);
  }
  return doc;
}

export interface WbsChange<R = undefined> {
  /** The document after the command. */
  doc: WbsDoc;
  patches: Patch[];
  inversePatches: Patch[];
  /** What the command reports back: created ids, refusals, failed cells … */
  result: R;
}

/** Run a recipe on a draft of the document and capture its patches. */
export function change<R>(doc: WbsDoc, recipe: (draft: Draft<WbsDoc>) => R): WbsChange<R> {
  let result: R | undefined;
  const [next, patches, inversePatches] = immer.produceWithPatches(doc, (draft) => {
    result = recipe(draft);
  });
  const flat = flatPatches(patches);
  return {
    doc: freezeTouched(next, flat),
    patches: flat,
    inversePatches: flatPatches(inversePatches),
    result: result as R,
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
  return { doc: freezeNow ? freeze(doc, true) : doc, index: buildTreeIndex(doc.rows) };
}

/**
 * Deep-freezes the rows, then the relations, then the document, pausing (yield) after every
 * `step` entries so a caller can spread the work over idle time.
 */
export function* freezeDocInSteps(doc: WbsDoc, step: number): Generator<void, void, void> {
  let n = 0;
  for (const map of [doc.rows, doc.relations] as const) {
    for (const value of map.values()) {
      freeze(value, true);
      if (++n % step === 0) yield;
    }
  }
  freeze(doc.rows);
  freeze(doc.relations);
  freeze(doc);
}

/**
 * Apply patches (a command's, or its inverse for undo, or a remote batch) and bring the index
 * along, touching only the parents concerned.
 */
export function applyWbsPatches(state: WbsState, patches: readonly Patch[]): WbsState {
  if (patches.length === 0) return state;
  const next = immer.produce(state.doc, (draft) => {
    for (const p of patches) applyFlatPatch(draft, p);
  });
  const doc = freezeTouched(next, patches);
  return { doc, index: updateTreeIndex(state.index, state.doc.rows, doc.rows, touchedRowIds(patches)) };
}

/**
 * One patch in the flat form (['rows' | 'relations', id, …field path]) on a draft, through the
 * containers' get / set / delete: the same code serves a plain Map and a ShardedMap, whose own
 * paths immer's applyPatches would not know.
 */
function applyFlatPatch(draft: Draft<WbsDoc>, p: Patch): void {
  const [root, key, ...rest] = p.path;
  if ((root !== 'rows' && root !== 'relations') || typeof key !== 'string')
    throw new Error(`Unsupported WBS patch path: ${JSON.stringify(p.path)}`);
  const map = draft[root] as unknown as Map<string, unknown>;
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
