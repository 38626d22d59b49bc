// P6 XER → ScheduleModel. Only PROJECT rows with export_flag = Y are the schedule; activities of
// other projects become external placeholders with fixed dates that drive cross-project links.
// All *_hr_cnt fields are hours; the model counts minutes.

import { parseLocal } from '../../calendar/time';
import { standardCalendarDef } from '../../calendar/calendar-index';
import type {
  Activity,
  ActivityKind,
  CalendarDef,
  Constraint,
  FloatType,
  LagCalendar,
  ProgressMode,
  Relation,
  ScheduleModel,
} from '../../schedule/model';
import { ImportError } from '../errors';
import type { AssignmentCurve } from '../../resources/curve-import';
import { curveField, curveFromP6Points } from '../../resources/curve-import';
import { parseClndrData } from './clndr-data';
import { decodeXer } from './decode';
import { parseXerTables } from './tables';
import type { XerRow, XerTable } from './tables';
import { summaryNode, taskNodeType } from '../summary-node';
import { applyXerAttributes, readXerAttributes } from './attributes';

export function readXer(input: Uint8Array | string): ScheduleModel {
  const text = typeof input === 'string' ? input : decodeXer(input);
  const tables = parseXerTables(text);
  const need = (name: string): XerTable => {
    const t = tables.get(name);
    if (!t)
      throw new ImportError('import.missing_table', { where: name }, `The XER file has no ${name} table`);
    return t;
  };
  const projects = need('PROJECT').rows;
  const taskRows = need('TASK').rows;
  const { exported, main } = exportedProjects(projects, taskRows);
  const exportedIds = new Set(exported.map((p) => p.get('proj_id')));
  const calendars = readCalendars(tables.get('CALENDAR')?.rows ?? []);
  const calIds = new Set(calendars.map((c) => c.id));
  const fallbackCalendar = calendars.find((c) => c.isDefault)?.id ?? calendars[0]?.id ?? 'standard';
  const calendarOf = (p: XerRow) => (calIds.has(p.get('clndr_id')) ? p.get('clndr_id') : fallbackCalendar);
  const defaultCalendarId = calendarOf(main);
  if (calendars.length === 0) calendars.push(standardCalendarDef());
  const schedOptions = tables.get('SCHEDOPTIONS')?.rows ?? [];
  const optionsOf = (p: XerRow) =>
    readOptions(
      p,
      schedOptions.find((o) => o.get('proj_id') === p.get('proj_id')),
      calendarOf(p),
    );
  const multi = projects.length > 1;
  const projectNames = new Map(projects.map((p) => [p.get('proj_id'), p.get('proj_short_name')]));
  const calendarByProject = new Map(exported.map((p) => [p.get('proj_id'), calendarOf(p)]));

  const activities: Activity[] = [];
  for (const w of tables.get('PROJWBS')?.rows ?? []) activities.push(wbsNode(w));
  const wbsIds = new Set(activities.map((a) => a.id));
  for (const a of activities) if (a.parentId !== null && !wbsIds.has(a.parentId)) a.parentId = null;

  const rsrcCal = new Map<string, string>();
  for (const r of tables.get('RSRC')?.rows ?? []) rsrcCal.set(r.get('rsrc_id'), r.get('clndr_id'));
  const taskRsrc = new Map<string, string[]>();
  for (const r of tables.get('TASKRSRC')?.rows ?? []) {
    const cal = rsrcCal.get(r.get('rsrc_id'));
    if (!cal || !calIds.has(cal)) continue;
    const list = taskRsrc.get(r.get('task_id')) ?? [];
    list.push(cal);
    taskRsrc.set(r.get('task_id'), list);
  }
  const taskIds = new Set<string>();
  for (const t of taskRows) {
    const proj = t.get('proj_id');
    const own = calendarByProject.get(proj) ?? defaultCalendarId;
    const a = readTask(t, exportedIds.has(proj), wbsIds, own, calIds);
    if (multi) a.projectId = proj;
    if (a.external) a.external.project = projectNames.get(proj) ?? proj;
    const rc = taskRsrc.get(a.id);
    if (rc && a.kind === 'resource') a.resourceCalendarIds = rc;
    taskIds.add(a.id);
    activities.push(a);
  }
  const relations: Relation[] = [];
  for (const r of tables.get('TASKPRED')?.rows ?? []) {
    const rel = readRelation(r);
    if (taskIds.has(rel.predId) && taskIds.has(rel.succId)) relations.push(rel);
  }
  const attributeDefs = applyXerAttributes(activities, readXerAttributes(tables));
  // Several scheduled projects: the others each with their own options.
  const scheduled = exported.filter(
    (p) => p !== main && taskRows.some((t) => t.get('proj_id') === p.get('proj_id')),
  );
  const options = optionsOf(main);
  if (scheduled.length > 0) {
    options.projects = scheduled.map((p) => ({
      id: p.get('proj_id'),
      name: p.get('proj_short_name'),
      options: optionsOf(p),
    }));
  }
  return {
    source: 'xer',
    projectName: main.get('proj_short_name'),
    calendars,
    activities,
    relations,
    options,
    ...readResources(
      tables.get('RSRC')?.rows ?? [],
      tables.get('TASKRSRC')?.rows ?? [],
      readCurves(tables.get('RSRCCURVDATA')?.rows ?? []),
      calIds,
      taskIds,
    ),
    ...(Object.keys(attributeDefs).length > 0 ? { attributeDefs } : {}),
  };
}

