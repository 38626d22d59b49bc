// Column menu: show/hide each column, freeze the first N displayed columns, and expand the tree
// to a level (one button per level the tree has). A non-modal dialog: the first control takes the
// focus on open; Esc, a click outside it and a change of language close it, and the focus goes
// back to the menu button.

import i18next from 'i18next';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useOutsidePress } from '../app/ui/use-outside-press';
import { ROOT, type TreeIndex } from '../domain/wbs/tree-index';
import { useWorkbench } from '../state/workbench/store';
import type { ColumnId, ColumnLayout } from '../state/workbench/types';

export interface ColumnMenuProps {
  readonly layout: readonly ColumnLayout[];
  readonly frozen: number;
  readonly t: (key: string, params?: Record<string, unknown>) => string;
  /** A column's name as its header shows it. */
  readonly label: (id: ColumnId) => string;
  readonly onVisible: (id: string, visible: boolean) => void;
  readonly onFrozen: (n: number) => void;
  readonly onLevel: (level: number) => void;
  readonly onClose: () => void;
  /** Levels of the grid's tree (absent: the workbench's WBS tree). */
  readonly depth?: number;
}

/** Levels of the WBS tree (1 = top level only; 0 = no rows), walked without recursion. */
export function treeDepth(index: TreeIndex): number {
  let depth = 0;
  let level: readonly string[] = [ROOT];
  while (level.length > 0) {
    const next: string[] = [];
    for (const id of level) {
      const kids = index.children.get(id);
      if (kids) for (const k of kids) next.push(k);
    }
    if (next.length > 0) depth++;
    level = next;
  }
  return depth;
}

/** The grid's menu button (in the header, beside this menu in the grid's wrapper). */
function menuButton(menu: HTMLElement | null): HTMLElement | null {
  return menu?.parentElement?.querySelector<HTMLElement>('.wb-colmenu-btn') ?? null;
}

export function ColumnMenu(p: ColumnMenuProps) {
  const shown = p.layout.filter((c) => c.visible).length;
  const ref = useRef<HTMLDivElement>(null);
  const index = useWorkbench((s) => s.wbs.index);
  const wbsDepth = useMemo(() => (p.depth === undefined ? treeDepth(index) : 0), [index, p.depth]);
  const depth = p.depth ?? wbsDepth;
  const { onClose, t } = p;

  const close = (refocus: boolean) => {
    const button = menuButton(ref.current);
    onClose();
    if (refocus) button?.focus();
  };
  const closeRef = useRef(close);
  useLayoutEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input:not(:disabled), button')?.focus();
  }, []);
  useOutsidePress(
    true,
    () => [ref.current, menuButton(ref.current)],
    () => {
      const button = menuButton(ref.current);
      close(false);
      // A click on something that takes no focus leaves it on the page: give it to the button.
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) button?.focus();
      }, 0);
    },
  );

  // Another language re-renders the page: the menu's texts and place are stale. A new t of the
  // same language (the space's text overrides arriving after the switch) keeps it open.
  const lang = i18next.language;
  const firstLang = useRef(lang);
  useEffect(() => {
    if (lang !== firstLang.current) closeRef.current(true);
  }, [lang]);

  const levels = Array.from({ length: depth }, (_, i) => i + 1);
  return (
    <div
      ref={ref}
      className="wb-colmenu"
      role="dialog"
      aria-label={t('grid.columns')}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        close(true);
      }}
    >
      <div className="wb-colmenu-title">{t('grid.columns')}</div>
      <div className="wb-colmenu-list">
        {p.layout.map((c) => {
          const label = p.label(c.id);
          return (
            <label key={c.id} className="wb-colmenu-item">
              <input
                type="checkbox"
                checked={c.visible}
                disabled={c.id === 'name'}
                onChange={(e) => p.onVisible(c.id, e.target.checked)}
              />
              {label}
            </label>
          );
        })}
      </div>
      <label className="wb-colmenu-row">
        {t('grid.freeze')}
        <input
          type="number"
          min={0}
          max={shown}
          value={p.frozen}
          onChange={(e) => p.onFrozen(Math.max(0, Math.min(shown, Number(e.target.value) || 0)))}
        />
      </label>
      <div className="wb-colmenu-row wb-colmenu-levels" role="group" aria-label={t('grid.levels')}>
        <span aria-hidden="true">{t('grid.levels')}</span>
        {levels.map((l) => (
          <button key={l} type="button" onClick={() => p.onLevel(l)}>
            {l}
          </button>
        ))}
        <button type="button" onClick={() => p.onLevel(Infinity)}>
          {t('grid.all_levels')}
        </button>
      </div>
      <button type="button" className="wb-colmenu-close" onClick={() => close(true)}>
        {t('grid.close')}
      </button>
    </div>
  );
}
