// MS Project XML (MSPDI) → ScheduleModel: calendars, tasks (summary tree by outline level),
// PredecessorLink with Type and LinkLag, constraints and progress. Slack and lag are tenths of
// a minute; durations are ISO-8601 working time.

import { parseLocal } from '../../calendar/time';
import type { Activity, Constraint, Relation, ScheduleModel } from '../../schedule/model';
import { ImportError } from '../errors';
import { readMspdiCalendars } from './read-calendars';
import { child, children, parseXml, tagLines, text } from './xml';
import type { XmlNode } from './xml';

const ARRAYS = [
  'Calendar',
  'WeekDay',
  'WorkingTime',
  'Exception',
  'Task',
  'PredecessorLink',
  'Resource',
  'Assignment',
];

export function readMspdi(src: string): ScheduleModel {
  const doc = parseXml(src, 'Project', ARRAYS);
  const project = child(doc, 'Project');
  if (!project)
    throw new ImportError('import.missing_table', { where: 'Project', line: 1 }, 'No <Project> element');
  const calendars = readMspdiCalendars(project);
  const projectCal = text(project, 'CalendarUID') || calendars[0]?.id || 'standard';
  const minutesPerDay = Number(text(project, 'MinutesPerDay')) || 480;
  const lines = tagLines(src, 'Task');
  const tasks = children(child(project, 'Tasks'), 'Task');
  const activities: Activity[] = [];
  const relations: Relation[] = [];
  const stack: string[] = [];
  tasks.forEach((t, k) => {
    const line = lines[k] ?? 0;
    const uid = text(t, 'UID');
    const level = Number(text(t, 'OutlineLevel') || '1');
    if (level === 0 || text(t, 'IsNull') === '1') return;
    stack.length = Math.max(0, level - 1);
    const a = readTask(t, line, projectCal, stack[level - 2] ?? null, activities.length);
    stack[level - 1] = uid;
    activities.push(a);
    children(t, 'PredecessorLink').forEach((l, n) => relations.push(readLink(l, uid, line, n)));
  });
  applyResourceCalendars(project, activities, new Set(calendars.map((c) => c.id)));
  const ids = new Set(activities.map((a) => a.id));
  // Not spliced in as arguments: 100k+ links overflow the stack.
  const links = expandSummaryLinks(activities, relations);
  const start = date(project, 'StartDate', 'Project', 1) ?? 0;
  return {
    source: 'mspdi',
    projectName: text(project, 'Title') || text(project, 'Name'),
    calendars,
    activities,
    relations: links.filter((r) => ids.has(r.predId) && ids.has(r.succId)),
    options: {
      // MS Project does not hold unstarted work at the status date; remaining work of a started
      // task resumes where it stopped (Activity.resumeAt).
      dataDate: start,
      projectStart: start,
      mustFinishBy:
        text(project, 'ScheduleFromStart') === '0' ? date(project, 'FinishDate', 'Project', 1) : null,
      defaultCalendarId: projectCal,
      progressMode: 'retained_logic',
      lagCalendar: 'project',
      floatType: 'smallest',
      criticalBy: 'total_float',
      criticalFloat: (Number(text(project, 'CriticalSlackLimit')) || 0) * minutesPerDay,
      semantics: 'msproject',
    },
    ...readResources(project, new Set(calendars.map((c) => c.id)), ids),
  };
}

/** Resources and their assignments, kept for the resources module (units: work in hours). */
function readResources(
  project: XmlNode,
  calIds: ReadonlySet<string>,
  taskIds: ReadonlySet<string>,
): Pick<ScheduleModel, 'resources' | 'assignments'> {
  const resources = children(child(project, 'Resources'), 'Resource')
    .filter((r) => text(r, 'UID') !== '0' && text(r, 'Name') !== '')
    .map((r) => ({
      id: text(r, 'UID'),
      name: text(r, 'Name'),
      calendarId: calIds.has(text(r, 'CalendarUID')) ? text(r, 'CalendarUID') : null,
      kind: { '0': 'material', '1': 'work', '2': 'cost' }[text(r, 'Type')] ?? undefined,
    }));
  const known = new Set(resources.map((r) => r.id));
  const assignments = children(child(project, 'Assignments'), 'Assignment')
    .filter((a) => taskIds.has(text(a, 'TaskUID')) && known.has(text(a, 'ResourceUID')))
    .map((a) => ({
      id: text(a, 'UID'),
      activityId: text(a, 'TaskUID'),
      resourceId: text(a, 'ResourceUID'),
      units: workHours(text(a, 'Work')),
    }));
  return { resources, assignments };
}

