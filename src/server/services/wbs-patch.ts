// The workbench's patches (immer patches over the domain WbsDoc, src/domain/wbs/types.ts) checked
// strictly and turned into database changes: only ['rows', id] and ['relations', id] add /
// remove / replace with a whole row or relation, ['rows' | 'relations', id, field] replace of
// an input field, and ['rows', id, 'attributes', key] add / replace / remove of one attribute.
// Derived fields (es … critical) never come from the client (STYLE 5). A row's `remaining` (an
// import's remaining duration, or null once the progress rules released it) is accepted as a
// field; its `sched` and a relation's `lagCalendar` (what an import stored for scheduling) come
// with whole rows and relations (a copy, an undone delete): they go to the version's extras; a
// row's `sched` may also be set or removed whole (the node panel's "resource dependent").
import type { Patch } from 'immer';
import { z } from 'zod';
import { ActivityKind, ConstraintType, LagCalendar } from '../../api/versions';
import { REMAINING_INPUTS, remainingDuration } from '../../domain/wbs/progress';
import type { Item } from '../errors';

const Uuid = z.uuid();
const Minutes = z.number().int().min(-10_000_000).max(100_000_000);
const Duration = z.number().int().min(0).max(100_000_000);

/** What an import stored for scheduling a row (the contract's ItemSchedule, with bounds). */
const RowScheduleSchema = z.strictObject({
  kind: ActivityKind.optional(),
  alap: z.boolean().optional(),
  constraints: z
    .array(z.strictObject({ on: z.enum(['start', 'finish']), type: ConstraintType, date: Minutes }))
    .max(10)
    .optional(),
  external: z
    .strictObject({
      start: Minutes,
      finish: Minutes,
      lateStart: Minutes.nullable().optional(),
      lateFinish: Minutes.nullable().optional(),
      project: z.string().max(200).optional(),
    })
    .optional(),
  projectId: z.string().max(200).optional(),
  expectedFinish: Minutes.optional(),
  externalEarlyStart: Minutes.optional(),
  externalLateFinish: Minutes.optional(),
  manual: z.boolean().optional(),
  elapsed: z.boolean().optional(),
  splitGap: z.number().int().min(0).optional(),
  resourceCalendarIds: z.array(z.string().max(200)).max(100).optional(),
  plannedStart: Minutes.nullable().optional(),
  manualStart: Minutes.nullable().optional(),
  plannedFinish: Minutes.nullable().optional(),
});

/** A domain WbsRow (only its input fields exist). */
export const RowSchema = z.strictObject({
  id: Uuid,
  parentId: Uuid.nullable(),
  orderKey: z.string().min(1).max(200),
  nodeType: z.enum(['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft']),
  name: z.string().max(1000),
  code: z.string().max(200).nullable(),
  calendarId: Uuid.nullable(),
  duration: Duration,
  // Absent in entries logged before rows kept it: derived, as null.
  remaining: Duration.nullable().optional(),
  startLimitType: ConstraintType.nullable(),
  startLimitDate: Minutes.nullable(),
  finishLimitType: ConstraintType.nullable(),
  finishLimitDate: Minutes.nullable(),
  actualStart: Minutes.nullable(),
  actualFinish: Minutes.nullable(),
  percentComplete: z.number().min(0).max(100),
  volume: z.number().nullable(),
  price: z.number().nullable(),
  // No column stores a row colour yet: only "none" is accepted, never silently dropped.
  color: z.null(),
  attributes: z.record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.null()])),
  sched: RowScheduleSchema.optional(),
});
export type RowInput = z.infer<typeof RowSchema>;

export const RelationSchema = z.strictObject({
  id: Uuid,
  predId: Uuid,
  succId: Uuid,
  type: z.enum(['fs', 'ss', 'ff', 'sf']),
  lag: z.number().int().min(-100_000_000).max(100_000_000),
  lagCalendar: LagCalendar.optional(),
});
export type RelationInput = z.infer<typeof RelationSchema>;

type RowField = Exclude<keyof RowInput, 'id'>;
/** Fields a single patch may replace (a kept remaining has its own op; sched never changes). */
type ColumnField = Exclude<RowField, 'color' | 'remaining' | 'sched'>;
type RelationField = Exclude<keyof RelationInput, 'id' | 'lagCalendar'>;

