// The work week of a calendar: one text per weekday ("08:00-12:00, 13:00-17:00"; empty = day
// off). A text that does not read as intervals is kept as typed and marked, never lost.
import { parseIntervals } from '../../domain/calendar-edit';
import { useCalendarsT } from './i18n';

/** Monday first. */
const ORDER = [1, 2, 3, 4, 5, 6, 0];

export function WeekEditor({
  texts,
  canEdit,
  onChange,
}: {
  texts: readonly string[];
  canEdit: boolean;
  onChange: (weekday: number, text: string) => void;
}) {
  const { t } = useCalendarsT();
  return (
    <fieldset className="cal-week">
      <legend className="field__label">{t('week')}</legend>
      <p className="field__hint">{t('week_hint')}</p>
      {ORDER.map((w) => {
        const bad = parseIntervals(texts[w] ?? '') === null;
        return (
          <label key={w} className="cal-week__row">
            <span className="cal-week__day">{t(`weekday_${w}`)}</span>
            <input
              className="field__input"
              value={texts[w] ?? ''}
              readOnly={!canEdit}
              aria-invalid={bad}
              onChange={(e) => onChange(w, e.target.value)}
            />
            {bad ? <span className="field__error">{t('bad_intervals')}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
