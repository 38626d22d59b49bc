// /{space_id}/schedule/{id}: the workbench. Toolbar on top; the WBS grid and the canvas Gantt side
// by side with one vertical scroll and a splitter (the 3D model pane at their right when open); the
// node information panel below. The page only wires things: data lives in the version store,
// scheduling in the worker.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from './ConflictDialog';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Version, VersionColumns } from '../../api/versions';
import { useSession } from '../../state/session';
import { useSystem } from '../../state/system';
import { textContext } from '../../state/workbench/commands-edit';
import { packColumns } from '../../state/workbench/columns-content';
import { ScheduleRunner } from '../../state/workbench/schedule-runner';
import { initialState, useWorkbench, workbench } from '../../state/workbench/store';
import { createScheduleService } from '../../workers/schedule-client';
import { VersionSync } from '../../state/workbench/sync';
import { installBenchHook } from './bench-hook';
import { batchTransport } from './transport';
import { parseFilterParams } from '../../state/workbench/filter';
import { followFilter, provideFilterWorker, setFilter } from '../../state/workbench/filter-view';
import { followArrangement } from '../../state/workbench/arrange';
import { rearrange } from '../../state/workbench/data';
import { selectRowById } from '../../state/workbench/find';
import { FilterBar } from './FilterBar';
import { HelpDialog } from './HelpDialog';
import { NS, registerWorkbenchTexts } from './i18n';
import { NodePanel } from './NodePanel';
import {
  calculate,
  loadCalendars,
  loadContent,
  loadTarget,
  loadVersions,
  openVersion,
  pickVersion,
  resetTimescale,
} from './load';
import { installWorkbenchServices } from './services';
import { GridGanttSplit } from './GridGanttSplit';
import { useStoredState } from './stored-state';
import { Toolbar } from './Toolbar';
import { PrintButton } from '../print/PrintButton';
import { BimAside, BimPaneButton, useBimPaneWidth } from '../bim/BimAside';
import { ScheduleViewTools } from '../attributes/ScheduleViewTools';
import { LevelTools } from '../resources/LevelTools';
import { ResourceGantt } from '../resources/ResourceGantt';
import { CyclogramSwitch, WorkbenchCyclogram } from '../views/WorkbenchCyclogram';
import { DailyPane, DailyPaneSwitch } from '../wdp/DailyPane';
import { useCuratorDates } from './use-curator-dates';
import { useFormulas } from './use-formulas';
import { useSavedLayout } from './use-layout';
import { useSplitSizes } from './use-split-sizes';
import { useLiveVersion } from './use-live-version';
import './workbench.css';

