// A whole space as a copy for another deployment (issue 21, docs/admin.md "Remote spaces"): the
// EPS tree (facilities, projects, schedule groups, schedules), versions with their rows, relations,
// resources and assignments, levelling, daily plans, directory links and cyclogram colours; the
// space's calendars, resources, directories (values, lists, complex relations), attributes with
// their access per role, custom roles, schedule settings and replacement rules, distributions and
// project pipe settings. Read as JSON (to_jsonb) in one repeatable-read transaction, as backups
// are (backups/snapshot.ts), and written with jsonb_populate_recordset, so each column keeps its
// type on PGlite and PostgreSQL alike.
//
// Left out: what belongs to people of the source (members, sessions, timesheets, notices, chat,
// layouts, filters, undo logs — the users do not exist on the target), stored files (photos, BIM
// models, backups, report templates), licences, jobs, estimates, and derived analytics caches
// (recomputed on first read). References to source users (a resource standing for a member, who
// levelled) become empty.
import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { freshIds, parentsFirst, remapIds } from '../../domain/admin/remote-copy';
import type { DB } from '../db/schema';
import { badRequest } from '../errors';
import { FREE_USER_CAP, createSpaceIn } from '../services/spaces';

export const COPY_FORMAT = 'planning-workbench/space-copy';
/** Bumped when a table or column the import needs changes incompatibly. */
export const COPY_FORMAT_VERSION = 1;

/** Tables of the copy, parents before children (the order of the inserts). */
const TABLES: readonly { table: string; users?: readonly string[] }[] = [
  { table: 'calendars' },
  { table: 'eps_nodes' },
  { table: 'resources', users: ['user_id'] },
  { table: 'directories' },
  { table: 'directory_values' },
  { table: 'directory_lists' },
  { table: 'directory_list_values' },
  { table: 'directory_relations' },
  { table: 'directory_relation_rows' },
  { table: 'directory_worktypes' },
  { table: 'distributions' },
  { table: 'project_pipe_settings' },
  { table: 'schedule_settings' },
  { table: 'schedule_replacements' },
  { table: 'versions' },
  { table: 'version_models' },
  { table: 'wbs_items' },
  { table: 'wbs_relations' },
  { table: 'version_resources' },
  { table: 'version_assignments' },
  { table: 'levelled_starts' },
  { table: 'version_levelling', users: ['levelled_by'] },
  { table: 'wdp_rows' },
  { table: 'wdp_days' },
  { table: 'wbs_directory_links' },
  { table: 'cyclogram_colors' },
  { table: 'attributes' },
  { table: 'attribute_access' },
];

type Row = Record<string, unknown>;
const LANGS = ['en', 'ru', 'fr'] as const;
type Db = Kysely<DB> | Transaction<DB>;

export interface SpaceCopy {
  format: typeof COPY_FORMAT;
  format_version: number;
  app_version: string;
  created_at: string;
  space: {
    id: string;
    name: string;
    plan_edit_days: number | null;
    fact_edit_days: number | null;
    default_language: 'en' | 'ru' | 'fr' | null;
    idle_timeout_minutes: number | null;
  };
  /** Every role of the source (built-in ones are matched by value, the others copied). */
  roles: Row[];
  tables: Record<string, Row[]>;
}

/** What a copy holds, as the list of remote spaces and the copy's answer show it. */
export interface CopyFigures {
  schedules: number;
  versions: number;
  rows: number;
  relations: number;
  calendars: number;
  resources: number;
  directories: number;
  attributes: number;
}

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const { rows } = await sql<{
    rows: Row[] | string;
  }>`SELECT coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) AS rows FROM (${query}) t`.execute(db);
  const out = rows[0]?.rows ?? [];
  return typeof out === 'string' ? (JSON.parse(out) as Row[]) : out;
}

/** Reads a space's copy; call in a repeatable-read transaction for a consistent one. */
export async function readSpace(db: Db, spaceId: string, appVersion: string): Promise<SpaceCopy> {
  const space = await db
    .selectFrom('spaces')
    .select(['id', 'name', 'plan_edit_days', 'fact_edit_days', 'default_language', 'idle_timeout_minutes'])
    .where('id', '=', spaceId)
    .executeTakeFirstOrThrow();
  const tables: Record<string, Row[]> = {};
  for (const { table } of TABLES) {
    tables[table] = await rowsOf(db, sql`SELECT * FROM ${sql.table(table)} WHERE space_id = ${spaceId}`);
  }
  return {
    format: COPY_FORMAT,
    format_version: COPY_FORMAT_VERSION,
    app_version: appVersion,
    created_at: new Date().toISOString(),
    space,
    roles: await rowsOf(db, sql`SELECT * FROM roles WHERE space_id = ${spaceId}`),
    tables,
  };
}

export const figuresOf = (c: SpaceCopy): CopyFigures => {
  const t = (name: string) => c.tables[name] ?? [];
  return {
    schedules: t('eps_nodes').filter((n) => n.kind === 'schedule').length,
    versions: t('versions').length,
    rows: t('wbs_items').length,
    relations: t('wbs_relations').length,
    calendars: t('calendars').length,
    resources: t('resources').length,
    directories: t('directories').length,
    attributes: t('attributes').length,
  };
};

