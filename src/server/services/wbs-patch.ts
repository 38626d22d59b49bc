// The workbench's patches (immer patches over the domain WbsDoc, src/domain/wbs/types.ts) checked
// strictly and turned into database changes: only ['rows', id] and ['relations', id] add /
// remove / replace with a whole row or relation, ['rows' | 'relations', id, field] replace of
// an input field, and ['rows', id, 'attributes', key] add / replace / remove of one attribute. Derived fields (es … critical) never come from the client (STYLE 5).
import type { Patch } from 'immer';
import { z } from 'zod';
import type { Item } from '../errors';

const Uuid = z.uuid();
const Minutes = z.number().int().min(-10_000_000).max(100_000_000);
const LimitType = z.enum(['not_earlier', 'not_later', 'in_date', 'mandatory']);

/** A domain WbsRow (only its input fields exist). */
export const RowSchema = z.strictObject({
  id: Uuid,
  parentId: Uuid.nullable(),
  orderKey: z.string().min(1).max(200),
  nodeType: z.enum(['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft']),
  name: z.string().max(1000),
  code: z.string().max(200).nullable(),
  calendarId: Uuid.nullable(),
  duration: z.number().int().min(0).max(100_000_000),
  startLimitType: LimitType.nullable(),
  startLimitDate: Minutes.nullable(),
  finishLimitType: LimitType.nullable(),
  finishLimitDate: Minutes.nullable(),
  actualStart: Minutes.nullable(),
  actualFinish: Minutes.nullable(),
  percentComplete: z.number().min(0).max(100),
  volume: z.number().nullable(),
  price: z.number().nullable(),
  // No column stores a row colour yet: only "none" is accepted, never silently dropped.
  color: z.null(),
  attributes: z.record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.null()])),
});
export type RowInput = z.infer<typeof RowSchema>;

export const RelationSchema = z.strictObject({
  id: Uuid,
  predId: Uuid,
  succId: Uuid,
  type: z.enum(['fs', 'ss', 'ff', 'sf']),
  lag: z.number().int().min(-100_000_000).max(100_000_000),
});
export type RelationInput = z.infer<typeof RelationSchema>;

type RowField = Exclude<keyof RowInput, 'id'>;
type RelationField = Exclude<keyof RelationInput, 'id'>;

/** Domain field → column, and the SQL type jsonb_to_recordset reads it as. */
export const ROW_COLUMNS: Record<Exclude<RowField, 'color'>, readonly [string, string]> = {
  parentId: ['parent_id', 'uuid'],
  orderKey: ['order_key', 'text'],
  nodeType: ['node_type', 'text'],
  name: ['name', 'text'],
  code: ['code', 'text'],
  calendarId: ['calendar_id', 'uuid'],
  duration: ['duration', 'integer'],
  startLimitType: ['start_limit_type', 'text'],
  startLimitDate: ['start_limit_date', 'integer'],
  finishLimitType: ['finish_limit_type', 'text'],
  finishLimitDate: ['finish_limit_date', 'integer'],
  actualStart: ['actual_start', 'integer'],
  actualFinish: ['actual_finish', 'integer'],
  percentComplete: ['percent', 'real'],
  volume: ['volume', 'double precision'],
  price: ['price', 'double precision'],
  attributes: ['attributes', 'jsonb'],
};
/** `remaining` follows `duration`, as the client's mapping writes it (api-mapping.ts). */
export const COLUMN_TYPES: Record<string, string> = {
  id: 'uuid',
  remaining: 'integer',
  ...Object.fromEntries(Object.values(ROW_COLUMNS).map(([c, t]) => [c, t])),
};

export const RELATION_COLUMNS: Record<RelationField, readonly [string, string]> = {
  predId: ['pred_id', 'uuid'],
  succId: ['succ_id', 'uuid'],
  type: ['type', 'text'],
  lag: ['lag', 'integer'],
};
export const RELATION_TYPES: Record<string, string> = {
  id: 'uuid',
  ...Object.fromEntries(Object.values(RELATION_COLUMNS).map(([c, t]) => [c, t])),
};

