// MS Project XML (MSPDI) writer: <Project xmlns="http://schemas.microsoft.com/project"> with
// Calendars, Tasks, Resources and Assignments, elements in the order of MS Project's schema
// (it rejects a file whose elements are out of sequence). Durations are ISO 'PT8H0M0S' in
// working time; slack and LinkLag are tenths of a minute.

import type { Activity, Assignment, CalendarDef, Relation, ScheduleModel } from '../../schedule/model';
import { shownFinish, shownStart } from '../../schedule/shown-dates';
import { resourceTypeOf, type ResourceType } from '../../schedule/resource-type';
import { XmlWriter } from '../xml-writer';
import { buildCalendarIndex, standardCalendarDef } from '../../calendar/calendar-index';
import type { CalendarIndex } from '../../calendar/calendar-index';
import { timephasedOfCurve } from '../../resources/curve-timephased';
import { assignmentCalendarId } from '../../resources/work-time';
import {
  defaultCalendar,
  findConstraint,
  integerIds,
  resourcesToWrite,
  walkTree,
  weeklyMinutes,
} from '../write-model';
import { dayToIsoDate, formatClock, formatIsoDuration, formatIsoLocal } from '../write-time';

const NS = 'http://schemas.microsoft.com/project';
/** MS Project's resource Type: 0 material, 1 work, 2 cost (labor and nonlabor are both work). */
const MSPDI_RESOURCE_TYPE: Record<ResourceType, number> = { material: 0, labor: 1, nonlabor: 1, cost: 2 };
/** PredecessorLink/Type: 0 = FF, 1 = FS, 2 = SF, 3 = SS. */
const LINK_TYPE: Record<Relation['type'], number> = { ff: 0, fs: 1, sf: 2, ss: 3 };
/** LagFormat display units: 5 = hours, 7 = days; 6 and 8 are their elapsed forms. */
function lagFormat(r: Relation, minutesPerDay: number): number {
  const days = r.lag % minutesPerDay === 0;
  if (r.lagCalendar === '24h') return days ? 8 : 6;
  return days ? 7 : 5;
}

const iso = (m: number | null | undefined): string | undefined =>
  m === null || m === undefined ? undefined : formatIsoLocal(m);
const tenths = (m: number | null | undefined): number | undefined =>
  m === null || m === undefined ? undefined : Math.round(m * 10);

/** MSPDI ConstraintType: 0 ASAP, 1 ALAP, 2 MSO, 3 MFO, 4 SNET, 5 SNLT, 6 FNET, 7 FNLT. */
function constraintOf(a: Activity): { type: number; date?: number; deadline?: number } {
  const start = findConstraint(a, 'start');
  const finish = findConstraint(a, 'finish');
  // MS Project has one constraint per task; a finish-on-or-before beside another becomes a Deadline.
  const deadline = start && finish?.type === 'not_later' ? finish.date : undefined;
  const c = start ?? finish;
  if (!c) return { type: a.alap ? 1 : 0 };
  const codes =
    c.on === 'start'
      ? { not_earlier: 4, not_later: 5, in_date: 2, mandatory: 2 }
      : { not_earlier: 6, not_later: 7, in_date: 3, mandatory: 3 };
  return { type: codes[c.type], date: c.date, deadline };
}

function writeWorkingTimes(x: XmlWriter, intervals: CalendarDef['week'][number]): void {
  if (!intervals.length) return;
  x.open('WorkingTimes');
  for (const iv of intervals) {
    x.open('WorkingTime')
      .leaf('FromTime', `${formatClock(iv.start)}:00`)
      .leaf('ToTime', `${formatClock(iv.end, '00:00')}:00`)
      .close();
  }
  x.close();
}

