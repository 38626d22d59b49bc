// The cost module's storage: settings, estimates and their nodes, and the server-kept undo log.
// An edit is one step {nodes: [{id, before, after}], coefficients?: {before, after}} applied in a
// transaction that holds the estimate's row, checked against the revision the client saw (409 when
// another edit came first); undo applies a step's `before` side and marks it undone, redo its
// `after` side; a new edit clears the undone steps.
import { historyState } from './history-state';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import {
  coefFromApi,
  coefToApi,
  nodeFromApi,
  nodeToApi,
  settingsFromApi,
  settingsToApi,
} from '../../api/costr';
import type { Kysely, Transaction } from 'kysely';
import type { Violation as ApiViolation } from '../../api/costr';
import type { Coefficient, CostNode, CostrSettings, Violation } from '../../domain/costr';
import {
  AmountTooLargeError,
  CoefficientCycleError,
  DEFAULT_SETTINGS,
  checkCompliance,
  checkCoefficientValue,
  checkNode,
  computeEstimate,
} from '../../domain/costr';
import { arrayLiteral, jsonColumnsSelect, parseJsonColumns } from '../db/bulk';
import type { DB } from '../db/schema';
import { HttpError, conflict, notFound } from '../errors';
import type { Item } from '../errors';

type Tx = Transaction<DB> | Kysely<DB>;
const CHUNK = 5000;
/** Rows per INSERT/UPDATE statement of a bulk write (one statement for a 10,000-row paste). */
const WRITE_CHUNK = 10_000;

export const bad = (items: Item[]) => new HttpError(400, 'BadRequest', items.slice(0, 100));

// ---- mapping between the contract (snake_case) and the domain ----

export { coefFromApi, coefToApi, nodeFromApi, nodeToApi, settingsFromApi, settingsToApi };

export const violationToApi = (v: Violation): ApiViolation => ({
  rule: v.rule,
  node_id: v.nodeId,
  field: v.field,
  params: v.params,
});

// ---- reads ----

export async function loadSettings(db: Tx, spaceId: string): Promise<CostrSettings> {
  const r = await db
    .selectFrom('costr_settings')
    .select('settings')
    .where('space_id', '=', spaceId)
    .executeTakeFirst();
  return r ? (r.settings as unknown as CostrSettings) : DEFAULT_SETTINGS;
}

