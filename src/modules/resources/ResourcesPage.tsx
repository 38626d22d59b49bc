// The Resources screen (/{space_id}/resources/{id?}, spec §2): the space's resources as a
// keyboard grid with matrix paste, a details panel for the selected one (availability by
// period, member), create, delete with confirmation and import from a schedule file (XER,
// P6 XML, MSPDI, XLSX …, read in the browser by the same readers the server imports with).
// Query parameters: `filter` keeps resources whose name or code contains it; `target` (or the
// path's id) selects a resource.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import type { Calendar } from '../../api/calendars';
import type { ResourceInput, ResourcePatch } from '../../api/resources';
import { call } from '../../app/api/call';
import { ApiError } from '../../app/api/errors';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { parseCell, planPaste } from '../../domain/resources';
import type { CellLabels, ResourceColumn } from '../../domain/resources';
import { useConfirm } from '../../state/confirm';
import {
  batchResources,
  createResource,
  deleteResource,
  loadResources,
  resetResources,
  setFocus,
  updateResource,
  useResources,
} from '../../state/resources/store';
import { useToasts } from '../../state/toasts';
import { ResourceDetails } from './ResourceDetails';
import { ResourcesGrid } from './ResourcesGrid';
import { useResourcesT } from './i18n';
import './resources.css';

export function ResourcesPage() {
  const { t } = useResourcesT();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const canEdit = config?.can.edit ?? false;
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const all = useResources((s) => s.items);
  const status = useResources((s) => s.status);
  const error = useResources((s) => s.error);
  const focus = useResources((s) => s.focus);
  const [calendars, setCalendars] = useState<Calendar[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const toast = useToasts((s) => s.push);

  useEffect(() => {
    resetResources();
    void loadResources();
    call(api.calendars.list, { query: {} }, { silent: true }).then(setCalendars, () => setCalendars([]));
  }, [spaceId]);

  const filter = (params.get('filter') ?? '').trim().toLowerCase();
  const items = useMemo(
    () =>
      filter
        ? all.filter((r) => r.name.toLowerCase().includes(filter) || r.code.toLowerCase().includes(filter))
        : all,
    [all, filter],
  );

  // The path's id (or ?target=) selects its row once the list has it.
  const wanted = id ?? params.get('target');
  useEffect(() => {
    if (!wanted) return;
    const row = items.findIndex((r) => r.id === wanted);
    if (row >= 0 && row !== useResources.getState().focus.row) setFocus({ row, col: 1 });
  }, [wanted, items]);

  const labels: CellLabels = useMemo(
    () => ({
      kind: (k) => t(`kinds.${k}`),
      type: (x) => t(`types.${x}`),
      calendarName: (cid) => calendars.find((c) => c.id === cid)?.name,
      calendars,
    }),
    [t, calendars],
  );
  const columnLabel = useCallback((c: ResourceColumn) => t(`cols.${c}`), [t]);
  const selected = items[focus.row] ?? null;

  const open = (row: number) => {
    const r = items[row];
    if (r) navigate(`/${spaceId}/resources/${r.id}${window.location.search}`, { replace: true });
  };

  const failed = (err: unknown) => {
    // The call's own toast tells a server refusal; a local one names the cell.
    if (!(err instanceof ApiError))
      toast({ kind: 'error', title: (err as Error).message, lines: [], durationMs: 4000 });
  };

  const commit = (row: number, col: ResourceColumn, text: string) => {
    const r = items[row];
    if (!r) return;
    const v = parseCell(col, text, labels);
    if (!v.ok) {
      toast({
        kind: 'error',
        title: t('cell_refused', { text, column: columnLabel(col) }),
        lines: [],
        durationMs: 4000,
      });
      return;
    }
    updateResource(r.id, { [col]: v.value } as ResourcePatch).catch(failed);
  };

  const paste = (matrix: string[][]) => {
    const plan = planPaste(matrix, focus, items.length, labels);
    const bad = plan.refused[0];
    if (bad) {
      toast({
        kind: 'error',
        title: t('paste_refused', { row: bad.row + 1, column: columnLabel(bad.col) }),
        lines: [],
        durationMs: 5000,
      });
      return;
    }
    const batch = [
      ...plan.updates.map((u) => ({ id: items[u.index]!.id, ...u.patch }) as ResourcePatch & { id: string }),
      ...plan.creates.map((c) => c as unknown as ResourceInput),
    ];
    if (batch.length === 0) return;
    batchResources(batch).then(
      () =>
        toast({ kind: 'success', title: t('pasted', { count: batch.length }), lines: [], durationMs: 2000 }),
      failed,
    );
  };

  const add = async (parent: string | null, typed = '') => {
    if (useResources.getState().pending !== null) return;
    useResources.setState({ pending: typed });
    // From a toolbar button too, what is typed next goes to the grid (and so to the new name).
    document.querySelector<HTMLElement>('.res-grid')?.focus();
    try {
      const r = await createResource({ name: t('new_name'), parent_id: parent });
      const row = useResources.getState().items.findIndex((x) => x.id === r.id);
      const draft = useResources.getState().pending ?? '';
      if (row >= 0) setFocus({ row, col: 1 });
      useResources.setState({ pending: null, editing: row >= 0 ? { cell: { row, col: 1 }, draft } : null });
    } catch (err) {
      useResources.setState({ pending: null });
      failed(err);
    }
  };

  const remove = async (row: number) => {
    const r = items[row];
    if (!r) return;
    const answer = await useConfirm.getState().ask({
      title: t('confirm_delete_title'),
      message: t('confirm_delete', { name: r.name }),
      submitLabel: t('delete'),
      danger: true,
      confirmWithEnter: true,
    });
    if (!answer.confirmed) return;
    try {
      await deleteResource(r.id);
      setFocus({ row: Math.max(0, Math.min(row, useResources.getState().items.length - 1)), col: focus.col });
    } catch (err) {
      failed(err);
    }
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
            <button type="button" className="btn" disabled={!selected} onClick={() => void remove(focus.row)}>
              {t('delete')}
            </button>
            <button type="button" className="btn" onClick={() => fileRef.current?.click()} disabled={!!busy}>
              {t('import')}
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
        <span className="res-dim" role="status">
          {busy ?? t('count', { count: items.length })}
        </span>
      </div>
      <p className="res-dim res-help">{t('help')}</p>
      {status === 'ready' && items.length === 0 && <p className="res-dim res-help">{t('empty')}</p>}
      <div className="res-body">
        {status === 'loading' && <p className="res-dim">{t('loading')}</p>}
        {status === 'error' && (
          <p role="alert" className="res-error">
            {t('failed', { message: error })}
          </p>
        )}
        {status === 'ready' && (
          <ResourcesGrid
            items={items}
            labels={labels}
            columnLabel={columnLabel}
            label={t('grid_label')}
            canEdit={canEdit}
            actions={{
              commit,
              paste,
              add: (typed) => void add(null, typed),
              remove: (row) => void remove(row),
              open,
            }}
          />
        )}
        {selected && (
          <ResourceDetails key={selected.id} resource={selected} spaceId={spaceId} canEdit={canEdit} />
        )}
      </div>
    </div>
  );
}
