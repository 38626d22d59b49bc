// The toolbar's overflow: on a narrow toolbar (CSS container query in workbench.css) the buttons
// marked wb-tool-optional hide and this menu button shows; its menu runs the same commands, with
// their names and keys. WAI-ARIA menu button: Enter/Space/↓ open it on the first item, ↑/↓/Home/End
// move, Enter runs, Esc or a click outside closes and gives the focus back to the button.

import type { LucideIcon } from 'lucide-react';
import { MoreHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { rovingIndex } from '../../app/ui/roving-index';
import { useOutsidePress } from '../../app/ui/use-outside-press';
import { isEnabled, runCommand } from '../../state/workbench/commands';
import { keysOf } from '../../state/workbench/keybindings';
import { useWorkbench } from '../../state/workbench/store';
import { showKeys } from './HelpDialog';

type T = (key: string, params?: Record<string, unknown>) => string;

export interface MoreItem {
  readonly id: string;
  readonly icon: LucideIcon;
}

export function ToolbarMore({ items, t }: { items: readonly MoreItem[]; t: T }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useWorkbench((s) => s.history);
  useWorkbench((s) => s.loadState);
  useWorkbench((s) => s.selection);

  const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (open) entries()[0]?.focus();
  }, [open]);
  useOutsidePress(
    open,
    () => [menu.current, button.current],
    () => setOpen(false),
  );

  const move = (e: React.KeyboardEvent) => {
    const list = entries();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const to = rovingIndex(e.key, at, list.length, 'ArrowUp', 'ArrowDown');
    if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      close(e.key === 'Escape');
      return;
    }
    if (to < 0) return;
    e.preventDefault();
    list[to]?.focus();
  };

  return (
    <div className="wb-tool-more">
      <button
        ref={button}
        type="button"
        className={`wb-tool${open ? ' wb-tool-on' : ''}`}
        title={t('toolbar.more')}
        aria-label={t('toolbar.more')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <MoreHorizontal size={16} strokeWidth={1.75} aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          className="wb-menu"
          role="menu"
          aria-label={t('toolbar.more')}
          onKeyDown={move}
        >
          {items.map(({ id, icon: Icon }) => {
            const enabled = isEnabled(id);
            const keys = keysOf(id);
            return (
              <button
                key={id}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="wb-menu-item"
                aria-disabled={!enabled || undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  if (!enabled) return;
                  close(true);
                  runCommand(id);
                }}
              >
                <Icon size={16} strokeWidth={1.75} aria-hidden="true" />
                <span className="wb-menu-label">{t(`cmd.${id}`)}</span>
                {keys.length > 0 && <kbd className="wb-menu-keys">{showKeys(keys[0]!)}</kbd>}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
