// A directory's graph (spec "graph"): the directories and space attributes it is related to —
// complex relations, linked and donor attributes, directory-type attributes pointing into it —
// drawn as a star around it and listed as a table for the keyboard and screen readers; and the
// space's work-type directory (spec "worktypes-directory"), chosen here.
import { useEffect, useState } from 'react';
import type { DirectoryGraph } from '../../api/directories';
import { Modal } from '../../app/ui/Modal';
import * as dirApi from './api';
import { refusal, RefusalLines } from './DirectoryDialogs';
import { useDirectoriesT } from './i18n';

const W = 560;
const H = 300;

export function GraphDialog(props: {
  name: string;
  dirRef: dirApi.DirRef;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useDirectoriesT();
  const { dirRef } = props;
  const [graph, setGraph] = useState<DirectoryGraph | null>(null);
  const [worktypes, setWorktypes] = useState<string | null | undefined>(undefined);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    dirApi.graph(dirRef).then(
      (g) => live && setGraph(g),
      (err) => live && setErrors(refusal(err, t('failed'))),
    );
    dirApi.worktypesGet().then(
      (w) => live && setWorktypes(w.directory_id),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dirRef.epsId, dirRef.id]); // eslint-disable-line react-hooks/exhaustive-deps

  async function setAsWorktypes(on: boolean) {
    setBusy(true);
    setErrors([]);
    try {
      const w = await dirApi.worktypesSet(on ? dirRef.id : null);
      setWorktypes(w.directory_id);
      setGraph(await dirApi.graph(dirRef));
    } catch (err) {
      setErrors(refusal(err, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  const others = graph?.nodes.filter((n) => n.id !== dirRef.id) ?? [];
  const at = new Map<string, { x: number; y: number }>([[dirRef.id, { x: W / 2, y: H / 2 }]]);
  others.forEach((n, i) => {
    const a = (2 * Math.PI * i) / Math.max(others.length, 1) - Math.PI / 2;
    at.set(n.id, { x: W / 2 + Math.cos(a) * (W / 2 - 90), y: H / 2 + Math.sin(a) * (H / 2 - 30) });
  });
  const nameOf = (id: string) => graph?.nodes.find((n) => n.id === id)?.name ?? id;
  const kindText = (k: DirectoryGraph['edges'][number]['kind']) => t(`graph_kind_${k}`);

  return (
    <Modal
      title={t('graph_title', { name: props.name })}
      closeLabel={t('close')}
      onClose={props.onClose}
      width={640}
    >
      <label className="dir-graph__worktypes">
        <input
          type="checkbox"
          checked={worktypes === dirRef.id}
          disabled={!props.canEdit || busy || worktypes === undefined}
          onChange={(e) => void setAsWorktypes(e.target.checked)}
        />{' '}
        {t('worktypes_label')}
      </label>
      {graph ? (
        <>
          <svg
            className="dir-graph"
            viewBox={`0 0 ${W} ${H}`}
            role="img"
            aria-label={t('graph_drawing', { name: props.name })}
          >
            <defs>
              <marker
                id="dir-graph-arrow"
                viewBox="0 0 10 10"
                refX="10"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto"
              >
                <path d="M0,0 L10,5 L0,10 z" className="dir-graph__head" />
              </marker>
            </defs>
            {graph.edges.map((e, i) => {
              const a = at.get(e.from)!;
              const b = at.get(e.to)!;
              return (
                <g key={i}>
                  <line
                    x1={a.x}
                    y1={a.y}
                    x2={a.x + (b.x - a.x) * 0.8}
                    y2={a.y + (b.y - a.y) * 0.8}
                    className={`dir-graph__edge dir-graph__edge--${e.kind}`}
                    markerEnd="url(#dir-graph-arrow)"
                  />
                  <text
                    x={(a.x + b.x) / 2}
                    y={(a.y + b.y) / 2 - 4}
                    className="dir-graph__label"
                    textAnchor="middle"
                  >
                    {kindText(e.kind)}
                  </text>
                </g>
              );
            })}
            {graph.nodes.map((n) => {
              const p = at.get(n.id)!;
              return (
                <g
                  key={n.id}
                  className={`dir-graph__node dir-graph__node--${n.kind}${n.id === dirRef.id ? ' dir-graph__node--self' : ''}`}
                >
                  <rect
                    x={p.x - 80}
                    y={p.y - 14}
                    width={160}
                    height={28}
                    rx={n.kind === 'directory' ? 4 : 14}
                  />
                  <text x={p.x} y={p.y + 5} textAnchor="middle">
                    {(n.worktypes ? '★ ' : '') + (n.name.length > 22 ? `${n.name.slice(0, 21)}…` : n.name)}
                  </text>
                </g>
              );
            })}
          </svg>
          {graph.edges.length === 0 ? (
            <p className="empty-text">{t('graph_none')}</p>
          ) : (
            <table className="dir-graph__table">
              <caption className="visually-hidden">{t('graph_caption', { name: props.name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('graph_from')}</th>
                  <th scope="col">{t('graph_kind')}</th>
                  <th scope="col">{t('graph_to')}</th>
                  <th scope="col">{t('graph_label')}</th>
                </tr>
              </thead>
              <tbody>
                {graph.edges.map((e, i) => (
                  <tr key={i}>
                    <td>{nameOf(e.from)}</td>
                    <td>{kindText(e.kind)}</td>
                    <td>{nameOf(e.to)}</td>
                    <td>{e.label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
      <RefusalLines lines={errors} />
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
