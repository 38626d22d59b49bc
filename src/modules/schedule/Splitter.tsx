// The draggable splitter between the grid and the Gantt (also keyboard: arrows move it).

import { useRef } from 'react';
import { workbench } from '../../state/workbench/store';

const MIN = 240;

export function Splitter({ label, max }: { label: string; max: number }) {
  const start = useRef<{ x: number; w: number } | null>(null);
  const set = (w: number) => workbench.set({ gridWidth: Math.round(Math.max(MIN, Math.min(max - MIN, w))) });
  return (
    <div
      className="wb-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={workbench.get().gridWidth}
      tabIndex={0}
      onPointerDown={(e) => {
        start.current = { x: e.clientX, w: workbench.get().gridWidth };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (start.current) set(start.current.w + e.clientX - start.current.x);
      }}
      onPointerUp={() => (start.current = null)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') set(workbench.get().gridWidth - 24);
        if (e.key === 'ArrowRight') set(workbench.get().gridWidth + 24);
      }}
    />
  );
}