/** Counts of a space straight from the database (the list of remote spaces). */
export async function countSpace(db: Db, spaceId: string): Promise<CopyFigures> {
  const n = async (table: string, extra = sql``) => {
    const { rows } = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM ${sql.table(table)} WHERE space_id = ${spaceId} ${extra}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };
  return {
    schedules: await n('eps_nodes', sql`AND kind = 'schedule'`),
    versions: await n('versions'),
    rows: await n('wbs_items'),
    relations: await n('wbs_relations'),
    calendars: await n('calendars'),
    resources: await n('resources'),
    directories: await n('directories'),
    attributes: await n('attributes'),
  };
}

export const encodeCopy = (c: SpaceCopy): Buffer => gzipSync(JSON.stringify(c));

/** Decodes a received copy; `maxBytes` bounds the unpacked JSON too (a gzip bomb stops there). */
export function decodeCopy(data: Uint8Array, maxBytes: number): SpaceCopy {
  let c: SpaceCopy;
  try {
    c = JSON.parse(gunzipSync(data, { maxOutputLength: maxBytes }).toString('utf8')) as SpaceCopy;
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw badRequest('remote.too_large');
    throw badRequest('remote.unreadable');
  }
  if (c?.format !== COPY_FORMAT || typeof c.format_version !== 'number')
    throw badRequest('remote.unreadable');
  if (c.format_version !== COPY_FORMAT_VERSION)
    throw badRequest('remote.unsupported_version', { version: String(c.app_version ?? c.format_version) });
  if (!c.space || !Array.isArray(c.roles) || !c.tables || typeof c.tables !== 'object')
    throw badRequest('remote.unreadable');
  return c;
}

async function columnsOf(tx: Db, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}`.execute(tx);
  return new Set(rows.map((r) => r.column_name));
}

async function insertRows(tx: Db, table: string, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const have = await columnsOf(tx, table);
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => have.has(c));
  const list = sql.join(cols.map((c) => sql.ref(c)));
  const picked = sql.join(cols.map((c) => sql.ref(`r.${c}`)));
  // Trees are written parents first, so the chunks of a large table never name a later parent.
  const ordered = have.has('parent_id') ? parentsFirst(rows) : rows;
  for (let i = 0; i < ordered.length; i += 20_000) {
    const chunk = JSON.stringify(ordered.slice(i, i + 20_000));
    await sql`INSERT INTO ${sql.table(table)} (${list})
      SELECT ${picked} FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${chunk}::jsonb) r`.execute(
      tx,
    );
  }
}

export interface ImportedSpace {
  spaceId: string;
  name: string;
  moderatorRoleId: string;
  figures: CopyFigures;
}

/**
 * Writes a copy as a new free space owned by `ownerId`, every id fresh; call inside one
 * transaction, so a failure leaves nothing behind.
 */
export async function importSpace(
  tx: Transaction<DB>,
  c: SpaceCopy,
  ownerId: string,
  name: string,
): Promise<ImportedSpace> {
  const { spaceId, moderatorRoleId } = await createSpaceIn(tx, {
    name,
    kind: 'free',
    ownerId,
    userCap: FREE_USER_CAP,
  });
  await tx
    .updateTable('spaces')
    .set({
      plan_edit_days: c.space.plan_edit_days ?? null,
      fact_edit_days: c.space.fact_edit_days ?? null,
      // A language this server does not offer falls back to the deployment's default.
      default_language: LANGS.includes(c.space.default_language as never) ? c.space.default_language : null,
      idle_timeout_minutes: c.space.idle_timeout_minutes ?? null,
    })
    .where('id', '=', spaceId)
    .execute();
  // The source's calendars replace the standard one a new space starts with.
  if (c.tables.calendars?.length) await tx.deleteFrom('calendars').where('space_id', '=', spaceId).execute();

  // Built-in roles are the new space's own of the same value; custom roles come along.
  const builtins = await tx
    .selectFrom('roles')
    .select(['id', 'value'])
    .where('space_id', '=', spaceId)
    .execute();
  const ids = new Map<string, string>([[c.space.id, spaceId]]);
  const custom: Row[] = [];
  for (const r of c.roles) {
    const own = r.builtin ? builtins.find((b) => b.value === r.value) : undefined;
    if (own) ids.set(String(r.id), own.id);
    else custom.push(r);
  }
  freshIds(custom, randomUUID, ids);
  for (const { table } of TABLES) freshIds(c.tables[table] ?? [], randomUUID, ids);

  await insertRows(tx, 'roles', remapIds(custom, ids));
  for (const { table, users } of TABLES) {
    const rows = remapIds(c.tables[table] ?? [], ids).map((r) => {
      if (!users) return r;
      const out = { ...r };
      for (const u of users) out[u] = null;
      return out;
    });
    await insertRows(tx, table, rows);
  }
  return { spaceId, name, moderatorRoleId, figures: figuresOf(c) };
}