/** ISO-8601 work 'PT8H30M0S' → hours (0 when absent or unreadable). */
function workHours(iso: string): number {
  const m = /^PT(\d+(?:\.\d+)?)H(\d+(?:\.\d+)?)M(\d+(?:\.\d+)?)S$/.exec(iso);
  return m ? Number(m[1]) + Number(m[2]) / 60 + Number(m[3]) / 3600 : 0;
}

function date(node: XmlNode, field: string, where: string, line: number): number | null {
  const v = text(node, field);
  if (v === '') return null;
  const t = parseLocal(v);
  if (t === null) {
    throw new ImportError(
      'import.bad_value',
      { where, line, field, value: v },
      `${where} line ${line}: ${field} is not a date: "${v}"`,
    );
  }
  return t;
}

/** ISO-8601 duration (PT8H0M0S, P1DT2H…) in minutes; days count 24 hours as the format says. */
export function isoDuration(v: string, where: string, line: number, field: string): number {
  if (v === '') return 0;
  const m =
    /^(-)?P(?:([\d.]+)Y)?(?:([\d.]+)M)?(?:([\d.]+)D)?(?:T(?:([\d.]+)H)?(?:([\d.]+)M)?(?:([\d.]+)S)?)?$/.exec(
      v,
    );
  if (!m) {
    throw new ImportError(
      'import.bad_value',
      { where, line, field, value: v },
      `${where} line ${line}: ${field} is not a duration: "${v}"`,
    );
  }
  const n = (i: number) => Number(m[i] ?? 0);
  const minutes = n(4) * 1440 + n(5) * 60 + n(6) + n(7) / 60;
  return Math.round(m[1] ? -minutes : minutes);
}

const CONSTRAINTS: Record<string, [Constraint['on'], Constraint['type']]> = {
  '2': ['start', 'in_date'],
  '3': ['finish', 'in_date'],
  '4': ['start', 'not_earlier'],
  '5': ['start', 'not_later'],
  '6': ['finish', 'not_earlier'],
  '7': ['finish', 'not_later'],
};

function readTask(
  t: XmlNode,
  line: number,
  projectCal: string,
  parentId: string | null,
  order: number,
): Activity {
  const W = 'Task';
  const summary = text(t, 'Summary') === '1';
  const milestone = text(t, 'Milestone') === '1';
  const duration = isoDuration(text(t, 'Duration'), W, line, 'Duration');
  const remainingText = text(t, 'RemainingDuration');
  const remaining = remainingText ? isoDuration(remainingText, W, line, 'RemainingDuration') : duration;
  const cal = text(t, 'CalendarUID');
  const ctype = text(t, 'ConstraintType');
  const constraints: Constraint[] = [];
  const cdate = date(t, 'ConstraintDate', W, line);
  if (CONSTRAINTS[ctype] && cdate !== null)
    constraints.push({ on: CONSTRAINTS[ctype][0], type: CONSTRAINTS[ctype][1], date: cdate });
  const actualStart = date(t, 'ActualStart', W, line);
  const actualFinish = date(t, 'ActualFinish', W, line);
  const slack = (f: string) => {
    const v = text(t, f);
    return v === '' ? null : Math.round(Number(v) / 10);
  };
  return {
    id: text(t, 'UID'),
    code: text(t, 'ID') || text(t, 'UID'),
    name: text(t, 'Name'),
    parentId,
    order,
    nodeType: summary ? 'sum' : milestone ? 'milestone_finish' : 'task',
    kind: summary ? 'sum' : milestone ? 'finish_milestone' : 'task',
    calendarId: cal && cal !== '-1' ? cal : projectCal,
    duration,
    remaining: actualFinish !== null ? 0 : remaining,
    actualStart,
    actualFinish,
    resumeAt: actualStart !== null && actualFinish === null ? resumeOf(t, line, actualStart) : null,
    percentComplete: Number(text(t, 'PercentComplete')) || 0,
    constraints,
    alap: ctype === '1',
    ...(text(t, 'Manual') === '1' ? { manual: true } : {}),
    ...(text(t, 'IgnoreResourceCalendar') === '1' ? { attributes: { ignoreResourceCalendar: 1 } } : {}),
    stored: {
      es: date(t, 'EarlyStart', W, line),
      ef: date(t, 'EarlyFinish', W, line),
      ls: date(t, 'LateStart', W, line),
      lf: date(t, 'LateFinish', W, line),
      tf: slack('TotalSlack'),
      ff: slack('FreeSlack'),
      critical: text(t, 'Critical') === '' ? null : text(t, 'Critical') === '1',
    },
  };
}

