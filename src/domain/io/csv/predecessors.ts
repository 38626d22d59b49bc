// The predecessor column of the activity table: '1020FS+16h; 1030SS; 1040FF-0.5d', each item a
// predecessor reference (its code, or its id when codes are not unique), the link type, and an
// optional signed lag with a unit (m, h, d, w; no unit = days as in MS Project).

import type { Relation } from '../../schedule/model';
import { formatNumber } from '../write-time';

export interface ParsedLink {
  ref: string;
  type: Relation['type'];
  /** Lag as written; `unit` says how to turn it into working minutes. */
  lag: number;
  unit: 'm' | 'h' | 'd' | 'w';
  /** An elapsed unit (em, eh, ed, ew): the lag counts on a 24-hour calendar. */
  elapsed: boolean;
}

/** `elapsed` writes MS Project's elapsed unit ('eh'): the lag counts on a 24-hour calendar. */
export function formatLink(ref: string, type: Relation['type'], lagMinutes: number, elapsed = false): string {
  const base = `${ref}${type.toUpperCase()}`;
  if (!lagMinutes && !elapsed) return base;
  return `${base}${lagMinutes >= 0 ? '+' : '-'}${formatNumber(Math.abs(lagMinutes) / 60)}${elapsed ? 'eh' : 'h'}`;
}

const ITEM =
  /^(.+?)\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*(\d+(?:[.,]\d+)?)\s*(e?m|min|mins|e?h|hr|hrs|hours?|e?d|days?|e?w|wks?|weeks?)?)?$/i;

const UNIT: Record<string, ParsedLink['unit']> = { m: 'm', h: 'h', d: 'd', w: 'w' };

/** Items of a cell; null for an item that is not a link, so the caller can name it. */
export function parseLinks(cell: string): (ParsedLink | { bad: string })[] {
  const text = cell.trim();
  if (!text) return [];
  const parts = text.includes(';') ? text.split(';') : text.split(',');
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const m = ITEM.exec(p);
      if (!m) return { bad: p };
      const lag = m[4] ? Number(m[4].replace(',', '.')) * (m[3] === '-' ? -1 : 1) : 0;
      const raw = (m[5] ?? 'd').toLowerCase();
      const elapsed = /^e[mhdw]$/.test(raw);
      const unitKey = elapsed ? raw.slice(1) : raw;
      return {
        ref: m[1]!.trim(),
        type: (m[2] ?? 'FS').toLowerCase() as Relation['type'],
        lag,
        unit: UNIT[unitKey.startsWith('min') ? 'm' : unitKey[0]!] ?? 'd',
        elapsed,
      };
    });
}
