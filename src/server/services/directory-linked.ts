// Linked attributes of a directory (spec: "linked attribute create/update/delete",
// "update-linked-values"): a directory attribute shown on the WBS rows linked to the directory's
// values, through a space attribute of its own that the grid reads as any other (filter, sort,
// grouping, exports) but cannot write. Refreshing writes, per version, each row whose mirrored
// values differ from its value's — a linked row takes them, a row no longer linked loses them — as
// one undoable change (src/server/services/directory-donor.ts pushRowValues).
import { sql, type Kysely } from 'kysely';
import type { DonorPush } from '../../api/directories';
import type { SpaceAccess } from '../auth/space-access';
import type { DB } from '../db/schema';
import type { EventHub } from '../events/hub';
import { converted, pushRowValues } from './directory-donor';

type Value = string | number | null;

/** The linked attributes of a directory: space attribute key, its type, the directory attribute. */
export async function linkedAttributes(
  db: Kysely<DB>,
  spaceId: string,
  directoryId: string,
): Promise<{ key: string; type: string; linked_key: string; name: string }[]> {
  const rows = await db
    .selectFrom('attributes')
    .select(['key', 'type', 'linked_key', 'name'])
    .where('space_id', '=', spaceId)
    .where('linked_directory_id', '=', directoryId)
    .orderBy('key')
    .execute();
  return rows.map((r) => ({ key: r.key, type: r.type, linked_key: r.linked_key!, name: r.name }));
}

/**
 * Refreshes the linked attributes of the directory's rows in every version of the space (or, with
 * `only`, of one row): what changes, one undoable change per version; a dry run only counts.
 */
export async function updateLinkedValues(
  db: Kysely<DB>,
  events: Pick<EventHub, 'publish'>,
  space: SpaceAccess,
  userId: string,
  directoryId: string,
  dryRun: boolean,
  only?: { versionId: string; wbsId: string },
): Promise<DonorPush> {
  const linked = await linkedAttributes(db, space.spaceId, directoryId);
  if (linked.length === 0) return { rows: 0, versions: [], locked: 0 };
  const keys = linked.map((a) => a.key);
  let q = db
    .selectFrom('wbs_items as i')
    .innerJoin('versions as ver', (j) =>
      j.onRef('ver.space_id', '=', 'i.space_id').onRef('ver.id', '=', 'i.version_id'),
    )
    .leftJoin('wbs_directory_links as l', (j) =>
      j
        .onRef('l.space_id', '=', 'i.space_id')
        .onRef('l.version_id', '=', 'i.version_id')
        .onRef('l.wbs_id', '=', 'i.id')
        .on('l.directory_id', '=', directoryId),
    )
    .leftJoin('directory_values as v', (j) =>
      j.onRef('v.space_id', '=', 'l.space_id').onRef('v.id', '=', 'l.value_id'),
    )
    .select([
      'i.version_id',
      'ver.label',
      'ver.schedule_id',
      'ver.locked',
      'ver.revision',
      'i.id',
      'i.attributes',
      'v.attribute_values',
    ])
    .where('i.space_id', '=', space.spaceId)
    .where((eb) =>
      eb.or([eb('l.wbs_id', 'is not', null), sql<boolean>`i.attributes ?| ARRAY[${sql.join(keys)}]::text[]`]),
    );
  if (only) q = q.where('i.version_id', '=', only.versionId).where('i.id', '=', only.wbsId);
  const rows = await q.orderBy('i.version_id').orderBy('i.id').execute();
  return pushRowValues(
    db,
    events,
    space,
    userId,
    rows.map((r) => {
      const from = (r.attribute_values ?? null) as Record<string, Value> | null;
      return {
        ...r,
        values: Object.fromEntries(
          linked.map((a) => [a.key, from === null ? null : converted(from[a.linked_key], a.type)]),
        ),
      };
    }),
    'cmd.directory_linked',
    dryRun,
  );
}