/** One checked patch, in database terms: columns by name. */
export type DbOp =
  | { target: 'rows' | 'relations'; op: 'add' | 'replace'; id: string; values: Record<string, unknown> }
  | { target: 'rows' | 'relations'; op: 'remove'; id: string }
  | { target: 'rows' | 'relations'; op: 'field'; id: string; values: Record<string, unknown> }
  /** One attribute of a row: value undefined = the key is removed. */
  | { target: 'rows'; op: 'attribute'; id: string; key: string; value: AttributeValue | undefined };

const AttributeKey = RowSchema.shape.attributes.keyType;
const AttributeValueSchema = RowSchema.shape.attributes.valueType;
type AttributeValue = z.infer<typeof AttributeValueSchema>;

/** Column values of one domain row field (null code → '', mandatory limit → in_date). */
function rowColumns(field: Exclude<RowField, 'color'>, value: unknown): Record<string, unknown> {
  const [col] = ROW_COLUMNS[field];
  if (field === 'code') return { code: value ?? '' };
  if ((field === 'startLimitType' || field === 'finishLimitType') && value === 'mandatory')
    return { [col]: 'in_date' };
  if (field === 'duration') return { duration: value, remaining: value };
  return { [col]: value };
}

function rowValues(r: RowInput): Record<string, unknown> {
  let out: Record<string, unknown> = { id: r.id };
  for (const f of Object.keys(ROW_COLUMNS) as (keyof typeof ROW_COLUMNS)[])
    out = { ...out, ...rowColumns(f, r[f]) };
  return out;
}

function relationValues(r: RelationInput): Record<string, unknown> {
  return { id: r.id, pred_id: r.predId, succ_id: r.succId, type: r.type, lag: r.lag };
}

const MAX_ERRORS = 50;

/**
 * Checks every patch and maps it to a DbOp; a bad one is reported with its index, path and the
 * reason, and nothing of the batch is applied then.
 */
export function toDbOps(patches: readonly Patch[], list = 'patches'): { ops: DbOp[]; errors: Item[] } {
  const ops: DbOp[] = [];
  const errors: Item[] = [];
  patches.forEach((p, index) => {
    const fail = (reason: string) => {
      if (errors.length < MAX_ERRORS)
        errors.push({ code: 'wbs.bad_patch', params: { list, index, path: p.path.join('/'), reason } });
    };
    const [target, id, field, key] = p.path;
    if ((target !== 'rows' && target !== 'relations') || typeof id !== 'string') return fail('path');
    if (!Uuid.safeParse(id).success) return fail('id');
    const rows = target === 'rows';
    if (key !== undefined) {
      if (!rows || field !== 'attributes' || !AttributeKey.safeParse(key).success) return fail('path');
      if (p.op === 'remove')
        return ops.push({ target, op: 'attribute', id, key: String(key), value: undefined });
      const parsed = AttributeValueSchema.safeParse(p.value);
      if (!parsed.success) return fail('attributes');
      return ops.push({ target, op: 'attribute', id, key: String(key), value: parsed.data });
    }
    if (field === undefined) {
      if (p.op === 'remove') return ops.push({ target, op: 'remove', id });
      const parsed = (rows ? RowSchema : RelationSchema).safeParse(p.value);
      if (!parsed.success) return fail(parsed.error.issues[0]?.path.join('.') || 'value');
      if (parsed.data.id !== id) return fail('id_mismatch');
      const values = rows ? rowValues(parsed.data as RowInput) : relationValues(parsed.data as RelationInput);
      return ops.push({ target, op: p.op, id, values });
    }
    if (p.op !== 'replace' || typeof field !== 'string') return fail('op');
    if (rows) {
      if (field === 'id' || !(field in RowSchema.shape)) return fail('field');
      const f = field as RowField;
      const parsed = RowSchema.shape[f].safeParse(p.value);
      if (!parsed.success || f === 'color') return fail(field);
      return ops.push({ target, op: 'field', id, values: rowColumns(f, parsed.data) });
    }
    if (!(field in RELATION_COLUMNS)) return fail('field');
    const f = field as RelationField;
    const parsed = RelationSchema.shape[f].safeParse(p.value);
    if (!parsed.success) return fail(field);
    return ops.push({ target, op: 'field', id, values: { [RELATION_COLUMNS[f][0]]: parsed.data } });
  });
  return { ops, errors };
}
