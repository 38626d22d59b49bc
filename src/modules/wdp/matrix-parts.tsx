// The day matrix's small parts: the DOM day headings and frozen left cells, the canvas's number
// texts and font, the active cell's spoken description, and the test probe's shape.
import { memo } from 'react';
import { formatDate, formatNumber } from '../../domain/format';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import type { WbsRow } from '../../state/workbench/types';
import { dayHeadings } from './day-grid';
import type { CellLook } from './matrix-paint';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The day headings of the painted columns (painted again only when the columns move). */
export const DayHeadings = memo(function DayHeadings(p: {
  c0: number;
  c1: number;
  firstDay: number;
  lang: 'en' | 'ru';
  left: number;
}) {
  return <>{dayHeadings(p.c0, p.c1, p.firstDay, p.lang, p.left)}</>;
});

/** A row's frozen left cell: its name (in the tab), total and percent complete. */
export const LeftCell = memo(function LeftCell(p: {
  id: string;
  top: number;
  height: number;
  width: number;
  leaf: boolean;
  /** Code and name (the tab; beside the grid the grid shows them). */
  name: string | null;
  title: string | undefined;
  indent: number;
  total: string;
  pct: string;
}) {
  return (
    <div
      className={`wdp-left${p.leaf ? '' : ' wdp-sum'}`}
      style={{ top: p.top, height: p.height, width: p.width }}
      data-row={p.id}
      title={p.title}
    >
      {p.name !== null && (
        <span className="wdp-name" style={{ paddingLeft: p.indent }} title={p.name}>
          {p.name}
        </span>
      )}
      <span className="wdp-total" data-testid={`wdp-total-${p.id}`}>
        {p.total}
      </span>
      <span className="wdp-pct" data-testid={`wdp-pct-${p.id}`}>
        {p.pct}
      </span>
    </div>
  );
});

/** Formatted cell values by language: a scroll paints the same few numbers again and again. */
const formatted = { en: new Map<number, string>(), ru: new Map<number, string>() };
export function cellText(v: number, lang: 'en' | 'ru'): string {
  const m = formatted[lang];
  let out = m.get(v);
  if (out === undefined) {
    if (m.size > 20_000) m.clear();
    m.set(v, (out = formatNumber(v, { lang, decimals: 3, trimZeros: true })));
  }
  return out;
}

/** The page's font family for the canvas (read once per element: a style read, not a layout). */
const fonts = new WeakMap<HTMLElement, string>();
export function fontOf(el: HTMLElement | null): string {
  if (!el) return 'sans-serif';
  let f = fonts.get(el);
  if (f === undefined) fonts.set(el, (f = getComputedStyle(el).fontFamily || 'sans-serif'));
  return f;
}

/** What a screen reader says of the active cell: row, date, value and the day's state. */
export function activeLabel(
  look: CellLook,
  row: WbsRow | undefined,
  day: number,
  lang: 'en' | 'ru',
  t: T,
): string {
  const flags: string[] = [];
  if (look.sum) flags.push(t('active_flags.sum'));
  if (look.inDates) flags.push(t('active_flags.dates'));
  if (look.off) flags.push(t('active_flags.off'));
  if (look.closed) flags.push(t('active_flags.closed'));
  if (look.approved) flags.push(t('active_flags.approved'));
  const main = t('active_cell', {
    row: row ? `${row.code ?? ''} ${row.name}`.trim() : '',
    date: formatDate(day * MINUTES_PER_DAY, 'DD.MM.YYYY', lang),
    value: look.text === '' ? t('active_empty') : look.text,
  });
  return flags.length > 0 ? `${main} (${flags.join(', ')})` : main;
}

/** What the browser tests read of the painted matrix (set on the matrix element). */
export interface MatrixProbe {
  /** A cell as painted; its centre on the screen (`reveal`: scrolled into view first). */
  cell(
    id: string,
    day: number,
    reveal?: boolean,
  ): (CellLook & { selected: boolean; focused: boolean; x: number; y: number }) | null;
  /** A row's scheduled days and the texts of its days with a value. */
  row(id: string): { es: number; ef: number; texts: Record<number, string> } | null;
}
