// The sticky header row: column headers with a resize grip (drag the right edge) and drag-to-
// reorder (drag a header onto another); the corner button opens the column menu (show/hide,
// freeze).

import { memo, useRef, useState } from 'react';
import type { ColumnId, ColumnLayout } from '../state/workbench/types';
import type { ColumnGeometry } from './layout';
import { GUTTER } from './layout';

export interface GridHeaderProps {
  readonly cols: readonly ColumnLayout[];
  readonly geo: ColumnGeometry;
  readonly frozen: number;
  readonly height: number;
  readonly t: (key: string) => string;
  /** A column's header text. */
  readonly label: (id: ColumnId) => string;
  readonly align: (id: ColumnId) => 'left' | 'right' | 'center';
  readonly onResize: (id: string, width: number) => void;
  readonly onMove: (id: string, before: string | null) => void;
  /** Opens the column menu (none: the corner has no menu button). */
  readonly onMenu?: () => void;
}

function GridHeaderImpl(p: GridHeaderProps) {
  const [dragOver, setDragOver] = useState<string | null>(null);
  const resizing = useRef<{ id: string; x: number; w: number } | null>(null);

  const startResize = (e: React.PointerEvent, c: ColumnLayout) => {
    e.preventDefault();
    e.stopPropagation();
    resizing.current = { id: c.id, x: e.clientX, w: c.width };
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  };
  const moveResize = (e: React.PointerEvent) => {
    const r = resizing.current;
    if (r) p.onResize(r.id, r.w + e.clientX - r.x);
  };

  return (
    <div role="row" aria-rowindex={1} className="wb-header" style={{ height: p.height, width: p.geo.total }}>
      <div className="wb-gutter wb-header-corner" style={{ width: GUTTER }}>
        {p.onMenu && (
          <button
            type="button"
            className="wb-colmenu-btn"
            aria-label={p.t('grid.columns')}
            title={p.t('grid.columns')}
            onClick={p.onMenu}
          >
            ☰
          </button>
        )}
      </div>
      {p.cols.map((c, i) => {
        const cls = ['wb-hcell', `wb-align-${p.align(c.id)}`];
        if (i < p.frozen) cls.push('wb-cell-frozen');
        if (i === p.frozen - 1) cls.push('wb-cell-frozen-last');
        if (dragOver === c.id) cls.push('wb-hcell-drop');
        const label = p.label(c.id);
        return (
          <div
            key={c.id}
            role="columnheader"
            // Named by its label alone: the resize grip inside has a name of its own.
            aria-label={label}
            aria-colindex={i + 2}
            className={cls.join(' ')}
            style={{ width: c.width }}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData('text/x-wb-column', c.id);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              if (!e.dataTransfer.types.includes('text/x-wb-column')) return;
              e.preventDefault();
              setDragOver(c.id);
            }}
            onDragLeave={() => setDragOver(null)}
            onDrop={(e) => {
              const id = e.dataTransfer.getData('text/x-wb-column');
              setDragOver(null);
              if (id) p.onMove(id, c.id);
            }}
            title={label}
          >
            <span className="wb-text">{label}</span>
            <span
              className="wb-resize"
              role="separator"
              aria-orientation="vertical"
              aria-label={p.t('grid.resize')}
              onPointerDown={(e) => startResize(e, c)}
              onPointerMove={moveResize}
              onPointerUp={() => (resizing.current = null)}
              onClick={(e) => e.stopPropagation()}
            />
          </div>
        );
      })}
    </div>
  );
}

export const GridHeader = memo(GridHeaderImpl);
