// The print of a dashboard, on the print route: /{space_id}/analytics/print/dashboard.{scope}.{id}/{format}.
// The dashboard's charts (its active preset) laid out on sheets of the chosen format — a built-in
// one or the user's own — with a header (dashboard, scope, date) on every sheet; the browser's
// print turns it into a PDF of those sheets (CSS @page carries the sheet size and margins, each
// chart stays whole on a sheet). Highcharts draws vector SVG, so the charts print as vectors.
import { Printer } from 'lucide-react';
import { useEffect } from 'react';
import { useOutletContext } from 'react-router-dom';
import { api } from '../../api';
import type { AnalyticsLevel } from '../../api/analytics';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import { BarChart3 } from 'lucide-react';
import { useLoad } from '../views/use-load';
import { Charts } from './AnalyticsPage';
import { useAnalyticsT } from './i18n';
import { loadDashboard, loadPresets } from './load';
import { type Lang, defaultConfig, isLevel } from './model';
import './analytics.css';

/** `dashboard.{scope}.{id}` of the print route's value, or null. */
export function dashboardValue(value: string): { scope: AnalyticsLevel; id: string } | null {
  const m = /^dashboard\.([a-z]+)\.([0-9a-f-]{36})$/i.exec(value);
  return m && isLevel(m[1]) ? { scope: m[1], id: m[2]! } : null;
}

export function DashboardPrint({ value, format }: { value: string; format: string }) {
  const { t, i18n } = useAnalyticsT();
  const lang: Lang = i18n.language.startsWith('ru') ? 'ru' : 'en';
  const { spaceId } = useOutletContext<SpaceContext>();
  const target = dashboardValue(value);
  const formats = useLoad(() => call(api.print.presets), []);
  const scope = target?.scope ?? 'space';
  const id = target?.id ?? spaceId;
  const tree = useLoad(() => call(api.eps.tree, { params: { space_id: spaceId } }), [spaceId]);
  const version = scope === 'version' ? tree.data?.versions.find((v) => v.id === id) : undefined;
  const scheduleId = scope === 'schedule' ? id : (version?.schedule_id ?? null);
  const presetNode = scope === 'space' ? null : scope === 'version' ? scheduleId : id;
  const presets = useLoad(() => loadPresets(presetNode), [presetNode]);
  const config = presets.data?.find((p) => p.active)?.config ?? defaultConfig(scope);
  const data = useLoad(
    presets.data && (scope !== 'version' || tree.data)
      ? () => loadDashboard(spaceId, scope, id, config.unit, scheduleId)
      : null,
    [spaceId, scope, id, config.unit, scheduleId, presets.data],
  );
  const sheet =
    formats.data &&
    [...formats.data.builtin, ...formats.data.items].find(
      (f) => f.name.toLowerCase() === format.toLowerCase(),
    );
  const name =
    scope === 'space'
      ? t('scope.space')
      : (tree.data?.nodes.find((n) => n.id === (scope === 'version' ? scheduleId : id))?.name ?? '');

  useEffect(() => {
    if (!sheet) return;
    // The sheet size and margins of the chosen format for the browser's print.
    const m = sheet.margins_mm;
    const style = document.createElement('style');
    style.textContent = `@page { size: ${sheet.width_mm}mm ${sheet.height_mm}mm; margin: ${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm; }`;
    document.head.appendChild(style);
    return () => style.remove();
  }, [sheet]);

  if (!target)
    return (
      <EmptyState
        icon={BarChart3}
        title={t('unknown_scope', { scope: value })}
        hint={t('unknown_scope_hint')}
      />
    );
  if (formats.data && !sheet) return <EmptyState icon={BarChart3} title={t('print.no_format', { format })} />;
  if (!sheet || !data.data)
    return data.error ? <EmptyState icon={BarChart3} title={t('load_failed')} /> : <Loading />;
  const m = sheet.margins_mm;
  return (
    <div className="dashboard-print" data-testid="dashboard-print">
      <div className="dashboard-print__bar">
        <span>{t('print.sheet', { name: sheet.name, w: sheet.width_mm, h: sheet.height_mm })}</span>
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          <Printer size={15} aria-hidden="true" /> {t('print.print')}
        </button>
      </div>
      <div
        className="dashboard-print__sheet"
        data-testid="dashboard-print-sheet"
        style={{ width: `${sheet.width_mm - m.left - m.right}mm` }}
      >
        <header className="dashboard-print__head">
          <strong>
            {t('title')} · {t(`scope.${scope}`)}: {name}
          </strong>
          <span>{new Date().toISOString().slice(0, 10)}</span>
        </header>
        <Charts
          data={data.data}
          config={config}
          lang={lang}
          busy={false}
          onPeriod={null}
          onChild={() => undefined}
          onScheduleRows={() => undefined}
        />
      </div>
    </div>
  );
}
