// Complex relations between directories (spec §7 "directory-complex-relations"): a relation from a
// source directory to a target directory holds rows "this source value needs `norm` of that
// target value per unit". Relations chain (work type → material → labour), so a WBS row linked
// to a source value with a volume needs quantities of every value downstream. The values of a
// relation marked `assign` stand for the space resources with the same code: their quantities
// are the row's assignments. Pure: the server reads and writes, these functions decide.

export interface RelationDef {
  id: string;
  source_directory_id: string;
  target_directory_id: string;
  /** The target values become the rows' resource assignments (matched to resources by code). */
  assign: boolean;
}

export interface RelationRowDef {
  relation_id: string;
  source_value_id: string;
  target_value_id: string;
  norm: number;
}

/** Whether a relation source → target would close a loop of relations (or is a self-relation). */
export function wouldCycle(
  relations: readonly Pick<RelationDef, 'source_directory_id' | 'target_directory_id'>[],
  source: string,
  target: string,
): boolean {
  if (source === target) return true;
  // A loop exists when the source is reachable from the target already.
  return dependentDirectories(relations, target).some((d) => d.directory_id === source);
}

/**
 * The directories that depend on `directoryId` through relations (its targets, theirs …), each
 * once at its shortest depth (1 = a direct target), nearest first.
 */
export function dependentDirectories(
  relations: readonly Pick<RelationDef, 'source_directory_id' | 'target_directory_id'>[],
  directoryId: string,
): { directory_id: string; depth: number }[] {
  const out: { directory_id: string; depth: number }[] = [];
  const seen = new Set([directoryId]);
  let frontier = [directoryId];
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const d of frontier)
      for (const r of relations)
        if (r.source_directory_id === d && !seen.has(r.target_directory_id)) {
          seen.add(r.target_directory_id);
          next.push(r.target_directory_id);
          out.push({ directory_id: r.target_directory_id, depth });
        }
    frontier = next;
  }
  return out;
}

/** Deepest chain followed: relations refuse loops, this only bounds data written by other means. */
const MAX_DEPTH = 32;

/**
 * What quantities the started values need, by value id, over every chain of relation rows: a
 * value reached through an `assign` relation gets quantity × norm (summed over the paths to it).
 * `start` maps source value ids to quantities (a row's volume).
 */
export function requiredQuantities(
  relations: readonly RelationDef[],
  rows: readonly RelationRowDef[],
  start: ReadonlyMap<string, number>,
): Map<string, number> {
  const assigns = new Map(relations.map((r) => [r.id, r.assign]));
  const edges = new Map<string, { to: string; norm: number; assign: boolean }[]>();
  for (const r of rows) {
    if (!assigns.has(r.relation_id) || !Number.isFinite(r.norm)) continue;
    const list = edges.get(r.source_value_id) ?? [];
    list.push({ to: r.target_value_id, norm: r.norm, assign: assigns.get(r.relation_id)! });
    edges.set(r.source_value_id, list);
  }
  const out = new Map<string, number>();
  const push = (value: string, q: number, depth: number) => {
    if (depth > MAX_DEPTH) return;
    for (const e of edges.get(value) ?? []) {
      const need = q * e.norm;
      if (e.assign) out.set(e.to, (out.get(e.to) ?? 0) + need);
      push(e.to, need, depth + 1);
    }
  };
  for (const [value, q] of start) if (Number.isFinite(q)) push(value, q, 0);
  for (const [k, v] of out) if (v === 0) out.delete(k);
  return out;
}

/**
 * The directories whose values relations decide: the targets of `assign` relations. Every value of
 * them is managed (a value whose last row went is still decided: its assignment goes).
 */
export function assignedDirectories(relations: readonly RelationDef[]): Set<string> {
  return new Set(relations.filter((r) => r.assign).map((r) => r.target_directory_id));
}

/** Units equal for the indicator: the same to 6 significant digits (what a cell shows). */
export const sameUnits = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

export interface AssignmentDiff {
  add: { key: string; units: number }[];
  update: { key: string; units: number }[];
  remove: string[];
}

/**
 * What turns a row's managed assignments (`actual`, by resource key) into the required ones:
 * add the missing, update those with other units, remove those no longer required.
 */
