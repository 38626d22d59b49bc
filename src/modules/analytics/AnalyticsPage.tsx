// /{space_id}/analytics/{scope}/{id}: the analytics dashboard of a space, facility, project,
// schedule or version — S-curves and per-period histograms of money and labour (planned, earned,
// target), volume, executors, count and indicator tiles, and the breakdown: a space's or
// facility's children as bars that drill down to their dashboards, a project's planned money per
// period as bars stacked by schedule (named by the schedules) that open that schedule's grid
// filtered to the rows of the period. A point of a schedule's or version's curve opens the grid
// filtered to the rows of its period. What it shows comes from the active preset.
import { BarChart3, ChevronRight, Printer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router-dom';
import { api } from '../../api';
import type { AnalyticsLevel, DashboardConfig } from '../../api/analytics';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import { useLoad } from '../views/use-load';
import { Chart } from './Chart';
import { barsOptions, childrenOptions, curveOptions, scheduleBarsOptions } from './charts';
import { useAnalyticsT } from './i18n';
import { loadDashboard, loadPresets } from './load';
import type { DashboardData } from './load';
import { type Lang, defaultConfig, drillPath, gridLink, isLevel } from './model';
import { PresetBar } from './PresetBar';
import { Tiles } from './Tiles';
import './analytics.css';

export function AnalyticsPage() {
  const { scope, id } = useParams();
  const { spaceId } = useOutletContext<SpaceContext>();
  const { t } = useAnalyticsT();
  if (!isLevel(scope) || !id)
    return (
      <div className="analytics">
        <EmptyState
          icon={BarChart3}
          title={t('unknown_scope', { scope: scope ?? '' })}
          hint={t('unknown_scope_hint')}
        />
      </div>
    );
  return <Dashboard key={`${scope}/${id}`} spaceId={spaceId} scope={scope} id={id} />;
}

function Dashboard({ spaceId, scope, id }: { spaceId: string; scope: AnalyticsLevel; id: string }) {
  const { t, i18n } = useAnalyticsT();
  const lang: Lang = i18n.language.startsWith('ru') ? 'ru' : 'en';
  const navigate = useNavigate();
  const tree = useLoad(() => call(api.eps.tree, { params: { space_id: spaceId } }), [spaceId]);
  const spaces = useLoad(() => call(api.users.spaces), []);
  const spaceName = spaces.data?.find((s) => s.id === spaceId)?.name ?? t('scope.space');
  const version = scope === 'version' ? tree.data?.versions.find((v) => v.id === id) : undefined;
  const scheduleId = scope === 'schedule' ? id : (version?.schedule_id ?? null);
  // Presets belong to an EPS node: a version's are its schedule's, the space's have none.
  const presetNode = scope === 'space' ? null : scope === 'version' ? scheduleId : id;
  const presetsReady = scope !== 'version' || scheduleId !== null;
  const presets = useLoad(presetsReady ? () => loadPresets(presetNode) : null, [presetNode, presetsReady]);
  const active = presets.data?.find((p) => p.active) ?? null;
  // Changes of unit, cumulative or series apply at once; "Save as preset" keeps them.
  const [draft, setDraft] = useState<{ from: string | null; config: DashboardConfig } | null>(null);
  const config: DashboardConfig =
    draft && draft.from === (active?.id ?? null) ? draft.config : (active?.config ?? defaultConfig(scope));
  const data = useLoad(
    scope !== 'version' || tree.data
      ? () => loadDashboard(spaceId, scope, id, config.unit, scheduleId)
      : null,
    [spaceId, scope, id, config.unit, scheduleId],
  );
  const path = tree.data ? drillPath(tree.data, spaceId, spaceName, scope, id) : null;

  const open = (level: AnalyticsLevel, to: string) => navigate(`/${spaceId}/analytics/${level}/${to}`);
  const versions = scheduleId ? (tree.data?.versions.filter((v) => v.schedule_id === scheduleId) ?? []) : [];

  if (tree.data && !path)
    return (
      <div className="analytics">
        <EmptyState icon={BarChart3} title={t('not_found')} />
      </div>
    );
  return (
    <div className="analytics">
      <header className="analytics__head">
        <nav className="analytics__crumbs" aria-label={t('title')}>
          {(path ?? []).map((c, i, all) => (
            <span key={c.id} className="analytics__crumb">
              {i > 0 ? <ChevronRight size={14} aria-hidden="true" /> : null}
              {i === all.length - 1 ? (
                <span aria-current="page">{c.name}</span>
              ) : (
                <Link to={`/${spaceId}/analytics/${c.level}/${c.level === 'space' ? spaceId : c.id}`}>
                  {c.name}
                </Link>
              )}
            </span>
          ))}
        </nav>
        <h1 className="analytics__title">
          {t('title')} · {t(`scope.${scope}`)}
        </h1>
      </header>
      <div className="analytics__toolbar">
        <PresetBar
          scope={scope}
          epsId={presetNode}
          presets={presets.data ?? []}
          config={config}
          onConfig={(c) => setDraft({ from: active?.id ?? null, config: c })}
          onChanged={() => {
            setDraft(null);
            presets.reload();
          }}
        />
        {scheduleId ? (
          <label className="analytics__field">
            <span>{t('version_label')}</span>
            <select
              value={scope === 'version' ? id : ''}
              onChange={(e) =>
                e.target.value ? open('version', e.target.value) : open('schedule', scheduleId)
              }
            >
              <option value="">{t('working_version')}</option>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Link
          className="btn btn--ghost btn--sm"
          data-testid="dashboard-print-link"
          to={`/${spaceId}/analytics/print/dashboard.${scope}.${id}/A4`}
        >
          <Printer size={15} aria-hidden="true" /> {t('print.open')}
        </Link>
      </div>
      {data.error && !data.data ? (
        <EmptyState icon={BarChart3} title={t('load_failed')} hint={data.error} />
      ) : !data.data ? (
        <Loading />
      ) : (
        <Charts
          data={data.data}
          config={config}
          lang={lang}
          busy={data.loading}
          onPeriod={
            scheduleId
              ? (period) => navigate(gridLink(spaceId, scheduleId, scope === 'version' ? id : null, period))
              : null
          }
          onChild={(level, to) => open(level, to)}
          onScheduleRows={(schedule, period) => navigate(gridLink(spaceId, schedule, null, period))}
        />
      )}
    </div>
  );
}

interface ChartsProps {
  data: DashboardData;
  config: DashboardConfig;
  lang: Lang;
  busy: boolean;
  onPeriod: ((period: { from: number; to: number }) => void) | null;
  onChild: (level: AnalyticsLevel, id: string) => void;
  /** A project's breakdown bar: the schedule's grid filtered to the rows of the period. */
  onScheduleRows: (scheduleId: string, period: { from: number; to: number }) => void;
}

export function Charts({ data, config, lang, busy, onPeriod, onChild, onScheduleRows }: ChartsProps) {
  const { t } = useAnalyticsT();
  const series = (key: string) => (['plan', 'fact', 'target', 'dp'].includes(key) ? t(`series.${key}`) : key);
  const money = { series, axis: t('axis_money') };
  const hours = { series, axis: t('axis_hours') };
  const keys = config.series;
  const has = (c: DashboardConfig['charts'][number]) => config.charts.includes(c);
  const point = (curve: DashboardData['money']) =>
    onPeriod ? (k: number) => onPeriod(curve.periods[k]!) : null;
  const options = useMemo(
    () => ({
      moneyCurve: curveOptions(data.money, 'line', config.cumulative, lang, money, keys, point(data.money)),
      moneyHist: curveOptions(data.money, 'column', false, lang, money, keys, point(data.money)),
      labourCurve: curveOptions(
        data.labour,
        'line',
        config.cumulative,
        lang,
        hours,
        keys,
        point(data.labour),
      ),
      labourHist: curveOptions(data.labour, 'column', false, lang, hours, keys, point(data.labour)),
      volume: data.volume
        ? curveOptions(
            data.volume,
            'column',
            false,
            lang,
            { series, axis: t('axis_volume') },
            null,
            point(data.volume),
          )
        : null,
      executors: data.executors ? barsOptions(data.executors.bars, lang, money) : null,
      children: data.children
        ? childrenOptions(data.children, lang, money, (i) => {
            const c = data.children![i]!;
            if (c.kind !== 'schedule_group') onChild(c.kind, c.node_id);
          })
        : null,
      schedules: data.schedules
        ? scheduleBarsOptions(data.schedules, lang, money, (k, key) =>
            onScheduleRows(key, data.schedules!.periods[k]!),
          )
        : null,
    }),
    // The texts follow the language; callbacks are recreated with the data they close over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, config, lang],
  );
  const empty = data.stats.activities === 0;
  const nothing = (c: DashboardData['money'] | null) =>
    c && c.series.every((x) => x.total === 0) ? t('no_series') : null;
  const clickHint = onPeriod ? t('click_hint') : undefined;
  return (
    <div className={`analytics__body${busy ? ' analytics__body--busy' : ''}`}>
      {has('tiles') ? <Tiles data={data} lang={lang} /> : null}
      {empty ? <p className="analytics__empty">{t('no_data')}</p> : null}
      <div className="analytics__grid">
        {has('money_curve') ? (
          <Chart
            id="money_curve"
            title={t('chart.money_curve')}
            hint={clickHint}
            options={options.moneyCurve}
          />
        ) : null}
        {has('money_histogram') ? (
          <Chart
            id="money_histogram"
            empty={nothing(data.money)}
            title={t('chart.money_histogram')}
            options={options.moneyHist}
          />
        ) : null}
        {has('labour_curve') ? (
          <Chart
            id="labour_curve"
            empty={nothing(data.labour)}
            title={t('chart.labour_curve')}
            options={options.labourCurve}
          />
        ) : null}
        {has('labour_histogram') ? (
          <Chart
            id="labour_histogram"
            empty={nothing(data.labour)}
            title={t('chart.labour_histogram')}
            options={options.labourHist}
          />
        ) : null}
        {has('volume') && options.volume ? (
          <Chart
            id="volume"
            empty={nothing(data.volume)}
            title={t('chart.volume')}
            options={options.volume}
          />
        ) : null}
        {has('executors') && options.executors && data.executors!.bars.length > 0 ? (
          <Chart id="executors" title={t('chart.executors')} options={options.executors} />
        ) : null}
        {has('children') && options.children ? (
          <Chart
            id="children"
            title={t('chart.children')}
            hint={t('drill_hint')}
            options={options.children}
          />
        ) : null}
        {has('children') && options.schedules ? (
          <Chart
            id="children"
            empty={nothing(data.schedules)}
            title={t('chart.children_schedules')}
            hint={t('rows_hint')}
            options={options.schedules}
          />
        ) : null}
      </div>
    </div>
  );
}
