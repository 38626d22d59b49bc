// The values of one directory on the workbench's grid (directory-grid.ts is its host): the
// "Levels" buttons above it, and the writes its keys and clipboard ask for — a typed cell, a fill,
// Backspace, a pasted matrix (its rows past the last value add values; one cell that does not
// read refuses the whole paste, naming its row and column), Insert, Delete, indent and outdent —
// each one call of the server and one step of the caller's undo history of the directory kept
// there (src/server/services/directory-undo.ts), so Ctrl+Z / Ctrl+Y work after a reload too.
// Writes go to the server one after another, in the order made.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Directory, DirectoryValue } from '../../api/directories';
import type { DirectoryUndoState } from '../../api/directory-undo';
import { Redo2, Undo2 } from 'lucide-react';
import { confirm } from '../../app/dialogs/confirm';
import {
  type AttributeType,
  type CellChange,
  attributeValue,
  fillDown,
  flattenValues,
  foldSubtree,
  foldToLevel,
  indentTarget,
  nextOrder,
  outdentTarget,
  planGridPaste,
  refusal,
  subtreeIds,
  treeLevels,
} from '../../domain/directory';
import { Grid } from '../../grid/Grid';
import { useToasts } from '../../state/toasts';
import * as dirApi from './api';
import {
  BLANK_ID,
  columnName,
  columnsFor,
  directoryCells,
  DirectoryRowsContext,
  directoryGridHost,
  directoryRows,
  focusRow,
  LINKED,
  resetDirectoryGrid,
  setDirectoryGridPage,
  useDirectoryGrid,
  cellText,
} from './directory-grid';
import type { useDirectoriesT } from './i18n';
import { saveCells } from './save-cells';
import '../schedule/workbench.css';

type T = ReturnType<typeof useDirectoriesT>['t'];
type Range = { r0: number; r1: number; c0: number; c1: number };

const focusGrid = () => document.querySelector<HTMLElement>('.dir-grid .wb-grid')?.focus();

