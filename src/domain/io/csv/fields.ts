// The activity table shared by the CSV file and the Activities sheet of the XLSX file: which
// fields a column can hold, the header the product writes for each, the headers other tools
// write (accepted on import), and the upload rule that maps columns to fields.

/** A field of the activity table. 'attr:KEY' columns carry Activity.attributes[KEY]. */
export type FieldKey =
  | 'id'
  | 'code'
  | 'name'
  | 'parentId'
  | 'outlineLevel'
  | 'order'
  | 'kind'
  | 'nodeType'
  | 'calendarId'
  | 'duration'
  | 'durationDays'
  | 'remaining'
  | 'percentComplete'
  | 'actualStart'
  | 'actualFinish'
  | 'plannedStart'
  | 'plannedFinish'
  | 'constraint'
  | 'constraintDate'
  | 'constraint2'
  | 'constraint2Date'
  | 'alap'
  | 'manual'
  | 'resumeAt'
  | 'resourceCalendarIds'
  | 'externalStart'
  | 'externalFinish'
  | 'expectedFinish'
  | 'externalEarlyStart'
  | 'externalLateFinish'
  | 'predecessors'
  | 'es'
  | 'ef'
  | 'ls'
  | 'lf'
  | 'tf'
  | 'ff'
  | 'startFloat'
  | 'finishFloat'
  | 'critical'
  | `attr:${string}`;

export type FieldKind = 'text' | 'number' | 'hours' | 'date' | 'bool';

export interface FieldDef {
  key: FieldKey;
  /** Header the product writes. */
  header: string;
  kind: FieldKind;
  /** Other headers accepted on import (compared case- and space-insensitively). */
  aliases: string[];
  /** Column width in characters for the XLSX sheet. */
  width: number;
}

const f = (
  key: FieldKey,
  header: string,
  kind: FieldKind,
  width: number,
  aliases: string[] = [],
): FieldDef => ({
  key,
  header,
  kind,
  width,
  aliases,
});

/** The product's export columns, in order. */
export const FIELDS: readonly FieldDef[] = [
  f('id', 'ID', 'text', 10, ['unique id', 'uid', 'task_id', 'object id']),
  f('code', 'Code', 'text', 14, ['activity id', 'task code', 'task_code', 'wbs code']),
  f('name', 'Name', 'text', 40, ['activity name', 'task name', 'task_name', 'description']),
  f('parentId', 'Parent ID', 'text', 10, ['parent', 'parent id', 'wbs']),
  f('outlineLevel', 'Outline level', 'number', 8, ['level', 'outline level']),
  f('order', 'Order', 'number', 7, ['sequence', 'seq']),
  f('kind', 'Type', 'text', 16, ['activity type', 'task type', 'task_type']),
  f('nodeType', 'Node type', 'text', 12),
  f('calendarId', 'Calendar ID', 'text', 12, ['calendar', 'calendar name', 'clndr_id']),
  f('duration', 'Duration (h)', 'hours', 11, [
    'duration hours',
    'planned duration (h)',
    'original duration (h)',
  ]),
  f('durationDays', 'Duration (d)', 'number', 11, [
    'duration',
    'original duration',
    'planned duration',
    'duration days',
  ]),
  f('remaining', 'Remaining (h)', 'hours', 12, ['remaining duration (h)']),
  f('percentComplete', '% complete', 'number', 10, ['percent complete', 'complete %', '%']),
  f('actualStart', 'Actual start', 'date', 17, ['actual start date']),
  f('actualFinish', 'Actual finish', 'date', 17, ['actual finish date']),
  f('plannedStart', 'Planned start', 'date', 17, ['start', 'start date', 'baseline start']),
  f('plannedFinish', 'Planned finish', 'date', 17, [
    'finish',
    'finish date',
    'end',
    'end date',
    'baseline finish',
  ]),
  f('constraint', 'Constraint', 'text', 18, ['constraint type', 'primary constraint']),
  f('constraintDate', 'Constraint date', 'date', 17, ['primary constraint date']),
  f('constraint2', 'Constraint 2', 'text', 18, ['secondary constraint']),
  f('constraint2Date', 'Constraint 2 date', 'date', 17, ['secondary constraint date']),
  f('alap', 'ALAP', 'bool', 6, ['as late as possible']),
  f('manual', 'Manual', 'bool', 8, ['manually scheduled']),
  f('resumeAt', 'Resume', 'date', 17, ['resume date']),
  f('resourceCalendarIds', 'Resource calendar IDs', 'text', 16),
  f('externalStart', 'External start', 'date', 17),
  f('externalFinish', 'External finish', 'date', 17),
  f('expectedFinish', 'Expected finish', 'date', 17, ['expected finish date']),
  f('externalEarlyStart', 'External early start', 'date', 17),
  f('externalLateFinish', 'External late finish', 'date', 17),
  f('predecessors', 'Predecessors', 'text', 24, ['predecessor', 'preds']),
  f('es', 'Early start', 'date', 17, ['early start date']),
  f('ef', 'Early finish', 'date', 17, ['early finish date']),
  f('ls', 'Late start', 'date', 17, ['late start date']),
  f('lf', 'Late finish', 'date', 17, ['late finish date']),
  f('tf', 'Total float (h)', 'hours', 13, ['total float', 'total slack']),
  f('ff', 'Free float (h)', 'hours', 13, ['free float', 'free slack']),
  f('startFloat', 'Start float (h)', 'hours', 13, ['start float', 'start slack']),
  f('finishFloat', 'Finish float (h)', 'hours', 13, ['finish float', 'finish slack']),
  f('critical', 'Critical', 'bool', 8),
];

