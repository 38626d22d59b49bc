// A version's assignments as the complex relations between directories require them: read the
// relations, their rows, the version's links to source values, the rows' volumes and the
// assignments of the resources relations manage; the domain decides (requiredQuantities,
// diffAssignments). The indicator reports the rows that differ, the recalculation writes the
// differences in one transaction and announces the version.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ComplexIndicator, StaleRow } from '../../api/directory-relations';
import {
  type AssignmentDiff,
  type RelationDef,
  type RelationRowDef,
  diffAssignments,
  isEmptyDiff,
  assignedDirectories,
  requiredQuantities,
} from '../../domain/directory';
import type { DB } from '../db/schema';
import { versionResourcesOf } from './version-resources';
import type { EventHub } from '../events/hub';

type Db = Kysely<DB> | Transaction<DB>;

interface RowPlan {
  wbs_id: string;
  code: string;
  name: string;
  volume: number | null;
  required: Map<string, number>;
  actual: Map<string, number>;
  /** Assignment ids per resource, the first kept on an update. */
  ids: Map<string, string[]>;
  diff: AssignmentDiff;
}

interface Plan {
  rows: RowPlan[];
  missing: string[];
  resources: Map<string, { code: string; name: string }>;
}

/** What the relations require of every row of the version they decide, against what it has. */
async function plan(db: Db, spaceId: string, versionId: string): Promise<Plan> {
  const relations: RelationDef[] = await db
    .selectFrom('directory_relations')
    .select(['id', 'source_directory_id', 'target_directory_id', 'assign'])
    .where('space_id', '=', spaceId)
    .execute();
  const empty: Plan = { rows: [], missing: [], resources: new Map() };
  if (!relations.some((r) => r.assign)) return empty;
  const rows: RelationRowDef[] = (
    await db
      .selectFrom('directory_relation_rows')
      .select(['relation_id', 'source_value_id', 'target_value_id', 'norm'])
      .where('space_id', '=', spaceId)
      .execute()
  ).map((r) => ({ ...r, norm: Number(r.norm) }));
  const sources = [...new Set(relations.map((r) => r.source_directory_id))];
  const links = await db
    .selectFrom('wbs_directory_links as l')
    .innerJoin('wbs_items as w', (j) =>
      j
        .onRef('w.space_id', '=', 'l.space_id')
        .onRef('w.version_id', '=', 'l.version_id')
        .onRef('w.id', '=', 'l.wbs_id'),
    )
    .select(['l.wbs_id', 'l.value_id', 'w.code', 'w.name', 'w.volume'])
    .where('l.space_id', '=', spaceId)
    .where('l.version_id', '=', versionId)
    .where('l.directory_id', 'in', sources)
    .orderBy('w.code')
    .orderBy('w.id')
    .execute();
  if (links.length === 0) return empty;

  // The values of assigned directories stand for the space resources with their codes.
  const valueCodes = await db
    .selectFrom('directory_values')
    .select(['id', 'code'])
    .where('space_id', '=', spaceId)
    .where('directory_id', 'in', [...assignedDirectories(relations)])
    .execute();
  const codes = [...new Set(valueCodes.map((v) => v.code))];
  const resources = codes.length
    ? await db
        .selectFrom('resources')
        .select(['id', 'code', 'name'])
        .where('space_id', '=', spaceId)
        .where('code', 'in', codes)
        .orderBy('sort_order')
        .orderBy('id')
        .execute()
    : [];
  const resourceOfCode = new Map<string, string>();
  for (const r of resources) if (!resourceOfCode.has(r.code)) resourceOfCode.set(r.code, r.id);
  const resourceOfValue = new Map<string, string>();
  for (const v of valueCodes) {
    const r = resourceOfCode.get(v.code);
    if (r) resourceOfValue.set(v.id, r);
  }
  const missing = codes.filter((c) => !resourceOfCode.has(c)).sort();
  const managedResources = new Set(resourceOfValue.values());

  const rowIds = [...new Set(links.map((l) => l.wbs_id))];
  const assignments = managedResources.size
    ? await db
        .selectFrom('version_assignments as a')
        .innerJoin('version_resources as vr', (j) =>
          j
            .onRef('vr.space_id', '=', 'a.space_id')
            .onRef('vr.version_id', '=', 'a.version_id')
            .onRef('vr.id', '=', 'a.resource_id'),
        )
        .select(['a.id', 'a.wbs_id', 'a.units', 'vr.resource_id'])
        .where('a.space_id', '=', spaceId)
        .where('a.version_id', '=', versionId)
        .where('vr.resource_id', 'in', [...managedResources])
        .orderBy('a.id')
        .execute()
    : [];
  const byRow = new Map<string, typeof assignments>();
  for (const a of assignments) {
    const list = byRow.get(a.wbs_id) ?? [];
    list.push(a);
    byRow.set(a.wbs_id, list);
  }

  const out: RowPlan[] = [];
  const linksOf = new Map<string, typeof links>();
  for (const l of links) {
    const list = linksOf.get(l.wbs_id) ?? [];
    list.push(l);
    linksOf.set(l.wbs_id, list);
  }
  for (const wbsId of rowIds) {
    const own = linksOf.get(wbsId)!;
    const volume = own[0]!.volume === null ? null : Number(own[0]!.volume);
    const quantities = requiredQuantities(
      relations,
      rows,
      new Map(own.map((l) => [l.value_id, volume ?? 0])),
    );
    const required = new Map<string, number>();
    for (const [value, q] of quantities) {
      const r = resourceOfValue.get(value);
      if (r) required.set(r, (required.get(r) ?? 0) + q);
    }
    const actual = new Map<string, number>();
    const ids = new Map<string, string[]>();
    for (const a of byRow.get(wbsId) ?? []) {
      const r = a.resource_id!;
      actual.set(r, (actual.get(r) ?? 0) + Number(a.units));
      ids.set(r, [...(ids.get(r) ?? []), a.id]);
    }
    // Two assignments of one resource are stale even when their sum is right: one is kept.
    const diff = diffAssignments(required, actual);
    for (const [r, list] of ids)
      if (list.length > 1 && required.has(r) && !diff.update.some((u) => u.key === r))
        diff.update.push({ key: r, units: required.get(r)! });
    out.push({ wbs_id: wbsId, code: own[0]!.code, name: own[0]!.name, volume, required, actual, ids, diff });
  }
  return {
    rows: out,
    missing,
    resources: new Map(resources.map((r) => [r.id, { code: r.code, name: r.name }])),
  };
}