/**
 * The scheduled projects: PROJECT rows with export_flag = Y (P6 writes N, or nothing, for the
 * projects it adds only because activities link to them). A file where no row says Y (written by
 * another tool) schedules all of them. The main project, whose options the model carries, is the
 * first scheduled one that has activities: an empty project has no options to lend.
 */
function exportedProjects(projects: XerRow[], tasks: XerRow[]): { exported: XerRow[]; main: XerRow } {
  if (projects.length === 0) {
    throw new ImportError('import.empty', { where: 'PROJECT' }, 'The XER file exports no project');
  }
  const flagged = projects.filter((p) => p.get('export_flag').trim().toUpperCase() === 'Y');
  const exported = flagged.length > 0 ? flagged : projects;
  const withTasks = new Set(tasks.map((t) => t.get('proj_id')));
  const main = exported.find((p) => withTasks.has(p.get('proj_id'))) ?? exported[0];
  return { exported, main };
}

/** RSRC and TASKRSRC, kept for the resources module (units: target_qty, hours for labour). */
function readResources(
  rsrc: XerRow[],
  taskRsrc: XerRow[],
  curves: ReadonlyMap<string, AssignmentCurve>,
  calIds: ReadonlySet<string>,
  taskIds: ReadonlySet<string>,
): Pick<ScheduleModel, 'resources' | 'assignments'> {
  const resources = rsrc.map((r) => ({
    id: r.get('rsrc_id'),
    name: r.get('rsrc_name') || r.get('rsrc_short_name'),
    calendarId: calIds.has(r.get('clndr_id')) ? r.get('clndr_id') : null,
    kind: r.get('rsrc_type') || undefined,
  }));
  const known = new Set(resources.map((r) => r.id));
  const assignments = taskRsrc
    .filter((a) => taskIds.has(a.get('task_id')) && known.has(a.get('rsrc_id')))
    .map((a) => ({
      id: a.get('taskrsrc_id'),
      activityId: a.get('task_id'),
      resourceId: a.get('rsrc_id'),
      units: Number(a.get('target_qty')) || 0,
      ...curveField(curves.get(a.get('curv_id'))),
    }));
  return { resources, assignments };
}

/**
 * RSRCCURVDATA: P6's resource curves by curv_id, each 21 usage points (pct_usage_0 … _20). A curve
 * whose points are not 21 numbers ≥ 0 is left out: its assignments spread uniformly.
 */
function readCurves(rows: XerRow[]): Map<string, AssignmentCurve> {
  const curves = new Map<string, AssignmentCurve>();
  for (const r of rows) {
    const points = Array.from({ length: 21 }, (_, i) => {
      const v = r.get(`pct_usage_${i}`).trim();
      return v === '' ? Number.NaN : Number(v);
    });
    const c = curveFromP6Points(points);
    if (c) curves.set(r.get('curv_id'), c);
  }
  return curves;
}

function date(row: XerRow, field: string, table: string): number | null {
  const v = row.get(field).trim();
  if (v === '') return null;
  const t = parseLocal(v);
  if (t === null) {
    throw new ImportError(
      'import.bad_value',
      { where: table, line: row.line, field, value: v },
      `${table} line ${row.line}: ${field} is not a date: "${v}"`,
    );
  }
  return t;
}

