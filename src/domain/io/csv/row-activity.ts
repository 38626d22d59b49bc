// One row of an imported activity table → an Activity (parent and links still unresolved).

import type { Activity, CalendarDef, Constraint, NodeType } from '../../schedule/model';
import { ImportError } from '../errors';
import type { FieldKey } from './fields';
import {
  boolCell,
  constraintCell,
  dateCell,
  hoursCell,
  isBlank,
  kindCell,
  numberCell,
  textCell,
  badValue,
  type Cell,
  type CellAt,
} from './cells';

export interface RowInput {
  row: Cell[];
  line: number;
  where: string;
  columns: Map<number, FieldKey>;
  headers: Map<number, string>;
  /** Position among the activity rows (for generated ids). */
  index: number;
  defaultCalId: string;
  calendarFor: (id: string, line: number, field: string) => CalendarDef;
}

export interface RowValues {
  activity: Activity;
  predecessors?: { text: string; field: string };
  outlineLevel: number | null;
}

const NODE_TYPES: NodeType[] = ['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft'];

function nodeTypeOf(kind: Activity['kind']): NodeType {
  if (kind === 'sum') return 'sum';
  if (kind === 'start_milestone') return 'milestone_start';
  if (kind === 'finish_milestone') return 'milestone_finish';
  return 'task';
}

const mul = (n: number | null, f: number): number | null => (n === null ? null : Math.round(n * f));

