// A version's cyclogram (and its target's, for the same grouping) from the stored rows.
import { sql, type Kysely } from 'kysely';
import { WBS_LEVEL, buildCyclogram, colorsOf, groupReader } from '../../domain/cyclogram';
import type { ColoredLine, Cyclogram, SourcedRow } from '../../domain/cyclogram';
import type { DB } from '../db/schema';
import { badRequest } from '../errors';
import type { ViewRow } from './view-rows';
import { finishOf, isActivity, preorder, startOf, versionOfKind, withoutDraftRows } from './view-rows';

export type { ColoredLine };

/** A row as the cyclogram reads it: of its attributes, only the values of the two groupings. */
export type CycloRow = SourcedRow &
  Pick<
    ViewRow,
    'order_key' | 'node_type' | 'code' | 'es' | 'ef' | 'actual_start' | 'actual_finish' | 'percent'
  >;

/** Whether a grouping key names an attribute (not the row's name or a WBS level). */
const isAttributeKey = (key: string) => key !== 'name' && !WBS_LEVEL.test(key);

/**
 * A version's rows in WBS preorder (drafts left out), narrowed to what the chart reads, in one
 * answer: the database hands back a single JSON text of the columns (index i across the arrays is
 * one row), and of the attributes only the grouping keys' values (`attributes -> key`). Row by
 * row, 10,000 rows of thirteen fields were most of the call's time (on PGlite each field is
 * decoded and copied out of its thread: 0.9 s under load; one text is a tenth of that), and the
 * whole attribute maps are not needed.
 */
export async function cyclogramRows(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  locationBy: string,
  kindBy: string,
): Promise<CycloRow[]> {
  const key = (k: string) => (isAttributeKey(k) ? k : null);
  // Every aggregate of one query level reads the rows in the same order: the columns line up.
  const res = await sql<{ columns: string }>`
    SELECT json_build_array(
      json_agg(id), json_agg(parent_id), json_agg(order_key), json_agg(node_type), json_agg(code),
      json_agg(name), json_agg(es), json_agg(ef), json_agg(actual_start), json_agg(actual_finish),
      json_agg(percent), json_agg(attributes -> ${key(locationBy)}::text),
      json_agg(attributes -> ${key(kindBy)}::text)
    )::text AS columns
    FROM wbs_items WHERE space_id = ${spaceId} AND version_id = ${versionId}
  `.execute(db);
  const c = JSON.parse(res.rows[0]!.columns) as (unknown[] | null)[];
  const ids = (c[0] ?? []) as string[];
  const col = <T>(i: number) => (c[i] ?? []) as T[];
  const [parent, orderKey, nodeType, code, name] = [1, 2, 3, 4, 5].map((i) => col<unknown>(i));
  const [es, ef, actualStart, actualFinish, percent] = [6, 7, 8, 9, 10].map((i) => col<number | null>(i));
  const [locValue, kindValue] = [col<unknown>(11), col<unknown>(12)];
  const rows: CycloRow[] = new Array<CycloRow>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const attributes: Record<string, unknown> = {};
    if (isAttributeKey(locationBy)) attributes[locationBy] = locValue[i];
    if (isAttributeKey(kindBy)) attributes[kindBy] = kindValue[i];
    rows[i] = {
      id: ids[i]!,
      parent_id: parent[i] as string | null,
      order_key: orderKey[i] as string,
      node_type: nodeType[i] as CycloRow['node_type'],
      code: code[i] as string,
      name: name[i] as string,
      es: es[i]!,
      ef: ef[i]!,
      actual_start: actualStart[i]!,
      actual_finish: actualFinish[i]!,
      percent: percent[i] as number,
      attributes,
    };
  }
  return withoutDraftRows(preorder(rows));
}

/** A version's cyclogram with each kind's colour, and its target's lines on the same axis. */
export interface ShownCyclogram {
  current: Cyclogram;
  lines: ColoredLine[];
  target: { version_id: string; label: string; lines: ColoredLine[] } | null;
}

export async function versionCyclogram(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  locationBy: string,
  kindBy: string,
  axis: readonly string[] = [],
): Promise<Cyclogram> {
  const rows = await cyclogramRows(db, spaceId, versionId, locationBy, kindBy);
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

const colored = (c: Cyclogram, colors: Record<string, string>): ColoredLine[] =>
  c.lines.map((l) => ({ ...l, color: colors[l.kind] ?? '#64748b' }));

/**
 * The cyclogram as the views show and the print draws it: the current version's lines coloured
 * (saved colours, else the palette), and the schedule's target version, if another, on the
 * current version's locations (locations only the target has are dropped).
 */
export async function shownCyclogram(
  db: Kysely<DB>,
  spaceId: string,
  version: { id: string; schedule_id: string },
  locationBy: string,
  kindBy: string,
  /** The saved colours and the target version when the caller has read them already. */
  read?: {
    saved: Record<string, string>;
    targetVersion: Awaited<ReturnType<typeof versionOfKind>>;
  },
): Promise<ShownCyclogram> {
  // Asked together: the colours and the target's lookup are not waited for one after the other.
  const [current, saved, targetVersion] = await Promise.all([
    versionCyclogram(db, spaceId, version.id, locationBy, kindBy),
    read?.saved ?? savedColors(db, spaceId, version.id, kindBy),
    read ? read.targetVersion : versionOfKind(db, spaceId, version.schedule_id, 'target'),
  ]);
  const colors = colorsOf(
    current.lines.map((l) => l.kind),
    saved,
  );
  let target: ShownCyclogram['target'] = null;
  if (targetVersion && targetVersion.id !== version.id) {
    const t = await versionCyclogram(db, spaceId, targetVersion.id, locationBy, kindBy, current.locations);
    const lines = colored(t, colors)
      .map((l) => ({ ...l, segments: l.segments.filter((s) => s.loc < current.locations.length) }))
      .filter((l) => l.segments.length > 0);
    target = { version_id: targetVersion.id, label: targetVersion.label, lines };
  }
  return { current, lines: colored(current, colors), target };
}

/**
 * Refuses grouping keys that name nothing in the version or an attribute hidden from the caller's
 * role (its values would be the chart's location or line names): the 400 of a key that does not
 * exist, naming the field.
 */
export async function checkGroupingKeys(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  hidden: readonly string[],
  keys: readonly (readonly [field: string, key: string])[],
): Promise<void> {
  for (const [field, key] of keys)
    if (hidden.includes(key) || !(await isGroupingKey(db, spaceId, versionId, key)))
      throw badRequest('invalid', { field });
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
