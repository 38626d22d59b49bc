// The resources grid: a virtualized table (@tanstack/react-virtual, as the WBS grid) of the
// space's resources in tree order. Keyboard as in the WBS grid: arrows move (Shift extends the
// range), Enter or F2 edits, typing replaces the cell, Enter/Tab commit, Esc cancels, Insert adds
// a resource, Delete deletes the row (after confirmation); copy and paste go through the native
// clipboard events as TSV/HTML matrices (src/domain/clipboard), a paste past the last row adds
// resources, all in one all-or-nothing call.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Resource } from '../../api/resources';
import { parseClipboard, serializeClipboard } from '../../domain/clipboard';
import { RESOURCE_COLUMNS, cellText } from '../../domain/resources';
import type { CellLabels, ResourceColumn } from '../../domain/resources';
import { depthsOf, setEditing, setFocus, useResources } from '../../state/resources/store';

const ROW = 28;
const WIDTHS: Record<ResourceColumn, number> = {
  code: 90,
  name: 240,
  kind: 120,
  resource_type: 110,
  unit: 70,
  price: 90,
  default_limit: 110,
  calendar_id: 140,
  specialty: 140,
};
const NUMERIC = new Set<ResourceColumn>(['price', 'default_limit']);

export interface GridActions {
  commit: (row: number, col: ResourceColumn, text: string) => void;
  paste: (matrix: string[][]) => void;
  /** Adds a resource; `typed` is what was typed on the blank last line (the start of its name). */
  add: (typed?: string) => void;
  remove: (row: number) => void;
  open: (row: number) => void;
}

