// Primavera P6 XER writer: ERMHDR, then per table %T name, %F fields, %R rows, and %E at the
// end; tab-separated, CRLF, dates 'YYYY-MM-DD HH:MM', every *_hr_cnt in hours. Activities of
// other projects (Activity.external) go to a second PROJECT with export_flag N, as P6 exports
// cross-project predecessors.

import type { Activity, Constraint, ScheduleModel } from '../../schedule/model';
import { defaultCalendar, integerIds, oneLine, walkTree, weeklyMinutes } from '../write-model';
import { formatClndrData } from '../write-xer-calendar';
import { formatDateTime, formatHours, formatNumber } from '../write-time';
import { encodeText, type TextEncoding } from '../write-encoding';

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

class XerText {
  readonly lines: string[] = [];
  table(name: string, fields: readonly string[], rows: readonly Row[]): void {
    if (!rows.length) return;
    this.lines.push(`%T\t${name}`, `%F\t${fields.join('\t')}`);
    for (const r of rows) {
      this.lines.push(`%R\t${fields.map((f) => cell(r[f])).join('\t')}`);
    }
  }
}

function cell(v: Cell): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'number' ? formatNumber(v) : oneLine(v);
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
    cstr_type: list[0]?.type ?? '',
    cstr_date: list[0]?.date ?? '',
    cstr_type2: list[1]?.type ?? '',
    cstr_date2: list[1]?.date ?? '',
  };
}

export function writeXer(model: ScheduleModel, options: XerWriteOptions = {}): Uint8Array {
  return encodeText(writeXerText(model, options), options.encoding ?? 'utf-8');
}