export function activityFromRow(input: RowInput): RowValues {
  const cells = new Map<FieldKey, { v: Cell; at: CellAt }>();
  for (const [i, key] of input.columns) {
    cells.set(key, {
      v: input.row[i],
      at: { where: input.where, line: input.line, field: input.headers.get(i) ?? key },
    });
  }
  const get = (k: FieldKey): Cell => cells.get(k)?.v;
  const at = (k: FieldKey): CellAt => cells.get(k)?.at ?? { where: input.where, line: input.line, field: k };
  const text = (k: FieldKey): string => textCell(get(k));
  const date = (k: FieldKey): number | null => dateCell(get(k), at(k));

  const calendarId = text('calendarId') || input.defaultCalId;
  const cal = input.calendarFor(calendarId, input.line, at('calendarId').field);
  const hpd = cal.hoursPerDay || 8;

  // Without an ID or code column the row number is the ID, as MS Project numbers tasks.
  const id = text('id') || text('code') || String(input.index + 1);
  const code = text('code') || id;
  // Names keep their spaces (P6 files have ' PROOFING'); other text fields are trimmed.
  const rawName = get('name');
  const name = typeof rawName === 'string' && rawName.trim() ? rawName : text('name');
  if (!name && !code) {
    throw new ImportError(
      'import.missing_field',
      { where: input.where, line: input.line, field: 'Name' },
      `${input.where} row ${input.line}: the activity has neither a code nor a name.`,
    );
  }

  // A day column may still carry a unit ('5d', '40h'): then the unit decides.
  const dayCell = get('durationDays');
  const days =
    typeof dayCell === 'string' && /[a-z]\s*$/i.test(dayCell)
      ? hoursCell(dayCell, at('durationDays'), hpd)
      : mul(numberCell(dayCell, at('durationDays')), hpd * 60);
  let duration = hoursCell(get('duration'), at('duration'), hpd) ?? days;
  const actualStart = date('actualStart');
  const actualFinish = date('actualFinish');
  const percent = numberCell(get('percentComplete'), at('percentComplete'));
  if (percent !== null && (percent < 0 || percent > 100))
    throw badValue(at('percentComplete'), get('percentComplete'), 'a percentage from 0 to 100');
  const plannedStart = date('plannedStart');
  const plannedFinish = date('plannedFinish');
  if (duration === null && plannedStart !== null && plannedFinish !== null) {
    // A table with dates and no duration: the working time between them is the engine's job,
    // the calendar-free estimate here keeps the activity from collapsing to a milestone.
    duration = Math.max(0, Math.round(((plannedFinish - plannedStart) / 1440) * hpd * 60));
  }
  if (duration !== null && duration < 0)
    throw badValue(at('duration'), get('duration'), 'a duration of zero or more');
  const dur = duration ?? 0;

  let kind = kindCell(get('kind'), at('kind'));
  if (kind === null) kind = dur === 0 ? 'finish_milestone' : 'task';
  const nodeTypeText = text('nodeType');
  if (nodeTypeText && !NODE_TYPES.includes(nodeTypeText as NodeType))
    throw badValue(at('nodeType'), get('nodeType'), 'a node type');

  let remaining = hoursCell(get('remaining'), at('remaining'), hpd);
  if (remaining === null)
    remaining = actualFinish !== null ? 0 : percent !== null ? Math.round(dur * (1 - percent / 100)) : dur;
  if (remaining < 0) throw badValue(at('remaining'), get('remaining'), 'a duration of zero or more');

  const constraints: Constraint[] = [];
  let alap = boolCell(get('alap'), at('alap')) ?? false;
  for (const [ck, dk] of [
    ['constraint', 'constraintDate'],
    ['constraint2', 'constraint2Date'],
  ] as const) {
    const c = constraintCell(get(ck), at(ck));
    if (c === 'alap') alap = true;
    else if (c) {
      const d = date(dk);
      if (d === null)
        throw new ImportError(
          'import.missing_field',
          { where: input.where, line: input.line, field: at(dk).field },
          `${input.where} row ${input.line}: constraint ${text(ck)} needs a date.`,
        );
      constraints.push({ ...c, date: d });
    }
  }

  const extStart = date('externalStart');
  const extFinish = date('externalFinish');
  const stored: Activity['stored'] = {};
  for (const k of ['es', 'ef', 'ls', 'lf'] as const) {
    const v = date(k);
    if (v !== null) stored[k] = v;
  }
  for (const k of ['tf', 'ff', 'startFloat', 'finishFloat'] as const) {
    const v = hoursCell(get(k), at(k), hpd);
    if (v !== null) stored[k] = v;
  }
  const critical = boolCell(get('critical'), at('critical'));
  if (critical !== null) stored.critical = critical;

  const attributes: Record<string, string | number | null> = {};
  for (const [key, { v }] of cells) {
    if (key.startsWith('attr:') && !isBlank(v))
      attributes[key.slice(5)] = typeof v === 'number' ? v : textCell(v);
  }

  const order = numberCell(get('order'), at('order'));
  const level = numberCell(get('outlineLevel'), at('outlineLevel'));
  const activity: Activity = {
    id,
    code,
    name: name || code,
    parentId: text('parentId') || null,
    order: order ?? Number.NaN,
    nodeType: (nodeTypeText as NodeType) || nodeTypeOf(kind),
    kind,
    calendarId: cal.id,
    duration: dur,
    remaining,
    actualStart,
    actualFinish,
    percentComplete: percent ?? (actualFinish !== null ? 100 : 0),
    constraints,
    alap,
  };
  if (boolCell(get('manual'), at('manual'))) activity.manual = true;
  const resumeAt = date('resumeAt');
  if (resumeAt !== null) activity.resumeAt = resumeAt;
  for (const k of ['expectedFinish', 'externalEarlyStart', 'externalLateFinish'] as const) {
    const v = date(k);
    if (v !== null) activity[k] = v;
  }
  const rcals = text('resourceCalendarIds');
  if (rcals)
    activity.resourceCalendarIds = rcals
      .split(/[;,]/)
      .map((c) => input.calendarFor(c.trim(), input.line, at('resourceCalendarIds').field).id);
  if (extStart !== null && extFinish !== null) activity.external = { start: extStart, finish: extFinish };
  if (plannedStart !== null) activity.plannedStart = plannedStart;
  if (plannedFinish !== null) activity.plannedFinish = plannedFinish;
  if (Object.keys(stored).length) activity.stored = stored;
  if (Object.keys(attributes).length) activity.attributes = attributes;

  const predField = cells.get('predecessors');
  return {
    activity,
    predecessors: predField ? { text: textCell(predField.v), field: predField.at.field } : undefined,
    outlineLevel: level,
  };
}
