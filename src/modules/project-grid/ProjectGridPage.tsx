// /{space_id}/grid/{project_id}: the project grid. The rows of every schedule of the project (each
// schedule's active version) in the workbench's own grid and canvas Gantt, one summary row per
// schedule, each schedule's dates from its own engine pass. Edited like one version: a cell edit,
// paste, executor or assignment goes to the version its row belongs to (edit.ts, route.ts), and
// Ctrl+Z / Ctrl+Y take each step back in that version; a locked version stays read-only beside an
// editable one. Calculated columns are computed in the page's worker with each version's own
// formulas. Alt+Enter (or the Open schedule button) opens the focused row's schedule on that row.
// The address's filter, filter_indicator and target parameters apply as on the schedule page.
import { ExternalLink, Filter, FolderTree, RotateCw, Target } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router-dom';
import { liveEvents } from '../../app/api/live';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { setCommitGuard } from '../../state/workbench/data';
import { setPeopleRouting, type PeopleRouting } from '../../state/row-people';
import { setAssignmentSteps } from '../../state/resources/assignments';
import { VersionSync } from '../../state/workbench/sync';
import { ApiError } from '../../app/api/errors';
import type { FilterExpr } from '../../domain/filter';
import { EmptyState } from '../../app/ui/StatePanels';
import { useSession } from '../../state/session';
import { useSystem } from '../../state/system';
import { useToasts } from '../../state/toasts';
import { textContext } from '../../state/workbench/commands-edit';
import { parseFilterParams } from '../../state/workbench/filter';
import { followFilter, setFilter } from '../../state/workbench/filter-view';
import { hostDoc, provideHostFilter } from '../../state/workbench/host-filter';
import { createFilterHostService } from '../../workers/schedule-client';
import { initialState, useWorkbench, workbench } from '../../state/workbench/store';
import { childrenOf } from '../../domain/wbs/tree-index';
import { FilterBuilder } from '../attributes/FilterBuilder';
import { filterFields } from '../attributes/filter-fields';
import { useAttributesT } from '../attributes/i18n';
import { FilterBar } from '../schedule/FilterBar';
import { NS as WB_NS, registerWorkbenchTexts } from '../schedule/i18n';
import { loadCalendars, resetTimescale } from '../schedule/load';
import { installWorkbenchServices } from '../schedule/services';
import { GridGanttSplit } from '../schedule/GridGanttSplit';
import { NodePanel, PanelToggle } from '../schedule/NodePanel';
import type { RowVersion } from '../schedule/DirectoriesTab';
import type { PanelTab } from '../../state/workbench/store';
import { useSplitSizes } from '../schedule/use-split-sizes';
import '../schedule/workbench.css';
import { useProjectGridT } from './i18n';
import { eachTargetParam, loadProjectGrid, loadTargets, parseTargets } from './load';
import type { LoadedGrid } from './load';
import { ConflictDialog } from '../schedule/ConflictDialog';
import { GridEditor, peopleRouting } from './edit';
import { restoreGridHistory } from './history';
import { wdpRouting, wdpScopes } from './wdp';
import { dropWdpStores, setWdpPatchRouting } from '../../state/wdp/store';
import type { WdpScope } from '../wdp/scope';
import { useProjectGridLayout } from './use-grid-layout';
import { useGridFormulas, type GridHost } from './use-grid-formulas';
import './project-grid.css';

type T = (key: string, p?: Record<string, unknown>) => string;

/** Keys that start an edit in the workbench: here they say the grid is read-only. */
function isEditKey(e: React.KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  return (
    e.key === 'F2' ||
    e.key === 'Enter' ||
    e.key === 'Delete' ||
    e.key === 'Backspace' ||
    e.key === 'Insert' ||
    e.key.length === 1
  );
}