function hours(row: XerRow, field: string, table: string): number | null {
  const v = row.get(field).trim();
  if (v === '') return null;
  const h = Number(v);
  if (!Number.isFinite(h)) {
    throw new ImportError(
      'import.bad_value',
      { where: table, line: row.line, field, value: v },
      `${table} line ${row.line}: ${field} is not a number: "${v}"`,
    );
  }
  return Math.round(h * 60);
}

function readCalendars(rows: XerRow[]): CalendarDef[] {
  const parsed = rows.map((r) => ({ row: r, data: parseClndrData(r.get('clndr_data')) }));
  const byId = new Map(parsed.map((p) => [p.row.get('clndr_id'), p]));
  return parsed.map(({ row, data }) => {
    // A calendar without its own week inherits its base calendar's (resource calendars do).
    let week = data.week;
    for (let b = byId.get(row.get('base_clndr_id')), depth = 0; !week && b && depth < 10; depth++) {
      week = b.data.week;
      b = byId.get(b.row.get('base_clndr_id'));
    }
    const hpd = Number(row.get('day_hr_cnt')) || 8;
    return {
      id: row.get('clndr_id'),
      name: row.get('clndr_name'),
      week: week ?? standardCalendarDef().week,
      exceptions: data.exceptions,
      hoursPerDay: hpd,
      hoursPerWeek: Number(row.get('week_hr_cnt')) || hpd * 5,
      hoursPerMonth: Number(row.get('month_hr_cnt')) || hpd * 21.5,
      isDefault: row.get('default_flag') === 'Y',
    };
  });
}

function wbsNode(w: XerRow): Activity {
  const parent = w.get('parent_wbs_id');
  return summaryNode({
    id: `wbs:${w.get('wbs_id')}`,
    code: w.get('wbs_short_name'),
    name: w.get('wbs_name'),
    parentId: parent ? `wbs:${parent}` : null,
    order: Number(w.get('seq_num')) || 0,
  });
}

const KINDS: Record<string, ActivityKind> = {
  TT_TASK: 'task',
  TT_RSRC: 'resource',
  TT_MILE: 'start_milestone',
  TT_FINMILE: 'finish_milestone',
  TT_LOE: 'loe',
  TT_WBS: 'wbs_summary',
};

function constraint(type: string, at: number | null): Constraint | 'alap' | null {
  if (type === 'CS_ALAP') return 'alap';
  if (at === null) return null;
  const map: Record<string, [Constraint['on'], Constraint['type']]> = {
    CS_MSO: ['start', 'in_date'],
    CS_MSOA: ['start', 'not_earlier'],
    CS_MSOB: ['start', 'not_later'],
    CS_MEO: ['finish', 'in_date'],
    CS_MEOA: ['finish', 'not_earlier'],
    CS_MEOB: ['finish', 'not_later'],
    CS_MANDSTART: ['start', 'mandatory'],
    CS_MANDFIN: ['finish', 'mandatory'],
  };
  const m = map[type.toUpperCase()];
  return m ? { on: m[0], type: m[1], date: at } : null;
}

