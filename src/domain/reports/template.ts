// Report templates (docs/reports.md): XLSX workbooks whose cells hold placeholders. A value
// placeholder {{name}} is replaced by a figure of the version; a row holding {{rows.SET}} is a
// table row, repeated once per activity of SET, its {{row.FIELD}} placeholders filled from that
// activity. Pure rules: which placeholders exist, which activities each set holds, the figures.

export const ROW_SETS = [
  'all',
  'activities',
  'critical',
  'look_ahead_2w',
  'look_ahead_4w',
  'delayed',
  'milestones',
  'in_progress',
  'completed',
  // Schedule quality (the DCMA checks' counts): activities without a predecessor or a successor,
  // of negative float, of more than 44 working days' float or duration, with a hard constraint.
  'open_ends',
  'negative_float',
  'high_float',
  'high_duration',
  'hard_constraints',
] as const;
export type RowSet = (typeof ROW_SETS)[number];

export const ROW_FIELDS = [
  'code',
  'name',
  'level',
  'start',
  'finish',
  'duration',
  'total_float',
  'percent',
  'actual_start',
  'actual_finish',
  'target_start',
  'target_finish',
  'delay_days',
  'critical',
  'predecessors',
  'successors',
  // The schedule of the row (a master report over many schedules).
  'schedule',
] as const;
export type RowField = (typeof ROW_FIELDS)[number];

export const VALUES = [
  'schedule',
  'version',
  'target_version',
  'data_date',
  'today',
  'user',
  'start',
  'finish',
  'percent',
  // Relations of the version: all, with a lead (negative lag), with a lag, not finish-to-start.
  'relations',
  'leads',
  'lags',
  'non_fs',
  ...ROW_SETS.map((s) => `count_${s}` as const),
] as const;
export type ValueName = (typeof VALUES)[number];

/** Minutes since 2000-01-01 (as the schedule model); days as plain numbers. */
export interface ReportRow {
  code: string;
  name: string;
  level: number;
  sum: boolean;
  milestone: boolean;
  critical: boolean;
  start: number | null;
  finish: number | null;
  durationDays: number | null;
  floatDays: number | null;
  percent: number;
  actualStart: number | null;
  actualFinish: number | null;
  targetStart: number | null;
  targetFinish: number | null;
  /** Relations into and out of the activity. */
  predecessors: number;
  successors: number;
  /** A finish-no-later, must-on or mandatory constraint. */
  hardConstraint: boolean;
  /** The schedule's name (a master report's rows come from many). */
  schedule?: string;
}

/**
 * Resource usage tables: a row holding {{resources.UNIT}} repeats once per resource and period
 * of that unit in which the resource is used; its {{res.FIELD}} placeholders take the figures.
 */
export const RESOURCE_UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type ResourceUnit = (typeof RESOURCE_UNITS)[number];
export const RES_FIELDS = [
  'schedule',
  'resource',
  'kind',
  'period',
  'period_end',
  'units',
  'cumulative',
  'activities',
] as const;
export type ResField = (typeof RES_FIELDS)[number];

/** Chart images: a cell holding only {{chart.NAME}} gets the chart drawn as a PNG over it. */
export const CHARTS = ['s_curve', 's_curve_labour'] as const;
export type ChartName = (typeof CHARTS)[number];

export type Placeholder =
  | { kind: 'value'; name: ValueName }
  | { kind: 'rows'; set: RowSet }
  | { kind: 'field'; field: RowField }
  | { kind: 'resources'; unit: ResourceUnit }
  | { kind: 'res'; field: ResField }
  | { kind: 'chart'; chart: ChartName };

const oneOf = <T extends string>(list: readonly T[], s: string): s is T =>
  (list as readonly string[]).includes(s);

