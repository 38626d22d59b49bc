// What a dashboard asks the server for at each level (spec §7 "Analytics data"), in parallel.
import { api } from '../../api';
import type {
  AnalyticsLevel,
  AnalyticsSetting,
  BarsResponse,
  CountResponse,
  CurveResponse,
  DashboardConfig,
  DashboardEntry,
  IndicatorResponse,
  StatsResponse,
} from '../../api/analytics';
import { call } from '../../app/api/call';

export interface DashboardData {
  money: CurveResponse;
  labour: CurveResponse;
  volume: CurveResponse | null;
  stats: StatsResponse;
  count: CountResponse | null;
  indicator: IndicatorResponse | null;
  /** Space and facility: their children side by side. */
  children: DashboardEntry[] | null;
  /** Project: planned money per schedule. */
  schedules: CurveResponse | null;
  executors: BarsResponse | null;
}

type Unit = DashboardConfig['unit'];

export async function loadDashboard(
  spaceId: string,
  scope: AnalyticsLevel,
  id: string,
  unit: Unit,
  scheduleId: string | null,
): Promise<DashboardData> {
  const q = { unit };
  const a = api.analytics;
  switch (scope) {
    case 'space': {
      const p = { space_id: spaceId };
      const [money, labour, dash] = await Promise.all([
        call(a.spaceCurve, { params: { ...p, measure: 'money' }, query: q }),
        call(a.spaceCurve, { params: { ...p, measure: 'labour' }, query: q }),
        call(a.spaceDashboard, { params: p }),
      ]);
      return {
        money,
        labour,
        volume: null,
        stats: dash.total,
        count: null,
        indicator: null,
        children: dash.children,
        schedules: null,
        executors: null,
      };
    }
    case 'facility': {
      const [money, labour, dash] = await Promise.all([
        call(a.facilityCurve, { params: { id, measure: 'money' }, query: q }),
        call(a.facilityCurve, { params: { id, measure: 'labour' }, query: q }),
        call(a.facilityDashboard, { params: { id } }),
      ]);
      return {
        money,
        labour,
        volume: null,
        stats: dash.total,
        count: null,
        indicator: null,
        children: dash.children,
        schedules: null,
        executors: null,
      };
    }
    case 'project': {
      const [money, labour, stats, count, indicator, schedules, executors] = await Promise.all([
        call(a.projectCurve, { params: { id, measure: 'money' }, query: q }),
        call(a.projectCurve, { params: { id, measure: 'labour' }, query: q }),
        call(a.projectStats, { params: { id } }),
        call(a.projectCount, { params: { id } }),
        call(a.projectIndicator, { params: { id } }),
        call(a.projectSeries, { params: { id, kind: 'schedule' }, query: q }),
        call(a.projectGraphExecutor, { params: { id } }),
      ]);
      return { money, labour, volume: null, stats, count, indicator, children: null, schedules, executors };
    }
    case 'schedule': {
      const [money, labour, volume, stats, count, indicator, executors] = await Promise.all([
        call(a.scheduleCurve, { params: { id, measure: 'money' }, query: q }),
        call(a.scheduleCurve, { params: { id, measure: 'labour' }, query: q }),
        call(a.scheduleCurve, { params: { id, measure: 'volume' }, query: q }),
        call(a.scheduleStats, { params: { id } }),
        call(a.scheduleCount, { params: { id } }),
        call(a.scheduleIndicator, { params: { id } }),
        call(a.scheduleGraphExecutor, { params: { id } }),
      ]);
      return { money, labour, volume, stats, count, indicator, children: null, schedules: null, executors };
    }
    case 'version': {
      const [money, labour, volume, stats, count, indicator, executors] = await Promise.all([
        call(a.versionCurve, { params: { id, measure: 'money' }, query: q }),
        call(a.versionCurve, { params: { id, measure: 'labour' }, query: q }),
        call(a.versionCurve, { params: { id, measure: 'volume' }, query: q }),
        call(a.versionStats, { params: { id } }),
        call(a.versionCount, { params: { id } }),
        call(a.versionIndicator, { params: { id } }),
        scheduleId
          ? call(a.scheduleGraphExecutor, { params: { id: scheduleId }, query: { version_id: id } })
          : Promise.resolve(null),
      ]);
      return { money, labour, volume, stats, count, indicator, children: null, schedules: null, executors };
    }
  }
}

/** The presets of a node (the space's own: no eps id). */
export const loadPresets = (epsId: string | null) =>
  call(api.analyticsSettings.presetList, { query: epsId ? { eps_id: epsId } : {} }).then(
    (r) => r.items as AnalyticsSetting[],
  );
