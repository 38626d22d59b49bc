// The demo's directories: the locations and the work types its tasks carry as attributes, as a
// planning office would keep them (locations by part of the site, work types by phase), with every
// task linked to its values in each version, so the Directories screen and tab open on real data.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

interface Row {
  id: string;
  parent_id: string | null;
  name: string;
  node_type: string;
  attributes: unknown;
}

interface Value {
  id: string;
  parent: string | null;
  code: string;
  name: string;
}

const attrs = (r: Row): Record<string, string> =>
  (typeof r.attributes === 'string' ? JSON.parse(r.attributes) : (r.attributes ?? {})) as Record<
    string,
    string
  >;

const codeOf = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 24);

/** The phase (the summary under the root) each row sits in. */
function phases(rows: Row[]): Map<string, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, string>();
  for (const r of rows) {
    let at = r;
    let up = r.parent_id ? byId.get(r.parent_id) : undefined;
    while (up?.parent_id) {
      at = up;
      up = byId.get(up.parent_id);
    }
    out.set(r.id, at.name);
  }
  return out;
}

/**
 * Creates the directory with its values; a space that has a directory of that name already (the
 * demo given twice) keeps it, and the values are matched to it by code. Returns the directory's id
 * and its value ids by code.
 */
async function ensureDirectory(
  tx: Db,
  spaceId: string,
  name: string,
  values: Value[],
): Promise<{ id: string; byCode: Map<string, string> }> {
  const found = await tx
    .selectFrom('directories')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) {
    const rows = await tx
      .selectFrom('directory_values')
      .select(['id', 'code'])
      .where('space_id', '=', spaceId)
      .where('directory_id', '=', found.id)
      .execute();
    return { id: found.id, byCode: new Map(rows.map((r) => [r.code, r.id])) };
  }
  const id = randomUUID();
  await tx.insertInto('directories').values({ space_id: spaceId, id, name, attributes: '[]' }).execute();
  await tx
    .insertInto('directory_values')
    .values(
      values.map((v, i) => ({
        space_id: spaceId,
        directory_id: id,
        id: v.id,
        parent_id: v.parent,
        sort_order: i + 1,
        code: v.code,
        name: v.name,
        attribute_values: '{}',
      })),
    )
    .execute();
  return { id, byCode: new Map(values.map((v) => [v.code, v.id])) };
}

/** Adds the Locations and Work types directories and links the tasks of the versions to them. */
export async function addDemoDirectories(tx: Db, spaceId: string, versionIds: string[]): Promise<void> {
  const rows = (await tx
    .selectFrom('wbs_items')
    .select(['id', 'parent_id', 'name', 'node_type', 'attributes'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionIds[0]!)
    .orderBy('order_key')
    .execute()) as Row[];
  const tasks = rows.filter((r) => attrs(r).Location && attrs(r)['Work type']);

  // Locations: the site's zones, then the building's floors bottom-up and its roof.
  const site = { id: randomUUID(), parent: null, code: 'SITE', name: 'Site' };
  const building = { id: randomUUID(), parent: null, code: 'BLDG', name: 'Building B2' };
  const locations: Value[] = [site, building];
  const locationCode = new Map<string, string>();
  const names = [...new Set(tasks.map((t) => attrs(t).Location!))].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  );
  for (const name of [
    ...names.filter((n) => n.startsWith('Zone')),
    ...names.filter((n) => !n.startsWith('Zone')),
  ]) {
    const v = {
      id: randomUUID(),
      parent: name.startsWith('Zone') ? site.id : building.id,
      code: codeOf(name),
      name,
    };
    locations.push(v);
    locationCode.set(name, v.code);
  }

  // Work types grouped by the phase they belong to, in the schedule's order.
  const phaseOf = phases(rows);
  const workTypes: Value[] = [];
  const phaseId = new Map<string, string>();
  const typeCode = new Map<string, string>();
  for (const t of tasks) {
    const phase = phaseOf.get(t.id)!;
    if (!phaseId.has(phase)) {
      const v = { id: randomUUID(), parent: null, code: codeOf(phase), name: phase };
      workTypes.push(v);
      phaseId.set(phase, v.id);
    }
    const name = attrs(t)['Work type']!;
    if (!typeCode.has(name)) {
      const v = { id: randomUUID(), parent: phaseId.get(phase)!, code: codeOf(name), name };
      workTypes.push(v);
      typeCode.set(name, v.code);
    }
  }

  const locationsDir = await ensureDirectory(tx, spaceId, 'Locations', locations);
  const workTypesDir = await ensureDirectory(tx, spaceId, 'Work types', workTypes);
  const links = tasks.flatMap((t) => {
    const out: { wbs_id: string; directory_id: string; value_id: string }[] = [];
    const location = locationsDir.byCode.get(locationCode.get(attrs(t).Location!)!);
    const type = workTypesDir.byCode.get(typeCode.get(attrs(t)['Work type']!)!);
    if (location) out.push({ wbs_id: t.id, directory_id: locationsDir.id, value_id: location });
    if (type) out.push({ wbs_id: t.id, directory_id: workTypesDir.id, value_id: type });
    return out;
  });
  // Row ids are the same in every version of the demo (the target is a copy).
  for (const versionId of versionIds) {
    if (links.length === 0) break;
    await tx
      .insertInto('wbs_directory_links')
      .values(links.map((l) => ({ space_id: spaceId, version_id: versionId, ...l })))
      .execute();
  }
}
