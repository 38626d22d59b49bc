// An imported activity table (CSV rows or an XLSX sheet) → a ScheduleModel. The upload rule
// says where the table starts and which column holds which field; the WBS comes from a parent
// column or from outline levels; links from the predecessor column. Every problem is an
// ImportError naming the sheet, row and column.

import type { Activity, CalendarDef, Relation, ScheduleModel, ScheduleOptions } from '../../schedule/model';
import { ImportError } from '../errors';
import {
  columnIndex,
  columnLetter,
  fieldDef,
  fieldForHeader,
  isFieldKey,
  type FieldKey,
  type UploadRule,
} from './fields';
import { parseLinks } from './predecessors';
import { activityFromRow, type RowValues } from './row-activity';
import { textCell, type Cell } from './cells';

export interface TableInput {
  /** Sheet name, or 'csv'. */
  where: string;
  rows: Cell[][];
  /** File line of each row (CSV rows may span lines); default row index + 1. */
  lines?: number[];
  rule: UploadRule;
  /** Calendars of the file; null = make a standard 5×8 calendar for each Calendar ID used. */
  calendars: CalendarDef[] | null;
  options?: Partial<ScheduleOptions>;
  projectName?: string;
  source: string;
  /** Where a table without any date starts (the day it is read, as MS Project starts a new
   *  project today); default the model's day zero. */
  undatedStart?: number;
}

/** A Monday–Friday 08:00–12:00, 13:00–17:00 calendar for tables that name but do not define one. */
export function standardCalendar(id: string, name = id): CalendarDef {
  const day = [
    { start: 480, end: 720 },
    { start: 780, end: 1020 },
  ];
  return {
    id,
    name,
    week: [[], day, day, day, day, day, []],
    exceptions: [],
    hoursPerDay: 8,
    hoursPerWeek: 40,
    hoursPerMonth: 172,
  };
}

/** Column index → field, from the rule's mapping or from the header row. */
function mapColumns(input: TableInput, header: Cell[] | undefined): Map<number, FieldKey> {
  const out = new Map<number, FieldKey>();
  const { rule } = input;
  if (rule.columns) {
    for (const [col, field] of Object.entries(rule.columns)) {
      const i = columnIndex(col);
      if (i === null || !isFieldKey(field)) {
        throw new ImportError(
          'import.bad_value',
          { where: `upload rule ${rule.name}`, field: col, value: String(field) },
          `Upload rule ${rule.name}: column ${col} → ${String(field)} is not a column and field.`,
        );
      }
      out.set(i, field);
    }
    return out;
  }
  (header ?? []).forEach((h, i) => {
    const f = fieldForHeader(textCell(h));
    if (f && ![...out.values()].includes(f)) out.set(i, f);
  });
  if (![...out.values()].some((f) => f === 'name' || f === 'code' || f === 'id')) {
    throw new ImportError(
      'import.missing_field',
      { where: input.where, line: input.rule.skipRows + 1, field: 'Name' },
      `${input.where}: the header row has no ID, Code or Name column.`,
    );
  }
  return out;
}

