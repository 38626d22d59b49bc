// The node panel's 3D tab (issue 25: "Viewer in the node panel"): the model linked to the row's
// schedule (the project's model, through the link made on the 3D / BIM screen) with the elements
// linked to the focused row — and to the rows under it, for a summary — highlighted and fitted.
// Orbit, pan and zoom are the viewer's; fit and isolate act on the row's elements. The model's
// geometry is shared with the pane beside the Gantt (useLinkedModel.ts), and so is the 4D player
// (usePanePlayer.ts, PanePlayer.tsx), whose time the workbench's Gantt draws as it does the pane's.
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { elementsForRows, indexRelations } from '../../domain/bim';
import type { RelationPair } from '../../domain/bim';
import { childrenOf } from '../../domain/wbs/tree-index';
import { useWorkbench } from '../../state/workbench/store';
import { useBimT } from './i18n';
import { errorText, useLinkedModel } from './useLinkedModel';
import { ViewTools } from './ViewTools';
import { PanePlayer } from './PanePlayer';
import { usePanePlayer } from './usePanePlayer';
import './bim.css';

const NONE: readonly RelationPair[] = [];
const quiet = { silent: true } as const;

/**
 * `place`: the row's own schedule and version, and the row with the rows under it in that
 * version's ids, where the store's document is not one version (the project grid).
 */
export function NodeModelTab({
  rowId,
  place,
}: {
  rowId: string;
  place?: { versionId: string; scheduleId?: string; subtree?: readonly string[] } | undefined;
}) {
  const { t } = useBimT();
  const { spaceId = '' } = useParams();
  const storeSchedule = useWorkbench((s) => s.version?.schedule_id ?? '');
  const storeVersion = useWorkbench((s) => s.versionId);
  const scheduleId = place ? (place.scheduleId ?? '') : storeSchedule;
  const versionId = place ? place.versionId : storeVersion;
  const tree = useWorkbench((s) => s.wbs.index);
  const { list, link, setChosen, error, setError, hostRef, viewerRef, viewer, ready } =
    useLinkedModel(scheduleId);
  const [relations, setRelations] = useState<{ key: string; list: readonly RelationPair[] } | null>(null);
  const [isolated, setIsolated] = useState(false);
  const player = usePanePlayer({ versionId, link, viewer, ready, reload: 0 });

  const key = link && versionId ? `${link.id}/${versionId}` : null;
  useEffect(() => {
    if (!key || !link || !versionId) return;
    let live = true;
    call(api.bim.relations, { params: { id: versionId, link_id: link.id } }, quiet).then(
      (r) => live && setRelations({ key, list: r }),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const rels = relations?.key === key ? relations.list : NONE;
  const index = useMemo(() => indexRelations(rels), [rels]);
  const subtree = place?.subtree;
  const ids = useMemo(
    () =>
      subtree
        ? elementsForRows(index, subtree, () => [])
        : elementsForRows(index, [rowId], (id) => childrenOf(tree, id)),
    [index, rowId, tree, subtree],
  );
  const related = relations?.key === key;

  useEffect(() => {
    if (!viewer || !ready) return;
    viewer.setSelection(ids);
    viewer.setIsolated(isolated && ids.length ? ids : null);
    viewer.fit(ids.length ? ids : undefined);
  }, [viewer, ids, isolated, ready]);

  return (
    <div className="bim-node" data-testid="bim-node-tab">
      <div
        className="bim-node__canvas"
        ref={hostRef}
        data-testid="bim-node-canvas"
        data-ready={ready && related ? 'true' : 'false'}
        data-elements={ids.length}
      >
        {error ? (
          <div className="bim__overlay bim__overlay--error" role="alert">
            {error}
          </div>
        ) : list && list.length === 0 ? (
          <div className="bim__overlay" data-testid="bim-node-empty">
            {t('pane.no_link')} <Link to={`/${spaceId}/bim`}>{t('pane.open_screen')}</Link>
          </div>
        ) : link && !ready ? (
          <div className="bim__overlay">{t('loading')}</div>
        ) : null}
      </div>
      <div className="bim-node__side">
        {list && list.length > 1 ? (
          <select
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
        ) : link ? (
          <strong title={link.name}>{link.name}</strong>
        ) : null}
        <div className="bim-pane__row">
          <ViewTools
            fitLabel={t('node.fit')}
            isolateLabel={t('node.isolate')}
            ready={ready}
            isolated={isolated}
            canIsolate={ids.length > 0}
            onFit={() => viewerRef.current?.fit(ids.length ? ids : undefined)}
            onIsolate={setIsolated}
          />
        </div>
        {ready ? (
          <PanePlayer
            player={player}
            toPng={() => viewerRef.current?.toPng()}
            name={link?.name ?? 'model'}
            prefix="bim-node"
          />
        ) : null}
        {ready && related ? (
          <p role="status" data-testid="bim-node-status">
            {ids.length ? t('node.elements', { count: ids.length }) : t('node.none')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