/** Domain field → column, and the SQL type jsonb_to_recordset reads it as. */
export const ROW_COLUMNS: Record<ColumnField, readonly [string, string]> = {
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
/**
 * `remaining` is derived from the row: the domain's remainingDuration (P6 duration % complete),
 * as the client's mapping writes it (src/api/wbs-rows.ts) and schedules it (toScheduleModel).
 */
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
  | {
      target: 'rows' | 'relations';
      op: 'add' | 'replace';
      id: string;
      values: Record<string, unknown>;
      /** What an import stored for scheduling it (the row's sched, the relation's lag calendar). */
      extras?: Record<string, unknown>;
      /** A row that keeps a remaining duration of its own (an import's). */
      keepsRemaining?: boolean;
    }
  | { target: 'rows' | 'relations'; op: 'remove'; id: string }
  | { target: 'rows' | 'relations'; op: 'field'; id: string; values: Record<string, unknown> }
  /** One attribute of a row: value undefined = the key is removed. */
  | { target: 'rows'; op: 'attribute'; id: string; key: string; value: AttributeValue | undefined }
  /** A row's kept remaining duration: a number, or null = derived from its progress again. */
  | { target: 'rows'; op: 'remaining'; id: string; value: number | null }
  /** A row's scheduling extras set whole (the node panel's resource dependent), or null = none. */
  | { target: 'rows'; op: 'sched'; id: string; value: Record<string, unknown> | null };

const AttributeKey = RowSchema.shape.attributes.keyType;
const AttributeValueSchema = RowSchema.shape.attributes.valueType;
type AttributeValue = z.infer<typeof AttributeValueSchema>;

/** Column values of one domain row field (null code → '', mandatory limit → in_date). */
function rowColumns(field: ColumnField, value: unknown): Record<string, unknown> {
  const [col] = ROW_COLUMNS[field];
  if (field === 'code') return { code: value ?? '' };
  if ((field === 'startLimitType' || field === 'finishLimitType') && value === 'mandatory')
    return { [col]: 'in_date' };
  return { [col]: value };
}

/**
 * The columns of the fields whose edit ends a kept remaining duration (the domain's
 * REMAINING_INPUTS): a single-field edit of one of them leaves `remaining` to be recomputed from
 * the stored row once the batch is applied (wbs-patch-apply.ts).
 */
export const PROGRESS_COLUMNS: readonly string[] = REMAINING_INPUTS.map((f) => ROW_COLUMNS[f][0]);

function rowValues(r: RowInput): Record<string, unknown> {
  const out: Record<string, unknown> = { id: r.id };
  for (const f of Object.keys(ROW_COLUMNS) as (keyof typeof ROW_COLUMNS)[])
    Object.assign(out, rowColumns(f, r[f]));
  out.remaining = remainingDuration(r);
  return out;
}

function rowOp(op: 'add' | 'replace', r: RowInput): DbOp {
  return {
    target: 'rows',
    op,
    id: r.id,
    values: rowValues(r),
    ...(r.sched ? { extras: r.sched } : {}),
    keepsRemaining: r.remaining !== null && r.remaining !== undefined,
  };
}

function relationOp(op: 'add' | 'replace', r: RelationInput): DbOp {
  return {
    target: 'relations',
    op,
    id: r.id,
    values: { id: r.id, pred_id: r.predId, succ_id: r.succId, type: r.type, lag: r.lag },
    ...(r.lagCalendar ? { extras: { lagCalendar: r.lagCalendar } } : {}),
  };
}

const MAX_ERRORS = 50;

/**
 * Checks every patch and maps it to a DbOp; a bad one is reported with its index, path and the
 * reason, and nothing of the batch is applied then.
 */
export function toDbOps(patches: readonly Patch[], list = 'patches'): { ops: DbOp[]; errors: Item[] } {
  const ops: DbOp[] = [];
  const errors: Item[] = [];
  // A paste edits each row's cells one patch each: every id is checked once.
  const ids = new Set<string>();
  const goodId = (id: string) => ids.has(id) || (Uuid.safeParse(id).success && !!ids.add(id));
  // One function for every patch, not a closure each (a paste checks 100,000 patches).
  function failAt(p: Patch, index: number, reason: string): void {
    if (errors.length < MAX_ERRORS)
      errors.push({ code: 'wbs.bad_patch', params: { list, index, path: p.path.join('/'), reason } });
  }
  patches.forEach((p, index) => {
    const [target, id, field, key] = p.path;
    if ((target !== 'rows' && target !== 'relations') || typeof id !== 'string')
      return failAt(p, index, 'path');
    if (!goodId(id)) return failAt(p, index, 'id');
    const rows = target === 'rows';
    if (key !== undefined) {
      if (!rows || field !== 'attributes' || !AttributeKey.safeParse(key).success)
        return failAt(p, index, 'path');
      if (p.op === 'remove')
        return ops.push({ target, op: 'attribute', id, key: String(key), value: undefined });
      const parsed = AttributeValueSchema.safeParse(p.value);
      if (!parsed.success) return failAt(p, index, 'attributes');
      return ops.push({ target, op: 'attribute', id, key: String(key), value: parsed.data });
    }
    if (field === undefined) {
      if (p.op === 'remove') return ops.push({ target, op: 'remove', id });
      const parsed = (rows ? RowSchema : RelationSchema).safeParse(p.value);
      if (!parsed.success) return failAt(p, index, parsed.error.issues[0]?.path.join('.') || 'value');
      if (parsed.data.id !== id) return failAt(p, index, 'id_mismatch');
      return ops.push(
        rows ? rowOp(p.op, parsed.data as RowInput) : relationOp(p.op, parsed.data as RelationInput),
      );
    }
    // A row's sched set whole (the node panel marks it resource dependent, issue 17), or removed.
    if (rows && field === 'sched') {
      if (p.op === 'remove') return ops.push({ target, op: 'sched', id, value: null });
      const parsed = RowScheduleSchema.safeParse(p.value);
      if (!parsed.success) return failAt(p, index, 'sched');
      return ops.push({ target, op: 'sched', id, value: parsed.data });
    }
    if (p.op !== 'replace' || typeof field !== 'string') return failAt(p, index, 'op');
    if (rows) {
      if (field === 'id' || field === 'sched' || !(field in RowSchema.shape))
        return failAt(p, index, 'field');
      const f = field as RowField;
      const parsed = RowSchema.shape[f].safeParse(p.value);
      if (!parsed.success || f === 'color' || f === 'sched') return failAt(p, index, field);
      if (f === 'remaining')
        return ops.push({ target, op: 'remaining', id, value: (parsed.data as number | null) ?? null });
      return ops.push({ target, op: 'field', id, values: rowColumns(f, parsed.data) });
    }
    if (!(field in RELATION_COLUMNS)) return failAt(p, index, 'field');
    const f = field as RelationField;
    const parsed = RelationSchema.shape[f].safeParse(p.value);
    if (!parsed.success) return failAt(p, index, field);
    return ops.push({ target, op: 'field', id, values: { [RELATION_COLUMNS[f][0]]: parsed.data } });
  });
  return { ops, errors };
}
