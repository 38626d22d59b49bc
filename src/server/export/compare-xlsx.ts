// The comparison of two versions as an XLSX workbook (export-comparison): a "Summary" sheet with
// what a planner sends (finish moved, counts, slipped, critical path, relations) and a "Rows"
// sheet with one row per compared row: its change, code, name, both sides' start, finish,
// duration and float, the slips, the changed fields and each changed value as "old → new".
// Times are the engine's minutes: dates as DD.MM.YYYY, durations and floats in 8-hour days.
import { loadExcelJS } from '../../domain/io/xlsx/exceljs';
import type { CompareResult, CompareSideRow, ComparedField } from '../../api/version-compare';
import { formatDate } from '../../domain/format/dates';
import type { ServerLang } from '../i18n/messages';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WORK_DAY = 480;

const TEXTS = {
  en: {
    summary: 'Summary',
    rows: 'Rows',
    base: 'Compared against',
    version: 'Version',
    finish_moved: 'Finish moved, days',
    base_finish: 'Finish before',
    current_finish: 'Finish now',
    added: 'Added',
    removed: 'Removed',
    changed: 'Changed',
    same: 'Unchanged',
    slipped: 'Slipped more than {days} days',
    critical: 'Critical path changed',
    yes: 'yes',
    no: 'no',
    rel_added: 'Relations added',
    rel_removed: 'Relations removed',
    rel_changed: 'Relations changed',
    status: 'Change',
    code: 'Code',
    name: 'Name',
    start_old: 'Start before',
    start_new: 'Start now',
    finish_old: 'Finish before',
    finish_new: 'Finish now',
    dur_old: 'Duration before, d',
    dur_new: 'Duration now, d',
    tf_old: 'Total float before, d',
    tf_new: 'Total float now, d',
    start_slip: 'Start slip, days',
    finish_slip: 'Finish slip, days',
    fields: 'Changed fields',
    values: 'Old → new',
  },
  ru: {
    summary: 'Сводка',
    rows: 'Строки',
    base: 'Сравнивается с',
    version: 'Версия',
    finish_moved: 'Сдвиг окончания, дн',
    base_finish: 'Окончание было',
    current_finish: 'Окончание стало',
    added: 'Добавлено',
    removed: 'Удалено',
    changed: 'Изменено',
    same: 'Без изменений',
    slipped: 'Сдвинуто более чем на {days} дн',
    critical: 'Критический путь изменился',
    yes: 'да',
    no: 'нет',
    rel_added: 'Связей добавлено',
    rel_removed: 'Связей удалено',
    rel_changed: 'Связей изменено',
    status: 'Изменение',
    code: 'Код',
    name: 'Наименование',
    start_old: 'Начало было',
    start_new: 'Начало стало',
    finish_old: 'Окончание было',
    finish_new: 'Окончание стало',
    dur_old: 'Длительность была, дн',
    dur_new: 'Длительность стала, дн',
    tf_old: 'Общий резерв был, дн',
    tf_new: 'Общий резерв стал, дн',
    start_slip: 'Сдвиг начала, дн',
    finish_slip: 'Сдвиг окончания, дн',
    fields: 'Изменённые поля',
    values: 'Было → стало',
  },
} as const;

const STATUS = {
  en: { added: 'added', removed: 'removed', changed: 'changed', same: 'same' },
  ru: { added: 'добавлена', removed: 'удалена', changed: 'изменена', same: 'без изменений' },
} as const;

const FILL = { added: 'FFE3F4E6', removed: 'FFFDE7E7', changed: 'FFFFF6D5', same: null } as const;

const date = (m: number | null) => (m === null ? '' : formatDate(m, 'DD.MM.YYYY'));
const days = (m: number | null) => (m === null ? null : Math.round((m / WORK_DAY) * 10) / 10);

/** A field's value of one side as text. */
function valueOf(side: CompareSideRow | null, field: ComparedField): string {
  if (!side) return '';
  switch (field) {
    case 'start':
    case 'finish':
      return date(side[field]);
    case 'duration':
      return String(days(side.duration));
    case 'total_float':
      return String(days(side.total_float) ?? '');
    case 'percent':
      return `${side.percent}%`;
    case 'calendar':
      return side.calendar_id ?? '';
    case 'critical':
      return side.critical ? '✓' : '—';
    case 'parent':
      return '';
    default: {
      const v = (side as unknown as Record<string, unknown>)[field];
      return v === null || v === undefined ? '' : String(v);
    }
  }
}

export async function comparisonXlsx(result: CompareResult, lang: ServerLang): Promise<Uint8Array> {
  const t = TEXTS[lang];
  const wb = new (await loadExcelJS()).Workbook();
  const s = result.summary;
  const summary = wb.addWorksheet(t.summary);
  summary.columns = [{ width: 34 }, { width: 28 }];
  const lines: [string, string | number | null][] = [
    [t.base, result.base.label],
    [t.version, result.version.label],
    [t.base_finish, date(s.base_finish)],
    [t.current_finish, date(s.current_finish)],
    [t.finish_moved, s.finish_moved_days],
    [t.added, s.added],
    [t.removed, s.removed],
    [t.changed, s.changed],
    [t.same, s.same],
    [t.slipped.replace('{days}', String(s.slip_days)), s.slipped],
    [t.critical, s.critical_changed ? t.yes : t.no],
    [t.rel_added, s.relations_added],
    [t.rel_removed, s.relations_removed],
    [t.rel_changed, s.relations_changed],
  ];
  for (const l of lines) summary.addRow(l);
  summary.getColumn(1).font = { bold: true };

  const rows = wb.addWorksheet(t.rows, { views: [{ state: 'frozen', ySplit: 1 }] });
  rows.columns = [
    { header: t.status, width: 14 },
    { header: t.code, width: 14 },
    { header: t.name, width: 40 },
    { header: t.start_old, width: 13 },
    { header: t.start_new, width: 13 },
    { header: t.finish_old, width: 13 },
    { header: t.finish_new, width: 13 },
    { header: t.dur_old, width: 12 },
    { header: t.dur_new, width: 12 },
    { header: t.tf_old, width: 12 },
    { header: t.tf_new, width: 12 },
    { header: t.start_slip, width: 12 },
    { header: t.finish_slip, width: 12 },
    { header: t.fields, width: 28 },
    { header: t.values, width: 60 },
  ];
  rows.getRow(1).font = { bold: true };
  for (const r of result.rows) {
    const any = r.current ?? r.base!;
    const changes = r.changed
      .filter((f) => f !== 'parent')
      .map((f) => `${f}: ${valueOf(r.base, f)} → ${valueOf(r.current, f)}`)
      .join('; ');
    const row = rows.addRow([
      STATUS[lang][r.status],
      any.code,
      any.name,
      date(r.base?.start ?? null),
      date(r.current?.start ?? null),
      date(r.base?.finish ?? null),
      date(r.current?.finish ?? null),
      r.base ? days(r.base.duration) : null,
      r.current ? days(r.current.duration) : null,
      r.base ? days(r.base.total_float) : null,
      r.current ? days(r.current.total_float) : null,
      r.start_slip_days,
      r.finish_slip_days,
      r.changed.join(', '),
      changes,
    ]);
    const fill = FILL[r.status];
    if (fill) row.getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
  }
  rows.autoFilter = { from: 'A1', to: 'O1' };
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