export function tableToModel(input: TableInput): ScheduleModel {
  const { rows, rule } = input;
  const lineOf = (i: number): number => input.lines?.[i] ?? i + 1;
  const hasHeader = rule.columns ? rule.hasHeader !== false : true;
  const headerIndex = rule.skipRows;
  const columns = mapColumns(input, hasHeader ? rows[headerIndex] : undefined);
  const headers = new Map(
    [...columns].map(([i, f]) => [
      i,
      hasHeader ? textCell(rows[headerIndex]?.[i]) || fieldDef(f).header : columnLetter(i),
    ]),
  );

  const calendars = input.calendars ? [...input.calendars] : [];
  const calById = new Map(calendars.map((c) => [c.id, c]));
  const defaultCalId =
    input.options?.defaultCalendarId ??
    calendars.find((c) => c.isDefault)?.id ??
    calendars[0]?.id ??
    'standard';
  const calendarFor = (id: string, line: number, field: string): CalendarDef => {
    let cal = calById.get(id);
    if (!cal && !input.calendars) {
      cal = standardCalendar(id);
      calById.set(id, cal);
      calendars.push(cal);
    }
    if (!cal)
      throw new ImportError(
        'import.missing_calendar',
        { where: input.where, line, field, value: id },
        `${input.where} row ${line}: calendar ${id} is not defined in the file.`,
      );
    return cal;
  };

  const activities: Activity[] = [];
  const rowLines: number[] = [];
  const predCells: (RowValues['predecessors'] & object)[] = [];
  const levels: (number | null)[] = [];
  for (let r = headerIndex + (hasHeader ? 1 : 0); r < rows.length; r++) {
    const row = rows[r] ?? [];
    if (row.every((c) => textCell(c) === '')) continue;
    const line = lineOf(r);
    const values = activityFromRow({
      row,
      line,
      where: input.where,
      columns,
      headers,
      index: activities.length,
      defaultCalId,
      calendarFor,
    });
    activities.push(values.activity);
    rowLines.push(line);
    predCells.push(values.predecessors ?? { text: '', field: '' });
    levels.push(values.outlineLevel);
  }
  if (!activities.length)
    throw new ImportError(
      'import.empty',
      { where: input.where },
      `${input.where}: the table has no activity rows.`,
    );
  if (!calById.has(defaultCalId)) calendarFor(defaultCalId, rowLines[0]!, 'Calendar ID');

  const byId = new Map<string, number>();
  activities.forEach((a, i) => {
    if (byId.has(a.id))
      throw new ImportError(
        'import.bad_value',
        { where: input.where, line: rowLines[i], field: 'ID', value: a.id },
        `${input.where} row ${rowLines[i]}: activity ID ${a.id} appears twice.`,
      );
    byId.set(a.id, i);
  });
  const byCode = new Map<string, number>();
  activities.forEach((a, i) => {
    if (a.code && !byCode.has(a.code)) byCode.set(a.code, i);
  });
  // Parent IDs name ids first; predecessors name codes first (what the writer puts in each).
  const resolve = (ref: string): number | undefined => byId.get(ref) ?? byCode.get(ref);
  const resolveLink = (ref: string): number | undefined => byCode.get(ref) ?? byId.get(ref);

  linkParents(activities, levels, resolve, input.where, rowLines);

  const relations: Relation[] = [];
  activities.forEach((succ, i) => {
    const { text, field } = predCells[i]!;
    for (const link of parseLinks(text)) {
      const at = { where: input.where, line: rowLines[i], field, value: 'bad' in link ? link.bad : link.ref };
      if ('bad' in link)
        throw new ImportError(
          'import.bad_value',
          at,
          `${input.where} row ${rowLines[i]}: "${link.bad}" is not a predecessor like 1020FS+2d.`,
        );
      const p = resolveLink(link.ref);
      if (p === undefined)
        throw new ImportError(
          'import.bad_reference',
          at,
          `${input.where} row ${rowLines[i]}: predecessor ${link.ref} is not in the table.`,
        );
      const pred = activities[p]!;
      const hpd = calById.get(pred.calendarId)?.hoursPerDay || 8;
      const factor = { m: 1, h: 60, d: hpd * 60, w: hpd * 300 }[link.unit];
      relations.push({
        id: String(relations.length + 1),
        predId: pred.id,
        succId: succ.id,
        type: link.type,
        lag: Math.round(link.lag * factor),
      });
    }
  });

  return {
    source: input.source,
    projectName: input.projectName ?? 'Imported schedule',
    calendars: calendars.map((c) => ({ ...c, isDefault: c.id === defaultCalId })),
    activities,
    relations,
    options: { ...defaultOptions(activities, defaultCalId, input.undatedStart ?? 0), ...input.options },
    resources: [],
    assignments: [],
  };
}

/** Parent references (by id or code) or, without them, outline levels decide the tree. */
function linkParents(
  acts: Activity[],
  levels: (number | null)[],
  resolve: (ref: string) => number | undefined,
  where: string,
  lines: number[],
): void {
  const stack: { level: number; index: number }[] = [];
  acts.forEach((a, i) => {
    if (a.parentId !== null) {
      const p = resolve(a.parentId);
      if (p === undefined || p === i)
        throw new ImportError(
          'import.bad_reference',
          { where, line: lines[i], field: 'Parent ID', value: a.parentId },
          `${where} row ${lines[i]}: parent ${a.parentId} is not in the table.`,
        );
      a.parentId = acts[p]!.id;
    } else if (levels[i] !== null) {
      const level = levels[i]!;
      while (stack.length && stack.at(-1)!.level >= level) stack.pop();
      a.parentId = stack.length ? acts[stack.at(-1)!.index]!.id : null;
      stack.push({ level, index: i });
    }
  });
  const parents = new Set(acts.map((a) => a.parentId));
  const byId = new Map(acts.map((a) => [a.id, a]));
  acts.forEach((a, i) => {
    // A parent chain must reach the top; a loop would hang every tree walk after it.
    const seen = new Set<string>();
    for (let p = a.parentId; p !== null; p = byId.get(p)?.parentId ?? null) {
      if (seen.has(p))
        throw new ImportError(
          'import.bad_reference',
          { where, line: lines[i], field: 'Parent ID', value: a.parentId ?? '' },
          `${where} row ${lines[i]}: the parent chain of ${a.code} loops.`,
        );
      seen.add(p);
    }
    if (parents.has(a.id) && a.kind !== 'sum') {
      a.kind = 'sum';
      a.nodeType = 'sum';
    }
  });
  const order = new Map<string | null, number>();
  for (const a of acts) {
    if (!Number.isFinite(a.order)) {
      const n = (order.get(a.parentId) ?? 0) + 1;
      order.set(a.parentId, n);
      a.order = n;
    }
  }
}

/** Without a data date in the table: the start of the day of its earliest date, else `undated`'s. */
function defaultOptions(acts: Activity[], defaultCalendarId: string, undated: number): ScheduleOptions {
  let first = Infinity;
  for (const a of acts) {
    for (const m of [
      a.actualStart,
      a.plannedStart,
      a.stored?.es,
      a.external?.start,
      ...a.constraints.map((c) => c.date),
    ]) {
      if (typeof m === 'number' && m < first) first = m;
    }
  }
  const start = Math.floor((Number.isFinite(first) ? first : undated) / 1440) * 1440;
  return {
    dataDate: start,
    projectStart: start,
    mustFinishBy: null,
    defaultCalendarId,
    progressMode: 'retained_logic',
    lagCalendar: 'predecessor',
    floatType: 'finish',
    criticalBy: 'total_float',
    criticalFloat: 0,
    semantics: 'p6',
  };
}
