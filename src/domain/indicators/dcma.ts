// The DCMA 14-point assessment of schedule quality (as DCMA and the tools that follow it word the
// checks), plus progress against the target version. Pure: the engine's stored results in,
// indicators out, each naming the rows it flags.
import type { IndActivity, IndInput, Indicator, IndicatorKey } from './types';

const HIGH_DAYS = 44;

const share = (
  key: IndicatorKey,
  ids: string[],
  population: number,
  threshold: number,
  group: Indicator['group'] = 'dcma',
): Indicator => ({
  key,
  group,
  ids,
  population,
  value: population > 0 ? ids.length / population : 0,
  threshold,
  comparison: 'max',
  pass: population > 0 ? ids.length / population <= threshold : null,
});

const incomplete = (a: IndActivity) => a.actualFinish === null;
// "Start on or after" (not_earlier) is the one soft constraint; on-or-before, on and mandatory
// dates hold the logic back, which is what DCMA counts.
const isHard = (t: IndActivity['startLimit']) => t !== null && t !== 'not_earlier';

export function assessSchedule(input: IndInput): Indicator[] {
  const { activities, relations, target, dataDate, minutesPerDay } = input;
  const open = activities.filter(incomplete);
  const openIds = new Set(open.map((a) => a.id));
  const hasPred = new Set<string>();
  const hasSucc = new Set<string>();
  for (const r of relations) {
    hasPred.add(r.succ);
    hasSucc.add(r.pred);
  }
  // Relations into unfinished work: the population DCMA counts leads, lags and types over.
  const live = relations.filter((r) => openIds.has(r.succ));
  const flaggedSuccs = (pick: (r: (typeof live)[number]) => boolean) => [
    ...new Set(live.filter(pick).map((r) => r.succ)),
  ];
  const liveCount = live.length;
  const countOf = (pick: (r: (typeof live)[number]) => boolean) => live.filter(pick).length;
  const shareOfRelations = (
    key: IndicatorKey,
    pick: (r: (typeof live)[number]) => boolean,
    threshold: number,
  ) => ({
    ...share(key, flaggedSuccs(pick), liveCount, threshold),
    value: liveCount > 0 ? countOf(pick) / liveCount : 0,
    pass: liveCount > 0 ? countOf(pick) / liveCount <= threshold : null,
  });
  const high = HIGH_DAYS * minutesPerDay;
  const tasks = open.filter((a) => a.type === 'task');

  const out: Indicator[] = [
    share(
      'logic',
      open.filter((a) => !hasPred.has(a.id) || !hasSucc.has(a.id)).map((a) => a.id),
      open.length,
      0.05,
    ),
    shareOfRelations('leads', (r) => r.lag < 0, 0),
    shareOfRelations('lags', (r) => r.lag > 0, 0.05),
    shareOfRelations('relationship_types', (r) => r.type !== 'fs', 0.1),
    share(
      'hard_constraints',
      open.filter((a) => isHard(a.startLimit) || isHard(a.finishLimit)).map((a) => a.id),
      open.length,
      0.05,
    ),
    share(
      'high_float',
      open.filter((a) => a.tf !== null && a.tf > high).map((a) => a.id),
      open.length,
      0.05,
    ),
    share(
      'negative_float',
      open.filter((a) => a.tf !== null && a.tf < 0).map((a) => a.id),
      open.length,
      0,
    ),
    share(
      'high_duration',
      tasks.filter((a) => a.remaining > high).map((a) => a.id),
      tasks.length,
      0.05,
    ),
    invalidDates(activities, dataDate),
    share(
      'resources',
      tasks.filter((a) => a.duration > 0 && a.resources === 0).map((a) => a.id),
      tasks.length,
      0,
    ),
    missedTasks(activities, target, dataDate),
    criticalPathTest(open, relations),
    cpli(activities, target, dataDate),
    bei(activities, target, dataDate),
    ...againstTarget(activities, target),
  ];
  return out;
}

/** Forecast dates before the data date, actual dates after it. */
function invalidDates(activities: readonly IndActivity[], dataDate: number | null): Indicator {
  if (dataDate === null) return { ...share('invalid_dates', [], 0, 0), pass: null };
  const ids = activities
    .filter(
      (a) =>
        (a.actualStart !== null && a.actualStart > dataDate) ||
        (a.actualFinish !== null && a.actualFinish > dataDate) ||
        (a.actualStart === null && a.es !== null && a.es < dataDate) ||
        (a.actualFinish === null && a.ef !== null && a.ef < dataDate),
    )
    .map((a) => a.id);
  return { ...share('invalid_dates', ids, activities.length, 0) };
}