export function SchedulePage() {
  registerWorkbenchTexts();
  const { id: scheduleId = '', spaceId: routeSpace = '' } = useParams();
  // Space routes need the space-id header, which the layout sets in its own effect (after ours).
  const sessionSpace = useSession((s) => s.spaceId);
  const spaceReady = sessionSpace === routeSpace;
  const [params, setParams] = useSearchParams();
  const { t: tr, i18n } = useTranslation(NS);
  const t = tr as unknown as (key: string, p?: Record<string, unknown>) => string;
  const [versions, setVersions] = useState<Version[]>([]);
  const [failed, setFailed] = useState(false);
  const [help, setHelp] = useState(false);
  const runner = useRef<ScheduleRunner | null>(null);
  const windowWidth = useSystem((s) => s.width);
  const windowHeight = useSystem((s) => s.height);
  const loadState = useWorkbench((s) => s.loadState);
  const versionId = useWorkbench((s) => s.versionId);
  const calendars = useWorkbench((s) => s.calendars);
  const ganttView = useWorkbench((s) => s.ganttView);
  const targetId = params.get('target');
  const wantedVersion = params.get('version');
  // A row to open on (the project grid's Open schedule): selected once the version is loaded.
  const wantedRow = params.get('row');
  const filterParam = params.get('filter');
  const indicatorParam = params.get('filter_indicator');
  // ?chart=cyclogram: the cyclogram beside the grid instead of the Gantt (the views page links here);
  // ?chart=daily: the daily planning day matrix there.
  const chartParam = params.get('chart');
  const parsedFilter = useMemo(
    () => parseFilterParams(filterParam, indicatorParam),
    [filterParam, indicatorParam],
  );

  useEffect(() => installWorkbenchServices(), []);
  // The worker's first request for a version's content, sent before the store indexes it.
  const toWorker = useCallback(
    (content: VersionColumns, revision: number) =>
      runner.current?.openPacked(
        () => packColumns(content.items, content.relations),
        // With its stored options: the worker's first pass is the right one (a bare data date
        // gave the defaults, and an imported version's own options a second full pass).
        content.version,
        revision,
        // A calculated version paints its stored dates first; the worker's copy follows.
        content.version.timetable_state === 'calculated',
      ),
    [],
  );
  useEffect(
    () =>
      installBenchHook((content) => {
        loadContent(content, toWorker);
        resetTimescale();
      }),
    [toWorker],
  );
  useEffect(() => followFilter(), []);
  useEffect(() => {
    const view = workbench.get().ganttView;
    if (chartParam === 'cyclogram') workbench.set({ ganttView: 'cyclogram' });
    else if (view === 'cyclogram') workbench.set({ ganttView: 'task' });
  }, [chartParam]);
  // A layout's sort and grouping follow the schedule and calculated values they read.
  useEffect(() => followArrangement(rearrange), []);
  useEffect(() => setFilter(parsedFilter.ok ? parsedFilter.filter : null), [parsedFilter]);
  useEffect(() => {
    const r = new ScheduleRunner(createScheduleService());
    runner.current = r;
    // The filter runs in the same worker, behind the document it reads (filter-view.ts).
    const stopFilter = provideFilterWorker((req) => r.filter(req));
    return () => {
      stopFilter();
      r.dispose();
      runner.current = null;
      useWorkbench.setState(initialState(), true);
    };
  }, []);

  // Versions of the schedule and calendars of the space.
  useEffect(() => {
    if (!spaceReady) return;
    let live = true;
    workbench.set({ loadState: 'loading' });
    Promise.all([loadVersions(scheduleId), loadCalendars()])
      .then(([list]) => live && setVersions(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [scheduleId, spaceReady]);

  const chosen = useMemo(() => pickVersion(versions, wantedVersion), [versions, wantedVersion]);
  // The version asked for in the address opens beside the versions list, not after it; the list
  // then confirms it (or, when it is not this schedule's, the chosen version opens instead).
  const openId = versions.length > 0 ? (chosen?.id ?? null) : spaceReady ? wantedVersion : null;

  // The version's rows and relations, then the first schedule pass.
  useEffect(() => {
    if (!openId) return;
    let live = true;
    const abort = new AbortController();
    // The worker gets the document as soon as it is parsed and schedules it while the store
    // indexes it and the grid and the Gantt paint the rows (dates fill in after); a calculated
    // version paints its stored dates first and sends the worker its copy after that frame.
    openVersion(openId, toWorker, abort.signal)
      .then(() => {
        if (!live) return;
        resetTimescale();
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      abort.abort();
    };
  }, [openId, toWorker]);

  useEffect(() => {
    if (loadState === 'ready') void loadTarget(targetId).catch(() => undefined);
  }, [targetId, loadState, versionId]);

  useEffect(() => {
    if (wantedRow && loadState === 'ready' && versionId) selectRowById(wantedRow);
  }, [wantedRow, loadState, versionId]);

  useSavedLayout(versionId, scheduleId || null);
  const runnerService = useCallback(() => runner.current?.scheduleService ?? null, []);
  useFormulas(runnerService, versionId);
  useCuratorDates(versionId);
  const reopen = useCallback(() => runner.current?.open(), []);
  // Every command goes to the server as one batch; a conflict or a refusal reloads the version.
  useEffect(() => {
    if (!versionId) return;
    const reload = () => openVersion(versionId, undefined, undefined, { historyFromLog: true }).then(reopen);
    const sync = new VersionSync(batchTransport, reload);
    return () => sync.dispose();
  }, [versionId, reopen]);
  useLiveVersion(versionId, reopen);

  const lang = i18n.language;
  const formulaValues = useWorkbench((s) => s.formulaValues);
  const curatorDates = useWorkbench((s) => s.curatorDates);
  const ctx = useMemo(() => textContext(workbench.get()), [lang, calendars, formulaValues, curatorDates]); // eslint-disable-line react-hooks/exhaustive-deps
  const locale = lang.startsWith('ru') ? 'ru-RU' : 'en-US';
  const mainWidth = windowWidth || (typeof window !== 'undefined' ? window.innerWidth - 44 : 1200);
  // The page sits under the app's 44-px top bar.
  const pageHeight = (windowHeight || (typeof window !== 'undefined' ? window.innerHeight : 800)) - 44;
  // The grid and the Gantt share the width the 3D pane leaves them.
  const split = useSplitSizes(mainWidth - useBimPaneWidth(mainWidth), pageHeight);
  const stored = useStoredState();

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  if (failed) return <div className="wb-message">{t('load.error')}</div>;
  if (versions.length === 0 && loadState !== 'loading')
    return <div className="wb-message">{t('load.no_versions')}</div>;

  return (
    <div className="wb-page" data-testid="workbench">
      <Toolbar
        t={t}
        versions={versions}
        versionId={versionId}
        targetId={targetId}
        onVersion={(id) => setParam('version', id)}
        onTarget={(id) => setParam('target', id)}
        stored={stored.state}
        onCalculate={() => void stored.run(() => calculate(runner.current)).catch(() => undefined)}
        onHelp={() => setHelp(true)}
        onReload={() => versionId && void openVersion(versionId).then(reopen, () => undefined)}
        extra={
          <>
            <ScheduleViewTools
              t={t}
              current={parsedFilter.ok ? (parsedFilter.filter?.expr ?? null) : null}
              onFilter={(e) => setParam('filter', e ? JSON.stringify(e) : null)}
            />
            <CyclogramSwitch
              on={ganttView === 'cyclogram'}
              onChange={(on) => {
                workbench.set({ ganttView: on ? 'cyclogram' : 'task' });
                setParam('chart', on ? 'cyclogram' : null);
              }}
            />
            <DailyPaneSwitch
              on={chartParam === 'daily'}
              onChange={(on) => {
                if (on && ganttView === 'cyclogram') workbench.set({ ganttView: 'task' });
                setParam('chart', on ? 'daily' : null);
              }}
            />
            <LevelTools disabled={loadState !== 'ready'} />
            <PrintButton
              versionId={versionId}
              filter={parsedFilter.ok && parsedFilter.filter?.expr ? filterParam : null}
              indicator={parsedFilter.ok ? (parsedFilter.filter?.indicator ?? null) : null}
              target={targetId}
            />
            <BimPaneButton />
          </>
        }
      />
      <FilterBar
        parsed={parsedFilter}
        t={t}
        onClear={() => {
          const next = new URLSearchParams(params);
          next.delete('filter');
          next.delete('filter_indicator');
          setParams(next, { replace: true });
        }}
      />
      {ganttView === 'resource' ? (
        <div className="wb-split">
          <ResourceGantt locale={locale} />
        </div>
      ) : (
        <GridGanttSplit
          ctx={ctx}
          t={t}
          label={t('grid.label')}
          locale={locale}
          split={split}
          chart={
            ganttView === 'cyclogram' ? (
              <WorkbenchCyclogram />
            ) : chartParam === 'daily' ? (
              <DailyPane />
            ) : undefined
          }
          aside={<BimAside scheduleId={scheduleId} mainWidth={mainWidth} />}
        />
      )}
      <NodePanel ctx={ctx} t={t} split={split} />
      {loadState !== 'ready' && <div className="wb-loading">{t('load.loading')}</div>}
      {help && createPortal(<HelpDialog t={t} onClose={() => setHelp(false)} />, document.body)}
      {createPortal(<ConflictDialog t={t} />, document.body)}
    </div>
  );
}
