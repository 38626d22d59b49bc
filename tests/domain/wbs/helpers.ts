// Test and benchmark helpers: a seeded WBS generator, naive reference implementations and the
// tree invariants every command must keep.
import { expect } from 'vitest';
import { keyBetween, isValidOrderKey } from '../../../src/domain/wbs/order-key';
import { buildTreeIndex, type TreeIndex } from '../../../src/domain/wbs/tree-index';
import { newRow, type IdSource, type RowId, type WbsDoc, type WbsRow } from '../../../src/domain/wbs/types';
import { generateWbs } from './generate';

export { generateWbs };

export function counterIds(prefix = 'n'): IdSource {
  let i = 0;
  return { newId: () => `${prefix}${++i}` };
}

/** A doc from an outline: [name, depth] in display order. */
export function docFromOutline(lines: [string, number][]): WbsDoc {
  const rows = new Map<RowId, WbsRow>();
  const stack: RowId[] = [];
  const lastKey = new Map<string, string>();
  for (const [name, depth] of lines) {
    stack.length = depth;
    const parentId = depth === 0 ? null : stack[depth - 1]!;
    const key = keyBetween(lastKey.get(parentId ?? '') ?? null, null);
    lastKey.set(parentId ?? '', key);
    rows.set(name, newRow(name, 'task', parentId, key, { name }));
    if (parentId) rows.get(parentId)!.nodeType = 'sum';
    stack.push(name);
  }
  return { rows, relations: new Map() };
}

/** Naive children: scan every row, sort by key. */
export function naiveChildren(doc: WbsDoc, parentId: RowId | null): RowId[] {
  return [...doc.rows.values()]
    .filter((r) => r.parentId === parentId)
    .sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : a.id < b.id ? -1 : 1))
    .map((r) => r.id);
}

export function naiveOutline(doc: WbsDoc): Map<RowId, string> {
  const out = new Map<RowId, string>();
  const walk = (parent: RowId | null, prefix: string) =>
    naiveChildren(doc, parent).forEach((id, i) => {
      out.set(id, prefix + (i + 1));
      walk(id, `${prefix}${i + 1}.`);
    });
  walk(null, '');
  return out;
}

export function naiveVisible(doc: WbsDoc, expanded: ReadonlySet<RowId>): [RowId, number][] {
  const out: [RowId, number][] = [];
  const walk = (parent: RowId | null, depth: number) => {
    for (const id of naiveChildren(doc, parent)) {
      out.push([id, depth]);
      if (expanded.has(id)) walk(id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Parents exist, no cycles, keys valid and strictly increasing among siblings, index in sync. */
export function expectValidTree(doc: WbsDoc, index?: TreeIndex): void {
  const errors: string[] = [];
  for (const row of [...doc.rows.values()]) {
    if (!isValidOrderKey(row.orderKey)) errors.push(`bad key ${row.orderKey} of ${row.id}`);
    if (row.parentId !== null && !doc.rows.has(row.parentId)) errors.push(`missing parent of ${row.id}`);
    const seen = new Set<RowId>([row.id]);
    for (let p = row.parentId; p !== null && doc.rows.has(p); p = doc.rows.get(p)!.parentId) {
      if (seen.has(p)) {
        errors.push(`cycle through ${p}`);
        break;
      }
      seen.add(p);
    }
  }
  const rebuilt = buildTreeIndex(doc.rows);
  for (const list of rebuilt.children.values()) {
    for (let i = 1; i < list.length; i++) {
      if (!(doc.rows.get(list[i - 1]!)!.orderKey < doc.rows.get(list[i]!)!.orderKey))
        errors.push(`keys not increasing at ${list[i]}`);
    }
  }
  for (const r of [...doc.relations.values()]) {
    if (!doc.rows.has(r.predId) || !doc.rows.has(r.succId)) errors.push(`dangling relation ${r.id}`);
  }
  expect(errors).toEqual([]);
  if (index) expect(new Map(index.children)).toEqual(new Map(rebuilt.children));
}
