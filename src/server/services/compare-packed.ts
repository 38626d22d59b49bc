// The packed sides of calculated versions in the database (migration 066, docs/versions.md "The
// packed side"): written after a calculation, an import or a copy has stored a version whole, read
// by the first compare that finds its key there. A text of another key or format is never used:
// the caller reads the rows then.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { CompareSide } from '../../domain/versions/compare';
import { packSide, unpackSide } from '../../domain/versions/compare-packed';
import type { DB } from '../db/schema';
import { keptSide } from './compare-cache';
import { readStoredSide, sideKey } from './compare-read';

/** The side packed under `key`, or null (none, another key, another format). */
export async function readPackedSide(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  key: string,
): Promise<CompareSide | null> {
  const { rows } = await sql<{ body: string }>`SELECT body FROM version_compare_sides
    WHERE space_id = ${spaceId} AND version_id = ${versionId} AND side_key = ${key}`.execute(db);
  return rows[0] ? unpackSide(rows[0].body) : null;
}

/** Whether the side under `key` is packed already (the text is not read). */
export async function hasPackedSide(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  key: string,
): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM version_compare_sides
    WHERE space_id = ${spaceId} AND version_id = ${versionId} AND side_key = ${key}`.execute(db);
  return rows.length > 0;
}

/** Packs the side read under `key` and keeps it (one per version: a newer key replaces the older). */
export async function writePackedSide(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  key: string,
  side: CompareSide,
): Promise<void> {
  const body = packSide(side);
  await sql`INSERT INTO version_compare_sides (space_id, version_id, side_key, activities, body)
    VALUES (${spaceId}, ${versionId}, ${key}, ${side.activities.length}, ${body})
    ON CONFLICT (space_id, version_id) DO UPDATE SET side_key = excluded.side_key,
      activities = excluded.activities, body = excluded.body, written_at = now()`.execute(db);
}

/**
 * Packs the side of a version just stored whole (a calculation, an import, a copy) into the
 * database, so the first compare after it reads one text (and this process keeps the side): in
 * the background; a version not calculated, or packed already under its key, is left alone.
 */
export function prewarmCompareSide(db: Kysely<DB>, spaceId: string, versionId: string): void {
  packCompareSide(db, spaceId, versionId).catch(() => undefined);
}

/** What prewarmCompareSide does, awaited (the tests and the benchmark). */
export async function packCompareSide(db: Kysely<DB>, spaceId: string, versionId: string): Promise<void> {
  const { key, dates, dataDate } = await sideKey(db, spaceId, versionId);
  if (dates !== 'stored' || (await hasPackedSide(db, spaceId, versionId, key))) return;
  const side = await keptSide(key, () => readStoredSide(db, spaceId, versionId, dataDate));
  await writePackedSide(db, spaceId, versionId, key, side);
}