export function writeXerText(model: ScheduleModel, options: XerWriteOptions = {}): string {
  const o = model.options;
  const tree = walkTree(model);
  const sums = tree.filter((t) => t.activity.kind === 'sum');
  const tasks = tree.filter((t) => t.activity.kind !== 'sum');
  const calIds = integerIds(model.calendars.map((c) => c.id));
  // Id 1 is the project's root WBS node; the model's summaries follow.
  const wbsIds = integerIds(
    sums.map((s) => s.activity.id),
    2,
  );
  if ([...wbsIds.values()].includes(1)) wbsIds.forEach((v, k) => wbsIds.set(k, v + 1));
  const taskIds = integerIds(tasks.map((t) => t.activity.id));
  const rsrcIds = integerIds(model.resources.map((r) => r.id));
  const PROJ = 1;
  const EXT_PROJ = 2;
  const hasExternal = tasks.some((t) => t.activity.external);
  const projOf = (a: Activity): number => (a.external ? EXT_PROJ : PROJ);
  const defCal = defaultCalendar(model);
  const defCalId = defCal ? calIds.get(defCal.id) : undefined;
  const calId = (id: string | null | undefined): number | undefined =>
    id === null || id === undefined ? undefined : calIds.get(id);

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

  const shortName = oneLine(model.projectName || 'Project').slice(0, 40) || 'Project';
  const projects: Row[] = [
    {
      proj_id: PROJ,
      proj_short_name: shortName,
      clndr_id: defCalId,
      plan_start_date: date(o.projectStart),
      plan_end_date: date(o.mustFinishBy),
      last_recalc_date: date(o.dataDate),
      next_data_date: '',
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
  if (hasExternal) {
    projects.push({
      proj_id: EXT_PROJ,
      proj_short_name: `${shortName}-EXT`.slice(0, 40),
      clndr_id: defCalId,
      last_recalc_date: date(o.dataDate),
      export_flag: 'N',
    });
  }
  x.table('PROJECT', Object.keys(projects[0]!), projects);

  x.table(
    'CALENDAR',
    [
      'clndr_id',
      'default_flag',
      'clndr_name',
      'proj_id',
      'base_clndr_id',
      'last_chng_date',
      'clndr_type',
      'day_hr_cnt',
      'week_hr_cnt',
      'month_hr_cnt',
      'year_hr_cnt',
      'rsrc_private',
      'clndr_data',
    ],
    model.calendars.map((c) => {
      const week = c.hoursPerWeek || weeklyMinutes(c) / 60;
      return {
        clndr_id: calIds.get(c.id),
        default_flag: yn(c === defCal),
        clndr_name: c.name,
        clndr_type:
          model.resources.some((r) => r.calendarId === c.id) &&
          !tasks.some((t) => t.activity.calendarId === c.id)
            ? 'CA_Rsrc'
            : 'CA_Base',
        day_hr_cnt: c.hoursPerDay,
        week_hr_cnt: week,
        month_hr_cnt: c.hoursPerMonth,
        year_hr_cnt: formatNumber(week * 52, 0),
        rsrc_private: 'N',
        clndr_data: formatClndrData(c),
      };
    }),
  );

  x.table(
    'SCHEDOPTIONS',
    [
      'schedoptions_id',
      'proj_id',
      'sched_outer_depend_type',
      'sched_open_critical_flag',
      'sched_lag_early_start_flag',
      'sched_retained_logic',
      'sched_setplantoforecast',
      'sched_float_type',
      'sched_calendar_on_relationship_lag',
      'sched_use_expect_end_flag',
      'sched_progress_override',
      'sched_use_project_end_date_for_float',
    ],
    [
      {
        schedoptions_id: 1,
        proj_id: PROJ,
        sched_outer_depend_type: 'SD_Both',
        sched_open_critical_flag: 'N',
        sched_lag_early_start_flag: 'Y',
        sched_retained_logic: yn(o.progressMode === 'retained_logic'),
        sched_setplantoforecast: 'N',
        sched_float_type: FLOAT_TYPE[o.floatType],
        sched_calendar_on_relationship_lag: LAG_CAL[o.lagCalendar],
        sched_use_expect_end_flag: 'Y',
        sched_progress_override: yn(o.progressMode === 'progress_override'),
        sched_use_project_end_date_for_float: yn(o.mustFinishBy !== null),
      },
    ],
  );

  const wbsRows: Row[] = [
    {
      wbs_id: 1,
      proj_id: PROJ,
      seq_num: 0,
      proj_node_flag: 'Y',
      sum_data_flag: 'N',
      status_code: 'WS_Open',
      wbs_short_name: shortName,
      wbs_name: model.projectName,
      parent_wbs_id: '',
    },
  ];
  if (hasExternal) {
    wbsRows.push({
      wbs_id: wbsIds.size + 2,
      proj_id: EXT_PROJ,
      seq_num: 0,
      proj_node_flag: 'Y',
      sum_data_flag: 'N',
      status_code: 'WS_Open',
      wbs_short_name: `${shortName}-EXT`.slice(0, 40),
      wbs_name: `${model.projectName} (external)`,
      parent_wbs_id: '',
    });
  }
  const extRootWbs = wbsIds.size + 2;
  const wbsOf = (a: Activity): number =>
    a.external ? extRootWbs : a.parentId !== null && wbsIds.has(a.parentId) ? wbsIds.get(a.parentId)! : 1;
  for (const s of sums) {
    const a = s.activity;
    wbsRows.push({
      wbs_id: wbsIds.get(a.id),
      proj_id: PROJ,
      seq_num: a.order,
      proj_node_flag: 'N',
      sum_data_flag: 'N',
      status_code: 'WS_Open',
      wbs_short_name: (a.code || a.name).slice(0, 40),
      wbs_name: a.name,
      parent_wbs_id: wbsOf(a),
    });
  }
  x.table(
    'PROJWBS',
    [
      'wbs_id',
      'proj_id',
      'seq_num',
      'proj_node_flag',
      'sum_data_flag',
      'status_code',
      'wbs_short_name',
      'wbs_name',
      'parent_wbs_id',
    ],
    wbsRows,
  );

  if (model.resources.length) {
    x.table(
      'RSRC',
      [
        'rsrc_id',
        'parent_rsrc_id',
        'clndr_id',
        'rsrc_seq_num',
        'rsrc_name',
        'rsrc_short_name',
        'def_qty_per_hr',
        'active_flag',
        'rsrc_type',
      ],
      model.resources.map((r, i) => ({
        rsrc_id: rsrcIds.get(r.id),
        clndr_id: calId(r.calendarId) ?? defCalId,
        rsrc_seq_num: i,
        rsrc_name: r.name,
        rsrc_short_name: (r.name || r.id).slice(0, 20) + (i ? `.${i}` : ''),
        def_qty_per_hr: 1,
        active_flag: 'Y',
        rsrc_type:
          r.kind === 'equipment' || r.kind === 'RT_Equip'
            ? 'RT_Equip'
            : r.kind === 'material' || r.kind === 'RT_Mat'
              ? 'RT_Mat'
              : 'RT_Labor',
      })),
    );
  }

  const taskRows = tasks.map(({ activity: a }) => {
    const s = a.stored ?? {};
    const ext = a.external;
    const row: Row = {
      task_id: taskIds.get(a.id),
      proj_id: projOf(a),
      wbs_id: wbsOf(a),
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
      late_start_date: date(ext ? ext.start : s.ls),
      late_end_date: date(ext ? ext.finish : s.lf),
      target_start_date: date(a.plannedStart ?? s.es ?? ext?.start),
      target_end_date: date(a.plannedFinish ?? s.ef ?? ext?.finish),
      ...constraintCells(a),
      priority_type: 'PT_Normal',
      driving_path_flag: s.critical ? 'Y' : 'N',
    };
    return row;
  });
  x.table(
    'TASK',
    [
      'task_id',
      'proj_id',
      'wbs_id',
      'clndr_id',
      'phys_complete_pct',
      'complete_pct_type',
      'task_type',
      'duration_type',
      'status_code',
      'task_code',
      'task_name',
      'total_float_hr_cnt',
      'free_float_hr_cnt',
      'remain_drtn_hr_cnt',
      'target_drtn_hr_cnt',
      'cstr_date',
      'act_start_date',
      'act_end_date',
      'late_start_date',
      'late_end_date',
      'early_start_date',
      'early_end_date',
      'target_start_date',
      'target_end_date',
      'cstr_type',
      'priority_type',
      'cstr_date2',
      'cstr_type2',
      'driving_path_flag',
    ],
    taskRows,
  );

  const byId = new Map(tasks.map((t) => [t.activity.id, t.activity]));
  const predRows: Row[] = [];
  for (const r of model.relations) {
    const pred = byId.get(r.predId);
    const succ = byId.get(r.succId);
    // Links to WBS nodes have no XER form (P6 links activities only).
    if (!pred || !succ) continue;
    predRows.push({
      task_pred_id: predRows.length + 1,
      task_id: taskIds.get(succ.id),
      pred_task_id: taskIds.get(pred.id),
      proj_id: projOf(succ),
      pred_proj_id: projOf(pred),
      pred_type: `PR_${r.type.toUpperCase()}`,
      lag_hr_cnt: formatHours(r.lag),
    });
  }
  x.table(
    'TASKPRED',
    ['task_pred_id', 'task_id', 'pred_task_id', 'proj_id', 'pred_proj_id', 'pred_type', 'lag_hr_cnt'],
    predRows,
  );

  if (model.resources.length) {
    const rows: Row[] = [];
    for (const asg of model.assignments) {
      const task = byId.get(asg.activityId);
      const rsrc = rsrcIds.get(asg.resourceId);
      if (!task || rsrc === undefined) continue;
      rows.push({
        taskrsrc_id: rows.length + 1,
        task_id: taskIds.get(task.id),
        proj_id: projOf(task),
        rsrc_id: rsrc,
        remain_qty: asg.units,
        target_qty: asg.units,
        act_reg_qty: 0,
        rsrc_type: 'RT_Labor',
      });
    }
    x.table(
      'TASKRSRC',
      [
        'taskrsrc_id',
        'task_id',
        'proj_id',
        'rsrc_id',
        'remain_qty',
        'target_qty',
        'act_reg_qty',
        'rsrc_type',
      ],
      rows,
    );
  }

  x.lines.push('%E');
  return x.lines.join('\r\n') + '\r\n';
}
