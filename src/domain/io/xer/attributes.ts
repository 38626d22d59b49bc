// Activity codes (ACTVTYPE, ACTVCODE, TASKACTV) and activity UDFs (UDFTYPE, UDFVALUE with
// table_name TASK) as activity attributes: one attribute per code type or UDF, keyed by the P6 id
// so two types with the same label stay apart, labelled as P6 shows them.
import type { Activity } from '../../schedule/model';
import type { XerTable } from './tables';

type Tables = Map<string, XerTable>;
type Value = string | number | null;

export interface XerAttributes {
  defs: Record<string, string>;
  /** task_id → attribute key → value. */
  values: Map<string, Record<string, Value>>;
}

export function readXerAttributes(tables: Tables): XerAttributes {
  const defs: Record<string, string> = {};
  const values = new Map<string, Record<string, Value>>();
  const set = (taskId: string, key: string, value: Value) => {
    const row = values.get(taskId) ?? {};
    row[key] = value;
    values.set(taskId, row);
  };

  for (const t of tables.get('ACTVTYPE')?.rows ?? [])
    defs[`actv:${t.get('actv_code_type_id')}`] = t.get('actv_code_type');
  const codes = new Map<string, string>();
  for (const c of tables.get('ACTVCODE')?.rows ?? [])
    codes.set(c.get('actv_code_id'), c.get('short_name') || c.get('actv_code_name'));
  for (const a of tables.get('TASKACTV')?.rows ?? []) {
    const key = `actv:${a.get('actv_code_type_id')}`;
    const code = codes.get(a.get('actv_code_id'));
    if (key in defs && code !== undefined) set(a.get('task_id'), key, code);
  }

  const taskUdfs = new Set<string>();
  for (const u of tables.get('UDFTYPE')?.rows ?? []) {
    if (u.get('table_name') !== 'TASK') continue;
    const id = u.get('udf_type_id');
    taskUdfs.add(id);
    defs[`udf:${id}`] = u.get('udf_type_label') || u.get('udf_type_name');
  }
  for (const v of tables.get('UDFVALUE')?.rows ?? []) {
    const id = v.get('udf_type_id');
    if (!taskUdfs.has(id)) continue;
    const text = v.get('udf_text');
    const number = v.get('udf_number');
    const value: Value =
      text !== ''
        ? text
        : number !== '' && Number.isFinite(Number(number))
          ? Number(number)
          : v.get('udf_date') || null;
    set(v.get('fk_id'), `udf:${id}`, value);
  }
  return { defs, values };
}

/** Puts the values on the activities they belong to; returns the definitions that are used. */
export function applyXerAttributes(activities: Activity[], attrs: XerAttributes): Record<string, string> {
  const used: Record<string, string> = {};
  for (const a of activities) {
    const own = attrs.values.get(a.id);
    if (!own) continue;
    a.attributes = { ...a.attributes, ...own };
    for (const key of Object.keys(own)) used[key] = attrs.defs[key] ?? key;
  }
  return used;
}
