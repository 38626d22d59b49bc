// The node panel's timesheets tab: what people reported on the focused row (hours and facts per
// day, by timesheet and status), read from GET versions/{id}/timesheets — of the row's own version
// and by its own id where the rows are of several versions (the project grid's `place`).
import { api } from '../../api';
import type { Timesheet } from '../../api/wdp';
import { call } from '../../app/api/call';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import { formatDate, formatNumber } from '../../domain/format';
import { useWorkbench } from '../../state/workbench/store';
import type { RowVersion } from '../schedule/DirectoriesTab';
import { useLoaded } from '../schedule/version-resources';
import { useWdpT } from './i18n';

export function TimesheetsTab({
  rowId: shownId,
  lang,
  place,
}: {
  rowId: string;
  lang: 'en' | 'ru';
  place?: RowVersion | undefined;
}) {
  const { t } = useWdpT();
  const pageVersion = useWorkbench((s) => s.versionId);
  const versionId = place?.versionId ?? pageVersion;
  const rowId = place?.rowId ?? shownId;
  const loaded = useLoaded<Timesheet[]>(versionId ? `${versionId}:${rowId}` : null, async () =>
    versionId
      ? (await call(api.wdp.timesheets, { params: { id: versionId }, query: {} }, { silent: true })).items
      : [],
  );
  if (loaded.status === 'loading') return <p className="wb-dim">{t('loading')}</p>;
  if (loaded.status === 'error')
    return (
      <p className="wb-rel-error" role="alert">
        {t('load_failed')}
      </p>
    );
  const lines = loaded.value.flatMap((s) => s.days.filter((d) => d.item_id === rowId).map((d) => ({ s, d })));
  if (lines.length === 0) return <p className="wb-dim">{t('no_timesheet_lines')}</p>;
  const n = (x: number | null) => (x === null ? '' : formatNumber(x, { lang, decimals: 3, trimZeros: true }));
  return (
    <table className="wdp-ts-lines">
      <thead>
        <tr>
          <th>{t('ts.person')}</th>
          <th>{t('ts.day')}</th>
          <th>{t('ts.hours')}</th>
          <th>{t('kind.fact')}</th>
          <th>{t('ts.status')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ s, d }) => (
          <tr key={`${s.id}:${d.day}`}>
            <td>{s.user_name}</td>
            <td>{formatDate(d.day * MINUTES_PER_DAY, 'DD.MM.YYYY', lang)}</td>
            <td>{n(d.hours)}</td>
            <td>{n(d.fact)}</td>
            <td>{t(`ts.status_${s.status}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
