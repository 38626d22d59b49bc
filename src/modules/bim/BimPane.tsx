// The 3D pane of the workbench (issue 25; docs/bim.md): the model linked to the schedule beside
// its Gantt, as in SYNCHRO 4D or Navisworks TimeLiner. Rows selected in the grid (a summary with
// the rows under it) highlight their linked elements; an element clicked in the model selects its
// rows in the grid (ranges, the first focused and scrolled into view). Orbit, pan and zoom are the
// viewer's; fit, isolate and show all act on the highlighted elements.
import { Box, Focus, Maximize, RefreshCw, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api';
import type { BimLink } from '../../api/bim';
import { call } from '../../app/api/call';
import { ApiError } from '../../app/api/errors';
import { elementsForRows, indexRelations, rowsForElements, unpackGeometry } from '../../domain/bim';
import type { RelationPair } from '../../domain/bim';
import { childrenOf } from '../../domain/wbs/tree-index';
import { useBimPane } from '../../state/bim/pane';
import { selectRowsById } from '../../state/workbench/find';
import { useWorkbench } from '../../state/workbench/store';
import { selectedRows } from '../../state/workbench/types';
import { useBimT } from './i18n';
import { BimViewer } from './viewer';
import './bim.css';

const NONE: readonly RelationPair[] = [];
const quiet = { silent: true } as const;
const message = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

export function BimPane({ scheduleId }: { scheduleId: string }) {
  const { t } = useBimT();
  const { spaceId = '' } = useParams();
  const versionId = useWorkbench((s) => s.versionId);
  const selection = useWorkbench((s) => s.selection);
  const visible = useWorkbench((s) => s.visible);
  const tree = useWorkbench((s) => s.wbs.index);
  const toggle = useBimPane((s) => s.toggle);
  const [links, setLinks] = useState<{ schedule: string; list: BimLink[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  /** The model whose geometry the viewer holds. */
  const [loaded, setLoaded] = useState<string | null>(null);
  const [relations, setRelations] = useState<{ key: string; list: readonly RelationPair[] } | null>(null);
  /** Elements picked in the model that select no row, while the grid's selection stays as it was. */
  const [pickedAt, setPicked] = useState<{ under: unknown; ids: number[] } | null>(null);
  const [isolated, setIsolated] = useState(false);
  const hostRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<BimViewer | null>(null);

  useEffect(() => {
    if (!hostRef.current) return;
    const v = new BimViewer(hostRef.current);
    viewerRef.current = v;
    window.__bimViewer = v;
    return () => {
      v.dispose();
      viewerRef.current = null;
      window.__bimViewer = undefined;
    };
  }, []);

  // The schedule's links to models (made on the 3D / BIM screen).
  useEffect(() => {
    let live = true;
    call(api.bim.scheduleLinks, { params: { id: scheduleId } }, quiet).then(
      (list) => live && setLinks({ schedule: scheduleId, list }),
      (e: unknown) => live && setError(message(e)),
    );
    return () => {
      live = false;
    };
  }, [scheduleId]);
  const list = links?.schedule === scheduleId ? links.list : null;
  const link = list?.find((l) => l.id === chosen) ?? list?.[0] ?? null;

  // The linked model's geometry.
  useEffect(() => {
    if (!link) return;
    let live = true;
    void (async () => {
      const blob = await call(
        api.bim.geometry,
        { params: { id: link.project_id, model_id: link.model_id }, query: {} },
        quiet,
      );
      const geometry = unpackGeometry(await blob.arrayBuffer());
      if (!live) return;
      viewerRef.current?.load(geometry);
      setIsolated(false);
      setLoaded(link.model_id);
    })().catch((e: unknown) => live && setError(message(e)));
    return () => {
      live = false;
    };
  }, [link?.project_id, link?.model_id]); // eslint-disable-line react-hooks/exhaustive-deps

  // The version's element ↔ row relations through the link.
  const relationsKey = link && versionId ? `${link.id}/${versionId}` : null;
  const loadRelations = useCallback(() => {
    if (!link || !versionId) return Promise.resolve();
    const key = `${link.id}/${versionId}`;
    return call(api.bim.relations, { params: { id: versionId, link_id: link.id } }, quiet).then((list) =>
      setRelations({ key, list }),
    );
  }, [link, versionId]);
  useEffect(() => {
    void loadRelations().catch((e: unknown) => setError(message(e)));
  }, [loadRelations]);
  const rels = relations?.key === relationsKey ? relations.list : NONE;
  const index = useMemo(() => indexRelations(rels), [rels]);

  // The grid's selected rows → their elements (and those of the rows under them).
  const rowIds = useMemo(
    () => selectedRows(selection).flatMap((i) => (visible.ids[i] !== undefined ? [visible.ids[i]] : [])),
    [selection, visible],
  );
  const fromGrid = useMemo(
    () => elementsForRows(index, rowIds, (id) => childrenOf(tree, id)),
    [index, rowIds, tree],
  );
  const picked = pickedAt?.under === selection ? pickedAt.ids : null;
  const highlighted = picked ?? fromGrid;
  const ready = !!link && loaded === link.model_id;
  useEffect(() => {
    viewerRef.current?.setSelection(highlighted);
  }, [highlighted, ready]);
  useEffect(() => {
    viewerRef.current?.setIsolated(isolated && highlighted.length ? highlighted : null);
  }, [isolated, highlighted, ready]);

  // A click picks an element (a drag orbits): its rows are selected in the grid.
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerUp = (e: React.PointerEvent) => {
    const d = down.current;
    down.current = null;
    if (!d || Math.hypot(e.clientX - d.x, e.clientY - d.y) > 4) return;
    const id = viewerRef.current?.pick(e.clientX, e.clientY) ?? null;
    if (id === null) return setPicked({ under: selection, ids: [] });
    const ids = e.ctrlKey || e.shiftKey || e.metaKey ? [...new Set([...highlighted, id])] : [id];
    const rows = rowsForElements(index, ids);
    if (rows.length && selectRowsById(rows)) return;
    setPicked({ under: selection, ids });
  };

  const pickedAlone = picked !== null && picked.length > 0;
  const status = !ready
    ? null
    : pickedAlone
      ? t('pane.unlinked', { count: picked.length })
      : t('pane.highlighted', { count: fromGrid.length, rows: rowIds.length });

  return (
    <div className="bim-pane__body">
      <div className="bim-pane__bar">
        {list && list.length > 1 ? (
          <select
            className="bim-pane__name"
            value={link?.id ?? ''}
            aria-label={t('pane.link')}
            onChange={(e) => setChosen(e.target.value)}
          >
            {list.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        ) : (
          <span className="bim-pane__name" title={link?.name ?? t('pane.title')}>
            <Box size={14} strokeWidth={1.75} aria-hidden="true" /> {link?.name ?? t('pane.title')}
          </span>
        )}
        <button
          type="button"
          className="wb-tool"
          title={t('pane.fit')}
          aria-label={t('pane.fit')}
          disabled={!ready}
          onClick={() => viewerRef.current?.fit(highlighted.length ? highlighted : undefined)}
        >
          <Maximize size={15} strokeWidth={1.75} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={`wb-tool${isolated ? ' wb-tool-on' : ''}`}
          title={t('pane.isolate')}
          aria-label={t('pane.isolate')}
          aria-pressed={isolated}
          disabled={!ready}
          onClick={() => setIsolated(!isolated)}
        >
          <Focus size={15} strokeWidth={1.75} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="wb-tool"
          title={t('pane.reload')}
          aria-label={t('pane.reload')}
          disabled={!ready}
          onClick={() => void loadRelations().catch((e: unknown) => setError(message(e)))}
        >
          <RefreshCw size={15} strokeWidth={1.75} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="wb-tool"
          title={t('pane.hide')}
          aria-label={t('pane.hide')}
          onClick={toggle}
        >
          <X size={15} strokeWidth={1.75} aria-hidden="true" />
        </button>
      </div>
      <div
        className="bim-pane__canvas"
        ref={hostRef}
        data-testid="bim-pane-canvas"
        data-ready={ready ? 'true' : 'false'}
        onPointerDown={(e) => (down.current = { x: e.clientX, y: e.clientY })}
        onPointerUp={onPointerUp}
      >
        {error ? (
          <div className="bim__overlay bim__overlay--error" role="alert">
            {error}
          </div>
        ) : list && list.length === 0 ? (
          <div className="bim__overlay" data-testid="bim-pane-empty">
            {t('pane.no_link')} <Link to={`/${spaceId}/bim`}>{t('pane.open_screen')}</Link>
          </div>
        ) : link && !ready ? (
          <div className="bim__overlay">{t('loading')}</div>
        ) : null}
      </div>
      {status ? (
        <div className="bim-pane__status" data-testid="bim-pane-status" role="status">
          {status}
        </div>
      ) : null}
    </div>
  );
}
