// MS Project XML (MSPDI) → ScheduleModel: calendars, tasks (summary tree by outline level),
// PredecessorLink with Type and LinkLag, constraints and progress. Slack and lag are tenths of
// a minute; durations are ISO-8601 working time.

import { parseLocal } from '../../calendar/time';
import { buildCalendarIndex } from '../../calendar/calendar-index';
import { intersectCalendars } from '../../calendar/intersect';
import type { Activity, CalendarDef, Constraint, Relation, ScheduleModel } from '../../schedule/model';
import { assignmentCalendarId } from '../../resources/work-time';
import { ImportError } from '../errors';
import type { AssignmentCurve } from '../../resources/curve-import';
import { curveField, curveOfWorkContour, partsFromTimephased } from '../../resources/curve-import';
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
  'TimephasedData',
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
  // Tasks with a calendar of their own (a task calendar, not the project's by default).
  const ownCalendar = new Set<string>();
  // Lags given as a percent of the predecessor's duration (LinkLag holds the percent).
  const percentLags = new Map<Relation, number>();
  tasks.forEach((t, k) => {
    const line = lines[k] ?? 0;
    const uid = text(t, 'UID');
    const level = Number(text(t, 'OutlineLevel') || '1');
    if (level === 0 || text(t, 'IsNull') === '1') return;
    stack.length = Math.max(0, level - 1);
    const a = readTask(t, line, projectCal, stack[level - 2] ?? null, activities.length);
    const cal = text(t, 'CalendarUID');
    if (cal && cal !== '-1') ownCalendar.add(uid);
    stack[level - 1] = uid;
    activities.push(a);
    children(t, 'PredecessorLink').forEach((l, n) => {
      const r = readLink(l, uid, line, n);
      relations.push(r);
      if (PERCENT.has(text(l, 'LagFormat'))) percentLags.set(r, Number(text(l, 'LinkLag')) || 0);
    });
  });
  applyPercentLags(percentLags, activities);
  applyResourceCalendars(project, activities, calendars, ownCalendar);
  applySplits(project, activities, calendars);
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
      lagCalendar: 'successor',
      floatType: 'smallest',
      criticalBy: 'total_float',
      criticalFloat: (Number(text(project, 'CriticalSlackLimit')) || 0) * minutesPerDay,
      semantics: 'msproject',
    },
    ...readResources(project, calendars, activities),
  };
}

/** Resources and their assignments, kept for the resources module (units: work in hours). */
function readResources(
  project: XmlNode,
  calendars: readonly CalendarDef[],
  activities: readonly Activity[],
): Pick<ScheduleModel, 'resources' | 'assignments'> {
  const calIds = new Set(calendars.map((c) => c.id));
  const byId = new Map(activities.map((a) => [a.id, a]));
  const resources = children(child(project, 'Resources'), 'Resource')
    .filter((r) => text(r, 'UID') !== '0' && text(r, 'Name') !== '')
    .map((r) => ({
      id: text(r, 'UID'),
      name: text(r, 'Name'),
      calendarId: calIds.has(text(r, 'CalendarUID')) ? text(r, 'CalendarUID') : null,
      kind: { '0': 'material', '1': 'work', '2': 'cost' }[text(r, 'Type')] ?? undefined,
    }));
  const resourceCal = new Map(resources.map((r) => [r.id, r.calendarId]));
  const workAt = calendarWorkAt(calendars);
  const assignments = children(child(project, 'Assignments'), 'Assignment')
    .filter((a) => byId.has(text(a, 'TaskUID')) && resourceCal.has(text(a, 'ResourceUID')))
    .map((a) => {
      const task = byId.get(text(a, 'TaskUID'))!;
      const cal = assignmentCalendarId(task, resourceCal.get(text(a, 'ResourceUID')) ?? null);
      return {
        id: text(a, 'UID'),
        activityId: task.id,
        resourceId: text(a, 'ResourceUID'),
        units: workHours(text(a, 'Work')),
        ...curveField(contourOf(a, () => workAt(cal))),
      };
    });
  return { resources, assignments };
}

