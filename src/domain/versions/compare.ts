// Two versions of a schedule side by side: which rows were added, removed or changed (and which
// fields, with old and new values), how far each row's start and finish moved, which relations
// were added, removed or changed, and the summary a planner sends. Pure.
//
// Matching (docs/versions.md): 1) by activity code, where a code is non-empty and unique in both
// versions; 2) by row id, for rows left (a copied version keeps its rows' ids, so a row whose code
// was edited still matches); 3) by name under the same matched parent (or both at the top), where
// that name is unique there on both sides. Anything left is added (only in the compared version)
// or removed (only in the base).

/** One row of a version as compared: its values and the dates the engine gave it (minutes). */
export interface CompareActivity {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly parentId: string | null;
  readonly nodeType: string;
  /** Working minutes. */
  readonly duration: number;
  readonly percent: number;
  /** The calendar's name (its id where the model has no such calendar). */
  readonly calendarId: string | null;
  /** The row's constraints in one readable string ('' for none). */
  readonly constraint: string;
  /** Resource assignments as "resource: units; …", sorted ('' for none). */
  readonly assignments: string;
  /** Attribute values as "key=value; …", sorted by key, empty values left out ('' for none). */
  readonly attributes: string;
  /** Start and finish (minutes since 2000-01-01), null when not scheduled. */
  readonly start: number | null;
  readonly finish: number | null;
  /** Total float, working minutes; null when not scheduled. */
  readonly totalFloat: number | null;
  readonly critical: boolean;
}

export interface CompareRelation {
  readonly predId: string;
  readonly succId: string;
  readonly type: string;
  readonly lag: number;
}

export interface CompareSide {
  readonly activities: readonly CompareActivity[];
  readonly relations: readonly CompareRelation[];
}

export type RowStatus = 'added' | 'removed' | 'changed' | 'same';

/** The fields compared, in the order they are listed. */
export const COMPARED_FIELDS = [
  'name',
  'code',
  'node_type',
  'parent',
  'duration',
  'percent',
  'calendar',
  'constraint',
  'assignments',
  'attributes',
  'start',
  'finish',
  'total_float',
  'critical',
] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface RowDiff {
  readonly status: RowStatus;
  readonly base: CompareActivity | null;
  readonly current: CompareActivity | null;
  readonly changed: readonly ComparedField[];
  /** Calendar days the start / finish moved (later: positive); null when either is unscheduled. */
  readonly startSlipDays: number | null;
  readonly finishSlipDays: number | null;
  /** How the pair was matched: code, id or name; null for added and removed rows. */
  readonly matchedBy: 'code' | 'id' | 'name' | null;
}

export interface RelationDiff {
  readonly status: 'added' | 'removed' | 'changed';
  readonly predCode: string;
  readonly succCode: string;
  readonly type: string;
  readonly lag: number;
  /** The base's type and lag of a changed relation. */
  readonly baseType?: string;
  readonly baseLag?: number;
}

export interface CompareSummary {
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  readonly same: number;
  readonly baseFinish: number | null;
  readonly currentFinish: number | null;
  /** Calendar days the last finish moved (later: positive). */
  readonly finishMovedDays: number | null;
  /** The critical activities (by match) differ. */
  readonly criticalChanged: boolean;
  /** Matched activities whose finish moved later by more than `slipDays`. */
  readonly slipped: number;
  readonly slipDays: number;
  readonly relationsAdded: number;
  readonly relationsRemoved: number;
  readonly relationsChanged: number;
}

export interface VersionComparison {
  /** The compared version's rows in its order (removed rows after the row they followed). */
  readonly rows: readonly RowDiff[];
  readonly relations: readonly RelationDiff[];
  readonly summary: CompareSummary;
}

const DAY = 1440;
const days = (minutes: number) => Math.round((minutes / DAY) * 10) / 10;

const BY = ['code', 'id', 'name'] as const;
const NONE = -1;
const DUP = -2;

