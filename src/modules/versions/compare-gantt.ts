// The compare view's Gantt column: one time scale over both versions' dates, and per row where
// the base bar, the current bar and the finish slip between them lie on it. Pure.
import type { CompareRow } from '../../api/version-compare';

export interface Scale {
  readonly from: number;
  readonly to: number;
}

/** The span of every start and finish of both sides (minutes), a day of margin each end. */
export function scaleOf(rows: readonly CompareRow[]): Scale | null {
  let from = Infinity;
  let to = -Infinity;
  for (const r of rows)
    for (const s of [r.base, r.current])
      if (s && s.start !== null && s.finish !== null) {
        if (s.start < from) from = s.start;
        if (s.finish > to) to = s.finish;
      }
  if (!Number.isFinite(from)) return null;
  return { from: from - 1440, to: Math.max(to, from) + 1440 };
}

/** The scale over a comparison's date span (the compare call's `span`), a day of margin each end. */
export function scaleOfSpan(span: { start: number; finish: number } | null): Scale | null {
  return span && { from: span.start - 1440, to: Math.max(span.finish, span.start) + 1440 };
}

export interface Span {
  /** Left edge and width, per cent of the column. */
  readonly left: number;
  readonly width: number;
}

const pct = (scale: Scale, m: number) => ((m - scale.from) / (scale.to - scale.from)) * 100;

/** A bar from start to finish (null when either is not calculated). */
export function spanOf(scale: Scale, start: number | null, finish: number | null): Span | null {
  if (start === null || finish === null) return null;
  const left = pct(scale, start);
  return { left, width: Math.max(0, pct(scale, finish) - left) };
}

/** The slip: from the base finish to the current finish, `late` when it moved later. */
export function slipOf(scale: Scale, r: CompareRow): (Span & { late: boolean }) | null {
  const b = r.base?.finish ?? null;
  const c = r.current?.finish ?? null;
  if (b === null || c === null || b === c) return null;
  const left = pct(scale, Math.min(b, c));
  return { left, width: pct(scale, Math.max(b, c)) - left, late: c > b };
}

/** Month starts within the scale (minutes since 2000-01-01 UTC), at most `max` of them, evenly thinned. */
export function monthTicks(scale: Scale, max = 6): number[] {
  const base = Date.UTC(2000, 0, 1);
  const d = new Date(base + scale.from * 60_000);
  let y = d.getUTCFullYear();
  let m = d.getUTCMonth() + 1;
  const all: number[] = [];
  for (;;) {
    if (m === 12) {
      y++;
      m = 0;
    }
    const at = (Date.UTC(y, m, 1) - base) / 60_000;
    if (at > scale.to) break;
    all.push(at);
    m++;
  }
  const step = Math.max(1, Math.ceil(all.length / max));
  return all.filter((_, i) => i % step === 0);
}
