// Applies checked patches (wbs-patch.ts) to a version inside the caller's transaction. Runs of
// the same kind of patch become one statement each (a 10,000-row paste is a handful of
// statements, not 100,000); runs keep the patches' order, so a later patch wins. A row's
// remaining duration is then settled from the row as stored (the domain's remainingDuration),
// unless the batch leaves it keeping one of its own (an import's, brought back by an undo).
// What whole rows and relations bring of an import's scheduling extras (a copied level-of-effort
// row, an elapsed lag) is merged into the version's extras, where Calculate reads it.
// Relations added or re-pointed are checked with the domain's own check (relations.ts), and
// rows re-parented must not put a stored relation between a row and one of its summaries.
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { remainingDuration } from '../../domain/wbs/progress';
import { checkRelation, successorMap, successorsIn } from '../../domain/wbs/relations';
import type { NodeType, Refusal, WbsDoc, WbsRelation, WbsRow } from '../../domain/wbs/types';
import { arrayLiteral, getBulkMode, unnestRows } from '../db/bulk';
import type { BulkColumn } from '../db/bulk';
import type { DB } from '../db/schema';
import { HttpError, conflict } from '../errors';
import { COLUMN_TYPES, PROGRESS_COLUMNS, RELATION_TYPES } from './wbs-patch';
import { presettleRemaining } from './remaining-presettle';
import type { DbOp } from './wbs-patch';

type Tx = Transaction<DB> | Kysely<DB>;
interface Scope {
  spaceId: string;
  versionId: string;
}

const CHUNK = 5_000;
/** Rows per INSERT / UPDATE of a run: a 10,000-row paste is one statement per kind of change. */
const WRITE_CHUNK = 10_000;
/** Rows per statement of a run (the baseline kept its 5,000). */
const writeChunk = () => (getBulkMode() === 'json' ? CHUNK : WRITE_CHUNK);
const TABLE = { rows: 'wbs_items', relations: 'wbs_relations' } as const;
const TYPES = { rows: COLUMN_TYPES, relations: RELATION_TYPES } as const;

/** `AS r(col type, …)` for jsonb_to_recordset over the given columns. */
const recordDef = (target: DbOp['target'], cols: readonly string[]) =>
  sql.raw(cols.map((c) => `"${c}" ${TYPES[target][c]}`).join(', '));

/** The typed columns of a run (trusted names from COLUMN_TYPES / RELATION_TYPES). */
const bulkColumns = (target: DbOp['target'], cols: readonly string[]): BulkColumn[] =>
  cols.map((c) => [c, TYPES[target][c]!] as const);
const columnList = (cols: readonly string[], prefix = '') =>
  sql.raw(cols.map((c) => `${prefix}"${c}"`).join(', '));

/** The rows of a run as a set: columns unnested from array literals, or (baseline) JSON. */
const rowSet = (target: DbOp['target'], cols: readonly string[], part: readonly Record<string, unknown>[]) =>
  getBulkMode() === 'json'
    ? sql`jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS r(${recordDef(target, cols)})`
    : unnestRows(bulkColumns(target, cols), part);

async function insertRun(tx: Tx, s: Scope, target: DbOp['target'], values: Record<string, unknown>[]) {
  const cols = Object.keys(values[0]!);
  const size = writeChunk();
  for (let i = 0; i < values.length; i += size) {
    const part = values.slice(i, i + size);
    await sql`INSERT INTO ${sql.table(TABLE[target])} (space_id, version_id, ${columnList(cols)})
      SELECT ${s.spaceId}::uuid, ${s.versionId}::uuid, ${columnList(cols, 'r.')}
      FROM ${rowSet(target, cols, part)}`.execute(tx);
  }
}

