// The version's quality indicators: the DCMA 14 points and progress against the target, each with
// its value, threshold and result, and a link that shows the flagged rows in the grid.
import { api } from '../../api';
import type { IndicatorResult } from '../../api/views';
import { call } from '../../app/api/call';
import { useViewsT } from './i18n';
import { useLoad } from './use-load';

interface Props {
  versionId: string;
  onShow: (key: string) => void;
}

const isIndex = (i: IndicatorResult) => i.key === 'cpli' || i.key === 'bei';

export function IndicatorsView({ versionId, onShow }: Props) {
  const { t } = useViewsT();
  const res = useLoad(() => call(api.views.indicators, { params: { id: versionId } }), [versionId]);
  if (res.error)
    return (
      <p className="views-error" role="alert">
        {t('failed', { message: res.error })}{' '}
        <button type="button" className="btn" onClick={res.reload}>
          {t('retry')}
        </button>
      </p>
    );
  if (!res.data) return <p className="views-muted">{t('loading')}</p>;
  const { indicators, activities, target_version_id } = res.data;
  const dcma = indicators.filter((i) => i.group === 'dcma');
  const applicable = dcma.filter((i) => i.pass !== null);
  const value = (i: IndicatorResult) =>
    isIndex(i)
      ? i.value.toFixed(2)
      : i.key === 'critical_path_test'
        ? String(i.value)
        : `${(i.value * 100).toFixed(1)} %`;
  const threshold = (i: IndicatorResult) =>
    `${i.comparison === 'max' ? '≤' : '≥'} ${isIndex(i) ? i.threshold.toFixed(2) : i.key === 'critical_path_test' ? 0 : `${i.threshold * 100} %`}`;
  const table = (rows: IndicatorResult[], caption: string) => (
    <table className="views-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('indicators.check')}</th>
          <th scope="col">{t('indicators.value')}</th>
          <th scope="col">{t('indicators.threshold')}</th>
          <th scope="col">{t('indicators.result')}</th>
          <th scope="col">{t('indicators.flagged')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((i) => (
          <tr key={i.key} data-indicator={i.key}>
            <th scope="row">{t(`indicators.names.${i.key}`)}</th>
            <td>{i.pass === null ? '—' : value(i)}</td>
            <td>{threshold(i)}</td>
            <td className={i.pass === null ? 'views-na' : i.pass ? 'views-pass' : 'views-fail'}>
              {t(i.pass === null ? 'indicators.na' : i.pass ? 'indicators.pass' : 'indicators.fail')}
            </td>
            <td>
              {i.ids.length > 0 && i.key !== 'resources' && (
                <button type="button" className="views-link" onClick={() => onShow(i.key)}>
                  {t('indicators.show', { count: i.ids.length })}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div className="views-indicators">
      <div className="views-toolbar" role="toolbar">
        <p className="views-summary" data-testid="indicators-summary">
          {t('indicators.summary', {
            passed: applicable.filter((i) => i.pass).length,
            applicable: applicable.length,
            activities,
          })}
        </p>
        <button type="button" className="btn" onClick={res.reload}>
          {t('indicators.calculate')}
        </button>
      </div>
      {table(dcma, t('indicators.dcma'))}
      {target_version_id === null && <p className="views-muted">{t('indicators.noTarget')}</p>}
      {table(
        indicators.filter((i) => i.group === 'target'),
        t('indicators.target'),
      )}
    </div>
  );
}
