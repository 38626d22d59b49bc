// The workbench filter in the schedule worker: a filter over stored row values (row-fields.ts)
// evaluated on the worker's own copy of the rows (ScheduleCore's DocMirror, which every applied
// change's patches reach before a filter request sent after them), over preorder positions
// (domain/filter/positions.ts). The answer is positions of the same preorder the main thread
// numbers its tree index in, as two transferable Int32Arrays: the shown rows and the visible view.
// The request carries a probe of the main thread's numbering (size and a few ids at known
// positions); a worker whose rows differ (a load not yet opened there) answers null and the main
// thread evaluates itself.

import {
  positionPredicate,
  preorderTree,
  rowFieldGetter,
  shownPositions,
  visiblePositions,
  type FilterExpr,
  type PositionReader,
  type PreorderTree,
} from '../domain/filter';
import type { RowId, TreeIndex, WbsRow } from '../domain/wbs';

export interface FilterRequest {
  readonly expr: FilterExpr;
  /** Expanded flags by position of the main thread's preorder. */
  readonly expanded: Uint8Array;
  /** The main thread's row count and ids at probe positions (probeAt). */
  readonly size: number;
  readonly probe: readonly RowId[];
}

export interface FilterReply {
  readonly size: number;
  /** Positions of the shown rows (those that pass and their ancestors), ascending. */
  readonly shown: Int32Array;
  /** Positions of the visible view (through shown and expanded rows), in view order. */
  readonly visible: Int32Array;
  /** Evaluation time in the worker, milliseconds. */
  readonly ms: number;
}

const PROBES = 64;

/** The positions whose ids the request carries. */
export function probeAt(size: number): number[] {
  const step = Math.max(1, Math.floor(size / PROBES));
  const out: number[] = [];
  for (let p = 0; p < size; p += step) out.push(p);
  if (size > 0 && out.at(-1) !== size - 1) out.push(size - 1);
  return out;
}

/** A request for the main thread's tree (expanded flags built by position). */
export function filterRequest(
  expr: FilterExpr,
  tree: PreorderTree,
  expanded: Pick<ReadonlySet<RowId>, 'has'>,
): FilterRequest {
  const n = tree.ids.length;
  const flags = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (expanded.has(tree.ids[p]!)) flags[p] = 1;
  return { expr, expanded: flags, size: n, probe: probeAt(n).map((p) => tree.ids[p]!) };
}

/** Evaluate a request over rows and their index; null when they are not the main thread's. */
export function runFilter(
  rows: ReadonlyMap<RowId, WbsRow>,
  index: TreeIndex,
  req: FilterRequest,
): FilterReply | null {
  const t0 = performance.now();
  const tree = preorderTree(index);
  const n = tree.ids.length;
  if (n !== req.size || rows.size !== n || req.expanded.length !== n) return null;
  const probes = probeAt(n);
  for (let i = 0; i < probes.length; i++) if (tree.ids[probes[i]!] !== req.probe[i]) return null;
  const at = tree.ids.map((id) => rows.get(id)!);
  const read: PositionReader = {
    get: (p, field) => rowFieldGetter(field)?.(at[p]!) ?? null,
    getter: (field) => {
      const g = rowFieldGetter(field);
      return g ? (p) => g(at[p]!) ?? null : () => null;
    },
    color: (p) => at[p]!.color,
  };
  const shown = shownPositions(tree, positionPredicate(req.expr, tree, read));
  const visible = visiblePositions(tree, shown, (p) => req.expanded[p] === 1);
  let count = 0;
  for (let p = 0; p < n; p++) count += shown[p]!;
  const list = new Int32Array(count);
  for (let p = 0, k = 0; p < n; p++) if (shown[p] === 1) list[k++] = p;
  return { size: n, shown: list, visible, ms: performance.now() - t0 };
}

export const filterTransferables = (r: FilterReply | null): Transferable[] =>
  r ? [r.shown.buffer, r.visible.buffer] : [];
