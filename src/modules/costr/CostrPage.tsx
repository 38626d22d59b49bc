// The Estimates screen (/{space_id}/costr; issue 28, docs/costr.md): the space's estimates and
// dictionaries, an estimate's tree in a virtualized grid with keyboard editing and matrix paste
// from Excel (per-cell errors, the rest kept), coefficients, the computed totals (pdc), compliance
// violations linked to their positions, links to WBS rows and update-costs. Every change is a
// server call; undo and redo are the server's.
import { useVirtualizer } from '@tanstack/react-virtual';
import { Calculator } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, ClipboardEvent as ReactClipboardEvent } from 'react';
import { useOutletContext } from 'react-router-dom';
import { api } from '../../api';
import type { Coefficient, CostNode, Estimate, EstimateDoc, Pdc, Violation } from '../../api/costr';
import type { EpsTree } from '../../api/structure';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import { parseClipboard } from '../../domain/clipboard';
import { DEFAULT_SETTINGS, checkField, emptyNode, flattenTree, keysBetweenSafe, pasteMatrix } from './model';
import type { NodeField } from '../../domain/costr';
import { useToasts } from '../../state/toasts';
import { useCostrT } from './i18n';
import { fromApi, toApi } from './model';
import './costr.css';

type Col = NodeField | 'wbs' | 'total';
const COLS: { id: Col; width: number; num?: boolean }[] = [
  { id: 'code', width: 90 },
  { id: 'name', width: 260 },
  { id: 'measure', width: 70 },
  { id: 'quantity', width: 90, num: true },
  { id: 'labourPrice', width: 100, num: true },
  { id: 'machinesPrice', width: 100, num: true },
  { id: 'materialsPrice', width: 100, num: true },
  { id: 'labourHours', width: 90, num: true },
  { id: 'wbs', width: 100 },
  { id: 'total', width: 110, num: true },
];
const ROW_H = 28;

