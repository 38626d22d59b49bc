// ScheduleModel → the activity table (CSV file, XLSX Activities sheet). Values stay typed
// (dates as model minutes, durations as working minutes) so that each file format renders
// them its own way: text in CSV, real date cells in XLSX.

import type { Activity, Constraint, ScheduleModel } from '../../schedule/model';
import { walkTree } from '../write-model';
import { fieldDef, type FieldDef, type FieldKey } from './fields';
import { formatLink } from './predecessors';

export type TableValue = string | number | boolean | null;

export interface ActivityTable {
  fields: FieldDef[];
  rows: TableValue[][];
}

export function constraintText(c: Constraint | undefined): string | null {
  return c ? `${c.on}_${c.type}` : null;
}

const BASE: FieldKey[] = [
  'id',
  'code',
  'name',
  'parentId',
  'order',
  'kind',
  'nodeType',
  'calendarId',
  'duration',
  'remaining',
  'percentComplete',
  'actualStart',
  'actualFinish',
  'plannedStart',
  'plannedFinish',
  'constraint',
  'constraintDate',
  'alap',
];
const OPTIONAL: FieldKey[] = [
  'constraint2',
  'constraint2Date',
  'manual',
  'resumeAt',
  'resourceCalendarIds',
  'externalStart',
  'externalFinish',
  'expectedFinish',
  'externalEarlyStart',
  'externalLateFinish',
];
const STORED: FieldKey[] = ['es', 'ef', 'ls', 'lf', 'tf', 'ff', 'startFloat', 'finishFloat', 'critical'];

function value(a: Activity, key: FieldKey, preds: Map<string, string>): TableValue {
  const s = a.stored ?? {};
  switch (key) {
    case 'id':
      return a.id;
    case 'code':
      return a.code;
    case 'name':
      return a.name;
    case 'parentId':
      return a.parentId;
    case 'order':
      return a.order;
    case 'kind':
      return a.kind;
    case 'nodeType':
      return a.nodeType;
    case 'calendarId':
      return a.calendarId;
    case 'duration':
      return a.duration;
    case 'remaining':
      return a.remaining;
    case 'percentComplete':
      return a.percentComplete;
    case 'actualStart':
      return a.actualStart;
    case 'actualFinish':
      return a.actualFinish;
    case 'plannedStart':
      return a.plannedStart ?? null;
    case 'plannedFinish':
      return a.plannedFinish ?? null;
    case 'constraint':
      return constraintText(a.constraints[0]);
    case 'constraintDate':
      return a.constraints[0]?.date ?? null;
    case 'constraint2':
      return constraintText(a.constraints[1]);
    case 'constraint2Date':
      return a.constraints[1]?.date ?? null;
    case 'alap':
      return a.alap;
    case 'manual':
      return a.manual ? true : null;
    case 'resumeAt':
      return a.resumeAt ?? null;
    case 'resourceCalendarIds':
      return a.resourceCalendarIds?.length ? a.resourceCalendarIds.join('; ') : null;
    case 'externalStart':
      return a.external?.start ?? null;
    case 'externalFinish':
      return a.external?.finish ?? null;
    case 'expectedFinish':
      return a.expectedFinish ?? null;
    case 'externalEarlyStart':
      return a.externalEarlyStart ?? null;
    case 'externalLateFinish':
      return a.externalLateFinish ?? null;
    case 'predecessors':
      return preds.get(a.id) ?? '';
    case 'es':
      return s.es ?? null;
    case 'ef':
      return s.ef ?? null;
    case 'ls':
      return s.ls ?? null;
    case 'lf':
      return s.lf ?? null;
    case 'tf':
      return s.tf ?? null;
    case 'ff':
      return s.ff ?? null;
    case 'startFloat':
      return s.startFloat ?? null;
    case 'finishFloat':
      return s.finishFloat ?? null;
    case 'critical':
      return s.critical ?? null;
    default: {
      const v = a.attributes?.[key.slice('attr:'.length)];
      return v ?? null;
    }
  }
}

/** Predecessor cells: references by code when codes are unique and plain, else by id. */
function predecessorCells(model: ScheduleModel): Map<string, string> {
  const codes = model.activities.map((a) => a.code);
  const byCode = codes.every((c) => c && !/[;,\s]/.test(c)) && new Set(codes).size === codes.length;
  const ref = new Map(model.activities.map((a) => [a.id, byCode ? a.code : a.id]));
  const out = new Map<string, string[]>();
  for (const r of model.relations) {
    const p = ref.get(r.predId);
    if (p === undefined) continue;
    let list = out.get(r.succId);
    if (!list) out.set(r.succId, (list = []));
    list.push(formatLink(p, r.type, r.lag, r.lagCalendar === '24h'));
  }
  return new Map([...out].map(([k, v]) => [k, v.join('; ')]));
}

export function activityTable(model: ScheduleModel, withPredecessors: boolean): ActivityTable {
  const acts = walkTree(model).map((t) => t.activity);
  const keys: FieldKey[] = [...BASE];
  for (const k of OPTIONAL) if (acts.some((a) => value(a, k, new Map()) !== null)) keys.push(k);
  if (withPredecessors) keys.push('predecessors');
  if (acts.some((a) => a.stored && Object.values(a.stored).some((v) => v !== null && v !== undefined)))
    keys.push(...STORED);
  const attrKeys = new Set<string>();
  for (const a of acts) for (const k of Object.keys(a.attributes ?? {})) attrKeys.add(k);
  for (const k of attrKeys) keys.push(`attr:${k}`);
  const preds = withPredecessors ? predecessorCells(model) : new Map<string, string>();
  return {
    fields: keys.map(fieldDef),
    rows: acts.map((a) => keys.map((k) => value(a, k, preds))),
  };
}
