// Primavera P6 XER writer: ERMHDR, then per table %T name, %F fields, %R rows, and %E at the
// end; tab-separated, CRLF, dates 'YYYY-MM-DD HH:MM', every *_hr_cnt in hours. Activities of
// other projects (Activity.external) go to a second PROJECT with export_flag N, as P6 exports
// cross-project predecessors. The WBS plan (write-wbs.ts) decides the project node. Assignments'
// resource curves go to RSRCCURVDATA (P6's 21 points), named by TASKRSRC.curv_id.

import type { Activity, Constraint, ScheduleModel } from '../../schedule/model';
import { resourceTypeOf } from '../../schedule/resource-type';
import {
  defaultCalendar,
  integerIds,
  resourcesToWrite,
  oneLine,
  walkTree,
  weeklyMinutes,
} from '../write-model';
import { formatClndrData } from '../write-xer-calendar';
import { formatDateTime, formatHours, formatNumber } from '../write-time';
import { encodeText, type TextEncoding } from '../write-encoding';
import { EXTERNAL_PROJECT, MAIN_PROJECT, planWbs } from '../write-wbs';
import { XER_FIELDS, type XerTableName } from '../write-xer-fields';
import { curvesToWrite } from '../write-curves';

export interface XerWriteOptions {
  /** P6 reads XER in the Windows code page of its database; UTF-8 by default. */
  encoding?: TextEncoding;
  /** Export date written to ERMHDR (model minutes); defaults to the data date. */
  exportDate?: number;
}

type Cell = string | number | null | undefined;
type Row = Record<string, Cell>;

const TASK_TYPE: Record<Activity['kind'], string> = {
  task: 'TT_Task',
  resource: 'TT_Rsrc',
  loe: 'TT_LOE',
  start_milestone: 'TT_Mile',
  finish_milestone: 'TT_FinMile',
  wbs_summary: 'TT_WBS',
  sum: 'TT_WBS',
};

const CSTR: Record<Constraint['on'], Record<Constraint['type'], string>> = {
  start: { not_earlier: 'CS_MSOA', not_later: 'CS_MSOB', in_date: 'CS_MSO', mandatory: 'CS_MANDSTART' },
  finish: { not_earlier: 'CS_MEOA', not_later: 'CS_MEOB', in_date: 'CS_MEO', mandatory: 'CS_MANDFIN' },
};

const LAG_CAL = {
  predecessor: 'rcal_Predecessor',
  successor: 'rcal_Successor',
  '24h': 'rcal_24Hour',
  project: 'rcal_ProjDefault',
};
const FLOAT_TYPE = { finish: 'FT_FF', start: 'FT_SS', smallest: 'FT_Min' };

const date = (m: number | null | undefined): string =>
  m === null || m === undefined ? '' : formatDateTime(m);
const hours = (m: number | null | undefined): string => (m === null || m === undefined ? '' : formatHours(m));
const yn = (b: boolean): string => (b ? 'Y' : 'N');

function cell(v: Cell): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'number' ? formatNumber(v) : oneLine(v);
}

class XerText {
  readonly lines: string[] = [];
  table(name: XerTableName, rows: readonly Row[]): void {
    if (!rows.length) return;
    const fields = XER_FIELDS[name];
    this.lines.push(`%T\t${name}`, `%F\t${fields.join('\t')}`);
    for (const r of rows) this.lines.push(`%R\t${fields.map((f) => cell(r[f])).join('\t')}`);
  }
}

function statusOf(a: Activity): string {
  if (a.actualFinish !== null) return 'TK_Complete';
  return a.actualStart !== null ? 'TK_Active' : 'TK_NotStart';
}

/** P6 keeps one primary and one secondary constraint; ALAP can only be primary. */
function constraintCells(a: Activity): Row {
  const list = a.constraints.map((c) => ({ type: CSTR[c.on][c.type], date: date(c.date) }));
  if (a.alap) list.unshift({ type: 'CS_ALAP', date: '' });
  return {
    cstr_type: list[0]?.type,
    cstr_date: list[0]?.date,
    cstr_type2: list[1]?.type,
    cstr_date2: list[1]?.date,
  };
}

/** XER's rsrc_type (P6 has no cost type: a cost resource goes as labor). */
function rsrcType(kind: string | undefined): string {
  const type = resourceTypeOf(kind);
  return type === 'nonlabor' ? 'RT_Equip' : type === 'material' ? 'RT_Mat' : 'RT_Labor';
}