/** Updates rows that share the same set of columns; every one of them must exist. */
async function updateRun(tx: Tx, s: Scope, target: DbOp['target'], values: Record<string, unknown>[]) {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const v of values) {
    const key = Object.keys(v).sort().join(',');
    const list = groups.get(key);
    if (list) list.push(v);
    else groups.set(key, [v]);
  }
  for (const [key, group] of groups) {
    const cols = key.split(',');
    const set = cols.filter((c) => c !== 'id').map((c) => `"${c}" = r."${c}"`);
    const size = writeChunk();
    for (let i = 0; i < group.length; i += size) {
      const part = group.slice(i, i + size);
      const { rows } = await sql<{ id: string }>`UPDATE ${sql.table(TABLE[target])} AS w
        SET ${sql.raw(set.join(', '))}
        FROM ${rowSet(target, cols, part)}
        WHERE w.space_id = ${s.spaceId} AND w.version_id = ${s.versionId} AND w.id = r.id
        RETURNING w.id`.execute(tx);
      if (rows.length !== part.length) throw conflict('wbs.conflict', { what: target });
    }
  }
}

/** Ids a batch removes anywhere in it (a row's relations may come after the row). */
interface Removed {
  rows: string[];
  relations: string[];
}

/**
 * Removes are idempotent. A row may go only with its children and relations in the same batch:
 * the keys would cascade to them silently, and the entry's inverse could not bring them back.
 */
async function removeRun(tx: Tx, s: Scope, target: DbOp['target'], ids: string[], removed: Removed) {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    if (target === 'rows') {
      const { rows } = await sql<{ n: number }>`SELECT
        (SELECT count(*) FROM wbs_items WHERE space_id = ${s.spaceId} AND version_id = ${s.versionId}
          AND parent_id = ANY(${part}::uuid[]) AND NOT id = ANY(${removed.rows}::uuid[]))
        + (SELECT count(*) FROM wbs_relations WHERE space_id = ${s.spaceId} AND version_id = ${s.versionId}
          AND (pred_id = ANY(${part}::uuid[]) OR succ_id = ANY(${part}::uuid[]))
          AND NOT id = ANY(${removed.relations}::uuid[])) AS n`.execute(tx);
      if (Number(rows[0]!.n) > 0)
        throw new HttpError(400, 'BadRequest', [{ code: 'wbs.remove_leaves_orphans' }]);
    }
    await sql`DELETE FROM ${sql.table(TABLE[target])} WHERE space_id = ${s.spaceId}
      AND version_id = ${s.versionId} AND id = ANY(${part}::uuid[])`.execute(tx);
  }
}

/**
 * A run of single-attribute edits as one statement: per row, the keys to set (merged into the
 * jsonb) and the keys to remove, folded in order so the last edit of a key wins.
 */
async function attributeRun(tx: Tx, s: Scope, run: DbOp[]) {
  const byId = new Map<string, { id: string; set: Record<string, unknown>; del: string[] }>();
  for (const op of run) {
    if (op.op !== 'attribute') continue;
    const entry = byId.get(op.id) ?? { id: op.id, set: {}, del: [] };
    byId.set(op.id, entry);
    if (op.value === undefined) {
      delete entry.set[op.key];
      if (!entry.del.includes(op.key)) entry.del.push(op.key);
    } else {
      entry.set[op.key] = op.value;
      entry.del = entry.del.filter((k) => k !== op.key);
    }
  }
  const values = [...byId.values()];
  for (let i = 0; i < values.length; i += CHUNK) {
    const part = values.slice(i, i + CHUNK);
    const { rows } = await sql<{ id: string }>`UPDATE wbs_items AS w
      SET attributes = (coalesce(w.attributes, '{}'::jsonb) - r.del) || r.set
      FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS r(id uuid, set jsonb, del text[])
      WHERE w.space_id = ${s.spaceId} AND w.version_id = ${s.versionId} AND w.id = r.id
      RETURNING w.id`.execute(tx);
    if (rows.length !== part.length) throw conflict('wbs.conflict', { what: 'rows' });
  }
}

/** Folds a run of field replaces into one value set per id, in order (the last one wins). */
function fold(run: DbOp[]): Record<string, unknown>[] {
  const byId = new Map<string, Record<string, unknown>>();
  for (const op of run)
    if (op.op === 'add' || op.op === 'replace' || op.op === 'field')
      byId.set(op.id, { ...byId.get(op.id), ...op.values, id: op.id });
  return [...byId.values()];
}

