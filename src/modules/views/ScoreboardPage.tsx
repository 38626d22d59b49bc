// /{space_id}/scoreboard: the user's board of tiles — a measure of a facility, project or schedule
// each — ordered by drag and drop (@dnd-kit, pointer or keyboard) and by up/down, saved per user.
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { api } from '../../api';
import type { ScoreMeasure, ScoreTile } from '../../api/views';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { useConfirm } from '../../state/confirm';
import { useToasts } from '../../state/toasts';
import { ScoreTileCard } from './ScoreTileCard';
import { TileForm } from './TileForm';
import { useViewsT } from './i18n';
import { useLoad } from './use-load';
import './views.css';

export function ScoreboardPage() {
  const { t } = useViewsT();
  const { spaceId } = useOutletContext<SpaceContext>();
  const board = useLoad(() => call(api.views.scoreboard), [spaceId]);
  const tree = useLoad(() => call(api.eps.tree, { params: { space_id: spaceId } }), [spaceId]);
  const [order, setOrder] = useState<ScoreTile[] | null>(null);
  const [editing, setEditing] = useState<ScoreTile | 'new' | null>(null);
  const [status, setStatus] = useState('');
  const tiles = order ?? board.data?.items ?? [];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const fail = (e: unknown) =>
    useToasts.getState().push({ kind: 'error', title: (e as Error).message, lines: [], durationMs: 5000 });
  const refresh = () => {
    setOrder(null);
    board.reload();
  };
  const run = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      fail(e);
    }
    refresh();
  };
  const move = (i: number, j: number) => {
    setOrder(arrayMove(tiles, i, j));
    setStatus(t('scoreboard.moved', { n: j + 1 }));
  };
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const i = tiles.findIndex((x) => x.id === e.active.id);
    const j = tiles.findIndex((x) => x.id === e.over!.id);
    const next = arrayMove(tiles, i, j);
    move(i, j);
    void run(call(api.views.scoreboardOrder, { body: { ids: next.map((x) => x.id) } }));
  };
  const save = (v: { node_id: string; measure: ScoreMeasure }) => {
    const target = editing;
    setEditing(null);
    void run(
      target === 'new' || target === null
        ? call(api.views.scoreboardCreate, { body: v })
        : call(api.views.scoreboardUpdate, { params: { id: target.id }, body: v }),
    );
  };
  const remove = async (tile: ScoreTile) => {
    const r = await useConfirm
      .getState()
      .ask({ message: t('scoreboard.removeConfirm', { name: tile.node_name }), danger: true });
    if (r.confirmed) void run(call(api.views.scoreboardDelete, { params: { id: tile.id } }));
  };

  // What a screen reader hears while a tile is dragged (dnd-kit's own words are English only).
  const nameOf = (id: UniqueIdentifier) => {
    const tile = tiles.find((x) => x.id === id);
    return tile ? `${tile.node_name} — ${t(`scoreboard.measures.${tile.measure}`)}` : String(id);
  };
  const placeOf = (id: UniqueIdentifier | undefined) => tiles.findIndex((x) => x.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('scoreboard.dragStart', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('scoreboard.dragOver', { name: nameOf(active.id), n: placeOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      t('scoreboard.dragEnd', { name: nameOf(active.id), n: placeOf(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t('scoreboard.dragCancel', { name: nameOf(active.id) }),
  };

  return (
    <div className="views-page scoreboard">
      <header className="views-head">
        <h1>{t('scoreboard.title')}</h1>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => setEditing('new')}
          disabled={!tree.data}
        >
          <Plus size={14} aria-hidden /> {t('scoreboard.add')}
        </button>
      </header>
      {editing && tree.data && (
        <TileForm
          nodes={tree.data.nodes}
          initial={editing === 'new' ? null : editing}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {board.error && (
        <p className="views-error" role="alert">
          {t('failed', { message: board.error })}{' '}
          <button type="button" className="btn" onClick={board.reload}>
            {t('retry')}
          </button>
        </p>
      )}
      {!board.data && !board.error && <p className="views-muted">{t('loading')}</p>}
      {board.data && tiles.length === 0 && <p className="views-muted">{t('scoreboard.empty')}</p>}
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('scoreboard.dragInstructions') },
        }}
      >
        <SortableContext items={tiles.map((x) => x.id)} strategy={rectSortingStrategy}>
          <ul className="score-grid">
            {tiles.map((tile, i) => (
              <ScoreTileCard
                key={tile.id}
                tile={tile}
                first={i === 0}
                last={i === tiles.length - 1}
                onUp={() => {
                  move(i, i - 1);
                  void run(call(api.views.scoreboardUp, { params: { id: tile.id } }));
                }}
                onDown={() => {
                  move(i, i + 1);
                  void run(call(api.views.scoreboardDown, { params: { id: tile.id } }));
                }}
                onEdit={() => setEditing(tile)}
                onRemove={() => void remove(tile)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </div>
  );
}
