// Beside the cyclogram: each kind of work with its colour (changeable by an editor) and its rate,
// and the clashes in words — the accessible reading of what the canvas draws.
import type { CyclogramChart } from '../../api/views';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useViewsT } from './i18n';

interface Props {
  data: {
    readonly lines: readonly CyclogramChart['lines'][number][];
    readonly clashes: readonly CyclogramChart['clashes'][number][];
    readonly locations: readonly string[];
  };
  canEdit: boolean;
  onColor: (kind: string, color: string) => void;
}

const CLASHES_LISTED = 50;

/**
 * Drawn again only when the chart's data or the right to edit changes — not on every pan or hover
 * of the chart beside it (its works' names, 10,000 of them, were made on each such render).
 */
export const CyclogramLegend = memo(Legend, (a, b) => a.data === b.data && a.canEdit === b.canEdit);

function Legend({ data, canEdit, onColor }: Props) {
  const { t } = useViewsT();
  // The newest `onColor` (the comparison above ignores it; a colour is saved with today's one).
  const save = useRef(onColor);
  useEffect(() => {
    save.current = onColor;
  });
  // Names of the listed clashes' works only (not a map of all 10,000 before the first frame).
  const listed = useMemo(() => data.clashes.slice(0, CLASHES_LISTED), [data]);
  const name = useMemo(() => {
    const wanted = new Set(listed.flatMap((c) => [c.a, c.b]));
    const m = new Map<string, string>();
    for (const l of data.lines)
      for (const s of l.segments) if (wanted.has(s.id)) m.set(s.id, `${s.code} ${s.name}`);
    return m;
  }, [data, listed]);
  return (
    <aside className="views-legend">
      <h3>{t('cyclogram.legend')}</h3>
      <ul className="views-legend__kinds">
        {data.lines.map((l) => (
          <li key={l.kind}>
            <input
              type="color"
              key={l.color}
              defaultValue={l.color}
              disabled={!canEdit}
              aria-label={t('cyclogram.color', { kind: l.kind || t('cyclogram.ungrouped') })}
              // Saved when the picker closes (blur), not on every step of a drag through colours.
              onBlur={(e) => e.target.value !== l.color && save.current(l.kind, e.target.value)}
            />
            <span className="views-legend__kind">{l.kind || t('cyclogram.ungrouped')}</span>
            <span className="views-muted">{t('cyclogram.rate', { rate: l.rate.toFixed(2) })}</span>
          </li>
        ))}
      </ul>
      <h3>
        {t('cyclogram.clashes')} ({data.clashes.length})
      </h3>
      {data.clashes.length === 0 ? (
        <p className="views-muted">{t('cyclogram.noClashes')}</p>
      ) : (
        <ul className="views-legend__clashes">
          {listed.map((c) => (
            <li key={`${c.a}|${c.b}`}>
              {t('cyclogram.clash', {
                a: name.get(c.a) ?? c.a,
                b: name.get(c.b) ?? c.b,
                location: data.locations[c.loc],
              })}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
