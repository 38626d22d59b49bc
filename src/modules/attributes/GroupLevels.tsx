// The grouping levels of a layout (up to three columns, first outermost): a column per level, a
// level added, removed or moved up and down (ReorderButtons). Native selects and buttons, so the keyboard reaches
// and works every control. Used by the template dialog and the schedule page's Layouts dialog.
import { Plus } from 'lucide-react';
import { MAX_GROUP_LEVELS } from '../../api/group-by';
import { useAttributesT } from './i18n';
import { ReorderButtons } from './ReorderButtons';

export interface GroupChoice {
  readonly id: string;
  readonly label: string;
}

export function GroupLevels({
  levels,
  choices,
  onChange,
}: {
  levels: readonly string[];
  choices: readonly GroupChoice[];
  onChange: (levels: string[]) => void;
}) {
  const { t } = useAttributesT();
  const unused = choices.filter((c) => !levels.includes(c.id));
  return (
    <fieldset className="group-levels" data-testid="group-levels">
      <legend className="field__label">{t('views.group_by')}</legend>
      {levels.length === 0 && <p className="muted">{t('views.group_none')}</p>}
      <ol className="group-levels__list">
        {levels.map((id, i) => {
          const name = t('group.level', { n: i + 1 });
          return (
            <li key={`${i}:${id}`} className="group-levels__level" style={{ paddingLeft: i * 16 }}>
              <select
                className="field__input"
                aria-label={name}
                value={id}
                onChange={(e) => onChange(levels.map((x, j) => (j === i ? e.target.value : x)))}
              >
                {choices
                  .filter((c) => c.id === id || !levels.includes(c.id))
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
              </select>
              <ReorderButtons items={levels} index={i} name={name} onChange={onChange} />
            </li>
          );
        })}
      </ol>
      {levels.length < MAX_GROUP_LEVELS && unused.length > 0 && (
        <button type="button" className="btn btn--sm" onClick={() => onChange([...levels, unused[0]!.id])}>
          <Plus size={14} aria-hidden /> {t('group.add')}
        </button>
      )}
    </fieldset>
  );
}
