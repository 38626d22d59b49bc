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
function converted(v: Value | undefined, type: string): Value {
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

  type Plan = {
    label: string;
    schedule_id: string;
    revision: number;
    patches: Patch[];
    inverse: Patch[];
  };
  const plans = new Map<string, Plan>();
  const lockedVersions = new Set<string>();
  for (const r of linked) {
    const values = (r.attribute_values ?? {}) as Record<string, Value>;
    const rowAttrs = (r.attributes ?? {}) as Record<string, unknown>;
    const next = converted(values[attr.key], target.type);
    const has = Object.hasOwn(rowAttrs, target.key);
    const old = has ? rowAttrs[target.key] : undefined;
    if ((next === null && !has) || old === next) continue;
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
        }),
      );
    const path = ['rows', r.id, 'attributes', target.key];
    if (next === null) {
      plan.patches.push({ op: 'remove', path });
      plan.inverse.unshift({ op: 'add', path, value: old });
    } else {
      plan.patches.push({ op: has ? 'replace' : 'add', path, value: next });
      plan.inverse.unshift(has ? { op: 'replace', path, value: old } : { op: 'remove', path });
    }
  }

  const out: DonorPush = {
    rows: [...plans.values()].reduce((n, p) => n + p.patches.length, 0),
    versions: [...plans].map(([version_id, p]) => ({
      version_id,
      label: p.label,
      schedule_id: p.schedule_id,
      rows: p.patches.length,
    })),
    locked: lockedVersions.size,
  };
  if (dryRun) return out;
  for (const p of plans.values()) await refuseOutsideList(db, space.spaceId, p.patches);
  for (const [versionId, p] of plans) {
    const done = await applyBatch(db, { spaceId: space.spaceId, versionId, userId }, p.revision, 'do', {
      kind: 'undo_wbs',
      labelKey: 'cmd.directory_donor',
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
