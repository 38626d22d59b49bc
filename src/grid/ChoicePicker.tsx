// The directory-value picker: the editor of a cell whose column takes a directory's codes. A
// search field over the directory's values (indented as their tree while nothing is typed):
// typing filters by code or name, ↑ ↓ PageUp PageDown move, Enter or a click chooses, Tab and
// Shift+Tab choose and move across, Esc or leaving cancels. The choice goes to the grid's commit
// as the value's code, so it is one edit of the grid's loop (one undo step).

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { filterChoices, type DirectoryChoice } from '../domain/directory/picker';
import type { EditThen } from './grid-host';

/** Options rendered at once; the rest are counted (typing narrows them). */
const SHOWN = 200;
const PAGE = 8;

export function ChoicePicker(props: {
  /** The cell's code now ('' when empty). */
  current: string;
  /** What was typed on the cell (null: F2/Enter/double click). */
  initial: string | null;
  label: string;
  choices: readonly DirectoryChoice[];
  /** Said under the list when there are no choices at all (why the list is empty). */
  empty?: string;
  t: (key: string, params?: Record<string, unknown>) => string;
  onCommit: (text: string, then: EditThen) => void;
  onCancel: () => void;
}) {
  const { current, initial, label, choices, empty, t, onCommit, onCancel } = props;
  const anchor = useRef<HTMLSpanElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const done = useRef(false);
  const [query, setQuery] = useState(initial ?? '');
  const [box, setBox] = useState<{ left: number; top: number; width: number } | null>(null);

  // While nothing is typed the first option clears the cell.
  const options = useMemo(() => {
    const found = filterChoices(choices, query);
    return query.trim() ? found : [{ code: '', name: t('grid.picker_clear'), depth: 0 }, ...found];
  }, [choices, query, t]);
  const [active, setActive] = useState(() =>
    initial === null
      ? Math.max(
          0,
          options.findIndex((o) => o.code === current),
        )
      : 0,
  );
  const at = Math.min(active, Math.max(0, Math.min(options.length, SHOWN) - 1));

  // Placed under the cell (above it when the window has no room below), in a portal so the
  // grid's scrolling rows do not clip it.
  useLayoutEffect(() => {
    const cell = anchor.current?.parentElement;
    if (!cell) return;
    const r = cell.getBoundingClientRect();
    const below = window.innerHeight - r.bottom;
    setBox({
      left: Math.max(0, Math.min(r.left, window.innerWidth - Math.max(r.width, 320))),
      top: below >= 260 ? r.bottom : Math.max(0, r.top - 300),
      width: Math.max(r.width, 320),
    });
  }, []);

  useEffect(() => {
    const el = input.current;
    if (!el || !box) return;
    el.focus();
    const end = el.value.length;
    el.setSelectionRange(end, end);
  }, [box]);

  useEffect(() => {
    list.current?.querySelector(`[data-index="${at}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [at, box]);

  const gridOf = () => anchor.current?.closest('.wb-grid') as HTMLElement | null;
  const choose = (index: number, then: EditThen) => {
    const o = options[index];
    if (!o || done.current) return;
    done.current = true;
    gridOf()?.focus({ preventScroll: true });
    onCommit(o.code, then);
  };
  const cancel = () => {
    if (done.current) return;
    done.current = true;
    gridOf()?.focus({ preventScroll: true });
    onCancel();
  };

  const last = Math.min(options.length, SHOWN) - 1;
  const id = `wb-picker-${label.replace(/\W+/gu, '')}`;
  return (
    <span ref={anchor} className="wb-picker-anchor">
      {current}
      {box &&
        createPortal(
          <div
            className="wb-picker"
            style={{ left: box.left, top: box.top, width: box.width }}
            onMouseDown={(e) => e.preventDefault()}
          >
            <input
              ref={input}
              className="wb-picker__search"
              role="combobox"
              aria-label={label}
              aria-expanded
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              aria-activedescendant={options.length ? `${id}-o${at}` : undefined}
              title={t('grid.picker_hint')}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={(e) => {
                e.stopPropagation();
                const move = (to: number) => {
                  e.preventDefault();
                  setActive(Math.max(0, Math.min(last, to)));
                };
                if (e.key === 'ArrowDown') move(at + 1);
                else if (e.key === 'ArrowUp') move(at - 1);
                else if (e.key === 'PageDown') move(at + PAGE);
                else if (e.key === 'PageUp') move(at - PAGE);
                else if (e.key === 'Enter') {
                  e.preventDefault();
                  choose(at, 'down');
                } else if (e.key === 'Tab') {
                  e.preventDefault();
                  choose(at, e.shiftKey ? 'prev' : 'next');
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  cancel();
                }
              }}
              onBlur={cancel}
            />
            <ul ref={list} id={`${id}-list`} role="listbox" aria-label={label} className="wb-picker__list">
              {options.slice(0, SHOWN).map((o, i) => (
                <li
                  key={o.code || '-'}
                  id={`${id}-o${i}`}
                  data-index={i}
                  role="option"
                  aria-selected={i === at}
                  className={`wb-picker__option${i === at ? ' is-active' : ''}${o.code === current && o.code ? ' is-current' : ''}`}
                  style={{ paddingLeft: 8 + (query.trim() ? 0 : o.depth * 14) }}
                  onMouseMove={() => i !== at && setActive(i)}
                  onClick={() => choose(i, 'down')}
                >
                  {o.code ? (
                    <>
                      <span className="wb-picker__code">{o.code}</span>
                      <span className="wb-picker__name">{o.name}</span>
                    </>
                  ) : (
                    <span className="wb-picker__name wb-picker__clear">{o.name}</span>
                  )}
                </li>
              ))}
            </ul>
            {choices.length === 0 && empty && <div className="wb-picker__note">{empty}</div>}
            {options.length === 0 && (
              <div className="wb-picker__note">{t('grid.picker_none', { text: query })}</div>
            )}
            {options.length > SHOWN && (
              <div className="wb-picker__note">
                {t('grid.picker_more', { count: options.length - SHOWN })}
              </div>
            )}
          </div>,
          document.body,
        )}
    </span>
  );
}
