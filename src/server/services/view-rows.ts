// A version's rows as the views (cyclogram, indicators, pipeline, scoreboard) read them: in WBS
// preorder, with the engine's stored dates; and the versions a schedule measures against.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface ViewRow {
  id: string;
  parent_id: string | null;
  order_key: string;
  node_type: 'sum' | 'task' | 'work' | 'milestone_start' | 'milestone_finish' | 'draft';
  code: string;
  name: string;
  attributes: Record<string, unknown>;
  duration: number;
  remaining: number;
  percent: number;
  es: number | null;
  ef: number | null;
  tf: number | null;
  critical: boolean | null;
  actual_start: number | null;
  actual_finish: number | null;
  start_limit_type: 'not_earlier' | 'not_later' | 'in_date' | null;
  finish_limit_type: 'not_earlier' | 'not_later' | 'in_date' | null;
}

export async function loadViewRows(db: Kysely<DB>, spaceId: string, versionId: string): Promise<ViewRow[]> {
  const rows = await db
    .selectFrom('wbs_items')
    .select([
      'id',
      'parent_id',
      'order_key',
      'node_type',
      'code',
      'name',
      'attributes',
      'duration',
      'remaining',
      'percent',
      'es',
      'ef',
      'tf',
      'critical',
      'actual_start',
      'actual_finish',
      'start_limit_type',
      'finish_limit_type',
    ])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .execute();
  return withoutDraftRows(preorder(rows as ViewRow[]));
}

/** Rows in preorder: siblings by order key (bytewise, as the fractional keys are meant to sort). */
export function preorder<R extends { id: string; parent_id: string | null; order_key: string }>(
  rows: R[],
): R[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string | null, R[]>();
  for (const r of rows) {
    const p = r.parent_id !== null && ids.has(r.parent_id) ? r.parent_id : null;
    const list = children.get(p);
    if (list) list.push(r);
    else children.set(p, [r]);
  }
  const byKey = (a: R, b: R) => (a.order_key < b.order_key ? -1 : a.order_key > b.order_key ? 1 : 0);
  const out: R[] = [];
  const stack: R[] = [...(children.get(null) ?? [])].sort(byKey).reverse();
  while (stack.length > 0) {
    const r = stack.pop()!;
    out.push(r);
    const kids = children.get(r.id);
    if (kids) stack.push(...[...kids].sort(byKey).reverse());
  }
  return out;
}

/** Drafts are ideas, not plan: they and the rows under them are left out (as the engine does). */
export function withoutDraftRows<R extends Pick<ViewRow, 'id' | 'parent_id' | 'node_type'>>(rows: R[]): R[] {
  const out = new Set<string>();
  for (const r of rows)
    if (r.node_type === 'draft' || (r.parent_id !== null && out.has(r.parent_id))) out.add(r.id);
  return out.size === 0 ? rows : rows.filter((r) => !out.has(r.id));
}

export const isActivity = (r: Pick<ViewRow, 'node_type'>) => r.node_type !== 'sum' && r.node_type !== 'draft';
export const startOf = (r: Pick<ViewRow, 'actual_start' | 'es'>) => r.actual_start ?? r.es;
export const finishOf = (r: Pick<ViewRow, 'actual_finish' | 'ef'>) => r.actual_finish ?? r.ef;

/** The schedule's first version of a kind (by its order), if it has one. */
export async function versionOfKind(
  db: Kysely<DB>,
  spaceId: string,
  scheduleId: string,
  kind: 'version' | 'target',
): Promise<{ id: string; label: string; data_date: number | null } | null> {
  const v = await db
    .selectFrom('versions')
    .select(['id', 'label', 'data_date'])
    .where('space_id', '=', spaceId)
    .where('schedule_id', '=', scheduleId)
    .where('kind', '=', kind)
    .orderBy('sort_order')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return v ?? null;
}