export function CostrPage() {
  const { t } = useCostrT();
  const { spaceId } = useOutletContext<SpaceContext>();
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
  const [cell, setCell] = useState<{ r: number; c: number }>({ r: 0, c: 0 });
  const [editing, setEditing] = useState<string | null>(null);
  const [cellErrors, setCellErrors] = useState<Map<string, string>>(new Map());
  const [coefs, setCoefs] = useState<Coefficient[]>([]);
  const [form, setForm] = useState({
    name: '',
    kind: 'estimate' as 'estimate' | 'dictionary',
    version: '',
    defaults: true,
  });
  const gridRef = useRef<HTMLDivElement>(null);

  const say = useCallback(
    (kind: 'success' | 'error', text: string, title = t('title')) =>
      push({ kind, title, lines: [text], durationMs: 5000 }),
    [push, t],
  );

  const loadList = useCallback(async () => setList(await call(api.costr.list, { query: {} })), []);
  useEffect(() => {
    void loadList().catch(() => setList([]));
    void call(api.eps.tree, { params: { space_id: spaceId } }).then(setTree, () => undefined);
  }, [loadList, spaceId]);

  const reload = useCallback(async (id: string, v?: Violation[]) => {
    const [d, p] = await Promise.all([
      call(api.costr.get, { params: { id } }),
      call(api.costr.pdc, { params: { id } }),
    ]);
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
    if (current) void reload(current);
  }, [current, reload]);

  const nodes = useMemo(() => (doc ? doc.nodes.map(fromApi) : []), [doc]);
  const flat = useMemo(() => flattenTree(nodes), [nodes]);
  const totals = useMemo(() => new Map((pdc?.positions ?? []).map((p) => [p.id, p.final.total])), [pdc]);
  const sectionTotals = useMemo(() => new Map((pdc?.sections ?? []).map((s) => [s.id, s.total])), [pdc]);
  const codeOfRow = useMemo(() => new Map(rows.map((r) => [r.id, r.code])), [rows]);
  const rowOfCode = useMemo(() => new Map(rows.map((r) => [r.code.trim().toLowerCase(), r.id])), [rows]);
  const versions = useMemo(() => {
    if (!tree) return [];
    const names = new Map(tree.nodes.map((n) => [n.id, n.name]));
    return tree.versions.map((v) => ({ id: v.id, label: `${names.get(v.schedule_id) ?? ''} — ${v.label}` }));
  }, [tree]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the grid re-renders on its own state
  const virt = useVirtualizer({
    count: flat.length + 1,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_H,
    overscan: 12,
  });

  const send = useCallback(
    async (upserts: CostNode[], deletes: string[] = [], label = 'edit') => {
      if (!doc) return;
      try {
        const r = await call(api.costr.edit, {
          params: { id: doc.id },
          body: { revision: doc.revision, label, upserts, deletes },
        });
        await reload(doc.id, r.violations);
      } catch {
        await reload(doc.id);
      }
    },
    [doc, reload],
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
    const sel = flat[cell.r]?.node;
    if (!sel) return nodes.filter((n) => n.kind === 'section').pop()?.id ?? null;
    return sel.kind === 'section' ? sel.id : sel.parentId;
  };

  const add = (kind: 'section' | 'position') => {
    const parent = kind === 'section' ? null : parentForNew();
    const [key] = newKeysAfter(parent, 1);
    const n = emptyApiNode(crypto.randomUUID(), parent, key!, kind);
    void send([n], [], kind);
  };

  const commit = (r: number, c: number, text: string) => {
    const f = flat[r]?.node;
    const col = COLS[c]!.id;
    if (col === 'total') return;
    const key = `${r}:${col}`;
    if (!f) {
      // Typing on the empty last row adds a position.
      if (text.trim() === '') return;
      const parent = parentForNew();
      const [k] = newKeysAfter(parent, 1);
      const n = fromApi(emptyApiNode(crypto.randomUUID(), parent, k!, 'position'));
      return applyText(n, col, text, key);
    }
    applyText(f, col, text, key);
  };

  const applyText = (n: ReturnType<typeof fromApi>, col: Col, text: string, key: string) => {
    const errs = new Map(cellErrors);
    errs.delete(key);
    if (col === 'wbs') {
      const id = text.trim() ? rowOfCode.get(text.trim().toLowerCase()) : null;
      if (id === undefined) {
        errs.set(key, t('err.unknown_row'));
        setCellErrors(errs);
        return;
      }
      setCellErrors(errs);
      void send([toApi({ ...n, wbsItemId: id })]);
      return;
    }
    if (col === 'total') return;
    const res = checkField(col, text, DEFAULT_SETTINGS.rules);
    if (!res.ok) {
      errs.set(key, t(`err.${res.code}`));
      setCellErrors(errs);
      return;
    }
    setCellErrors(errs);
    if (n[col] !== res.value) void send([toApi({ ...n, [col]: res.value })]);
  };

  const onPaste = (e: ReactClipboardEvent) => {
    if (!doc || editing !== null) return;
    e.preventDefault();
    const matrix = parseClipboard({
      html: e.clipboardData.getData('text/html'),
      text: e.clipboardData.getData('text/plain'),
    });
    if (!matrix.length) return;
    const fields = COLS.map((c) => c.id).filter((c): c is NodeField => c !== 'wbs' && c !== 'total');
    const startCol = Math.max(0, fields.indexOf(COLS[cell.c]!.id as NodeField));
    const parent = parentForNew();
    const r = pasteMatrix({
      rows: flat.map((f) => f.node),
      columns: fields,
      startRow: cell.r,
      startCol,
      matrix,
      rules: DEFAULT_SETTINGS.rules,
      newId: () => crypto.randomUUID(),
      newParentId: parent,
      newKeys: (n) => newKeysAfter(parent, n),
    });
    const errs = new Map<string, string>();
    for (const x of r.errors) errs.set(`${x.row}:${x.field}`, `${x.text} — ${t(`err.${x.code}`)}`);
    setCellErrors(errs);
    if (r.errors.length) say('error', t('paste.errors', { count: r.errors.length }));
    if (r.upserts.length) void send(r.upserts.map(toApi), [], 'paste');
  };

  const onKey = (e: ReactKeyboardEvent) => {
    if (editing !== null || !doc) return;
    const max = flat.length;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      void undoRedo(e.shiftKey ? 'redo' : 'undo');
      return;
    }
    if (mod && e.key.toLowerCase() === 'y') {
      e.preventDefault();
      void undoRedo('redo');
      return;
    }
    if (mod) return;
    const move = (dr: number, dc: number) => {
      e.preventDefault();
      const r = Math.min(max, Math.max(0, cell.r + dr));
      const c = Math.min(COLS.length - 1, Math.max(0, cell.c + dc));
      setCell({ r, c });
      virt.scrollToIndex(r);
    };
    if (e.key === 'ArrowDown') return move(1, 0);
    if (e.key === 'ArrowUp') return move(-1, 0);
    if (e.key === 'ArrowLeft') return move(0, -1);
    if (e.key === 'ArrowRight' || e.key === 'Tab') return move(0, 1);
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      setEditing(textOf(cell.r, cell.c));
      return;
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      commit(cell.r, cell.c, '');
      return;
    }
    if (e.key.length === 1) {
      e.preventDefault();
      setEditing(e.key);
    }
  };

  const textOf = (r: number, c: number): string => {
    const n = flat[r]?.node;
    const col = COLS[c]!.id;
    if (!n) return '';
    if (col === 'total')
      return n.kind === 'section' ? (sectionTotals.get(n.id) ?? '') : (totals.get(n.id) ?? '');
    if (col === 'wbs') return n.wbsItemId ? (codeOfRow.get(n.wbsItemId) ?? '?') : '';
    return n[col];
  };

  const undoRedo = async (which: 'undo' | 'redo') => {
    if (!doc) return;
    try {
      const r = await call(which === 'undo' ? api.costr.undo : api.costr.redo, { params: { id: doc.id } });
      await reload(doc.id, r.violations);
    } catch {
      /* the error toast is shown by the client */
    }
  };

  const remove = () => {
    const n = flat[cell.r]?.node;
    if (n) void send([], [n.id], 'delete');
  };

  const linkByCode = async () => {
    if (!doc) return;
    const r = await call(api.costr.linkByCode, { params: { id: doc.id }, body: { revision: doc.revision } });
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
      const r = await call(api.costr.coefficients, {
        params: { id: doc.id },
        body: { revision: doc.revision, coefficients: coefs },
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
    setCurrent(e.id);
  };

  const violationText = (v: Violation) =>
    t(`rules.${v.rule}`, {
      ...v.params,
      field: COLS.some((c) => c.id === v.field) ? t(`cols.${v.field}`) : v.field,
    });
  const rowOfNode = (id: string) => flat.findIndex((f) => f.node.id === id);
  const violated = useMemo(() => new Set(violations.map((v) => `${v.node_id}:${v.field}`)), [violations]);
  const selected = flat[cell.r]?.node;
  const steps = selected && pdc ? pdc.positions.find((p) => p.id === selected.id)?.steps : undefined;
  const coefName = (id: string | null) =>
    id ? (coefs.find((c) => c.id === id)?.name ?? id) : t('totals.base');

  if (!list) return <Loading />;
  return (
    <div className="costr">
      <aside className="costr__list">
        <h2>{t('title')}</h2>
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
                      onClick={() => setCurrent(e.id)}
                    >
                      <span>{e.name}</span>
                      <small>{t('positions', { count: e.positions })}</small>
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
            <div
              className="costr__grid"
              ref={gridRef}
              tabIndex={0}
              role="grid"
              aria-label={doc.name}
              onKeyDown={onKey}
              onPaste={onPaste}
            >
              <div className="costr__row costr__head" role="row">
                {COLS.map((c) => (
                  <div key={c.id} role="columnheader" className="costr__cell" style={{ width: c.width }}>
                    {t(`cols.${c.id}`)}
                  </div>
                ))}
              </div>
              <div style={{ height: virt.getTotalSize(), position: 'relative' }}>
                {virt.getVirtualItems().map((vr) => {
                  const f = flat[vr.index];
                  return (
                    <div
                      key={vr.key}
                      role="row"
                      data-row={vr.index}
                      className={`costr__row${f?.node.kind === 'section' ? ' is-section' : ''}`}
                      style={{ position: 'absolute', top: vr.start, height: ROW_H }}
                    >
                      {COLS.map((c, ci) => {
                        const key = `${vr.index}:${c.id}`;
                        const err = cellErrors.get(key);
                        const isSel = cell.r === vr.index && cell.c === ci;
                        const bad = f && violated.has(`${f.node.id}:${c.id === 'wbs' ? 'wbs' : c.id}`);
                        return (
                          <div
                            key={c.id}
                            role="gridcell"
                            aria-selected={isSel}
                            data-col={c.id}
                            title={err}
                            className={`costr__cell${c.num ? ' is-num' : ''}${isSel ? ' is-sel' : ''}${err ? ' is-error' : ''}${bad ? ' is-violation' : ''}`}
                            style={{
                              width: c.width,
                              paddingLeft: ci === 1 && f ? 6 + f.depth * 14 : undefined,
                            }}
                            onMouseDown={() => setCell({ r: vr.index, c: ci })}
                            onDoubleClick={() => setEditing(textOf(vr.index, ci))}
                          >
                            {isSel && editing !== null ? (
                              <input
                                autoFocus
                                className="costr__editor"
                                value={editing}
                                onChange={(e) => setEditing(e.target.value)}
                                onKeyDown={(e) => {
                                  if (e.key === 'Enter' || e.key === 'Tab') {
                                    e.preventDefault();
                                    commit(vr.index, ci, editing);
                                    setEditing(null);
                                    setCell({
                                      r: Math.min(flat.length, vr.index + (e.key === 'Enter' ? 1 : 0)),
                                      c: e.key === 'Tab' ? Math.min(COLS.length - 1, ci + 1) : ci,
                                    });
                                    gridRef.current?.focus();
                                  } else if (e.key === 'Escape') {
                                    setEditing(null);
                                    gridRef.current?.focus();
                                  }
                                }}
                                onBlur={() => setEditing(null)}
                              />
                            ) : (
                              textOf(vr.index, ci)
                            )}
                          </div>
                        );
                      })}
                    </div>
                  );
                })}
              </div>
            </div>
            {cellErrors.size > 0 && (
              <ul className="costr__errors" aria-label="paste errors">
                {[...cellErrors.entries()].slice(0, 20).map(([k, m]) => {
                  const [r, field] = k.split(':');
                  return (
                    <li key={k}>
                      {t('paste.cell', { row: Number(r) + 1, field: t(`cols.${field}`), message: m })}
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </main>
      {doc && pdc && (
        <aside className="costr__side">
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
                      id: crypto.randomUUID(),
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
                    <button
                      type="button"
                      onClick={() => {
                        const r = rowOfNode(v.node_id);
                        if (r < 0) return;
                        setCell({
                          r,
                          c: Math.max(
                            0,
                            COLS.findIndex((c) => c.id === v.field),
                          ),
                        });
                        virt.scrollToIndex(r);
                        gridRef.current?.focus();
                      }}
                    >
                      {flat[rowOfNode(v.node_id)]?.node.code || '—'}: {violationText(v)}
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
        {label}: {points[points.length - 1]!.cost.toLocaleString()}
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
