// Primavera P6 XML writer (APIBusinessObjects): global Calendars, Resources and ResourceCurves,
// then one Project with its WBS, Activities, Relationships and ResourceAssignments. P6's schema lists the fields
// of each object in ASCII order, so each object is written from a record sorted by key.
// Durations and floats are hours; work-time finishes are written as P6 does, one minute before
// the end of the interval ('16:59:00' for a shift ending at 17:00).

import type { Activity, CalendarDef, Constraint, ScheduleModel } from '../../schedule/model';
import { shownFinish, shownStart } from '../../schedule/shown-dates';
import { resourceTypeOf, type ResourceType } from '../../schedule/resource-type';
import { XmlWriter, type XmlValue } from '../xml-writer';
import { defaultCalendar, integerIds, resourcesToWrite, walkTree, weeklyMinutes } from '../write-model';
import { dayToIsoDate, formatClock, formatIsoLocal, formatNumber } from '../write-time';
import { curvesToWrite } from '../write-curves';

const NS = 'http://xmlns.oracle.com/Primavera/P6/V23.12/API/BusinessObjects';
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** P6's ResourceType (it has no cost type: a cost resource goes as labor). */
const P6_RESOURCE_TYPE: Record<ResourceType, string> = {
  labor: 'Labor',
  nonlabor: 'Nonlabor',
  material: 'Material',
  cost: 'Labor',
};

const ACTIVITY_TYPE: Record<Activity['kind'], string> = {
  task: 'Task Dependent',
  resource: 'Resource Dependent',
  loe: 'Level of Effort',
  start_milestone: 'Start Milestone',
  finish_milestone: 'Finish Milestone',
  wbs_summary: 'WBS Summary',
  sum: 'WBS Summary',
};

const CONSTRAINT: Record<Constraint['on'], Record<Constraint['type'], string>> = {
  start: {
    not_earlier: 'Start On or After',
    not_later: 'Start On or Before',
    in_date: 'Start On',
    mandatory: 'Mandatory Start',
  },
  finish: {
    not_earlier: 'Finish On or After',
    not_later: 'Finish On or Before',
    in_date: 'Finish On',
    mandatory: 'Mandatory Finish',
  },
};

const RELATION_TYPE = {
  fs: 'Finish to Start',
  ss: 'Start to Start',
  ff: 'Finish to Finish',
  sf: 'Start to Finish',
};
const LAG_CALENDAR = {
  predecessor: 'Predecessor Activity Calendar',
  successor: 'Successor Activity Calendar',
  '24h': '24 Hour Calendar',
  project: 'Project Default Calendar',
};
const FLOAT_TYPE = {
  start: 'Start Float = Late Start - Early Start',
  finish: 'Finish Float = Late Finish - Early Finish',
  smallest: 'Smallest of Start Float and Finish Float',
};
const PROGRESS = {
  retained_logic: 'Retained Logic',
  progress_override: 'Progress Override',
  actual_dates: 'Actual Dates',
};

const date = (m: number | null | undefined): string | undefined =>
  m === null || m === undefined ? undefined : formatIsoLocal(m);
const hours = (m: number | null | undefined): string | undefined =>
  m === null || m === undefined ? undefined : formatNumber(m / 60);

/** Writes `name` with its scalar fields in P6's (ASCII) order; `nested` are written after them. */
function object(x: XmlWriter, name: string, fields: Record<string, XmlValue>, nested?: () => void): void {
  x.open(name);
  for (const key of Object.keys(fields).sort()) {
    const v = fields[key];
    if (typeof v === 'boolean') x.bool(key, v);
    else x.leaf(key, v);
  }
  nested?.();
  x.close();
}

function workTimes(x: XmlWriter, intervals: CalendarDef['week'][number]): void {
  for (const iv of intervals) {
    x.open('WorkTime')
      .leaf('Start', `${formatClock(iv.start)}:00`)
      .leaf('Finish', `${formatClock(iv.end - 1)}:00`)
      .close();
  }
}