export function writeXer(model: ScheduleModel, options: XerWriteOptions = {}): Uint8Array {
  return encodeText(writeXerText(model, options), options.encoding ?? 'utf-8');
}

export function writeXerText(model: ScheduleModel, options: XerWriteOptions = {}): string {
  const o = model.options;
  const { resources, assignments } = resourcesToWrite(model);
  const tree = walkTree(model);
  const tasks = tree.filter((t) => t.activity.kind !== 'sum').map((t) => t.activity);
  const shortName = oneLine(model.projectName || 'Project').slice(0, 40) || 'Project';
  const wbs = planWbs(model, tree, shortName);
  const calIds = integerIds(model.calendars.map((c) => c.id));
  const taskIds = integerIds(tasks.map((a) => a.id));
  const rsrcIds = integerIds(resources.map((r) => r.id));
  const defCal = defaultCalendar(model);
  const defCalId = defCal ? calIds.get(defCal.id) : undefined;
  const calId = (id: string | null | undefined): number | undefined =>
    id == null ? undefined : calIds.get(id);

  const x = new XerText();
  const exportDate = date(options.exportDate ?? o.dataDate).slice(0, 10);
  x.lines.push(
    [
      'ERMHDR',
      '19.12',
      exportDate,
      'Project',
      'admin',
      'admin',
      'dbxDatabaseNoName',
      'Project Management',
      'USD',
    ].join('\t'),
  );

  const projects: Row[] = [
    {
      proj_id: MAIN_PROJECT,
      proj_short_name: shortName,
      clndr_id: defCalId,
      plan_start_date: date(o.projectStart),
      plan_end_date: date(o.mustFinishBy),
      last_recalc_date: date(o.dataDate),
      critical_drtn_hr_cnt: formatHours(o.criticalFloat),
      critical_path_type: o.criticalBy === 'longest_path' ? 'CT_DrivPath' : 'CT_TotFloat',
      def_duration_type: 'DT_FixedDUR2',
      def_task_type: 'TT_Task',
      def_complete_pct_type: 'CP_Drtn',
      task_code_base: 1000,
      task_code_step: 10,
      export_flag: 'Y',
    },
  ];
  if (wbs.hasExternal) {
    projects.push({
      proj_id: EXTERNAL_PROJECT,
      proj_short_name: `${shortName}-EXT`.slice(0, 40),
      clndr_id: defCalId,
      last_recalc_date: date(o.dataDate),
      export_flag: 'N',
    });
  }
  // Resource curves are global data in P6: written before the project, as P6 exports them.
  const { curves, curveOf } = curvesToWrite(assignments);
  x.table(
    'RSRCCURVDATA',
    curves.map((c) => ({
      curv_id: c.id,
      curv_name: c.name,
      default_flag: 'N',
      ...Object.fromEntries(c.points.map((p, i) => [`pct_usage_${i}`, formatNumber(p, 6)])),
    })),
  );
  x.table('PROJECT', projects);

  const taskCalendars = new Set(tasks.map((a) => a.calendarId));
  x.table(
    'CALENDAR',
    model.calendars.map((c) => {
      const week = c.hoursPerWeek || weeklyMinutes(c) / 60;
      const rsrcOnly = !taskCalendars.has(c.id) && resources.some((r) => r.calendarId === c.id);
      return {
        clndr_id: calIds.get(c.id),
        default_flag: yn(c === defCal),
        clndr_name: c.name,
        clndr_type: rsrcOnly ? 'CA_Rsrc' : 'CA_Base',
        day_hr_cnt: c.hoursPerDay,
        week_hr_cnt: week,
        month_hr_cnt: c.hoursPerMonth,
        year_hr_cnt: Math.round(week * 52),
        rsrc_private: 'N',
        clndr_data: formatClndrData(c),
      };
    }),
  );

  x.table('SCHEDOPTIONS', [
    {
      schedoptions_id: 1,
      proj_id: MAIN_PROJECT,
      sched_outer_depend_type: o.ignoreExternalRelations === true ? 'SD_None' : 'SD_Both',
      sched_open_critical_flag: yn(o.openEndsCritical === true),
      sched_lag_early_start_flag: yn(o.lagFromEarlyStart !== false),
      sched_retained_logic: yn(o.progressMode === 'retained_logic'),
      sched_setplantoforecast: 'N',
      sched_float_type: FLOAT_TYPE[o.floatType],
      sched_calendar_on_relationship_lag: LAG_CAL[o.lagCalendar],
      sched_use_expect_end_flag: yn(o.useExpectedFinish === true),
      sched_progress_override: yn(o.progressMode === 'progress_override'),
      sched_use_project_end_date_for_float: yn(o.mustFinishBy !== null),
    },
  ]);

  x.table(
    'PROJWBS',
    wbs.nodes.map((n) => ({
      wbs_id: n.id,
      proj_id: n.project,
      seq_num: n.order,
      proj_node_flag: yn(n.projectNode),
      sum_data_flag: 'N',
      status_code: 'WS_Open',
      wbs_short_name: n.code,
      wbs_name: n.name,
      parent_wbs_id: n.parent ?? '',
    })),
  );

  x.table(
    'RSRC',
    resources.map((r, i) => ({
      rsrc_id: rsrcIds.get(r.id),
      clndr_id: calId(r.calendarId) ?? defCalId,
      rsrc_seq_num: i,
      rsrc_name: r.name,
      // rsrc_short_name is unique in P6: the position keeps equal names apart.
      rsrc_short_name: `${(r.name || r.id).slice(0, 14)}.${i + 1}`,
      def_qty_per_hr: 1,
      active_flag: 'Y',
      rsrc_type: rsrcType(r.kind),
    })),
  );

  x.table(
    'TASK',
    tasks.map((a) => {
      const s = a.stored ?? {};
      const ext = a.external;
      return {
        task_id: taskIds.get(a.id),
        proj_id: wbs.projectOf(a),
        wbs_id: wbs.wbsOf(a),
        clndr_id: calId(a.calendarId) ?? defCalId,
        phys_complete_pct: a.percentComplete,
        complete_pct_type: 'CP_Phys',
        task_type: TASK_TYPE[a.kind],
        duration_type: 'DT_FixedDUR2',
        status_code: statusOf(a),
        task_code: a.code,
        task_name: a.name,
        total_float_hr_cnt: hours(s.tf),
        free_float_hr_cnt: hours(s.ff),
        remain_drtn_hr_cnt: formatHours(a.remaining),
        target_drtn_hr_cnt: formatHours(a.duration),
        act_start_date: date(a.actualStart),
        act_end_date: date(a.actualFinish),
        early_start_date: date(ext ? ext.start : s.es),
        early_end_date: date(ext ? ext.finish : s.ef),
        late_start_date: date(ext ? (ext.lateStart ?? ext.start) : s.ls),
        late_end_date: date(ext ? (ext.lateFinish ?? ext.finish) : s.lf),
        expect_end_date: date(a.expectedFinish),
        external_early_start_date: date(a.externalEarlyStart),
        external_late_end_date: date(a.externalLateFinish),
        target_start_date: date(a.plannedStart ?? s.es ?? ext?.start),
        target_end_date: date(a.plannedFinish ?? s.ef ?? ext?.finish),
        ...constraintCells(a),
        priority_type: 'PT_Normal',
        driving_path_flag: yn(s.critical === true),
        resume_date: a.actualFinish === null ? date(a.resumeAt) : '',
      };
    }),
  );

  const taskById = new Map(tasks.map((a) => [a.id, a]));
  const preds: Row[] = [];
  for (const r of model.relations) {
    const pred = taskById.get(r.predId);
    const succ = taskById.get(r.succId);
    // P6 links activities only: a link to a WBS summary has no XER form.
    if (!pred || !succ) continue;
    preds.push({
      task_pred_id: preds.length + 1,
      task_id: taskIds.get(succ.id),
      pred_task_id: taskIds.get(pred.id),
      proj_id: wbs.projectOf(succ),
      pred_proj_id: wbs.projectOf(pred),
      pred_type: `PR_${r.type.toUpperCase()}`,
      lag_hr_cnt: formatHours(r.lag),
    });
  }
  x.table('TASKPRED', preds);

  const rsrcKind = new Map(resources.map((r) => [r.id, rsrcType(r.kind)]));
  const taskRsrc: Row[] = [];
  for (const asg of assignments) {
    const task = taskById.get(asg.activityId);
    const rsrc = rsrcIds.get(asg.resourceId);
    if (!task || rsrc === undefined) continue;
    taskRsrc.push({
      taskrsrc_id: taskRsrc.length + 1,
      task_id: taskIds.get(task.id),
      proj_id: wbs.projectOf(task),
      rsrc_id: rsrc,
      remain_qty: asg.units,
      target_qty: asg.units,
      act_reg_qty: 0,
      curv_id: curveOf(asg),
      rsrc_type: rsrcKind.get(asg.resourceId),
    });
  }
  x.table('TASKRSRC', taskRsrc);

  x.lines.push('%E');
  return x.lines.join('\r\n') + '\r\n';
}