/** key → index, where the key is unique among the items (keys held twice are left out). */
function uniqueIndex(n: number, key: (i: number) => string | null): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const k = key(i);
    if (k === null) continue;
    out.set(k, out.has(k) ? DUP : i);
  }
  return out;
}

interface Matching {
  /** Per base row: the index of its current row, or -1. */
  readonly cur: Int32Array;
  /** Per current row: the index of its base row, or -1. */
  readonly base: Int32Array;
  /** Per base row: 0 code, 1 id, 2 name (where matched). */
  readonly by: Uint8Array;
  readonly size: number;
}

/** id → index of the rows of a side. */
function indexById(rows: readonly CompareActivity[]): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) out.set(rows[i]!.id, i);
  return out;
}

/**
 * Pairs base rows with current rows by index (see the file's head). Typed arrays: 100k rows a side.
 * `baseById` and `curById` are the sides' id indexes (built once by the caller).
 */
function matchIndexes(
  base: readonly CompareActivity[],
  current: readonly CompareActivity[],
  baseById: ReadonlyMap<string, number> = indexById(base),
  curById: ReadonlyMap<string, number> = indexById(current),
): Matching {
  const cur = new Int32Array(base.length).fill(NONE);
  const back = new Int32Array(current.length).fill(NONE);
  const by = new Uint8Array(base.length);
  let size = 0;
  const pair = (b: number, c: number, how: number) => {
    cur[b] = c;
    back[c] = b;
    by[b] = how;
    size++;
  };
  const code = (a: CompareActivity) => {
    const k = a.code.trim();
    return k === '' ? null : k;
  };
  const curByCode = uniqueIndex(current.length, (i) => code(current[i]!));
  const baseByCode = uniqueIndex(base.length, (i) => code(base[i]!));
  for (const [k, b] of baseByCode) {
    if (b < 0) continue;
    const c = curByCode.get(k);
    if (c !== undefined && c >= 0) pair(b, c, 0);
  }
  for (let b = 0; b < base.length; b++) {
    if (cur[b] !== NONE) continue;
    const c = curById.get(base[b]!.id);
    if (c !== undefined && back[c] === NONE) pair(b, c, 1);
  }
  if (size === base.length || size === current.length) return { cur, base: back, by, size };
  // By name under the same (matched) parent, parents first: rows come in tree order.
  const parentKey = (parentId: string | null, side: 'b' | 'c'): string | null => {
    if (parentId === null) return 'top';
    if (side === 'c') return parentId;
    const pb = baseById.get(parentId);
    const pc = pb === undefined ? NONE : cur[pb]!;
    return pc === NONE ? null : current[pc]!.id;
  };
  const nameKey = (a: CompareActivity, side: 'b' | 'c') => {
    const p = parentKey(a.parentId, side);
    return p === null ? null : `${p}\u0000${a.name.trim().toLowerCase()}`;
  };
  const curByName = uniqueIndex(current.length, (i) => (back[i] === NONE ? nameKey(current[i]!, 'c') : null));
  const baseByName = uniqueIndex(base.length, (i) => (cur[i] === NONE ? nameKey(base[i]!, 'b') : null));
  for (const [k, b] of baseByName) {
    if (b < 0) continue;
    const c = curByName.get(k);
    if (c !== undefined && c >= 0 && back[c] === NONE) pair(b, c, 2);
  }
  return { cur, base: back, by, size };
}

/** Pairs base → current ids (see the file's head), and how each pair was matched. */
export function matchActivities(
  base: readonly CompareActivity[],
  current: readonly CompareActivity[],
): Map<string, { currentId: string; by: 'code' | 'id' | 'name' }> {
  const m = matchIndexes(base, current);
  const pairs = new Map<string, { currentId: string; by: 'code' | 'id' | 'name' }>();
  for (let b = 0; b < base.length; b++)
    if (m.cur[b] !== NONE) pairs.set(base[b]!.id, { currentId: current[m.cur[b]!]!.id, by: BY[m.by[b]!]! });
  return pairs;
}

