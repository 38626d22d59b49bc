// The cost module's storage: settings, estimates and their nodes, and the server-kept undo log.
// An edit is one step {nodes: [{id, before, after}], coefficients?: {before, after}} applied in a
// transaction that holds the estimate's row, checked against the revision the client saw (409 when
// another edit came first); undo applies a step's `before` side and marks it undone, redo its
// `after` side; a new edit clears the undone steps.
import { sql } from 'kysely';
import { nodeFromApi, nodeToApi } from '../../api/costr';
import type { Kysely, Transaction } from 'kysely';
import type {
  CostrSettings as ApiSettings,
  Coefficient as ApiCoef,
  Violation as ApiViolation,
} from '../../api/costr';
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
import type { DB } from '../db/schema';
import { HttpError, conflict, notFound } from '../errors';
import type { Item } from '../errors';

type Tx = Transaction<DB> | Kysely<DB>;
const CHUNK = 5000;

export const bad = (items: Item[]) => new HttpError(400, 'BadRequest', items.slice(0, 100));

// ---- mapping between the contract (snake_case) and the domain ----

export { nodeFromApi, nodeToApi };

export const coefFromApi = (c: ApiCoef): Coefficient => ({
  id: c.id,
  name: c.name,
  kind: c.kind,
  value: c.value,
  scope: c.scope,
  nodeIds: c.node_ids,
  target: c.target,
  hours: c.hours,
  after: c.after,
});
export const coefToApi = (c: Coefficient): ApiCoef => ({
  id: c.id,
  name: c.name,
  kind: c.kind,
  value: c.value,
  scope: c.scope,
  node_ids: c.nodeIds,
  target: c.target,
  hours: c.hours,
  after: c.after,
});

export const settingsToApi = (s: CostrSettings): ApiSettings => ({
  currency: s.currency,
  rounding_digits: s.rounding.digits,
  rounding_mode: s.rounding.mode,
  coefficient_order: s.coefficientOrder as ApiSettings['coefficient_order'],
  vat_pct: s.vatPct,
  overhead_pct: s.overheadPct,
  rules: {
    required: s.rules.required,
    price_tolerance_pct: s.rules.priceTolerancePct,
    measure_match: s.rules.measureMatch,
    volume_tolerance_pct: s.rules.volumeTolerancePct,
    negative_prices: s.rules.negativePrices,
  },
});
export const settingsFromApi = (s: ApiSettings): CostrSettings => ({
  currency: s.currency,
  rounding: { digits: s.rounding_digits, mode: s.rounding_mode },
  coefficientOrder: s.coefficient_order,
  vatPct: s.vat_pct,
  overheadPct: s.overhead_pct,
  rules: {
    required: s.rules.required,
    priceTolerancePct: s.rules.price_tolerance_pct,
    measureMatch: s.rules.measure_match,
    volumeTolerancePct: s.rules.volume_tolerance_pct,
    negativePrices: s.rules.negative_prices,
  },
});
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

export async function loadNodes(db: Tx, spaceId: string, estimateId: string): Promise<CostNode[]> {
  const rows = await db
    .selectFrom('costr_nodes')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('estimate_id', '=', estimateId)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    orderKey: r.order_key,
    kind: r.kind,
    code: r.code,
    name: r.name,
    measure: r.measure,
    quantity: r.quantity,
    labourPrice: r.labour_price,
    machinesPrice: r.machines_price,
    materialsPrice: r.materials_price,
    labourHours: r.labour_hours,
    dictionaryId: r.dictionary_id,
    wbsItemId: r.wbs_item_id,
    notes: r.notes,
  }));
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

async function writeNodes(tx: Tx, spaceId: string, estimateId: string, side: 'before' | 'after', step: Step) {
  const removed = step.nodes.filter((c) => c[side] === null).map((c) => c.id);
  const kept = step.nodes.map((c) => c[side]).filter((n): n is CostNode => n !== null);
  for (let i = 0; i < removed.length; i += CHUNK)
    await tx
      .deleteFrom('costr_nodes')
      .where('space_id', '=', spaceId)
      .where('estimate_id', '=', estimateId)
      .where('id', 'in', removed.slice(i, i + CHUNK))
      .execute();
  for (let i = 0; i < kept.length; i += CHUNK) {
    const json = JSON.stringify(kept.slice(i, i + CHUNK).map(nodeToApi));
    await sql`INSERT INTO costr_nodes (space_id, estimate_id, id, parent_id, order_key, kind, code, name, measure,
        quantity, labour_price, machines_price, materials_price, labour_hours, dictionary_id, wbs_item_id, notes)
      SELECT ${spaceId}::uuid, ${estimateId}::uuid, r.id, r.parent_id, r.order_key, r.kind, r.code, r.name, r.measure,
        r.quantity, r.labour_price, r.machines_price, r.materials_price, r.labour_hours, r.dictionary_id, r.wbs_item_id, r.notes
      FROM jsonb_to_recordset(${json}::jsonb) AS r(id uuid, parent_id uuid, order_key text, kind text, code text,
        name text, measure text, quantity text, labour_price text, machines_price text, materials_price text,
        labour_hours text, dictionary_id uuid, wbs_item_id uuid, notes text)
      ON CONFLICT (space_id, estimate_id, id) DO UPDATE SET parent_id = excluded.parent_id,
        order_key = excluded.order_key, kind = excluded.kind, code = excluded.code, name = excluded.name,
        measure = excluded.measure, quantity = excluded.quantity, labour_price = excluded.labour_price,
        machines_price = excluded.machines_price, materials_price = excluded.materials_price,
        labour_hours = excluded.labour_hours, dictionary_id = excluded.dictionary_id,
        wbs_item_id = excluded.wbs_item_id, notes = excluded.notes`.execute(tx);
  }
  if (step.coefficients)
    await tx
      .updateTable('costr_estimates')
      .set({ coefficients: JSON.stringify(step.coefficients[side]) })
      .where('space_id', '=', spaceId)
      .where('id', '=', estimateId)
      .execute();
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
    checkResult(
      after,
      step.coefficients?.after ?? coefs,
      settings,
      new Set(step.nodes.filter((c) => c.after).map((c) => c.id)),
    );
    await writeNodes(tx, s.spaceId, s.estimateId, 'after', step);
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
        entry: JSON.stringify(step),
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
    const all = [...after.values()];
    return { revision: next, violations: await violationsOf(tx, s.spaceId, e.version_id, all, settings) };
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
    const step = row.entry as unknown as Step;
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
  const done = rows.filter((r) => !r.undone);
  const undone = rows.filter((r) => r.undone);
  return {
    can_undo: done.length > 0,
    can_redo: undone.length > 0,
    undo_label: done[done.length - 1]?.label ?? null,
    redo_label: undone[0]?.label ?? null,
  };
}
