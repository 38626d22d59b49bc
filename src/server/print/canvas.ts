// Two drawing surfaces for the same page drawing: a pdfkit document (the print) and an SVG string
// (the preview's page image). The page code (render.ts) draws through this interface only, so the
// preview shows exactly what prints. Fonts: DejaVu Sans (covers Cyrillic), found on the machine.

import { existsSync } from 'node:fs';
import { pdfDocument } from '../lazy-libs';

const FONT_DIRS = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/dejavu', '/usr/share/fonts/TTF'];

function findFont(file: string): string {
  const dir = [process.env.PRINT_FONT_DIR, ...FONT_DIRS].find((d) => d && existsSync(`${d}/${file}`));
  if (!dir) throw new Error(`font ${file} not found (set PRINT_FONT_DIR)`);
  return `${dir}/${file}`;
}

let fonts: { regular: string; bold: string } | null = null;
export function fontFiles() {
  fonts ??= { regular: findFont('DejaVuSans.ttf'), bold: findFont('DejaVuSans-Bold.ttf') };
  return fonts;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

export interface Canvas {
  /** Text whose top-left corner is (x, y). */
  text(s: string, x: number, y: number, style: TextStyle): void;
  line(x1: number, y1: number, x2: number, y2: number, width: number, color: string, dash?: number): void;
  rect(x: number, y: number, w: number, h: number, fill: string | null, stroke?: string | null): void;
  polygon(points: [number, number][], fill: string): void;
  /** Many segments of one width and colour as one path (one paint operation). */
  lines(segments: readonly number[], width: number, color: string): void;
  /** Many filled rectangles (x, y, w, h) of one colour as one path. */
  rects(boxes: readonly number[], fill: string): void;
  /** Many filled polygons of one colour as one path. */
  polygons(list: readonly [number, number][][], fill: string): void;
  /** Saves the state, clips to the box, then maps (x, y) to (dx + x·s, dy + y·s). */
  enter(clip: { x: number; y: number; w: number; h: number }, dx: number, dy: number, s: number): void;
  leave(): void;
}

/**
 * Text widths (points) with the print's fonts: the sum of the glyphs' advance widths, each
 * looked up once per character (no shaping — kerning only narrows DejaVu's pairs, so a text
 * measured to fit fits), and `fit` from running sums rather than measuring every cut again.
 */
export class Measure {
  private readonly advance: { R: Map<number, number>; B: Map<number, number> } = {
    R: new Map(),
    B: new Map(),
  };
  private readonly fonts: { R: FontkitFont; B: FontkitFont };
  constructor() {
    const f = fontFiles();
    const doc = new (pdfDocument())({ autoFirstPage: false });
    doc.registerFont('R', f.regular);
    doc.registerFont('B', f.bold);
    const font = (name: string) => (doc.font(name) as unknown as { _font: { font: FontkitFont } })._font.font;
    this.fonts = { R: font('R'), B: font('B') };
  }
  /** The advance of a code point at size 1. */
  private adv(cp: number, bold: boolean): number {
    const table = bold ? this.advance.B : this.advance.R;
    let w = table.get(cp);
    if (w === undefined) {
      const font = bold ? this.fonts.B : this.fonts.R;
      w = font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm;
      table.set(cp, w);
    }
    return w;
  }
  width(s: string, size: number, bold = false): number {
    let w = 0;
    for (const ch of s) w += this.adv(ch.codePointAt(0)!, bold);
    return w * size;
  }
  /** The text cut with an ellipsis to fit `width`. */
  fit(s: string, width: number, size: number, bold = false): string {
    const limit = width / size;
    let w = 0;
    for (const ch of s) w += this.adv(ch.codePointAt(0)!, bold);
    if (w <= limit) return s;
    const room = limit - this.adv(0x2026, bold);
    let used = 0;
    let cut = 0;
    for (const ch of s) {
      const a = this.adv(ch.codePointAt(0)!, bold);
      if (used + a > room) break;
      used += a;
      cut += ch.length;
    }
    return cut === 0 ? '' : `${s.slice(0, cut)}…`;
  }
}

interface FontkitFont {
  unitsPerEm: number;
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
}

/** What PdfCanvas uses of pdfkit's embedded font (pdfkit 0.20: `doc._font` after `doc.font`). */
interface EmbeddedFont {
  id: string;
  font: FontkitFont;
  scale: number;
  ascender: number;
  subset: { includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  ref(): unknown;
}

const num = (v: number) => String(Math.round(v * 1000) / 1000);

export class PdfCanvas implements Canvas {
  /** Per font: code point → the subset glyph as 4 hex digits. */
  private readonly glyphs = new Map<EmbeddedFont, Map<number, string>>();
  constructor(private readonly doc: PDFKit.PDFDocument) {
    const f = fontFiles();
    doc.registerFont('R', f.regular);
    doc.registerFont('B', f.bold);
  }
  /**
   * Text written as PDF text operators with one glyph per character (no shaping: pdfkit's `text`
   * shapes every new word through fontkit, which was most of a large print's time). The glyphs
   * go into pdfkit's font subset with their widths and code points, so the embedded font, its
   * widths and its ToUnicode map are pdfkit's own. The advance is the glyph's, as Measure counts it.
   */
  text(s: string, x: number, y: number, st: TextStyle): void {
    if (!s) return;
    const doc = this.doc as unknown as PDFKit.PDFDocument & {
      _font: EmbeddedFont;
      page: { fonts: Record<string, unknown> };
      addContent(op: string): void;
    };
    doc.font(st.bold ? 'B' : 'R').fillColor(st.color ?? '#000000');
    const font = doc._font;
    let table = this.glyphs.get(font);
    if (!table) this.glyphs.set(font, (table = new Map()));
    let hex = '';
    for (const ch of s) {
      const cp = ch.codePointAt(0)!;
      let g = table.get(cp);
      if (g === undefined) {
        const glyph = font.font.glyphForCodePoint(cp);
        const gid = font.subset.includeGlyph(glyph.id);
        font.widths[gid] ??= glyph.advanceWidth * font.scale;
        font.unicode[gid] ??= [cp];
        g = `0000${gid.toString(16)}`.slice(-4);
        table.set(cp, g);
      }
      hex += g;
    }
    doc.page.fonts[font.id] ??= font.ref();
    // The page's user space runs down (pdfkit's); the text matrix turns the glyphs upright with
    // their baseline one ascender below y, where pdfkit's text would put it.
    const base = y + (font.ascender / 1000) * st.size;
    doc.addContent(`BT 1 0 0 -1 ${num(x)} ${num(base)} Tm /${font.id} ${num(st.size)} Tf <${hex}> Tj ET`);
  }
  line(x1: number, y1: number, x2: number, y2: number, width: number, color: string, dash?: number): void {
    this.doc.save().moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor(color);
    if (dash) this.doc.dash(dash, { space: dash });
    this.doc.stroke().restore();
  }
  rect(x: number, y: number, w: number, h: number, fill: string | null, stroke?: string | null): void {
    this.doc.rect(x, y, w, h);
    if (fill && stroke) this.doc.lineWidth(0.5).fillAndStroke(fill, stroke);
    else if (fill) this.doc.fillColor(fill).fill();
    else if (stroke) this.doc.lineWidth(0.5).strokeColor(stroke).stroke();
  }
  polygon(points: [number, number][], fill: string): void {
    this.doc
      .polygon(...points)
      .fillColor(fill)
      .fill();
  }
  lines(segments: readonly number[], width: number, color: string): void {
    if (segments.length === 0) return;
    this.doc.save();
    for (let i = 0; i < segments.length; i += 4)
      this.doc.moveTo(segments[i]!, segments[i + 1]!).lineTo(segments[i + 2]!, segments[i + 3]!);
    this.doc.lineWidth(width).strokeColor(color).stroke().restore();
  }
  rects(boxes: readonly number[], fill: string): void {
    if (boxes.length === 0) return;
    for (let i = 0; i < boxes.length; i += 4)
      this.doc.rect(boxes[i]!, boxes[i + 1]!, boxes[i + 2]!, boxes[i + 3]!);
    this.doc.fillColor(fill).fill();
  }
  polygons(list: readonly [number, number][][], fill: string): void {
    if (list.length === 0) return;
    for (const points of list) this.doc.polygon(...points);
    this.doc.fillColor(fill).fill();
  }
  enter(c: { x: number; y: number; w: number; h: number }, dx: number, dy: number, s: number): void {
    this.doc.save();
    this.doc.rect(c.x, c.y, c.w, c.h).clip();
    this.doc.transform(s, 0, 0, s, dx, dy);
  }
  leave(): void {
    this.doc.restore();
  }
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
const n = (v: number) => (Math.round(v * 100) / 100).toString();

/** One page as an SVG document, sized in points like the PDF page. */
export class SvgCanvas implements Canvas {
  private readonly out: string[] = [];
  private clips = 0;
  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {}
  text(s: string, x: number, y: number, st: TextStyle): void {
    if (!s) return;
    // pdfkit puts the top of the line box at y; DejaVu's ascender is 0.928 em.
    this.out.push(
      `<text x="${n(x)}" y="${n(y + st.size * 0.928)}" font-size="${n(st.size)}"${st.bold ? ' font-weight="bold"' : ''} fill="${st.color ?? '#000000'}">${esc(s)}</text>`,
    );
  }
  line(x1: number, y1: number, x2: number, y2: number, width: number, color: string, dash?: number): void {
    this.out.push(
      `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${color}" stroke-width="${n(width)}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
    );
  }
  rect(x: number, y: number, w: number, h: number, fill: string | null, stroke?: string | null): void {
    this.out.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill ?? 'none'}"${stroke ? ` stroke="${stroke}" stroke-width="0.5"` : ''}/>`,
    );
  }
  polygon(points: [number, number][], fill: string): void {
    this.out.push(
      `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"/>`,
    );
  }
  lines(segments: readonly number[], width: number, color: string): void {
    if (segments.length === 0) return;
    const d: string[] = [];
    for (let i = 0; i < segments.length; i += 4)
      d.push(`M${n(segments[i]!)} ${n(segments[i + 1]!)}L${n(segments[i + 2]!)} ${n(segments[i + 3]!)}`);
    this.out.push(`<path d="${d.join('')}" fill="none" stroke="${color}" stroke-width="${n(width)}"/>`);
  }
  rects(boxes: readonly number[], fill: string): void {
    if (boxes.length === 0) return;
    const d: string[] = [];
    for (let i = 0; i < boxes.length; i += 4)
      d.push(
        `M${n(boxes[i]!)} ${n(boxes[i + 1]!)}h${n(boxes[i + 2]!)}v${n(boxes[i + 3]!)}h${n(-boxes[i + 2]!)}z`,
      );
    this.out.push(`<path d="${d.join('')}" fill="${fill}"/>`);
  }
  polygons(list: readonly [number, number][][], fill: string): void {
    if (list.length === 0) return;
    const d = list.map((p) => `M${p.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}z`).join('');
    this.out.push(`<path d="${d}" fill="${fill}"/>`);
  }
  enter(c: { x: number; y: number; w: number; h: number }, dx: number, dy: number, s: number): void {
    const id = `c${this.clips++}`;
    this.out.push(
      `<clipPath id="${id}"><rect x="${n(c.x)}" y="${n(c.y)}" width="${n(c.w)}" height="${n(c.h)}"/></clipPath>`,
      `<g clip-path="url(#${id})"><g transform="matrix(${n(s)} 0 0 ${n(s)} ${n(dx)} ${n(dy)})">`,
    );
  }
  leave(): void {
    this.out.push('</g></g>');
  }
  toString(): string {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${n(this.width)}pt" height="${n(this.height)}pt" viewBox="0 0 ${n(this.width)} ${n(this.height)}" font-family="DejaVu Sans, Verdana, sans-serif">`,
      `<rect width="100%" height="100%" fill="#ffffff"/>`,
      ...this.out,
      '</svg>',
    ].join('');
  }
}
