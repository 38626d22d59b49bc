// The two sides of a version comparison as read from the database (docs/versions.md): a calculated
// version's rows with the dates its calculation stored (the same dates Calculate gives, read, not
// recomputed); a version not calculated is scheduled by the engine first (the model and worker of
// Calculate, drafts left out). Used by the compare call, its XLSX export and the benchmark.
//
// A calculated version's side is read, in turn, from this process's memory (compare-cache.ts), its
// packed text in the database (compare-packed.ts) or its rows, narrowly (compare-read.ts).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { compareVersions } from '../../domain/versions/compare';
import type { CompareSide, VersionComparison } from '../../domain/versions/compare';
import { compareSideOf } from '../../domain/versions/compare-side';
import type { DB } from '../db/schema';
import { loadVersionModel } from '../import/to-model';
import { withoutDrafts } from '../jobs/calc-job';
import { scheduleInWorker } from '../jobs/pool';
import { keptComparison, keptSide } from './compare-cache';
import { readPackedSide, writePackedSide } from './compare-packed';
import { readStoredSide, sideKey } from './compare-read';

/**
 * A version as compared: its rows (stored codes, not outline numbers) with their dates. A
 * calculated version's side comes from, in turn: this process's memory, its packed text in the
 * database (`packed: false` skips it: the benchmark's row read), its rows (then packed for the
 * next reader, in the background).
 */
export async function compareSide(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  opts: { packed?: boolean } = {},
): Promise<{ side: CompareSide; dates: 'stored' | 'scheduled'; key: string }> {
  const { key, dates, dataDate } = await sideKey(db, spaceId, versionId);
  const packed = opts.packed !== false;
  const side = await keptSide(key, async () => {
    if (dates === 'scheduled') return modelSide(db, spaceId, versionId, 'scheduled');
    const kept = packed ? await readPackedSide(db, spaceId, versionId, key) : null;
    if (kept) return kept;
    const read = await readStoredSide(db, spaceId, versionId, dataDate);
    if (packed) writePackedSide(db, spaceId, versionId, key, read).catch(() => undefined);
    return read;
  });
  return { side, dates, key };
}

/**
 * A version's side through its engine model (loadVersionModel): `scheduled` — scheduled by the
 * engine first, drafts left out (a version not calculated); `stored` — with its stored dates, what
 * readStoredSide gives without building the model (the tests hold the two equal).
 */
export async function modelSide(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  dates: 'stored' | 'scheduled',
): Promise<CompareSide> {
  // The stored codes as one JSON text (row objects one by one cost several times more on PGlite).
  const [{ model }, codes] = await Promise.all([
    loadVersionModel(db, spaceId, versionId),
    sql<{ codes: string }>`SELECT coalesce(json_object_agg(id, code), '{}')::text AS codes
      FROM wbs_items WHERE space_id = ${spaceId} AND version_id = ${versionId}`.execute(db),
  ]);
  const code = new Map(Object.entries(JSON.parse(codes.rows[0]?.codes ?? '{}') as Record<string, string>));
  const codeOf = (id: string) => code.get(id) ?? '';
  if (dates === 'stored') return compareSideOf(model, 'stored', codeOf);
  const scheduled = withoutDrafts(model).model;
  const result = scheduled.activities.length ? await scheduleInWorker(scheduled) : null;
  return compareSideOf(model, result, codeOf);
}

/** A comparison and the key it is kept under (for the rows each filter keeps). */
export interface StoredComparison {
  readonly comparison: VersionComparison;
  readonly key: string;
}

/**
 * Both versions' sides (a version not calculated is scheduled in the worker meanwhile), then the
 * comparison — each kept while the versions do not change (compare-cache.ts).
 */
export async function compareStored(
  db: Kysely<DB>,
  spaceId: string,
  baseId: string,
  versionId: string,
  slipDays = 5,
  opts: { packed?: boolean } = {},
): Promise<StoredComparison> {
  const [a, b] = await Promise.all([
    compareSide(db, spaceId, baseId, opts),
    compareSide(db, spaceId, versionId, opts),
  ]);
  const key = `${a.key}\u0002${b.key}\u0002${slipDays}`;
  return { comparison: keptComparison(key, () => compareVersions(a.side, b.side, slipDays)), key };
}
