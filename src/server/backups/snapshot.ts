// A schedule's backup (issue 21): every version of the schedule with everything stored per version —
// rows, relations, the undo log, resources and assignments, levelling, row people (executor,
// curator) and accepted curator dates, daily plans and facts, timesheets, directory links,
// layouts, print settings, row costs — plus the calendars its rows
// and resources use and the attributes defined on the schedule or its versions (with their access
// per role). Rows are read as JSON (to_jsonb) and written back with jsonb_populate_recordset, so
// every column round-trips with its own type on PGlite and PostgreSQL alike.
//
// Restore runs in one transaction: the schedule's versions become what the backup holds (versions
// made since are deleted, versions deleted since come back), each restored version gets a revision
// above both its current and its backed-up one (open workbenches reload), calendars deleted since
// are re-created (calendars are shared by the space: existing ones are not overwritten), and the
// schedule's and its versions' attributes are replaced. Rows that point outside the schedule at
// something deleted since (a directory value, an estimate, a member, a role) are left out.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, backupFileProblem } from '../../domain/admin/backup-file';
import type { DB } from '../db/schema';
import { badRequest } from '../errors';

export { BACKUP_FORMAT, BACKUP_FORMAT_VERSION };

/** The most a backup may unpack to: a JavaScript string holds about 512 MiB. */
export const BACKUP_MAX_UNPACKED = 500 * 1024 * 1024;

/**
 * Tables stored per version, parents before children. `keep` is a condition on the populated row
 * `r` for rows that point outside the schedule (checked on restore).
 */
const VERSION_TABLES: readonly { table: string; keep?: string }[] = [
  { table: 'version_models' },
  { table: 'wbs_items' },
  { table: 'wbs_relations' },
  {
    table: 'wbs_undo_actions',
    keep: '(r.user_id IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id))',
  },
  {
    table: 'version_layouts',
    keep: 'EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id)',
  },
  { table: 'version_resources' },
  { table: 'version_assignments' },
  { table: 'levelled_starts' },
  { table: 'version_levelling' },
  {
    table: 'wbs_people',
    keep:
      '(r.executor_id IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = r.executor_id))' +
      ' AND (r.curator_id IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = r.curator_id))' +
      ' AND (r.updated_by IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = r.updated_by))',
  },
  {
    table: 'curator_dates',
    keep: '(r.accepted_by IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = r.accepted_by))',
  },
  { table: 'wdp_rows' },
  { table: 'wdp_days' },
  {
    table: 'timesheets',
    keep: 'EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id)',
  },
  {
    table: 'timesheet_days',
    keep: 'EXISTS (SELECT 1 FROM timesheets t WHERE t.space_id = r.space_id AND t.id = r.timesheet_id)',
  },
  {
    table: 'wbs_directory_links',
    keep:
      'EXISTS (SELECT 1 FROM directories d WHERE d.space_id = r.space_id AND d.id = r.directory_id)' +
      ' AND (r.value_id IS NULL OR EXISTS (SELECT 1 FROM directory_values v WHERE v.space_id = r.space_id AND v.id = r.value_id))',
  },
  { table: 'cyclogram_colors' },
  { table: 'print_settings' },
  {
    table: 'costr_row_costs',
    keep: 'EXISTS (SELECT 1 FROM costr_estimates e WHERE e.space_id = r.space_id AND e.id = r.estimate_id)',
  },
];

type Row = Record<string, unknown>;

export interface BackupContent {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  schedule: { id: string; name: string };
  versions: Row[];
  calendars: Row[];
  attributes: Row[];
  attribute_access: Row[];
  tables: Record<string, Row[]>;
}

export interface BackupFigures {
  versions: number;
  rows: number;
}

type Db = Kysely<DB> | Transaction<DB>;

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const { rows } = await sql<{
    rows: Row[] | string;
  }>`SELECT coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) AS rows FROM (${query}) t`.execute(db);
  const out = rows[0]?.rows ?? [];
  return typeof out === 'string' ? (JSON.parse(out) as Row[]) : out;
}

