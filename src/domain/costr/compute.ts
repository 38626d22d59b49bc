// The computed list (pdc): every position's amounts before and after each coefficient that applies
// to it, and the section and estimate totals. Money is integer minor units of the settings' digits
// (minor.ts: exact, no binary fractions), rounded at every step: base = quantity × unit price, then
// each coefficient in order. A section's total is the exact sum of its positions' final amounts.
// Hours are kept in hundredths.
import type { Rounding } from './decimal';
import { COEF_SCALE, MONEY_SCALE, QTY_SCALE, parseDecimal } from './decimal';
import { orderCoefficients } from './coefficients';
import { AmountTooLargeError, coefMinor, extendMinor } from './minor';
import type { Coefficient, CostNode, CostrSettings } from './types';

export interface Totals {
  labour: number;
  machines: number;
  materials: number;
  total: number;
  /** Labour hours in hundredths. */
  hours: number;
}

export interface PdcStep extends Totals {
  /** null: the base amounts (quantity × unit prices). */
  coefficientId: string | null;
}

export const HOURS_DIGITS = 2;
const HOURS_ROUNDING: Rounding = { digits: HOURS_DIGITS, mode: 'half_up' };
const MAX = Number.MAX_SAFE_INTEGER;
export const zeroTotals = (): Totals => ({ labour: 0, machines: 0, materials: 0, total: 0, hours: 0 });

const POW = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
const PLAIN = /^-?\d{1,15}(\.\d{1,6})?$/;

/** Decimal text as an integer at `scale` (0 for ''); NaN when not a number or beyond the safe range. */
export function scaledInt(text: string, scale: number): number {
  if (!text) return 0;
  if (PLAIN.test(text)) {
    const neg = text.charCodeAt(0) === 45;
    const dot = text.indexOf('.');
    const int = text.slice(neg ? 1 : 0, dot < 0 ? undefined : dot);
    const frac = dot < 0 ? '' : text.slice(dot + 1);
    if (frac.length <= scale) {
      const v = Number(int) * POW[scale]! + (frac ? Number(frac) * POW[scale - frac.length]! : 0);
      if (v <= MAX) return neg ? -v : v;
    }
  }
  const r = parseDecimal(text, scale);
  if (!r.ok) return NaN;
  const v = Number(r.value);
  return Number.isSafeInteger(v) ? v : NaN;
}

interface PreparedCoef {
  c: Coefficient;
  k: number;
  ids: Set<string>;
}

export interface PreparedEstimate {
  nodes: Map<string, CostNode>;
  parentOf: Map<string, string | null>;
  coefs: PreparedCoef[];
  rounding: Rounding;
  /** Each position's final amounts. */
  positions: Map<string, Totals>;
  sections: Map<string, Totals>;
  total: Totals;
}

function addInto(t: Totals, a: Totals, sign: 1 | -1, id: string): void {
  t.labour += sign * a.labour;
  t.machines += sign * a.machines;
  t.materials += sign * a.materials;
  t.total += sign * a.total;
  t.hours += sign * a.hours;
  if (
    Math.abs(t.total) >= MAX ||
    Math.abs(t.labour) >= MAX ||
    Math.abs(t.materials) >= MAX ||
    Math.abs(t.machines) >= MAX ||
    Math.abs(t.hours) >= MAX
  )
    throw new AmountTooLargeError(id);
}

/** Whether the coefficient applies to the position (its own id, or an ancestor section's). */
function applies(p: PreparedEstimate, pc: PreparedCoef, node: CostNode): boolean {
  if (pc.c.scope === 'estimate') return true;
  if (pc.c.scope === 'position') return pc.ids.has(node.id);
  let cur = node.parentId;
  while (cur) {
    if (pc.ids.has(cur)) return true;
    cur = p.parentOf.get(cur) ?? null;
  }
  return false;
}

const tooLarge = (v: number | null, id: string): number => {
  if (v === null || !Number.isSafeInteger(v)) throw new AmountTooLargeError(id);
  return v;
};

function baseAmount(q: number, text: string, r: Rounding, id: string): number {
  const price = scaledInt(text, MONEY_SCALE);
  return Number.isNaN(q) || Number.isNaN(price) ? 0 : tooLarge(extendMinor(q, price, r), id);
}

