// A directory's values into a version's WBS (spec: PATCH versions/{id}/directory/{id}/
// add-values-to-version): each value no row of the version is linked to becomes a row — a
// summary when it has values under it, else a task — under the row of its parent value (at the
// end of the top level for a top value), with the value's code and name, and is linked to it; a
// value whose code a row of the version already has links that row instead of adding one. The
// new rows are one undoable change (history entry "Rows from a directory"); running it again
// adds only what is new, so it also syncs the version with a grown directory.
import { randomUUID } from 'node:crypto';
import type { Patch } from 'immer';
import type { Kysely } from 'kysely';
import { keysBetween } from '../../domain/wbs/order-key';
import { newRow } from '../../domain/wbs/types';
import type { WbsRow } from '../../domain/wbs/types';
import type { DB } from '../db/schema';
import type { EventHub } from '../events/hub';
import { conflict } from '../errors';
import { applyBatch } from './wbs-patch-batch';

export interface Value {
  id: string;
  parent_id: string | null;
  sort_order: number;
  code: string;
  name: string;
}

export interface AddValuesResult {
  added: number;
  linked: number;
  revision: number;
}

interface Item {
  id: string;
  parent_id: string | null;
  order_key: string;
  code: string | null;
  name: string;
}

/** What a version needs to take a directory's values (all, or those of `scope`). */
export interface AddPlan {
  added: WbsRow[];
  newLinks: { wbs_id: string; value_id: string }[];
}

/**
 * The rows to add and the links to make so that every value (of `scope`, when given: a set of
 * value ids closed under parents) has a linked row, placed under its parent value's row.
 */
export function planAdd(
  values: readonly Value[],
  items: readonly Item[],
  links: readonly { wbs_id: string; value_id: string }[],
  scope: ReadonlySet<string> | null,
): AddPlan {
  const rowOfValue = new Map(links.map((l) => [l.value_id, l.wbs_id]));
  const linkedRows = new Set(links.map((l) => l.wbs_id));
  const rowOfCode = new Map<string, string>();
  for (const i of items) if (i.code && !linkedRows.has(i.id)) rowOfCode.set(i.code, i.id);
  const children = new Map<string | null, Value[]>();
  for (const v of values) {
    if (scope && !scope.has(v.id)) continue;
    const list = children.get(v.parent_id) ?? [];
    list.push(v);
    children.set(v.parent_id, list);
  }
  for (const list of children.values())
    list.sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || a.code.localeCompare(b.code));
  // The last order key under each parent row (new rows go after the existing ones).
  const lastKey = new Map<string | null, string>();
  for (const i of items) {
    const k = lastKey.get(i.parent_id);
    if (k === undefined || i.order_key > k) lastKey.set(i.parent_id, i.order_key);
  }
  const added: WbsRow[] = [];
  const newLinks: { wbs_id: string; value_id: string }[] = [];
  const walk = (parentValue: string | null, parentRow: string | null) => {
    const list = children.get(parentValue) ?? [];
    const fresh = list.filter((v) => !rowOfValue.has(v.id) && !rowOfCode.has(v.code));
    const keys = keysBetween(lastKey.get(parentRow) ?? null, null, fresh.length);
    let k = 0;
    for (const v of list) {
      let row = rowOfValue.get(v.id);
      if (!row && rowOfCode.has(v.code)) {
        row = rowOfCode.get(v.code)!;
        rowOfCode.delete(v.code);
        newLinks.push({ wbs_id: row, value_id: v.id });
      }
      if (!row) {
        row = randomUUID();
        const sum = (children.get(v.id)?.length ?? 0) > 0;
        added.push(newRow(row, sum ? 'sum' : 'task', parentRow, keys[k++]!, { name: v.name, code: v.code }));
        newLinks.push({ wbs_id: row, value_id: v.id });
      }
      walk(v.id, row);
    }
  };
  walk(null, null);
  return { added, newLinks };
}

/** The version's rows, the directory's values and the links between them. */
export async function readVersionAndDirectory(
  db: Kysely<DB>,
  s: { spaceId: string; versionId: string },
  directoryId: string,
) {
  const [values, items, links] = await Promise.all([
    db
      .selectFrom('directory_values')
      .select(['id', 'parent_id', 'sort_order', 'code', 'name'])
      .where('space_id', '=', s.spaceId)
      .where('directory_id', '=', directoryId)
      .execute(),
    db
      .selectFrom('wbs_items')
      .select(['id', 'parent_id', 'order_key', 'code', 'name'])
      .where('space_id', '=', s.spaceId)
      .where('version_id', '=', s.versionId)
      .execute(),
    db
      .selectFrom('wbs_directory_links')
      .select(['wbs_id', 'value_id'])
      .where('space_id', '=', s.spaceId)
      .where('version_id', '=', s.versionId)
      .where('directory_id', '=', directoryId)
      .execute(),
  ]);
  return { values: values as Value[], items: items as Item[], links };
}

/**
 * Stores a change of the version built from a directory: the rows added and `extra` patches (with
 * their inverses) as one undoable entry through the version's edit loop, then the new links.
 */
export async function applyPlan(
  db: Kysely<DB>,
  events: Pick<EventHub, 'publish'>,
  s: { spaceId: string; versionId: string; userId: string },
  revision: number,
  directoryId: string,
  plan: AddPlan,
  labelKey: string,
  extra: { patches: Patch[]; inverse: Patch[] } = { patches: [], inverse: [] },
): Promise<number> {
  if (plan.added.length || extra.patches.length) {
    const patches: Patch[] = [
      ...plan.added.map((r): Patch => ({ op: 'add', path: ['rows', r.id], value: r })),
      ...extra.patches,
    ];
    const inverse: Patch[] = [
      ...[...extra.inverse].reverse(),
      ...plan.added.map((r): Patch => ({ op: 'remove', path: ['rows', r.id] })).reverse(),
    ];
    const out = await applyBatch(db, s, revision, 'do', {
      kind: 'undo_wbs',
      labelKey,
      patches,
      inversePatches: inverse,
    });
    revision = out.revision;
    events.publish({
      event: 'version_updated',
      space_id: s.spaceId,
      ids: [s.versionId],
      payload: { revision: out.revision, origin: 'do', action_id: out.action_id },
    });
  }
  for (let i = 0; i < plan.newLinks.length; i += 1000)
    await db
      .insertInto('wbs_directory_links')
      .values(
        plan.newLinks.slice(i, i + 1000).map((l) => ({
          space_id: s.spaceId,
          version_id: s.versionId,
          wbs_id: l.wbs_id,
          directory_id: directoryId,
          value_id: l.value_id,
        })),
      )
      .onConflict((oc) => oc.columns(['space_id', 'version_id', 'wbs_id', 'directory_id']).doNothing())
      .execute();
  return revision;
}

export async function addValuesToVersion(
  db: Kysely<DB>,
  events: Pick<EventHub, 'publish'>,
  s: { spaceId: string; versionId: string; userId: string },
  version: { revision: number; locked: boolean },
  directoryId: string,
  scope: ReadonlySet<string> | null = null,
  labelKey = 'cmd.directory_add_values',
): Promise<AddValuesResult> {
  if (version.locked) throw conflict('version_locked');
  const { values, items, links } = await readVersionAndDirectory(db, s, directoryId);
  const plan = planAdd(values, items, links, scope);
  const revision = await applyPlan(db, events, s, version.revision, directoryId, plan, labelKey);
  return { added: plan.added.length, linked: plan.newLinks.length - plan.added.length, revision };
}
