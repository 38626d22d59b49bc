// A relation's lag as the task_relations tab types and shows it: the duration syntax of the grid's
// Duration column (domain/format parseDuration: 2, 1,5, 2d, 16h, 1w, 90m, 2д, 1н …) with a sign,
// negative being a lead. Working minutes on the lag calendar (the predecessor's, P6's default).

import { type DurationUnits, formatDuration, parseDuration } from '../../domain/format';

export type LagParseResult = { ok: true; value: number } | { ok: false; key: 'relations.lag_invalid' };

/** '2w' → 2 weeks, '-1d' / '−1d' → a one-day lead, '' → no lag; anything else is refused. */
export function parseLag(input: string, units: DurationUnits): LagParseResult {
  const text = input.trim();
  if (text === '') return { ok: true, value: 0 };
  const sign = /^[-\u2212+]/u.exec(text)?.[0];
  const r = parseDuration(sign ? text.slice(1) : text, units);
  if (!r.ok) return { ok: false, key: 'relations.lag_invalid' };
  return { ok: true, value: sign && sign !== '+' ? -r.value : r.value };
}

/** Working minutes as days with up to two decimals ('-1,5' in Russian), as the Duration column shows them. */
export function formatLag(minutes: number, units: DurationUnits, lang: 'en' | 'ru'): string {
  return formatDuration(minutes, units, { lang, decimals: 2, trimZeros: true, group: false });
}
