// P6 XML (PMXML, <APIBusinessObjects>) → ScheduleModel. The same data as XER under XML names:
// durations and floats in hours, enums spelled out ("Finish to Start", "Start On or After").
// Only the first project is the schedule; activities of further projects are external.
// Resources, assignments and their curves: read-resources.ts.

import { standardCalendarDef } from '../../calendar/calendar-index';
import type { Activity, ActivityKind, Constraint, Relation, ScheduleModel } from '../../schedule/model';
import { ImportError } from '../errors';
import { child, children, parseXml, tagLines, text } from '../mspdi/xml';
import type { XmlNode } from '../mspdi/xml';
import { readPmxmlCalendars } from './read-calendars';
import { readPmxmlOptions } from './read-options';
import { PMXML_RESOURCE_ARRAYS, readPmxmlResources, resourceCalendarsByActivity } from './read-resources';
import { pmDate, pmHours } from './values';
import { summaryNode, taskNodeType } from '../summary-node';

const ARRAYS = [
  'Project',
  'Calendar',
  'StandardWorkHours',
  'WorkTime',
  'HolidayOrException',
  'WBS',
  'Activity',
  'Relationship',
  ...PMXML_RESOURCE_ARRAYS,
];

export function readPmxml(src: string): ScheduleModel {
  const doc = parseXml(src, 'APIBusinessObjects', ARRAYS);
  const root = child(doc, 'APIBusinessObjects');
  const projects = children(root, 'Project');
  if (!root || projects.length === 0) {
    throw new ImportError(
      'import.missing_table',
      { where: 'Project', line: 1 },
      'The P6 XML file has no <Project>',
    );
  }
  const main = projects[0];
  const calendars = [...children(root, 'Calendar'), ...projects.flatMap((p) => children(p, 'Calendar'))];
  const calDefs = readPmxmlCalendars(calendars);
  if (calDefs.length === 0) calDefs.push(standardCalendarDef());
  const calIds = new Set(calDefs.map((c) => c.id));
  let defCal = text(main, 'ActivityDefaultCalendarObjectId') || text(main, 'DefaultCalendarObjectId');
  if (!calIds.has(defCal)) defCal = calDefs.find((c) => c.isDefault)?.id ?? calDefs[0].id;

  const lines = tagLines(src, 'Activity');
  let k = 0;
  const activities: Activity[] = [];
  const relations: Relation[] = [];
  projects.forEach((p, pi) => {
    for (const w of children(p, 'WBS')) activities.push(wbsNode(w));
    for (const a of children(p, 'Activity')) {
      const act = readActivity(a, lines[k++] ?? 0, pi > 0, defCal, calIds);
      // Another project's activity names its project (P6 XML's project Id, else its name).
      if (act.external) act.external.project = text(p, 'Id') || text(p, 'Name');
      activities.push(act);
    }
    // One by one: spreading 100k+ relations as arguments overflows the stack.
    for (const r of children(p, 'Relationship')) relations.push(readRelation(r));
  });
  for (const r of children(root, 'Relationship')) relations.push(readRelation(r));
  const ids = new Set(activities.map((a) => a.id));
  for (const a of activities) if (a.parentId !== null && !ids.has(a.parentId)) a.parentId = null;
  const taskIds = new Set(activities.filter((a) => a.nodeType !== 'sum').map((a) => a.id));
  const { resources, assignments } = readPmxmlResources(root, projects, calIds, taskIds);
  const resourceCalendars = resourceCalendarsByActivity(resources, assignments);
  for (const a of activities) {
    const cals = resourceCalendars.get(a.id);
    if (cals && a.kind === 'resource') a.resourceCalendarIds = cals;
  }
  return {
    source: 'pmxml',
    projectName: text(main, 'Id') || text(main, 'Name'),
    calendars: calDefs,
    activities,
    relations: relations.filter((r) => ids.has(r.predId) && ids.has(r.succId)),
    options: readPmxmlOptions(main, defCal),
    resources,
    assignments,
  };
}

function wbsNode(w: XmlNode): Activity {
  const parent = text(w, 'ParentObjectId');
  return summaryNode({
    id: `wbs:${text(w, 'ObjectId')}`,
    code: text(w, 'Code'),
    name: text(w, 'Name'),
    parentId: parent ? `wbs:${parent}` : null,
    order: Number(text(w, 'SequenceNumber')) || 0,
  });
}

