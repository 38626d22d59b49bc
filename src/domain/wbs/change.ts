// Every WBS command is a pure function that returns its change as immer patches plus the inverse
// patches (ARCHITECTURE "The core loop"): the store applies `patches`, history keeps
// `inversePatches` for undo, and the server receives the same patches as one batch.

import { enableMapSet, enablePatches, freeze, Immer, type Draft, type Patch } from 'immer';
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
  return { doc: freezeTouched(next, patches), patches, inversePatches, result: result as R };
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
  const doc = freezeTouched(immer.applyPatches(state.doc, patches as Patch[]), patches);
  return { doc, index: updateTreeIndex(state.index, state.doc.rows, doc.rows, touchedRowIds(patches)) };
}

/** State after a command's change (the document is already computed, only the index moves). */
export function commit(state: WbsState, c: WbsChange<unknown>): WbsState {
  if (c.patches.length === 0) return state;
  return {
    doc: c.doc,
    index: updateTreeIndex(state.index, state.doc.rows, c.doc.rows, touchedRowIds(c.patches)),
  };
}