function writeCalendar(x: XmlWriter, cal: CalendarDef, uid: number): void {
  x.open('Calendar')
    .leaf('UID', uid)
    .leaf('Name', cal.name)
    .leaf('IsBaseCalendar', 1)
    .leaf('IsBaselineCalendar', 0)
    .leaf('BaseCalendarUID', -1);
  x.open('WeekDays');
  cal.week.forEach((ivs, i) => {
    // DayType 1 = Sunday … 7 = Saturday.
    x.open('WeekDay')
      .leaf('DayType', i + 1)
      .leaf('DayWorking', ivs.length ? 1 : 0);
    writeWorkingTimes(x, ivs);
    x.close();
  });
  x.close();
  // Holidays before 2000 are outside the product's range and the XML readers' dates.
  if (cal.exceptions.some((e) => e.day >= 0)) {
    x.open('Exceptions');
    for (const ex of cal.exceptions.filter((e) => e.day >= 0).sort((a, b) => a.day - b.day)) {
      const d = dayToIsoDate(ex.day);
      x.open('Exception')
        .leaf('EnteredByOccurrences', 0)
        .open('TimePeriod')
        .leaf('FromDate', `${d}T00:00:00`)
        .leaf('ToDate', `${d}T23:59:00`)
        .close()
        .leaf('Occurrences', 1)
        .leaf('Name', ex.intervals.length ? 'Working' : 'Holiday')
        .leaf('Type', 1)
        .leaf('DayWorking', ex.intervals.length ? 1 : 0);
      writeWorkingTimes(x, ex.intervals);
      x.close();
    }
    x.close();
  }
  x.close();
}

export function writeMspdi(model: ScheduleModel): Uint8Array {
  return new TextEncoder().encode(writeMspdiText(model));
}

