// A report's chart image ({{chart.NAME}}): an S-curve — cumulative series over periods — drawn as
// an SVG document, which the server turns into the PNG placed in the workbook. Pure: the same
// figures always give the same picture.
import { formatNumber } from '../format/numbers';

export interface ChartSeries {
  label: string;
  color: string;
  /** The cumulative value at the end of each period. */
  values: readonly number[];
  /** Drawn dashed (the target, so a plan equal to it still shows). */
  dashed?: boolean;
}

export interface ChartInput {
  title: string;
  /** Period starts and ends, engine minutes. */
  periods: readonly { from: number; to: number }[];
  series: readonly ChartSeries[];
  /** A vertical line at the data date (engine minutes), when inside the periods. */
  dataDate: number | null;
  lang: 'en' | 'ru';
  width?: number;
  height?: number;
}

const EPOCH_MS = Date.UTC(2000, 0, 1);
const day = (m: number) => new Date(EPOCH_MS + m * 60_000).toISOString().slice(0, 10);
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A round step giving about `n` ticks up to `max`. */
export function niceStep(max: number, n = 5): number {
  if (!(max > 0)) return 1;
  const raw = max / n;
  const p = 10 ** Math.floor(Math.log10(raw));
  const f = raw / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

export function chartSvg(c: ChartInput): string {
  const W = c.width ?? 720;
  const H = c.height ?? 360;
  const L = 86;
  const R = 16;
  const T = 40;
  const B = 64;
  const pw = W - L - R;
  const ph = H - T - B;
  const n = c.periods.length;
  const t0 = n ? c.periods[0]!.from : 0;
  const t1 = n ? c.periods[n - 1]!.to : 1;
  const max = Math.max(0, ...c.series.flatMap((s) => s.values));
  const step = niceStep(max);
  const top = max > 0 ? Math.ceil(max / step) * step : step;
  const x = (t: number) => L + ((t - t0) / Math.max(1, t1 - t0)) * pw;
  const y = (v: number) => T + ph - (v / top) * ph;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, sans-serif">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="${W / 2}" y="24" font-size="15" font-weight="bold" text-anchor="middle" fill="#222">${esc(c.title)}</text>`,
  ];
  for (let v = 0; v <= top + step / 2; v += step) {
    const yy = y(v).toFixed(1);
    out.push(`<line x1="${L}" y1="${yy}" x2="${L + pw}" y2="${yy}" stroke="#e3e3e3"/>`);
    out.push(
      `<text x="${L - 6}" y="${(y(v) + 4).toFixed(1)}" font-size="11" text-anchor="end" fill="#555">${esc(formatNumber(v, { lang: c.lang, decimals: 0 }))}</text>`,
    );
  }
  // Period labels: at most about 8, evenly picked.
  const every = Math.max(1, Math.ceil(n / 8));
  for (let i = 0; i < n; i += every) {
    const xx = x(c.periods[i]!.from);
    out.push(
      `<line x1="${xx.toFixed(1)}" y1="${T + ph}" x2="${xx.toFixed(1)}" y2="${T + ph + 4}" stroke="#888"/>`,
    );
    out.push(
      `<text x="${xx.toFixed(1)}" y="${T + ph + 18}" font-size="11" text-anchor="middle" fill="#555">${day(c.periods[i]!.from)}</text>`,
    );
  }
  out.push(`<line x1="${L}" y1="${T + ph}" x2="${L + pw}" y2="${T + ph}" stroke="#888"/>`);
  out.push(`<line x1="${L}" y1="${T}" x2="${L}" y2="${T + ph}" stroke="#888"/>`);
  if (c.dataDate !== null && c.dataDate >= t0 && c.dataDate <= t1) {
    const xx = x(c.dataDate).toFixed(1);
    out.push(`<line x1="${xx}" y1="${T}" x2="${xx}" y2="${T + ph}" stroke="#d33" stroke-dasharray="5 4"/>`);
  }
  for (const s of c.series) {
    if (s.values.length === 0) continue;
    // Each cumulative value stands at its period's end; the curve starts from 0 at the first start.
    const pts = [`${x(t0).toFixed(1)},${y(0).toFixed(1)}`];
    s.values.forEach((v, i) => pts.push(`${x(c.periods[i]!.to).toFixed(1)},${y(v).toFixed(1)}`));
    out.push(
      `<polyline points="${pts.join(' ')}" fill="none" stroke="${s.color}" stroke-width="2.5"${s.dashed ? ' stroke-dasharray="8 5"' : ''}/>`,
    );
  }
  let lx = L;
  for (const s of c.series) {
    out.push(`<rect x="${lx}" y="${H - 22}" width="14" height="4" fill="${s.color}"/>`);
    out.push(`<text x="${lx + 19}" y="${H - 16}" font-size="12" fill="#222">${esc(s.label)}</text>`);
    lx += 30 + s.label.length * 7.5;
  }
  out.push('</svg>');
  return out.join('');
}