/** Activities the target says should have finished by the data date that did not, or finished late. */
function missedTasks(
  activities: readonly IndActivity[],
  target: IndInput['target'],
  dataDate: number | null,
): Indicator {
  if (!target || dataDate === null) return { ...share('missed_tasks', [], 0, 0.05), pass: null };
  const due = activities.filter((a) => {
    const f = target.get(a.id)?.finish;
    return f !== null && f !== undefined && f < dataDate;
  });
  const ids = due
    .filter((a) => a.actualFinish === null || a.actualFinish > target.get(a.id)!.finish!)
    .map((a) => a.id);
  return share('missed_tasks', ids, due.length, 0.05);
}

/**
 * The critical path runs without a break: from the activity that finishes last, critical
 * predecessors lead back to one that has none. Flags the critical activities with no critical
 * predecessor other than where the path begins.
 */
function criticalPathTest(open: readonly IndActivity[], relations: IndInput['relations']): Indicator {
  const critical = open.filter((a) => a.critical);
  const base: Indicator = {
    key: 'critical_path_test',
    group: 'dcma',
    ids: [],
    population: critical.length,
    value: 0,
    threshold: 0,
    comparison: 'max',
    pass: null,
  };
  if (critical.length === 0) return base;
  const critIds = new Set(critical.map((a) => a.id));
  const critPred = new Map<string, number>();
  for (const r of relations)
    if (critIds.has(r.pred) && critIds.has(r.succ)) critPred.set(r.succ, (critPred.get(r.succ) ?? 0) + 1);
  const allPred = new Set(relations.map((r) => r.succ));
  // A break: a critical activity that has predecessors, none of them critical.
  const ids = critical.filter((a) => allPred.has(a.id) && !critPred.has(a.id)).map((a) => a.id);
  return { ...base, ids, value: ids.length, pass: ids.length === 0 };
}

/** Critical path length index: (remaining critical path + float to the target finish) / that path. */
function cpli(
  activities: readonly IndActivity[],
  target: IndInput['target'],
  dataDate: number | null,
): Indicator {
  const base: Indicator = {
    key: 'cpli',
    group: 'dcma',
    ids: [],
    population: 0,
    value: 0,
    threshold: 0.95,
    comparison: 'min',
    pass: null,
  };
  if (!target || dataDate === null) return base;
  let finish = -Infinity;
  let targetFinish = -Infinity;
  for (const a of activities) {
    if (a.ef !== null) finish = Math.max(finish, a.actualFinish ?? a.ef);
    const t = target.get(a.id)?.finish;
    if (t !== null && t !== undefined) targetFinish = Math.max(targetFinish, t);
  }
  const length = finish - dataDate;
  if (!Number.isFinite(finish) || !Number.isFinite(targetFinish) || length <= 0) return base;
  const value = (length + (targetFinish - finish)) / length;
  return { ...base, population: activities.length, value, pass: value >= 0.95 };
}

/** Baseline execution index: finished tasks / tasks the target finishes by the data date. */
function bei(
  activities: readonly IndActivity[],
  target: IndInput['target'],
  dataDate: number | null,
): Indicator {
  const base: Indicator = {
    key: 'bei',
    group: 'dcma',
    ids: [],
    population: 0,
    value: 0,
    threshold: 0.95,
    comparison: 'min',
    pass: null,
  };
  if (!target || dataDate === null) return base;
  const due = activities.filter((a) => {
    const f = target.get(a.id)?.finish;
    return f !== null && f !== undefined && f < dataDate;
  });
  if (due.length === 0) return base;
  const done = activities.filter((a) => a.actualFinish !== null && a.actualFinish <= dataDate).length;
  const ids = due.filter((a) => a.actualFinish === null).map((a) => a.id);
  const value = done / due.length;
  return { ...base, ids, population: due.length, value, pass: value >= 0.95 };
}

/** Started late, finished late, finish slipped: the current dates against the target's. */
function againstTarget(activities: readonly IndActivity[], target: IndInput['target']): Indicator[] {
  const keys = ['started_late', 'finished_late', 'slipped_finish'] as const;
  if (!target) return keys.map((k) => ({ ...share(k, [], 0, 0, 'target'), pass: null }));
  const paired = activities.filter((a) => target.has(a.id));
  const started = paired.filter((a) => {
    const t = target.get(a.id)!.start;
    return a.actualStart !== null && t !== null && a.actualStart > t;
  });
  const finished = paired.filter((a) => {
    const t = target.get(a.id)!.finish;
    return a.actualFinish !== null && t !== null && a.actualFinish > t;
  });
  const slipped = paired.filter((a) => {
    const t = target.get(a.id)!.finish;
    return a.actualFinish === null && a.ef !== null && t !== null && a.ef > t;
  });
  return [
    share(
      'started_late',
      started.map((a) => a.id),
      paired.length,
      0,
      'target',
    ),
    share(
      'finished_late',
      finished.map((a) => a.id),
      paired.length,
      0,
      'target',
    ),
    share(
      'slipped_finish',
      slipped.map((a) => a.id),
      paired.length,
      0,
      'target',
    ),
  ];
}