export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The meaning of the text between the braces, or null when it names nothing. */
export function parsePlaceholder(inner: string): Placeholder | null {
  if (inner.startsWith('rows.')) {
    const set = inner.slice(5);
    return (ROW_SETS as readonly string[]).includes(set) ? { kind: 'rows', set: set as RowSet } : null;
  }
  if (inner.startsWith('row.')) {
    const field = inner.slice(4);
    return (ROW_FIELDS as readonly string[]).includes(field)
      ? { kind: 'field', field: field as RowField }
      : null;
  }
  if (inner.startsWith('resources.')) {
    const unit = inner.slice(10);
    return oneOf(RESOURCE_UNITS, unit) ? { kind: 'resources', unit } : null;
  }
  if (inner.startsWith('res.')) {
    const field = inner.slice(4);
    return oneOf(RES_FIELDS, field) ? { kind: 'res', field } : null;
  }
  if (inner.startsWith('chart.')) {
    const chart = inner.slice(6);
    return oneOf(CHARTS, chart) ? { kind: 'chart', chart } : null;
  }
  return (VALUES as readonly string[]).includes(inner) ? { kind: 'value', name: inner as ValueName } : null;
}

export interface CellText {
  sheet: string;
  cell: string;
  /** 1-based row number. */
  row: number;
  text: string;
}

export interface TemplateIssue {
  sheet: string;
  cell: string;
  placeholder: string;
  code:
    | 'report.unknown_placeholder'
    | 'report.field_outside_table'
    | 'report.two_tables_in_row'
    | 'report.chart_not_alone';
}

/**
 * Unknown placeholders, row fields outside a table row of their kind (an activity's {{row.…}}
 * in a {{rows.…}} row, a resource's {{res.…}} in a {{resources.…}} row), rows naming two tables,
 * and a chart sharing its cell with other text.
 */
export function checkTemplate(cells: CellText[]): TemplateIssue[] {
  const out: TemplateIssue[] = [];
  const tablesOfRow = new Map<string, { text: string; kind: 'rows' | 'resources' }[]>();
  for (const c of cells)
    for (const m of c.text.matchAll(PLACEHOLDER)) {
      const p = parsePlaceholder(m[1]!);
      if (!p)
        out.push({ sheet: c.sheet, cell: c.cell, placeholder: m[0], code: 'report.unknown_placeholder' });
      else if (p.kind === 'rows' || p.kind === 'resources') {
        const k = `${c.sheet}\u0000${c.row}`;
        tablesOfRow.set(k, [...(tablesOfRow.get(k) ?? []), { text: m[0], kind: p.kind }]);
      } else if (p.kind === 'chart' && c.text.trim() !== m[0])
        out.push({ sheet: c.sheet, cell: c.cell, placeholder: m[0], code: 'report.chart_not_alone' });
    }
  for (const c of cells) {
    const k = `${c.sheet}\u0000${c.row}`;
    const tables = tablesOfRow.get(k);
    if (tables && tables.length > 1 && c.text.includes(tables[1]!.text))
      out.push({
        sheet: c.sheet,
        cell: c.cell,
        placeholder: tables[1]!.text,
        code: 'report.two_tables_in_row',
      });
    const kind = tables?.[0]?.kind;
    for (const m of c.text.matchAll(PLACEHOLDER)) {
      const p = parsePlaceholder(m[1]!);
      if ((p?.kind === 'field' && kind !== 'rows') || (p?.kind === 'res' && kind !== 'resources'))
        out.push({ sheet: c.sheet, cell: c.cell, placeholder: m[0], code: 'report.field_outside_table' });
    }
  }
  return out;
}

const DAY = 1440;
/** Working days of float or duration above which the quality checks count an activity. */
export const QUALITY_DAYS = 44;

/** Whether an activity belongs to a set, on the data date `dd`. */
export function inSet(r: ReportRow, set: RowSet, dd: number): boolean {
  const open = r.actualFinish === null;
  switch (set) {
    case 'all':
      return true;
    case 'activities':
      return !r.sum;
    case 'critical':
      return !r.sum && r.critical;
    case 'look_ahead_2w':
    case 'look_ahead_4w': {
      // Unfinished work that runs at some time in [data date, data date + N weeks).
      const end = dd + (set === 'look_ahead_2w' ? 14 : 28) * DAY;
      return !r.sum && open && r.start !== null && r.finish !== null && r.start < end && r.finish >= dd;
    }
    case 'delayed':
      return !r.sum && delayDays(r) > 0;
    case 'milestones':
      return r.milestone;
    case 'in_progress':
      return !r.sum && r.actualStart !== null && open;
    case 'completed':
      return !r.sum && !open;
    case 'open_ends':
      return !r.sum && (r.predecessors === 0 || r.successors === 0);
    case 'negative_float':
      return !r.sum && r.floatDays !== null && r.floatDays < 0;
    case 'high_float':
      return !r.sum && r.floatDays !== null && r.floatDays > QUALITY_DAYS;
    case 'high_duration':
      return !r.sum && r.durationDays !== null && r.durationDays > QUALITY_DAYS;
    case 'hard_constraints':
      return !r.sum && r.hardConstraint;
  }
}

