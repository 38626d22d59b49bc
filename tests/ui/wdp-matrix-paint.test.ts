// The day matrix's canvas painter (issue 18): what a cell looks like (shading, closed days, the
// row's dates, values), that only the cells in view are painted, at their scrolled place, and the
// focused cell framed. The 2D context is a recording fake (Node has no canvas).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PaintRow, cellLook, paintMatrix } from '../../src/modules/wdp/matrix-paint';

interface Call {
  name: string;
  args: unknown[];
  fillStyle: unknown;
}

function recorder(calls: Call[]): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {};
  return new Proxy(state, {
    get: (target, k) =>
      k in target
        ? target[k]
        : (...args: unknown[]) => void calls.push({ name: String(k), args, fillStyle: target.fillStyle }),
    set: (target, k, v) => {
      target[k] = v;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

const FIRST = 100;
const working = Uint8Array.from({ length: 30 }, (_, i) => (i % 7 === 5 || i % 7 === 6 ? 0 : 1));
function row(id: string, values: Record<number, number>, over: Partial<PaintRow> = {}): PaintRow {
  return {
    id,
    sum: false,
    es: FIRST + 2,
    ef: FIRST + 8,
    working,
    openFrom: FIRST + 1,
    value: (d) => values[d] ?? null,
    approved: (d) => d === FIRST + 3,
    ...over,
  };
}
const fmt = (n: number) => String(n);
const view = {
  x: 0,
  y: 0,
  width: 48 * 10,
  height: 24 * 4,
  dpr: 1,
  rowH: 24,
  colW: 48,
  rows: 100,
  cols: 30,
  firstDay: FIRST,
  sel: { r0: 1, r1: 1, c0: 2, c1: 3 },
  focus: { row: 1, col: 3 },
  font: 'sans-serif',
};

describe('cellLook', () => {
  it('describes a day: off, closed, in the dates, first and last, approved, its text', () => {
    const r = row('a', { [FIRST + 2]: 5 });
    expect(cellLook(r, FIRST, 0, fmt)).toMatchObject({ text: '', closed: true, inDates: false });
    expect(cellLook(r, FIRST, 2, fmt)).toMatchObject({ text: '5', first: true, last: false, closed: false });
    expect(cellLook(r, FIRST, 8, fmt)).toMatchObject({ last: true, inDates: true });
    expect(cellLook(r, FIRST, 5, fmt).off).toBe(true);
    expect(cellLook(r, FIRST, 3, fmt).approved).toBe(true);
  });
  it('never marks a summary closed or approved', () => {
    const r = row('s', {}, { sum: true });
    expect(cellLook(r, FIRST, 0, fmt).closed).toBe(false);
    expect(cellLook(r, FIRST, 3, fmt).approved).toBe(false);
  });
});

describe('paintMatrix', () => {
  it('writes each value in view at its cell, right-aligned within the column', () => {
    const calls: Call[] = [];
    const rows = [row('a', { [FIRST + 2]: 7 }), row('b', { [FIRST + 4]: 9, [FIRST + 20]: 1 })];
    paintMatrix(recorder(calls), view, (r) => rows[r] ?? null, fmt);
    const texts = calls.filter((c) => c.name === 'fillText').map((c) => c.args.slice(0, 3));
    // Day 20 lies beyond the view's ten columns: not painted.
    expect(texts).toEqual([
      ['7', 2 * 48 + 44, 13],
      ['9', 4 * 48 + 44, 24 + 13],
    ]);
    // The focused cell is framed; the selection shaded.
    expect(calls.find((c) => c.name === 'strokeRect')?.args).toEqual([3 * 48 + 1, 24 + 1, 46, 22]);
    const sel = calls.filter((c) => c.name === 'fillRect' && String(c.fillStyle).startsWith('rgba'));
    expect(sel.map((c) => c.args)).toEqual([
      [2 * 48, 24, 48, 24],
      [3 * 48, 24, 48, 24],
    ]);
  });
  it('paints only the rows and columns in view, shifted by the scroll (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 1000 }), (y, x) => {
        const calls: Call[] = [];
        const asked: number[] = [];
        const every: Record<number, number> = {};
        for (let d = FIRST; d < FIRST + 30; d++) every[d] = d;
        paintMatrix(recorder(calls), { ...view, x, y }, (r) => (asked.push(r), row(`r${r}`, every)), fmt);
        expect(Math.min(...asked)).toBe(Math.floor(y / 24));
        expect(Math.max(...asked)).toBe(Math.ceil((y + view.height) / 24) - 1);
        for (const c of calls.filter((k) => k.name === 'fillText')) {
          const cx = c.args[1] as number;
          const cy = c.args[2] as number;
          // Its cell is at least partly in view.
          expect(cx - 44 + 48).toBeGreaterThan(0);
          expect(cx - 44).toBeLessThan(view.width);
          expect(cy - 13 + 24).toBeGreaterThan(0);
          expect(cy - 13).toBeLessThan(view.height);
          // The text is the day of its column.
          expect(Number(c.args[0])).toBe(FIRST + Math.floor((cx - 44 + x) / 48));
        }
      }),
      { numRuns: 60 },
    );
  });
});
