// The form of a scoreboard tile: which node (facility, project, group, schedule) and what measure.
import { useState } from 'react';
import type { EpsNode } from '../../api';
import { ScoreMeasure } from '../../api/views';
import type { ScoreMeasure as Measure } from '../../api/views';
import { useViewsT } from './i18n';

interface Props {
  nodes: readonly EpsNode[];
  initial: { node_id: string; measure: Measure } | null;
  onSave: (v: { node_id: string; measure: Measure }) => void;
  onCancel: () => void;
}

/** Nodes in tree order with their depth, for an indented list. */
function ordered(nodes: readonly EpsNode[]) {
  const out: { node: EpsNode; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const n of nodes.filter((x) => x.parent_id === parent)) {
      out.push({ node: n, depth });
      walk(n.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function TileForm({ nodes, initial, onSave, onCancel }: Props) {
  const { t } = useViewsT();
  const list = ordered(nodes);
  const [node, setNode] = useState(initial?.node_id ?? list[0]?.node.id ?? '');
  const [measure, setMeasure] = useState<Measure>(initial?.measure ?? 'percent');
  return (
    <form
      className="score-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (node) onSave({ node_id: node, measure });
      }}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <label>
        {t('scoreboard.node')}
        <select value={node} onChange={(e) => setNode(e.target.value)} autoFocus>
          {list.map(({ node: n, depth }) => (
            <option key={n.id} value={n.id}>
              {'\u2003'.repeat(depth)}
              {n.name} ({t(`scoreboard.kinds.${n.kind}`)})
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('scoreboard.measure')}
        <select value={measure} onChange={(e) => setMeasure(e.target.value as Measure)}>
          {ScoreMeasure.options.map((m) => (
            <option key={m} value={m}>
              {t(`scoreboard.measures.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn--primary" disabled={!node}>
        {t('scoreboard.save')}
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        {t('scoreboard.cancel')}
      </button>
    </form>
  );
}
