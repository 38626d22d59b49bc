// Cost estimating (issue 28; spec §2 cost module, §7 "costr" and POST versions/{id}/update-costs).
// The spec names no calls beyond update-costs: these are designed here and written in docs/costr.md.
// Decimals (quantities, prices, coefficients, amounts) travel as decimal text, never as JSON
// numbers: money is exact (src/domain/costr). Every edit of an estimate's tree or coefficients is
// one server-kept undo step (undo, redo answer the new revision).
import { z } from 'zod';
import { Id, IdParams, Ok, Timestamp } from './common';
import { route } from './route';
import type {
  Coefficient as DomainCoef,
  CostNode as DomainNode,
  CostrSettings as DomainSettings,
} from '../domain/costr';

const Dec = z.string().trim().max(40);
const Txt = (max: number) => z.string().max(max);

export const EstimateKind = z.enum(['dictionary', 'estimate']);
export const CostNodeKind = z.enum(['section', 'position']);

export const CostNode = z.object({
  id: Id,
  parent_id: Id.nullable(),
  order_key: z.string().min(1).max(64),
  kind: CostNodeKind,
  code: Txt(32),
  name: Txt(1000),
  measure: Txt(32),
  quantity: Dec,
  labour_price: Dec,
  machines_price: Dec,
  materials_price: Dec,
  labour_hours: Dec,
  dictionary_id: Id.nullable(),
  wbs_item_id: Id.nullable(),
  notes: Txt(1000),
});
export type CostNode = z.infer<typeof CostNode>;

/** CostNode's fields in order: the columns of `CostNodeColumns`. */
const NODE_FIELDS = Object.keys(CostNode.shape) as (keyof CostNode)[];
const MAX_NODES = 100_000;

/**
 * Nodes as columns, one array per field (index i of every array is node i): what the screen sends
 * for a big edit. A 10,000-row paste is ~45 % less JSON than as objects and no object per row to
 * parse and check; every array must be as long as `id`.
 */
export const CostNodeColumns = z
  .object(
    Object.fromEntries(NODE_FIELDS.map((f) => [f, z.array(CostNode.shape[f]).max(MAX_NODES)])) as {
      [K in keyof CostNode]: z.ZodArray<(typeof CostNode.shape)[K]>;
    },
  )
  .strict()
  .superRefine((c, ctx) => {
    for (const f of NODE_FIELDS)
      if (c[f].length !== c.id.length)
        ctx.addIssue({
          code: 'custom',
          path: [f],
          params: { code: 'costr.columns_length' },
        });
  });
export type CostNodeColumns = z.infer<typeof CostNodeColumns>;

export const Coefficient = z.object({
  id: Id,
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['regional', 'winter', 'cramped', 'overhead', 'profit', 'vat', 'other']),
  value: Dec,
  scope: z.enum(['position', 'section', 'estimate']),
  node_ids: z.array(Id).max(100_000),
  target: z.enum(['labour', 'machines', 'materials', 'total']),
  hours: z.boolean(),
  after: z.array(Id).max(100),
});
export type Coefficient = z.infer<typeof Coefficient>;

export const Rules = z.object({
  required: z.array(z.enum(['code', 'name', 'measure', 'quantity', 'price'])).max(5),
  price_tolerance_pct: Dec.nullable(),
  measure_match: z.boolean(),
  volume_tolerance_pct: Dec.nullable(),
  negative_prices: z.boolean(),
});

export const CostrSettings = z.object({
  // A text field of spec §5: at most 32 characters (prohibited characters: a 400 from the route).
  currency: z.string().trim().min(1).max(32),
  rounding_digits: z.number().int().min(0).max(4),
  rounding_mode: z.enum(['half_up', 'half_even', 'down', 'up']),
  coefficient_order: z
    .array(z.enum(['regional', 'winter', 'cramped', 'overhead', 'profit', 'vat', 'other']))
    .max(7),
  vat_pct: Dec,
  overhead_pct: Dec,
  rules: Rules,
});
export type CostrSettings = z.infer<typeof CostrSettings>;

export const Estimate = z.object({
  id: Id,
  kind: EstimateKind,
  name: z.string(),
  version_id: Id.nullable(),
  revision: z.number().int(),
  updated_at: Timestamp,
});
export type Estimate = z.infer<typeof Estimate>;

