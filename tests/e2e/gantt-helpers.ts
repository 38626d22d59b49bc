// Where the Gantt drew things, read back from its canvas pixels: the specs drag bars by what the
// user sees, not by the app's internal geometry.
import type { Page } from '@playwright/test';

export interface Band {
  /** Page x of the widest run of bar colour on the row's middle line, and the row's middle y. */
  readonly x0: number;
  readonly x1: number;
  readonly y: number;
  /** Page y of the top and bottom of the bar found there. */
  readonly top: number;
  readonly bottom: number;
  readonly rowTop: number;
  readonly rowBottom: number;
}

/** Where the static Gantt canvas drew the bar of grid row `row` (bars are saturated colours). */
export async function barOf(page: Page, row: number): Promise<Band | null> {
  return page.evaluate((row) => {
    const r = document.querySelector(`[role=grid] [data-row="${row}"]`);
    const c = document.querySelector('.wb-gantt canvas') as HTMLCanvasElement | null;
    if (!r || !c) return null;
    const rr = r.getBoundingClientRect();
    const cb = c.getBoundingClientRect();
    const dpr = c.width / cb.width;
    const ctx = c.getContext('2d')!;
    // The middle of the row band: a route along a row boundary is not a bar.
    const y0 = Math.max(0, Math.round((rr.top + 6 - cb.top) * dpr));
    const h = Math.max(1, Math.min(c.height, Math.round((rr.bottom - 6 - cb.top) * dpr)) - y0);
    const img = ctx.getImageData(0, y0, c.width, h).data;
    const sat = (x: number, y: number) => {
      const i = 4 * (y * c.width + x);
      return Math.max(img[i]!, img[i + 1]!, img[i + 2]!) - Math.min(img[i]!, img[i + 1]!, img[i + 2]!) > 80;
    };
    // The widest saturated run on any line of the band is the bar (or a link into its end).
    let best = { x: 0, run: 0, y: 0 };
    for (let y = 0; y < h; y++) {
      let run = 0;
      for (let x = 0; x < c.width; x++) {
        run = sat(x, y) ? run + 1 : 0;
        if (run > best.run) best = { x: x - run + 1, run, y };
      }
    }
    if (best.run < 2 * dpr) return null;
    const mid = best.x + Math.floor(best.run / 2);
    let top = best.y;
    let bottom = best.y;
    while (top > 0 && sat(mid, top - 1)) top--;
    while (bottom < h - 1 && sat(mid, bottom + 1)) bottom++;
    return {
      x0: cb.left + best.x / dpr,
      x1: cb.left + (best.x + best.run) / dpr,
      y: cb.top + (y0 + (top + bottom + 1) / 2) / dpr,
      top: cb.top + (y0 + top) / dpr,
      bottom: cb.top + (y0 + bottom + 1) / dpr,
      rowTop: rr.top,
      rowBottom: rr.bottom,
    };
  }, row);
}