/** Working minutes up to a moment on a calendar of the file, each calendar laid out on first use. */
function calendarWorkAt(
  calendars: readonly CalendarDef[],
): (id: string | null) => ((t: number) => number) | undefined {
  const defs = new Map(calendars.map((c) => [c.id, c]));
  const built = new Map<string, (t: number) => number>();
  return (id) => {
    const def = id === null ? undefined : defs.get(id);
    if (!def) return undefined;
    let f = built.get(def.id);
    if (!f) {
      const index = buildCalendarIndex(def);
      f = (t) => index.workAt(t);
      built.set(def.id, f);
    }
    return f;
  };
}

/**
 * An assignment's work contour: flat, back, front and bell are named curves; the others (and a
 * hand-contoured one) take their shape from the planned work Project wrote per stretch of time
 * (TimephasedData of type 1, remaining, and 2, actual), over the assignment's Start–Finish,
 * measured in the working time of the assignment's calendar (its resource's on a task that
 * follows resource calendars, else the task's: work-time.ts), as the product spreads curves.
 */
function contourOf(a: XmlNode, workAt: () => ((t: number) => number) | undefined): AssignmentCurve {
  const named = curveOfWorkContour(text(a, 'WorkContour'));
  if (named) return named;
  const start = parseLocal(text(a, 'Start'));
  const finish = parseLocal(text(a, 'Finish'));
  const stretches = children(a, 'TimephasedData')
    .filter((t) => text(t, 'Type') === '1' || text(t, 'Type') === '2')
    .map((t) => ({
      start: parseLocal(text(t, 'Start')) ?? Number.NaN,
      finish: parseLocal(text(t, 'Finish')) ?? Number.NaN,
      work: workHours(text(t, 'Value')),
    }))
    .filter((t) => t.finish > t.start);
  if (start === null || finish === null) return { kind: 'uniform' };
  if (stretches.length === 0) return { kind: 'uniform' };
  return partsFromTimephased(stretches, start, finish, 20, workAt()) ?? { kind: 'uniform' };
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
    // An elapsed duration (ed, eh …) runs around the clock, whatever the calendars.
    ...(!summary && !milestone && ELAPSED.has(text(t, 'DurationFormat')) ? { elapsed: true } : {}),
    duration,
    remaining: actualFinish !== null ? 0 : remaining,
    actualStart,
    actualFinish,
    resumeAt: actualStart !== null && actualFinish === null ? resumeOf(t, line, actualStart) : null,
    percentComplete: Number(text(t, 'PercentComplete')) || 0,
    constraints,
    alap: ctype === '1',
    ...(text(t, 'Manual') === '1'
      ? { manual: true, manualStart: date(t, 'ManualStart', W, line) ?? date(t, 'Start', W, line) }
      : {}),
    ...(text(t, 'IgnoreResourceCalendar') === '1' ? { attributes: { ignoreResourceCalendar: 1 } } : {}),
    stored: {
      es: date(t, 'EarlyStart', W, line),
      ef: date(t, 'EarlyFinish', W, line),
      ls: date(t, 'LateStart', W, line),
      lf: date(t, 'LateFinish', W, line),
      tf: slack('TotalSlack'),
      ff: slack('FreeSlack'),
      startFloat: slack('StartSlack'),
      finishFloat: slack('FinishSlack'),
      critical: text(t, 'Critical') === '' ? null : text(t, 'Critical') === '1',
    },
  };
}

const LINK_TYPES: Record<string, Relation['type']> = { '0': 'ff', '1': 'fs', '2': 'sf', '3': 'ss' };
/**
 * DurationFormat / LagFormat codes of elapsed units (em, eh, ed, ew, emo, e%) and of the same
 * units marked estimated (code + 32: em?, eh? …), as MS Project's XML schema lists them.
 */
const ELAPSED = new Set(['4', '6', '8', '10', '12', '20', '36', '38', '40', '42', '44', '52']);
/** LagFormat codes of a lag given as a percent of the predecessor's duration (%, e%, %?, e%?). */
const PERCENT = new Set(['19', '20', '51', '52']);

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

/**
 * MS Project's split tasks: the working time (task calendar) between the first and the last
 * planned remaining work of a task (TimephasedData type 1 of its assignments) in which none of
 * its assignments has work. Only tasks on their own calendar: a resource calendar's days off
 * are not splits (and elapsed tasks, milestones and summaries have none).
 */
