// What one undo-log action changed, in words, from the entry the log keeps: its patches (what was
// applied) and inverse patches (what was there before). Which activity (code and name) or link, which
// field, and old → new when one field of one row or link changed. Names come from the version as
// it is now, else from the entry itself (a removed or added row carries its whole object).

import type { Patch } from 'immer';
import { formatDate, formatNumber } from '../../domain/format';
import { durationText } from '../../state/workbench/cell-text';
import { deserializeEntry, type HistoryEntry } from '../../domain/history';

type T = (key: string, params?: Record<string, unknown>) => string;

export interface RowInfo {
  readonly code: string | null;
  readonly name: string;
  readonly calendarId?: string | null;
}

export interface LinkInfo {
  readonly predId: string;
  readonly succId: string;
  readonly type?: string;
}

export interface DescribeContext {
  readonly t: T;
  readonly lang: 'en' | 'ru';
  /** A row of the version as it is now. */
  row(id: string): RowInfo | undefined;
  /** A relation of the version as it is now. */
  link(id: string): LinkInfo | undefined;
  hoursPerDay(calendarId: string | null): number;
  calendarName(id: string | null): string;
}

export interface ActionDescription {
  /** The activity (code and name), the link (A → B), or how many of them. */
  readonly target: string | null;
  /** The field, with old → new when one value changed. */
  readonly detail: string | null;
}

const NONE: ActionDescription = { target: null, detail: null };

/** Fields that only place a row in the tree: the label (Indent, Move up …) says enough. */
const TREE_FIELDS = new Set(['parentId', 'orderKey']);

