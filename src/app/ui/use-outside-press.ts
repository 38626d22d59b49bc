// Closing a popup on a press outside it: menus and non-modal dialogs share this. The listener
// runs in the capture phase, so the popup is gone before the press reaches what it lands on.

import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * While `active`, a pointer press outside every element `inside()` returns calls `onOutside`.
 * Both callbacks are read at the time of the press (they may close over fresh state).
 */
export function useOutsidePress(
  active: boolean,
  inside: () => readonly (Element | null | undefined)[],
  onOutside: () => void,
): void {
  const latest = useRef({ inside, onOutside });
  useLayoutEffect(() => {
    latest.current = { inside, onOutside };
  });
  useEffect(() => {
    if (!active) return;
    const press = (e: PointerEvent) => {
      const target = e.target as Node;
      if (latest.current.inside().some((el) => el?.contains(target))) return;
      latest.current.onOutside();
    };
    document.addEventListener('pointerdown', press, true);
    return () => document.removeEventListener('pointerdown', press, true);
  }, [active]);
}
