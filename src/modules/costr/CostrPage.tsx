// The Estimates screen (/{space_id}/costr; issue 28, docs/costr.md): the space's estimates and
// dictionaries, an estimate's tree on the workbench's grid (src/grid/Grid.tsx through the host in
// costr-grid.ts: keyboard editing, fill down, matrix paste from Excel with per-cell errors, the
// rest kept), a dictionary search that inserts positions, coefficients, the computed totals (pdc),
// compliance violations linked to their cells, links to WBS rows and update-costs. Every change
// is a server call; undo and redo are the server's.
import { Calculator, Settings } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { api } from '../../api';
import type {
  Coefficient,
  CostNode,
  CostrSettings,
  Estimate,
  EstimateDoc,
  Pdc,
  Violation,
} from '../../api/costr';
import { nodesToColumns, settingsFromApi } from '../../api/costr';
import { randomId } from '../../state/random-id';
import i18next from 'i18next';
import type { EpsTree } from '../../api/structure';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import { MEASURES, NODE_FIELDS, type NodeField } from '../../domain/costr';
import { Grid } from '../../grid/Grid';
import { issueKey, type CellIssue } from '../../state/workbench/types';
import { useToasts } from '../../state/toasts';
import {
  BLANK_ID,
  COSTR_COLUMNS,
  CostrRowsContext,
  costrCells,
  costrCellText,
  costrColumns,
  costrGridHost,
  costrRows,
  resetCostrGrid,
  setCostrGridPage,
  useCostrGrid,
  type CostrCellData,
  type CostrCol,
  type CostrRowView,
} from './costr-grid';
import { DictionarySearch } from './DictionarySearch';
import { SettingsDialog } from './SettingsDialog';
import { applyLocalEdit, localPdc } from './local-edit';
import { useCostrT } from './i18n';
import {
  DEFAULT_SETTINGS,
  checkField,
  emptyNode,
  flattenTree,
  fromApi,
  keysBetweenSafe,
  pasteMatrix,
  toApi,
} from './model';
import '../schedule/workbench.css';
import './costr.css';

const FIELDS = new Set<string>(NODE_FIELDS);
const isField = (c: CostrCol): c is NodeField => FIELDS.has(c);
const MEASURE_CODES = MEASURES.map((m) => m.code);
const focusGrid = () => document.querySelector<HTMLElement>('.costr .wb-grid')?.focus();

