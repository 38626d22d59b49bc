// Donor attributes of a directory (spec: "donor … update value"): a directory attribute that
// gives its values to a space attribute of the WBS rows linked to the directory's values. Pushing
// writes, per version, every linked row whose value differs as one undoable change (a history
// entry like the grid's, so Ctrl+Z in the workbench takes it back); locked versions are left out
// and counted. A dry run only counts, for the confirmation that names how many rows change.
import type { Patch } from 'immer';
import type { Kysely } from 'kysely';
import type { DonorPush } from '../../api/directories';
import type { SpaceAccess } from '../auth/space-access';
import type { DB, DirectoryAttributeDef } from '../db/schema';
import { HttpError, notFound } from '../errors';
import type { EventHub } from '../events/hub';
import { refuseOutsideList, refuseReadOnly } from './attribute-access';
import { applyBatch } from './wbs-patch-batch';

type Value = string | number | null;

/** The value a row takes: numbers for a number attribute when the text reads as one. */
export function converted(v: Value | undefined, type: string): Value {
  if (v === undefined || v === null || v === '') return null;
  if (type === 'number' && typeof v === 'string') {
    const n = Number(v.replace(',', '.'));
    return Number.isFinite(n) ? n : v;
  }
  return v;
}

export async function pushDonor(
  db: Kysely<DB>,
  events: Pick<EventHub, 'publish'>,
  space: SpaceAccess,
  userId: string,
  directory: { id: string; attributes: DirectoryAttributeDef[] },
  key: string,
  dryRun: boolean,
): Promise<DonorPush> {
  const attr = directory.attributes.find((a) => a.key === key);
  if (!attr) throw notFound('attribute');
  if (!attr.donor_to)
    throw new HttpError(400, 'BadRequest', [
      { code: 'directory.not_donor', params: { field: 'params.key', name: attr.name } },
    ]);
  const target = await db
    .selectFrom('attributes')
    .select(['key', 'type'])
    .where('space_id', '=', space.spaceId)
    .where('key', '=', attr.donor_to)
    .executeTakeFirst();
  if (!target) throw notFound('attribute');
  // The caller must be allowed to write the receiving attribute, as in the grid.
  await refuseReadOnly(db, space, new Set([target.key]));

  const linked = await db
    .selectFrom('wbs_directory_links as l')
    .innerJoin('directory_values as v', (j) =>
      j.onRef('v.space_id', '=', 'l.space_id').onRef('v.id', '=', 'l.value_id'),
    )
    .innerJoin('wbs_items as i', (j) =>
      j
        .onRef('i.space_id', '=', 'l.space_id')
        .onRef('i.version_id', '=', 'l.version_id')
        .onRef('i.id', '=', 'l.wbs_id'),
    )
    .innerJoin('versions as ver', (j) =>
      j.onRef('ver.space_id', '=', 'l.space_id').onRef('ver.id', '=', 'l.version_id'),
    )
    .select([
      'l.version_id',
      'ver.label',
      'ver.schedule_id',
      'ver.locked',
      'ver.revision',
      'i.id',
      'i.attributes',
      'v.attribute_values',
    ])
    .where('l.space_id', '=', space.spaceId)
    .where('l.directory_id', '=', directory.id)
    .orderBy('l.version_id')
    .orderBy('i.id')
    .execute();

  return pushRowValues(
    db,
    events,
    space,
    userId,
    linked.map((r) => ({
      ...r,
      values: { [target.key]: converted((r.attribute_values ?? {})[attr.key], target.type) },
    })),
    'cmd.directory_donor',
    dryRun,
  );
}

/** A WBS row with the values it should hold (null: none) of some attributes. */
export interface RowValues {
  version_id: string;
  label: string;
  schedule_id: string;
  locked: boolean;
  revision: number;
  id: string;
  attributes: unknown;
  values: Record<string, Value>;
}

/**
 * Writes into each row the values it should hold that differ from what it has, as one undoable
 * change per version (an undo-log entry `labelKey`, announced like the grid's); locked versions
 * are left as they are and counted. A dry run only counts. Rows come ordered by version.
 */
export async function pushRowValues(
  db: Kysely<DB>,
  events: Pick<EventHub, 'publish'>,
  space: SpaceAccess,
  userId: string,
  rows: readonly RowValues[],
  labelKey: string,
  dryRun: boolean,
): Promise<DonorPush> {
  type Plan = {
    label: string;
    schedule_id: string;
    revision: number;
    patches: Patch[];
    inverse: Patch[];
    rows: number;
  };
  const plans = new Map<string, Plan>();
  const lockedVersions = new Set<string>();
  for (const r of rows) {
    const rowAttrs = (r.attributes ?? {}) as Record<string, unknown>;
    const patches: Patch[] = [];
    const inverse: Patch[] = [];
    for (const [key, next] of Object.entries(r.values)) {
      const has = Object.hasOwn(rowAttrs, key);
      const old = has ? rowAttrs[key] : undefined;
      if ((next === null && !has) || old === next) continue;
      const path = ['rows', r.id, 'attributes', key];
      if (next === null) {
        patches.push({ op: 'remove', path });
        inverse.unshift({ op: 'add', path, value: old });
      } else {
        patches.push({ op: has ? 'replace' : 'add', path, value: next });
        inverse.unshift(has ? { op: 'replace', path, value: old } : { op: 'remove', path });
      }
    }
    if (patches.length === 0) continue;
    if (r.locked) {
      lockedVersions.add(r.version_id);
      continue;
    }
    let plan = plans.get(r.version_id);
    if (!plan)
      plans.set(
        r.version_id,
        (plan = {
          label: r.label,
          schedule_id: r.schedule_id,
          revision: r.revision,
          patches: [],
          inverse: [],
          rows: 0,
        }),
      );
    plan.patches.push(...patches);
    plan.inverse.unshift(...inverse);
    plan.rows += 1;
  }

  const out: DonorPush = {
    rows: [...plans.values()].reduce((n, p) => n + p.rows, 0),
    versions: [...plans].map(([version_id, p]) => ({
      version_id,
      label: p.label,
      schedule_id: p.schedule_id,
      rows: p.rows,
    })),
    locked: lockedVersions.size,
  };
  if (dryRun) return out;
  for (const p of plans.values()) await refuseOutsideList(db, space.spaceId, p.patches);
  for (const [versionId, p] of plans) {
    const done = await applyBatch(db, { spaceId: space.spaceId, versionId, userId }, p.revision, 'do', {
      kind: 'undo_wbs',
      labelKey,
      patches: p.patches,
      inversePatches: p.inverse,
    });
    events.publish({
      event: 'version_updated',
      space_id: space.spaceId,
      ids: [versionId],
      payload: { revision: done.revision, origin: 'do', action_id: done.action_id },
    });
  }
  return out;
}