/** A run of kept remaining durations: the last one of each row (null: settled afterwards). */
async function remainingRun(tx: Tx, s: Scope, run: DbOp[]) {
  const last = new Map<string, number | null>();
  for (const op of run) if (op.op === 'remaining') last.set(op.id, op.value);
  const values = [...last].flatMap(([id, remaining]) => (remaining === null ? [] : [{ id, remaining }]));
  if (values.length) await updateRun(tx, s, 'rows', values);
}

/**
 * Merges what whole rows and relations brought of an import's scheduling extras into the
 * version's (a version that was never imported has none to merge into, nor rows that bring any).
 */
async function mergeExtras(
  tx: Tx,
  s: Scope,
  items: Record<string, Record<string, unknown>>,
  relations: Record<string, Record<string, unknown>>,
) {
  if (Object.keys(items).length === 0 && Object.keys(relations).length === 0) return;
  const merged = (column: 'item_extras' | 'relation_extras', added: Record<string, unknown>) =>
    sql`m.${sql.raw(column)} || coalesce((SELECT jsonb_object_agg(e.key,
        coalesce(m.${sql.raw(column)} -> e.key, '{}'::jsonb) || e.value)
      FROM jsonb_each(${JSON.stringify(added)}::jsonb) e), '{}'::jsonb)`;
  await sql`UPDATE version_models AS m
    SET item_extras = ${merged('item_extras', items)}, relation_extras = ${merged('relation_extras', relations)}
    WHERE m.space_id = ${s.spaceId} AND m.version_id = ${s.versionId}`.execute(tx);
}

async function applyRun(tx: Tx, s: Scope, run: DbOp[], removed: Removed) {
  const { target, op } = run[0]!;
  if (op === 'remove') return removeRun(tx, s, target, [...new Set(run.map((o) => o.id))], removed);
  if (op === 'attribute') return attributeRun(tx, s, run);
  if (op === 'remaining') return remainingRun(tx, s, run);
  if (op === 'add') return insertRun(tx, s, target, fold(run));
  return updateRun(tx, s, target, fold(run));
}

/**
 * Sets `remaining` of the given rows to the domain's remainingDuration of the row as stored (a
 * batch may edit percent complete, duration, actual finish or type one field at a time).
 */
async function settleRemaining(tx: Tx, s: Scope, ids: readonly string[]) {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await tx
      .selectFrom('wbs_items')
      .select([
        'id',
        'node_type',
        'calendar_id',
        'duration',
        'percent',
        'actual_start',
        'actual_finish',
        'remaining',
      ])
      .where('space_id', '=', s.spaceId)
      .where('version_id', '=', s.versionId)
      .where(sql<boolean>`id = ANY(${arrayLiteral(ids.slice(i, i + CHUNK))}::uuid[])`)
      .execute();
    const changed: { id: string; remaining: number }[] = [];
    for (const r of rows) {
      const remaining = remainingDuration({
        nodeType: r.node_type as NodeType,
        calendarId: r.calendar_id,
        duration: r.duration,
        percentComplete: Number(r.percent),
        actualStart: r.actual_start,
        actualFinish: r.actual_finish,
      });
      if (remaining !== r.remaining) changed.push({ id: r.id, remaining });
    }
    if (changed.length)
      await sql`UPDATE wbs_items AS w SET remaining = r.remaining
        FROM ${rowSet('rows', ['id', 'remaining'], changed)}
        WHERE w.space_id = ${s.spaceId} AND w.version_id = ${s.versionId} AND w.id = r.id`.execute(tx);
  }
}

/** What an applied batch leaves to check: relations added or re-pointed, rows re-parented. */
export interface Applied {
  relations: Set<string>;
  reparented: Set<string>;
}

/**
 * Applies the ops in order, then settles the remaining duration of the rows whose progress they
 * edited (or whose kept remaining they released), except rows the batch leaves keeping one.
 */
