// Plans follow the dates live (issue 18): when the browser's own recompute after an edit of ours
// moves a planned row's start or finish, the row's plan is distributed again over its new dates
// by its own mode and base (domain/wdp/follow.ts, the same function the server's calculation
// runs), recorded as ONE step of the history ('wdp.follow_dates', kind undo_wdp) right after the
// edit, so Ctrl+Z first puts the plan back, then the edit.
//
// Only after a change of ours ('do'): an undo or redo brings dates and plans back through their
// own steps, and another user's change is followed by their browser (or by the server's
// calculation). Only the bases of LIVE_FOLLOW_BASES: for them the server's follow at the next
// Calculate, from the dates it stored, changes nothing again; by_lag rows follow on Calculate.
import { versionScheduleOptions } from '../../domain/schedule';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import type { FollowRow } from '../../domain/wdp';
import { LIVE_FOLLOW_BASES, followDates } from '../../domain/wdp';
import { commitPatches, onDataChange } from '../../state/workbench/data';
import type { ScheduleSnapshot } from '../../state/workbench/schedule-snapshot';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { wdpStore } from '../../state/wdp/store';
import { calendarOfRow } from './calendars';

/** The rows whose plan should follow from `before` to `after` (the two snapshots' dates). */
export function liveFollowRows(before: ScheduleSnapshot, after: ScheduleSnapshot): FollowRow[] {
  const s = workbench.get();
  const w = wdpStore.get();
  const out: FollowRow[] = [];
  for (const [id, days] of w.days) {
    if (s.wbs.index.children.has(id)) continue;
    let planned = false;
    for (const c of days.values())
      if (c.plan !== null && c.plan !== 0) {
        planned = true;
        break;
      }
    if (!planned) continue;
    const settings = w.rows.get(id);
    const base = settings?.base ?? 'by_date';
    if (!LIVE_FOLLOW_BASES.includes(base)) continue;
    const p0 = before.position.get(id);
    const p1 = after.position.get(id);
    const row = s.wbs.doc.rows.get(id);
    if (p0 === undefined || p1 === undefined || !row) continue;
    const old = { start: before.es[p0]!, finish: before.ef[p0]! };
    const now = { start: after.es[p1]!, finish: after.ef[p1]! };
    if (old.start < 0 || old.finish < 0 || now.start < 0 || now.finish < 0) continue;
    if (old.start === now.start && old.finish === now.finish) continue;
    out.push({
      id,
      mode: settings?.mode ?? 'evenly',
      base,
      rate: settings?.rate ?? null,
      volume: row.volume,
      cal: calendarOfRow(row.calendarId),
      before: old,
      after: now,
      current: days,
    });
  }
  return out;
}

/** Follows the moved rows' plans as one history step; false when no plan moved. */
export function followLive(before: ScheduleSnapshot, after: ScheduleSnapshot): boolean {
  if (wdpStore.get().status !== 'ready') return false;
  const rows = liveFollowRows(before, after);
  if (rows.length === 0) return false;
  const s = workbench.get();
  const periods = wdpStore.get().periods;
  const dataDate = s.version
    ? versionScheduleOptions(s.version.schedule_options, s.version.data_date, s.calendars).dataDate
    : null;
  const ch = followDates(rows, {
    ...(periods?.plan_from != null ? { firstPlanDay: periods.plan_from } : {}),
    ...(dataDate !== null ? { dataDay: Math.floor(dataDate / MINUTES_PER_DAY) } : {}),
  });
  if (ch.patches.length === 0) return false;
  commitPatches({
    kind: 'undo_wdp',
    labelKey: 'wdp.follow_dates',
    patches: ch.patches,
    inversePatches: ch.inversePatches,
  });
  return true;
}

/**
 * Watches the history and the schedule: the first new schedule after a change of ours (not a day
 * value change) makes the moved plans follow. Answers the unsubscribe.
 */
export function startLiveFollow(): () => void {
  let own = false;
  const offData = onDataChange((a) => {
    if (a.origin !== 'do') own = false;
    else if (a.change.kind !== 'undo_wdp') own = true;
  });
  const offStore = useWorkbench.subscribe((s, prev) => {
    if (s.schedule === prev.schedule) return;
    const was = own;
    own = false;
    if (was && s.schedule && prev.schedule && s.versionId === prev.versionId)
      followLive(prev.schedule, s.schedule);
  });
  return () => {
    offData();
    offStore();
  };
}
