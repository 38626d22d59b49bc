// Views of a ScheduleModel that every writer needs: the WBS tree in display order, integer ids
// for formats that require them, and constraint lookups.

import type { Activity, CalendarDef, Constraint, ScheduleModel } from '../schedule/model';

export interface TreeEntry {
  activity: Activity;
  /** 1 for top-level items. */
  level: number;
  /** Outline number like '1.2.3'. */
  outline: string;
}

/** Activities depth-first in sibling order; an orphan (unknown parent) is placed at the top. */
export function walkTree(model: ScheduleModel): TreeEntry[] {
  const ids = new Set(model.activities.map((a) => a.id));
  const children = new Map<string | null, Activity[]>();
  for (const a of model.activities) {
    const parent = a.parentId !== null && ids.has(a.parentId) && a.parentId !== a.id ? a.parentId : null;
    let list = children.get(parent);
    if (!list) children.set(parent, (list = []));
    list.push(a);
  }
  for (const list of children.values()) list.sort((x, y) => x.order - y.order);
  const out: TreeEntry[] = [];
  const seen = new Set<string>();
  // Iterative so that a deep tree cannot overflow the stack; `seen` guards against parent cycles.
  const stack: { a: Activity; level: number; outline: string }[] = [];
  const pushChildren = (parent: string | null, level: number, prefix: string): void => {
    const list = children.get(parent) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      stack.push({ a: list[i]!, level, outline: prefix ? `${prefix}.${i + 1}` : String(i + 1) });
    }
  };
  pushChildren(null, 1, '');
  while (stack.length) {
    const { a, level, outline } = stack.pop()!;
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    out.push({ activity: a, level, outline });
    pushChildren(a.id, level + 1, outline);
  }
  // Items caught in a parent cycle are unreachable from the top: keep them as top-level items.
  let extra = (children.get(null)?.length ?? 0) + 1;
  for (const a of model.activities) {
    if (!seen.has(a.id)) {
      seen.add(a.id);
      out.push({ activity: a, level: 1, outline: String(extra++) });
    }
  }
  return out;
}

/**
 * Integer ids for formats that need them (XER, MSPDI UID, P6 XML ObjectId): the model's own id
 * when every id of the list is a distinct positive integer, else 1, 2, 3 … in list order.
 */
export function integerIds(ids: readonly string[], first = 1): Map<string, number> {
  const out = new Map<string, number>();
  // 'wbs:3680' (how the readers prefix WBS nodes) keeps its number too.
  const nums = ids.map((id) => /^(?:[a-z]+:)?([1-9]\d{0,8})$/.exec(id)?.[1]);
  if (nums.every((n) => n !== undefined) && new Set(nums).size === ids.length) {
    ids.forEach((id, i) => out.set(id, Number(nums[i])));
    return out;
  }
  ids.forEach((id, i) => out.set(id, first + i));
  return out;
}

export function isSummary(a: Activity): boolean {
  return a.kind === 'sum';
}

export function defaultCalendar(model: ScheduleModel): CalendarDef | undefined {
  return (
    model.calendars.find((c) => c.id === model.options.defaultCalendarId) ??
    model.calendars.find((c) => c.isDefault) ??
    model.calendars[0]
  );
}

export function findConstraint(a: Activity, on: Constraint['on']): Constraint | undefined {
  return a.constraints.find((c) => c.on === on);
}

/** Working minutes per week of a calendar's pattern (for display factors when none are stored). */
export function weeklyMinutes(cal: CalendarDef): number {
  let sum = 0;
  for (const day of cal.week) for (const iv of day) sum += iv.end - iv.start;
  return sum;
}

/** Removes tab, CR, LF and 0x7F, which would break a line-based format, from a text value. */
export function oneLine(text: string): string {
  return text.replace(/[\t\r\n\u007f]+/g, ' ');
}

/**
 * Resources and assignments to write. A reader that keeps only what the engine needs leaves
 * `resources` empty and records a resource-dependent activity's resource calendars on the
 * activity; one resource per such calendar then carries that link through the file.
 */
export function resourcesToWrite(model: ScheduleModel): Pick<ScheduleModel, 'resources' | 'assignments'> {
  if (model.resources.length) return { resources: model.resources, assignments: model.assignments };
  const calendars = new Map(model.calendars.map((c) => [c.id, c]));
  const resources = new Map<string, ScheduleModel['resources'][number]>();
  const assignments: ScheduleModel['assignments'] = [];
  for (const a of model.activities) {
    for (const calId of a.resourceCalendarIds ?? []) {
      const id = `cal:${calId}`;
      if (!resources.has(id))
        resources.set(id, { id, name: calendars.get(calId)?.name ?? calId, calendarId: calId });
      assignments.push({
        id: String(assignments.length + 1),
        activityId: a.id,
        resourceId: id,
        units: a.duration / 60,
      });
    }
  }
  return { resources: [...resources.values()], assignments };
}
