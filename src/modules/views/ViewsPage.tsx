// /{space_id}/schedule/{id}/cyclogram: a schedule's views beside the workbench — the cyclogram,
// the network diagram and the quality indicators of one version (?version=, else the working one).
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { CyclogramView } from './CyclogramView';
import { IndicatorsView } from './IndicatorsView';
import { NetworkView } from './NetworkView';
import { useViewsT } from './i18n';
import { useLoad } from './use-load';
import './views.css';

const TABS = ['cyclogram', 'network', 'indicators'] as const;
type Tab = (typeof TABS)[number];

export function ViewsPage() {
  const { t } = useViewsT();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const { id: scheduleId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tree = useLoad(() => call(api.eps.tree, { params: { space_id: spaceId } }), [spaceId]);
  const calendars = useLoad(() => call(api.calendars.list), [spaceId]);
  const schedule = tree.data?.nodes.find((n) => n.id === scheduleId && n.kind === 'schedule');
  const versions = (tree.data?.versions ?? []).filter((v) => v.schedule_id === scheduleId);
  const wanted = params.get('version');
  const version =
    versions.find((v) => v.id === wanted) ??
    versions.find((v) => v.kind === 'version') ??
    versions[0] ??
    null;
  const tab: Tab = (TABS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as Tab)
    : 'cyclogram';
  const hoursPerDay = calendars.data?.find((c) => c.is_default)?.hours_per_day ?? 8;

  useEffect(() => {
    if (schedule) document.title = `${t(`tabs.${tab}`)} — ${schedule.name}`;
  }, [schedule, tab, t]);

  const set = (name: string, value: string) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set(name, value);
      return n;
    });
  const workbench = (extra: Record<string, string>) =>
    navigate(
      `/${spaceId}/schedule/${scheduleId}?${new URLSearchParams({ version: version?.id ?? versionId ?? '', ...extra })}`,
    );
  /** Shows one row in the grid: the workbench filtered to its code. */
  const openRow = (code: string) =>
    workbench({ filter: JSON.stringify({ field: 'code', op: 'eq_text', value: code }) });

  // The cyclogram of the address's version is asked for while the tree loads (its call is the
  // page's longest); the tree then names the schedule and its versions around it. A version the
  // tree does not hold drops the chart for the error below.
  const versionId = tree.data ? (version?.id ?? null) : tab === 'cyclogram' ? wanted : null;

  if (tree.error)
    return (
      <p className="views-error" role="alert">
        {t('failed', { message: tree.error })}
      </p>
    );
  if (!tree.data && !versionId) return <p className="views-muted views-page">{t('loading')}</p>;
  if (tree.data && (!schedule || !version))
    return (
      <p className="views-error views-page" role="alert">
        {t('failed', { message: 'schedule' })}
      </p>
    );

  return (
    <div className="views-page">
      <header className="views-head">
        {schedule && version ? (
          <>
            <Link to={`/${spaceId}/schedule/${scheduleId}?version=${version.id}`} className="views-back">
              <ArrowLeft size={16} aria-hidden /> {t('back')}
            </Link>
            <h1>{t('title', { name: schedule.name })}</h1>
            <label>
              {t('version')}{' '}
              <select value={version.id} onChange={(e) => set('version', e.target.value)}>
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.label}
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : (
          <p className="views-muted">{t('loading')}</p>
        )}
      </header>
      <div className="views-tabs" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === tab}
            className={k === tab ? 'views-tab views-tab--on' : 'views-tab'}
            onClick={() => set('view', k)}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      <div className="views-panel" role="tabpanel" aria-label={t(`tabs.${tab}`)}>
        {tab === 'cyclogram' && versionId && (
          <CyclogramView
            versionId={versionId}
            canEdit={config?.can.edit ?? false}
            onOpen={openRow}
            onBesideGrid={(loc, kind) => workbench({ chart: 'cyclogram', loc, kind })}
          />
        )}
        {tab === 'network' && version && (
          <NetworkView versionId={version.id} minutesPerDay={hoursPerDay * 60} onOpen={openRow} />
        )}
        {tab === 'indicators' && version && (
          <IndicatorsView versionId={version.id} onShow={(key) => workbench({ filter_indicator: key })} />
        )}
      </div>
    </div>
  );
}
