// The Resources screen (/{space_id}/resources/{id?}, spec §2): the space's resources on the
// workbench's grid (src/grid, its host resource-grid.ts) with keyboard editing and matrix paste,
// a details panel for the selected one (availability by
// period, member), create, delete with confirmation and import from a schedule file (XER,
// P6 XML, MSPDI, XLSX …, read in the browser by the same readers the server imports with).
// Query parameters: `filter` keeps resources whose name or code contains it; `filter_indicator`
// keeps those an indicator names (src/domain/resources/indicators.ts; the toolbar's "Indicator"
// sets it); `target` (or the path's id) selects a resource.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import type { Calendar } from '../../api/calendars';
import type { Resource, ResourceInput, ResourcePatch } from '../../api/resources';
import { call } from '../../app/api/call';
import { ApiError } from '../../app/api/errors';
import type { SpaceContext } from '../../app/layout/MainLayout';
import {
  isResourceIndicator,
  parseCell,
  planPaste,
  RESOURCE_INDICATORS,
  RESOURCE_KINDS,
  RESOURCE_TYPES,
  withIndicator,
} from '../../domain/resources';
import type { CellLabels, ResourceColumn, ResourceIndicator } from '../../domain/resources';
import {
  filterResources,
  parseResourceFilter,
  RESOURCE_FILTER_FIELDS,
  type ResourceFilterParse,
} from '../../domain/resources/filter';
import type { FilterExpr } from '../../domain/filter';
import { FilterBuilder } from '../attributes/FilterBuilder';
import { describeFilter } from '../schedule/FilterBar';
import { ColumnMenu } from '../../grid/ColumnMenu';
import { Grid } from '../../grid/Grid';
import { setColumnVisible } from '../../grid/layout';
import { useConfirm } from '../../state/confirm';
import {
  batchResources,
  createResource,
  deleteResource,
  depthsOf,
  loadHistory,
  loadLayout,
  loadResources,
  resetResources,
  setFocus,
  undoResources,
  updateResource,
  useResourceGrid,
  useResources,
} from '../../state/resources/store';
import { useToasts } from '../../state/toasts';
import { CurvesDialog } from './CurvesDialog';
import { FromDirectoryDialog } from './FromDirectoryDialog';
import { ResourceDetails } from './ResourceDetails';
import {
  resourceCells,
  resourceGridHost,
  resourceRows,
  ResourceRowsContext,
  setResourceGridPage,
  type ResourceRowView,
} from './resource-grid';
import { useResourcesT } from './i18n';
import '../schedule/workbench.css';
import './resources.css';

/** The grid element, where keys typed while a new resource is on its way must go. */
const focusGrid = () => document.querySelector<HTMLElement>('.res-page .wb-grid')?.focus();

