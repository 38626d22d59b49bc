// Version content operations shared by routes and the seed: copying everything a version owns into
// another version, and refreshing planner statistics after bulk loads.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * What travels with a copy of a version (copy-to, a new version copied from another, "make this
 * version's dates the target", the demo's target), parents before children; docs/versions.md
 * "What a copy carries". Rows keep their ids (ids are unique per version), so everything keyed by
 * a row follows it. Left out: the undo log (the copy starts its own history), timesheets (people's
 * submitted hours against the source), row costs of cost estimates (an estimate belongs to its
 * version), BIM links (a model is linked per schedule) and the analytics summaries (remade from
 * the copy on first read).
 */
export const COPIED_VERSION_TABLES = [
  'version_models', // import options, extras, attribute definitions: the copy schedules the same
  'wbs_items',
  'wbs_relations',
  'version_resources',
  'version_assignments',
  'levelled_starts',
  'version_levelling',
  'wbs_people', // executor and curator of each row
  'curator_dates', // the dates a curator accepted
  'wbs_directory_links',
  'wdp_rows',
  'wdp_days',
  'cyclogram_colors',
  'version_layouts',
  'print_settings',
] as const;

/** Tables bulk-loaded by a copy whose statistics keep foreign-key checks on the primary key. */
const ANALYZED = new Set<string>(['wbs_items', 'wbs_relations']);

/**
 * Copies everything a version owns (COPIED_VERSION_TABLES) from `from` to `to`, one INSERT … SELECT
 * per table with every column of the table as the database has it (so a column added later is
 * copied too). The copy's levelling is at the copy's revision when the source's was current, so
 * a levelling that was up to date stays so.
 */
export async function copyContent(db: Kysely<DB>, spaceId: string, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ tname: string; cname: string }>`
    SELECT c.relname AS tname, a.attname AS cname
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.oid = ANY(${[...COPIED_VERSION_TABLES]}::regclass[]) AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY a.attnum`.execute(db);
  const [source, target] = await Promise.all(
    [from, to].map((id) =>
      db
        .selectFrom('versions')
        .select('revision')
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ),
  );
  for (const table of COPIED_VERSION_TABLES) {
    const columns = rows.filter((r) => r.tname === table).map((r) => r.cname);
    if (!columns.includes('version_id')) throw new Error(`copyContent: ${table} has no version_id`);
    const values = columns.map((c) => {
      if (c === 'version_id') return sql`${to}::uuid`;
      if (table === 'version_levelling' && c === 'revision')
        return sql`CASE WHEN revision = ${source!.revision} THEN ${target!.revision} ELSE -1 END`;
      return sql.ref(c);
    });
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      SELECT ${sql.join(values)} FROM ${sql.table(table)}
      WHERE space_id = ${spaceId} AND version_id = ${from}`.execute(db);
    if (ANALYZED.has(table)) await analyzeContent(db, table as 'wbs_items' | 'wbs_relations');
  }
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
