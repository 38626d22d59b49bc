// The two tiers of the timescale header as cells: each tier's own boundaries and its labels, in
// one form per tier (tier-labels.ts). A label is centred on the visible part of its cell, so a
// cell cut by the chart's edge still shows its label until too little of the cell is left.
// Pure: the text measure is passed in; the work is proportional to the cells in view.

import type { HeaderTexts, TierUnit } from './tier-labels';
import { LABEL_PAD, chooseForm, labelForms } from './tier-labels';
import type { Tick, Timescale } from './timescale';
import { TIERS, ticks } from './timescale';

export interface HeaderCell {
  readonly start: number;
  readonly x0: number;
  readonly x1: number;
  /** Empty when the tier's labels do not fit at this zoom. */
  readonly label: string;
  /** Left x of the label text. */
  readonly labelX: number;
}

export interface HeaderTier {
  readonly unit: TierUnit;
  readonly ticks: readonly Tick[];
  readonly cells: readonly HeaderCell[];
}

export interface HeaderLayout {
  readonly upper: HeaderTier;
  readonly lower: HeaderTier;
}

/**
 * Left x of a label of width `tw` in the cell [x0, x1] of a chart `width` wide: centred on the
 * visible part of the cell.
 */
export function placeLabel(x0: number, x1: number, tw: number, width: number): number {
  const lo = Math.max(x0, 0) + LABEL_PAD;
  const hi = Math.min(x1, width) - LABEL_PAD - tw;
  if (lo <= hi) return (lo + hi) / 2;
  // The visible part is narrower than the label: it leaves with its cell.
  if (x0 < 0) return x1 - LABEL_PAD - tw;
  if (x1 > width) return x0 + LABEL_PAD;
  return (x0 + x1 - tw) / 2;
}

function tier(
  ts: Timescale,
  unit: TierUnit,
  withYear: boolean,
  width: number,
  locale: string,
  texts: HeaderTexts,
  measure: (text: string) => number,
  measureKey: string,
): HeaderTier {
  const list = ticks(ts, unit, width);
  const forms = labelForms(unit, locale, withYear, texts);
  const form = forms[chooseForm(unit, forms, ts, measure, `${measureKey}|${locale}|${withYear}`)];
  const cells: HeaderCell[] = [];
  for (const t of list) {
    const label = form ? form(t.start) : '';
    const labelX = label ? placeLabel(t.x0, t.x1, measure(label), width) : t.x0;
    cells.push({ start: t.start, x0: t.x0, x1: t.x1, label, labelX });
  }
  return { unit, ticks: list, cells };
}

/**
 * The header of a timescale `width` px wide. `measureKey` names the font and the quarter text (the
 * measured widths are cached under it).
 */
export function headerLayout(
  ts: Timescale,
  width: number,
  locale: string,
  texts: HeaderTexts,
  measure: (text: string) => number,
  measureKey: string,
): HeaderLayout {
  const [upper, lower] = TIERS[ts.unit];
  return {
    upper: tier(ts, upper, true, width, locale, texts, measure, measureKey),
    lower: tier(ts, lower, false, width, locale, texts, measure, measureKey),
  };
}
