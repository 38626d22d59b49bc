// The resource Gantt's data (issue 17): resources as rows with their assignments under them, and
// each resource's usage by working day against its availability, kept as prefix sums so that any
// period of the Gantt's timescale (day … year) is two subtractions. Usage and availability read
// as the usage histogram does (Monday–Friday working days): an assignment with a rate uses rate ×
// intensity on each of its working days (what levelling compares with the limits); one without
// spreads its quantity over them; a curve shapes either.
import { dayOf } from '../calendar/time';
import { curveParts, curveShare } from './curves';
import type { CurveKind } from './curves';
import { capacityOn } from './usage';
import type { Availability } from './usage';
import { standardWorkTime } from './work-time';
import type { WorkTime } from './work-time';

const DAY = 1440;

export interface GanttResource {
  /** The space resource, or `name:<name>` for a version resource not in the space's list. */
  key: string;
  name: string;
  unit: string;
  availability: Availability | null;
  /** The resource it sits under (a resource group), if any. */
  parentKey?: string | null;
}

export interface GanttAssignment {
  id: string;
  wbsId: string;
  resourceKey: string;
  units: number;
  unitsPerDay: number | null;
  intensity: number;
  curve: CurveKind;
  curveValues: readonly number[] | null;
}

export type GanttRow =
  | { kind: 'resource'; resource: number; count: number; depth: number; group: boolean }
  | { kind: 'assignment'; resource: number; assignment: number; depth: number };

/** Children of each resource (indexes, in list order) and the resources at the top. */
export function resourceTree(resources: readonly GanttResource[]): { roots: number[]; children: number[][] } {
  const index = new Map(resources.map((r, i) => [r.key, i]));
  const children: number[][] = resources.map(() => []);
  const roots: number[] = [];
  resources.forEach((r, i) => {
    const p = r.parentKey != null ? index.get(r.parentKey) : undefined;
    if (p === undefined || p === i) roots.push(i);
    else children[p]!.push(i);
  });
  return { roots, children };
}

/** A resource and every resource under it (indexes; a loop in the data is cut). */
export function membersOf(children: readonly (readonly number[])[], ri: number): number[] {
  const out = [ri];
  const seen = new Set(out);
  for (let i = 0; i < out.length; i++)
    for (const c of children[out[i]!] ?? [])
      if (!seen.has(c)) {
        seen.add(c);
        out.push(c);
      }
  return out;
}

/**
 * Rows in tree order (the space's order): each resource followed by its own assignments, then the
 * resources under it. A group (a resource with resources under it) shows when any of its members
 * has an assignment; its row carries the roll-up. Resources with no assignment of their own or of
 * a member are left out unless `all`. A collapsed resource hides its assignments and members.
 */
export function resourceGanttRows(
  resources: readonly GanttResource[],
  assignments: readonly GanttAssignment[],
  collapsed: ReadonlySet<string> = new Set(),
  all = false,
): GanttRow[] {
  const byResource = new Map<string, number[]>();
  assignments.forEach((a, i) => {
    let list = byResource.get(a.resourceKey);
    if (!list) byResource.set(a.resourceKey, (list = []));
    list.push(i);
  });
  const { roots, children } = resourceTree(resources);
  const rows: GanttRow[] = [];
  const seen = new Set<number>();
  // Whether a resource or one of its members has an assignment (computed bottom-up once).
  const busy = new Map<number, boolean>();
  const isBusy = (ri: number): boolean => {
    const hit = busy.get(ri);
    if (hit !== undefined) return hit;
    busy.set(ri, false);
    const b = (byResource.get(resources[ri]!.key)?.length ?? 0) > 0 || children[ri]!.some(isBusy);
    busy.set(ri, b);
    return b;
  };
  const visit = (ri: number, depth: number) => {
    if (seen.has(ri)) return;
    seen.add(ri);
    if (!all && !isBusy(ri)) return;
    const r = resources[ri]!;
    const list = byResource.get(r.key) ?? [];
    rows.push({ kind: 'resource', resource: ri, count: list.length, depth, group: children[ri]!.length > 0 });
    if (collapsed.has(r.key)) return;
    for (const ai of list) rows.push({ kind: 'assignment', resource: ri, assignment: ai, depth: depth + 1 });
    for (const c of children[ri]!) visit(c, depth + 1);
  };
  for (const ri of roots) visit(ri, 0);
  return rows;
}

