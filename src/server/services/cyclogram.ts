// A version's cyclogram (and its target's, for the same grouping) from the stored rows.
import { sql, type Kysely } from 'kysely';
import { buildCyclogram, groupReader } from '../../domain/cyclogram';
import type { Cyclogram } from '../../domain/cyclogram';
import type { DB } from '../db/schema';
import { finishOf, isActivity, loadViewRows, startOf } from './view-rows';

export async function versionCyclogram(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  locationBy: string,
  kindBy: string,
  axis: readonly string[] = [],
): Promise<Cyclogram> {
  const rows = await loadViewRows(db, spaceId, versionId);
  const locationOf = groupReader(rows, locationBy);
  const kindOf = groupReader(rows, kindBy);
  const acts = [];
  for (const r of rows) {
    if (!isActivity(r)) continue;
    const start = startOf(r);
    const finish = finishOf(r);
    if (start === null || finish === null) continue;
    acts.push({
      id: r.id,
      code: r.code,
      name: r.name,
      location: locationOf(r),
      kind: kindOf(r),
      start,
      finish,
      percent: r.percent,
    });
  }
  return buildCyclogram(acts, axis);
}

export async function savedColors(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  kindBy: string,
): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('cyclogram_colors')
    .select(['kind', 'color'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .where('kind_key', '=', kindBy)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, r.color]));
}

/**
 * Whether `key` names something the version's rows can be grouped by: `name`, a WBS level
 * (`wbs:N`), an attribute defined for the space or imported with the version, or a key the rows
 * hold. Anything else is a bad request, not an empty chart.
 */
export async function isGroupingKey(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  key: string,
): Promise<boolean> {
  if (key === 'name' || /^wbs:[1-9]\d*$/.test(key)) return true;
  const defined = await db
    .selectFrom('attributes')
    .select('key')
    .where('space_id', '=', spaceId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (defined) return true;
  const meta = await db
    .selectFrom('version_models')
    .select('attribute_defs')
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .executeTakeFirst();
  if (meta && Object.hasOwn((meta.attribute_defs ?? {}) as object, key)) return true;
  const held = await sql<{ one: number }>`
    SELECT 1 AS one FROM wbs_items
    WHERE space_id = ${spaceId} AND version_id = ${versionId} AND attributes ? ${key} LIMIT 1
  `.execute(db);
  return held.rows.length > 0;
}
