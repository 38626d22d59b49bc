// Move up, move down and remove for one item of a short ordered list of a layout (its grouping
// levels, its sort keys): icon buttons named after the item, so the keyboard and screen readers
// reach each one.
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useAttributesT } from './i18n';

/** The items with the one at `i` swapped for its neighbour (out of range: unchanged). */
export function moveItem<T>(items: readonly T[], i: number, d: -1 | 1): T[] {
  const j = i + d;
  if (j < 0 || j >= items.length) return [...items];
  const next = [...items];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

export function ReorderButtons<T>({
  items,
  index,
  name,
  onChange,
}: {
  items: readonly T[];
  index: number;
  /** The item's name, said with each button ("Move up: Level 2"). */
  name: string;
  onChange: (items: T[]) => void;
}) {
  const { t } = useAttributesT();
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--icon"
        aria-label={`${t('views.move_up')}: ${name}`}
        title={t('views.move_up')}
        disabled={index === 0}
        onClick={() => onChange(moveItem(items, index, -1))}
      >
        <ArrowUp size={14} aria-hidden />
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--icon"
        aria-label={`${t('views.move_down')}: ${name}`}
        title={t('views.move_down')}
        disabled={index === items.length - 1}
        onClick={() => onChange(moveItem(items, index, 1))}
      >
        <ArrowDown size={14} aria-hidden />
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--icon"
        aria-label={`${t('views.remove')}: ${name}`}
        title={t('views.remove')}
        onClick={() => onChange(items.filter((_, j) => j !== index))}
      >
        <Trash2 size={14} aria-hidden />
      </button>
    </>
  );
}