export function ResourcesPage() {
  const { t, i18n } = useResourcesT();
  const [curvesOpen, setCurvesOpen] = useState(false);
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const canEdit = config?.can.edit ?? false;
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const all = useResources((s) => s.items);
  const status = useResources((s) => s.status);
  const error = useResources((s) => s.error);
  const focus = useResourceGrid((s) => s.selection.focus);
  const collapsed = useResourceGrid((s) => s.collapsed);
  const columnLayout = useResourceGrid((s) => s.columns);
  const frozen = useResourceGrid((s) => s.frozen);
  const history = useResources((s) => s.history);
  const [calendars, setCalendars] = useState<Calendar[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [fromDirectory, setFromDirectory] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const toast = useToasts((s) => s.push);

  useEffect(() => {
    resetResources();
    void loadResources();
    void loadLayout();
    void loadHistory();
    call(api.calendars.list, { query: {} }, { silent: true }).then(setCalendars, () => setCalendars([]));
  }, [spaceId]);

  const filterParam = params.get('filter');
  const filter = useMemo(() => parseResourceFilter(filterParam), [filterParam]);
  const [filterOpen, setFilterOpen] = useState(false);
  const indicatorParam = params.get('filter_indicator');
  const indicator = isResourceIndicator(indicatorParam) ? indicatorParam : null;
  const setParam = (key: 'filter' | 'filter_indicator', value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const setIndicator = (value: string) => setParam('filter_indicator', value || null);

  const calendarName = useCallback((cid: string) => calendars.find((c) => c.id === cid)?.name, [calendars]);
  const items = useMemo(
    () => shownItems(all, filter, indicator, calendarName),
    [all, filter, indicator, calendarName],
  );
  const depth = useMemo(() => depthsOf(items), [items]);
  const rows = useMemo(
    () => resourceRows(items, depth, collapsed, canEdit),
    [items, depth, collapsed, canEdit],
  );

  // The path's id (or ?target=) selects its row once the list has it.
  // Once per id: a later change of the list (an edit, a paste) leaves the focus where the keys put it.
  const wanted = id ?? params.get('target');
  const shownWanted = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || shownWanted.current === wanted) return;
    const row = rows.findIndex((r) => r.row.id === wanted);
    if (row < 0) return;
    shownWanted.current = wanted;
    if (row !== useResourceGrid.getState().selection.focus.row) setFocus({ row, col: 1 });
  }, [wanted, rows]);

  const labels: CellLabels = useMemo(
    () => ({
      kind: (k) => t(`kinds.${k}`),
      type: (x) => t(`types.${x}`),
      calendarName,
      calendars,
    }),
    [t, calendars, calendarName],
  );
  const columnLabel = useCallback((c: string) => t(`cols.${c}`), [t]);
  const selected = rows[focus.row]?.resource ?? null;

  const open = () => {
    const r = rows[useResourceGrid.getState().selection.focus.row]?.resource;
    if (r && r.id !== id) {
      // The row is already where the focus is: the path's id must not pull the focus back to it
      // once it lands (the keys pressed after the click may have moved on by then).
      shownWanted.current = r.id;
      navigate(`/${spaceId}/resources/${r.id}${window.location.search}`, { replace: true });
    }
  };

  const failed = (err: unknown) => {
    // The call's own toast tells a server refusal; a local one names the cell.
    if (!(err instanceof ApiError))
      toast({ kind: 'error', title: (err as Error).message, lines: [], durationMs: 4000 });
  };

  const refuse = (title: string) => toast({ kind: 'error', title, lines: [], durationMs: 5000 });

  const commit = (view: ResourceRowView, col: ResourceColumn, text: string) => {
    const r = view.resource;
    // Enter on the blank line with nothing typed adds nothing.
    if (!r && text.trim() === '') return;
    const v = parseCell(col, text, labels);
    if (!v.ok) return refuse(t('cell_refused', { text, column: columnLabel(col) }));
    if (r) updateResource(r.id, { [col]: v.value } as ResourcePatch).catch(failed);
    else
      createResource({
        name: col === 'name' ? String(v.value) : t('new_name'),
        ...(col === 'name' ? {} : { [col]: v.value }),
      } as ResourceInput).catch(failed);
  };

  const paste = (
    matrix: string[][],
    at: { row: number; col: number },
    columns: readonly ResourceColumn[],
  ) => {
    const shown = rows.filter((v) => v.resource !== null);
    const plan = planPaste(matrix, at, shown.length, labels, columns);
    const bad = plan.refused[0];
    if (bad) return refuse(t('paste_refused', { row: bad.row + 1, column: columnLabel(bad.col) }));
    const batch = [
      ...plan.updates.map(
        (u) => ({ id: shown[u.index]!.resource!.id, ...u.patch }) as ResourcePatch & { id: string },
      ),
      ...plan.creates.map((c) => c as unknown as ResourceInput),
    ];
    if (batch.length === 0) return;
    batchResources(batch).then(
      () =>
        toast({ kind: 'success', title: t('pasted', { count: batch.length }), lines: [], durationMs: 2000 }),
      failed,
    );
  };

  /** Backspace: the range's cells emptied (a name and a kind cannot be; amounts become 0). */
  const clear = (list: readonly Resource[], columns: readonly ResourceColumn[]) => {
    const patch: Record<string, string | number | null> = {};
    for (const c of columns) {
      if (c === 'name' || c === 'kind') continue;
      const v = parseCell(c, '', labels);
      patch[c] = v.ok ? v.value : 0;
    }
    if (list.length === 0 || Object.keys(patch).length === 0) return;
    batchResources(list.map((r) => ({ id: r.id, ...patch }) as ResourcePatch & { id: string })).catch(failed);
  };

  const add = async (parent: string | null) => {
    if (useResources.getState().pending !== null) return;
    useResources.setState({ pending: '' });
    // From a toolbar button too, what is typed next goes to the grid (and so to the new name).
    focusGrid();
    if (parent && collapsed.has(parent)) {
      const open = new Set(collapsed);
      open.delete(parent);
      useResourceGrid.setState({ collapsed: open });
    }
    try {
      const r = await createResource({ name: t('new_name'), parent_id: parent });
      // Its name opens for editing with what was typed while it was on its way.
      const now = shownItems(useResources.getState().items, filter, indicator, calendarName);
      const list = resourceRows(now, depthsOf(now), useResourceGrid.getState().collapsed, canEdit);
      const row = list.findIndex((x) => x.row.id === r.id);
      const typed = useResources.getState().pending ?? '';
      useResources.setState({ pending: null });
      const col = Math.max(0, gridColumns().indexOf('name'));
      if (row >= 0)
        useResourceGrid.setState({
          selection: { anchor: { row, col }, focus: { row, col } },
          editing: { row, col, initial: typed },
        });
    } catch (err) {
      useResources.setState({ pending: null });
      failed(err);
    }
  };

  const remove = async (list: readonly Resource[]) => {
    // A member of a group deleted with it goes with the group.
    const ids = new Set(list.map((r) => r.id));
    const byId = new Map(all.map((r) => [r.id, r]));
    const under = (r: Resource): boolean => {
      for (let p = r.parent_id; p; p = byId.get(p)?.parent_id ?? null) if (ids.has(p)) return true;
      return false;
    };
    const tops = list.filter((r) => !under(r));
    if (tops.length === 0) return;
    const answer = await useConfirm.getState().ask({
      title: t('confirm_delete_title'),
      message:
        tops.length === 1
          ? t('confirm_delete', { name: tops[0]!.name })
          : t('confirm_delete_many', { count: tops.length }),
      submitLabel: t('delete'),
      danger: true,
      confirmWithEnter: true,
    });
    if (!answer.confirmed) return;
    try {
      for (const r of tops) await deleteResource(r.id);
      const s = useResourceGrid.getState().selection;
      const row = Math.min(s.focus.row, s.anchor.row);
      setFocus({
        row: Math.max(0, Math.min(row, useResources.getState().items.length - 1)),
        col: s.focus.col,
      });
    } catch (err) {
      failed(err);
    }
  };

  /** Ctrl+Z / Ctrl+Y: the member's newest resource edit taken back or done again on the server;
   *  the focus goes to the first resource it touched. */
  const runHistory = async (which: 'undo' | 'redo') => {
    const done = await undoResources(which);
    if (!done) return;
    const what = t(`history.labels.${done.label}`);
    toast({
      kind: 'success',
      title: t(which === 'undo' ? 'history.undone' : 'history.redone', { what }),
      lines: [],
      durationMs: 2000,
    });
    const now = shownItems(useResources.getState().items, filter, indicator, calendarName);
    const list = resourceRows(now, depthsOf(now), useResourceGrid.getState().collapsed, canEdit);
    const row = list.findIndex((x) => done.ids.includes(x.row.id));
    if (row >= 0) setFocus({ row, col: useResourceGrid.getState().selection.focus.col });
    else {
      const last = Math.max(0, list.length - 1);
      const s = useResourceGrid.getState().selection.focus;
      if (s.row > last) setFocus({ row: last, col: s.col });
    }
  };

  /** The column menu's "Show levels": groups deeper than the level fold. */
  const treeDepth = useMemo(() => {
    let d = 0;
    for (const level of depthsOf(all).values()) d = Math.max(d, level + 1);
    return d;
  }, [all]);
  const expandToLevel = (level: number) => {
    const depths = depthsOf(all);
    const groups = new Set(all.map((r) => r.parent_id).filter((x): x is string => x !== null));
    const next = new Set<string>();
    for (const g of groups) if ((depths.get(g) ?? 0) + 1 >= level) next.add(g);
    useResourceGrid.setState({ collapsed: next });
  };

  // The grid's keys and clipboard act on the page's latest render (rows, writes).
  useLayoutEffect(() => {
    setResourceGridPage({
      rows,
      canEdit,
      labels,
      commit,
      paste,
      clear,
      add: () => void add(null),
      remove: (list) => void remove(list),
      history: (which) => void runHistory(which),
    });
  });
  useEffect(() => () => setResourceGridPage(null), []);
  const kindLabels = useMemo(() => RESOURCE_KINDS.map((k) => t(`kinds.${k}`)), [t]);
  const typeLabels = useMemo(() => RESOURCE_TYPES.map((k) => t(`types.${k}`)), [t]);
  const cells = useMemo(
    () => resourceCells(labels, t, { kinds: kindLabels, types: typeLabels }, canEdit),
    [labels, t, kindLabels, typeLabels, canEdit],
  );
  const rangeList = () => {
    const s = useResourceGrid.getState().selection;
    const r0 = Math.min(s.anchor.row, s.focus.row);
    const r1 = Math.max(s.anchor.row, s.focus.row);
    return rows.slice(r0, r1 + 1).flatMap((v) => (v.resource ? [v.resource] : []));
  };

  const importFile = async (file: File) => {
    setBusy(t('importing', { name: file.name }));
    try {
      const { readAnySchedule } = await import('../../domain/io/read-any');
      const model = await readAnySchedule(new Uint8Array(await file.arrayBuffer()), file.name);
      const { resourceTypeOf } = await import('../../domain/schedule/resource-type');
      const known = new Set(all.map((r) => r.name));
      const fresh = new Map<string, ResourceInput>();
      for (const r of model.resources) {
        const name = r.name.trim().slice(0, 200);
        if (!name || known.has(name) || fresh.has(name)) continue;
        const type = resourceTypeOf(r.kind);
        fresh.set(name, {
          name,
          kind: type === 'cost' ? 'cost' : 'resource',
          resource_type: type,
          unit: type === 'labor' || type === 'nonlabor' ? 'h' : '',
        });
      }
      if (model.resources.length === 0) {
        toast({ kind: 'warning', title: t('import_none'), lines: [], durationMs: 3000 });
      } else {
        const list = [...fresh.values()];
        for (let i = 0; i < list.length; i += 5000) await batchResources(list.slice(i, i + 5000));
        toast({ kind: 'success', title: t('imported', { count: list.length }), lines: [], durationMs: 3000 });
      }
    } catch (err) {
      if (!(err instanceof ApiError))
        toast({
          kind: 'error',
          title: t('import_failed', { message: (err as Error).message }),
          lines: [],
          durationMs: 5000,
        });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="res-page">
      <div className="res-toolbar" role="toolbar" aria-label={t('title')}>
        <h1 className="res-title">{t('title')}</h1>
        {canEdit && (
          <>
            <button type="button" className="btn" onClick={() => void add(null)}>
              {t('add')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={!selected}
              onClick={() => selected && void add(selected.id)}
            >
              {t('add_child')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={!selected}
              onClick={() => void remove(rangeList())}
            >
              {t('delete')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={!history.can_undo}
              title={
                history.undo_label
                  ? t('history.undo_what', { what: t(`history.labels.${history.undo_label}`) })
                  : t('history.undo')
              }
              onClick={() => void runHistory('undo')}
            >
              {t('history.undo')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={!history.can_redo}
              title={
                history.redo_label
                  ? t('history.redo_what', { what: t(`history.labels.${history.redo_label}`) })
                  : t('history.redo')
              }
              onClick={() => void runHistory('redo')}
            >
              {t('history.redo')}
            </button>
            <button type="button" className="btn" onClick={() => fileRef.current?.click()} disabled={!!busy}>
              {t('import')}
            </button>
            <button type="button" className="btn" onClick={() => setFromDirectory(true)} disabled={!!busy}>
              {t('from_dir.open')}
            </button>
            <input
              ref={fileRef}
              type="file"
              hidden
              accept=".xer,.xml,.xlsx,.csv,.json"
              data-testid="resources-import"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void importFile(f);
              }}
            />
          </>
        )}
        <button type="button" className="btn" onClick={() => setCurvesOpen(true)}>
          {t('curves.open')}
        </button>
        {curvesOpen && (
          <CurvesDialog canEdit={canEdit} lang={i18n.language} onClose={() => setCurvesOpen(false)} />
        )}
        <button
          type="button"
          className="btn"
          title={t('filter.open_hint')}
          aria-pressed={filter.ok && filter.expr !== null}
          onClick={() => setFilterOpen(true)}
        >
          {t('filter.open')}
        </button>
        {filterOpen && (
          <FilterBuilder
            fields={RESOURCE_FILTER_FIELDS.map((f) => ({ id: f.id, label: t(`cols.${f.id}`), kind: f.kind }))}
            current={filter.ok ? filter.expr : null}
            onClose={() => setFilterOpen(false)}
            onApply={(e: FilterExpr | null) => {
              setFilterOpen(false);
              setParam('filter', e ? JSON.stringify(e) : null);
            }}
          />
        )}
        <label className="res-indicator">
          {t('indicator.label')}{' '}
          <select value={indicator ?? ''} onChange={(e) => setIndicator(e.target.value)}>
            <option value="">{t('indicator.all')}</option>
            {RESOURCE_INDICATORS.map((x) => (
              <option key={x} value={x}>
                {t(`indicator.${x}`)}
              </option>
            ))}
          </select>
        </label>
        <span className="res-dim" role="status">
          {busy ?? t('count', { count: items.length })}
        </span>
      </div>
      <p className="res-dim res-help">{t('help')}</p>
      <ResourceFilterBar parse={filter} onClear={() => setParam('filter', null)} />
      {status === 'ready' && items.length === 0 && <p className="res-dim res-help">{t('empty')}</p>}
      <div className="res-body">
        {status === 'loading' && <p className="res-dim">{t('loading')}</p>}
        {status === 'error' && (
          <p role="alert" className="res-error">
            {t('failed', { message: error })}
          </p>
        )}
        {status === 'ready' && (
          <div className="res-grid" onMouseUp={open}>
            <ResourceRowsContext.Provider value={rows}>
              <Grid
                host={resourceGridHost}
                cells={cells}
                t={t}
                label={t('grid_label')}
                columnName={columnLabel}
                menu={(close) => (
                  <ColumnMenu
                    layout={columnLayout}
                    frozen={frozen}
                    t={t}
                    label={columnLabel}
                    depth={treeDepth}
                    onVisible={(cid, v) =>
                      useResourceGrid.setState({
                        columns: setColumnVisible(useResourceGrid.getState().columns, cid, v),
                      })
                    }
                    onFrozen={(n) => useResourceGrid.setState({ frozen: n })}
                    onLevel={expandToLevel}
                    onClose={close}
                  />
                )}
              />
            </ResourceRowsContext.Provider>
          </div>
        )}
        {selected && (
          <ResourceDetails key={selected.id} resource={selected} spaceId={spaceId} canEdit={canEdit} />
        )}
      </div>
      {fromDirectory && (
        <FromDirectoryDialog
          spaceId={spaceId}
          onDone={() => loadResources()}
          onClose={() => setFromDirectory(false)}
        />
      )}
    </div>
  );
}

/** The grid's displayed columns, in their order. */
function gridColumns(): string[] {
  return useResourceGrid
    .getState()
    .columns.filter((c) => c.visible)
    .map((c) => c.id);
}

/** The resources the page's `filter` and `filter_indicator` keep. */
function shownItems(
  all: Resource[],
  filter: ResourceFilterParse,
  indicator: ResourceIndicator | null,
  calendarName: (id: string) => string | undefined,
): Resource[] {
  const kept = filterResources(all, filter, calendarName);
  return indicator ? withIndicator(kept, indicator) : kept;
}

/** The strip under the toolbar while the address's `filter` is on: what it keeps, and Clear. */
function ResourceFilterBar({ parse, onClear }: { parse: ResourceFilterParse; onClear: () => void }) {
  const { t } = useResourcesT();
  if (parse.ok && parse.expr === null && parse.text === null) return null;
  const what = !parse.ok
    ? t('filter.invalid', { detail: parse.detail })
    : parse.expr
      ? `${t('filter.label')}: ${describeFilter(parse.expr)}`
      : `${t('filter.label')}: ${t('filter.text', { text: parse.text })}`;
  return (
    <div
      className={`wb-filterbar${parse.ok ? '' : ' wb-filterbar--error'}`}
      role={parse.ok ? 'status' : 'alert'}
      aria-label={t('filter.label')}
    >
      <span className="wb-filterbar-what">{what}</span>
      <button type="button" className="wb-tool" onClick={onClear}>
        {t('filter.clear')}
      </button>
    </div>
  );
}
