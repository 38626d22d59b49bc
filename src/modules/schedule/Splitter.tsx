// A draggable splitter: between the grid and the Gantt (vertical bar, moves sideways) and above the
// node information panel (horizontal bar, moves up and down). Keyboard: the arrows move it by 24 px,
// Home and End to the limits. `value` grows to the right (grid width) or upwards (panel height).

import { useRef } from 'react';

const STEP = 24;

interface SplitterProps {
  readonly label: string;
  readonly orientation: 'vertical' | 'horizontal';
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly onChange: (value: number) => void;
  /** The drag or key move is over (save it). */
  readonly onCommit?: (value: number) => void;
}

export function Splitter({ label, orientation, value, min, max, onChange, onCommit }: SplitterProps) {
  const start = useRef<{ at: number; value: number } | null>(null);
  const last = useRef(value);
  const vertical = orientation === 'vertical';
  const clamp = (v: number) => Math.round(Math.max(min, Math.min(max, v)));
  const set = (v: number) => {
    last.current = clamp(v);
    onChange(last.current);
  };
  const moveBy = (delta: number) => {
    set(value + delta);
    onCommit?.(last.current);
  };
  return (
    <div
      className={`wb-splitter wb-splitter-${orientation}`}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={(e) => {
        start.current = { at: vertical ? e.clientX : e.clientY, value };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        const s = start.current;
        if (!s) return;
        // The panel grows when its top edge moves up.
        set(vertical ? s.value + e.clientX - s.at : s.value - (e.clientY - s.at));
      }}
      onPointerUp={() => {
        if (!start.current) return;
        start.current = null;
        onCommit?.(last.current);
      }}
      onKeyDown={(e) => {
        const less = vertical ? 'ArrowLeft' : 'ArrowDown';
        const more = vertical ? 'ArrowRight' : 'ArrowUp';
        if (e.key === less) moveBy(-STEP);
        else if (e.key === more) moveBy(STEP);
        else if (e.key === 'Home') moveBy(min - value);
        else if (e.key === 'End') moveBy(max - value);
        else return;
        e.preventDefault();
      }}
    />
  );
}
