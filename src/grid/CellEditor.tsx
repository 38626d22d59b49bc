// The in-cell editor: Enter commits and moves down, Tab/Shift+Tab commit and move across, Esc
// cancels, leaving the cell commits. Typing on a selected cell opens it with that character; F2,
// Enter and a double click open it with the caret after the value.

import { useEffect, useRef } from 'react';
import type { EditThen } from './grid-host';

export function CellEditor(props: {
  /** The editor's first text: the cell's, or what was typed on it. */
  text: string;
  /** What was typed (null: F2/Enter); a new one puts the caret at the end again. */
  restart: string | null;
  label: string;
  /** Suggestions (a datalist), or null. */
  options: { readonly id: string; readonly values: readonly string[] } | null;
  onCommit: (text: string, then: EditThen) => void;
  onCancel: () => void;
}) {
  const { text, restart, label, options, onCommit, onCancel } = props;
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    // The caret after the text, as Excel's F2 leaves it: typing adds to the value (typing on the
    // cell without F2 replaces it: the editor then opens with that character alone).
    const end = el.value.length;
    el.setSelectionRange(end, end);
  }, [restart]);

  const finish = (then: EditThen) => {
    if (done.current) return;
    done.current = true;
    const value = ref.current?.value ?? '';
    // Hand the focus back to the grid before the editor unmounts, so the next key goes there.
    if (then !== 'none')
      (ref.current?.closest('.wb-grid') as HTMLElement | null)?.focus({ preventScroll: true });
    onCommit(value, then);
  };

  return (
    <>
      <input
        ref={ref}
        className="wb-editor"
        aria-label={label}
        defaultValue={text}
        list={options?.id}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') {
            e.preventDefault();
            finish('down');
          } else if (e.key === 'Tab') {
            e.preventDefault();
            finish(e.shiftKey ? 'prev' : 'next');
          } else if (e.key === 'Escape') {
            e.preventDefault();
            done.current = true;
            (ref.current?.closest('.wb-grid') as HTMLElement | null)?.focus({ preventScroll: true });
            onCancel();
          }
        }}
        onBlur={() => finish('none')}
      />
      {options && (
        <datalist id={options.id}>
          {options.values.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      )}
    </>
  );
}