/** A position's final amounts; with `steps`, every step is pushed there too (the pdc rows). */
function computePosition(p: PreparedEstimate, node: CostNode, steps: PdcStep[] | null): Totals {
  const r = p.rounding;
  const id = node.id;
  const q = scaledInt(node.quantity, QTY_SCALE);
  let labour = baseAmount(q, node.labourPrice, r, id);
  let machines = baseAmount(q, node.machinesPrice, r, id);
  let materials = baseAmount(q, node.materialsPrice, r, id);
  let hours = baseAmount(q, node.labourHours, HOURS_ROUNDING, id);
  if (steps)
    steps.push({
      coefficientId: null,
      labour,
      machines,
      materials,
      total: labour + machines + materials,
      hours,
    });
  for (const pc of p.coefs) {
    if (!applies(p, pc, node)) continue;
    const t = pc.c.target;
    if (t === 'labour' || t === 'total') labour = tooLarge(coefMinor(labour, pc.k, r.mode), id);
    if (t === 'machines' || t === 'total') machines = tooLarge(coefMinor(machines, pc.k, r.mode), id);
    if (t === 'materials' || t === 'total') materials = tooLarge(coefMinor(materials, pc.k, r.mode), id);
    if (pc.c.hours && (t === 'labour' || t === 'total'))
      hours = tooLarge(coefMinor(hours, pc.k, 'half_up'), id);
    if (steps)
      steps.push({
        coefficientId: pc.c.id,
        labour,
        machines,
        materials,
        total: labour + machines + materials,
        hours,
      });
  }
  return { labour, machines, materials, total: tooLarge(labour + machines + materials, id), hours };
}

/** The pdc rows of one position: its base amounts and its amounts after each coefficient that applies. */
export function positionSteps(p: PreparedEstimate, id: string): PdcStep[] {
  const node = p.nodes.get(id);
  if (!node || node.kind !== 'position') return [];
  const steps: PdcStep[] = [];
  computePosition(p, node, steps);
  return steps;
}

function addToAncestors(p: PreparedEstimate, node: CostNode, a: Totals, sign: 1 | -1): void {
  addInto(p.total, a, sign, node.id);
  let cur = node.parentId;
  while (cur) {
    let t = p.sections.get(cur);
    if (!t) p.sections.set(cur, (t = zeroTotals()));
    addInto(t, a, sign, node.id);
    cur = p.parentOf.get(cur) ?? null;
  }
}

/**
 * Computes the whole estimate. Throws CoefficientCycleError when the coefficients' `after` links
 * form a cycle, AmountTooLargeError when an amount leaves the exact range (±2^53 minor units).
 */
export function computeEstimate(
  nodes: readonly CostNode[],
  coefficients: readonly Coefficient[],
  settings: Pick<CostrSettings, 'rounding' | 'coefficientOrder'>,
): PreparedEstimate {
  const ordered = orderCoefficients(coefficients, settings.coefficientOrder);
  const p: PreparedEstimate = {
    nodes: new Map(nodes.map((n) => [n.id, n])),
    parentOf: new Map(nodes.map((n) => [n.id, n.parentId])),
    coefs: ordered.map((c) => ({ c, k: scaledInt(c.value, COEF_SCALE) || 0, ids: new Set(c.nodeIds) })),
    rounding: settings.rounding,
    positions: new Map(),
    sections: new Map(),
    total: zeroTotals(),
  };
  for (const n of nodes) if (n.kind === 'section') p.sections.set(n.id, zeroTotals());
  for (const n of nodes) {
    if (n.kind !== 'position') continue;
    const t = computePosition(p, n, null);
    p.positions.set(n.id, t);
    addToAncestors(p, n, t, 1);
  }
  return p;
}

/**
 * One position's values changed (not its parent or kind): recomputes it and moves its ancestors'
 * totals by the difference. Mutates `p`; answers the position's new pdc.
 */
export function updatePosition(p: PreparedEstimate, node: CostNode): Totals {
  const old = p.positions.get(node.id);
  const before = p.nodes.get(node.id);
  if (!old || !before || before.parentId !== node.parentId || node.kind !== 'position')
    throw new Error('updatePosition: not the same stored position');
  const t = computePosition(p, node, null);
  p.nodes.set(node.id, node);
  p.positions.set(node.id, t);
  addToAncestors(p, node, old, -1);
  addToAncestors(p, node, t, 1);
  return t;
}