export const EstimateDoc = Estimate.extend({
  nodes: z.array(CostNode),
  coefficients: z.array(Coefficient),
  can_undo: z.boolean(),
  can_redo: z.boolean(),
  undo_label: z.string().nullable(),
  redo_label: z.string().nullable(),
});
export type EstimateDoc = z.infer<typeof EstimateDoc>;

export const Violation = z.object({
  rule: z.enum(['required', 'price_range', 'measure_match', 'wbs_volume', 'negative']),
  node_id: Id,
  field: z.string(),
  params: z.record(z.string(), z.string()),
});
export type Violation = z.infer<typeof Violation>;

/** A row whose written costs differ from its estimate now (GET costr/versions/{id}/stale). */
export const CostStaleRow = z
  .object({
    item_id: Id,
    estimate_id: Id,
    /** Cost and labour hours as update-costs wrote them into the row. */
    written_cost: z.string(),
    written_labour: z.string(),
    /** What the row's positions amount to now (null: no position is linked to it any more). */
    cost: z.string().nullable(),
    labour: z.string().nullable(),
  })
  .strict();
export type CostStaleRow = z.infer<typeof CostStaleRow>;

export const RevisionAnswer = z.object({
  revision: z.number().int(),
  violations: z.array(Violation),
});

const Amounts = z.object({
  labour: z.string(),
  machines: z.string(),
  materials: z.string(),
  total: z.string(),
  hours: z.string(),
});
export const Pdc = z.object({
  currency: z.string(),
  digits: z.number().int(),
  /** Coefficients in the order they apply. */
  order: z.array(Id),
  positions: z.array(
    z.object({ id: Id, steps: z.array(Amounts.extend({ coefficient_id: Id.nullable() })), final: Amounts }),
  ),
  sections: z.array(Amounts.extend({ id: Id })),
  total: Amounts,
});
export type Pdc = z.infer<typeof Pdc>;

export const ColumnMapping = z.object({
  header_row: z.number().int().min(1).max(100),
  columns: z.partialRecord(
    z.enum([
      'kind',
      'level',
      'code',
      'name',
      'measure',
      'quantity',
      'labourPrice',
      'machinesPrice',
      'materialsPrice',
      'labourHours',
      'notes',
    ]),
    z.string().trim().min(1).max(100),
  ),
});
export const SavedMapping = z.object({ id: Id, name: z.string(), mapping: ColumnMapping });

const EstimateParams = IdParams;
const Revision = z.number().int().min(0);

