// The values of one directory as a keyboard tree table: a row per visible value (code, name,
// attributes, linked rows), one focused row, and in-place editing of one cell at a time.
// Keys: arrows move and fold, Enter/F2 edit, Insert adds (Ctrl: a child), Tab/Shift+Tab indent
// and outdent, Delete deletes after a confirmation naming what goes with it. Folding: ← → fold
// and unfold a value, Ctrl+← / Ctrl+→ with everything under it, 1–9 show that many levels, 0 all
// (and the "Levels" buttons above the table).
import { ChevronDown, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { Directory, DirectoryValue } from '../../api/directories';
import {
  flattenValues,
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
  /** Saves one cell; answers whether it was stored (a refusal keeps the editor open). */
  saveCell: (v: DirectoryValue, field: Field, text: string) => Promise<boolean>;
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
}: {
  directory: Directory;
  canEdit: boolean;
  edits: ValueEdits;
  t: T;
}) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusId, setFocusId] = useState<string | null>(null);
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
    const ok = cur.draft === cellText(v, cur.field) || (await edits.saveCell(v, cur.field, cur.draft));
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
      if (r) setFocusId(r.value.id);
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
      case 'ArrowLeft':
        if (v && rows[index]!.hasChildren && !collapsed.has(v.id)) toggle(v.id, false);
        else if (v?.parent_id) setFocusId(v.parent_id);
        break;
      case 'ArrowRight':
        if (v && collapsed.has(v.id)) toggle(v.id, true);
        break;
      case 'Enter':
      case 'F2':
        if (v) startEdit(v, 'name');
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
            onMouseDown={() => setFocusId(v.id)}
          >
            {fields.map((f, col) => (
              <span
                key={f}
                role="gridcell"
                className={col === 0 ? 'dir-table__code' : undefined}
                style={col === 0 ? { paddingLeft: 8 + depth * 18 } : undefined}
                onDoubleClick={() => startEdit(v, f)}
              >
                {col === 0 ? (
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
                      col === 0
                        ? t('code')
                        : col === 1
                          ? t('value_name')
                          : directory.attributes[col - 2]!.name
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
                        const next = fields[(col + (e.shiftKey ? -1 : 1) + fields.length) % fields.length]!;
                        void commit(next);
                      }
                    }}
                  />
                ) : (
                  cellText(v, f)
                )}
              </span>
            ))}
            <span role="gridcell" className="dir-table__num">
              {v.linked_rows || ''}
            </span>
          </div>
        ))}
      </div>
    </>
  );
}