export async function getEstimate(db: Tx, spaceId: string, id: string, lock = false) {
  let q = db.selectFrom('costr_estimates').selectAll().where('space_id', '=', spaceId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const e = await q.executeTakeFirst();
  if (!e) throw notFound('estimate');
  return e;
}

/**
 * The estimate's nodes. Read as columns (one row holding a JSON array per column, parsed once)
 * rather than one object per row: the edit, undo, pdc and document calls all start here.
 */
export async function loadNodes(db: Tx, spaceId: string, estimateId: string): Promise<CostNode[]> {
  const r = await db
    .selectFrom('costr_nodes')
    .select(jsonColumnsSelect(COLUMNS).as('cols'))
    .where('space_id', '=', spaceId)
    .where('estimate_id', '=', estimateId)
    .executeTakeFirst();
  const [
    id,
    parent,
    order,
    kind,
    code,
    name,
    measure,
    quantity,
    labour,
    machines,
    materials,
    hours,
    dict,
    wbs,
    notes,
  ] = parseJsonColumns<string | null>(r?.cols, COLUMNS.length);
  const out = new Array<CostNode>(id!.length);
  for (let i = 0; i < out.length; i++)
    out[i] = {
      id: id![i]!,
      parentId: parent![i] ?? null,
      orderKey: order![i]!,
      kind: kind![i] as CostNode['kind'],
      code: code![i]!,
      name: name![i]!,
      measure: measure![i]!,
      quantity: quantity![i]!,
      labourPrice: labour![i]!,
      machinesPrice: machines![i]!,
      materialsPrice: materials![i]!,
      labourHours: hours![i]!,
      dictionaryId: dict![i] ?? null,
      wbsItemId: wbs![i] ?? null,
      notes: notes![i]!,
    };
  return out;
}

/** The estimate's violations now: dictionary positions and linked rows read for the nodes that name them. */
export async function violationsOf(
  db: Tx,
  spaceId: string,
  versionId: string | null,
  nodes: readonly CostNode[],
  settings: CostrSettings,
): Promise<Violation[]> {
  const dictIds = [...new Set(nodes.map((n) => n.dictionaryId).filter((x): x is string => !!x))];
  const rowIds = [...new Set(nodes.map((n) => n.wbsItemId).filter((x): x is string => !!x))];
  const dict = new Map<string, CostNode>();
  for (let i = 0; i < dictIds.length; i += CHUNK) {
    const part = await db
      .selectFrom('costr_nodes as n')
      .innerJoin('costr_estimates as e', (j) =>
        j.onRef('e.space_id', '=', 'n.space_id').onRef('e.id', '=', 'n.estimate_id'),
      )
      .select(['n.id', 'n.measure', 'n.labour_price', 'n.machines_price', 'n.materials_price'])
      .where('n.space_id', '=', spaceId)
      .where('e.kind', '=', 'dictionary')
      .where('n.id', 'in', dictIds.slice(i, i + CHUNK))
      .execute();
    for (const d of part)
      dict.set(d.id, {
        id: d.id,
        measure: d.measure,
        labourPrice: d.labour_price,
        machinesPrice: d.machines_price,
        materialsPrice: d.materials_price,
      } as CostNode);
  }
  const rows = new Map<string, { id: string; code: string; volume: number | null; unit: string }>();
  if (versionId)
    for (let i = 0; i < rowIds.length; i += CHUNK) {
      const part = await db
        .selectFrom('wbs_items as w')
        .leftJoin('wdp_rows as u', (j) =>
          j
            .onRef('u.space_id', '=', 'w.space_id')
            .onRef('u.version_id', '=', 'w.version_id')
            .onRef('u.item_id', '=', 'w.id'),
        )
        .select(['w.id', 'w.code', 'w.volume', 'u.unit'])
        .where('w.space_id', '=', spaceId)
        .where('w.version_id', '=', versionId)
        .where('w.id', 'in', rowIds.slice(i, i + CHUNK))
        .execute();
      for (const r of part) rows.set(r.id, { id: r.id, code: r.code, volume: r.volume, unit: r.unit ?? '' });
    }
  return checkCompliance(
    nodes,
    settings.rules,
    (id) => dict.get(id),
    (id) => rows.get(id),
  );
}

// ---- writes ----

export interface Step {
  nodes: { id: string; before: CostNode | null; after: CostNode | null }[];
  coefficients?: { before: Coefficient[]; after: Coefficient[] };
}

/** A node row's columns, in the order of the bulk writes' column arrays and of the columnar read. */
export const COLUMNS = [
  'id',
  'parent_id',
  'order_key',
  'kind',
  'code',
  'name',
  'measure',
  'quantity',
  'labour_price',
  'machines_price',
  'materials_price',
  'labour_hours',
  'dictionary_id',
  'wbs_item_id',
  'notes',
] as const;

/**
 * The nodes as one array literal per column (the text parameters of an `unnest`, db/bulk.ts), in
 * COLUMNS order (NODE_KEYS are the same fields in the same order).
 */
function columnArrays(nodes: readonly CostNode[]): string[] {
  return NODE_KEYS.map((k) => {
    const values = new Array<string | null>(nodes.length);
    for (let i = 0; i < nodes.length; i++) values[i] = (nodes[i]![k] as string | null) ?? null;
    return arrayLiteral(values);
  });
}

/**
 * The rows of the column arrays as a select list: one `unnest` per column, typed and named. Set-
 * returning functions in a select list run in step (the arrays are equally long, so the rows are
 * those of `unnest(a, b, …)` in FROM), without storing each column's rows first as FROM's function
 * scan does: on PGlite a 10,000-row insert took ~25 % less CPU this way.
 */
const unnestList = (a: string[]) =>
  sql`unnest(${a[0]}::uuid[]) AS id, unnest(${a[1]}::uuid[]) AS parent_id, unnest(${a[2]}::text[]) AS order_key,
    unnest(${a[3]}::text[]) AS kind, unnest(${a[4]}::text[]) AS code, unnest(${a[5]}::text[]) AS name,
    unnest(${a[6]}::text[]) AS measure, unnest(${a[7]}::text[]) AS quantity,
    unnest(${a[8]}::text[]) AS labour_price, unnest(${a[9]}::text[]) AS machines_price,
    unnest(${a[10]}::text[]) AS materials_price, unnest(${a[11]}::text[]) AS labour_hours,
    unnest(${a[12]}::uuid[]) AS dictionary_id, unnest(${a[13]}::uuid[]) AS wbs_item_id,
    unnest(${a[14]}::text[]) AS notes`;

/**
 * Writes one side of a step in bulk: the nodes that side removes in one DELETE per chunk, the
 * ones it adds (absent on the other side) in one INSERT … SELECT unnest(column arrays) per chunk,
 * the ones it changes in one UPDATE … FROM (SELECT unnest …) per chunk — never row by row. The
 * estimate's row lock (commitEdit, undoRedo) makes "absent on the other side" the stored truth.
 */
async function writeNodes(tx: Tx, spaceId: string, estimateId: string, side: 'before' | 'after', step: Step) {
  const other = side === 'after' ? 'before' : 'after';
  const removed = step.nodes.filter((c) => c[side] === null).map((c) => c.id);
  const added = step.nodes.filter((c) => c[side] !== null && c[other] === null).map((c) => c[side]!);
  const changed = step.nodes.filter((c) => c[side] !== null && c[other] !== null).map((c) => c[side]!);
  for (let i = 0; i < removed.length; i += CHUNK)
    await tx
      .deleteFrom('costr_nodes')
      .where('space_id', '=', spaceId)
      .where('estimate_id', '=', estimateId)
      .where('id', 'in', removed.slice(i, i + CHUNK))
      .execute();
  for (let i = 0; i < added.length; i += WRITE_CHUNK)
    await sql`INSERT INTO costr_nodes (space_id, estimate_id, id, parent_id, order_key, kind, code, name,
        measure, quantity, labour_price, machines_price, materials_price, labour_hours, dictionary_id,
        wbs_item_id, notes)
      SELECT ${spaceId}::uuid, ${estimateId}::uuid, ${unnestList(columnArrays(added.slice(i, i + WRITE_CHUNK)))}`.execute(
      tx,
    );
  for (let i = 0; i < changed.length; i += WRITE_CHUNK)
    await sql`UPDATE costr_nodes AS n SET parent_id = r.parent_id, order_key = r.order_key, kind = r.kind,
        code = r.code, name = r.name, measure = r.measure, quantity = r.quantity,
        labour_price = r.labour_price, machines_price = r.machines_price,
        materials_price = r.materials_price, labour_hours = r.labour_hours,
        dictionary_id = r.dictionary_id, wbs_item_id = r.wbs_item_id, notes = r.notes
      FROM (SELECT ${unnestList(columnArrays(changed.slice(i, i + WRITE_CHUNK)))}) AS r
      WHERE n.space_id = ${spaceId}::uuid AND n.estimate_id = ${estimateId}::uuid AND n.id = r.id`.execute(
      tx,
    );
  if (step.coefficients)
    await tx
      .updateTable('costr_estimates')
      .set({ coefficients: JSON.stringify(step.coefficients[side]) })
      .where('space_id', '=', spaceId)
      .where('id', '=', estimateId)
      .execute();
}

/** A node's fields in the order of a packed step's columns. */
const NODE_KEYS = [
  'id',
  'parentId',
  'orderKey',
  'kind',
  'code',
  'name',
  'measure',
  'quantity',
  'labourPrice',
  'machinesPrice',
  'materialsPrice',
  'labourHours',
  'dictionaryId',
  'wbsItemId',
  'notes',
] as const satisfies readonly (keyof CostNode)[];

/** One side of a step's nodes as columns (v 2): which nodes have that side ('1'/'0'), then each field's values of those. */
interface PackedSide {
  has: string;
  cols: (string | null)[][];
}
/** A step as packed by v 2: ids and both sides as columns, no key repeated per node. */
interface PackedStepV2 {
  v: 2;
  ids: string[];
  before: PackedSide;
  after: PackedSide;
  coefficients?: Step['coefficients'];
}

/** A column of a v 3 side: its values, or `{c}` when every value is `c`. */
type PackedColumn = (string | null)[] | { c: string | null };
/** One side of a step as packed now (v 3): as v 2 without the ids (the step's), constant columns once. */
interface PackedSideV3 {
  has: string;
  cols: PackedColumn[];
}
/**
 * A step as packed now (v 3): the ids once — as one string of 32 hex digits an id when every id is
 * a lowercase canonical UUID (a 10,000-row paste: 320 kB instead of 380 kB of JSON, and only once:
 * v 2 held them twice) —, each side's fields but the id as columns, a column of equal values once.
 */
interface PackedStepV3 {
  v: 3;
  ids: string | string[];
  before: PackedSideV3;
  after: PackedSideV3;
  coefficients?: Step['coefficients'];
}

/** The fields a v 3 side stores (the id is the step's). */
const SIDE_KEYS = NODE_KEYS.slice(1);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function packIds(ids: readonly string[]): string | string[] {
  let hex = '';
  for (const id of ids) {
    if (!UUID.test(id)) return [...ids];
    hex += id.slice(0, 8) + id.slice(9, 13) + id.slice(14, 18) + id.slice(19, 23) + id.slice(24);
  }
  return hex;
}

function unpackIds(ids: string | string[]): string[] {
  if (Array.isArray(ids)) return ids;
  const out = new Array<string>(ids.length / 32);
  for (let i = 0, o = 0; i < out.length; i++, o += 32)
    out[i] =
      `${ids.slice(o, o + 8)}-${ids.slice(o + 8, o + 12)}-${ids.slice(o + 12, o + 16)}-` +
      `${ids.slice(o + 16, o + 20)}-${ids.slice(o + 20, o + 32)}`;
  return out;
}

function packSide(step: Step, side: 'before' | 'after'): PackedSideV3 {
  const present: CostNode[] = [];
  let has = '';
  for (const c of step.nodes) {
    const n = c[side];
    has += n ? '1' : '0';
    if (n) present.push(n);
  }
  const cols = SIDE_KEYS.map((k): PackedColumn => {
    const values = new Array<string | null>(present.length);
    let same = true;
    for (let i = 0; i < present.length; i++) {
      const v = (present[i]![k] as string | null) ?? null;
      values[i] = v;
      if (v !== values[0]) same = false;
    }
    return same && present.length > 1 ? { c: values[0] ?? null } : values;
  });
  return { has, cols };
}

function unpackSide(p: PackedSide | PackedSideV3, ids: readonly string[], v: 2 | 3): (CostNode | null)[] {
  const keys = v === 2 ? NODE_KEYS : SIDE_KEYS;
  const out: (CostNode | null)[] = [];
  let k = 0;
  for (let i = 0; i < p.has.length; i++) {
    if (p.has[i] !== '1') {
      out.push(null);
      continue;
    }
    const n = {} as Record<string, string | null>;
    if (v === 3) n.id = ids[i]!;
    for (let j = 0; j < keys.length; j++) {
      const col = p.cols[j]!;
      n[keys[j]!] = (Array.isArray(col) ? col[k] : col.c) ?? null;
    }
    out.push(n as unknown as CostNode);
    k++;
  }
  return out;
}

/**
 * A step as stored: gzip-packed (migration 059) JSON of its nodes as columns (v 3; a 10,000-row
 * paste is ~3.6 MB as one object per node, ~0.6 MB as v 3 columns, ~0.25 MB packed), sent as base64
 * text for `decode(…, 'base64')` — PGlite encodes a text parameter several times faster than a
 * bytea one.
 */
export function packStep(step: Step): string {
  const p: PackedStepV3 = {
    v: 3,
    ids: packIds(step.nodes.map((c) => c.id)),
    before: packSide(step, 'before'),
    after: packSide(step, 'after'),
    ...(step.coefficients ? { coefficients: step.coefficients } : {}),
  };
  return gzipSync(JSON.stringify(p), { level: 1 }).toString('base64');
}

/**
 * A stored step: packed as v 3, packed as columns (v 2), packed as one object per node (before
 * v 2), or a jsonb `entry` written before migration 059.
 */
export function unpackStep(row: { packed: Uint8Array | null; entry: unknown }): Step {
  if (!row.packed) return row.entry as Step;
  const raw = JSON.parse(gunzipSync(row.packed).toString('utf8')) as Step | PackedStepV2 | PackedStepV3;
  if (!('v' in raw) || (raw.v !== 2 && raw.v !== 3)) return raw as Step;
  const ids = unpackIds(raw.ids);
  const before = unpackSide(raw.before, ids, raw.v);
  const after = unpackSide(raw.after, ids, raw.v);
  return {
    nodes: ids.map((id, i) => ({ id, before: before[i]!, after: after[i]! })),
    ...(raw.coefficients ? { coefficients: raw.coefficients } : {}),
  };
}

/** Checks an estimate as it would be: field errors, the tree, the coefficients, computable amounts. */
function checkResult(
  nodes: Map<string, CostNode>,
  coefs: Coefficient[],
  settings: CostrSettings,
  touched: Set<string>,
) {
  const items: Item[] = [];
  for (const id of touched) {
    const n = nodes.get(id);
    if (!n) continue;
    for (const e of checkNode(n, settings.rules))
      items.push({ code: e.code, params: { node_id: n.id, field: e.field } });
    if (n.parentId !== null) {
      const p = nodes.get(n.parentId);
      if (!p || p.kind !== 'section') items.push({ code: 'costr.bad_parent', params: { node_id: n.id } });
      else {
        // No cycle through the parents.
        let cur: string | null = n.parentId;
        let steps = 0;
        while (cur && steps++ <= nodes.size) {
          if (cur === n.id) {
            items.push({ code: 'costr.bad_parent', params: { node_id: n.id } });
            break;
          }
          cur = nodes.get(cur)?.parentId ?? null;
        }
      }
    }
  }
  for (const c of coefs) {
    const v = checkCoefficientValue(c.value);
    if (!v.ok) items.push({ code: v.code, params: { coefficient_id: c.id, field: 'value' } });
  }
  if (items.length) throw bad(items);
  try {
    computeEstimate([...nodes.values()], coefs, settings);
  } catch (e) {
    if (e instanceof CoefficientCycleError)
      throw bad([{ code: 'costr.coefficient_cycle', params: { ids: e.ids.join(', ') } }]);
    if (e instanceof AmountTooLargeError)
      throw bad([{ code: 'costr.too_large', params: { node_id: e.nodeId } }]);
    throw e;
  }
}

export interface EditScope {
  spaceId: string;
  estimateId: string;
  userId: string;
}

/**
 * One edit as one undo step: `build` sees the stored nodes and coefficients and answers the step;
 * the result is checked (400 with each bad field), written, logged; the revision moves on.
 */
export async function commitEdit(
  db: Kysely<DB>,
  s: EditScope,
  revision: number | null,
  label: string,
  build: (nodes: Map<string, CostNode>, coefs: Coefficient[], tx: Tx) => Promise<Step> | Step,
): Promise<{ revision: number; violations: Violation[] }> {
  return db.transaction().execute(async (tx) => {
    const e = await getEstimate(tx, s.spaceId, s.estimateId, true);
    if (revision !== null && revision !== e.revision)
      throw conflict('costr.stale_revision', { revision: e.revision });
    const settings = await loadSettings(tx, s.spaceId);
    const stored = await loadNodes(tx, s.spaceId, s.estimateId);
    const nodes = new Map(stored.map((n) => [n.id, n]));
    const coefs = (e.coefficients as Coefficient[]) ?? [];
    const step = await build(nodes, coefs, tx);
    if (step.nodes.length === 0 && !step.coefficients) return { revision: e.revision, violations: [] };
    const after = new Map(nodes);
    for (const c of step.nodes)
      if (c.after) after.set(c.id, c.after);
      else after.delete(c.id);
    // A removed section's children must go with it.
    for (const n of after.values())
      if (n.parentId && !after.has(n.parentId))
        throw bad([{ code: 'costr.bad_parent', params: { node_id: n.id } }]);
    // The bulk write is sent first and the checks and the undo step's packing run while the
    // database works on it (PGlite in its own thread, PostgreSQL in its own process); a refused
    // edit throws afterwards and the transaction rolls the write back, as if never sent.
    const written = writeNodes(tx, s.spaceId, s.estimateId, 'after', step).then(
      () => null,
      (err: unknown) => err ?? new Error('costr write failed'),
    );
    await new Promise<void>((resolve) => setImmediate(resolve));
    let refused: unknown = null;
    let packed = '';
    // The violations need no reads when no node names a dictionary position or a row: computed
    // here, while the write runs, rather than after it.
    const all = [...after.values()];
    const readsNeeded = all.some((n) => n.dictionaryId || (e.version_id && n.wbsItemId));
    let violations: Violation[] | null = null;
    try {
      checkResult(
        after,
        step.coefficients?.after ?? coefs,
        settings,
        new Set(step.nodes.filter((c) => c.after).map((c) => c.id)),
      );
      packed = packStep(step);
      if (!readsNeeded) violations = await violationsOf(tx, s.spaceId, e.version_id, all, settings);
    } catch (err) {
      refused = err;
    }
    const failed = await written;
    if (refused) throw refused;
    if (failed) throw failed;
    await tx
      .deleteFrom('costr_undo')
      .where('space_id', '=', s.spaceId)
      .where('estimate_id', '=', s.estimateId)
      .where('undone', '=', true)
      .execute();
    const last = await tx
      .selectFrom('costr_undo')
      .select((b) => b.fn.max('seq').as('seq'))
      .where('space_id', '=', s.spaceId)
      .where('estimate_id', '=', s.estimateId)
      .executeTakeFirst();
    await tx
      .insertInto('costr_undo')
      .values({
        space_id: s.spaceId,
        estimate_id: s.estimateId,
        seq: (last?.seq ?? 0) + 1,
        label,
        packed: sql<Buffer>`decode(${packed}, 'base64')`,
        user_id: s.userId,
      })
      .execute();
    const next = e.revision + 1;
    await tx
      .updateTable('costr_estimates')
      .set({ revision: next, updated_at: new Date() })
      .where('space_id', '=', s.spaceId)
      .where('id', '=', s.estimateId)
      .execute();
    return {
      revision: next,
      violations: violations ?? (await violationsOf(tx, s.spaceId, e.version_id, all, settings)),
    };
  });
}

/** Undo (the newest done step, its `before` side) or redo (the oldest undone step, its `after` side). */
export async function undoRedo(db: Kysely<DB>, s: EditScope, which: 'undo' | 'redo') {
  return db.transaction().execute(async (tx) => {
    const e = await getEstimate(tx, s.spaceId, s.estimateId, true);
    const row = await tx
      .selectFrom('costr_undo')
      .selectAll()
      .where('space_id', '=', s.spaceId)
      .where('estimate_id', '=', s.estimateId)
      .where('undone', '=', which === 'redo')
      .orderBy('seq', which === 'undo' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw conflict(which === 'undo' ? 'costr.nothing_to_undo' : 'costr.nothing_to_redo');
    const step = unpackStep(row);
    await writeNodes(tx, s.spaceId, s.estimateId, which === 'undo' ? 'before' : 'after', step);
    await tx
      .updateTable('costr_undo')
      .set({ undone: which === 'undo' })
      .where('space_id', '=', s.spaceId)
      .where('estimate_id', '=', s.estimateId)
      .where('seq', '=', row.seq)
      .execute();
    const next = e.revision + 1;
    await tx
      .updateTable('costr_estimates')
      .set({ revision: next, updated_at: new Date() })
      .where('space_id', '=', s.spaceId)
      .where('id', '=', s.estimateId)
      .execute();
    const settings = await loadSettings(tx, s.spaceId);
    const nodes = await loadNodes(tx, s.spaceId, s.estimateId);
    return {
      revision: next,
      violations: (await violationsOf(tx, s.spaceId, e.version_id, nodes, settings)).map(violationToApi),
    };
  });
}

export async function undoState(db: Tx, spaceId: string, estimateId: string) {
  const rows = await db
    .selectFrom('costr_undo')
    .select(['seq', 'label', 'undone'])
    .where('space_id', '=', spaceId)
    .where('estimate_id', '=', estimateId)
    .orderBy('seq', 'asc')
    .execute();
  return historyState(rows);
}