export async function applyOps(tx: Tx, s: Scope, checked: readonly DbOp[]): Promise<Applied> {
  // Rows only edited field by field get their remaining with their last edit (one write each).
  const { ops, settled } = await presettleRemaining(tx, s, checked);
  const applied: Applied = { relations: new Set(), reparented: new Set() };
  const progress = new Set<string>();
  /** Whether each row the batch set a remaining for ends up keeping its own. */
  const keeps = new Map<string, boolean>();
  const extras = { rows: {} as Record<string, Record<string, unknown>>, relations: {} };
  const removed: Removed = { rows: [], relations: [] };
  for (const op of ops) if (op.op === 'remove') removed[op.target].push(op.id);
  let run: DbOp[] = [];
  const scheds: Record<string, Record<string, unknown> | null> = {};
  for (const op of ops) {
    if (op.op === 'sched') {
      scheds[op.id] = op.value;
      continue;
    }
    if (op.target === 'relations' && op.op !== 'remove') {
      if (op.op !== 'field' || 'pred_id' in op.values || 'succ_id' in op.values) applied.relations.add(op.id);
    }
    if (op.target === 'rows' && op.op === 'field') {
      if ('parent_id' in op.values) applied.reparented.add(op.id);
      if (PROGRESS_COLUMNS.some((c) => c in op.values)) progress.add(op.id);
    }
    if (op.op === 'remaining') {
      keeps.set(op.id, op.value !== null);
      progress.add(op.id);
    }
    if (op.op === 'add' || op.op === 'replace') {
      if (op.target === 'rows') keeps.set(op.id, op.keepsRemaining === true);
      if (op.extras) (extras[op.target] as Record<string, Record<string, unknown>>)[op.id] = op.extras;
    }
    // A whole row replaced may have moved (its remaining is computed with it, wbs-patch.ts).
    if (op.target === 'rows' && op.op === 'replace') applied.reparented.add(op.id);
    const prev = run[0];
    // add+replace of the same id in one run would be one insert: keep kinds apart.
    if (prev && (prev.target !== op.target || prev.op !== op.op)) {
      await applyRun(tx, s, run, removed);
      run = [];
    }
    run.push(op);
  }
  if (run.length) await applyRun(tx, s, run, removed);
  const settle = [...progress].filter((id) => keeps.get(id) !== true && !settled.has(id));
  if (settle.length) await settleRemaining(tx, s, settle);
  await mergeExtras(tx, s, extras.rows, extras.relations);
  await setSchedules(tx, s, scheds);
  return applied;
}

/**
 * Sets rows' scheduling extras whole (null: removed), after whole rows merged theirs; a version
 * never imported gets its model row (no file options) on the first one.
 */
async function setSchedules(tx: Tx, s: Scope, scheds: Record<string, Record<string, unknown> | null>) {
  const ids = Object.keys(scheds);
  if (ids.length === 0) return;
  const set = Object.fromEntries(
    Object.entries(scheds).filter(([, v]) => v !== null && Object.keys(v).length),
  );
  await sql`INSERT INTO version_models (space_id, version_id, source, project_name, options, item_extras,
      relation_extras, calendar_ids, attribute_defs)
    VALUES (${s.spaceId}, ${s.versionId}, 'product', '', 'null'::jsonb, '{}', '{}', '{}', '{}')
    ON CONFLICT (space_id, version_id) DO NOTHING`.execute(tx);
  await sql`UPDATE version_models AS m
    SET item_extras = (m.item_extras - ${ids}::text[]) || ${JSON.stringify(set)}::jsonb
    WHERE m.space_id = ${s.spaceId} AND m.version_id = ${s.versionId}`.execute(tx);
}

/** A refused relation as the client reports it: the domain's key, the relation, a cycle's path. */
const refused = (relation: string, refusal: Refusal) =>
  new HttpError(400, 'BadRequest', [
    {
      code: refusal.key,
      params: { relation, path: ((refusal.params?.path as string[] | undefined) ?? []).join('>') },
    },
  ]);