export function DirectoryGrid({
  directory,
  dirRef,
  canEdit,
  t,
  load,
}: {
  directory: Directory;
  dirRef: dirApi.DirRef;
  canEdit: boolean;
  t: T;
  /** Reads the directory again (and shows it); answers it. */
  load: () => Promise<Directory>;
}) {
  const collapsed = useDirectoryGrid((s) => s.collapsed);
  // The directory as last read (the writes read it between renders).
  const current = useRef(directory);
  useLayoutEffect(() => {
    current.current = directory;
  }, [directory]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useLayoutEffect(() => {
    resetDirectoryGrid(current.current);
  }, [directory.id]);
  const attrKey = directory.attributes.map((a) => `${a.key}:${a.type}`).join(',');
  useLayoutEffect(() => {
    const cols = useDirectoryGrid.getState().columns;
    const next = columnsFor(current.current).map((c) => cols.find((x) => x.id === c.id) ?? c);
    useDirectoryGrid.setState({ columns: next });
  }, [attrKey]);

  const rows = useMemo(
    () => directoryRows(directory.values, collapsed, canEdit),
    [directory.values, collapsed, canEdit],
  );
  const cells = useMemo(() => directoryCells(directory, t, canEdit), [directory, t, canEdit]);
  const types = useMemo(
    () => new Map<string, AttributeType>(directory.attributes.map((a) => [a.key, a.type])),
    [directory.attributes],
  );

  const toastOf = (kind: 'error' | 'warning' | 'success', title: string): void => {
    useToasts.getState().push({ kind, title, lines: [], durationMs: 5000 });
  };
  const refuse = (row: number, field: string, reason: string): void =>
    toastOf(
      'error',
      t('cell_refused', {
        row: row + 1,
        column: columnName(current.current, t, field),
        reason: t(`refusal.${reason}`),
      }),
    );

  /** Runs writes one after another, in the order asked. */
  const run = (op: () => Promise<void>) => {
    const p = queue.current.then(op, op).catch(() => undefined);
    queue.current = p;
    return p;
  };
  const fresh = async () => {
    const d = await load();
    current.current = d;
    return d;
  };
  const store = (changes: readonly CellChange[], step: Parameters<typeof saveCells>[4]) =>
    saveCells(
      dirRef,
      current.current,
      changes,
      { t, toast: (text) => toastOf('success', text), reload: async () => void (await fresh()) },
      step,
    );
  /** The directory's values as shown now (the rows without the blank line). */
  const shownIds = () =>
    flattenValues(current.current.values, useDirectoryGrid.getState().collapsed).map((f) => f.value.id);
  const read = (id: string, field: string) => {
    const v = current.current.values.find((x) => x.id === id);
    return v ? cellText(v, field) : '';
  };
  const rowOfId = (id: string) => shownIds().indexOf(id);

  const createValue = async (body: dirApi.ValueInput) => (await dirApi.createValue(dirRef, body)).id;

  const newCodes = (start: number) => (i: number) => `${t('new_code')} ${start + i}`;
  const freeCode = () => {
    const taken = new Set(current.current.values.map((v) => v.code));
    let n = current.current.values.length + 1;
    while (taken.has(`${t('new_code')} ${n}`)) n++;
    return `${t('new_code')} ${n}`;
  };
  const attributesOf = (cells: Readonly<Record<string, string>>) => {
    const out: Record<string, string | number | null> = {};
    for (const [k, text] of Object.entries(cells)) out[k] = attributeValue(text, types.get(k));
    return out;
  };
  const rootOrder = () => nextOrder(current.current.values.filter((v) => v.parent_id === null));

  const commit = (view: (typeof rows)[number], field: string, text: string, down: boolean) =>
    void run(async () => {
      const v = view.value;
      if (!v) {
        if (text.trim() === '') return;
        const why = refusal(field, text, types);
        if (why) return refuse(view.index, field, why);
        const code = field === 'code' ? text.trim() : freeCode();
        if (field === 'code' && current.current.values.some((x) => x.code === code))
          return refuse(view.index, field, 'taken_code');
        const body = {
          parent_id: null,
          code,
          name: field === 'name' ? text.trim() : code,
          sort_order: rootOrder(),
          attribute_values: field.startsWith('attr:') ? attributesOf({ [field.slice(5)]: text }) : {},
        };
        const id = await createValue(body);
        await fresh();
        const row = rowOfId(id);
        if (row >= 0) focusRow(down ? row + 1 : row);
        return;
      }
      const before = cellText(v, field);
      if (before === text) return;
      const why = refusal(field, text, types);
      if (why) return refuse(view.index, field, why);
      if (field === 'code' && current.current.values.some((x) => x.id !== v.id && x.code === text.trim()))
        return refuse(view.index, field, 'taken_code');
      await store([{ id: v.id, field, before, after: field === 'code' ? text.trim() : text }], {
        label: 'edit',
      });
    });

  const paste = (matrix: string[][], range: Range, fields: readonly string[]) =>
    void run(async () => {
      const d = current.current;
      const plan = planGridPaste({
        ids: shownIds(),
        fields,
        range,
        matrix,
        read,
        types,
        writable: (f) => f !== LINKED,
        codes: new Set(d.values.map((v) => v.code)),
        newCode: newCodes(d.values.length + 1),
      });
      if (!plan.ok) return refuse(plan.row, plan.field, plan.reason);
      if (plan.outside > 0) toastOf('warning', t('paste_outside', { count: plan.outside }));
      if (plan.changes.length === 0 && plan.creates.length === 0) return;
      // The changes and the new values in one call: one step of the history.
      let order = rootOrder();
      const creates = plan.creates.map((c) => ({
        parent_id: null,
        code: c.code,
        name: c.name,
        sort_order: order++,
        attribute_values: attributesOf(c.attributes),
      }));
      const { created } = await store(plan.changes, { label: 'paste', creates });
      if (created.length > 0) toastOf('success', t('paste_added', { count: created.length }));
    });

  const cellsStep = (changes: CellChange[], label: 'fill' | 'clear') =>
    void run(async () => {
      if (changes.length > 0) await store(changes, { label });
    });
  const valueRange = (range: Range): Range => ({
    ...range,
    r1: Math.min(range.r1, shownIds().length - 1),
  });
  const fill = (range: Range, fields: readonly string[]) =>
    cellsStep(
      fillDown(shownIds(), fields, valueRange(range), read).filter(
        (c) => c.field !== LINKED && refusal(c.field, c.after, types) === null,
      ),
      'fill',
    );
  const clear = (range: Range, fields: readonly string[]) => {
    const r = valueRange(range);
    const ids = shownIds().slice(r.r0, r.r1 + 1);
    const changes: CellChange[] = [];
    for (const f of fields.slice(r.c0, r.c1 + 1))
      if (f.startsWith('attr:'))
        for (const id of ids) {
          const before = read(id, f);
          if (before !== '') changes.push({ id, field: f, before, after: '' });
        }
    cellsStep(changes, 'clear');
  };

  const add = (after: DirectoryValue | null, asChild: boolean) =>
    void run(async () => {
      const d = current.current;
      const parent_id = asChild && after ? after.id : (after?.parent_id ?? null);
      const siblings = d.values.filter((v) => v.parent_id === parent_id);
      const code = freeCode();
      // After the focused sibling: halfway to the next one (orders are fractional).
      const next = siblings.filter((s) => after && !asChild && s.sort_order > after.sort_order);
      const sort_order =
        after && !asChild
          ? next.length
            ? (after.sort_order + Math.min(...next.map((s) => s.sort_order))) / 2
            : after.sort_order + 1
          : nextOrder(siblings);
      const body = { parent_id, code, name: code, sort_order, attribute_values: {} };
      const id = await createValue(body);
      if (asChild && after) directoryGridHost.setExpanded(after.id, true);
      await fresh();
      const row = rowOfId(id);
      if (row >= 0) focusRow(row);
    });

  const remove = (v: DirectoryValue) =>
    void run(async () => {
      const d = current.current;
      const ids = new Set(subtreeIds(d.values, v.id));
      const gone = d.values.filter((x) => ids.has(x.id));
      const linked = gone.reduce((s, x) => s + x.linked_rows, 0);
      const { confirmed } = await confirm({
        title: t('delete_value'),
        message: t('delete_value_message', { code: v.code, name: v.name, below: ids.size - 1, linked }),
        submitLabel: t('delete'),
        danger: true,
        confirmWithEnter: true,
      });
      if (!confirmed) return;
      await dirApi.deleteValue(dirRef, v.id);
      await fresh();
      const last = Math.max(0, shownIds().length - 1);
      const focus = useDirectoryGrid.getState().selection.focus;
      if (focus.row > last) focusRow(last);
    });

  const move = async (id: string, to: { parent_id: string | null; sort_order: number }) => {
    const v = current.current.values.find((x) => x.id === id);
    if (!v) return;
    await dirApi.updateValue(dirRef, id, { ...to, code: v.code, name: v.name });
  };
  const indent = (v: DirectoryValue, out: boolean) =>
    void run(async () => {
      const to = out
        ? outdentTarget(current.current.values, v.id)
        : indentTarget(current.current.values, v.id);
      if (!to) return;
      if (to.parent_id) directoryGridHost.setExpanded(to.parent_id, true);
      await move(v.id, to);
      await fresh();
      const row = rowOfId(v.id);
      if (row >= 0) focusRow(row);
    });

  /**
   * Undo or redo on the server: the caller's own last step of this directory, kept there (after a
   * reload too). A step another member's edit overtook is refused with a toast and leaves the
   * history; either way the directory is read again and the focus goes to the first value touched.
   */
  const runHistory = (which: 'undo' | 'redo') =>
    void run(async () => {
      let ids: string[] = [];
      try {
        ids = (await dirApi.history(dirRef, which)).ids;
      } catch {
        // The call's toast said why (nothing to undo, or the values changed since).
      }
      await fresh();
      const row = ids.map(rowOfId).find((r) => r >= 0) ?? -1;
      if (row >= 0) focusRow(row);
      else {
        const last = Math.max(0, shownIds().length - 1);
        if (useDirectoryGrid.getState().selection.focus.row > last + 1) focusRow(last);
      }
    });

  const showLevels = (n: number | null) => {
    const values = current.current.values;
    const next = foldToLevel(values, n);
    // The focus goes up to the value still shown above it.
    const focusedId = rows[useDirectoryGrid.getState().selection.focus.row]?.row.id ?? null;
    const visible = flattenValues(values, next).map((r) => r.value.id);
    const byId = new Map(values.map((x) => [x.id, x]));
    let id: string | null = focusedId === BLANK_ID ? null : focusedId;
    while (id !== null && !visible.includes(id)) id = byId.get(id)?.parent_id ?? null;
    useDirectoryGrid.setState({ collapsed: next });
    if (id !== null) focusRow(visible.indexOf(id));
  };
  const foldAll = (v: DirectoryValue, open: boolean) =>
    useDirectoryGrid.setState({
      collapsed: foldSubtree(current.current.values, useDirectoryGrid.getState().collapsed, v.id, open),
    });

  // The grid's keys and clipboard act on the page's latest render.
  useLayoutEffect(() => {
    setDirectoryGridPage({
      rows,
      values: directory.values,
      canEdit,
      commit,
      paste,
      fill,
      clear,
      add,
      remove,
      indent,
      history: runHistory,
      levels: showLevels,
      foldAll,
    });
  });
  useEffect(() => () => setDirectoryGridPage(null), []);

  // What Undo and Redo would take back: asked again whenever the directory is read again (every
  // write, undo and redo ends with that read).
  const [history, setHistory] = useState<DirectoryUndoState | null>(null);
  useEffect(() => {
    if (!canEdit) return;
    let live = true;
    dirApi.undoState(dirRef).then(
      (h) => live && setHistory(h),
      () => live && setHistory(null),
    );
    return () => {
      live = false;
    };
  }, [directory, dirRef, canEdit]);
  const historyTitle = (which: 'undo' | 'redo') => {
    const label = which === 'undo' ? history?.undo_label : history?.redo_label;
    return label ? t(`history.${which}_what`, { what: t(`history.labels.${label}`) }) : t('history.none');
  };

  const levels = useMemo(() => treeLevels(directory.values), [directory.values]);
  return (
    <>
      <div className="dir-bar">
        {canEdit ? (
          <div className="dir-levels" role="group" aria-label={t('history.group')}>
            {(['undo', 'redo'] as const).map((which) => (
              <button
                key={which}
                type="button"
                className="btn btn--sm btn--ghost"
                disabled={!(which === 'undo' ? history?.can_undo : history?.can_redo)}
                title={historyTitle(which)}
                onClick={() => {
                  runHistory(which);
                  focusGrid();
                }}
              >
                {which === 'undo' ? (
                  <Undo2 size={14} aria-hidden="true" />
                ) : (
                  <Redo2 size={14} aria-hidden="true" />
                )}
                {t(`history.${which}`)}
              </button>
            ))}
          </div>
        ) : null}
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
                  focusGrid();
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
                focusGrid();
              }}
            >
              {t('levels_all')}
            </button>
          </div>
        ) : null}
      </div>
      <div className="dir-grid">
        <DirectoryRowsContext.Provider value={rows}>
          <Grid
            host={directoryGridHost}
            cells={cells}
            t={t}
            label={directory.name}
            columnName={(id) => columnName(directory, t, id)}
          />
        </DirectoryRowsContext.Provider>
      </div>
    </>
  );
}