function changedFields(b: CompareActivity, c: CompareActivity, parentMatches: boolean): ComparedField[] {
  const out: ComparedField[] = [];
  if (b.name !== c.name) out.push('name');
  if (b.code !== c.code) out.push('code');
  if (b.nodeType !== c.nodeType) out.push('node_type');
  if (!parentMatches) out.push('parent');
  if (b.duration !== c.duration) out.push('duration');
  if (Math.abs(b.percent - c.percent) > 1e-9) out.push('percent');
  if (b.calendarId !== c.calendarId) out.push('calendar');
  if (b.constraint !== c.constraint) out.push('constraint');
  if (b.assignments !== c.assignments) out.push('assignments');
  if (b.attributes !== c.attributes) out.push('attributes');
  if (b.start !== c.start) out.push('start');
  if (b.finish !== c.finish) out.push('finish');
  if (b.totalFloat !== c.totalFloat) out.push('total_float');
  if (b.critical !== c.critical) out.push('critical');
  return out;
}

const maxFinish = (acts: readonly CompareActivity[]) => {
  let f: number | null = null;
  for (const a of acts) if (a.finish !== null && (f === null || a.finish > f)) f = a.finish;
  return f;
};

/** Compare `current` with `base` (see the file's head); `slipDays`: the summary's threshold. */
export function compareVersions(base: CompareSide, current: CompareSide, slipDays = 5): VersionComparison {
  const B = base.activities;
  const C = current.activities;
  const baseIndex = indexById(B);
  const curIndex = indexById(C);
  const m = matchIndexes(B, C, baseIndex, curIndex);
  // Removed rows go after the row their predecessor in the base was matched to (-1: at the top).
  const removedAfter = new Map<number, number[]>();
  let lastMatched = NONE;
  for (let b = 0; b < B.length; b++) {
    if (m.cur[b] !== NONE) lastMatched = m.cur[b]!;
    else {
      const list = removedAfter.get(lastMatched);
      if (list) list.push(b);
      else removedAfter.set(lastMatched, [b]);
    }
  }
  const rows: RowDiff[] = [];
  const removed = (b: CompareActivity): RowDiff => ({
    status: 'removed',
    base: b,
    current: null,
    changed: [],
    startSlipDays: null,
    finishSlipDays: null,
    matchedBy: null,
  });
  for (const b of removedAfter.get(NONE) ?? []) rows.push(removed(B[b]!));
  let added = 0;
  let changed = 0;
  let same = 0;
  let slipped = 0;
  for (let ci = 0; ci < C.length; ci++) {
    const c = C[ci]!;
    const bi = m.base[ci]!;
    if (bi === NONE) {
      added++;
      rows.push({
        status: 'added',
        base: null,
        current: c,
        changed: [],
        startSlipDays: null,
        finishSlipDays: null,
        matchedBy: null,
      });
    } else {
      const b = B[bi]!;
      let parentMatches: boolean;
      if (b.parentId === null) parentMatches = c.parentId === null;
      else {
        const pb = baseIndex.get(b.parentId);
        const pc = pb === undefined ? NONE : m.cur[pb]!;
        parentMatches = c.parentId !== null && pc !== NONE && C[pc]!.id === c.parentId;
      }
      const fields = changedFields(b, c, parentMatches);
      const finishSlip = b.finish !== null && c.finish !== null ? days(c.finish - b.finish) : null;
      if (finishSlip !== null && finishSlip > slipDays && c.nodeType !== 'sum') slipped++;
      if (fields.length) changed++;
      else same++;
      rows.push({
        status: fields.length ? 'changed' : 'same',
        base: b,
        current: c,
        changed: fields,
        startSlipDays: b.start !== null && c.start !== null ? days(c.start - b.start) : null,
        finishSlipDays: finishSlip,
        matchedBy: BY[m.by[bi]!]!,
      });
    }
    const after = removedAfter.get(ci);
    if (after) for (const r of after) rows.push(removed(B[r]!));
  }

  // Relations, by their matched ends. The current relations hang in a list per predecessor
  // (index arrays, newest first, so a repeated pair answers with its last relation as a map would).
  const label = (a: CompareActivity | undefined) => (a ? a.code || a.name : '');
  const CR = current.relations;
  const curPred = new Int32Array(CR.length).fill(NONE);
  const curSucc = new Int32Array(CR.length).fill(NONE);
  const firstOf = new Int32Array(C.length).fill(NONE);
  const nextOf = new Int32Array(CR.length).fill(NONE);
  for (let i = 0; i < CR.length; i++) {
    const p = curIndex.get(CR[i]!.predId);
    const s = curIndex.get(CR[i]!.succId);
    if (p === undefined || s === undefined) continue;
    curPred[i] = p;
    curSucc[i] = s;
    nextOf[i] = firstOf[p]!;
    firstOf[p] = i;
  }
  const relationOf = (p: number, s: number) => {
    for (let i = firstOf[p]!; i !== NONE; i = nextOf[i]!) if (curSucc[i] === s) return i;
    return NONE;
  };
  /** Current relations whose ends a base relation matched (every one of a repeated pair). */
  const seen = new Uint8Array(CR.length);
  const relations: RelationDiff[] = [];
  let relationsAdded = 0;
  let relationsRemoved = 0;
  let relationsChanged = 0;
  for (const r of base.relations) {
    const pb = baseIndex.get(r.predId);
    const sb = baseIndex.get(r.succId);
    const p = pb === undefined ? NONE : m.cur[pb]!;
    const s = sb === undefined ? NONE : m.cur[sb]!;
    const ci = p !== NONE && s !== NONE ? relationOf(p, s) : NONE;
    if (ci === NONE) {
      relationsRemoved++;
      relations.push({
        status: 'removed',
        predCode: label(pb === undefined ? undefined : B[pb]),
        succCode: label(sb === undefined ? undefined : B[sb]),
        type: r.type,
        lag: r.lag,
      });
      continue;
    }
    const c = CR[ci]!;
    for (let i = ci; i !== NONE; i = nextOf[i]!) if (curSucc[i] === s) seen[i] = 1;
    if (c.type !== r.type || c.lag !== r.lag) {
      relationsChanged++;
      relations.push({
        status: 'changed',
        predCode: label(C[p]),
        succCode: label(C[s]),
        type: c.type,
        lag: c.lag,
        baseType: r.type,
        baseLag: r.lag,
      });
    }
  }
  for (let i = 0; i < CR.length; i++) {
    if (seen[i]) continue;
    const c = CR[i]!;
    relationsAdded++;
    relations.push({
      status: 'added',
      predCode: label(C[curPred[i] === NONE ? (curIndex.get(c.predId) ?? NONE) : curPred[i]!]),
      succCode: label(C[curSucc[i] === NONE ? (curIndex.get(c.succId) ?? NONE) : curSucc[i]!]),
      type: c.type,
      lag: c.lag,
    });
  }

  // The critical path changed: the critical activities (by match) differ.
  let critCur = 0;
  let critBoth = 0;
  let critBase = 0;
  for (let ci = 0; ci < C.length; ci++) if (C[ci]!.critical && C[ci]!.nodeType !== 'sum') critCur++;
  for (let bi = 0; bi < B.length; bi++) {
    const b = B[bi]!;
    if (!b.critical || b.nodeType === 'sum') continue;
    critBase++;
    const c = m.cur[bi]!;
    if (c !== NONE && C[c]!.critical && C[c]!.nodeType !== 'sum') critBoth++;
  }
  const criticalChanged = critBase !== critCur || critBoth !== critCur;
  const baseFinish = maxFinish(B);
  const currentFinish = maxFinish(C);
  return {
    rows,
    relations,
    summary: {
      added,
      removed: B.length - m.size,
      changed,
      same,
      baseFinish,
      currentFinish,
      finishMovedDays:
        baseFinish !== null && currentFinish !== null ? days(currentFinish - baseFinish) : null,
      criticalChanged,
      slipped,
      slipDays,
      relationsAdded,
      relationsRemoved,
      relationsChanged,
    },
  };
}
