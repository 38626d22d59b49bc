// A version's cyclogram (and its target's, for the same grouping) from the stored rows.
import type { Kysely } from 'kysely';
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
