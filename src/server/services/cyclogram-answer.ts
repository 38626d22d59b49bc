// The cyclogram call's answer, kept while what it is made of has not changed. Reading and building
// a 10,000-activity chart takes 0.1–0.6 s of the database's one thread and the event loop (more
// while the page's other calls run beside it); a reviewer opens the same chart again and again.
// What the answer depends on is checked on every call, cheaply: the rows of the version and of
// its target through a change stamp (below), the saved colours, the target's id and label, the
// data date. Any difference builds the answer anew. Nothing is trusted from an earlier call but
// the bytes of an answer to exactly the same inputs.
import { sql, type Kysely } from 'kysely';
import type { CyclogramResponse } from '../../api/views';
import { packClashes, packLines } from '../../domain/cyclogram';
import type { DB } from '../db/schema';
import { savedColors, shownCyclogram } from './cyclogram';
import { versionOfKind } from './view-rows';

/**
 * A version's rows' change stamp: their count, and the largest and the sum of the transaction ids
 * that wrote them (`xmin`). Any insert or update gives the written row the newest transaction's
 * id, a delete lowers the count: every write to the rows moves the stamp, whichever route made it
 * (attribute and directory writes do not move the version's revision). One pass over the
 * version's rows without decoding them: a few ms against the chart's read and build.
 */
export async function rowsStamp(db: Kysely<DB>, spaceId: string, versionId: string): Promise<string> {
  const res = await sql<{ stamp: string }>`
    SELECT count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text || ':' ||
      coalesce(sum(xmin::text::bigint), 0)::text AS stamp
    FROM wbs_items WHERE space_id = ${spaceId} AND version_id = ${versionId}
  `.execute(db);
  return res.rows[0]?.stamp ?? '';
}

/** Answers kept per database (each ≈ 1 MB for 10,000 works); the least recently used goes first. */
const KEEP = 8;
const keptBy = new WeakMap<Kysely<DB>, Map<string, { stamp: string; body: string }>>();

export interface AnswerStats {
  hits: number;
  misses: number;
}
export const answerStats: AnswerStats = { hits: 0, misses: 0 };

/**
 * The cyclogram call's answer as JSON text (column by column, `src/domain/cyclogram/wire.ts`):
 * the kept one when nothing it depends on moved, else built anew and kept.
 */
export async function cyclogramAnswer(
  db: Kysely<DB>,
  spaceId: string,
  version: { id: string; schedule_id: string; data_date: number | null },
  locationBy: string,
  kindBy: string,
): Promise<string> {
  const [rows, saved, targetVersion] = await Promise.all([
    rowsStamp(db, spaceId, version.id),
    savedColors(db, spaceId, version.id, kindBy),
    versionOfKind(db, spaceId, version.schedule_id, 'target'),
  ]);
  const target = targetVersion && targetVersion.id !== version.id ? targetVersion : null;
  const targetRows = target ? await rowsStamp(db, spaceId, target.id) : '';
  let kept = keptBy.get(db);
  if (!kept) keptBy.set(db, (kept = new Map()));
  const key = JSON.stringify([spaceId, version.id, locationBy, kindBy]);
  const stamp = JSON.stringify([rows, saved, target?.id, target?.label, targetRows, version.data_date]);
  const hit = kept.get(key);
  if (hit && hit.stamp === stamp) {
    kept.delete(key);
    kept.set(key, hit);
    answerStats.hits++;
    return hit.body;
  }
  answerStats.misses++;
  // Read after the stamps: the rows built from are at least as new as the stamp they are kept
  // under, so a later call with that stamp never gets an older chart than its rows.
  const {
    current,
    lines,
    target: shownTarget,
  } = await shownCyclogram(db, spaceId, version, locationBy, kindBy, {
    saved,
    targetVersion,
  });
  const answer: CyclogramResponse = {
    location_by: locationBy,
    kind_by: kindBy,
    locations: current.locations,
    lines: packLines(lines),
    clashes: packClashes(current.clashes, lines),
    start: current.start,
    finish: current.finish,
    data_date: version.data_date,
    target: shownTarget && { ...shownTarget, lines: packLines(shownTarget.lines) },
  };
  const body = JSON.stringify(answer);
  kept.delete(key);
  kept.set(key, { stamp, body });
  while (kept.size > KEEP) kept.delete(kept.keys().next().value!);
  return body;
}