/** Reads a schedule's backup content (in a transaction of the caller, for a consistent copy). */
export async function readSchedule(
  db: Db,
  spaceId: string,
  scheduleId: string,
  name: string,
): Promise<BackupContent> {
  const versions = await rowsOf(
    db,
    sql`SELECT * FROM versions WHERE space_id = ${spaceId} AND schedule_id = ${scheduleId} ORDER BY sort_order, created_at`,
  );
  const ids = versions.map((v) => String(v.id));
  const tables: Record<string, Row[]> = {};
  for (const { table } of VERSION_TABLES) {
    tables[table] = ids.length
      ? await rowsOf(
          db,
          sql`SELECT * FROM ${sql.table(table)} WHERE space_id = ${spaceId} AND version_id = ANY(${ids}::uuid[])`,
        )
      : [];
  }
  const calendarIds = new Set<string>();
  for (const r of [...(tables.wbs_items ?? []), ...(tables.version_resources ?? [])]) {
    if (typeof r.calendar_id === 'string') calendarIds.add(r.calendar_id);
  }
  const calendars = calendarIds.size
    ? await rowsOf(
        db,
        sql`SELECT * FROM calendars WHERE space_id = ${spaceId} AND id = ANY(${[...calendarIds]}::uuid[])`,
      )
    : [];
  const nodes = [scheduleId, ...ids];
  const attributes = await rowsOf(
    db,
    sql`SELECT * FROM attributes WHERE space_id = ${spaceId} AND scope IN ('schedule', 'version') AND node_id = ANY(${nodes}::uuid[])`,
  );
  const attrIds = attributes.map((a) => String(a.id));
  const attribute_access = attrIds.length
    ? await rowsOf(
        db,
        sql`SELECT * FROM attribute_access WHERE space_id = ${spaceId} AND attribute_id = ANY(${attrIds}::uuid[])`,
      )
    : [];
  return {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    created_at: new Date().toISOString(),
    schedule: { id: scheduleId, name },
    versions,
    calendars,
    attributes,
    attribute_access,
    tables,
  };
}

export const figuresOf = (c: BackupContent): BackupFigures => ({
  versions: c.versions.length,
  rows: c.tables.wbs_items?.length ?? 0,
});

export const encodeBackup = (c: BackupContent): Buffer => gzipSync(JSON.stringify(c));

/**
 * The backup a file holds, for a schedule of a space (backup-file.ts checks it): 400 with what is
 * wrong — not gzip, damaged, too large unpacked, not a backup, of a newer format, of another
 * schedule or space, or edited to point elsewhere.
 */