function applySplits(project: XmlNode, activities: Activity[], calendars: readonly CalendarDef[]): void {
  const work = new Map<string, [number, number][]>();
  for (const a of children(child(project, 'Assignments'), 'Assignment')) {
    for (const t of children(a, 'TimephasedData')) {
      if (text(t, 'Type') !== '1' || workHours(text(t, 'Value')) <= 0) continue;
      const s = parseLocal(text(t, 'Start'));
      const f = parseLocal(text(t, 'Finish'));
      if (s === null || f === null || f <= s) continue;
      const list = work.get(text(a, 'TaskUID')) ?? [];
      list.push([s, f]);
      work.set(text(a, 'TaskUID'), list);
    }
  }
  if (work.size === 0) return;
  const workAt = calendarWorkAt(calendars);
  for (const a of activities) {
    const stretches = work.get(a.id);
    if (!stretches || a.kind !== 'task' || a.elapsed) continue;
    const at = workAt(a.calendarId);
    if (!at) continue;
    stretches.sort((x, y) => x[0] - y[0]);
    // Working time covered by work (stretches merged), against the span from first to last.
    let covered = 0;
    let [s, f] = stretches[0];
    let end = f;
    for (const [ns, nf] of stretches.slice(1)) {
      if (ns > f) {
        covered += at(f) - at(s);
        s = ns;
        f = nf;
      } else f = Math.max(f, nf);
      end = Math.max(end, nf);
    }
    covered += at(f) - at(s);
    const gap = at(end) - at(stretches[0][0]) - covered;
    if (gap > 0) a.splitGap = gap;
  }
}

/**
 * A percent lag is that share of the predecessor's duration (MS Project), counted like any lag on
 * the successor's calendar, or around the clock for e% (24-hour lag calendar). Fixed at import:
 * the model holds lags in minutes.
 */
function applyPercentLags(lags: Map<Relation, number>, activities: readonly Activity[]): void {
  if (lags.size === 0) return;
  const byId = new Map(activities.map((a) => [a.id, a]));
  for (const [r, percent] of lags) r.lag = Math.round(((byId.get(r.predId)?.duration ?? 0) * percent) / 100);
}

/**
 * A task with assigned resources works on their calendars (unless told to ignore them). One with a
 * task calendar of its own as well works only when both work (MS Project: "the task is scheduled
 * during the working time common to the task calendar and the resource calendars"): each resource
 * calendar is then replaced by its intersection with the task calendar, added to `calendars`.
 */
function applyResourceCalendars(
  project: XmlNode,
  activities: Activity[],
  calendars: CalendarDef[],
  ownCalendar: Set<string>,
): void {
  const byId = new Map(calendars.map((c) => [c.id, c]));
  const resCal = new Map<string, string>();
  for (const r of children(child(project, 'Resources'), 'Resource'))
    resCal.set(text(r, 'UID'), text(r, 'CalendarUID'));
  const byTask = new Map<string, string[]>();
  for (const a of children(child(project, 'Assignments'), 'Assignment')) {
    const cal = resCal.get(text(a, 'ResourceUID'));
    if (!cal || !byId.has(cal)) continue;
    const list = byTask.get(text(a, 'TaskUID')) ?? [];
    list.push(cal);
    byTask.set(text(a, 'TaskUID'), list);
  }
  for (const a of activities) {
    const cals = byTask.get(a.id);
    if (!cals || a.kind !== 'task' || a.attributes?.ignoreResourceCalendar || a.elapsed) continue;
    a.kind = 'resource';
    const own = ownCalendar.has(a.id) ? byId.get(a.calendarId) : undefined;
    a.resourceCalendarIds = own
      ? cals.map((c) => shared(own, byId.get(c) as CalendarDef, calendars, byId))
      : cals;
  }
}

/** The id of the calendar common to a task calendar and a resource calendar (made once). */
function shared(
  task: CalendarDef,
  res: CalendarDef,
  calendars: CalendarDef[],
  byId: Map<string, CalendarDef>,
): string {
  if (task.id === res.id) return task.id;
  const id = `${task.id}&${res.id}`;
  if (!byId.has(id)) {
    const def = intersectCalendars(task, res, id);
    calendars.push(def);
    byId.set(id, def);
  }
  return id;
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
