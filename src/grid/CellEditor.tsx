// The in-cell editor: Enter commits and moves down, Tab/Shift+Tab commit and move across, Esc
// cancels, leaving the cell commits. Typing on a selected cell opens it with that character; F2,
// Enter and a double click open it with the caret after the value.

import { useEffect, useRef } from 'react';
import type { CellTextContext } from '../state/workbench/cell-text';
import { cellText } from '../state/workbench/cell-text';
import { cancelEdit, commitEdit } from '../state/workbench/commands-edit';
import type { ColumnDef } from '../state/workbench/columns';
import type { RowView } from '../state/workbench/types';

const TYPE_OPTIONS = ['task', 'work', 'sum', 'milestone_start', 'milestone_finish', 'draft'];

export function CellEditor(props: {
  view: RowView;
  def: ColumnDef;
  initial: string | null;
  ctx: CellTextContext;
}) {
  const { view, def, initial, ctx } = props;
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
  }, [initial]);

  const finish = (then: 'down' | 'next' | 'prev' | 'none') => {
    if (done.current) return;
    done.current = true;
    const value = ref.current?.value ?? '';
    // Hand the focus back to the grid before the editor unmounts, so the next key goes there.
    if (then !== 'none')
      (ref.current?.closest('.wb-grid') as HTMLElement | null)?.focus({ preventScroll: true });
    commitEdit(value, then);
  };

  // Row types and a list attribute's values are offered as the editor's suggestions.
  const listOptions = def.domain.kind === 'list' ? (def.domain.options ?? []) : null;
  const listId = def.id === 'type' ? 'wb-type-options' : listOptions ? 'wb-list-options' : undefined;
  return (
    <>
      <input
        ref={ref}
        className="wb-editor"
        aria-label={ctx.t(def.labelKey)}
        defaultValue={initial ?? cellText(view, def, ctx, 'edit')}
        list={listId}
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
            cancelEdit();
          }
        }}
        onBlur={() => finish('none')}
      />
      {listId && (
        <datalist id={listId}>
          {listOptions
            ? listOptions.map((v) => <option key={v} value={v} />)
            : TYPE_OPTIONS.map((t) => <option key={t} value={ctx.t(`type.${t}`)} />)}
        </datalist>
      )}
    </>
  );
}
