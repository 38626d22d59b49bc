// The 3D pane of the workbench (issue 25; docs/bim.md): the model linked to the schedule beside
// its Gantt, as in SYNCHRO 4D or Navisworks TimeLiner. Rows selected in the grid (a summary with
// the rows under it) highlight their linked elements; an element clicked in the model selects its
// rows in the grid (ranges, the first focused and scrolled into view). Orbit, pan and zoom are the
// viewer's; fit, isolate and show all act on the highlighted elements. Below the model: the 4D
// player (PanePlayer.tsx) and the appearance profile that colours it.
import { Box, RefreshCw, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { elementsForRows, indexRelations, rowsForElements } from '../../domain/bim';
import type { RelationPair } from '../../domain/bim';
import { childrenOf } from '../../domain/wbs/tree-index';
import { useBimPane } from '../../state/bim/pane';
import { selectRowsById } from '../../state/workbench/find';
import { useWorkbench } from '../../state/workbench/store';
import { selectedRows } from '../../state/workbench/types';
import { useBimT } from './i18n';
import { PanePlayer } from './PanePlayer';
import { errorText as message, useLinkedModel } from './useLinkedModel';
import { usePanePlayer } from './usePanePlayer';
import { ViewTools } from './ViewTools';
import './bim.css';

const NONE: readonly RelationPair[] = [];
const quiet = { silent: true } as const;

export function BimPane({ scheduleId }: { scheduleId: string }) {
  const { t } = useBimT();
  const { spaceId = '' } = useParams();
  const versionId = useWorkbench((s) => s.versionId);
  const selection = useWorkbench((s) => s.selection);
  const visible = useWorkbench((s) => s.visible);
  const tree = useWorkbench((s) => s.wbs.index);
  const toggle = useBimPane((s) => s.toggle);
  const { list, link, setChosen, error, setError, hostRef, viewerRef, viewer, ready } = useLinkedModel(
    scheduleId,
    {
      global: true,
    },
  );
  const [relations, setRelations] = useState<{ key: string; list: readonly RelationPair[] } | null>(null);
  /** Elements picked in the model that select no row, while the grid's selection stays as it was. */
  const [pickedAt, setPicked] = useState<{ under: unknown; ids: number[] } | null>(null);
  const [isolated, setIsolated] = useState(false);
  const [reload, setReload] = useState(0);
  const player = usePanePlayer({ versionId, link, viewer, ready, reload });

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
  }, [loadRelations, setError]);
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
  useEffect(() => {
    if (ready) viewer?.setSelection(highlighted);
  }, [viewer, highlighted, ready]);
  useEffect(() => {
    if (ready) viewer?.setIsolated(isolated && highlighted.length ? highlighted : null);
  }, [viewer, isolated, highlighted, ready]);

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
        <ViewTools
          fitLabel={t('pane.fit')}
          isolateLabel={t('pane.isolate')}
          ready={ready}
          isolated={isolated}
          canIsolate
          onFit={() => viewerRef.current?.fit(highlighted.length ? highlighted : undefined)}
          onIsolate={setIsolated}
        />
        <button
          type="button"
          className="wb-tool"
          title={t('pane.reload')}
          aria-label={t('pane.reload')}
          disabled={!ready}
          onClick={() => {
            setReload((n) => n + 1);
            void loadRelations().catch((e: unknown) => setError(message(e)));
          }}
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
      {ready ? (
        <PanePlayer player={player} toPng={() => viewerRef.current?.toPng()} name={link?.name ?? 'model'} />
      ) : null}
      {status ? (
        <div className="bim-pane__status" data-testid="bim-pane-status" role="status">
          {status}
        </div>
      ) : null}
    </div>
  );
}