const BY_KEY = new Map(FIELDS.map((d) => [d.key, d]));
const ATTR_HEADER = 'Attribute: ';

export function fieldDef(key: FieldKey): FieldDef {
  const known = BY_KEY.get(key);
  if (known) return known;
  const attr = key.slice('attr:'.length);
  return { key, header: `${ATTR_HEADER}${attr}`, kind: 'text', aliases: [], width: 14 };
}

const norm = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');
const BY_HEADER = new Map<string, FieldKey>();
for (const d of FIELDS) BY_HEADER.set(norm(d.header), d.key);
for (const d of FIELDS) for (const a of d.aliases) if (!BY_HEADER.has(norm(a))) BY_HEADER.set(norm(a), d.key);

/** The field a header names, or null for a column the import ignores. */
export function fieldForHeader(header: string): FieldKey | null {
  const h = norm(header);
  if (h.startsWith(norm(ATTR_HEADER))) {
    const key = header.trim().slice(ATTR_HEADER.length).trim();
    return key ? `attr:${key}` : null;
  }
  return BY_HEADER.get(h) ?? null;
}

export function isFieldKey(s: string): s is FieldKey {
  return BY_KEY.has(s as FieldKey) || (s.startsWith('attr:') && s.length > 5);
}

/**
 * An upload rule (spec: the version upload dialog): rows to skip before the table, and which
 * column holds which field. Column keys are letters ('A', 'AB') or 0-based indexes ('0').
 * Without `columns` the first row after the skipped ones is a header matched by name.
 */
export interface UploadRule {
  name: string;
  skipRows: number;
  columns?: Record<string, FieldKey>;
  /** With `columns`: whether a header row follows the skipped rows (default true). */
  hasHeader?: boolean;
}

/** The rule for the product's own export: no rows skipped, columns found by their headers. */
export const DEFAULT_UPLOAD_RULE: UploadRule = { name: 'Planning Workbench export', skipRows: 0 };

/** 0-based column index of 'A', 'AB' or '3'; null when the key is neither. */
export function columnIndex(key: string): number | null {
  const k = key.trim().toUpperCase();
  if (/^\d+$/.test(k)) return Number(k);
  if (!/^[A-Z]{1,3}$/.test(k)) return null;
  let n = 0;
  for (const ch of k) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
