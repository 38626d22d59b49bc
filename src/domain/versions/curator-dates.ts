// Accepted curator dates and the limit for daily plans (docs/versions.md): pure parts.

/** Minutes in a calendar day (dates are minutes since 2000-01-01). */
const DAY = 1440;

export interface CuratorRowIn {
  readonly id: string;
  readonly parentId: string | null;
  readonly orderKey: string;
  /** Proposed (calculated) dates, null when the row has none. */
  readonly start: number | null;
  readonly finish: number | null;
}

export interface Accepted {
  readonly start: number;
  readonly finish: number;
}

export type CuratorState = 'none' | 'accepted' | 'moved';

/** A row against its acceptance: the state and the finish moved since, in calendar days. */
export function curatorState(
  row: Pick<CuratorRowIn, 'start' | 'finish'>,
  accepted: Accepted | undefined,
): { state: CuratorState; finishDiffDays: number | null } {
  if (!accepted) return { state: 'none', finishDiffDays: null };
  const same = row.start === accepted.start && row.finish === accepted.finish;
  const finishDiffDays =
    row.finish === null ? null : Math.round(((row.finish - accepted.finish) / DAY) * 10) / 10;
  return { state: same ? 'accepted' : 'moved', finishDiffDays };
}

/** Rows in tree order (a parent before its children, siblings by order key) with their depth. */
export function treeOrder<R extends Pick<CuratorRowIn, 'id' | 'parentId' | 'orderKey'>>(
  rows: readonly R[],
): { row: R; depth: number }[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string | null, R[]>();
  for (const r of rows) {
    const p = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    const list = children.get(p);
    if (list) list.push(r);
    else children.set(p, [r]);
  }
  for (const list of children.values())
    list.sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
  const out: { row: R; depth: number }[] = [];
  const stack: { row: R; depth: number }[] = [...(children.get(null) ?? [])]
    .reverse()
    .map((row) => ({ row, depth: 0 }));
  const seen = new Set<string>();
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (seen.has(top.row.id)) continue;
    seen.add(top.row.id);
    out.push(top);
    const kids = children.get(top.row.id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ row: kids[i]!, depth: top.depth + 1 });
  }
  return out;
}

/** What an accept call would write: the rows named (or all dated ones) and the problems found. */
export function acceptPlan(
  rows: readonly Pick<CuratorRowIn, 'id' | 'start' | 'finish'>[],
  ids: readonly string[] | undefined,
):
  | { ok: true; rows: { id: string; start: number; finish: number }[] }
  | { ok: false; problem: 'duplicate_row' | 'unknown_row' | 'no_dates'; index: number; id: string } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids === undefined) {
    const out: { id: string; start: number; finish: number }[] = [];
    for (const r of rows)
      if (r.start !== null && r.finish !== null) out.push({ id: r.id, start: r.start, finish: r.finish });
    return { ok: true, rows: out };
  }
  const seen = new Set<string>();
  const out: { id: string; start: number; finish: number }[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (seen.has(id)) return { ok: false, problem: 'duplicate_row', index: i, id };
    seen.add(id);
    const r = byId.get(id);
    if (!r) return { ok: false, problem: 'unknown_row', index: i, id };
    if (r.start === null || r.finish === null) return { ok: false, problem: 'no_dates', index: i, id };
    out.push({ id, start: r.start, finish: r.finish });
  }
  return { ok: true, rows: out };
}

export type LimitSource = 'schedule' | 'space' | 'none';

/**
 * A schedule's limit for daily plans: its own days where set, else the space's; the first
 * editable day is the key day minus those days (never before day 0), null when unlimited.
 */
export function dpLimit(
  keyDay: number,
  space: { plan: number | null; fact: number | null },
  schedule: { plan: number | null; fact: number | null },
): {
  plan: { days: number | null; from: number | null; source: LimitSource };
  fact: { days: number | null; from: number | null; source: LimitSource };
} {
  const one = (own: number | null, inherited: number | null) => {
    const days = own ?? inherited;
    const source: LimitSource = own !== null ? 'schedule' : inherited !== null ? 'space' : 'none';
    return { days, from: days === null ? null : Math.max(0, keyDay - days), source };
  };
  return { plan: one(schedule.plan, space.plan), fact: one(schedule.fact, space.fact) };
}