/**
 * Refuses (400 wbs.relation_hierarchy) a batch whose re-parented rows leave a stored relation
 * between a row and one of its own summaries (the domain's indent and outdent drop those links in
 * the same change: linksWithinHierarchy). Only such a pair is new: a row in the subtree of a
 * re-parented row, linked with an ancestor of that row. One statement, over the moved subtrees
 * and their ancestor chains only (UNION stops at a parent loop).
 */
async function checkHierarchyLinks(tx: Tx, s: Scope, reparented: ReadonlySet<string>): Promise<void> {
  if (reparented.size === 0) return;
  const { rows } = await sql<{ id: string }>`WITH RECURSIVE
      moved(id) AS (SELECT unnest(${[...reparented]}::uuid[])),
      anc(root, id) AS (
        SELECT w.id, w.parent_id FROM wbs_items w JOIN moved m ON w.id = m.id
          WHERE w.space_id = ${s.spaceId} AND w.version_id = ${s.versionId} AND w.parent_id IS NOT NULL
        UNION
        SELECT a.root, w.parent_id FROM anc a JOIN wbs_items w ON w.id = a.id
          AND w.space_id = ${s.spaceId} AND w.version_id = ${s.versionId}
          WHERE w.parent_id IS NOT NULL),
      sub(root, id) AS (
        SELECT id, id FROM moved
        UNION
        SELECT d.root, w.id FROM sub d JOIN wbs_items w ON w.parent_id = d.id
          AND w.space_id = ${s.spaceId} AND w.version_id = ${s.versionId})
    SELECT r.id FROM sub d
      JOIN wbs_relations r ON r.pred_id = d.id AND r.space_id = ${s.spaceId} AND r.version_id = ${s.versionId}
      JOIN anc a ON a.root = d.root AND a.id = r.succ_id
    UNION ALL
    SELECT r.id FROM sub d
      JOIN wbs_relations r ON r.succ_id = d.id AND r.space_id = ${s.spaceId} AND r.version_id = ${s.versionId}
      JOIN anc a ON a.root = d.root AND a.id = r.pred_id
    LIMIT 1`.execute(tx);
  if (rows[0]) throw refused(rows[0].id, { key: 'wbs.relation_hierarchy' });
}

/**
 * Refuses (400) a relation added or re-pointed that closes a cycle, links a summary with its own
 * rows, or duplicates a link: checked one by one against the graph without them, as the client
 * does; then a stored relation that the re-parented rows turned into a summary ↔ own row link.
 */
export async function checkRelations(tx: Tx, s: Scope, applied: Applied): Promise<void> {
  await checkAddedRelations(tx, s, applied.relations);
  await checkHierarchyLinks(tx, s, applied.reparented);
}

async function checkAddedRelations(tx: Tx, s: Scope, ids: ReadonlySet<string>): Promise<void> {
  if (ids.size === 0) return;
  const [items, relations] = await Promise.all([
    tx
      .selectFrom('wbs_items')
      .select(['id', 'parent_id'])
      .where('space_id', '=', s.spaceId)
      .where('version_id', '=', s.versionId)
      .execute(),
    tx
      .selectFrom('wbs_relations')
      .select(['id', 'pred_id', 'succ_id', 'type', 'lag'])
      .where('space_id', '=', s.spaceId)
      .where('version_id', '=', s.versionId)
      .execute(),
  ]);
  // isAncestor reads only parentId: the rows carry no other field here.
  const rows = new Map(items.map((r) => [r.id, { id: r.id, parentId: r.parent_id } as WbsRow]));
  const rels = new Map<string, WbsRelation>();
  const added: WbsRelation[] = [];
  for (const r of relations) {
    const rel = { id: r.id, predId: r.pred_id, succId: r.succ_id, type: r.type, lag: r.lag };
    if (ids.has(r.id)) added.push(rel);
    else rels.set(r.id, rel);
  }
  const succs = successorMap(rels);
  const doc: WbsDoc = { rows, relations: rels };
  for (const rel of added) {
    const refusal = checkRelation(doc, rel, successorsIn(succs));
    if (refusal) throw refused(rel.id, refusal);
    const list = succs.get(rel.predId);
    if (list) list.push(rel.succId);
    else succs.set(rel.predId, [rel.succId]);
  }
}
