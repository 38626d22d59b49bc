import { DndContext, DragOverlay, PointerSensor, pointerWithin, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent, DragOverEvent, DragStartEvent } from '@dnd-kit/core';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollab } from '../../state/collab';
import { useStructure } from '../../state/structure';
import { placeSchedule, renameItem } from './actions';
import { type CommandContext, commandForKey, keyOf } from './commands';
import { KindIcon } from './KindIcon';
import { type TreeItem, type VisibleRow, dropPlacement, findItem } from './model';
import { TreeRow } from './TreeRow';

interface TreeViewProps {
  roots: TreeItem[];
  rows: VisibleRow[];
  context: CommandContext;
  onOpen: (item: TreeItem) => void;
}

/**
 * The tree (WAI-ARIA tree pattern with aria-activedescendant): arrows move and expand, Enter opens
 * or toggles, F2 renames, Delete deletes, Alt+arrows reorder, Insert creates. A schedule is dragged
 * (@dnd-kit, pointer) onto a group or project (last in it) or onto a schedule (at its place).
 */
export function TreeView({ roots, rows, context, onOpen }: TreeViewProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const selectedId = useStructure((s) => s.selectedId);
  const renamingId = useStructure((s) => s.renamingId);
  // Unread messages of each node's chat (issue 26), kept by the chat layer's counts.
  const unread = useCollab((s) => s.nodeUnread);
  const { select, setExpanded, setRenaming } = useStructure.getState();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const [draggedId, setDraggedId] = useState<string | null>(null);
  const [over, setOver] = useState<{ id: string; ok: boolean } | null>(null);
  const dragged = draggedId ? findItem(roots, draggedId) : null;

  const onDragStart = (e: DragStartEvent) => setDraggedId(String(e.active.id));
  const onDragOver = (e: DragOverEvent) => {
    const id = e.over ? String(e.over.id) : null;
    if (!id || id === e.active.id) return setOver(null);
    setOver({ id, ok: dropPlacement(roots, String(e.active.id), id) !== null });
  };
  const onDragEnd = (e: DragEndEvent) => {
    setDraggedId(null);
    setOver(null);
    if (!e.over) return;
    const placement = dropPlacement(roots, String(e.active.id), String(e.over.id));
    if (placement) void placeSchedule(String(e.active.id), placement).catch(() => undefined);
  };

  useEffect(() => {
    if (selectedId) document.getElementById(`tree-row-${selectedId}`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  const open = useCallback(
    (id: string) => {
      const item = findItem(roots, id);
      if (item) onOpen(item);
    },
    [roots, onOpen],
  );
  const rename = useCallback(
    (id: string, name: string | null) => {
      setRenaming(null);
      ref.current?.focus();
      const item = findItem(roots, id);
      if (item && name) void renameItem(item, name).catch(() => undefined);
    },
    [roots, setRenaming],
  );

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const index = rows.findIndex((r) => r.item.id === selectedId);
    const row = rows[index];
    const go = (i: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, i))];
      if (target) select(target.item.id);
    };
    const command = commandForKey(keyOf(e));
    if (command) {
      e.preventDefault();
      if (command.enabled(context)) void command.perform(context);
      return;
    }
    const moves: Record<string, () => void> = {
      ArrowDown: () => go(index + 1),
      ArrowUp: () => go(index < 0 ? 0 : index - 1),
      Home: () => go(0),
      End: () => go(rows.length - 1),
      ArrowRight: () => {
        if (!row || row.item.children.length === 0) return;
        if (row.expanded) go(index + 1);
        else setExpanded(row.item.id, true);
      },
      ArrowLeft: () => {
        if (!row) return;
        if (row.expanded) setExpanded(row.item.id, false);
        else if (row.item.parentId) select(row.item.parentId);
      },
      Enter: () => row && open(row.item.id),
    };
    const move = moves[e.key];
    if (move && !e.altKey && !e.ctrlKey) {
      e.preventDefault();
      move();
    }
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDraggedId(null);
        setOver(null);
      }}
    >
      <div
        ref={ref}
        className="tree"
        role="tree"
        tabIndex={0}
        aria-label={t('structure.tree_label')}
        aria-activedescendant={selectedId ? `tree-row-${selectedId}` : undefined}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (!selectedId && rows[0]) select(rows[0].item.id);
        }}
      >
        {rows.map((row) => (
          <TreeRow
            key={row.item.id}
            row={row}
            selected={row.item.id === selectedId}
            renaming={row.item.id === renamingId}
            unread={unread[row.item.id] ?? 0}
            onSelect={select}
            onToggle={setExpanded}
            onOpen={open}
            onRename={rename}
            draggable={context.canEdit && row.item.kind === 'schedule'}
            drop={over?.id === row.item.id ? (over.ok ? 'ok' : 'refused') : undefined}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged ? (
          <div className="tree-drag" title={t('structure.drag_hint')}>
            <KindIcon kind="schedule" />
            <span>{dragged.name}</span>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
