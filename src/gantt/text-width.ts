// Text widths per font, kept: the same labels are measured on every scroll frame, and a canvas
// measureText per label per frame adds up.

const widths = new Map<string, number>();
/** Bounded: cleared when full (labels of a 100k-row schedule stream past while scrolling). */
const LIMIT = 20_000;

/** Width of `text` in CSS px; `ctx.font` must already be `font`. */
export function textWidth(ctx: CanvasRenderingContext2D, font: string, text: string): number {
  const key = `${font}\u0000${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    if (widths.size >= LIMIT) widths.clear();
    widths.set(key, (w = ctx.measureText(text).width));
  }
  return w;
}