const FIELD_LABEL: Record<string, string> = {
  name: 'col.name',
  code: 'col.code',
  nodeType: 'col.type',
  duration: 'col.duration',
  startLimitType: 'panel.start_limit',
  startLimitDate: 'panel.start_limit',
  finishLimitType: 'panel.finish_limit',
  finishLimitDate: 'panel.finish_limit',
  actualStart: 'history.field.actual_start',
  actualFinish: 'history.field.actual_finish',
  percentComplete: 'col.progress',
  volume: 'col.volume',
  price: 'col.price',
  calendarId: 'col.calendar',
  color: 'history.field.color',
  type: 'relations.type',
  lag: 'relations.lag',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function rowOf(id: string, applied: readonly Patch[], before: readonly Patch[], ctx: DescribeContext) {
  const now = ctx.row(id);
  if (now) return now;
  // Added (in patches) or removed (in the inverse): the whole row is in the entry.
  for (const p of [...applied, ...before])
    if (p.path.length === 2 && p.path[0] === 'rows' && p.path[1] === id && isObject(p.value))
      return p.value as unknown as RowInfo;
  return undefined;
}

function linkOf(id: string, applied: readonly Patch[], before: readonly Patch[], ctx: DescribeContext) {
  for (const p of [...applied, ...before])
    if (p.path.length === 2 && p.path[0] === 'relations' && p.path[1] === id && isObject(p.value))
      return p.value as unknown as LinkInfo;
  return ctx.link(id);
}

function rowText(id: string, applied: readonly Patch[], before: readonly Patch[], ctx: DescribeContext) {
  const r = rowOf(id, applied, before, ctx);
  if (!r) return ctx.t('history.removed_row');
  return [r.code, r.name].filter(Boolean).join(' ') || ctx.t('history.unnamed_row');
}

function code(id: string, applied: readonly Patch[], before: readonly Patch[], ctx: DescribeContext) {
  const r = rowOf(id, applied, before, ctx);
  return r ? r.code || r.name || '?' : '?';
}

/** A field's value as the grid and the panel show it. */
export function valueText(
  field: string,
  value: unknown,
  ctx: DescribeContext,
  calendarId: string | null,
): string {
  if (value === null || value === undefined || value === '') return ctx.t('history.empty_value');
  switch (field) {
    case 'duration':
    case 'lag':
      return typeof value === 'number'
        ? durationText(value, calendarId, (id) => ctx.hoursPerDay(id), ctx.lang)
        : String(value);
    case 'startLimitDate':
    case 'finishLimitDate':
    case 'actualStart':
    case 'actualFinish':
      return typeof value === 'number' ? formatDate(value, 'DD.MM.YYYY', ctx.lang) : String(value);
    case 'startLimitType':
    case 'finishLimitType':
      return ctx.t(`limit.${String(value)}`);
    case 'nodeType':
      return ctx.t(`type.${String(value)}`);
    case 'type':
      return ctx.t(`reltype.${String(value)}`);
    case 'calendarId':
      return ctx.calendarName(String(value));
    case 'percentComplete':
      return `${String(value)} %`;
    case 'volume':
    case 'price':
      return typeof value === 'number' ? formatNumber(value, { lang: ctx.lang }) : String(value);
    default:
      return String(value);
  }
}

function fieldOf(p: Patch): string | null {
  if (p.path.length < 3) return null;
  if (p.path[2] === 'attributes') return p.path.length >= 4 ? `attr:${String(p.path[3])}` : null;
  return String(p.path[2]);
}

function fieldLabel(field: string, t: T): string {
  if (field.startsWith('attr:')) return field.slice(5);
  const key = FIELD_LABEL[field];
  return key ? t(key) : field;
}

/** Old → new of one field: the inverse patch at the same path holds the old value. */
function change(
  field: string,
  p: Patch,
  before: readonly Patch[],
  ctx: DescribeContext,
  calendarId: string | null,
): string {
  const old = before.find((b) => b.path.length === p.path.length && b.path.every((s, i) => s === p.path[i]));
  const label = fieldLabel(field, ctx.t);
  const next = p.op === 'remove' ? undefined : p.value;
  if (!old) return `${label}: ${valueText(field, next, ctx, calendarId)}`;
  const prev = old.op === 'remove' ? undefined : old.value;
  return `${label}: ${valueText(field, prev, ctx, calendarId)} → ${valueText(field, next, ctx, calendarId)}`;
}

/** A start or finish limit changed as its pair of fields (type and date). */
function limitChange(
  fields: readonly string[],
  list: readonly Patch[],
  before: readonly Patch[],
  ctx: DescribeContext,
  calendarId: string | null,
): string | null {
  if (fields.length !== 2) return null;
  const side =
    fields.includes('startLimitType') && fields.includes('startLimitDate')
      ? 'start'
      : fields.includes('finishLimitType') && fields.includes('finishLimitDate')
        ? 'finish'
        : null;
  if (!side) return null;
  const typeP = list.find((p) => fieldOf(p) === `${side}LimitType`)!;
  const dateP = list.find((p) => fieldOf(p) === `${side}LimitDate`)!;
  const old = (p: Patch) => before.find((x) => x.path.join('/') === p.path.join('/'))?.value;
  const show = (type: unknown, date: unknown) =>
    type
      ? `${valueText('startLimitType', type, ctx, calendarId)} ${valueText('startLimitDate', date, ctx, calendarId)}`
      : ctx.t('history.empty_value');
  const label = ctx.t(`panel.${side}_limit`);
  return `${label}: ${show(old(typeP), old(dateP))} → ${show(typeP.value, dateP.value)}`;
}

function linkText(
  l: LinkInfo | undefined,
  applied: readonly Patch[],
  before: readonly Patch[],
  ctx: DescribeContext,
) {
  if (!l) return ctx.t('history.removed_link');
  const type = l.type ? ` (${ctx.t(`reltype_short.${l.type}`)})` : '';
  return `${code(l.predId, applied, before, ctx)} → ${code(l.succId, applied, before, ctx)}${type}`;
}

function describeParts(
  applied: readonly Patch[],
  before: readonly Patch[],
  ctx: DescribeContext,
): ActionDescription {
  const { t } = ctx;
  const rows = new Map<string, Patch[]>();
  const links = new Map<string, Patch[]>();
  for (const p of applied) {
    const [kind, id] = p.path;
    const into = kind === 'rows' ? rows : kind === 'relations' ? links : null;
    if (!into || typeof id !== 'string') continue;
    let list = into.get(id);
    if (!list) into.set(id, (list = []));
    list.push(p);
  }
  const rowFields = (list: readonly Patch[]) => [
    ...new Set(list.map(fieldOf).filter((f): f is string => f !== null && !TREE_FIELDS.has(f))),
  ];

  if (rows.size === 1 && links.size === 0) {
    const [id, list] = [...rows][0]!;
    const target = rowText(id, applied, before, ctx);
    const whole = list.find((p) => p.path.length === 2);
    if (whole)
      return { target, detail: t(whole.op === 'remove' ? 'history.row_removed' : 'history.row_added') };
    const fields = rowFields(list);
    const calendarId = rowOf(id, applied, before, ctx)?.calendarId ?? null;
    if (fields.length === 1) {
      const p = list.find((x) => fieldOf(x) === fields[0])!;
      return { target, detail: change(fields[0]!, p, before, ctx, calendarId) };
    }
    // A limit is its type and date: one change of two fields.
    const limit = limitChange(fields, list, before, ctx, calendarId);
    if (limit) return { target, detail: limit };
    const labels = [...new Set(fields.map((f) => fieldLabel(f, t)))];
    return { target, detail: labels.length > 0 ? labels.join(', ') : null };
  }

  if (links.size === 1 && rows.size === 0) {
    const [id, list] = [...links][0]!;
    const target = linkText(linkOf(id, applied, before, ctx), applied, before, ctx);
    const whole = list.find((p) => p.path.length === 2);
    if (whole)
      return { target, detail: t(whole.op === 'remove' ? 'history.link_removed' : 'history.link_added') };
    const fields = [...new Set(list.map(fieldOf).filter((f): f is string => f !== null))];
    if (fields.length === 1) {
      const l = linkOf(id, applied, before, ctx);
      const calendarId = l ? (rowOf(l.predId, applied, before, ctx)?.calendarId ?? null) : null;
      return { target, detail: change(fields[0]!, list[0]!, before, ctx, calendarId) };
    }
    return { target, detail: fields.map((f) => fieldLabel(f, t)).join(', ') || null };
  }

  const parts: string[] = [];
  if (rows.size > 0) parts.push(t('history.rows', { count: rows.size }));
  if (links.size > 0) parts.push(t('history.links', { count: links.size }));
  const fields = [...new Set([...rows.values()].flatMap(rowFields).map((f) => fieldLabel(f, t)))];
  const shownFields = fields.slice(0, 4).join(', ') + (fields.length > 4 ? ' …' : '');
  return { target: parts.join(', ') || null, detail: shownFields || null };
}

/** The action's target and detail, or nothing when the entry cannot be read. */
/** A stored entry decoded, or null when it is not one this version can read. */
export function decodeAction(entry: unknown): HistoryEntry | null {
  try {
    return deserializeEntry(entry);
  } catch {
    return null;
  }
}

/** What a decoded entry changed (nothing to say of an entry that could not be decoded). */
export function describeDecoded(e: HistoryEntry | null, ctx: DescribeContext): ActionDescription {
  return e ? describeParts(e.patches, e.inversePatches, ctx) : NONE;
}

export function describeAction(entry: unknown, ctx: DescribeContext): ActionDescription {
  return describeDecoded(decodeAction(entry), ctx);
}
