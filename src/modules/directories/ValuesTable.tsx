// The values of one directory as a keyboard tree table: a row per visible value (code, name,
// attributes, linked rows), a focused cell with a range (Shift+arrows, Shift+click), and in-place
// editing of one cell at a time. Keys: ↑ ↓ move; on the code column ← → fold and unfold (and →
// goes on to the next column), elsewhere they move across; Enter/F2 edit (on the code column: the
// name), Insert adds (Ctrl: a child), Tab/Shift+Tab indent and outdent, Delete deletes after a
// confirmation naming what goes with it. Ctrl+D fills the range down, Ctrl+V pastes a matrix from
// Excel at the focused cell, Ctrl+C copies the range, Ctrl+Z / Ctrl+Y undo and redo the cell
// edits (each edit, fill or paste one step). Folding: Ctrl+← / Ctrl+→ with everything under a
// value, 1–9 show that many levels, 0 all (and the "Levels" buttons above the table).
import { ChevronDown, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { Directory, DirectoryValue } from '../../api/directories';
import { parseClipboard, serializeClipboard } from '../../domain/clipboard';
import {
  type CellChange,
  type CellRange,
  fillDown,
  flattenValues,
  inverse,
  pasteMatrix,
  foldSubtree,
  foldToLevel,
  indentTarget,
  outdentTarget,
  subtreeIds,
  treeLevels,
} from '../../domain/directory';

/** A column of the table: code, name, or an attribute by key. */
export type Field = 'code' | 'name' | `attr:${string}`;

export interface ValueEdits {
  /** Stores cells of values; answers the changes stored (those before a refusal). */
  saveCells: (changes: readonly CellChange[]) => Promise<CellChange[]>;
  add: (after: DirectoryValue | null, asChild: boolean) => Promise<string | null>;
  move: (v: DirectoryValue, to: { parent_id: string | null; sort_order: number }) => Promise<void>;
  remove: (v: DirectoryValue, below: number, linked: number) => Promise<void>;
}

type T = (key: string, params?: Record<string, unknown>) => string;

const cellText = (v: DirectoryValue, f: Field): string => {
  if (f === 'code') return v.code;
  if (f === 'name') return v.name;
  const x = v.attribute_values[f.slice(5)];
  return x === null || x === undefined ? '' : String(x);
};

export function ValuesTable({
  directory,
  canEdit,
  edits,
  t,
  onOutside,
}: {
  directory: Directory;
  canEdit: boolean;
  edits: ValueEdits;
  t: T;
  /** A paste reached past the last value or column: how many cells were left out. */
  onOutside?: (cells: number) => void;
}) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusId, setFocusId] = useState<string | null>(null);
  // The focused column, and the range's other corner (a value and a column).
  const [col, setCol] = useState(0);
  const [anchor, setAnchor] = useState<{ id: string; col: number } | null>(null);
  // Undo and redo of cell edits, for this directory.
  const history = useRef<{ dir: string; undos: CellChange[][]; redos: CellChange[][] }>({
    dir: directory.id,
    undos: [],
    redos: [],
  });
  /** The steps of the directory shown (another directory starts with none). */
  const steps = () => {
    if (history.current.dir !== directory.id) history.current = { dir: directory.id, undos: [], redos: [] };
    return history.current;
  };
  const [editing, setEditingState] = useState<{ id: string; field: Field; draft: string } | null>(null);
  // The editor as the handlers see it now: Enter, Tab and the blur that follows them must not
  // save the same cell twice, and Esc must not save on that blur.
  const editRef = useRef(editing);
  const setEditing = (e: typeof editing) => {
    editRef.current = e;
    setEditingState(e);
  };
  const tableRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => flattenValues(directory.values, collapsed), [directory.values, collapsed]);
  const fields: Field[] = ['code', 'name', ...directory.attributes.map((a) => `attr:${a.key}` as const)];
  const index = Math.max(
    0,
    rows.findIndex((r) => r.value.id === focusId),
  );
  const focused = rows[index]?.value ?? null;
  const anchorIndex = anchor ? rows.findIndex((r) => r.value.id === anchor.id) : -1;
  const range: CellRange =
    anchor && anchorIndex >= 0
      ? {
          r0: Math.min(index, anchorIndex),
          r1: Math.max(index, anchorIndex),
          c0: Math.min(col, anchor.col),
          c1: Math.max(col, anchor.col),
        }
      : { r0: index, r1: index, c0: col, c1: col };
  const ids = rows.map((r) => r.value.id);
  const rowOf = new Map(ids.map((id, i) => [id, i]));
  const inRange = (id: string, c: number) => {
    const r = rowOf.get(id) ?? -1;
    return r >= range.r0 && r <= range.r1 && c >= range.c0 && c <= range.c1;
  };
  const byId = useMemo(() => new Map(directory.values.map((x) => [x.id, x])), [directory.values]);
  const read = (id: string, f: string) => {
    const v = byId.get(id);
    return v ? cellText(v, f as Field) : '';
  };
  /** Moves the focus (a value and a column); `extend` keeps the range's other corner. */
  const moveTo = (id: string, c: number, extend: boolean) => {
    if (extend) setAnchor((a) => a ?? { id: focused?.id ?? id, col });
    else setAnchor(null);
    setFocusId(id);
    setCol(Math.max(0, Math.min(fields.length - 1, c)));
  };

  /** Stores cell changes as one undo step (or takes one back / again: `record` false). */
  async function applyCells(changes: readonly CellChange[], record: boolean): Promise<CellChange[]> {
    if (!canEdit || changes.length === 0) return [];
    const stored = await edits.saveCells(changes);
    if (record && stored.length > 0) {
      steps().undos.push(stored);
      steps().redos = [];
    }
    return stored;
  }
  async function undoRedo(redo: boolean) {
    const h = steps();
    const step = (redo ? h.redos : h.undos).pop();
    if (!step) return;
    const changes = redo ? step : inverse(step);
    const stored = await applyCells(changes, false);
    // A step only partly taken back stays where it was (what did go in is in the table).
    if (stored.length === changes.length) (redo ? h.undos : h.redos).push(step);
    else (redo ? h.redos : h.undos).push(step);
  }

  // Keep the focused row in view.
  useEffect(() => {
    tableRef.current?.querySelector('[data-focused="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [index, rows.length]);

  const focusTable = () => setTimeout(() => tableRef.current?.focus(), 0);
  const startEdit = (v: DirectoryValue, field: Field) => {
    if (!canEdit) return;
    setFocusId(v.id);
    setEditing({ id: v.id, field, draft: cellText(v, field) });
  };
  const toggle = (id: string, open: boolean) =>
    setCollapsed((s) => {
      const next = new Set(s);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });

  async function commit(next: Field | null) {
    const cur = editRef.current;
    if (!cur) return;
    editRef.current = null;
    const v = directory.values.find((x) => x.id === cur.id);
    if (!v) return setEditing(null);
    const before = cellText(v, cur.field);
    const ok =
      cur.draft === before ||
      (await applyCells([{ id: v.id, field: cur.field, before, after: cur.draft }], true)).length > 0;
    if (!ok) {
      editRef.current = cur;
      return;
    }
    if (next) setEditing({ id: v.id, field: next, draft: cellText(v, next) });
    else {
      setEditing(null);
      focusTable();
    }
  }

  const levels = useMemo(() => treeLevels(directory.values), [directory.values]);
  const showLevels = (n: number | null) => {
    const next = foldToLevel(directory.values, n);
    setCollapsed(next);
    // The focus goes up to the value still shown above it.
    const visible = new Set(flattenValues(directory.values, next).map((r) => r.value.id));
    const byId = new Map(directory.values.map((x) => [x.id, x]));
    let id: string | null = focused?.id ?? null;
    while (id !== null && !visible.has(id)) id = byId.get(id)?.parent_id ?? null;
    if (id !== null) setFocusId(id);
  };

  async function onKey(e: KeyboardEvent<HTMLDivElement>) {
    if (editing) return;
    const v = focused;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (mod && !e.altKey && (key === 'd' || key === 'z' || key === 'y')) {
      e.preventDefault();
      if (key === 'd') await applyCells(fillDown(ids, fields, range, read), true);
      else await undoRedo(key === 'y' || e.shiftKey);
      return;
    }
    if (e.shiftKey && !mod && v && e.key.startsWith('Arrow')) {
      e.preventDefault();
      const dr = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
      const dc = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      const r = rows[Math.max(0, Math.min(rows.length - 1, index + dr))];
      if (r) moveTo(r.value.id, col + dc, true);
      return;
    }
    if (/^[0-9]$/u.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      showLevels(e.key === '0' ? null : Number(e.key));
      return;
    }
    if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && (e.ctrlKey || e.metaKey) && v) {
      e.preventDefault();
      setCollapsed((c) => foldSubtree(directory.values, c, v.id, e.key === 'ArrowRight'));
      return;
    }
    const go = (i: number) => {
      const r = rows[Math.max(0, Math.min(rows.length - 1, i))];
      if (r) moveTo(r.value.id, col, false);
    };
    switch (e.key) {
      case 'ArrowDown':
        go(index + 1);
        break;
      case 'ArrowUp':
        go(index - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(rows.length - 1);
        break;
      // The code column holds the tree: ← → fold there (→ on an open value goes across).
      case 'ArrowLeft':
        if (col > 0 && v) moveTo(v.id, col - 1, false);
        else if (v && rows[index]!.hasChildren && !collapsed.has(v.id)) toggle(v.id, false);
        else if (v?.parent_id) moveTo(v.parent_id, 0, false);
        break;
      case 'ArrowRight':
        if (col === 0 && v && collapsed.has(v.id)) toggle(v.id, true);
        else if (v) moveTo(v.id, col + 1, false);
        break;
      case 'Enter':
      case 'F2':
        if (v) startEdit(v, col === 0 ? 'name' : fields[col]!);
        break;
      case 'Insert': {
        if (!canEdit) break;
        const id = await edits.add(v, e.ctrlKey || e.metaKey);
        if (id) {
          if (v && (e.ctrlKey || e.metaKey)) toggle(v.id, true);
          setFocusId(id);
        }
        break;
      }
      case 'Tab': {
        if (!canEdit || !v) return;
        const to = e.shiftKey ? outdentTarget(directory.values, v.id) : indentTarget(directory.values, v.id);
        e.preventDefault();
        if (to) await edits.move(v, to);
        return;
      }
      case 'Delete':
        if (canEdit && v) {
          const ids = new Set(subtreeIds(directory.values, v.id));
          const linked = directory.values.filter((x) => ids.has(x.id)).reduce((s, x) => s + x.linked_rows, 0);
          await edits.remove(v, ids.size - 1, linked);
          go(index);
        }
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  return (
    <>
      {levels > 1 ? (
        <div className="dir-levels" role="group" aria-label={t('levels')}>
          <span className="dir-levels__label">{t('levels')}</span>
          {Array.from({ length: Math.min(levels, 9) }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              className="btn btn--sm btn--ghost"
              aria-label={t('levels_n', { count: n })}
              onClick={() => {
                showLevels(n);
                focusTable();
              }}
            >
              {n}
            </button>
          ))}
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            onClick={() => {
              showLevels(null);
              focusTable();
            }}
          >
            {t('levels_all')}
          </button>
        </div>
      ) : null}
      <div
        ref={tableRef}
        className="dir-table"
        role="treegrid"
        aria-label={directory.name}
        aria-readonly={!canEdit}
        tabIndex={0}
        onKeyDown={(e) => void onKey(e)}
        onCopy={(e) => {
          if (editing) return;
          e.preventDefault();
          const m = ids
            .slice(range.r0, range.r1 + 1)
            .map((id) => fields.slice(range.c0, range.c1 + 1).map((f) => read(id, f)));
          const out = serializeClipboard(m);
          e.clipboardData.setData('text/plain', out['text/plain']);
          e.clipboardData.setData('text/html', out['text/html']);
        }}
        onPaste={(e) => {
          if (editing || !canEdit) return;
          e.preventDefault();
          const html = e.clipboardData.getData('text/html') || null;
          const m = parseClipboard({ html, text: e.clipboardData.getData('text/plain') });
          const { changes, outside } = pasteMatrix(ids, fields, range, m, read);
          if (outside > 0) onOutside?.(outside);
          void applyCells(changes, true);
        }}
      >
        <div className="dir-table__row dir-table__head" role="row">
          <span role="columnheader">{t('code')}</span>
          <span role="columnheader">{t('value_name')}</span>
          {directory.attributes.map((a) => (
            <span key={a.key} role="columnheader" title={t(`type_${a.type}`)}>
              {a.name}
            </span>
          ))}
          <span role="columnheader" className="dir-table__num">
            {t('linked')}
          </span>
        </div>
        {rows.map(({ value: v, depth, hasChildren }) => (
          <div
            key={v.id}
            role="row"
            aria-level={depth + 1}
            aria-expanded={hasChildren ? !collapsed.has(v.id) : undefined}
            aria-selected={v.id === focused?.id}
            data-focused={v.id === focused?.id}
            className={`dir-table__row${v.id === focused?.id ? ' dir-table__row--focus' : ''}`}
          >
            {fields.map((f, c) => (
              <span
                key={f}
                role="gridcell"
                aria-selected={inRange(v.id, c)}
                className={[
                  c === 0 ? 'dir-table__code' : '',
                  inRange(v.id, c) ? 'dir-table__cell--sel' : '',
                  v.id === focused?.id && c === col ? 'dir-table__cell--focus' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                style={c === 0 ? { paddingLeft: 8 + depth * 18 } : undefined}
                onMouseDown={(e) => moveTo(v.id, c, e.shiftKey)}
                onDoubleClick={() => startEdit(v, f)}
              >
                {c === 0 ? (
                  hasChildren ? (
                    <button
                      type="button"
                      tabIndex={-1}
                      className="dir-table__fold"
                      aria-label={collapsed.has(v.id) ? t('expand') : t('collapse')}
                      onClick={() => toggle(v.id, collapsed.has(v.id))}
                    >
                      {collapsed.has(v.id) ? <ChevronRight size={14} /> : <ChevronDown size={14} />}
                    </button>
                  ) : (
                    <span className="dir-table__fold" />
                  )
                ) : null}
                {editing && editing.id === v.id && editing.field === f ? (
                  <input
                    className="dir-table__input"
                    aria-label={
                      c === 0 ? t('code') : c === 1 ? t('value_name') : directory.attributes[c - 2]!.name
                    }
                    autoFocus
                    value={editing.draft}
                    onChange={(e) => setEditing({ ...editing, draft: e.target.value })}
                    onBlur={() => void commit(null)}
                    onKeyDown={(e) => {
                      e.stopPropagation();
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void commit(null);
                      } else if (e.key === 'Escape') {
                        e.preventDefault();
                        setEditing(null);
                        focusTable();
                      } else if (e.key === 'Tab') {
                        e.preventDefault();
                        const next = fields[(c + (e.shiftKey ? -1 : 1) + fields.length) % fields.length]!;
                        void commit(next);
                      }
                    }}
                  />
                ) : (
                  cellText(v, f)
                )}
              </span>
            ))}
            <span
              role="gridcell"
              className="dir-table__num"
              onMouseDown={(e) => moveTo(v.id, col, e.shiftKey)}
            >
              {v.linked_rows || ''}
            </span>
          </div>
        ))}
      </div>
    </>
  );
}
