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

interface Value {
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

export async function addValuesToVersion(
  db: Kysely<DB>,
  events: Pick<EventHub, 'publish'>,
  s: { spaceId: string; versionId: string; userId: string },
  version: { revision: number; locked: boolean },
  directoryId: string,
): Promise<AddValuesResult> {
  if (version.locked) throw conflict('version_locked');
  const [values, items, links] = await Promise.all([
    db
      .selectFrom('directory_values')
      .select(['id', 'parent_id', 'sort_order', 'code', 'name'])
      .where('space_id', '=', s.spaceId)
      .where('directory_id', '=', directoryId)
      .execute(),
    db
      .selectFrom('wbs_items')
      .select(['id', 'parent_id', 'order_key', 'code'])
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
  const rowOfValue = new Map(links.map((l) => [l.value_id, l.wbs_id]));
  const linkedRows = new Set(links.map((l) => l.wbs_id));
  const rowOfCode = new Map<string, string>();
  for (const i of items) if (i.code && !linkedRows.has(i.id)) rowOfCode.set(i.code, i.id);
  const children = new Map<string | null, Value[]>();
  for (const v of values as Value[]) {
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

  let revision = version.revision;
  if (added.length) {
    const patches: Patch[] = added.map((r) => ({ op: 'add', path: ['rows', r.id], value: r }));
    const inverse: Patch[] = added.map((r): Patch => ({ op: 'remove', path: ['rows', r.id] })).reverse();
    const out = await applyBatch(db, s, version.revision, 'do', {
      kind: 'undo_wbs',
      labelKey: 'cmd.directory_add_values',
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
  for (let i = 0; i < newLinks.length; i += 1000)
    await db
      .insertInto('wbs_directory_links')
      .values(
        newLinks.slice(i, i + 1000).map((l) => ({
          space_id: s.spaceId,
          version_id: s.versionId,
          wbs_id: l.wbs_id,
          directory_id: directoryId,
          value_id: l.value_id,
        })),
      )
      .onConflict((oc) => oc.columns(['space_id', 'version_id', 'wbs_id', 'directory_id']).doNothing())
      .execute();
  return { added: added.length, linked: newLinks.length - added.length, revision };
}