function readTask(
  t: XerRow,
  exported: boolean,
  wbsIds: Set<string>,
  defCal: string,
  calIds: Set<string>,
): Activity {
  const T = 'TASK';
  const kind = KINDS[t.get('task_type').toUpperCase()] ?? 'task';
  const status = t.get('status_code').toUpperCase();
  const dur = hours(t, 'target_drtn_hr_cnt', T) ?? 0;
  const remaining = hours(t, 'remain_drtn_hr_cnt', T) ?? dur;
  const actualStart = status === 'TK_NOTSTART' ? null : date(t, 'act_start_date', T);
  const actualFinish = status === 'TK_COMPLETE' ? (date(t, 'act_end_date', T) ?? actualStart) : null;
  const constraints: Constraint[] = [];
  let alap = false;
  for (const [tf, df] of [
    ['cstr_type', 'cstr_date'],
    ['cstr_type2', 'cstr_date2'],
  ]) {
    const c = constraint(t.get(tf), date(t, df, T));
    if (c === 'alap') alap = true;
    else if (c) constraints.push(c);
  }
  const wbs = `wbs:${t.get('wbs_id')}`;
  const cal = t.get('clndr_id');
  const a: Activity = {
    id: t.get('task_id'),
    code: t.get('task_code'),
    name: t.get('task_name'),
    parentId: wbsIds.has(wbs) ? wbs : null,
    order: 0,
    nodeType: taskNodeType(kind),
    kind,
    calendarId: calIds.has(cal) ? cal : defCal,
    duration: dur,
    remaining: status === 'TK_COMPLETE' ? 0 : remaining,
    actualStart,
    actualFinish,
    // A suspended activity's remaining work waits for its resume date.
    resumeAt: actualStart !== null && actualFinish === null ? date(t, 'resume_date', T) : null,
    expectedFinish: date(t, 'expect_end_date', T),
    externalEarlyStart: date(t, 'external_early_start_date', T),
    externalLateFinish: date(t, 'external_late_end_date', T),
    percentComplete: Number(t.get('phys_complete_pct')) || 0,
    constraints,
    alap,
    stored: {
      es: date(t, 'early_start_date', T),
      ef: date(t, 'early_end_date', T),
      ls: date(t, 'late_start_date', T),
      lf: date(t, 'late_end_date', T),
      tf: hours(t, 'total_float_hr_cnt', T),
      ff: hours(t, 'free_float_hr_cnt', T),
    },
  };
  if (!exported) {
    // Another project's activity: fixed where its own project put it; its late dates bound the
    // activities before it unless it is complete.
    const start = actualStart ?? a.stored!.es ?? date(t, 'target_start_date', T) ?? 0;
    const finish = actualFinish ?? a.stored!.ef ?? date(t, 'target_end_date', T) ?? start;
    const open = actualFinish === null;
    a.external = {
      start,
      finish,
      lateStart: open ? (a.stored!.ls ?? null) : null,
      lateFinish: open ? (a.stored!.lf ?? null) : null,
    };
  }
  return a;
}

const REL: Record<string, Relation['type']> = { PR_FS: 'fs', PR_SS: 'ss', PR_FF: 'ff', PR_SF: 'sf' };

function readRelation(r: XerRow): Relation {
  const type = REL[r.get('pred_type').toUpperCase()];
  if (!type) {
    throw new ImportError(
      'import.bad_value',
      { where: 'TASKPRED', line: r.line, field: 'pred_type', value: r.get('pred_type') },
      `TASKPRED line ${r.line}: unknown relation type "${r.get('pred_type')}"`,
    );
  }
  return {
    id: r.get('task_pred_id'),
    predId: r.get('pred_task_id'),
    succId: r.get('task_id'),
    type,
    lag: hours(r, 'lag_hr_cnt', 'TASKPRED') ?? 0,
  };
}

function readOptions(p: XerRow, o: XerRow | undefined, defaultCalendarId: string): ScheduleModel['options'] {
  const opt = (f: string) => (o ? o.get(f).toUpperCase() : '');
  const dataDate = date(p, 'last_recalc_date', 'PROJECT') ?? date(p, 'plan_start_date', 'PROJECT') ?? 0;
  const lag: Record<string, LagCalendar> = {
    RCAL_PREDECESSOR: 'predecessor',
    RCAL_SUCCESSOR: 'successor',
    RCAL_24HOUR: '24h',
    RCAL_PROJDEFAULT: 'project',
  };
  const float: Record<string, FloatType> = { FT_FF: 'finish', FT_SS: 'start', FT_MIN: 'smallest' };
  const progress: ProgressMode =
    opt('sched_retained_logic') === 'N'
      ? opt('sched_progress_override') === 'Y'
        ? 'progress_override'
        : 'actual_dates'
      : 'retained_logic';
  return {
    dataDate,
    projectStart: date(p, 'plan_start_date', 'PROJECT') ?? dataDate,
    mustFinishBy: date(p, 'plan_end_date', 'PROJECT'),
    defaultCalendarId,
    progressMode: progress,
    lagCalendar: lag[opt('sched_calendar_on_relationship_lag')] ?? 'predecessor',
    floatType: float[opt('sched_float_type')] ?? 'finish',
    criticalBy: p.get('critical_path_type').toUpperCase() === 'CT_DRIVPATH' ? 'longest_path' : 'total_float',
    criticalFloat: hours(p, 'critical_drtn_hr_cnt', 'PROJECT') ?? 0,
    semantics: 'p6',
    lagFromEarlyStart: opt('sched_lag_early_start_flag') !== 'N',
    openEndsCritical: opt('sched_open_critical_flag') === 'Y',
    useExpectedFinish: opt('sched_use_expect_end_flag') === 'Y',
    ignoreExternalRelations: opt('sched_outer_depend_type') === 'SD_NONE',
  };
}
