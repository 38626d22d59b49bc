// Count and indicator tiles: activities by status, critical, money planned and earned, SPI, slip
// against the target, labour; numbers grouped with 2 decimals (spec §9), counts without.
import { formatNumber } from '../../domain/format';
import { useAnalyticsT } from './i18n';
import type { DashboardData } from './load';
import type { Lang } from './model';

export function Tiles({ data, lang }: { data: DashboardData; lang: Lang }) {
  const { t } = useAnalyticsT();
  const n = (v: number | null | undefined, decimals = 2) =>
    v === null || v === undefined ? '—' : formatNumber(v, { lang, decimals });
  const tiles: [string, string][] = [
    [t('tile.activities'), n(data.stats.activities, 0)],
    ...(data.count
      ? ([
          [t('tile.completed'), n(data.count.by_status.completed, 0)],
          [t('tile.in_progress'), n(data.count.by_status.in_progress, 0)],
          [t('tile.critical'), n(data.count.critical, 0)],
        ] as [string, string][])
      : [[t('tile.schedules'), n(data.stats.schedules, 0)] as [string, string]]),
    [t('tile.money'), n(data.stats.money)],
    ...(data.indicator
      ? ([
          [t('tile.planned_to_date'), n(data.indicator.planned_to_date)],
          [t('tile.earned'), n(data.indicator.earned_to_date)],
          [t('tile.spi'), n(data.indicator.spi)],
          [t('tile.slip'), n(data.indicator.slip_days)],
        ] as [string, string][])
      : []),
    [t('tile.percent'), n(data.stats.percent)],
    [t('tile.cost'), n(data.stats.cost)],
    [t('tile.labour'), n(data.stats.labour)],
  ];
  return (
    <ul className="analytics__tiles" aria-label={t('chart.tiles')}>
      {tiles.map(([label, value]) => (
        <li key={label} className="analytics__tile">
          <span className="analytics__tile-value">{value}</span>
          <span className="analytics__tile-label">{label}</span>
        </li>
      ))}
    </ul>
  );
}
