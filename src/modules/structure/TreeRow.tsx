import { useDraggable, useDroppable } from '@dnd-kit/core';
import { ChevronDown, ChevronRight, Lock } from 'lucide-react';
import { type PointerEventHandler, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldError, validateNodeName } from '../../app/forms/rules';
import { KindIcon } from './KindIcon';
import type { VisibleRow } from './model';
import { kindKey } from './model';

interface TreeRowProps {
  row: VisibleRow;
  selected: boolean;
  renaming: boolean;
  /** Unread messages of the node's chat. */
  unread: number;
  onSelect: (id: string) => void;
  onToggle: (id: string, open: boolean) => void;
  onOpen: (id: string) => void;
  onRename: (id: string, name: string | null) => void;
  /** A schedule the user may drag to a group, a project or another schedule. */
  draggable: boolean;
  /** While a schedule is dragged over this row: whether it may be dropped here. */
  drop?: 'ok' | 'refused' | undefined;
}

/** Rows a schedule can be dropped on. */
const DROP_KINDS = new Set(['project', 'schedule_group', 'schedule']);

/** One row of the structure tree: indent, chevron, kind icon, name, badges; inline rename. */
export const TreeRow = memo(function TreeRow({
  row,
  selected,
  renaming,
  unread,
  onSelect,
  onToggle,
  onOpen,
  onRename,
  draggable,
  drop,
}: TreeRowProps) {
  const { t } = useTranslation();
  const { item, depth, expanded } = row;
  const dragging = useDraggable({ id: item.id, disabled: !draggable || renaming });
  const target = useDroppable({ id: item.id, disabled: !DROP_KINDS.has(item.kind) });
  const dropClass = drop
    ? drop === 'refused'
      ? ' tree-row--drop-refused'
      : item.kind === 'schedule'
        ? ' tree-row--drop-at'
        : ' tree-row--drop-into'
    : '';
  const hasChildren = item.children.length > 0;
  const v = item.version;
  return (
    <div
      id={`tree-row-${item.id}`}
      role="treeitem"
      aria-level={depth + 1}
      aria-selected={selected}
      aria-expanded={hasChildren ? expanded : undefined}
      ref={(el) => {
        dragging.setNodeRef(el);
        target.setNodeRef(el);
      }}
      className={`tree-row${selected ? ' tree-row--selected' : ''}${dragging.isDragging ? ' tree-row--dragging' : ''}${dropClass}`}
      style={{ paddingLeft: 8 + depth * 18 }}
      data-kind={item.kind}
      // Only the pointer starts a drag: the keyboard belongs to the tree (arrows, Alt+arrows).
      onPointerDown={dragging.listeners?.onPointerDown as PointerEventHandler | undefined}
      onMouseDown={() => onSelect(item.id)}
      onDoubleClick={() => onOpen(item.id)}
    >
      <span
        className="tree-row__toggle"
        onMouseDown={(e) => {
          e.stopPropagation();
          onSelect(item.id);
          if (hasChildren) onToggle(item.id, !expanded);
        }}
      >
        {hasChildren ? expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} /> : null}
      </span>
      <KindIcon kind={kindKey(item)} />
      {renaming ? (
        <RenameInput initial={item.name} onDone={(name) => onRename(item.id, name)} />
      ) : (
        <span className="tree-row__name">{item.name}</span>
      )}
      {v && v.kind !== 'version' ? (
        <span className={`kind-badge kind-badge--${v.kind}`}>{t(`structure.badge.${v.kind}`)}</span>
      ) : null}
      {v?.locked ? (
        <Lock size={12} className="tree-row__lock" aria-label={t('structure.badge.locked')} />
      ) : null}
      {!v && hasChildren ? <span className="tree-row__count">{item.children.length}</span> : null}
      {unread > 0 ? (
        <span
          className="tree-row__unread"
          data-testid="tree-chat-unread"
          aria-label={t('structure.badge.unread', { count: unread })}
          title={t('structure.badge.unread', { count: unread })}
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </div>
  );
});

function RenameInput({ initial, onDone }: { initial: string; onDone: (name: string | null) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<FieldError | null>(null);
  const commit = () => {
    const found = validateNodeName(value);
    if (found) return setError(found);
    onDone(value.trim() === initial ? null : value.trim());
  };
  return (
    <span className="tree-rename">
      <input
        className="tree-rename__input"
        aria-label={t('structure.field_name')}
        aria-invalid={error ? true : undefined}
        value={value}
        autoFocus
        onFocus={(e) => e.target.select()}
        onMouseDown={(e) => e.stopPropagation()}
        onChange={(e) => {
          setValue(e.target.value);
          setError(validateNodeName(e.target.value));
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') onDone(null);
        }}
        onBlur={() => onDone(null)}
      />
      {error ? (
        <span className="tree-rename__error" role="alert">
          {t(error.key, error.params ?? {})}
        </span>
      ) : null}
    </span>
  );
}