export function ProjectGridPage() {
  registerWorkbenchTexts();
  const { project_id: projectId = '', spaceId: routeSpace = '' } = useParams();
  const sessionSpace = useSession((s) => s.spaceId);
  const spaceReady = sessionSpace === routeSpace;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const space = useOutletContext<SpaceContext | undefined>();
  const canEdit = space?.config?.can.edit ?? false;
  const { t: pt } = useProjectGridT();
  const { t: wbT, i18n } = useTranslation(WB_NS);
  const t = pt as unknown as T;
  const wt = wbT as unknown as T;
  const [loaded, setLoaded] = useState<LoadedGrid | null>(null);
  const [failed, setFailed] = useState<'failed' | 'not_found' | null>(null);
  const [reloads, setReloads] = useState(0);
  const [filterOpen, setFilterOpen] = useState(false);
  const refusedShown = useRef(0);
  /** A grid row's own version and id (from the editor's routes), for the panel's directories tab. */
  const routingRef = useRef<PeopleRouting | null>(null);
  const versionsRef = useRef<LoadedGrid['versions']>([]);
  const editorRef = useRef<GridEditor | null>(null);
  const rowVersion = useCallback((rowId: string): RowVersion | null => {
    const routing = routingRef.current;
    const own = routing?.own(rowId);
    if (!routing || !own) return null;
    // The row and the rows under it in its version's ids (the 3D tab selects their elements).
    const subtree: string[] = [];
    const index = workbench.get().wbs.index;
    const stack = [rowId];
    while (stack.length) {
      const id = stack.pop()!;
      const mine = routing.own(id);
      if (mine) subtree.push(mine.wbsId);
      stack.push(...childrenOf(index, id));
    }
    const scheduleId = versionsRef.current.find((v) => v?.id === own.versionId)?.schedule_id;
    const editable = editorRef.current?.editable(own.versionId) ?? false;
    return {
      versionId: own.versionId,
      rowId: own.wbsId,
      subtree,
      editable,
      ...(scheduleId ? { scheduleId } : {}),
    };
  }, []);
  // The daily planning tab: the focused row's version's days (one store per version, wdp.ts).
  // A new function with each editor (a reading again of the grid): the panel asks again.
  const [scopes, setScopes] = useState<{ of: (rowId: string) => WdpScope | null } | null>(null);
  const wdpScope = useCallback((rowId: string) => scopes?.of(rowId) ?? null, [scopes]);
  // The project whose history was rebuilt from the logs (once per page load: a reading again of
  // the grid keeps the history it has).
  const historyOf = useRef<string | null>(null);
  const windowWidth = useSystem((s) => s.width);
  const windowHeight = useSystem((s) => s.height);
  const loadState = useWorkbench((s) => s.loadState);
  const calendars = useWorkbench((s) => s.calendars);
  const formulaValues = useWorkbench((s) => s.formulaValues);
  const rowCount = useWorkbench((s) => s.wbs.doc.rows.size);
  const targetParam = params.get('target');
  const filterParam = params.get('filter');
  const indicatorParam = params.get('filter_indicator');
  const parsedFilter = useMemo(
    () => parseFilterParams(filterParam, indicatorParam),
    [filterParam, indicatorParam],
  );

  useEffect(() => installWorkbenchServices(), []);
  // Every filter evaluated in a worker holding the merged rows and dates (host-filter.ts); the
  // calculated attributes are computed there too (use-grid-formulas.ts).
  const host = useRef<GridHost | null>(null);
  useEffect(() => {
    const service = createFilterHostService();
    const doc = hostDoc(service);
    const stop = provideHostFilter(service, doc);
    host.current = { service, doc };
    return () => {
      stop();
      doc.stop();
      service.dispose();
      host.current = null;
    };
  }, []);
  useEffect(() => followFilter(), []);
  useEffect(() => setFilter(parsedFilter.ok ? parsedFilter.filter : null), [parsedFilter]);
  // The store is the workbench's: left as it was found.
  useEffect(() => () => useWorkbench.setState(initialState(), true), []);

  useEffect(() => {
    if (!spaceReady || !projectId) return;
    const abort = new AbortController();
    workbench.set({ loadState: 'loading' });
    loadCalendars()
      .then(() => loadProjectGrid(projectId, abort.signal))
      .then((g) => {
        if (!g || abort.signal.aborted) return;
        setFailed(null);
        setLoaded(g);
        resetTimescale();
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        workbench.set({ loadState: 'error' });
        setFailed(e instanceof ApiError && e.status === 404 ? 'not_found' : 'failed');
      });
    return () => abort.abort();
  }, [projectId, spaceReady, reloads]);

  // Edits: routed to each schedule's version (edit.ts), sent by the workbench's sync, live events
  // of every version applied. The document opens for edits when one schedule may be edited.
  const editable = useWorkbench((s) => !!s.version && !s.version.locked);
  const saving = useWorkbench((s) => s.saving);
  useEffect(() => {
    if (!loaded) return;
    const push = (title: string, line: string) =>
      useToasts.getState().push({ kind: 'warning', title, lines: [line], durationMs: 5000 });
    const reload = () => setReloads((n) => n + 1);
    const editor = new GridEditor(
      { schedules: loaded.grid.schedules, versions: loaded.versions, merged: loaded.merged },
      canEdit,
      push,
      reload,
      loaded.dates,
    );
    const v = workbench.get().version;
    if (v && editor.anyEditable) workbench.set({ version: { ...v, locked: false } });
    setCommitGuard(editor.guard);
    // The Executor column: each row's people are its own version's, under the grid's ids.
    const routing = peopleRouting(loaded.versions, editor.routes);
    setPeopleRouting(routing);
    // The panel's directories tab: a row's attribute values and links in its own version.
    routingRef.current = routing;
    versionsRef.current = loaded.versions;
    editorRef.current = editor;
    // The Assignments tab's calls: each step joins the grid's history, undone in its version.
    setAssignmentSteps(editor.assignmentStep);
    // Daily plans: each version's days in its own store, the history's day patches routed there.
    setWdpPatchRouting(wdpRouting(loaded.versions, editor.routes));
    // The panel's daily planning tab asks this editor's scopes (its routes and rights): a new
    // editor (the grid read again, the rights known) gives the panel new ones to ask.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setScopes({ of: wdpScopes(loaded.versions, editor.routes, (v) => editor.editable(v)) });
    const sync = new VersionSync(editor.transport, async () => reload());
    const off = liveEvents.subscribe((e) => editor.live(e));
    if (historyOf.current !== loaded.grid.project.id && editor.anyEditable) {
      historyOf.current = loaded.grid.project.id;
      void restoreGridHistory(editor, loaded.versions).catch(() => undefined);
    }
    return () => {
      off();
      sync.dispose();
      editor.dispose();
      setCommitGuard(null);
      setPeopleRouting(null);
      routingRef.current = null;
      versionsRef.current = [];
      editorRef.current = null;
      setAssignmentSteps(null);
      setWdpPatchRouting(null);
      setScopes(null);
      dropWdpStores();
    };
  }, [loaded, canEdit]);

  // The versions' attribute columns and the user's layout of this project.
  const shownVersions = useMemo(
    () => loaded?.grid.schedules.flatMap((s) => (s.version ? [s.version.id] : [])) ?? null,
    [loaded],
  );
  useProjectGridLayout(projectId, shownVersions, !!loaded);
  // Calculated attribute columns: each schedule's formulas over its rows, in the host worker.
  useGridFormulas(host, loaded);

  useEffect(() => {
    if (!loaded) return;
    void loadTargets(loaded, targetParam, t('target_label')).catch(() => undefined);
    // t changes with the language only; the label is read once per choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, targetParam]);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  /** The focused row's schedule and own row id. */
  const focused = useCallback(() => {
    if (!loaded) return null;
    const s = workbench.get();
    const id = s.visible.ids[s.selection.focus.row];
    const origin = id === undefined ? undefined : loaded.merged.origin.get(id);
    const schedule = origin ? loaded.grid.schedules[origin.part] : undefined;
    return origin && schedule ? { schedule, row: origin.id } : null;
  }, [loaded]);
  const focusRow = useWorkbench((s) => s.selection.focus.row);
  const visible = useWorkbench((s) => s.visible);
  const current = useMemo(() => focused(), [focused, focusRow, visible]); // eslint-disable-line react-hooks/exhaustive-deps

  const openFocused = useCallback(() => {
    const f = focused();
    if (!f) {
      useToasts.getState().push({ kind: 'info', title: t('no_row'), lines: [], durationMs: 3000 });
      return;
    }
    const q = new URLSearchParams();
    if (f.schedule.version) q.set('version', f.schedule.version.id);
    if (f.row) q.set('row', f.row);
    navigate(`/${routeSpace}/schedule/${f.schedule.schedule.id}?${q.toString()}`);
  }, [focused, navigate, routeSpace, t]);

  const onKeyDownCapture = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const el = e.target as HTMLElement;
    if (el.closest('input, select, textarea, [role="dialog"]')) return;
    if (e.key === 'Enter' && e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      e.stopPropagation();
      openFocused();
      return;
    }
    // Typing on a grid no schedule of which may be edited: say once in a while why nothing happens.
    if (
      !editable &&
      el.closest('[role="grid"]') &&
      isEditKey(e) &&
      Date.now() - refusedShown.current > 4000
    ) {
      refusedShown.current = Date.now();
      useToasts.getState().push({
        kind: 'info',
        title: t('edit_refused'),
        lines: [t('edit_refused_hint')],
        durationMs: 4000,
      });
    }
  };

  const lang = i18n.language;
  const ctx = useMemo(() => textContext(workbench.get()), [lang, calendars, formulaValues]); // eslint-disable-line react-hooks/exhaustive-deps
  const locale = lang.startsWith('ru') ? 'ru-RU' : 'en-US';
  const mainWidth = windowWidth || (typeof window !== 'undefined' ? window.innerWidth - 44 : 1200);
  const pageHeight = (windowHeight || (typeof window !== 'undefined' ? window.innerHeight : 800)) - 44;
  const split = useSplitSizes(mainWidth, pageHeight);
  const schedules = loaded?.grid.schedules ?? [];
  const targets = loaded ? parseTargets(targetParam, schedules) : new Map();
  const eachTarget = eachTargetParam(schedules);
  const targetValue = !targetParam ? '' : targetParam === eachTarget ? 'each' : 'custom';
  const notes = loaded
    ? schedules.flatMap((s, k) =>
        !s.version
          ? [t('no_version', { name: s.schedule.name })]
          : loaded.failures[k]
            ? [t('not_scheduled', { name: s.schedule.name, reason: loaded.failures[k] })]
            : [],
      )
    : [];

  if (failed)
    return (
      <div className="wb-message" role="alert">
        {t(failed)} <Link to={`/${routeSpace}`}>{t('structure')}</Link>
      </div>
    );
  if (loaded && schedules.length === 0)
    return <EmptyState icon={FolderTree} title={t('empty')} hint={t('empty_hint')} />;

  return (
    <div
      className="wb-page pg-page"
      data-testid="project-grid"
      data-saving={saving}
      onKeyDownCapture={onKeyDownCapture}
      aria-label={t('title')}
    >
      <div className="wb-toolbar" role="toolbar" aria-label={t('title')}>
        <div className="wb-tool-group pg-title">
          <Link to={`/${routeSpace}`} className="wb-tool" title={t('structure')} aria-label={t('structure')}>
            <FolderTree size={16} strokeWidth={1.75} aria-hidden="true" />
          </Link>
          <h1 className="pg-heading">
            {t('title')}
            {loaded ? `: ${loaded.grid.project.name}` : ''}
          </h1>
          {loaded && (
            <span
              className="wb-chip"
              data-testid="pg-summary"
              data-read-ms={Math.round(loaded.ms.read)}
              data-engine-ms={Math.round(loaded.ms.engine)}
            >
              {t('summary', { schedules: schedules.length, rows: rowCount - schedules.length })}
            </span>
          )}
        </div>
        <div className="wb-tool-group">
          <button
            type="button"
            className="wb-tool wb-tool-primary"
            title={t('open_schedule_hint')}
            disabled={!current}
            onMouseDown={(e) => e.preventDefault()}
            onClick={openFocused}
            data-testid="pg-open-schedule"
          >
            <ExternalLink size={15} strokeWidth={1.75} aria-hidden="true" />
            <span>
              {current ? t('open_schedule_of', { name: current.schedule.schedule.name }) : t('open_schedule')}
            </span>
          </button>
        </div>
        <div className="wb-tool-group">
          <label className="wb-field" title={t('target')}>
            <Target size={15} strokeWidth={1.75} aria-hidden="true" />
            <select
              className="wb-select wb-select-target"
              aria-label={t('target')}
              value={targetValue}
              onChange={(e) => setParam('target', e.target.value === 'each' ? eachTarget : null)}
            >
              <option value="">{t('target_none')}</option>
              {eachTarget && <option value="each">{t('target_each')}</option>}
              {targetValue === 'custom' && (
                <option value="custom">
                  {[...targets.values()].map((v) => v.label).join(', ') || t('target_label')}
                </option>
              )}
            </select>
          </label>
          <FilterTool
            t={wt}
            label={t('filter')}
            open={filterOpen}
            setOpen={setFilterOpen}
            current={parsedFilter.ok ? (parsedFilter.filter?.expr ?? null) : null}
            onFilter={(e) => setParam('filter', e ? JSON.stringify(e) : null)}
          />
          <button
            type="button"
            className="wb-tool"
            title={t('reload')}
            aria-label={t('reload')}
            onClick={() => setReloads((n) => n + 1)}
          >
            <RotateCw size={16} strokeWidth={1.75} aria-hidden="true" />
          </button>
          <PanelToggle t={wt} />
        </div>
      </div>
      <p className="pg-note" role="note" data-testid={editable ? 'pg-editable' : 'pg-read-only'}>
        {t(editable ? 'editable' : 'read_only')}
      </p>
      {notes.length > 0 && (
        <ul className="pg-notes" role="status">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <FilterBar
        parsed={parsedFilter}
        t={wt}
        onClear={() => {
          const next = new URLSearchParams(params);
          next.delete('filter');
          next.delete('filter_indicator');
          setParams(next, { replace: true });
        }}
      />
      <GridGanttSplit ctx={ctx} t={wt} label={t('label')} locale={locale} split={split} />
      {loaded && (
        <NodePanel
          ctx={ctx}
          t={wt}
          split={split}
          tabs={GRID_PANEL_TABS}
          rowVersion={rowVersion}
          wdpScope={wdpScope}
        />
      )}
      {/* An overlap with another planner's change of one of the versions: keep mine or take theirs. */}
      {createPortal(<ConflictDialog t={wt} />, document.body)}
      {loadState !== 'ready' && <div className="wb-loading">{t('loading')}</div>}
    </div>
  );
}

/**
 * The node panel's tabs on the project grid: those that read and edit the merged document (the
 * row, its links through the routed edit loop, its links to other projects), the directories
 * tab (the row's attribute values under its own version's labels, its directory links stored in
 * its own version), and the tabs of one version's side data for the row's own version: photos
 * (its schedule's gallery, uploads tagged with its version and own id), assignments (the schedule
 * page's editor on the row's own version: each call goes there and its step joins the grid's
 * history, undone in that version; read-only on a locked version) and 3D (its schedule's linked
 * model, the elements of the row and the rows under it) and the daily plans (the day matrix of
 * the row's version: its own store, its rows; each edit one step of the grid's history stored in
 * that version, wdp.ts), with the row's plan totals and distribution settings (Planning, saved to
 * its version) and what people reported on it (Timesheets, its version's timesheets).
 */
const GRID_PANEL_TABS: readonly PanelTab[] = [
  'node_info',
  'task_relations',
  'directories',
  'related_schedules',
  'gallery',
  'timesheets',
  'daily_planning',
  'planning',
  'assignments',
  'model_3d',
];

/** The filter builder of the attributes module, its result going to the address's `filter`. */
function FilterTool({
  t: wbT,
  label,
  open,
  setOpen,
  current,
  onFilter,
}: {
  t: T;
  label: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  current: FilterExpr | null;
  onFilter: (e: FilterExpr | null) => void;
}) {
  const { t } = useAttributesT();
  const attributeLabels = useWorkbench((s) => s.attributeLabels);
  return (
    <>
      <button
        type="button"
        className={`wb-tool${current ? ' wb-tool-on' : ''}`}
        title={label}
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        <Filter size={16} strokeWidth={1.75} aria-hidden="true" />
      </button>
      {open && (
        <FilterBuilder
          fields={filterFields(
            (id) => wbT(`col.${id}`),
            attributeLabels,
            (id) => t(id === 'critical' ? 'filter.col_critical' : 'filter.col_color'),
          )}
          current={current}
          onClose={() => setOpen(false)}
          onApply={(e) => {
            setOpen(false);
            onFilter(e);
          }}
        />
      )}
    </>
  );
}