export function ResourcesGrid({
  items,
  labels,
  columnLabel,
  label,
  actions,
  canEdit,
}: {
  items: readonly Resource[];
  labels: CellLabels;
  columnLabel: (c: ResourceColumn) => string;
  label: string;
  actions: GridActions;
  canEdit: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const focus = useResources((s) => s.focus);
  const anchor = useResources((s) => s.anchor);
  const editing = useResources((s) => s.editing);
  const depth = depthsOf(items);
  // A group (a resource with children) left at 0 shows no price or limit, as a heading would.
  const groups = new Set(items.map((r) => r.parent_id).filter((id) => id !== null));
  const shown = (r: (typeof items)[number], c: (typeof RESOURCE_COLUMNS)[number]) =>
    NUMERIC.has(c) && groups.has(r.id) && r[c as 'price' | 'default_limit'] === 0
      ? ''
      : cellText(r, c, labels);
  // An editable grid ends with a blank line: typing or pasting there adds resources.
  const count = items.length + (canEdit ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 10,
  });
  const lastCol = RESOURCE_COLUMNS.length - 1;
  const top = Math.min(anchor.row, focus.row);
  const bottom = Math.max(anchor.row, focus.row);
  const left = Math.min(anchor.col, focus.col);
  const right = Math.max(anchor.col, focus.col);

  useEffect(() => {
    if (count > 0) rows.scrollToIndex(Math.min(focus.row, count - 1));
    // Only a move of the focus scrolls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus.row]);

  const move = (dr: number, dc: number, extend: boolean) => {
    const row = Math.max(0, Math.min(count - 1, focus.row + dr));
    const col = Math.max(0, Math.min(lastCol, focus.col + dc));
    setFocus({ row, col }, extend);
  };

  const startEdit = (draft?: string) => {
    if (!canEdit) return;
    const r = items[focus.row];
    if (!r) return actions.add(draft ?? '');
    const col = RESOURCE_COLUMNS[focus.col]!;
    setEditing({ cell: focus, draft: draft ?? cellText(r, col, labels) });
  };

  /** Keys that reach the grid while its editor is open but not yet focused (it opens after an
   *  awaited create) belong to that editor: they extend its draft, Enter commits, Esc cancels. */
  const keyForOpenEditor = (e: React.KeyboardEvent): boolean => {
    const open = useResources.getState().editing;
    if (!open) return false;
    if (e.target instanceof HTMLInputElement) return true;
    const k = e.key;
    if (k.length === 1 && !e.ctrlKey && !e.metaKey) setEditing({ ...open, draft: open.draft + k });
    else if (k === 'Backspace') setEditing({ ...open, draft: open.draft.slice(0, -1) });
    else if (k === 'Escape') setEditing(null);
    else if (k === 'Enter') {
      setEditing(null);
      actions.commit(open.cell.row, RESOURCE_COLUMNS[open.cell.col]!, open.draft);
      setFocus({ row: Math.min(open.cell.row + 1, count - 1), col: open.cell.col });
    } else return true;
    e.preventDefault();
    return true;
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (keyForOpenEditor(e)) return;
    const k = e.key;
    // Keys typed while a new resource is on its way are its name.
    const pending = useResources.getState().pending;
    if (pending !== null) {
      if (k.length === 1 && !e.ctrlKey && !e.metaKey) useResources.setState({ pending: pending + k });
      else if (k === 'Backspace') useResources.setState({ pending: pending.slice(0, -1) });
      e.preventDefault();
      return;
    }
    if (k === 'ArrowDown') move(1, 0, e.shiftKey);
    else if (k === 'ArrowUp') move(-1, 0, e.shiftKey);
    else if (k === 'ArrowRight') move(0, 1, e.shiftKey);
    else if (k === 'ArrowLeft') move(0, -1, e.shiftKey);
    else if (k === 'PageDown') move(20, 0, e.shiftKey);
    else if (k === 'PageUp') move(-20, 0, e.shiftKey);
    else if (k === 'Home') setFocus({ row: e.ctrlKey ? 0 : focus.row, col: 0 }, e.shiftKey);
    else if (k === 'End')
      setFocus({ row: e.ctrlKey ? items.length - 1 : focus.row, col: lastCol }, e.shiftKey);
    else if (k === 'Tab') {
      if ((e.shiftKey && focus.col === 0) || (!e.shiftKey && focus.col === lastCol)) return;
      move(0, e.shiftKey ? -1 : 1, false);
    } else if (k === 'Enter' || k === 'F2') startEdit();
    else if (k === 'Insert' && canEdit) actions.add();
    else if (k === 'Delete' && canEdit && items[focus.row]) actions.remove(focus.row);
    else if (k.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) startEdit(k);
    else return;
    e.preventDefault();
  };

  const onCopy = (e: React.ClipboardEvent) => {
    if (editing) return;
    const matrix: string[][] = [];
    for (let r = top; r <= bottom; r++) {
      const res = items[r];
      if (!res) continue;
      const line: string[] = [];
      for (let c = left; c <= right; c++) line.push(cellText(res, RESOURCE_COLUMNS[c]!, labels));
      matrix.push(line);
    }
    for (const [type, data] of Object.entries(serializeClipboard(matrix)))
      e.clipboardData.setData(type, data);
    e.preventDefault();
  };

  const onPaste = (e: React.ClipboardEvent) => {
    if (editing || !canEdit) return;
    const matrix = parseClipboard({
      html: e.clipboardData.getData('text/html'),
      text: e.clipboardData.getData('text/plain'),
    });
    e.preventDefault();
    if (matrix.length > 0) actions.paste(matrix);
  };

  const width = RESOURCE_COLUMNS.reduce((s, c) => s + WIDTHS[c], 0);
  const activeId = focus.row < count ? `res-cell-${focus.row}-${focus.col}` : undefined;

  return (
    <div
      ref={scrollRef}
      className="res-grid"
      role="grid"
      aria-label={label}
      aria-rowcount={count + 1}
      aria-colcount={RESOURCE_COLUMNS.length}
      aria-activedescendant={activeId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onCopy={onCopy}
      onPaste={onPaste}
    >
      <div className="res-grid__head" role="row" aria-rowindex={1} style={{ width }}>
        {RESOURCE_COLUMNS.map((c, i) => (
          <div
            key={c}
            role="columnheader"
            aria-colindex={i + 1}
            className={NUMERIC.has(c) ? 'res-grid__cell res-grid__cell--num' : 'res-grid__cell'}
            style={{ width: WIDTHS[c] }}
          >
            {columnLabel(c)}
          </div>
        ))}
      </div>
      <div style={{ height: rows.getTotalSize(), width, position: 'relative' }}>
        {rows.getVirtualItems().map((v) => {
          const r = items[v.index];
          if (!r)
            return (
              <div
                key="blank"
                role="row"
                aria-rowindex={v.index + 2}
                className={v.index === focus.row ? 'res-grid__row res-grid__row--focus' : 'res-grid__row'}
                style={{ transform: `translateY(${v.start}px)`, height: ROW, width }}
                data-blank=""
              >
                {RESOURCE_COLUMNS.map((c, ci) => (
                  <div
                    key={c}
                    id={`res-cell-${v.index}-${ci}`}
                    role="gridcell"
                    aria-colindex={ci + 1}
                    className={
                      v.index === focus.row && ci === focus.col
                        ? 'res-grid__cell res-grid__cell--focus'
                        : 'res-grid__cell'
                    }
                    style={{ width: WIDTHS[c] }}
                    onMouseDown={() => setFocus({ row: v.index, col: ci })}
                    onDoubleClick={() => actions.add('')}
                  />
                ))}
              </div>
            );
          return (
            <div
              key={r.id}
              role="row"
              aria-rowindex={v.index + 2}
              className={v.index === focus.row ? 'res-grid__row res-grid__row--focus' : 'res-grid__row'}
              style={{ transform: `translateY(${v.start}px)`, height: ROW, width }}
              data-id={r.id}
            >
              {RESOURCE_COLUMNS.map((c, ci) => {
                const isEditing = editing && editing.cell.row === v.index && editing.cell.col === ci;
                const inRange = v.index >= top && v.index <= bottom && ci >= left && ci <= right;
                const cls = [
                  'res-grid__cell',
                  NUMERIC.has(c) ? 'res-grid__cell--num' : '',
                  inRange ? 'res-grid__cell--sel' : '',
                  v.index === focus.row && ci === focus.col ? 'res-grid__cell--focus' : '',
                ].join(' ');
                return (
                  <div
                    key={c}
                    id={`res-cell-${v.index}-${ci}`}
                    role="gridcell"
                    aria-colindex={ci + 1}
                    aria-selected={inRange}
                    className={cls}
                    style={{
                      width: WIDTHS[c],
                      paddingLeft: c === 'name' ? 6 + 16 * (depth.get(r.id) ?? 0) : undefined,
                    }}
                    onMouseDown={(e) => {
                      setFocus({ row: v.index, col: ci }, e.shiftKey);
                      actions.open(v.index);
                    }}
                    onDoubleClick={() => startEdit()}
                  >
                    {isEditing ? (
                      <CellInput
                        draft={editing.draft}
                        onDone={(text, dr, dc) => {
                          setEditing(null);
                          if (text !== null) actions.commit(v.index, c, text);
                          if (dr || dc) move(dr, dc, false);
                          scrollRef.current?.focus();
                        }}
                      />
                    ) : (
                      shown(r, c)
                    )}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The cell editor: Enter commits and moves down, Tab right, Esc cancels; leaving commits. */
function CellInput({
  draft,
  onDone,
}: {
  draft: string;
  onDone: (text: string | null, dr: number, dc: number) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  // Focused in the layout phase, so no key typed after the editor shows goes to the grid instead.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  // A draft the grid extended before focus arrived (see keyForOpenEditor) is taken up.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && el.value !== draft && document.activeElement !== el) el.value = draft;
  }, [draft]);
  const finish = (text: string | null, dr: number, dc: number) => {
    if (done.current) return;
    done.current = true;
    onDone(text, dr, dc);
  };
  return (
    <input
      ref={ref}
      className="res-grid__input"
      defaultValue={draft}
      aria-label="cell"
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') finish(e.currentTarget.value, 1, 0);
        else if (e.key === 'Tab') finish(e.currentTarget.value, 0, e.shiftKey ? -1 : 1);
        else if (e.key === 'Escape') finish(null, 0, 0);
        else return;
        e.preventDefault();
      }}
      onBlur={(e) => finish(e.currentTarget.value, 0, 0)}
    />
  );
}
