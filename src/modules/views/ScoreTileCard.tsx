// One scoreboard tile: what it measures, the value, and its controls (drag handle, up, down,
// change, remove). Sortable through @dnd-kit: the handle drags with the pointer or the keyboard.
import { useSortable } from '@dnd-kit/sortable';
import { ArrowDown, ArrowUp, GripVertical, Pencil, Trash2 } from 'lucide-react';
import type { ScoreTile } from '../../api/views';
import { useViewsT } from './i18n';

interface Props {
  tile: ScoreTile;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

export function ScoreTileCard({ tile, first, last, onUp, onDown, onEdit, onRemove }: Props) {
  const { t } = useViewsT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: tile.id,
  });
  const style = {
    transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
    transition,
    opacity: isDragging ? 0.6 : 1,
  };
  const value =
    tile.value === null
      ? t('scoreboard.noValue')
      : tile.measure === 'percent'
        ? `${tile.value.toFixed(1)} %`
        : tile.measure === 'slip_days' && tile.value > 0
          ? `+${tile.value}`
          : String(tile.value);
  const tone =
    tile.value === null
      ? ''
      : tile.measure === 'slip_days'
        ? tile.value > 0
          ? ' score-tile--bad'
          : ' score-tile--good'
        : tile.measure === 'dcma_passed'
          ? tile.value >= tile.of
            ? ' score-tile--good'
            : ' score-tile--bad'
          : '';
  return (
    <li ref={setNodeRef} style={style} className={`score-tile${tone}`} data-testid="score-tile">
      <div className="score-tile__head">
        <button
          type="button"
          className="score-tile__handle"
          aria-label={t('scoreboard.drag')}
          {...attributes}
          {...listeners}
        >
          <GripVertical size={16} aria-hidden />
        </button>
        <span className="score-tile__kind">{t(`scoreboard.kinds.${tile.node_kind}`)}</span>
      </div>
      <div className="score-tile__node">{tile.node_name}</div>
      <div className="score-tile__measure">{t(`scoreboard.measures.${tile.measure}`)}</div>
      <div className="score-tile__value" data-testid="score-value">
        {value}
        {tile.measure === 'dcma_passed' && tile.value !== null && (
          <span className="score-tile__of"> {t('scoreboard.of', { of: tile.of })}</span>
        )}
      </div>
      <div className="score-tile__foot">
        <span className="views-muted">
          {tile.measure === 'dcma_passed' ? '' : t('scoreboard.schedules', { count: tile.of })}
        </span>
        <span>
          <button type="button" onClick={onUp} disabled={first} aria-label={t('scoreboard.up')}>
            <ArrowUp size={14} aria-hidden />
          </button>
          <button type="button" onClick={onDown} disabled={last} aria-label={t('scoreboard.down')}>
            <ArrowDown size={14} aria-hidden />
          </button>
          <button type="button" onClick={onEdit} aria-label={t('scoreboard.edit')}>
            <Pencil size={14} aria-hidden />
          </button>
          <button type="button" onClick={onRemove} aria-label={t('scoreboard.remove')}>
            <Trash2 size={14} aria-hidden />
          </button>
        </span>
      </div>
    </li>
  );
}