export function decodeBackup(
  data: Uint8Array,
  spaceId: string,
  scheduleId: string,
  maxUnpacked = BACKUP_MAX_UNPACKED,
): BackupContent {
  if (data.length < 2 || data[0] !== 0x1f || data[1] !== 0x8b) throw badRequest('backup.not_gzip');
  let text: string;
  try {
    text = gunzipSync(data, { maxOutputLength: maxUnpacked }).toString('utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw badRequest('backup.too_large', { max: Math.round(maxUnpacked / 1048576) });
    throw badRequest('backup.damaged');
  }
  let c: unknown;
  try {
    c = JSON.parse(text);
  } catch {
    throw badRequest('backup.damaged');
  }
  const problem = backupFileProblem(c, spaceId, scheduleId);
  if (problem) throw badRequest(problem.code, problem.params ?? {});
  return c as BackupContent;
}

/** The columns of a table (to insert only those the backup and the table both have). */
async function columnsOf(tx: Db, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}`.execute(tx);
  return new Set(rows.map((r) => r.column_name));
}

async function insertRows(
  tx: Db,
  table: string,
  rows: Row[],
  opts: { keep?: string; onConflict?: string } = {},
): Promise<void> {
  if (!rows.length) return;
  const have = await columnsOf(tx, table);
  const cols = Object.keys(rows[0]!).filter((c) => have.has(c));
  const list = sql.join(cols.map((c) => sql.ref(c)));
  const picked = sql.join(cols.map((c) => sql.ref(`r.${c}`)));
  // Chunks keep each statement's parameter moderate on very large versions.
  for (let i = 0; i < rows.length; i += 20_000) {
    const chunk = JSON.stringify(rows.slice(i, i + 20_000));
    await sql`INSERT INTO ${sql.table(table)} (${list})
      SELECT ${picked} FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${chunk}::jsonb) r
      ${opts.keep ? sql`WHERE ${sql.raw(opts.keep)}` : sql``}
      ${opts.onConflict ? sql.raw(opts.onConflict) : sql``}`.execute(tx);
  }
}

export interface RestoreOutcome {
  versionIds: string[];
  removedVersionIds: string[];
  revisions: Record<string, number>;
  figures: BackupFigures;
}

/** Puts a schedule back as the backup holds it; call inside one transaction. */
export async function restoreSchedule(
  tx: Transaction<DB>,
  spaceId: string,
  scheduleId: string,
  c: BackupContent,
): Promise<RestoreOutcome> {
  const current = await sql<{ id: string; revision: number }>`
    SELECT id, revision FROM versions WHERE space_id = ${spaceId} AND schedule_id = ${scheduleId}
    ORDER BY id FOR UPDATE`.execute(tx);
  const currentIds = current.rows.map((r) => r.id);
  const backupIds = c.versions.map((v) => String(v.id));
  const keepIds = new Set(backupIds);
  // A version of the backup that now belongs to another schedule (moved) cannot come back here.
  if (backupIds.length) {
    const moved = await sql<{ id: string }>`
      SELECT id FROM versions WHERE space_id = ${spaceId} AND id = ANY(${backupIds}::uuid[])
      AND schedule_id <> ${scheduleId}`.execute(tx);
    if (moved.rows.length) throw badRequest('backup.version_moved', { id: moved.rows[0]!.id });
  }
  const all = [...new Set([...currentIds, ...backupIds])];
  if (currentIds.length) {
    for (const { table } of [...VERSION_TABLES].reverse()) {
      await sql`DELETE FROM ${sql.table(table)} WHERE space_id = ${spaceId} AND version_id = ANY(${currentIds}::uuid[])`.execute(
        tx,
      );
    }
    const gone = currentIds.filter((id) => !keepIds.has(id));
    if (gone.length)
      await sql`DELETE FROM versions WHERE space_id = ${spaceId} AND id = ANY(${gone}::uuid[])`.execute(tx);
  }
  await sql`DELETE FROM attributes WHERE space_id = ${spaceId} AND scope IN ('schedule', 'version')
    AND node_id = ANY(${[scheduleId, ...all]}::uuid[])`.execute(tx);

  await insertRows(tx, 'calendars', c.calendars, { onConflict: 'ON CONFLICT DO NOTHING' });

  const before = new Map(current.rows.map((r) => [r.id, Number(r.revision)]));
  const versions: Row[] = c.versions.map((v) => ({
    ...v,
    schedule_id: scheduleId,
    revision: Math.max(before.get(String(v.id)) ?? 0, Number(v.revision) || 0) + 1,
    timetable_state: v.timetable_state === 'in_process' ? 'not_calculated' : v.timetable_state,
  }));
  const kept = versions.filter((v) => before.has(String(v.id)));
  const back = versions.filter((v) => !before.has(String(v.id)));
  await insertRows(tx, 'versions', back);
  for (const v of kept) {
    await sql`UPDATE versions SET kind = ${v.kind as string}, label = ${v.label as string},
      locked = ${Boolean(v.locked)}, sort_order = ${Number(v.sort_order)}, revision = ${Number(v.revision)},
      timetable_state = ${v.timetable_state as string}, data_date = ${(v.data_date as number | null) ?? null},
      progress_from_facts = ${Boolean(v.progress_from_facts)}
      WHERE space_id = ${spaceId} AND id = ${String(v.id)}`.execute(tx);
  }
  for (const { table, keep } of VERSION_TABLES) {
    await insertRows(tx, table, c.tables[table] ?? [], { keep });
  }
  await insertRows(tx, 'attributes', c.attributes, { onConflict: 'ON CONFLICT DO NOTHING' });
  await insertRows(tx, 'attribute_access', c.attribute_access, {
    keep:
      'EXISTS (SELECT 1 FROM roles x WHERE x.space_id = r.space_id AND x.id = r.role_id)' +
      ' AND EXISTS (SELECT 1 FROM attributes a WHERE a.space_id = r.space_id AND a.id = r.attribute_id)',
    onConflict: 'ON CONFLICT DO NOTHING',
  });
  return {
    versionIds: backupIds,
    removedVersionIds: currentIds.filter((id) => !keepIds.has(id)),
    revisions: Object.fromEntries(versions.map((v) => [String(v.id), Number(v.revision)])),
    figures: figuresOf(c),
  };
}
