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

/**
 * The widest run of each colour (`#rrggbb`, exact) on any pixel line of grid row `row`'s band on
 * the static Gantt canvas, in page x (null: the colour is not drawn there), and the leftmost and
 * rightmost pixel of that colour anywhere in the band (`left`, `right`: a run crossed by the
 * data-date line is still whole between them). A summary bar's band is one long run of its
 * colour; glyphs of a label in the same colour make only short ones.
 */
export async function colourRuns(
  page: Page,
  row: number,
  colours: readonly string[],
  /** Only this page-x range (default: the whole canvas). */
  within?: { x0: number; x1: number },
): Promise<({ x0: number; x1: number; left: number; right: number } | null)[] | null> {
  return page.evaluate(
    ({ row, colours, within }) => {
      const r = document.querySelector(`[role=grid] [data-row="${row}"]`);
      const c = document.querySelector('.wb-gantt canvas') as HTMLCanvasElement | null;
      if (!r || !c) return null;
      const rr = r.getBoundingClientRect();
      const cb = c.getBoundingClientRect();
      const dpr = c.width / cb.width;
      const y0 = Math.max(0, Math.round((rr.top - cb.top) * dpr));
      const h = Math.max(1, Math.min(c.height, Math.round((rr.bottom - cb.top) * dpr)) - y0);
      const img = c.getContext('2d')!.getImageData(0, y0, c.width, h).data;
      const rgb = colours.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
      const from = within ? Math.max(0, Math.floor((within.x0 - cb.left) * dpr)) : 0;
      const to = within ? Math.min(c.width, Math.ceil((within.x1 - cb.left) * dpr)) : c.width;
      return rgb.map(([R, G, B]) => {
        let best = { x: 0, run: 0 };
        let left = Infinity;
        let right = -Infinity;
        for (let y = 0; y < h; y++) {
          let run = 0;
          for (let x = from; x < to; x++) {
            const i = 4 * (y * c.width + x);
            const hit = img[i] === R && img[i + 1] === G && img[i + 2] === B;
            run = hit ? run + 1 : 0;
            if (hit) {
              left = Math.min(left, x);
              right = Math.max(right, x + 1);
            }
            if (run > best.run) best = { x: x - run + 1, run };
          }
        }
        const px = (x: number) => cb.left + x / dpr;
        return best.run < 3
          ? null
          : { x0: px(best.x), x1: px(best.x + best.run), left: px(left), right: px(right) };
      });
    },
    { row, colours, within },
  );
}
