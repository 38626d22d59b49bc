// The colours of the day kinds, under the month and year views.
import { useCalendarsT } from './i18n';

export function KindLegend() {
  const { t } = useCalendarsT();
  return (
    <ul className="cal-legend">
      {(['working', 'off', 'holiday', 'working_exception'] as const).map((k) => (
        <li key={k}>
          <span className={`cal-day cal-day--${k} cal-legend__swatch`} aria-hidden="true" />
          {t(`kind_${k}`)}
        </li>
      ))}
    </ul>
  );
}
