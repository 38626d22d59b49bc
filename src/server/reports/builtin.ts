// Built-in report templates: ordinary XLSX templates written here with exceljs, stored per space
// on first use like uploaded ones, so they run through the same engine (and can be downloaded
// as examples of the placeholder syntax).
import { loadExcelJS } from '../../domain/io/xlsx/exceljs';
import type { RowSet } from '../../domain/reports/template';

export const BUILTIN_REPORTS = [
  { key: 'summary', name: 'Schedule summary' },
  { key: 'look_ahead_2w', name: '2-week look-ahead' },
  { key: 'look_ahead_4w', name: '4-week look-ahead' },
  { key: 'critical', name: 'Critical path' },
  { key: 'delayed', name: 'Delayed against target' },
  { key: 'quality', name: 'Schedule quality indicators' },
  { key: 'resources', name: 'Resource usage' },
] as const;
export type BuiltinKey = (typeof BUILTIN_REPORTS)[number]['key'];

type Col = [title: string, field: string, width: number];
const BASE: Col[] = [
  ['Code', 'code', 14],
  ['Name', 'name', 48],
  ['Start', 'start', 12],
  ['Finish', 'finish', 12],
  ['Duration (d)', 'duration', 12],
  ['Total float (d)', 'total_float', 14],
  ['% complete', 'percent', 11],
];

/** A table of activities ({{rows.SET}}) or of resources by period ({{resources.UNIT}}). */
type Table = { set: RowSet; title: string; cols: Col[] } | { unit: 'week'; title: string; cols: Col[] };

const TABLES: Record<BuiltinKey, Table> = {
  summary: {
    set: 'milestones',
    title: 'Milestones',
    cols: [BASE[0]!, BASE[1]!, BASE[3]!, ['Target finish', 'target_finish', 13]],
  },
  look_ahead_2w: { set: 'look_ahead_2w', title: 'Work in the next 2 weeks', cols: BASE },
  look_ahead_4w: { set: 'look_ahead_4w', title: 'Work in the next 4 weeks', cols: BASE },
  critical: { set: 'critical', title: 'Critical activities', cols: BASE },
  delayed: {
    set: 'delayed',
    title: 'Activities finishing after their target',
    cols: [
      BASE[0]!,
      BASE[1]!,
      BASE[3]!,
      ['Target finish', 'target_finish', 13],
      ['Delay (d)', 'delay_days', 10],
    ],
  },
  quality: {
    set: 'open_ends',
    title: 'Activities without a predecessor or a successor',
    cols: [
      BASE[0]!,
      BASE[1]!,
      ['Predecessors', 'predecessors', 13],
      ['Successors', 'successors', 12],
      BASE[4]!,
      BASE[5]!,
    ],
  },
  resources: {
    unit: 'week',
    title: 'Resource usage by week',
    cols: [
      ['Resource', 'resource', 28],
      ['Kind', 'kind', 10],
      ['Week from', 'period', 12],
      ['Week to', 'period_end', 12],
      ['Units', 'units', 12],
      ['Cumulative', 'cumulative', 12],
      ['Activities', 'activities', 11],
    ],
  },
};

/** A chart under the table of some templates. */
const CHART: Partial<Record<BuiltinKey, string>> = { summary: 's_curve', resources: 's_curve_labour' };

const FIGURES: [string, string][] = [
  ['Data date', '{{data_date}}'],
  ['Start', '{{start}}'],
  ['Finish', '{{finish}}'],
  ['% complete', '{{percent}}'],
  ['Activities', '{{count_activities}}'],
  ['Completed', '{{count_completed}}'],
  ['In progress', '{{count_in_progress}}'],
  ['Critical', '{{count_critical}}'],
  ['Milestones', '{{count_milestones}}'],
  ['Delayed against target', '{{count_delayed}}'],
  ['Target version', '{{target_version}}'],
];

/** The quality checks' counts (the DCMA checks' simple ones; 44 working days). */
const QUALITY: [string, string][] = [
  ['Activities', '{{count_activities}}'],
  ['Relations', '{{relations}}'],
  ['Without a predecessor or a successor', '{{count_open_ends}}'],
  ['Relations with a lead', '{{leads}}'],
  ['Relations with a lag', '{{lags}}'],
  ['Relations other than finish-to-start', '{{non_fs}}'],
  ['Hard constraints', '{{count_hard_constraints}}'],
  ['Total float over 44 days', '{{count_high_float}}'],
  ['Negative float', '{{count_negative_float}}'],
  ['Duration over 44 days', '{{count_high_duration}}'],
  ['Critical', '{{count_critical}}'],
];

export async function builtinTemplate(key: BuiltinKey): Promise<Buffer> {
  const spec = BUILTIN_REPORTS.find((b) => b.key === key)!;
  const t = TABLES[key];
  const wb = new (await loadExcelJS()).Workbook();
  wb.creator = 'planning-workbench';
  const ws = wb.addWorksheet('Report');
  ws.columns = t.cols.map(([, , width]) => ({ width }));
  ws.addRow([`${spec.name}: {{schedule}} — {{version}}`]).font = { bold: true, size: 14 };
  ws.addRow(['Printed {{today}} by {{user}}']);
  ws.addRow([]);
  const figures =
    key === 'summary'
      ? FIGURES
      : key === 'resources'
        ? [...FIGURES.slice(0, 3), ['Activities', '{{count_activities}}'] as [string, string]]
        : key === 'quality'
          ? [...FIGURES.slice(0, 1), ...QUALITY]
          : FIGURES.slice(0, 4);
  for (const [label, value] of figures) {
    const row = ws.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { horizontal: 'left' };
  }
  ws.addRow([]);
  ws.addRow(['set' in t ? `${t.title} ({{count_${t.set}}})` : t.title]).font = { bold: true, size: 12 };
  const head = ws.addRow(t.cols.map(([title]) => title));
  head.font = { bold: true };
  head.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF6' } };
    c.border = { bottom: { style: 'thin' } };
  });
  const [marker, prefix] = 'set' in t ? [`{{rows.${t.set}}}`, 'row'] : [`{{resources.${t.unit}}}`, 'res'];
  const row = ws.addRow(t.cols.map(([, field], i) => `${i === 0 ? marker : ''}{{${prefix}.${field}}}`));
  t.cols.forEach(([, field], i) => {
    const cell = row.getCell(i + 1);
    if (['start', 'finish', 'target_finish', 'period', 'period_end'].includes(field))
      cell.style = { ...cell.style, numFmt: 'yyyy-mm-dd' };
  });
  const chart = CHART[key];
  if (chart) {
    ws.addRow([]);
    ws.addRow([`{{chart.${chart}}}`]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
