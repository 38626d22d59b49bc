// WDP changes as undoable patches (undo kind undo_wdp): one patch per row and day, path
// ['wdp', rowId, day], whose value is the day's whole cell ('remove' when the day is emptied).
// The workbench records them in the same history as WBS and relation edits, and the server
// stores them in the same undo log (src/server/services/wdp-patch.ts applies them).

import type { Patch } from 'immer';
import type { CellEdit } from './paste';
import type { RowDays, WdpCell } from './types';
import { EMPTY_CELL, isEmptyCell } from './types';

export const WDP_ROOT = 'wdp';

export interface WdpChange {
  patches: Patch[];
  inversePatches: Patch[];
}

/** Reads a row's days (the caller's store). */
export type DaysOf = (rowId: string) => RowDays | undefined;

function patchOf(rowId: string, day: number, before: WdpCell | undefined, after: WdpCell | undefined): Patch {
  const path = [WDP_ROOT, rowId, day];
  if (!after) return { op: 'remove', path };
  return { op: before ? 'replace' : 'add', path, value: after };
}

const sameCell = (a: WdpCell | undefined, b: WdpCell | undefined) =>
  a === b ||
  (!!a &&
    !!b &&
    a.plan === b.plan &&
    a.fact === b.fact &&
    a.approved_plan === b.approved_plan &&
    a.status === b.status);

/**
 * Patches setting each listed cell to its new state (undefined or empty: removed), with their
 * inverse; unchanged cells give no patch.
 */
export function cellsChange(
  daysOf: DaysOf,
  next: Iterable<readonly [string, number, WdpCell | undefined]>,
): WdpChange {
  const patches: Patch[] = [];
  const inversePatches: Patch[] = [];
  for (const [rowId, day, raw] of next) {
    const before = daysOf(rowId)?.get(day);
    const after = raw && !isEmptyCell(raw) ? raw : undefined;
    if (sameCell(before, after)) continue;
    patches.push(patchOf(rowId, day, before, after));
    inversePatches.unshift(patchOf(rowId, day, after, before));
  }
  return { patches, inversePatches };
}

/** Patches of value edits (a typed value, a paste, a fill). */
export function editsChange(daysOf: DaysOf, edits: readonly CellEdit[]): WdpChange {
  const cells = new Map<string, [string, number, WdpCell]>();
  for (const e of edits) {
    const key = `${e.rowId}|${e.day}`;
    const cur = cells.get(key)?.[2] ?? daysOf(e.rowId)?.get(e.day) ?? EMPTY_CELL;
    cells.set(key, [e.rowId, e.day, { ...cur, [e.kind]: e.value }]);
  }
  return cellsChange(daysOf, cells.values());
}

/** Patches replacing a row's days by `next` (a distribution, a clear). */
export function rowChange(daysOf: DaysOf, rowId: string, next: RowDays): WdpChange {
  const cur = daysOf(rowId) ?? new Map<number, WdpCell>();
  const all = new Set([...cur.keys(), ...next.keys()]);
  return cellsChange(
    daysOf,
    [...all].sort((a, b) => a - b).map((d) => [rowId, d, next.get(d)] as const),
  );
}

/** Apply patches to a store of rows' days (a copy-on-write of the rows touched). */
export function applyWdpPatches(
  rows: ReadonlyMap<string, RowDays>,
  patches: readonly Patch[],
): Map<string, RowDays> {
  const out = new Map(rows);
  const copied = new Set<string>();
  for (const p of patches) {
    const [root, rowId, day] = p.path;
    if (root !== WDP_ROOT || typeof rowId !== 'string' || typeof day !== 'number') continue;
    let days = out.get(rowId) as Map<number, WdpCell> | undefined;
    if (!copied.has(rowId)) {
      days = new Map(days ?? []);
      out.set(rowId, days);
      copied.add(rowId);
    }
    if (p.op === 'remove') days!.delete(day);
    else days!.set(day, p.value as WdpCell);
    if (days!.size === 0) {
      out.delete(rowId);
      copied.delete(rowId);
    }
  }
  return out;
}

export const isWdpPatch = (p: Patch): boolean => p.path[0] === WDP_ROOT;