/** A resource's usage and availability per day from `firstDay`, as prefix sums (length days + 1). */
export interface DailyProfile {
  firstDay: number;
  usage: Float64Array;
  capacity: Float64Array;
  /** Usage and availability of each day (length days; availability 0 on days off). */
  daily: Float64Array;
  limit: Float64Array;
  /** Working days on which the usage is above the availability. */
  overDays: number;
  /** The largest usage of a day. */
  peak: number;
}

export interface DatedAssignment {
  start: number;
  finish: number;
  units: number;
  unitsPerDay: number | null;
  intensity: number;
  curve: CurveKind;
  curveValues: readonly number[] | null;
  /** The working time its work follows (its activity's; see work-time.ts); else the profile's. */
  time?: WorkTime;
}

/** Rounding slack: a usage equal to the limit is not over it. */
const EPS = 1e-9;

/**
 * Usage per day of the assignments, against the availability on the resource's working time
 * (`time`). Each assignment works in its own working time between its dates: one with a rate uses
 * rate × intensity per full working day (in proportion on a part day); one without spreads its
 * quantity; a curve shapes either over the working time.
 */
export function dailyProfile(
  assignments: readonly DatedAssignment[],
  availability: Availability | null,
  time: WorkTime = standardWorkTime(),
): DailyProfile | null {
  const dated = assignments.filter((a) => Number.isFinite(a.start) && Number.isFinite(a.finish));
  if (dated.length === 0) return null;
  let lo = Infinity;
  let hi = -Infinity;
  for (const a of dated) {
    lo = Math.min(lo, dayOf(a.start));
    hi = Math.max(hi, dayOf(Math.max(a.start, a.finish - 1)));
  }
  const n = hi - lo + 1;
  const daily = new Float64Array(n);
  for (const a of dated) {
    const own = a.time ?? time;
    const span = own.between(a.start, a.finish);
    if (span <= 0) continue;
    const parts = curveParts(a.curve, a.curveValues);
    const total =
      a.unitsPerDay != null
        ? a.unitsPerDay * (Math.max(0, a.intensity) / 100) * (span / own.perDay)
        : a.units;
    let done = 0;
    for (let d = dayOf(a.start); d * DAY < a.finish; d++) {
      const w = own.between(Math.max(a.start, d * DAY), Math.min(a.finish, (d + 1) * DAY));
      if (w <= 0) continue;
      daily[d - lo]! += total * curveShare(parts, done / span, (done + w) / span);
      done += w;
    }
  }
  return profileOf(lo, daily, availability ? (d) => capacityOn(d, availability, time) : null);
}

/** Prefix sums, limits and over-allocated days of a daily usage from `firstDay`. */
function profileOf(
  firstDay: number,
  daily: Float64Array,
  capacity: ((day: number) => number) | null,
): DailyProfile {
  const n = daily.length;
  const usage = new Float64Array(n + 1);
  const caps = new Float64Array(n + 1);
  const limit = new Float64Array(n);
  let overDays = 0;
  let peak = 0;
  for (let i = 0; i < n; i++) {
    const cap = capacity ? capacity(firstDay + i) : 0;
    limit[i] = cap;
    usage[i + 1] = usage[i]! + daily[i]!;
    caps[i + 1] = caps[i]! + cap;
    peak = Math.max(peak, daily[i]!);
    if (capacity && daily[i]! > cap + EPS) overDays++;
  }
  return { firstDay, usage, capacity: caps, daily, limit, overDays, peak };
}

