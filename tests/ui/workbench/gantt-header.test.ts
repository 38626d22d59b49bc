import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerLayout, placeLabel } from '../../../src/gantt/header-cells';
import type { HeaderTier } from '../../../src/gantt/header-cells';
import { LABEL_PAD, labelForms } from '../../../src/gantt/tier-labels';
import type { Timescale } from '../../../src/gantt/timescale';
import { MAX_ZOOM, MIN_ZOOM, SCALE_UNITS, fromDate, pxPerMinute } from '../../../src/gantt/timescale';

const at = (y: number, m: number, d: number) => fromDate(new Date(Date.UTC(y, m - 1, d)));
/** A monospace stand-in for the canvas: 6 px a character. */
const measure = (s: string) => s.length * 6;
const texts = { quarter: (q: number) => `Q${q}` };
const textsRu = { quarter: (q: number) => `${q} кв.` };

/** A timescale whose x = 0 is `left`. */
function scale(unit: Timescale['unit'], zoom: number, left: number): Timescale {
  return { unit, zoom, origin: 0, scrollLeft: left * pxPerMinute({ unit, zoom }) };
}

const layout = (ts: Timescale, width = 1200, locale = 'en-US', t = texts) =>
  headerLayout(ts, width, locale, t, measure, `test|${t.quarter(1)}`);

const labels = (tier: HeaderTier) => tier.cells.map((c) => c.label);

describe('header label forms', () => {
  it('localizes months without the year suffix and capitalized', () => {
    const [long, short] = labelForms('month', 'ru-RU', true, textsRu);
    expect(long!(at(2026, 8, 1))).toBe('Август 2026');
    expect(short!(at(2026, 9, 1))).toBe('Сент. 2026');
    expect(labelForms('month', 'en-US', false, texts)[0]!(at(2026, 9, 1))).toBe('September');
    expect(labelForms('quarter', 'ru-RU', false, textsRu)[0]!(at(2026, 8, 1))).toBe('3 кв.');
    expect(labelForms('day', 'en-US', false, texts)[0]!(at(2026, 3, 9))).toBe('Mon 9');
  });

  it('uses one form for every cell of a tier: no "Sep" between "August 2026" and "October 2026"', () => {
    // Months scale at zoom 1: a month is 84–93 px; "September" fits the narrowest (February).
    const { upper, lower } = layout(scale('month', 1, at(2026, 7, 1)));
    expect(labels(lower).slice(0, 4)).toEqual(['July', 'August', 'September', 'October']);
    expect(labels(upper)[0]).toBe('2026');
    // Zoomed out the whole tier turns short.
    const small = layout(scale('month', 0.5, at(2026, 7, 1)));
    expect(labels(small.lower).slice(0, 4)).toEqual(['Jul', 'Aug', 'Sep', 'Oct']);
    const ru = layout(scale('month', 1, at(2026, 7, 1)), 1200, 'ru-RU', textsRu);
    const forms = new Set(labels(ru.lower).map((l) => l.endsWith('.')));
    expect(forms.size).toBe(1);
  });

  it('places the week scale month boundaries in the upper tier only', () => {
    const { upper, lower } = layout(scale('week', 1, at(2026, 2, 23)));
    // Lower cells are whole weeks from Monday, with no cell boundary on the 1st of March.
    for (const c of lower.cells) expect(new Date(Date.UTC(2000, 0, 1) + c.start * 60000).getUTCDay()).toBe(1);
    expect(lower.cells.map((c) => c.start)).not.toContain(at(2026, 3, 1));
    expect(upper.cells.map((c) => c.start)).toContain(at(2026, 3, 1));
    expect(labels(upper)).toContain('March 2026');
    expect(labels(lower).slice(0, 3)).toEqual(['Feb 23', 'Mar 2', 'Mar 9']);
  });

  it('keeps the label of a partly visible first cell, inside the visible part', () => {
    // Quarters: Q1 2026 started 50 days left of the view.
    const { lower } = layout(scale('quarter', 1, at(2026, 1, 1) + 50 * 1440));
    const first = lower.cells[0]!;
    expect(first.x0).toBeLessThan(0);
    expect(first.label).toBe('Q1');
    expect(first.labelX).toBeGreaterThanOrEqual(LABEL_PAD);
    expect(first.labelX + measure('Q1')).toBeLessThanOrEqual(first.x1 - LABEL_PAD);
  });

  it('lets a label leave with its cell when less of the cell shows than the label needs', () => {
    expect(placeLabel(-100, 10, 30, 500)).toBe(10 - LABEL_PAD - 30);
    expect(placeLabel(490, 600, 30, 500)).toBe(490 + LABEL_PAD);
    expect(placeLabel(-100, 100, 30, 500)).toBe(35); // centred on the visible part, 0–100
    expect(placeLabel(400, 800, 30, 500)).toBe(435); // 400–500
    expect(placeLabel(0, 100, 30, 500)).toBe(35);
  });

  it('keeps every label in its cell and every tier in one form at any scale (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SCALE_UNITS),
        fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true }),
        fc.integer({ min: at(2001, 1, 1), max: at(2045, 1, 1) }),
        fc.integer({ min: 200, max: 2000 }),
        fc.constantFrom('en-US', 'ru-RU'),
        (unit, zoom, left, width, locale) => {
          const t = locale === 'ru-RU' ? textsRu : texts;
          const { upper, lower } = layout(scale(unit, zoom, left), width, locale, t);
          for (const tier of [upper, lower]) {
            expect(tier.cells.length).toBeGreaterThan(0);
            const labelled = tier.cells.filter((c) => c.label !== '').length;
            expect(labelled === 0 || labelled === tier.cells.length).toBe(true);
            for (let i = 1; i < tier.cells.length; i++) expect(tier.cells[i]!.x0).toBe(tier.cells[i - 1]!.x1);
            for (const c of tier.cells) {
              if (!c.label) continue;
              expect(c.labelX).toBeGreaterThanOrEqual(c.x0 + LABEL_PAD - 1e-6);
              expect(c.labelX + measure(c.label)).toBeLessThanOrEqual(c.x1 - LABEL_PAD + 1e-6);
            }
          }
        },
      ),
    );
  });
});