function writeCalendar(x: XmlWriter, cal: CalendarDef, id: number, isDefault: boolean): void {
  const perWeek = cal.hoursPerWeek || weeklyMinutes(cal) / 60;
  x.open('Calendar');
  // Fields in schema order: BaseCalendarObjectId, HolidayOrExceptions, HoursPer…, IsDefault, …
  // Holidays before 2000 are outside the product's range and the XML readers' dates.
  x.open('HolidayOrExceptions');
  for (const ex of cal.exceptions.filter((e) => e.day >= 0).sort((a, b) => a.day - b.day)) {
    x.open('HolidayOrException').leaf('Date', `${dayToIsoDate(ex.day)}T00:00:00`);
    workTimes(x, ex.intervals);
    x.close();
  }
  x.close();
  x.leaf('HoursPerDay', formatNumber(cal.hoursPerDay))
    .leaf('HoursPerMonth', formatNumber(cal.hoursPerMonth))
    .leaf('HoursPerWeek', formatNumber(perWeek))
    .leaf('HoursPerYear', formatNumber(perWeek * 52))
    .bool('IsDefault', isDefault)
    .bool('IsPersonal', false)
    .leaf('Name', cal.name)
    .leaf('ObjectId', id);
  x.open('StandardWorkWeek');
  cal.week.forEach((ivs, day) => {
    x.open('StandardWorkHours').leaf('DayOfWeek', DAY_NAMES[day]);
    workTimes(x, ivs);
    x.close();
  });
  x.close();
  x.leaf('Type', 'Global');
  x.close();
}

export function writeP6Xml(model: ScheduleModel): Uint8Array {
  return new TextEncoder().encode(writeP6XmlText(model));
}

