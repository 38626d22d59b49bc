// Applies checked patches (wbs-patch.ts) to a version inside the caller's transaction. Runs of
// the same kind of patch become one statement each (a 10,000-row paste is a handful of
// statements, not 100,000); runs keep the patches' order, so a later patch wins. Relations
// added or re-pointed are checked for cycles with the domain's own check (relations.ts).
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { checkRelation, successorMap } from '../../domain/wbs/relations';
import type { WbsDoc, WbsRelation, WbsRow } from '../../domain/wbs/types';
import type { DB } from '../db/schema';
import { HttpError, conflict } from '../errors';
import { COLUMN_TYPES, RELATION_TYPES } from './wbs-patch';
import type { DbOp } from './wbs-patch';

type Tx = Transaction<DB> | Kysely<DB>;
interface Scope {
  spaceId: string;
  versionId: string;
}

const CHUNK = 5_000;
const TABLE = { rows: 'wbs_items', relations: 'wbs_relations' } as const;
const TYPES = { rows: COLUMN_TYPES, relations: RELATION_TYPES } as const;

/** `AS r(col type, …)` for jsonb_to_recordset over the given columns. */
const recordDef = (target: DbOp['target'], cols: readonly string[]) =>
  sql.raw(cols.map((c) => `"${c}" ${TYPES[target][c]}`).join(', '));

async function insertRun(tx: Tx, s: Scope, target: DbOp['target'], values: Record<string, unknown>[]) {
  const cols = Object.keys(values[0]!);
  for (let i = 0; i < values.length; i += CHUNK) {
    const part = JSON.stringify(values.slice(i, i + CHUNK));
    await sql`INSERT INTO ${sql.table(TABLE[target])} (space_id, version_id, ${sql.raw(cols.map((c) => `"${c}"`).join(', '))})
      SELECT ${s.spaceId}::uuid, ${s.versionId}::uuid, ${sql.raw(cols.map((c) => `r."${c}"`).join(', '))}
      FROM jsonb_to_recordset(${part}::jsonb) AS r(${recordDef(target, cols)})`.execute(tx);
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
    for (let i = 0; i < group.length; i += CHUNK) {
      const part = group.slice(i, i + CHUNK);
      const { rows } = await sql<{ id: string }>`UPDATE ${sql.table(TABLE[target])} AS w
        SET ${sql.raw(set.join(', '))}
        FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS r(${recordDef(target, cols)})
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
    if (op.op !== 'remove' && op.op !== 'attribute')
      byId.set(op.id, { ...byId.get(op.id), ...op.values, id: op.id });
  return [...byId.values()];
}

async function applyRun(tx: Tx, s: Scope, run: DbOp[], removed: Removed) {
  const { target, op } = run[0]!;
  if (op === 'remove') return removeRun(tx, s, target, [...new Set(run.map((o) => o.id))], removed);
  if (op === 'attribute') return attributeRun(tx, s, run);
  if (op === 'add') return insertRun(tx, s, target, fold(run));
  return updateRun(tx, s, target, fold(run));
}

/** Applies the ops in order; returns the ids of relations that were added or re-pointed. */
export async function applyOps(tx: Tx, s: Scope, ops: readonly DbOp[]): Promise<Set<string>> {
  const touched = new Set<string>();
  const removed: Removed = { rows: [], relations: [] };
  for (const op of ops) if (op.op === 'remove') removed[op.target].push(op.id);
  let run: DbOp[] = [];
  for (const op of ops) {
    if (op.target === 'relations' && op.op !== 'remove') {
      if (op.op !== 'field' || 'pred_id' in op.values || 'succ_id' in op.values) touched.add(op.id);
    }
    const prev = run[0];
    // add+replace of the same id in one run would be one insert: keep kinds apart.
    if (prev && (prev.target !== op.target || prev.op !== op.op)) {
      await applyRun(tx, s, run, removed);
      run = [];
    }
    run.push(op);
  }
  if (run.length) await applyRun(tx, s, run, removed);
  return touched;
}

/**
 * Refuses (400) a relation among `ids` that closes a cycle, links a summary with its own rows,
 * or duplicates a link: checked one by one against the graph without them, as the client does.
 */
export async function checkRelations(tx: Tx, s: Scope, ids: ReadonlySet<string>): Promise<void> {
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
    const refusal = checkRelation(doc, rel, succs);
    if (refusal) {
      const params = { relation: rel.id, path: ((refusal.params?.path as string[]) ?? []).join('>') };
      throw new HttpError(400, 'BadRequest', [{ code: refusal.key, params }]);
    }
    const list = succs.get(rel.predId);
    if (list) list.push(rel.succId);
    else succs.set(rel.predId, [rel.succId]);
  }
}
