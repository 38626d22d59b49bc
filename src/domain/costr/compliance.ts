// Compliance rules an estimate must satisfy (settings.rules): required fields, unit prices within
// the dictionary position's range, the dictionary's measure, the quantity against the linked WBS
// row's volume, and no negative prices where they are forbidden. Checked on edit and on demand.
import { MONEY_SCALE, QTY_SCALE, formatDecimal, parseDecimal } from './decimal';
import { convertQuantity, convertible } from './measures';
import type { ComplianceRules, CostNode } from './types';

export type RuleKind = 'required' | 'price_range' | 'measure_match' | 'wbs_volume' | 'negative';

export interface Violation {
  rule: RuleKind;
  nodeId: string;
  field: string;
  /** Values for the message (decimal text, codes). */
  params: Record<string, string>;
}

export interface DictionaryPosition {
  id: string;
  measure: string;
  labourPrice: string;
  machinesPrice: string;
  materialsPrice: string;
}

export interface LinkedRow {
  id: string;
  code: string;
  volume: number | null;
  /** The row's unit of volume (a measure code or free text), '' if none. */
  unit: string;
}

const d = (t: string, scale: number): bigint | null => {
  if (!t) return 0n;
  const r = parseDecimal(t, scale);
  return r.ok ? r.value : null;
};
const PRICES = ['labourPrice', 'machinesPrice', 'materialsPrice'] as const;

/** The volume of a row as decimal text at QTY_SCALE (binary volumes are rounded to 6 decimals). */
const volumeOf = (v: number): bigint | null => {
  if (!Number.isFinite(v)) return null;
  const r = parseDecimal(v.toFixed(QTY_SCALE), QTY_SCALE);
  return r.ok ? r.value : null;
};

/** |a − b| ≤ b × pct / 100 (all exact). */
const within = (a: bigint, b: bigint, pctScaled: bigint): boolean => {
  const diff = a > b ? a - b : b - a;
  const base = b < 0n ? -b : b;
  return diff * 100n * 10n ** BigInt(MONEY_SCALE) <= base * pctScaled;
};

export function checkCompliance(
  nodes: readonly CostNode[],
  rules: ComplianceRules,
  dictionary: (id: string) => DictionaryPosition | undefined,
  linked: (id: string) => LinkedRow | undefined,
): Violation[] {
  const out: Violation[] = [];
  const priceTol = rules.priceTolerancePct ? d(rules.priceTolerancePct, MONEY_SCALE) : null;
  const volTol = rules.volumeTolerancePct ? d(rules.volumeTolerancePct, MONEY_SCALE) : null;
  for (const n of nodes) {
    if (n.kind !== 'position') continue;
    for (const f of rules.required) {
      const empty =
        f === 'price' ? PRICES.every((p) => !n[p] || d(n[p], MONEY_SCALE) === 0n) : n[f].trim() === '';
      if (empty) out.push({ rule: 'required', nodeId: n.id, field: f, params: {} });
    }
    if (!rules.negativePrices)
      for (const p of PRICES) {
        const v = d(n[p], MONEY_SCALE);
        if (v !== null && v < 0n)
          out.push({ rule: 'negative', nodeId: n.id, field: p, params: { value: n[p] } });
      }
    const dict = n.dictionaryId ? dictionary(n.dictionaryId) : undefined;
    if (dict && priceTol !== null)
      for (const p of PRICES) {
        const v = d(n[p], MONEY_SCALE);
        const ref = d(dict[p], MONEY_SCALE);
        if (v === null || ref === null || within(v, ref, priceTol)) continue;
        const span = ((ref < 0n ? -ref : ref) * priceTol) / (100n * 10n ** BigInt(MONEY_SCALE));
        out.push({
          rule: 'price_range',
          nodeId: n.id,
          field: p,
          params: {
            value: n[p] || '0',
            min: formatDecimal(ref - span, MONEY_SCALE),
            max: formatDecimal(ref + span, MONEY_SCALE),
          },
        });
      }
    if (dict && rules.measureMatch && dict.measure && n.measure !== dict.measure)
      out.push({
        rule: 'measure_match',
        nodeId: n.id,
        field: 'measure',
        params: {
          value: n.measure,
          expected: dict.measure,
          convertible: String(convertible(n.measure, dict.measure)),
        },
      });
    const row = n.wbsItemId ? linked(n.wbsItemId) : undefined;
    if (row && volTol !== null && row.volume !== null) {
      const q = d(n.quantity, QTY_SCALE);
      const vol = volumeOf(row.volume);
      if (q === null || vol === null) continue;
      // The quantity in the row's unit when both are known measures, else as it is.
      const inRowUnit = row.unit && n.measure ? (convertQuantity(q, n.measure, row.unit) ?? q) : q;
      if (!within(inRowUnit, vol, volTol))
        out.push({
          rule: 'wbs_volume',
          nodeId: n.id,
          field: 'quantity',
          params: {
            value: formatDecimal(inRowUnit, QTY_SCALE),
            volume: formatDecimal(vol, QTY_SCALE),
            code: row.code,
            unit: row.unit,
          },
        });
    }
  }
  return out;
}