export const costrRoutes = {
  settings: route({
    method: 'GET',
    path: '/costr/settings',
    scope: 'space',
    summary:
      'Cost settings of the space: currency, rounding, coefficient order, VAT and overhead defaults, rules',
    response: CostrSettings,
  }),
  saveSettings: route({
    method: 'PUT',
    path: '/costr/settings',
    scope: 'space',
    ability: 'edit',
    summary: 'Save the cost settings',
    body: CostrSettings,
    response: CostrSettings,
  }),
  measures: route({
    method: 'GET',
    path: '/costr/measures',
    scope: 'space',
    summary: 'The measures directory: codes, dimensions, factors to the base unit, names in en and ru',
    response: z.array(
      z.object({
        code: z.string(),
        dimension: z.string(),
        factor: z.string(),
        name: z.object({ en: z.string(), ru: z.string() }),
        aliases: z.array(z.string()),
      }),
    ),
  }),
  list: route({
    method: 'GET',
    path: '/costr/estimates',
    scope: 'space',
    summary: 'Estimates and dictionaries of the space',
    query: z.object({ kind: EstimateKind.optional() }),
    response: z.array(Estimate.extend({ positions: z.number().int() })),
  }),
  create: route({
    method: 'POST',
    path: '/costr/estimates',
    scope: 'space',
    ability: 'edit',
    status: 201,
    summary: 'Create an estimate or a dictionary (price book)',
    body: z.object({
      name: z.string().trim().min(1).max(100),
      kind: EstimateKind,
      version_id: Id.nullable().optional(),
      /** Add the settings' VAT and overhead as coefficients. */
      default_coefficients: z.boolean().optional(),
    }),
    response: Estimate,
  }),
  get: route({
    method: 'GET',
    path: '/costr/estimates/:id',
    scope: 'space',
    summary: 'An estimate with its tree, coefficients and undo state',
    params: EstimateParams,
    response: EstimateDoc,
  }),
  update: route({
    method: 'PATCH',
    path: '/costr/estimates/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Rename an estimate or link it to a schedule version',
    params: EstimateParams,
    body: z.strictObject({
      name: z.string().trim().min(1).max(100).optional(),
      version_id: Id.nullable().optional(),
    }),
    response: Estimate,
  }),
  remove: route({
    method: 'DELETE',
    path: '/costr/estimates/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete an estimate',
    params: EstimateParams,
    response: Ok,
  }),
  edit: route({
    method: 'POST',
    path: '/costr/estimates/:id/edit',
    scope: 'space',
    ability: 'edit',
    summary: 'Change nodes (upserts and deletes, one undo step); 400 names each bad field',
    params: EstimateParams,
    body: z.object({
      revision: Revision,
      label: z.string().max(100),
      upserts: z.array(CostNode).max(MAX_NODES),
      /** More nodes to write, as columns (written after `upserts`). */
      upsert_columns: CostNodeColumns.optional(),
      deletes: z.array(Id).max(MAX_NODES),
    }),
    response: RevisionAnswer,
    bodyLimit: 64 * 1024 * 1024,
  }),
  coefficients: route({
    method: 'PUT',
    path: '/costr/estimates/:id/coefficients',
    scope: 'space',
    ability: 'edit',
    summary: 'Replace the coefficients (one undo step); 400 on a cycle or a bad value',
    params: EstimateParams,
    body: z.object({ revision: Revision, coefficients: z.array(Coefficient).max(200) }),
    response: RevisionAnswer,
  }),
  undo: route({
    method: 'POST',
    path: '/costr/estimates/:id/undo',
    scope: 'space',
    ability: 'edit',
    summary: 'Undo the last edit of the estimate',
    params: EstimateParams,
    response: RevisionAnswer,
  }),
  redo: route({
    method: 'POST',
    path: '/costr/estimates/:id/redo',
    scope: 'space',
    ability: 'edit',
    summary: 'Redo the last undone edit',
    params: EstimateParams,
    response: RevisionAnswer,
  }),
  pdc: route({
    method: 'GET',
    path: '/costr/estimates/:id/pdc',
    scope: 'space',
    summary: 'The computed list: each position after each coefficient, section and estimate totals',
    params: EstimateParams,
    response: Pdc,
  }),
  compliance: route({
    method: 'GET',
    path: '/costr/estimates/:id/compliance',
    scope: 'space',
    summary: 'Check the compliance rules now',
    params: EstimateParams,
    response: z.array(Violation),
  }),
  dictionarySearch: route({
    method: 'GET',
    path: '/costr/dictionary/search',
    scope: 'space',
    summary: 'Positions of the dictionaries whose code or name contains the text',
    query: z.object({ q: z.string().trim().min(1).max(32) }),
    response: z.array(CostNode.extend({ estimate_id: Id, estimate_name: z.string() })),
  }),
  linkByCode: route({
    method: 'POST',
    path: '/costr/estimates/:id/link-by-code',
    scope: 'space',
    ability: 'edit',
    summary: 'Link positions to the WBS rows of the estimate’s version with the same code (one undo step)',
    params: EstimateParams,
    body: z.object({ revision: Revision }),
    response: RevisionAnswer.extend({ linked: z.number().int() }),
  }),
  export: route({
    method: 'GET',
    path: '/costr/estimates/:id/export',
    scope: 'space',
    summary: 'Export as JSON (round trip), CSV or XLSX through a saved column mapping',
    params: EstimateParams,
    query: z.object({ format: z.enum(['json', 'csv', 'xlsx']), mapping_id: Id.optional() }),
    response: 'blob',
  }),
  import: route({
    method: 'POST',
    path: '/costr/estimates/:id/import',
    scope: 'space',
    ability: 'edit',
    consumes: 'multipart',
    summary: 'Add the nodes of a JSON, CSV or XLSX file (one undo step); bad cells are listed, the rest kept',
    params: EstimateParams,
    query: z.object({ mapping_id: Id.optional() }),
    response: RevisionAnswer.extend({
      added: z.number().int(),
      errors: z.array(
        z.object({ row: z.number().int(), field: z.string(), code: z.string(), message: z.string() }),
      ),
    }),
  }),
  mappings: route({
    method: 'GET',
    path: '/costr/mappings',
    scope: 'space',
    summary: 'Saved column mappings',
    response: z.array(SavedMapping),
  }),
  saveMapping: route({
    method: 'PUT',
    path: '/costr/mappings',
    scope: 'space',
    ability: 'edit',
    summary: 'Save a column mapping by name (replaces one of the same name)',
    body: z.object({ name: z.string().trim().min(1).max(100), mapping: ColumnMapping }),
    response: SavedMapping,
  }),
  updateCosts: route({
    method: 'POST',
    path: '/versions/:id/update-costs',
    scope: 'space',
    ability: 'edit',
    summary: 'Write the linked positions’ cost (price) and labour hours into the version’s WBS rows',
    params: IdParams,
    body: z.strictObject({ estimate_id: Id.optional() }),
    response: z.object({
      revision: z.number().int(),
      rows: z.number().int(),
      cost: z.string(),
      labour: z.string(),
    }),
  }),
  staleRows: route({
    method: 'GET',
    path: '/costr/versions/:id/stale',
    scope: 'space',
    summary:
      'Rows of a version whose costs written by update-costs differ from their estimates now (the workbench’s stale marks); takes no estimate seat, answers no rows when estimates are not licensed',
    params: IdParams,
    response: z.object({
      rows: z.array(CostStaleRow),
    }),
  }),
  versionCosts: route({
    method: 'GET',
    path: '/costr/versions/:id/costs',
    scope: 'space',
    summary:
      'Costs of a version’s rows: written cost and labour, stale flags, and the cumulative money curve',
    params: IdParams,
    response: z.object({
      rows: z.array(
        z.object({ item_id: Id, cost: z.string(), labour: z.string(), stale: z.boolean(), estimate_id: Id }),
      ),
      /** Cumulative cost by day (days since 2000-01-01), spread evenly over each row's dates. */
      curve: z.array(z.object({ day: z.number().int(), cost: z.number() })),
    }),
  }),
};