/** Calendar days the finish is later than the target finish (0 without a target). */
export function delayDays(r: ReportRow): number {
  if (r.finish === null || r.targetFinish === null) return 0;
  return Math.max(0, Math.ceil((r.finish - r.targetFinish) / DAY));
}

export const rowsOf = (rows: ReportRow[], set: RowSet, dd: number) => rows.filter((r) => inSet(r, set, dd));

export interface ReportMeta {
  schedule: string;
  version: string;
  targetVersion: string;
  dataDate: number;
  today: string;
  user: string;
  /** Counts of the version's relations (zeros when not given). */
  links?: LinkCounts;
}

export interface LinkCounts {
  relations: number;
  leads: number;
  lags: number;
  non_fs: number;
}

/** Relation counts of a version's relations. */
export function linkCounts(links: readonly { lag: number; type: string }[]): LinkCounts {
  return {
    relations: links.length,
    leads: links.filter((l) => l.lag < 0).length,
    lags: links.filter((l) => l.lag > 0).length,
    non_fs: links.filter((l) => l.type !== 'fs').length,
  };
}

/** Typed values: numbers stay numbers and dates are minutes, so cells keep their formats. */
export type Figure = string | number | { minutes: number } | null;

export function valueOf(name: ValueName, rows: ReportRow[], meta: ReportMeta): Figure {
  if (name.startsWith('count_')) return rowsOf(rows, name.slice(6) as RowSet, meta.dataDate).length;
  const work = rows.filter((r) => !r.sum);
  switch (name) {
    case 'schedule':
      return meta.schedule;
    case 'version':
      return meta.version;
    case 'target_version':
      return meta.targetVersion;
    case 'data_date':
      return { minutes: meta.dataDate };
    case 'today':
      return meta.today;
    case 'user':
      return meta.user;
    case 'relations':
    case 'leads':
    case 'lags':
    case 'non_fs':
      return meta.links?.[name] ?? 0;
    case 'start': {
      const s = work.map((r) => r.start).filter((m): m is number => m !== null);
      return s.length ? { minutes: s.reduce((a, b) => Math.min(a, b)) } : null;
    }
    case 'finish': {
      const f = work.map((r) => r.finish).filter((m): m is number => m !== null);
      return f.length ? { minutes: f.reduce((a, b) => Math.max(a, b)) } : null;
    }
    case 'percent': {
      // Mean per cent complete, weighted by duration (plain mean when no durations).
      const w = work.reduce((s, r) => s + (r.durationDays ?? 0), 0);
      if (work.length === 0) return 0;
      const p =
        w > 0
          ? work.reduce((s, r) => s + r.percent * (r.durationDays ?? 0), 0) / w
          : work.reduce((s, r) => s + r.percent, 0) / work.length;
      return Math.round(p * 100) / 100;
    }
    default:
      return null;
  }
}

const at = (m: number | null): Figure => (m === null ? null : { minutes: m });

export function fieldOf(field: RowField, r: ReportRow, yes: string, no: string): Figure {
  switch (field) {
    case 'code':
      return r.code;
    case 'name':
      return r.name;
    case 'level':
      return r.level;
    case 'start':
      return at(r.start);
    case 'finish':
      return at(r.finish);
    case 'duration':
      return r.durationDays;
    case 'total_float':
      return r.floatDays;
    case 'percent':
      return r.percent;
    case 'actual_start':
      return at(r.actualStart);
    case 'actual_finish':
      return at(r.actualFinish);
    case 'target_start':
      return at(r.targetStart);
    case 'target_finish':
      return at(r.targetFinish);
    case 'delay_days':
      return delayDays(r);
    case 'critical':
      return r.critical ? yes : no;
    case 'predecessors':
      return r.predecessors;
    case 'successors':
      return r.successors;
    case 'schedule':
      return r.schedule ?? '';
  }
}
