// Beside the cyclogram: each kind of work with its colour (changeable by an editor) and its rate,
// and the clashes in words — the accessible reading of what the canvas draws.
import type { CyclogramResponse } from '../../api/views';
import { useViewsT } from './i18n';

interface Props {
  data: CyclogramResponse;
  canEdit: boolean;
  onColor: (kind: string, color: string) => void;
}

const CLASHES_LISTED = 50;

export function CyclogramLegend({ data, canEdit, onColor }: Props) {
  const { t } = useViewsT();
  const name = new Map(
    data.lines.flatMap((l) => l.segments.map((s) => [s.id, `${s.code} ${s.name}`] as const)),
  );
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
              onBlur={(e) => e.target.value !== l.color && onColor(l.kind, e.target.value)}
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
          {data.clashes.slice(0, CLASHES_LISTED).map((c) => (
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