export function diffAssignments(
  required: ReadonlyMap<string, number>,
  actual: ReadonlyMap<string, number>,
): AssignmentDiff {
  const diff: AssignmentDiff = { add: [], update: [], remove: [] };
  for (const [key, units] of required) {
    const have = actual.get(key);
    if (have === undefined) diff.add.push({ key, units });
    else if (!sameUnits(have, units)) diff.update.push({ key, units });
  }
  for (const key of actual.keys()) if (!required.has(key)) diff.remove.push(key);
  return diff;
}

export const isEmptyDiff = (d: AssignmentDiff) =>
  d.add.length === 0 && d.update.length === 0 && d.remove.length === 0;

// The exchange format of a relation's rows (export-relations / import-relations): a header row,
// then one row per relation row: source code and name, target code and name, norm.

export const RELATION_HEADERS = ['source code', 'source name', 'target code', 'target name', 'norm'] as const;

const HEADER_NAMES: Record<'source' | 'target' | 'norm', readonly string[]> = {
  source: ['source code', 'source', 'код источника', 'источник', 'code source'],
  target: ['target code', 'target', 'код цели', 'цель', 'code cible', 'cible'],
  norm: ['norm', 'норма', 'norme'],
};

export interface RelationEntry {
  source_code: string;
  target_code: string;
  norm: number;
  /** 1-based row of the file. */
  row: number;
}

export interface RelationProblem {
  code:
    | 'directory.no_header'
    | 'directory.no_rows'
    | 'relation.unknown_source'
    | 'relation.unknown_target'
    | 'relation.bad_norm'
    | 'relation.duplicate_row';
  params: Record<string, string | number>;
}

/** A number as typed in a sheet: a decimal comma is read as a point. */
const readNorm = (text: string) => {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return NaN;
  return Number(t);
};

/**
 * Reads a relation's rows from cells, checking the codes against the two directories' codes;
 * problems name the file row. A row with both codes empty is skipped.
 */
export function readRelationTable(
  cells: readonly (readonly string[])[],
  sourceCodes: ReadonlySet<string>,
  targetCodes: ReadonlySet<string>,
): { entries: RelationEntry[]; problems: RelationProblem[] } {
  const problems: RelationProblem[] = [];
  const headerAt = cells.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerAt < 0) return { entries: [], problems: [{ code: 'directory.no_rows', params: {} }] };
  const header = cells[headerAt]!.map((c) => c.trim().toLowerCase());
  const col = (names: readonly string[]) => header.findIndex((h) => names.includes(h));
  const [s, t, n] = [col(HEADER_NAMES.source), col(HEADER_NAMES.target), col(HEADER_NAMES.norm)];
  if (s < 0 || t < 0 || n < 0)
    return {
      entries: [],
      problems: [{ code: 'directory.no_header', params: { columns: 'source code, target code, norm' } }],
    };
  const entries: RelationEntry[] = [];
  const firstRow = new Map<string, number>();
  for (let r = headerAt + 1; r < cells.length; r++) {
    const line = cells[r]!;
    const source_code = (line[s] ?? '').trim();
    const target_code = (line[t] ?? '').trim();
    if (source_code === '' && target_code === '') continue;
    const row = r + 1;
    if (!sourceCodes.has(source_code)) {
      problems.push({ code: 'relation.unknown_source', params: { row, code: source_code } });
      continue;
    }
    if (!targetCodes.has(target_code)) {
      problems.push({ code: 'relation.unknown_target', params: { row, code: target_code } });
      continue;
    }
    const norm = readNorm(line[n] ?? '');
    if (!Number.isFinite(norm) || norm < 0) {
      problems.push({ code: 'relation.bad_norm', params: { row, value: line[n] ?? '' } });
      continue;
    }
    const key = `${source_code}\u0000${target_code}`;
    if (firstRow.has(key)) {
      problems.push({ code: 'relation.duplicate_row', params: { row, first: firstRow.get(key)! } });
      continue;
    }
    firstRow.set(key, row);
    entries.push({ source_code, target_code, norm, row });
  }
  if (entries.length === 0 && problems.length === 0) problems.push({ code: 'directory.no_rows', params: {} });
  return { entries, problems };
}

/** The cells of the exchange format for rows given by codes and names. */
export function writeRelationTable(
  rows: readonly {
    source_code: string;
    source_name: string;
    target_code: string;
    target_name: string;
    norm: number;
  }[],
): string[][] {
  return [
    [...RELATION_HEADERS],
    ...rows.map((r) => [r.source_code, r.source_name, r.target_code, r.target_name, String(r.norm)]),
  ];
}