const LINK_TYPES: Record<string, Relation['type']> = { '0': 'ff', '1': 'fs', '2': 'sf', '3': 'ss' };
/** LagFormat codes of elapsed units (em, eh, ed, ew, emo, e%). */
const ELAPSED = new Set(['4', '6', '8', '10', '12', '20']);

function readLink(l: XmlNode, succ: string, line: number, n: number): Relation {
  const type = LINK_TYPES[text(l, 'Type') || '1'];
  if (!type) {
    throw new ImportError(
      'import.bad_value',
      { where: 'PredecessorLink', line, field: 'Type', value: text(l, 'Type') },
      `PredecessorLink near line ${line}: unknown Type "${text(l, 'Type')}"`,
    );
  }
  const lag = Math.round((Number(text(l, 'LinkLag')) || 0) / 10);
  const pred = text(l, 'PredecessorUID');
  return {
    // Unique even when two links join the same tasks.
    id: `${succ}:${n}`,
    predId: pred,
    succId: succ,
    type,
    lag,
    ...(ELAPSED.has(text(l, 'LagFormat')) ? { lagCalendar: '24h' as const } : {}),
  };
}

/** A task with assigned resources works on their calendars (unless told to ignore them). */
function applyResourceCalendars(project: XmlNode, activities: Activity[], calIds: Set<string>): void {
  const resCal = new Map<string, string>();
  for (const r of children(child(project, 'Resources'), 'Resource'))
    resCal.set(text(r, 'UID'), text(r, 'CalendarUID'));
  const byTask = new Map<string, string[]>();
  for (const a of children(child(project, 'Assignments'), 'Assignment')) {
    const cal = resCal.get(text(a, 'ResourceUID'));
    if (!cal || !calIds.has(cal)) continue;
    const list = byTask.get(text(a, 'TaskUID')) ?? [];
    list.push(cal);
    byTask.set(text(a, 'TaskUID'), list);
  }
  for (const a of activities) {
    const cals = byTask.get(a.id);
    if (!cals || a.kind !== 'task' || a.attributes?.ignoreResourceCalendar) continue;
    a.kind = 'resource';
    a.resourceCalendarIds = cals;
  }
}

/**
 * MS Project applies a link on a summary task to the tasks under it. Expanded here where that is
 * exact: a finish-side link from a summary (FS, FF: the summary finishes with its last task) comes
 * from every leaf under it; a start-side link into a summary (FS, SS: no task under it may start
 * before) goes to every leaf. Other summary links (a summary's start as a predecessor, a summary's
 * finish as a successor) have no exact leaf form and are dropped (docs/scheduling.md).
 */
export function expandSummaryLinks(activities: Activity[], relations: Relation[]): Relation[] {
  const leaves = new Map<string, string[]>();
  const summary = new Set(activities.filter((a) => a.kind === 'sum').map((a) => a.id));
  if (!relations.some((r) => summary.has(r.predId) || summary.has(r.succId))) return relations;
  const parent = new Map(activities.map((a) => [a.id, a.parentId]));
  for (const a of activities) {
    if (a.kind === 'sum') continue;
    for (let p = a.parentId; p !== null; p = parent.get(p) ?? null) {
      const list = leaves.get(p) ?? [];
      list.push(a.id);
      leaves.set(p, list);
    }
  }
  const out: Relation[] = [];
  for (const r of relations) {
    const fromSum = summary.has(r.predId);
    const toSum = summary.has(r.succId);
    if (!fromSum && !toSum) {
      out.push(r);
      continue;
    }
    if (fromSum && r.type !== 'fs' && r.type !== 'ff') continue;
    if (toSum && r.type !== 'fs' && r.type !== 'ss') continue;
    const preds = fromSum ? (leaves.get(r.predId) ?? []) : [r.predId];
    const succs = toSum ? (leaves.get(r.succId) ?? []) : [r.succId];
    for (const p of preds)
      for (const s of succs) if (p !== s) out.push({ ...r, id: `${r.id}/${p}>${s}`, predId: p, succId: s });
  }
  return out;
}

/** Where a started task's remaining work resumes: Resume, else Stop, else its actual start. */
function resumeOf(t: XmlNode, line: number, actualStart: number): number {
  return date(t, 'Resume', 'Task', line) ?? date(t, 'Stop', 'Task', line) ?? actualStart;
}
