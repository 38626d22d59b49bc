// Reader of the product's own JSON file. Every failure is an ImportError that names where:
// the JSON line of a syntax error, or the path of the value the schema or a reference check
// rejects ('model.activities[3].calendarId').

import type { ScheduleModel } from '../../schedule/model';
import { ImportError } from '../errors';
import { inModelRange } from '../write-time';
import { fileSchema, JSON_FORMAT, JSON_VERSION } from './schema';

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new ImportError(
      'import.bad_encoding',
      { where: 'json', value: 'utf-8' },
      'The JSON file is not valid UTF-8.',
    );
  }
}

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function parse(text: string): unknown {
  if (!text.trim()) throw new ImportError('import.empty', { where: 'json' }, 'The JSON file is empty.');
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(msg);
    const line = pos ? lineAt(text, Number(pos[1])) : undefined;
    const at = pos ? Number(pos[1]) : -1;
    const truncated = /end of (JSON )?input|Unterminated string/i.test(msg) || at >= text.trimEnd().length;
    throw new ImportError(
      truncated ? 'import.truncated' : 'import.bad_value',
      { where: 'json', line },
      `The JSON file cannot be parsed${line ? ` at line ${line}` : ''}: ${msg}`,
    );
  }
}

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${String(k)}` : String(k)),
    '',
  );
}

function valueAt(root: unknown, path: readonly PropertyKey[]): string | undefined {
  let v: unknown = root;
  for (const k of path)
    v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  if (v === undefined) return undefined;
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Cross-references a schema cannot express: ids that must exist, dates inside 2000–2050. */
function checkReferences(m: ScheduleModel): void {
  const calendars = new Set(m.calendars.map((c) => c.id));
  const activities = new Set<string>();
  m.activities.forEach((a, i) => {
    const where = `model.activities[${i}]`;
    if (activities.has(a.id))
      throw new ImportError(
        'import.bad_value',
        { where, field: 'id', value: a.id },
        `Duplicate activity id ${a.id} at ${where}.`,
      );
    activities.add(a.id);
    if (a.kind !== 'sum' && !calendars.has(a.calendarId))
      throw new ImportError(
        'import.missing_calendar',
        { where, field: 'calendarId', value: a.calendarId },
        `Activity ${a.code} names calendar ${a.calendarId}, which the file does not define.`,
      );
    for (const [field, v] of [
      ['actualStart', a.actualStart],
      ['actualFinish', a.actualFinish],
      ...a.constraints.map((c) => ['constraints.date', c.date] as const),
    ] as const) {
      if (v !== null && !inModelRange(v))
        throw new ImportError(
          'import.date_out_of_range',
          { where, field, value: String(v) },
          `Activity ${a.code}: ${field} is outside 2000–2050.`,
        );
    }
  });
  m.activities.forEach((a, i) => {
    if (a.parentId !== null && !activities.has(a.parentId))
      throw new ImportError(
        'import.bad_reference',
        { where: `model.activities[${i}]`, field: 'parentId', value: a.parentId },
        `Activity ${a.code} has an unknown parent ${a.parentId}.`,
      );
  });
  m.relations.forEach((r, i) => {
    for (const field of ['predId', 'succId'] as const) {
      if (!activities.has(r[field]))
        throw new ImportError(
          'import.bad_reference',
          { where: `model.relations[${i}]`, field, value: r[field] },
          `Relation ${r.id} refers to unknown activity ${r[field]}.`,
        );
    }
  });
  for (const [field, v] of [
    ['dataDate', m.options.dataDate],
    ['projectStart', m.options.projectStart],
  ] as const) {
    if (!inModelRange(v))
      throw new ImportError(
        'import.date_out_of_range',
        { where: 'model.options', field, value: String(v) },
        `The project ${field} is outside 2000–2050.`,
      );
  }
  if (!calendars.has(m.options.defaultCalendarId))
    throw new ImportError(
      'import.missing_calendar',
      { where: 'model.options', field: 'defaultCalendarId', value: m.options.defaultCalendarId },
      'The default calendar is not defined in the file.',
    );
}

export function readJsonText(text: string): ScheduleModel {
  const raw = parse(text);
  if (raw === null || typeof raw !== 'object' || (raw as { format?: unknown }).format !== JSON_FORMAT) {
    throw new ImportError(
      'import.unknown_format',
      { where: 'json', field: 'format' },
      `This JSON file is not a ${JSON_FORMAT} export.`,
    );
  }
  const version = (raw as { version?: unknown }).version;
  if (typeof version === 'number' && version > JSON_VERSION) {
    throw new ImportError(
      'import.bad_value',
      { where: 'json', field: 'version', value: String(version) },
      `JSON format version ${version} is newer than this program reads (${JSON_VERSION}).`,
    );
  }
  const res = fileSchema.safeParse(raw);
  if (!res.success) {
    const issue = res.error.issues[0]!;
    const where = pathText(issue.path);
    const value = valueAt(raw, issue.path);
    throw new ImportError(
      issue.code === 'invalid_type' && value === undefined ? 'import.missing_field' : 'import.bad_value',
      { where, field: String(issue.path.at(-1) ?? ''), value },
      `Invalid value at ${where || 'the top level'}: ${issue.message}`,
    );
  }
  const model: ScheduleModel = res.data.model;
  checkReferences(model);
  return model;
}

export function readJson(bytes: Uint8Array): ScheduleModel {
  return readJsonText(decode(bytes));
}
