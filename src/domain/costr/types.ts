// The cost module's document: an estimate (a price book `dictionary` or a project `estimate`) is a
// tree of sections and positions; decimals travel as text and are computed as bigint (decimal.ts).
import type { RoundingMode } from './decimal';

export type EstimateKind = 'dictionary' | 'estimate';
export type NodeKind = 'section' | 'position';

export interface CostNode {
  id: string;
  parentId: string | null;
  /** Fractional order key among siblings (src/domain/wbs/order-key.ts). */
  orderKey: string;
  kind: NodeKind;
  code: string;
  name: string;
  /** A measure code (measures.ts); '' for sections or not yet given. */
  measure: string;
  /** Decimal text; '' = not given. Positions only. */
  quantity: string;
  /** Unit price split (decimal text, '' = 0). */
  labourPrice: string;
  machinesPrice: string;
  materialsPrice: string;
  /** Labour hours per unit of measure (decimal text, '' = 0). */
  labourHours: string;
  /** The dictionary position this one came from (a node id of a dictionary estimate), or null. */
  dictionaryId: string | null;
  /** The WBS row of the estimate's version this position is linked to, or null. */
  wbsItemId: string | null;
  notes: string;
}

export type CoefScope = 'position' | 'section' | 'estimate';
export type CoefTarget = 'labour' | 'machines' | 'materials' | 'total';
export const COEF_KINDS = ['regional', 'winter', 'cramped', 'overhead', 'profit', 'vat', 'other'] as const;
export type CoefKind = (typeof COEF_KINDS)[number];

export interface Coefficient {
  id: string;
  name: string;
  kind: CoefKind;
  /** Multiplier as decimal text, e.g. "1.15" (up to 6 decimals, > 0). */
  value: string;
  scope: CoefScope;
  /** Section ids (scope section) or position ids (scope position); ignored for the estimate. */
  nodeIds: string[];
  target: CoefTarget;
  /** Also multiplies labour hours (targets labour and total only). */
  hours: boolean;
  /** Coefficients this one comes after (its own explicit order); a cycle is an error. */
  after: string[];
}

export interface ComplianceRules {
  required: ('code' | 'name' | 'measure' | 'quantity' | 'price')[];
  /** Allowed deviation of a unit price from its dictionary position, in percent; null = not checked. */
  priceTolerancePct: string | null;
  measureMatch: boolean;
  /** Allowed deviation of the quantity from the linked WBS row's volume, in percent; null = not checked. */
  volumeTolerancePct: string | null;
  negativePrices: boolean;
}

export interface CostrSettings {
  currency: string;
  rounding: { digits: number; mode: RoundingMode };
  /** Kinds in the order coefficients apply when their own `after` lists leave a choice. */
  coefficientOrder: string[];
  /** Defaults offered for new estimates: VAT and overhead in percent (decimal text). */
  vatPct: string;
  overheadPct: string;
  rules: ComplianceRules;
}

export const DEFAULT_SETTINGS: CostrSettings = {
  currency: 'EUR',
  rounding: { digits: 2, mode: 'half_up' },
  coefficientOrder: [...COEF_KINDS],
  vatPct: '20',
  overheadPct: '12',
  rules: {
    required: ['code', 'name', 'measure', 'quantity'],
    priceTolerancePct: '10',
    measureMatch: true,
    volumeTolerancePct: '5',
    negativePrices: false,
  },
};

export const emptyNode = (
  id: string,
  parentId: string | null,
  orderKey: string,
  kind: NodeKind,
): CostNode => ({
  id,
  parentId,
  orderKey,
  kind,
  code: '',
  name: '',
  measure: '',
  quantity: '',
  labourPrice: '',
  machinesPrice: '',
  materialsPrice: '',
  labourHours: '',
  dictionaryId: null,
  wbsItemId: null,
  notes: '',
});
