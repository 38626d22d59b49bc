// The computed list (pdc) as the contract answers it, from the domain's computation of an estimate.
// One function for both sides: the server answers `GET costr/estimates/{id}/pdc` with it, and the
// estimate screen computes it at once for its own edits (a paste is on screen before it is stored).
import type { Pdc } from './costr';
import type { Coefficient, CostNode, CostrSettings, Totals } from '../domain/costr';
import { HOURS_DIGITS, computeEstimate, minorText, orderCoefficients, positionSteps } from '../domain/costr';

const amounts = (t: Totals, digits: number) => ({
  labour: minorText(t.labour, digits),
  machines: minorText(t.machines, digits),
  materials: minorText(t.materials, digits),
  total: minorText(t.total, digits),
  hours: minorText(t.hours, HOURS_DIGITS),
});

/** Throws as computeEstimate does (a coefficient cycle, an amount out of the exact range). */
export function pdcAnswer(
  nodes: readonly CostNode[],
  coefs: readonly Coefficient[],
  settings: Pick<CostrSettings, 'currency' | 'rounding' | 'coefficientOrder'>,
): Pdc {
  const p = computeEstimate(nodes, coefs, settings);
  const d = settings.rounding.digits;
  return {
    currency: settings.currency,
    digits: d,
    order: orderCoefficients(coefs, settings.coefficientOrder).map((x) => x.id),
    positions: [...p.positions.entries()].map(([id, t]) => ({
      id,
      steps: positionSteps(p, id).map((s) => ({ coefficient_id: s.coefficientId, ...amounts(s, d) })),
      final: amounts(t, d),
    })),
    sections: [...p.sections.entries()].map(([id, t]) => ({ id, ...amounts(t, d) })),
    total: amounts(p.total, d),
  };
}
