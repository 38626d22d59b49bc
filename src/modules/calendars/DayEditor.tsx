// The chosen day's working time under the month and year views: typed as intervals (Enter or
// leaving the field sets it as the day's exception), and "Back to the week pattern" when the day
// has an exception.
import { useState } from 'react';
import {
  type EditableCalendar,
  type Interval,
  dateOf,
  dayIntervals,
  formatIntervals,
  parseIntervals,
} from '../../domain/calendar-edit';
import { useCalendarsT } from './i18n';

export function DayEditor({
  cal,
  day,
  onSetDay,
}: {
  cal: EditableCalendar;
  day: number;
  onSetDay: (day: number, intervals: Interval[] | null) => void;
}) {
  const { t, i18n } = useCalendarsT();
  const [typed, setTyped] = useState<{ day: number; base: string; text: string } | null>(null);
  const longDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(dateOf(day));
  // The text follows the day's working time (a toggle, a revert, another calendar) unless the
  // user is typing over that same time.
  const current = formatIntervals(dayIntervals(cal, day));
  const draft = typed && typed.day === day && typed.base === current ? typed.text : current;
  const parsed = parseIntervals(draft);
  const hasException = cal.exceptions.some((e) => e.day === day);
  return (
    <div className="cal-dayedit">
      <label className="field">
        <span className="field__label">{t('day_intervals', { date: longDate })}</span>
        <input
          className="field__input"
          value={draft}
          aria-invalid={parsed === null}
          onChange={(e) => setTyped({ day, base: current, text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && parsed) {
              e.preventDefault();
              onSetDay(day, parsed);
            }
          }}
          onBlur={() => {
            if (parsed && formatIntervals(parsed) !== current) onSetDay(day, parsed);
          }}
        />
        {parsed === null ? <span className="field__error">{t('bad_intervals')}</span> : null}
      </label>
      {hasException ? (
        <button type="button" className="btn btn--sm" onClick={() => onSetDay(day, null)}>
          {t('clear_exception')}
        </button>
      ) : null}
    </div>
  );
}
