// Whether a cell's text fits its box, measured on a canvas in the grid's own font. Only the cells
// whose text would overflow are clipped (overflow: hidden + ellipsis): every clip is a paint
// property node of its own, and a clip on each of the ~800 cells in view cost every scroll frame
// about 1.5 ms of paint and layerizing (measured in a trace at 100k rows).

export interface TextFit {
  /** True when `text` is at most `room` CSS pixels wide in the grid's regular or bold font. */
  fits(text: string, bold: boolean, room: number): boolean;
}

/** Measured widths kept per text; past this many the cache starts again. */
const CACHE_LIMIT = 8192;
/** Slack for the difference between canvas and DOM text layout (hinting, rounding). */
const SLACK = 2;

/**
 * A measurer for the font of `element()` (read once, when first needed). Digits are measured as
 * '0': the grid uses tabular figures, which canvas text cannot ask for.
 */
export function textFitFor(element: () => Element | null): TextFit {
  let ctx: CanvasRenderingContext2D | null | undefined;
  let regular = '';
  let bold = '';
  const widths = [new Map<string, number>(), new Map<string, number>()] as const;

  const context = (): CanvasRenderingContext2D | null => {
    if (ctx !== undefined) return ctx;
    const el = element();
    if (!el || typeof document === 'undefined') return null;
    const style = getComputedStyle(el);
    regular = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    bold = `600 ${style.fontSize} ${style.fontFamily}`;
    ctx = document.createElement('canvas').getContext('2d');
    return ctx;
  };

  return {
    fits(text, isBold, room) {
      if (text.length === 0) return true;
      const c = context();
      // Unknown font (not mounted yet): clip, which is always correct.
      if (!c) return false;
      const cache = widths[isBold ? 1 : 0];
      let w = cache.get(text);
      if (w === undefined) {
        if (cache.size >= CACHE_LIMIT) cache.clear();
        c.font = isBold ? bold : regular;
        w = c.measureText(text.replace(/[0-9]/g, '0')).width;
        cache.set(text, w);
      }
      return w + SLACK <= room;
    },
  };
}
