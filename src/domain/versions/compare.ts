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
  readonly calendarId: string | null;
  /** The row's constraints in one readable string ('' for none). */
  readonly constraint: string;
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

function uniqueBy<T>(items: readonly T[], key: (t: T) => string | null): Map<string, T> {
  const out = new Map<string, T>();
  const dup = new Set<string>();
  for (const t of items) {
    const k = key(t);
    if (k === null) continue;
    if (out.has(k)) dup.add(k);
    else out.set(k, t);
  }
  for (const k of dup) out.delete(k);
  return out;
}

/** Pairs base → current ids (see the file's head), and how each pair was matched. */
export function matchActivities(
  base: readonly CompareActivity[],
  current: readonly CompareActivity[],
): Map<string, { currentId: string; by: 'code' | 'id' | 'name' }> {
  const pairs = new Map<string, { currentId: string; by: 'code' | 'id' | 'name' }>();
  const taken = new Set<string>();
  const code = (a: CompareActivity) => (a.code.trim() === '' ? null : a.code.trim());
  const baseByCode = uniqueBy(base, code);
  const curByCode = uniqueBy(current, code);
  for (const [k, b] of baseByCode) {
    const c = curByCode.get(k);
    if (c) {
      pairs.set(b.id, { currentId: c.id, by: 'code' });
      taken.add(c.id);
    }
  }
  const curById = new Map(current.map((c) => [c.id, c]));
  for (const b of base) {
    if (pairs.has(b.id) || taken.has(b.id) || !curById.has(b.id)) continue;
    pairs.set(b.id, { currentId: b.id, by: 'id' });
    taken.add(b.id);
  }
  // By name under the same (matched) parent, parents first: rows come in tree order.
  const parentKey = (parentId: string | null, side: 'b' | 'c') =>
    parentId === null ? 'top' : side === 'b' ? (pairs.get(parentId)?.currentId ?? null) : parentId;
  const nameKey = (a: CompareActivity, side: 'b' | 'c') => {
    const p = parentKey(a.parentId, side);
    return p === null ? null : `${p}\u0000${a.name.trim().toLowerCase()}`;
  };
  const restCur = current.filter((c) => !taken.has(c.id));
  const curByName = uniqueBy(restCur, (c) => nameKey(c, 'c'));
  const restBase = base.filter((b) => !pairs.has(b.id));
  const baseByName = uniqueBy(restBase, (b) => nameKey(b, 'b'));
  for (const [k, b] of baseByName) {
    const c = curByName.get(k);
    if (c && !taken.has(c.id)) {
      pairs.set(b.id, { currentId: c.id, by: 'name' });
      taken.add(c.id);
    }
  }
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
  const pairs = matchActivities(base.activities, current.activities);
  const baseOf = new Map<string, CompareActivity>();
  const byBy = new Map<string, 'code' | 'id' | 'name'>();
  const baseById = new Map(base.activities.map((a) => [a.id, a]));
  for (const [bid, p] of pairs) {
    baseOf.set(p.currentId, baseById.get(bid)!);
    byBy.set(p.currentId, p.by);
  }
  // Removed rows go after the row their predecessor in the base was matched to.
  const removedAfter = new Map<string | null, CompareActivity[]>();
  let lastMatched: string | null = null;
  for (const b of base.activities) {
    const p = pairs.get(b.id);
    if (p) lastMatched = p.currentId;
    else {
      const list = removedAfter.get(lastMatched) ?? [];
      list.push(b);
      removedAfter.set(lastMatched, list);
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
  for (const b of removedAfter.get(null) ?? []) rows.push(removed(b));
  let added = 0;
  let changed = 0;
  let same = 0;
  let slipped = 0;
  for (const c of current.activities) {
    const b = baseOf.get(c.id);
    if (!b) {
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
      const parentMatches =
        b.parentId === null
          ? c.parentId === null
          : c.parentId !== null && pairs.get(b.parentId)?.currentId === c.parentId;
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
        matchedBy: byBy.get(c.id) ?? null,
      });
    }
    for (const r of removedAfter.get(c.id) ?? []) rows.push(removed(r));
  }

  // Relations, by their matched ends.
  const curCode = new Map(current.activities.map((a) => [a.id, a.code || a.name]));
  const baseCode = new Map(base.activities.map((a) => [a.id, a.code || a.name]));
  const keyOf = (p: string, s: string) => `${p}\u0000${s}`;
  const curRel = new Map(current.relations.map((r) => [keyOf(r.predId, r.succId), r]));
  const seen = new Set<string>();
  const relations: RelationDiff[] = [];
  for (const r of base.relations) {
    const p = pairs.get(r.predId)?.currentId;
    const s = pairs.get(r.succId)?.currentId;
    const c = p !== undefined && s !== undefined ? curRel.get(keyOf(p, s)) : undefined;
    if (!c) {
      relations.push({
        status: 'removed',
        predCode: baseCode.get(r.predId) ?? '',
        succCode: baseCode.get(r.succId) ?? '',
        type: r.type,
        lag: r.lag,
      });
      continue;
    }
    seen.add(keyOf(c.predId, c.succId));
    if (c.type !== r.type || c.lag !== r.lag)
      relations.push({
        status: 'changed',
        predCode: curCode.get(c.predId) ?? '',
        succCode: curCode.get(c.succId) ?? '',
        type: c.type,
        lag: c.lag,
        baseType: r.type,
        baseLag: r.lag,
      });
  }
  for (const c of current.relations)
    if (!seen.has(keyOf(c.predId, c.succId)))
      relations.push({
        status: 'added',
        predCode: curCode.get(c.predId) ?? '',
        succCode: curCode.get(c.succId) ?? '',
        type: c.type,
        lag: c.lag,
      });

  const critBase = new Set(
    base.activities
      .filter((a) => a.critical && a.nodeType !== 'sum')
      .map((a) => pairs.get(a.id)?.currentId ?? `-${a.id}`),
  );
  const critCur = new Set(
    current.activities.filter((a) => a.critical && a.nodeType !== 'sum').map((a) => a.id),
  );
  const criticalChanged = critBase.size !== critCur.size || [...critBase].some((id) => !critCur.has(id));
  const baseFinish = maxFinish(base.activities);
  const currentFinish = maxFinish(current.activities);
  return {
    rows,
    relations,
    summary: {
      added,
      removed: base.activities.length - pairs.size,
      changed,
      same,
      baseFinish,
      currentFinish,
      finishMovedDays:
        baseFinish !== null && currentFinish !== null ? days(currentFinish - baseFinish) : null,
      criticalChanged,
      slipped,
      slipDays,
      relationsAdded: relations.filter((r) => r.status === 'added').length,
      relationsRemoved: relations.filter((r) => r.status === 'removed').length,
      relationsChanged: relations.filter((r) => r.status === 'changed').length,
    },
  };
}