/** A member of a resource group: its profile (null: nothing dated) and availability. */
export interface GroupMember {
  profile: DailyProfile | null;
  availability: Availability | null;
  time?: WorkTime;
}

/**
 * A resource group's profile: the day-by-day sum of its members' usage and of their availability
 * (P6's resource usage profile of a group: the members' loads stacked, their limits added). Null
 * when no member has dated usage.
 */
export function groupProfile(members: readonly GroupMember[]): DailyProfile | null {
  const live = members.filter((m) => m.profile !== null);
  if (live.length === 0) return null;
  let lo = Infinity;
  let hi = -Infinity;
  for (const m of live) {
    lo = Math.min(lo, m.profile!.firstDay);
    hi = Math.max(hi, m.profile!.firstDay + m.profile!.daily.length - 1);
  }
  const daily = new Float64Array(hi - lo + 1);
  for (const m of live) {
    const p = m.profile!;
    for (let i = 0; i < p.daily.length; i++) daily[p.firstDay - lo + i]! += p.daily[i]!;
  }
  return profileOf(lo, daily, groupCapacity(members));
}

/** A group's availability per day: its members' summed (null when none has any). */
export function groupCapacity(
  members: readonly { availability: Availability | null; time?: WorkTime }[],
): DayCapacity | null {
  const limited = members.filter((m) => m.availability !== null);
  if (limited.length === 0) return null;
  return (d) => limited.reduce((s, m) => s + capacityOn(d, m.availability!, m.time ?? standardWorkTime()), 0);
}

/** Availability of a day outside a profile's span: one resource's, or a group's summed. */
export type DayCapacity = (day: number) => number;

/** The day capacity of an availability on a working time (null: no availability). */
export function dayCapacity(
  availability: Availability | null,
  time: WorkTime = standardWorkTime(),
): DayCapacity | null {
  return availability ? (d) => capacityOn(d, availability, time) : null;
}

/**
 * Usage and availability in [from, to) (engine minutes, whole days). Availability counts every
 * day of the period, also those outside the profile's span (`capacity` given).
 */
export function periodLoad(
  p: DailyProfile,
  from: number,
  to: number,
  capacity: DayCapacity | null,
): { usage: number; capacity: number } {
  const n = p.usage.length - 1;
  const a = dayOf(from) - p.firstDay;
  const b = dayOf(to - 1) - p.firstDay + 1;
  const i0 = Math.max(0, Math.min(n, a));
  const i1 = Math.max(0, Math.min(n, b));
  const usage = p.usage[i1]! - p.usage[i0]!;
  let cap = p.capacity[i1]! - p.capacity[i0]!;
  if (capacity) {
    // Days of the period outside the profile's span.
    for (let d = dayOf(from); d < p.firstDay + i0 && d * DAY < to; d++) cap += capacity(d);
    for (let d = Math.max(dayOf(from), p.firstDay + i1); d * DAY < to; d++) cap += capacity(d);
  }
  return { usage, capacity: cap };
}

/**
 * The busiest day of [from, to): its usage and its availability, and whether any day of the period
 * is over its availability — what a period's column of the resource Gantt shows, so that a week
 * or a month never hides a day over the limit.
 */
export function periodPeak(
  p: DailyProfile,
  from: number,
  to: number,
  capacity: DayCapacity | null,
): { peak: number; limit: number; over: boolean } {
  const n = p.daily.length;
  const a = Math.max(0, dayOf(from) - p.firstDay);
  const b = Math.min(n, dayOf(to - 1) - p.firstDay + 1);
  let peak = 0;
  let at = -1;
  let over = false;
  for (let i = a; i < b; i++) {
    const u = p.daily[i]!;
    if (u > peak) {
      peak = u;
      at = i;
    }
    if (capacity && u > p.limit[i]! + EPS) over = true;
  }
  let limit = 0;
  if (at >= 0) limit = p.limit[at]!;
  else if (capacity) for (let d = dayOf(from); d * DAY < to; d++) limit = Math.max(limit, capacity(d));
  return { peak, limit, over };
}
