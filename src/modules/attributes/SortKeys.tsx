// The sort keys of a layout template (up to five, first decides first): a column and a direction
// per key, a key added, removed or moved up and down. Native selects and buttons, as the grouping
// levels beside it (GroupLevels.tsx), so the keyboard reaches and works every control.
import { Plus } from 'lucide-react';
import type { LayoutSettings } from '../../api/view-settings';
import type { GroupChoice } from './GroupLevels';
import { useAttributesT } from './i18n';
import { ReorderButtons } from './ReorderButtons';

type SortKey = LayoutSettings['sort'][number];

/** The layout contract's limit. */
export const MAX_SORT_KEYS = 5;

export function SortKeys({
  keys,
  choices,
  onChange,
}: {
  keys: readonly SortKey[];
  choices: readonly GroupChoice[];
  onChange: (keys: SortKey[]) => void;
}) {
  const { t } = useAttributesT();
  const used = new Set(keys.map((k) => k.column));
  const unused = choices.filter((c) => !used.has(c.id));
  const set = (i: number, key: SortKey) => onChange(keys.map((k, j) => (j === i ? key : k)));
  return (
    <fieldset className="group-levels" data-testid="sort-keys">
      <legend className="field__label">{t('views.sort')}</legend>
      {keys.length === 0 && <p className="muted">{t('views.sort_none')}</p>}
      <ol className="group-levels__list">
        {keys.map((key, i) => {
          const name = t('sort.key', { n: i + 1 });
          return (
            <li key={`${i}:${key.column}`} className="group-levels__level">
              <select
                className="field__input"
                aria-label={name}
                value={key.column}
                onChange={(e) => set(i, { ...key, column: e.target.value })}
              >
                {choices
                  .filter((c) => c.id === key.column || !used.has(c.id))
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
              </select>
              <select
                className="field__input"
                aria-label={`${t('sort.direction')}: ${name}`}
                value={key.dir}
                onChange={(e) => set(i, { ...key, dir: e.target.value as SortKey['dir'] })}
              >
                <option value="asc">{t('views.asc')}</option>
                <option value="desc">{t('views.desc')}</option>
              </select>
              <ReorderButtons items={keys} index={i} name={name} onChange={onChange} />
            </li>
          );
        })}
      </ol>
      {keys.length < MAX_SORT_KEYS && unused.length > 0 && (
        <button
          type="button"
          className="btn btn--sm"
          onClick={() => onChange([...keys, { column: unused[0]!.id, dir: 'asc' }])}
        >
          <Plus size={14} aria-hidden /> {t('sort.add')}
        </button>
      )}
    </fieldset>
  );
}