const listOf = (m: ReadonlyMap<string, number>, resources: Plan['resources']) =>
  [...m]
    .map(([id, units]) => ({
      resource_id: id,
      code: resources.get(id)?.code ?? '',
      name: resources.get(id)?.name ?? '',
      units,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));

export async function complexIndicator(
  db: Db,
  spaceId: string,
  versionId: string,
): Promise<ComplexIndicator> {
  const p = await plan(db, spaceId, versionId);
  const stale = p.rows.filter((r) => !isEmptyDiff(r.diff));
  return {
    checked: p.rows.length,
    stale: stale.length,
    rows: stale.slice(0, 500).map((r): StaleRow => ({
      wbs_id: r.wbs_id,
      code: r.code,
      name: r.name,
      volume: r.volume,
      required: listOf(r.required, p.resources),
      actual: listOf(r.actual, p.resources),
    })),
    missing: p.missing,
  };
}

export async function recalculateNorms(
  db: Kysely<DB>,
  events: EventHub,
  spaceId: string,
  versionId: string,
): Promise<{
  rows: number;
  added: number;
  updated: number;
  removed: number;
  missing: string[];
  revision: number;
}> {
  const out = await db.transaction().execute(async (tx) => {
    const p = await plan(tx, spaceId, versionId);
    const changed = p.rows.filter((r) => !isEmptyDiff(r.diff));
    const needed = [...new Set(changed.flatMap((r) => r.diff.add.map((a) => a.key)))];
    const vr = await versionResourcesOf(tx, spaceId, versionId, needed);
    let updated = 0;
    let removed = 0;
    const gone: string[] = [];
    const fresh: { id: string; wbs_id: string; resource_id: string; units: number }[] = [];
    for (const r of changed) {
      for (const a of r.diff.add)
        fresh.push({ id: randomUUID(), wbs_id: r.wbs_id, resource_id: vr.get(a.key)!, units: a.units });
      for (const u of r.diff.update) {
        const [keep, ...extra] = r.ids.get(u.key)!;
        await tx
          .updateTable('version_assignments')
          .set({ units: u.units })
          .where('space_id', '=', spaceId)
          .where('version_id', '=', versionId)
          .where('id', '=', keep!)
          .execute();
        gone.push(...extra);
        updated++;
      }
      for (const key of r.diff.remove) gone.push(...r.ids.get(key)!);
    }
    const added = fresh.length;
    for (let i = 0; i < fresh.length; i += 1000)
      await tx
        .insertInto('version_assignments')
        .values(fresh.slice(i, i + 1000).map((a) => ({ space_id: spaceId, version_id: versionId, ...a })))
        .execute();
    for (let i = 0; i < gone.length; i += 1000) {
      const del = await tx
        .deleteFrom('version_assignments')
        .where('space_id', '=', spaceId)
        .where('version_id', '=', versionId)
        .where('id', 'in', gone.slice(i, i + 1000))
        .returning('id')
        .execute();
      removed += del.length;
    }
    // Open workbenches read the version again; its resource-driven figures are stale.
    const v = changed.length
      ? await tx
          .updateTable('versions')
          .set((e) => ({ revision: e('revision', '+', 1) }))
          .where('space_id', '=', spaceId)
          .where('id', '=', versionId)
          .returning('revision')
          .executeTakeFirstOrThrow()
      : await tx
          .selectFrom('versions')
          .select('revision')
          .where('space_id', '=', spaceId)
          .where('id', '=', versionId)
          .executeTakeFirstOrThrow();
    return {
      rows: changed.length,
      added,
      updated,
      removed,
      missing: p.missing,
      revision: Number(v.revision),
    };
  });
  if (out.rows > 0)
    events.publish({
      event: 'version_updated',
      space_id: spaceId,
      ids: [versionId],
      payload: { revision: out.revision, origin: 'directory_norms' },
    });
  return out;
}
