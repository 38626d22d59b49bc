// Version content (WBS items and relations) operations shared by routes and the seed.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Copies items and relations keeping their ids (ids are unique per version), in two statements. */
export async function copyContent(db: Kysely<DB>, spaceId: string, from: string, to: string): Promise<void> {
  await sql`INSERT INTO wbs_items (space_id, version_id, id, parent_id, order_key, node_type, code, name, calendar_id,
      duration, remaining, actual_start, actual_finish, percent, start_limit_type, start_limit_date, finish_limit_type,
      finish_limit_date, volume, price, attributes, es, ef, ls, lf, tf, ff, critical)
    SELECT space_id, ${to}, id, parent_id, order_key, node_type, code, name, calendar_id,
      duration, remaining, actual_start, actual_finish, percent, start_limit_type, start_limit_date, finish_limit_type,
      finish_limit_date, volume, price, attributes, es, ef, ls, lf, tf, ff, critical
    FROM wbs_items WHERE space_id = ${spaceId} AND version_id = ${from}`.execute(db);
  await analyzeContent(db, 'wbs_items');
  await sql`INSERT INTO wbs_relations (space_id, version_id, id, pred_id, succ_id, type, lag)
    SELECT space_id, ${to}, id, pred_id, succ_id, type, lag
    FROM wbs_relations WHERE space_id = ${spaceId} AND version_id = ${from}`.execute(db);
  await analyzeContent(db, 'wbs_relations');
}

/**
 * Refreshes planner statistics after a bulk load of version content. Without them (a fresh
 * database, or PGlite, which has no autovacuum) foreign-key checks pick an index that scans the
 * whole version per row: quadratic, minutes for 10k rows. Call it after inserting many items
 * (before their relations) and after inserting many relations.
 */
export async function analyzeContent(db: Kysely<DB>, table: 'wbs_items' | 'wbs_relations'): Promise<void> {
  await sql.raw(`ANALYZE ${table}`).execute(db);
}