export function CostrPage() {
  const { t } = useCostrT();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const canEdit = config?.can.edit ?? false;
  const push = useToasts((s) => s.push);
  const [list, setList] = useState<(Estimate & { positions: number })[] | null>(null);
  const [tree, setTree] = useState<EpsTree | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [doc, setDoc] = useState<EstimateDoc | null>(null);
  const [pdc, setPdc] = useState<Pdc | null>(null);
  const [violations, setViolations] = useState<Violation[]>([]);
  const [rows, setRows] = useState<{ id: string; code: string }[]>([]);
  const [costs, setCosts] = useState<{
    rows: { stale: boolean }[];
    curve: { day: number; cost: number }[];
  } | null>(null);
  const focus = useCostrGrid((s) => s.selection.focus);
  const collapsed = useCostrGrid((s) => s.collapsed);
  const issues = useCostrGrid((s) => s.issues);
  const [coefs, setCoefs] = useState<Coefficient[]>([]);
  /** The space's cost settings (their rules check pastes and typed cells) and the form's state. */
  const [settings, setSettings] = useState<CostrSettings | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const rules = useMemo(
    () => (settings ? settingsFromApi(settings).rules : DEFAULT_SETTINGS.rules),
    [settings],
  );
  const [form, setForm] = useState({
    name: '',
    kind: 'estimate' as 'estimate' | 'dictionary',
    version: '',
    defaults: true,
  });

  const say = useCallback(
    (kind: 'success' | 'error', text: string, title = t('title')) =>
      push({ kind, title, lines: [text], durationMs: 5000 }),
    [push, t],
  );

  const loadList = useCallback(() => call(api.costr.list, { query: {} }).then(setList), []);
  useEffect(() => {
    loadList().catch(() => setList([]));
    void call(api.costr.settings, {}).then(setSettings, () => undefined);
    void call(api.eps.tree, { params: { space_id: spaceId } }).then(setTree, () => undefined);
  }, [loadList, spaceId]);

  /**
   * Edits go to the server one after another, each on the revision the previous answer gave, so
   * the next can be typed or pasted while one is stored; the estimate is read back once none is
   * left (reading it between them would take back what is shown and not yet stored).
   */
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  /** No edit is being stored or read back: the next one may leave at once. */
  const idle = useRef(true);
  const revision = useRef(0);

  const reload = useCallback(async (id: string, v?: Violation[]) => {
    const [d, p] = await Promise.all([
      call(api.costr.get, { params: { id } }),
      call(api.costr.pdc, { params: { id } }),
    ]);
    revision.current = d.revision;
    setDoc(d);
    setPdc(p);
    setCoefs(d.coefficients);
    setViolations(v ?? (await call(api.costr.compliance, { params: { id } })));
    if (d.version_id) {
      const [c, costsNow] = await Promise.all([
        call(api.versions.content, { params: { id: d.version_id } }),
        call(api.costr.versionCosts, { params: { id: d.version_id } }),
      ]);
      setRows(c.items.map((i) => ({ id: i.id, code: i.code ?? '' })));
      setCosts(costsNow);
    } else {
      setRows([]);
      setCosts(null);
    }
  }, []);
  useEffect(() => {
    // reload sets state only once its reads are answered (the lint sees the call, not the awaits).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (current) void reload(current);
  }, [current, reload]);
  /** Another estimate: its grid starts at its first cell, without the last one's marks. */
  const open = (id: string) => {
    // after the edits still being stored (they are sent on this estimate's revision)
    void queue.current.then(() => {
      resetCostrGrid();
      setCurrent(id);
    });
  };

  const nodes = useMemo(() => (doc ? doc.nodes.map(fromApi) : []), [doc]);
  const parents = useMemo(() => new Set(nodes.map((n) => n.parentId).filter((p) => p !== null)), [nodes]);
  const flat = useMemo(() => flattenTree(nodes, collapsed), [nodes, collapsed]);
  const gridRows = useMemo(
    () => costrRows(flat, parents, collapsed, canEdit),
    [flat, parents, collapsed, canEdit],
  );
  const totals = useMemo(() => new Map((pdc?.positions ?? []).map((p) => [p.id, p.final.total])), [pdc]);
  const sectionTotals = useMemo(() => new Map((pdc?.sections ?? []).map((s) => [s.id, s.total])), [pdc]);
  const codeOfRow = useMemo(() => new Map(rows.map((r) => [r.id, r.code])), [rows]);
  const rowOfCode = useMemo(() => new Map(rows.map((r) => [r.code.trim().toLowerCase(), r.id])), [rows]);
  const violated = useMemo(() => new Set(violations.map((v) => `${v.node_id}:${v.field}`)), [violations]);
  const cellData = useMemo<CostrCellData>(
    () => ({
      total: (n) => (n.kind === 'section' ? sectionTotals.get(n.id) : totals.get(n.id)) ?? '',
      wbsCode: (n) => (n.wbsItemId ? (codeOfRow.get(n.wbsItemId) ?? '?') : ''),
      violated,
    }),
    [totals, sectionTotals, codeOfRow, violated],
  );
  const cells = useMemo(() => costrCells(cellData, t, MEASURE_CODES, canEdit), [cellData, t, canEdit]);
  const columnName = useCallback((c: string) => t(`cols.${c}`), [t]);
  const versions = useMemo(() => {
    if (!tree) return [];
    const names = new Map(tree.nodes.map((n) => [n.id, n.name]));
    return tree.versions.map((v) => ({ id: v.id, label: `${names.get(v.schedule_id) ?? ''} — ${v.label}` }));
  }, [tree]);

  const send = useCallback(
    (upserts: CostNode[], deletes: string[] = [], label = 'edit') => {
      if (!doc) return;
      const id = doc.id;
      const store = async () => {
        let answer: Violation[] | undefined;
        try {
          const r = await call(api.costr.edit, {
            params: { id },
            // a big edit as columns: less JSON to write, send and check than one object per node
            body:
              upserts.length > 1
                ? {
                    revision: revision.current,
                    label,
                    upserts: [],
                    upsert_columns: nodesToColumns(upserts),
                    deletes,
                  }
                : { revision: revision.current, label, upserts, deletes },
          });
          revision.current = r.revision;
          answer = r.violations;
        } catch {
          answer = undefined; // refused: the read below takes the edit back (the client said why)
        }
        if (--pending.current === 0) await reload(id, answer).catch(() => undefined);
      };
      // With nothing queued the request leaves now, before the edit is drawn (a 10,000-row paste
      // is on its way while the grid renders it); otherwise it waits for the revision the edit
      // before it is answered with.
      pending.current++;
      const tail = idle.current ? store() : queue.current.then(store);
      idle.current = false;
      queue.current = tail;
      void tail.finally(() => {
        if (queue.current === tail) idle.current = true;
      });
      // On screen at once, with its totals; the server's answer follows.
      const shown = applyLocalEdit(doc.nodes, upserts, deletes);
      setDoc({ ...doc, nodes: shown });
      const p = localPdc(shown, coefs, settings);
      if (p) setPdc(p);
    },
    [doc, coefs, settings, reload],
  );

  const newKeysAfter = (parent: string | null, n: number) => {
    const last =
      nodes
        .filter((x) => x.parentId === parent)
        .map((x) => x.orderKey)
        .sort()
        .pop() ?? null;
    return keysBetweenSafe(last, n);
  };
  /** Where new rows go: under the selected row's section (or the selected section). */
  const parentForNew = () => {
    const sel = flat[focus.row]?.node;
    if (!sel) return nodes.filter((n) => n.kind === 'section').pop()?.id ?? null;
    return sel.kind === 'section' ? sel.id : sel.parentId;
  };

  const add = (kind: 'section' | 'position') => {
    const parent = kind === 'section' ? null : parentForNew();
    const [key] = newKeysAfter(parent, 1);
    const n = emptyApiNode(randomId(), parent, key!, kind);
    send([n], [], kind);
  };

  /** A dictionary position inserted as a position of this estimate, linked to it. */
  const insertFound = (f: CostNode) => {
    const parent = parentForNew();
    const [key] = newKeysAfter(parent, 1);
    const n: CostNode = {
      ...emptyApiNode(randomId(), parent, key!, 'position'),
      code: f.code,
      name: f.name,
      measure: f.measure,
      labour_price: f.labour_price,
      machines_price: f.machines_price,
      materials_price: f.materials_price,
      labour_hours: f.labour_hours,
      dictionary_id: f.id,
    };
    send([n], [], 'insert');
  };

  /**
   * Marks the cells written anew: the old marks of the cells `written` names go, `added` come.
   * Walks the marks there are, not the cells written: a 10,000 × 12 paste writes 120,000 cells and
   * usually clears none.
   */
  const mark = (written: (id: string, column: string) => boolean, added: readonly CellIssue[]) => {
    const issues = useCostrGrid.getState().issues;
    const cleared = [...issues].filter(([, i]) => written(i.id, i.column));
    if (added.length === 0 && cleared.length === 0) return;
    const next = new Map(issues);
    for (const [k] of cleared) next.delete(k);
    for (const i of added) next.set(issueKey(i.id, i.column), i);
    useCostrGrid.setState({ issues: next });
  };

  /**
   * A matrix written at `at` over the grid's `columns` (a typed cell, a paste, a fill, a clear):
   * node fields through the domain's paste (per-cell checks, new positions past the last row), the
   * WBS column by row code; one edit call (one server undo step); refused cells marked.
   */
  const write = (
    matrix: string[][],
    at: { row: number; col: number },
    columns: readonly CostrCol[],
    label: 'paste' | 'fill' | 'clear' | 'edit',
  ) => {
    if (!doc) return;
    const existing = flat.map((f) => f.node);
    const parent = parentForNew();
    const fresh: string[] = [];
    const r = pasteMatrix({
      rows: existing,
      columns: columns.map((c) => (isField(c) ? c : null)),
      startRow: at.row,
      startCol: at.col,
      matrix,
      rules,
      newId: () => {
        const id = randomId();
        fresh.push(id);
        return id;
      },
      newParentId: parent,
      newKeys: (n) => newKeysAfter(parent, n),
    });
    const idOf = (row: number) => (row < existing.length ? existing[row]!.id : fresh[row - existing.length]!);
    const added: CellIssue[] = r.errors.map((e) => ({
      id: idOf(e.row),
      column: e.field,
      messageKey: `err.${e.code}`,
      value: e.text,
    }));
    const byId = new Map(r.upserts.map((n) => [n.id, n]));
    /** Each written row's id → how many cells of its line were written from `at.col`. */
    const lineOf = new Map<string, number>();
    const wbsAt = columns.indexOf('wbs') - at.col;
    matrix.forEach((line, i) => {
      const row = at.row + i;
      const id = idOf(row);
      lineOf.set(id, line.length);
      if (wbsAt < 0 || wbsAt >= line.length) return;
      const text = line[wbsAt]!;
      const node = byId.get(id) ?? existing[row];
      if (!node || node.kind === 'section') return;
      const code = text.trim().toLowerCase();
      const wbs = code ? rowOfCode.get(code) : null;
      if (wbs === undefined) {
        added.push({ id, column: 'wbs', messageKey: 'err.unknown_row', value: text });
        return;
      }
      if (node.wbsItemId !== wbs) byId.set(id, { ...node, wbsItemId: wbs });
    });
    mark((id, column) => {
      const j = columns.indexOf(column as CostrCol) - at.col;
      return j >= 0 && j < (lineOf.get(id) ?? 0) && column !== 'total';
    }, added);
    if (label === 'paste' && added.length) say('error', t('paste.errors', { count: added.length }));
    if (byId.size) send([...byId.values()].map(toApi), [], label);
  };

  /** A typed cell: on the blank line a refused text adds nothing (the mark stays on the line). */
  const commit = (view: CostrRowView, col: CostrCol, text: string) => {
    if (col === 'total') return;
    const at = { row: view.index, col: costrColumns().indexOf(col) };
    if (!view.node) {
      if (text.trim() === '') return;
      const bad = isField(col) ? checkField(col, text, rules) : null;
      const unknown = col === 'wbs' && !rowOfCode.has(text.trim().toLowerCase());
      if ((bad && !bad.ok) || unknown) {
        const messageKey = bad && !bad.ok ? `err.${bad.code}` : 'err.unknown_row';
        mark(() => false, [{ id: BLANK_ID, column: col, messageKey, value: text }]);
        return;
      }
      mark((id, column) => id === BLANK_ID && column === col, []);
    }
    write([[text]], at, costrColumns(), 'edit');
  };

  const undoRedo = async (which: 'undo' | 'redo') => {
    if (!doc) return;
    await queue.current; // undo takes back the last stored edit: the queued ones first
    try {
      const r = await call(which === 'undo' ? api.costr.undo : api.costr.redo, { params: { id: doc.id } });
      await reload(doc.id, r.violations);
    } catch {
      /* the error toast is shown by the client */
    }
  };

  /** The toolbar's Delete: the rows of the selected range (a section takes its contents). */
  const remove = () => {
    const { anchor, focus: f } = useCostrGrid.getState().selection;
    const picked = flat.slice(Math.min(anchor.row, f.row), Math.max(anchor.row, f.row) + 1);
    if (picked.length)
      send(
        [],
        picked.map((x) => x.node.id),
        'delete',
      );
  };

  const linkByCode = async () => {
    if (!doc) return;
    await queue.current;
    const r = await call(api.costr.linkByCode, {
      params: { id: doc.id },
      body: { revision: revision.current },
    });
    say('success', t('toast.linked', { count: r.linked }));
    await reload(doc.id, r.violations);
  };

  const updateCosts = async () => {
    if (!doc?.version_id) return;
    try {
      const r = await call(api.costr.updateCosts, {
        params: { id: doc.version_id },
        body: { estimate_id: doc.id },
      });
      say('success', t('toast.costs_ok', { rows: r.rows, cost: r.cost, labour: r.labour }));
    } catch {
      say('error', t('toast.costs_failed'));
    }
    await reload(doc.id);
  };

  const saveCoefs = async () => {
    if (!doc) return;
    try {
      await queue.current;
      const r = await call(api.costr.coefficients, {
        params: { id: doc.id },
        body: { revision: revision.current, coefficients: coefs },
      });
      await reload(doc.id, r.violations);
    } catch {
      /* shown by the client's error toast */
    }
  };

  const exportAs = async (format: 'json' | 'csv' | 'xlsx') => {
    if (!doc) return;
    const blob = await call(api.costr.export, { params: { id: doc.id }, query: { format } });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${doc.name}.${format}`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  const importFile = async (file: File) => {
    if (!doc) return;
    const f = new FormData();
    f.append('file', file);
    const r = await call(api.costr.import, { params: { id: doc.id }, query: {}, body: f });
    say(
      r.errors.length ? 'error' : 'success',
      [
        t('toast.imported', { count: r.added }),
        ...r.errors.slice(0, 5).map((e) => `${e.row}: ${e.message}`),
      ].join('\n'),
    );
    await reload(doc.id, r.violations);
  };

  const createEstimate = async () => {
    if (!form.name.trim()) return;
    const e = await call(api.costr.create, {
      body: {
        name: form.name.trim(),
        kind: form.kind,
        version_id: form.version || null,
        default_coefficients: form.defaults,
      },
    });
    setForm({ ...form, name: '' });
    await loadList();
    open(e.id);
  };

  const violationText = (v: Violation) =>
    t(`rules.${v.rule}`, {
      ...v.params,
      field: COSTR_COLUMNS.some((c) => c.id === v.field) ? t(`cols.${v.field}`) : v.field,
    });
  const rowOfNode = (id: string) => flat.findIndex((f) => f.node.id === id);
  const selected = flat[focus.row]?.node;
  /** Selects a cell of the grid and gives the grid the keys (a violation's or an error's link). */
  const goTo = (id: string, column: string) => {
    let r = id === BLANK_ID ? flat.length : rowOfNode(id);
    if (r < 0) {
      // Inside a folded section: open its ancestors first.
      const byId = new Map(nodes.map((n) => [n.id, n]));
      const open = new Set(collapsed);
      for (let p = byId.get(id)?.parentId ?? null; p; p = byId.get(p)?.parentId ?? null) open.delete(p);
      useCostrGrid.setState({ collapsed: open });
      r = flattenTree(nodes, open).findIndex((f) => f.node.id === id);
      if (r < 0) return;
    }
    const c = Math.max(0, costrColumns().indexOf(column as CostrCol));
    useCostrGrid.setState({
      selection: { anchor: { row: r, col: c }, focus: { row: r, col: c } },
      editing: null,
    });
    focusGrid();
  };
  const issueList = useMemo(() => {
    const order = new Map(gridRows.map((v) => [v.row.id, v.index]));
    return [...issues.values()]
      .map((i) => ({ issue: i, row: order.get(i.id) ?? -1 }))
      .filter((x) => x.row >= 0)
      .sort((a, b) => a.row - b.row);
  }, [issues, gridRows]);

  // The grid's keys and clipboard act on the page's latest render (rows, writes).
  useLayoutEffect(() => {
    setCostrGridPage({
      rows: gridRows,
      canEdit: canEdit && doc !== null,
      text: (view, col) => costrCellText(view.node, col, cellData),
      commit,
      write,
      add: () => add('position'),
      undo: () => void undoRedo('undo'),
      redo: () => void undoRedo('redo'),
    });
  });
  useEffect(() => () => setCostrGridPage(null), []);
  const steps = selected && pdc ? pdc.positions.find((p) => p.id === selected.id)?.steps : undefined;
  const coefName = (id: string | null) =>
    id ? (coefs.find((c) => c.id === id)?.name ?? id) : t('totals.base');

  if (!list) return <Loading />;
  return (
    <div className="costr">
      <aside className="costr__list">
        <div className="costr__list-head">
          <h2>{t('title')}</h2>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!settings || !canEdit}
            onClick={() => setSettingsOpen(true)}
          >
            <Settings size={14} aria-hidden /> {t('settings.open')}
          </button>
        </div>
        {settingsOpen && settings ? (
          <SettingsDialog
            initial={settings}
            onClose={() => setSettingsOpen(false)}
            onSaved={(s) => {
              setSettings(s);
              setSettingsOpen(false);
              say('success', t('settings.saved'));
            }}
          />
        ) : null}
        {(['estimate', 'dictionary'] as const).map((k) => (
          <section key={k}>
            <h3>{k === 'estimate' ? t('estimates') : t('dictionaries')}</h3>
            <ul>
              {list
                .filter((e) => e.kind === k)
                .map((e) => (
                  <li key={e.id}>
                    <button
                      type="button"
                      className={e.id === current ? 'is-current' : ''}
                      onClick={() => open(e.id)}
                    >
                      <span>{e.name}</span>
                      <small>
                        {t('positions', {
                          // The open estimate counts what its grid holds now (the list was read before).
                          count:
                            e.id === current && doc?.id === e.id
                              ? doc.nodes.filter((n) => n.kind === 'position').length
                              : e.positions,
                        })}
                      </small>
                    </button>
                  </li>
                ))}
            </ul>
          </section>
        ))}
        <form
          className="costr__create"
          onSubmit={(e) => {
            e.preventDefault();
            void createEstimate();
          }}
        >
          <input
            aria-label={t('new_name')}
            placeholder={t('new_name')}
            value={form.name}
            maxLength={100}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          <select
            aria-label={t('kind.estimate')}
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as 'estimate' })}
          >
            <option value="estimate">{t('kind.estimate')}</option>
            <option value="dictionary">{t('kind.dictionary')}</option>
          </select>
          <select
            aria-label={t('version')}
            value={form.version}
            onChange={(e) => setForm({ ...form, version: e.target.value })}
          >
            <option value="">{t('no_version')}</option>
            {versions.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </select>
          <label>
            <input
              type="checkbox"
              checked={form.defaults}
              onChange={(e) => setForm({ ...form, defaults: e.target.checked })}
            />{' '}
            {t('defaults')}
          </label>
          <button type="submit" className="btn btn--primary">
            {t('create')}
          </button>
        </form>
      </aside>
      <main className="costr__main">
        {!doc ? (
          <EmptyState icon={Calculator} title={list.length ? t('choose') : t('empty')} />
        ) : (
          <>
            <div className="costr__toolbar" role="toolbar">
              <strong>{doc.name}</strong>
              <button
                type="button"
                className="btn"
                disabled={!doc.can_undo}
                onClick={() => void undoRedo('undo')}
              >
                {t('tb.undo')}
              </button>
              <button
                type="button"
                className="btn"
                disabled={!doc.can_redo}
                onClick={() => void undoRedo('redo')}
              >
                {t('tb.redo')}
              </button>
              <button type="button" className="btn" onClick={() => add('section')}>
                {t('tb.section')}
              </button>
              <button type="button" className="btn" onClick={() => add('position')}>
                {t('tb.position')}
              </button>
              <button type="button" className="btn" disabled={!selected} onClick={remove}>
                {t('tb.delete')}
              </button>
              <button
                type="button"
                className="btn"
                disabled={!doc.version_id}
                onClick={() => void linkByCode()}
              >
                {t('tb.link')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={!doc.version_id}
                onClick={() => void updateCosts()}
              >
                {t('tb.update')}
              </button>
              <button type="button" className="btn" onClick={() => void reload(doc.id)}>
                {t('tb.check')}
              </button>
              <select
                aria-label={t('tb.export')}
                value=""
                onChange={(e) => e.target.value && void exportAs(e.target.value as 'json')}
              >
                <option value="">{t('tb.export')}</option>
                <option value="xlsx">XLSX</option>
                <option value="csv">CSV</option>
                <option value="json">JSON</option>
              </select>
              <label className="btn">
                {t('tb.import')}
                <input
                  type="file"
                  hidden
                  accept=".json,.csv,.xlsx"
                  onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])}
                />
              </label>
            </div>
            <p className="costr__keys">{t('keys')}</p>
            <div className="costr__grid">
              <CostrRowsContext.Provider value={gridRows}>
                <Grid host={costrGridHost} cells={cells} t={t} label={doc.name} columnName={columnName} />
              </CostrRowsContext.Provider>
            </div>
            {issueList.length > 0 && (
              <ul className="costr__errors" aria-label={t('paste.title')}>
                {issueList.slice(0, 20).map(({ issue, row }) => (
                  <li key={issueKey(issue.id, issue.column)}>
                    <button type="button" onClick={() => goTo(issue.id, issue.column)}>
                      {t('paste.cell', {
                        row: row + 1,
                        field: t(`cols.${issue.column}`),
                        message: cells.issueText(issue),
                      })}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </main>
      {doc && pdc && (
        <aside className="costr__side">
          {doc.kind === 'estimate' && <DictionarySearch disabled={!canEdit} onInsert={insertFound} />}
          <section aria-label={t('totals.title')}>
            <h3>{t('totals.title')}</h3>
            <dl className="costr__totals">
              {(['labour', 'machines', 'materials', 'total', 'hours'] as const).map((k) => (
                <div key={k}>
                  <dt>{t(`totals.${k}`)}</dt>
                  <dd data-total={k}>
                    {pdc.total[k]} {k === 'hours' ? '' : pdc.currency}
                  </dd>
                </div>
              ))}
            </dl>
            {steps && (
              <table className="costr__steps">
                <caption>{t('totals.steps')}</caption>
                <tbody>
                  {steps.map((s, i) => (
                    <tr key={i}>
                      <th>{coefName(s.coefficient_id)}</th>
                      <td>{s.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-label={t('coefs.title')}>
            <h3>{t('coefs.title')}</h3>
            {coefs.map((c, i) => (
              <div key={c.id} className="costr__coef">
                <input
                  aria-label={t('coefs.name')}
                  value={c.name}
                  onChange={(e) =>
                    setCoefs(coefs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
                  }
                />
                <input
                  aria-label={t('coefs.value')}
                  className="is-num"
                  value={c.value}
                  onChange={(e) =>
                    setCoefs(coefs.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))
                  }
                />
                <select
                  aria-label={t('coefs.kind')}
                  value={c.kind}
                  onChange={(e) =>
                    setCoefs(
                      coefs.map((x, j) =>
                        j === i ? { ...x, kind: e.target.value as Coefficient['kind'] } : x,
                      ),
                    )
                  }
                >
                  {DEFAULT_SETTINGS.coefficientOrder.map((k) => (
                    <option key={k} value={k}>
                      {t(`coefs.kinds.${k}`)}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={t('coefs.target')}
                  value={c.target}
                  onChange={(e) =>
                    setCoefs(
                      coefs.map((x, j) =>
                        j === i ? { ...x, target: e.target.value as Coefficient['target'] } : x,
                      ),
                    )
                  }
                >
                  {(['labour', 'machines', 'materials', 'total'] as const).map((k) => (
                    <option key={k} value={k}>
                      {t(`coefs.targets.${k}`)}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={t('coefs.scope')}
                  value={c.scope}
                  onChange={(e) => {
                    const scope = e.target.value as Coefficient['scope'];
                    const ids = selected ? [selected.id] : [];
                    setCoefs(
                      coefs.map((x, j) =>
                        j === i ? { ...x, scope, node_ids: scope === 'estimate' ? [] : ids } : x,
                      ),
                    );
                  }}
                >
                  {(['estimate', 'section', 'position'] as const).map((k) => (
                    <option key={k} value={k}>
                      {t(`coefs.scopes.${k}`)}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="btn"
                  aria-label={t('coefs.remove')}
                  onClick={() => setCoefs(coefs.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </div>
            ))}
            <div className="costr__coef-actions">
              <button
                type="button"
                className="btn"
                onClick={() =>
                  setCoefs([
                    ...coefs,
                    {
                      id: randomId(),
                      name: t('coefs.kinds.regional'),
                      kind: 'regional',
                      value: '1',
                      scope: 'estimate',
                      node_ids: [],
                      target: 'total',
                      hours: false,
                      after: [],
                    },
                  ])
                }
              >
                {t('coefs.add')}
              </button>
              <button type="button" className="btn btn--primary" onClick={() => void saveCoefs()}>
                {t('coefs.save')}
              </button>
            </div>
          </section>
          <section aria-label={t('rules.title')}>
            <h3>{t('rules.title')}</h3>
            {violations.length === 0 ? (
              <p>{t('rules.none')}</p>
            ) : (
              <ul className="costr__violations">
                {violations.map((v, i) => (
                  <li key={i}>
                    <button type="button" onClick={() => goTo(v.node_id, v.field)}>
                      {nodes.find((n) => n.id === v.node_id)?.code || '—'}: {violationText(v)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {doc.version_id && (
            <section aria-label={t('costs.title')}>
              <h3>{t('costs.title')}</h3>
              {costs && costs.rows.length ? (
                <>
                  <p data-costs>
                    {t('costs.rows', {
                      count: costs.rows.length,
                      stale: costs.rows.filter((r) => r.stale).length,
                    })}
                  </p>
                  <Curve points={costs.curve} label={t('costs.curve')} />
                </>
              ) : (
                <p>{t('costs.none')}</p>
              )}
            </section>
          )}
        </aside>
      )}
    </div>
  );
}

function Curve({ points, label }: { points: { day: number; cost: number }[]; label: string }) {
  if (points.length < 1) return null;
  const w = 260;
  const h = 90;
  const x0 = points[0]!.day;
  const x1 = Math.max(x0 + 1, points[points.length - 1]!.day);
  const y1 = Math.max(1, points[points.length - 1]!.cost);
  const d = points
    .map(
      (p, i) =>
        `${i ? 'L' : 'M'}${(((p.day - x0) / (x1 - x0)) * w).toFixed(1)},${(h - (p.cost / y1) * h).toFixed(1)}`,
    )
    .join(' ');
  return (
    <figure className="costr__curve">
      <svg width={w} height={h} role="img" aria-label={label} data-last={points[points.length - 1]!.cost}>
        <path d={d} fill="none" stroke="currentColor" strokeWidth={2} />
      </svg>
      <figcaption>
        {label}:{' '}
        {points[points.length - 1]!.cost.toLocaleString(i18next.language, {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        })}
      </figcaption>
    </figure>
  );
}

function emptyApiNode(
  id: string,
  parent: string | null,
  key: string,
  kind: 'section' | 'position',
): CostNode {
  return toApi(emptyNode(id, parent, key, kind));
}