export const coefFromApi = (c: Coefficient): DomainCoef => ({
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
export const coefToApi = (c: DomainCoef): Coefficient => ({
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

// The mapping between the contract's nodes (snake_case) and the domain's, for the screen and the server.
export const nodeFromApi = (n: CostNode): DomainNode => ({
  id: n.id,
  parentId: n.parent_id,
  orderKey: n.order_key,
  kind: n.kind,
  code: n.code,
  name: n.name,
  measure: n.measure,
  quantity: n.quantity,
  labourPrice: n.labour_price,
  machinesPrice: n.machines_price,
  materialsPrice: n.materials_price,
  labourHours: n.labour_hours,
  dictionaryId: n.dictionary_id,
  wbsItemId: n.wbs_item_id,
  notes: n.notes,
});

/** The nodes of a column body, as the domain's. */
export function nodesFromColumns(c: CostNodeColumns): DomainNode[] {
  return c.id.map((id, i) => ({
    id,
    parentId: c.parent_id[i]!,
    orderKey: c.order_key[i]!,
    kind: c.kind[i]!,
    code: c.code[i]!,
    name: c.name[i]!,
    measure: c.measure[i]!,
    quantity: c.quantity[i]!,
    labourPrice: c.labour_price[i]!,
    machinesPrice: c.machines_price[i]!,
    materialsPrice: c.materials_price[i]!,
    labourHours: c.labour_hours[i]!,
    dictionaryId: c.dictionary_id[i]!,
    wbsItemId: c.wbs_item_id[i]!,
    notes: c.notes[i]!,
  }));
}

/** Nodes as the columns of a column body. */
export function nodesToColumns(nodes: readonly CostNode[]): CostNodeColumns {
  return Object.fromEntries(
    NODE_FIELDS.map((f) => [f, nodes.map((n) => n[f])]),
  ) as unknown as CostNodeColumns;
}

export const nodeToApi = (n: DomainNode): CostNode => ({
  id: n.id,
  parent_id: n.parentId,
  order_key: n.orderKey,
  kind: n.kind,
  code: n.code,
  name: n.name,
  measure: n.measure,
  quantity: n.quantity,
  labour_price: n.labourPrice,
  machines_price: n.machinesPrice,
  materials_price: n.materialsPrice,
  labour_hours: n.labourHours,
  dictionary_id: n.dictionaryId,
  wbs_item_id: n.wbsItemId,
  notes: n.notes,
});

export const settingsToApi = (s: DomainSettings): CostrSettings => ({
  currency: s.currency,
  rounding_digits: s.rounding.digits,
  rounding_mode: s.rounding.mode,
  coefficient_order: s.coefficientOrder as CostrSettings['coefficient_order'],
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
export const settingsFromApi = (s: CostrSettings): DomainSettings => ({
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