const KINDS: Record<string, ActivityKind> = {
  'task dependent': 'task',
  'resource dependent': 'resource',
  'level of effort': 'loe',
  'start milestone': 'start_milestone',
  'finish milestone': 'finish_milestone',
  'wbs summary': 'wbs_summary',
};

const CONSTRAINTS: Record<string, [Constraint['on'], Constraint['type']]> = {
  'start on': ['start', 'in_date'],
  'start on or after': ['start', 'not_earlier'],
  'start on or before': ['start', 'not_later'],
  'finish on': ['finish', 'in_date'],
  'finish on or after': ['finish', 'not_earlier'],
  'finish on or before': ['finish', 'not_later'],
  'mandatory start': ['start', 'mandatory'],
  'mandatory finish': ['finish', 'mandatory'],
};

function readActivity(
  a: XmlNode,
  line: number,
  external: boolean,
  defCal: string,
  calIds: Set<string>,
): Activity {
  const kind = KINDS[text(a, 'Type').toLowerCase()] ?? 'task';
  const status = text(a, 'Status').toLowerCase();
  const duration = pmHours(a, 'PlannedDuration') ?? 0;
  const actualStart = status === 'not started' ? null : pmDate(a, 'ActualStartDate', line);
  const actualFinish = status === 'completed' ? (pmDate(a, 'ActualFinishDate', line) ?? actualStart) : null;
  const constraints: Constraint[] = [];
  let alap = false;
  for (const [tf, df] of [
    ['PrimaryConstraintType', 'PrimaryConstraintDate'],
    ['SecondaryConstraintType', 'SecondaryConstraintDate'],
  ]) {
    const type = text(a, tf).toLowerCase();
    if (type === 'as late as possible') alap = true;
    const at = pmDate(a, df, line);
    const m = CONSTRAINTS[type];
    if (m && at !== null) constraints.push({ on: m[0], type: m[1], date: at });
  }
  const cal = text(a, 'CalendarObjectId');
  const wbs = text(a, 'WBSObjectId');
  const res: Activity = {
    id: text(a, 'ObjectId'),
    code: text(a, 'Id'),
    name: text(a, 'Name'),
    parentId: wbs ? `wbs:${wbs}` : null,
    order: 0,
    nodeType: taskNodeType(kind),
    kind,
    calendarId: calIds.has(cal) ? cal : defCal,
    duration,
    remaining: actualFinish !== null ? 0 : (pmHours(a, 'RemainingDuration') ?? duration),
    actualStart,
    actualFinish,
    percentComplete:
      Number(text(a, 'PercentComplete')) * (Number(text(a, 'PercentComplete')) <= 1 ? 100 : 1) || 0,
    constraints,
    alap,
    expectedFinish: pmDate(a, 'ExpectedFinishDate', line),
    externalEarlyStart: pmDate(a, 'ExternalEarlyStartDate', line),
    externalLateFinish: pmDate(a, 'ExternalLateFinishDate', line),
    stored: {
      es: pmDate(a, 'EarlyStartDate', line),
      ef: pmDate(a, 'EarlyFinishDate', line),
      ls: pmDate(a, 'LateStartDate', line),
      lf: pmDate(a, 'LateFinishDate', line),
      tf: pmHours(a, 'TotalFloat'),
      ff: pmHours(a, 'FreeFloat'),
    },
  };
  if (external) {
    const start = actualStart ?? res.stored!.es ?? pmDate(a, 'PlannedStartDate', line) ?? 0;
    const open = actualFinish === null;
    res.external = {
      start,
      finish: actualFinish ?? res.stored!.ef ?? pmDate(a, 'PlannedFinishDate', line) ?? start,
      lateStart: open ? (res.stored!.ls ?? null) : null,
      lateFinish: open ? (res.stored!.lf ?? null) : null,
    };
  }
  return res;
}

const REL: Record<string, Relation['type']> = {
  'finish to start': 'fs',
  'start to start': 'ss',
  'finish to finish': 'ff',
  'start to finish': 'sf',
};

function readRelation(r: XmlNode): Relation {
  const pred = text(r, 'PredecessorActivityObjectId');
  const succ = text(r, 'SuccessorActivityObjectId');
  return {
    id: text(r, 'ObjectId') || `${pred}-${succ}`,
    predId: pred,
    succId: succ,
    type: REL[text(r, 'Type').toLowerCase()] ?? 'fs',
    lag: pmHours(r, 'Lag') ?? 0,
  };
}
