// A whole year of a calendar: twelve months, each day coloured by its kind and each month with its
// working days. One day holds the keyboard (arrows by day and week, Page Up / Page Down by month,
// Home / End to the month's ends, crossing into the next or previous year); a click, Enter or
// Space toggles the day's exception as the month view does, and the chosen day's working time can
// be typed below.
import { format } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  type EditableCalendar,
  type Interval,
  LAST_DAY,
  dateOf,
  dayKind,
  dayOf,
  monthWeeks,
} from '../../domain/calendar-edit';
import { stepDay, stepOfKey, workingDaysOf } from '../../domain/calendar-edit/year';
import { DayEditor } from './DayEditor';
import { KindLegend } from './KindLegend';
import { useCalendarsT } from './i18n';

/** Monday first, as the month grids. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];
const MONTHS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const FIRST_YEAR = 2000;
const LAST_YEAR = dateOf(LAST_DAY - 1).getFullYear();

export function YearView({
  cal,
  canEdit,
  onToggle,
  onSetDay,
}: {
  cal: EditableCalendar;
  canEdit: boolean;
  onToggle: (day: number) => void;
  onSetDay: (day: number, intervals: Interval[] | null) => void;
}) {
  const { t, i18n } = useCalendarsT();
  // The day holding the keyboard (its year is the year shown), and the day whose time is edited.
  const [cursor, setCursor] = useState(() => dayOf(new Date()));
  const [chosen, setChosen] = useState<number | null>(null);
  const moved = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const year = dateOf(cursor).getFullYear();
  const monthName = (m: number) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long' }).format(new Date(year, m, 1));
  const longDate = (day: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(dateOf(day));
  // Day 1 (2000-01-02) was a Sunday: weekday w falls on day 1 + w.
  const short = (w: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'narrow' }).format(dateOf(1 + w));

  // A key moved the cursor: the focus follows it (also into another year's months).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${cursor}"]`)?.focus();
  }, [cursor]);

  const toYear = (y: number) => {
    const d = dateOf(cursor);
    setCursor(Math.min(LAST_DAY - 1, Math.max(0, dayOf(new Date(y, d.getMonth(), 1)))));
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const step = stepOfKey(e.key);
    if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    moved.current = true;
    setCursor((c) => stepDay(c, step));
  };

  return (
    <div className="cal-year">
      <div className="cal-month__head">
        <button
          type="button"
          className="btn btn--sm btn--ghost btn--icon"
          aria-label={t('prev_year')}
          onClick={() => toYear(year - 1)}
          disabled={year <= FIRST_YEAR}
        >
          <ChevronLeft size={16} />
        </button>
        <strong className="cal-month__title" aria-live="polite">
          {year}
        </strong>
        <button
          type="button"
          className="btn btn--sm btn--ghost btn--icon"
          aria-label={t('next_year')}
          onClick={() => toYear(year + 1)}
          disabled={year >= LAST_YEAR}
        >
          <ChevronRight size={16} />
        </button>
      </div>
      <p className="field__hint">{t('year_hint')}</p>
      <div className="cal-year__months" ref={gridRef} onKeyDown={onKeyDown}>
        {MONTHS.map((m) => {
          const title = monthName(m);
          return (
            <div key={m} className="cal-year__month">
              <div className="cal-year__title">
                <span>{title}</span>
                <span className="cal-year__count">
                  {t('working_days', { count: workingDaysOf(cal, year, m) })}
                </span>
              </div>
              <div role="grid" aria-label={`${title} ${year}`} className="cal-year__grid">
                <div role="row" className="cal-year__row">
                  {WEEKDAYS.map((w) => (
                    <span key={w} role="columnheader" className="cal-month__wd">
                      {short(w)}
                    </span>
                  ))}
                </div>
                {monthWeeks(year, m).map((week) => (
                  <div role="row" key={week[0]} className="cal-year__row">
                    {week.map((day) => {
                      // Days of the months around are the neighbours' cells.
                      if (dateOf(day).getMonth() !== m || day < 0 || day >= LAST_DAY)
                        return <span key={day} role="gridcell" className="cal-yday cal-yday--blank" />;
                      const kind = dayKind(cal, day);
                      const label = `${longDate(day)}: ${t(`kind_${kind}`)}`;
                      return (
                        <button
                          key={day}
                          type="button"
                          role="gridcell"
                          data-day={day}
                          className={`cal-day cal-yday cal-day--${kind}${chosen === day ? ' cal-day--chosen' : ''}`}
                          aria-label={label}
                          title={label}
                          aria-selected={chosen === day}
                          tabIndex={day === cursor ? 0 : -1}
                          onClick={() => {
                            if (canEdit) onToggle(day);
                            setChosen(day);
                            setCursor(day);
                          }}
                        >
                          {format(dateOf(day), 'd')}
                        </button>
                      );
                    })}
                  </div>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      <KindLegend />
      {chosen !== null && canEdit ? <DayEditor cal={cal} day={chosen} onSetDay={onSetDay} /> : null}
    </div>
  );
}
