// The day matrix's scroll position outside React state: a scroll notifies only the parts whose
// window it moves (the left cells on a vertical step, the day headings on a horizontal one),
// so the matrix itself (and its canvas, painted in the scroll handler) does not render per step.
import { type ReactNode, useSyncExternalStore } from 'react';
import type { MatrixWindow } from './matrix-window';

export interface ScrollPos {
  readonly top: number;
  readonly left: number;
}

/** The last scroll position and who wants to hear of it. */
export class ScrollBus {
  pos: ScrollPos = { top: 0, left: 0 };
  private readonly subs = new Set<() => void>();
  get(): ScrollPos {
    return this.pos;
  }
  set(pos: ScrollPos): void {
    this.pos = pos;
    for (const f of this.subs) f();
  }
  subscribe = (f: () => void): (() => void) => {
    this.subs.add(f);
    return () => this.subs.delete(f);
  };
}

/**
 * Renders `children` for the window at the bus's position, again only when the window's rows
 * (`part` rows) or days (`cols`) change.
 */
export function WindowPart(p: {
  bus: ScrollBus;
  part: 'rows' | 'cols';
  at: (pos: ScrollPos) => MatrixWindow;
  children: (w: MatrixWindow) => ReactNode;
}) {
  useSyncExternalStore(p.bus.subscribe, () => {
    const w = p.at(p.bus.pos);
    return p.part === 'rows' ? `${w.r0}:${w.r1}` : `${w.c0}:${w.c1}`;
  });
  return <>{p.children(p.at(p.bus.pos))}</>;
}