export function writeMspdiText(model: ScheduleModel): string {
  const o = model.options;
  const { resources, assignments } = resourcesToWrite(model);
  const tree = walkTree(model);
  const calIds = integerIds(model.calendars.map((c) => c.id));
  const uids = integerIds(tree.map((t) => t.activity.id));
  const rsrcIds = integerIds(resources.map((r) => r.id));
  const defCal = defaultCalendar(model);
  const minutesPerDay = Math.round((defCal?.hoursPerDay || 8) * 60);
  const minutesPerWeek = Math.round(
    (defCal?.hoursPerWeek || (defCal ? weeklyMinutes(defCal) / 60 : 40)) * 60,
  );
  const daysPerMonth = defCal?.hoursPerMonth ? Math.round(defCal.hoursPerMonth / (minutesPerDay / 60)) : 20;
  const predsOf = new Map<string, Relation[]>();
  for (const r of model.relations) {
    let list = predsOf.get(r.succId);
    if (!list) predsOf.set(r.succId, (list = []));
    list.push(r);
  }
  const finishes = tree
    .map((t) => t.activity.stored?.ef ?? t.activity.actualFinish ?? t.activity.plannedFinish ?? null)
    .filter((m): m is number => m !== null);

  const x = new XmlWriter();
  x.open('Project', { xmlns: NS })
    .leaf('SaveVersion', 14)
    .leaf('Name', `${model.projectName}.xml`)
    .leaf('Title', model.projectName)
    .leaf('ScheduleFromStart', 1)
    .leaf('StartDate', iso(o.projectStart))
    .leaf('FinishDate', iso(finishes.length ? finishes.reduce((a, b) => Math.max(a, b)) : o.projectStart))
    .leaf('FYStartDate', 1)
    .leaf('CriticalSlackLimit', Math.round(o.criticalFloat / minutesPerDay))
    .leaf('CalendarUID', defCal ? calIds.get(defCal.id) : undefined)
    .leaf('DefaultStartTime', '08:00:00')
    .leaf('DefaultFinishTime', '17:00:00')
    .leaf('MinutesPerDay', minutesPerDay)
    .leaf('MinutesPerWeek', minutesPerWeek)
    .leaf('DaysPerMonth', daysPerMonth)
    .leaf('DefaultTaskType', 1)
    .leaf('DurationFormat', 7)
    .leaf('WorkFormat', 2)
    .leaf('HonorConstraints', 1)
    .leaf('MultipleCriticalPaths', 0)
    .leaf('NewTasksEffortDriven', 0)
    .leaf('NewTasksEstimated', 0)
    .leaf('StatusDate', iso(o.dataDate))
    .leaf('CurrentDate', iso(o.dataDate))
    .leaf('NewTasksAreManual', 0);

  x.open('Calendars');
  for (const cal of model.calendars) writeCalendar(x, cal, calIds.get(cal.id)!);
  x.close();

  // The tasks' written dates: a hand-contoured assignment's work is laid over them.
  const taskDates = new Map<string, [number, number]>();
  x.open('Tasks');
  tree.forEach(({ activity: a, level, outline }, i) => {
    const s = a.stored ?? {};
    const summary = a.kind === 'sum';
    const milestone = a.kind === 'start_milestone' || a.kind === 'finish_milestone';
    const start = a.external?.start ?? shownStart(a, s.es ?? null) ?? a.plannedStart ?? o.projectStart;
    const finish = a.external?.finish ?? shownFinish(a, s.ef ?? null) ?? a.plannedFinish ?? start;
    taskDates.set(a.id, [start, finish]);
    const c = constraintOf(a);
    const actualDone = a.duration - a.remaining;
    const started = a.actualStart !== null && a.actualFinish === null;
    x.open('Task')
      .leaf('UID', uids.get(a.id))
      .leaf('ID', i + 1)
      .leaf('Name', a.name)
      .leaf('Active', 1)
      .leaf('Manual', a.manual ? 1 : 0)
      .leaf('Type', 1)
      .leaf('IsNull', 0)
      .leaf('WBS', a.code || outline)
      .leaf('OutlineNumber', outline)
      .leaf('OutlineLevel', level)
      .leaf('Priority', 500)
      .leaf('Start', iso(start))
      .leaf('Finish', iso(finish))
      .leaf('Duration', formatIsoDuration(milestone ? 0 : a.duration))
      // 8 = elapsed days (ed): MS Project schedules the task around the clock, as the engine does.
      .leaf('DurationFormat', a.elapsed && !milestone && !summary ? 8 : 7)
      // Where the remaining work resumes: MS Project's Resume (the data date unless the model says).
      .leaf('Resume', started ? iso(a.resumeAt ?? Math.max(o.dataDate, a.actualStart!)) : undefined)
      .leaf('EffortDriven', 0)
      .leaf('Milestone', milestone ? 1 : 0)
      .leaf('Summary', summary ? 1 : 0)
      .leaf('Critical', s.critical ? 1 : 0)
      .leaf('ExternalTask', 0)
      .leaf('EarlyStart', iso(s.es))
      .leaf('EarlyFinish', iso(s.ef))
      .leaf('LateStart', iso(s.ls))
      .leaf('LateFinish', iso(s.lf))
      .leaf('FreeSlack', tenths(s.ff))
      .leaf('TotalSlack', tenths(s.tf))
      .leaf('StartSlack', tenths(s.startFloat))
      .leaf('FinishSlack', tenths(s.finishFloat))
      .leaf('PercentComplete', Math.round(a.percentComplete))
      .leaf('ActualStart', iso(a.actualStart))
      .leaf('ActualFinish', iso(a.actualFinish))
      .leaf('ActualDuration', a.actualStart !== null ? formatIsoDuration(Math.max(0, actualDone)) : undefined)
      .leaf('RemainingDuration', formatIsoDuration(milestone ? 0 : a.remaining))
      .leaf('ConstraintType', c.type)
      .leaf('CalendarUID', a.calendarId === defCal?.id ? -1 : (calIds.get(a.calendarId) ?? -1))
      .leaf('ConstraintDate', iso(c.date))
      .leaf('Deadline', iso(c.deadline));
    for (const r of predsOf.get(a.id) ?? []) {
      const pred = uids.get(r.predId);
      if (pred === undefined) continue;
      x.open('PredecessorLink')
        .leaf('PredecessorUID', pred)
        .leaf('Type', LINK_TYPE[r.type])
        .leaf('CrossProject', 0)
        .leaf('LinkLag', Math.round(r.lag * 10))
        .leaf('LagFormat', lagFormat(r, minutesPerDay))
        .close();
    }
    x.close();
  });
  x.close();

  x.open('Resources');
  resources.forEach((r, i) => {
    x.open('Resource')
      .leaf('UID', rsrcIds.get(r.id))
      .leaf('ID', i + 1)
      .leaf('Name', r.name)
      .leaf('Type', MSPDI_RESOURCE_TYPE[resourceTypeOf(r.kind) ?? 'labor'])
      .leaf('IsNull', 0)
      .leaf('MaxUnits', 1)
      .leaf('CalendarUID', r.calendarId !== null ? calIds.get(r.calendarId) : undefined)
      .close();
  });
  x.close();

  x.open('Assignments');
  let asgUid = 1;
  const clockOf = clocks(model.calendars, defCal);
  const activities = new Map(model.activities.map((a) => [a.id, a]));
  const resourceCal = new Map(resources.map((r) => [r.id, r.calendarId ?? null]));
  for (const asg of assignments) {
    const task = uids.get(asg.activityId);
    const rsrc = rsrcIds.get(asg.resourceId);
    if (task === undefined || rsrc === undefined) continue;
    const uid = asgUid++;
    // A custom curve goes out hand-contoured: its work per stretch over the task's dates, on the
    // calendar the reader measures it on (the resource's for a resource-dependent task).
    const dates = taskDates.get(asg.activityId);
    const act = activities.get(asg.activityId);
    const stretches =
      asg.curve?.kind === 'custom' && dates && act
        ? timephasedOfCurve(
            asg.curve,
            asg.units * 60,
            dates[0],
            dates[1],
            clockOf(assignmentCalendarId(act, resourceCal.get(asg.resourceId) ?? null)),
          )
        : [];
    const contoured = stretches.length > 0;
    x.open('Assignment')
      .leaf('UID', uid)
      .leaf('TaskUID', task)
      .leaf('ResourceUID', rsrc)
      .leaf('Finish', contoured ? iso(dates![1]) : undefined)
      .leaf('Start', contoured ? iso(dates![0]) : undefined)
      .leaf('Units', 1)
      .leaf('Work', formatIsoDuration(asg.units * 60))
      .leaf('WorkContour', contoured ? 8 : workContourOf(asg.curve));
    for (const t of stretches)
      x.open('TimephasedData')
        .leaf('Type', 1)
        .leaf('UID', uid)
        .leaf('Start', iso(t.start))
        .leaf('Finish', iso(t.finish))
        .leaf('Unit', 2)
        .leaf('Value', formatIsoDuration(t.work))
        .close();
    x.close();
  }
  x.close();

  x.close();
  return x.toString();
}

/**
 * MS Project's WorkContour of a curve: the named ones by name; a custom curve is contoured (8,
 * with its timephased work) or, over a span with no working time, flat.
 */
function workContourOf(curve: Assignment['curve']): number {
  return { uniform: 0, back: 1, front: 2, bell: 6, custom: 0 }[curve?.kind ?? 'uniform'];
}

/** Working time by calendar id (the default calendar's for none), each laid out on first use. */
function clocks(
  calendars: readonly CalendarDef[],
  defCal: CalendarDef | undefined,
): (id: string | null) => CalendarIndex {
  const defs = new Map(calendars.map((c) => [c.id, c]));
  const built = new Map<string, CalendarIndex>();
  return (id) => {
    const def = (id !== null ? defs.get(id) : undefined) ?? defCal ?? standardCalendarDef();
    let idx = built.get(def.id);
    if (!idx) built.set(def.id, (idx = buildCalendarIndex(def)));
    return idx;
  };
}
