// Import and export of an estimate: JSON for round trips (equal after export → import up to fresh
// ids) and flat tables (CSV, XLSX sheets) through a column mapping the user saves: which header
// holds which field. Sections and positions in a flat sheet: a `kind` column, or a row without
// measure, quantity and prices is a section; a `level` column nests, else positions go under the
// last section above them.
import { keysBetween } from '../wbs/order-key';
import { checkField, NODE_FIELDS } from './fields';
import type { CellError, NodeField } from './fields';
import { flattenTree } from './tree';
import type { Coefficient, CostNode, CostrSettings, EstimateKind } from './types';
import { emptyNode } from './types';

export const JSON_FORMAT = 'costr-estimate';

export interface EstimateFile {
  format: typeof JSON_FORMAT;
  v: 1;
  estimate: { name: string; kind: EstimateKind; currency: string };
  nodes: CostNode[];
  coefficients: Coefficient[];
}

export function toJsonFile(
  estimate: EstimateFile['estimate'],
  nodes: readonly CostNode[],
  coefficients: readonly Coefficient[],
): EstimateFile {
  const ordered = flattenTree(nodes).map((f) => f.node);
  return { format: JSON_FORMAT, v: 1, estimate, nodes: ordered, coefficients: [...coefficients] };
}

/** The file's nodes and coefficients under fresh ids (parents, links between them remapped). */
export function fromJsonFile(
  file: EstimateFile,
  newId: () => string,
): { nodes: CostNode[]; coefficients: Coefficient[]; idMap: Map<string, string> } {
  const idMap = new Map<string, string>();
  for (const n of file.nodes) idMap.set(n.id, newId());
  for (const c of file.coefficients) idMap.set(c.id, newId());
  const m = (id: string) => idMap.get(id) ?? id;
  return {
    nodes: file.nodes.map((n) => ({
      ...n,
      id: m(n.id),
      parentId: n.parentId === null ? null : m(n.parentId),
    })),
    coefficients: file.coefficients.map((c) => ({
      ...c,
      id: m(c.id),
      nodeIds: c.nodeIds.map(m),
      after: c.after.map(m),
    })),
    idMap,
  };
}

export type TableField = NodeField | 'kind' | 'level';
export const TABLE_FIELDS: readonly TableField[] = ['kind', 'level', ...NODE_FIELDS];

export interface ColumnMapping {
  /** 1-based row of the headers; data starts below it. */
  headerRow: number;
  /** Field → the header text of its column (compared case-insensitively, trimmed). */
  columns: Partial<Record<TableField, string>>;
}

export const DEFAULT_MAPPING: ColumnMapping = {
  headerRow: 1,
  columns: {
    kind: 'Kind',
    level: 'Level',
    code: 'Code',
    name: 'Name',
    measure: 'Measure',
    quantity: 'Quantity',
    labourPrice: 'Labour price',
    machinesPrice: 'Machines price',
    materialsPrice: 'Materials price',
    labourHours: 'Labour hours',
    notes: 'Notes',
  },
};

/** The estimate as a table: the mapping's headers, then one row per node in tree order. */
export function toTable(nodes: readonly CostNode[], mapping: ColumnMapping): string[][] {
  const fields = TABLE_FIELDS.filter((f) => mapping.columns[f] !== undefined);
  const out: string[][] = [];
  for (let i = 1; i < mapping.headerRow; i++) out.push([]);
  out.push(fields.map((f) => mapping.columns[f]!));
  for (const { node, depth } of flattenTree(nodes))
    out.push(fields.map((f) => (f === 'kind' ? node.kind : f === 'level' ? String(depth + 1) : node[f])));
  return out;
}

const SECTION_WORDS = new Set(['section', 'раздел', 's']);

export interface TableImport {
  nodes: CostNode[];
  errors: CellError[];
  /** Mapped headers not found in the sheet. */
  missing: TableField[];
}

/** Nodes of a table read through the mapping; cells that fail their check are errors (rows kept). */
export function fromTable(
  table: readonly (readonly string[])[],
  mapping: ColumnMapping,
  rules: Pick<CostrSettings['rules'], 'negativePrices'>,
  newId: () => string,
): TableImport {
  const header = (table[mapping.headerRow - 1] ?? []).map((h) =>
    String(h ?? '')
      .trim()
      .toLowerCase(),
  );
  const col = new Map<TableField, number>();
  const missing: TableField[] = [];
  for (const f of TABLE_FIELDS) {
    const h = mapping.columns[f];
    if (h === undefined) continue;
    const i = header.indexOf(h.trim().toLowerCase());
    if (i < 0) missing.push(f);
    else col.set(f, i);
  }
  // Data rows with their 1-based sheet row numbers (blank rows skipped).
  const body = table
    .slice(mapping.headerRow)
    .map((r, i) => ({ r, line: mapping.headerRow + i + 1 }))
    .filter(({ r }) => r.some((c) => String(c ?? '').trim() !== ''));
  const nodes: CostNode[] = [];
  const errors: CellError[] = [];
  // Open sections by level (1-based); index 0 is the root.
  const open: (string | null)[] = [null];
  const keysOf = new Map<string | null, number>();
  body.forEach(({ r, line }) => {
    const cell = (f: TableField) => {
      const c = col.get(f);
      return c === undefined ? '' : String(r[c] ?? '').trim();
    };
    const kindText = cell('kind').toLowerCase();
    const hasValues = ['measure', 'quantity', 'labourPrice', 'machinesPrice', 'materialsPrice'].some(
      (f) => cell(f as TableField) !== '',
    );
    const kind =
      col.has('kind') && kindText
        ? SECTION_WORDS.has(kindText)
          ? 'section'
          : 'position'
        : hasValues
          ? 'position'
          : 'section';
    const lv = Number.parseInt(cell('level'), 10);
    let parent: string | null;
    if (col.has('level') && Number.isFinite(lv) && lv >= 1) {
      parent = open[Math.min(lv - 1, open.length - 1)] ?? null;
      if (kind === 'section') {
        open.length = Math.min(lv, open.length);
      }
    } else {
      parent = kind === 'section' ? null : (open[open.length - 1] ?? null);
      if (kind === 'section') open.length = 1;
    }
    const node = emptyNode(newId(), parent, '', kind);
    keysOf.set(parent, (keysOf.get(parent) ?? 0) + 1);
    for (const f of NODE_FIELDS) {
      if (!col.has(f)) continue;
      if (kind === 'section' && f !== 'code' && f !== 'name' && f !== 'notes') continue;
      const res = checkField(f, cell(f), rules);
      if (res.ok) node[f] = res.value;
      else errors.push({ row: line, field: f, code: res.code, text: cell(f) });
    }
    if (kind === 'section') open.push(node.id);
    nodes.push(node);
  });
  // Order keys per parent in sheet order.
  const keys = new Map<string | null, string[]>();
  for (const [p, n] of keysOf) keys.set(p, keysBetween(null, null, n));
  const used = new Map<string | null, number>();
  for (const n of nodes) {
    const k = used.get(n.parentId) ?? 0;
    used.set(n.parentId, k + 1);
    n.orderKey = keys.get(n.parentId)![k]!;
  }
  return { nodes, errors, missing };
}