export function writeP6XmlText(model: ScheduleModel): string {
  const o = model.options;
  const { resources, assignments } = resourcesToWrite(model);
  const tree = walkTree(model);
  const sums = tree.filter((t) => t.activity.kind === 'sum');
  const tasks = tree.filter((t) => t.activity.kind !== 'sum');
  const calIds = integerIds(model.calendars.map((c) => c.id));
  const wbsIds = integerIds(sums.map((s) => s.activity.id));
  const actIds = integerIds(tasks.map((t) => t.activity.id));
  const rsrcIds = integerIds(resources.map((r) => r.id));
  const defCal = defaultCalendar(model);
  const PROJ = 1;
  const EXT_PROJ = 2;
  const projOf = (a: Activity): number => (a.external ? EXT_PROJ : PROJ);
  const wbsOf = (a: Activity): number | undefined =>
    a.parentId !== null ? wbsIds.get(a.parentId) : undefined;

  const x = new XmlWriter();
  x.open('APIBusinessObjects', { xmlns: NS, 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance' });
  for (const cal of model.calendars) writeCalendar(x, cal, calIds.get(cal.id)!, cal === defCal);
  resources.forEach((r, i) =>
    object(x, 'Resource', {
      CalendarObjectId: r.calendarId !== null ? calIds.get(r.calendarId) : undefined,
      Id: `R${i + 1}`,
      Name: r.name,
      ObjectId: rsrcIds.get(r.id),
      ResourceType: P6_RESOURCE_TYPE[resourceTypeOf(r.kind) ?? 'labor'],
    }),
  );

  // Assignments' resource curves: P6's 21 points as Value0, Value5, …, Value100.
  const { curves, curveOf } = curvesToWrite(assignments);
  for (const c of curves) {
    object(x, 'ResourceCurve', { IsDefault: false, Name: c.name, ObjectId: c.id }, () => {
      x.open('Values');
      c.points.forEach((p, i) => x.leaf(`Value${i * 5}`, formatNumber(p, 6)));
      x.close();
    });
  }

  const projectFields: Record<string, XmlValue> = {
    ActivityDefaultCalendarObjectId: defCal ? calIds.get(defCal.id) : undefined,
    ComputeTotalFloatType: FLOAT_TYPE[o.floatType],
    CriticalActivityFloatLimit: formatNumber(o.criticalFloat / 60),
    CriticalActivityPathType: o.criticalBy === 'longest_path' ? 'Longest Path' : 'Critical Float',
    DataDate: date(o.dataDate),
    Id: model.projectName.slice(0, 40) || 'Project',
    MustFinishByDate: date(o.mustFinishBy),
    Name: model.projectName,
    ObjectId: PROJ,
    OutOfSequenceScheduleType: PROGRESS[o.progressMode],
    PlannedStartDate: date(o.projectStart),
    RelationshipLagCalendar: LAG_CALENDAR[o.lagCalendar],
    Status: 'Active',
  };
  object(x, 'Project', projectFields, () => {
    // P6 keeps the scheduling options in a ScheduleOptions child as well (P6 reads them there).
    object(x, 'ScheduleOptions', {
      CalendarForSchedulingRelationshipLag: LAG_CALENDAR[o.lagCalendar],
      ComputeTotalFloatType: FLOAT_TYPE[o.floatType],
      CriticalActivityPathType: o.criticalBy === 'longest_path' ? 'Longest Path' : 'Critical Float',
      IgnoreOtherProjectRelationships: o.ignoreExternalRelations === true,
      MakeOpenEndedActivitiesCritical: o.openEndsCritical === true,
      ProjectObjectId: PROJ,
      StartToStartLagCalculationType: o.lagFromEarlyStart === false ? 'Actual Start' : 'Early Start',
      UseExpectedFinishDates: o.useExpectedFinish === true,
      WhenSchedulingProgressedActivitiesUseType: PROGRESS[o.progressMode],
    });
    for (const { activity: a } of sums) {
      object(x, 'WBS', {
        Code: a.code || a.name,
        Name: a.name,
        ObjectId: wbsIds.get(a.id),
        ParentObjectId: wbsOf(a),
        ProjectObjectId: PROJ,
        SequenceNumber: a.order,
        Status: 'Active',
      });
    }
    for (const { activity: a } of tasks) {
      const s = a.stored ?? {};
      const ext = a.external;
      const cs = a.constraints.map((c) => ({ type: CONSTRAINT[c.on][c.type], date: c.date }));
      if (a.alap) cs.unshift({ type: 'As Late As Possible', date: Number.NaN });
      const start = ext?.start ?? shownStart(a, s.es ?? null) ?? a.plannedStart ?? o.projectStart;
      const finish = ext?.finish ?? shownFinish(a, s.ef ?? null) ?? a.plannedFinish ?? start;
      object(x, 'Activity', {
        ActualFinishDate: date(a.actualFinish),
        ActualStartDate: date(a.actualStart),
        AtCompletionDuration: hours(a.duration - a.remaining + a.remaining),
        CalendarObjectId: calIds.get(a.calendarId) ?? (defCal ? calIds.get(defCal.id) : undefined),
        DurationType: 'Fixed Duration and Units',
        EarlyFinishDate: date(ext?.finish ?? s.ef),
        EarlyStartDate: date(ext?.start ?? s.es),
        ExpectedFinishDate: date(a.expectedFinish),
        ExternalEarlyStartDate: date(a.externalEarlyStart),
        ExternalLateFinishDate: date(a.externalLateFinish),
        FinishDate: date(finish),
        FreeFloat: hours(s.ff),
        Id: a.code,
        LateFinishDate: date(ext ? (ext.lateFinish ?? ext.finish) : s.lf),
        LateStartDate: date(ext ? (ext.lateStart ?? ext.start) : s.ls),
        Name: a.name,
        ObjectId: actIds.get(a.id),
        PercentCompleteType: 'Physical',
        // P6 XML percentages are fractions (0.5 = 50 %).
        PercentComplete: formatNumber(a.percentComplete / 100, 6),
        PhysicalPercentComplete: formatNumber(a.percentComplete / 100, 6),
        PlannedDuration: hours(a.duration),
        PlannedFinishDate: date(a.plannedFinish ?? s.ef ?? finish),
        PlannedStartDate: date(a.plannedStart ?? s.es ?? start),
        PrimaryConstraintDate: cs[0] && Number.isFinite(cs[0].date) ? date(cs[0].date) : undefined,
        PrimaryConstraintType: cs[0]?.type,
        ProjectObjectId: projOf(a),
        RemainingDuration: hours(a.remaining),
        ResumeDate: a.actualFinish === null ? date(a.resumeAt) : undefined,
        SecondaryConstraintDate: cs[1] ? date(cs[1].date) : undefined,
        SecondaryConstraintType: cs[1]?.type,
        StartDate: date(start),
        Status:
          a.actualFinish !== null ? 'Completed' : a.actualStart !== null ? 'In Progress' : 'Not Started',
        TotalFloat: hours(s.tf),
        Type: ACTIVITY_TYPE[a.kind],
        WBSObjectId: wbsOf(a),
      });
    }
    const byId = new Map(tasks.map((t) => [t.activity.id, t.activity]));
    model.relations.forEach((r, i) => {
      const pred = byId.get(r.predId);
      const succ = byId.get(r.succId);
      if (!pred || !succ) return;
      object(x, 'Relationship', {
        Lag: formatNumber(r.lag / 60),
        ObjectId: i + 1,
        PredecessorActivityObjectId: actIds.get(pred.id),
        PredecessorProjectObjectId: projOf(pred),
        SuccessorActivityObjectId: actIds.get(succ.id),
        SuccessorProjectObjectId: projOf(succ),
        Type: RELATION_TYPE[r.type],
      });
    });
    let asgId = 1;
    for (const asg of assignments) {
      const act = actIds.get(asg.activityId);
      const rsrc = rsrcIds.get(asg.resourceId);
      if (act === undefined || rsrc === undefined) continue;
      object(x, 'ResourceAssignment', {
        ActivityObjectId: act,
        ObjectId: asgId++,
        PlannedUnits: formatNumber(asg.units),
        ProjectObjectId: PROJ,
        RemainingUnits: formatNumber(asg.units),
        ResourceCurveObjectId: curveOf(asg),
        ResourceObjectId: rsrc,
      });
    }
  });
  x.close();
  return x.toString();
}
