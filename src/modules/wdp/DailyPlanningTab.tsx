// The node panel's daily planning tab: the kind shown (plan, fact, approved plan), the
// distribution of the selected rows' volume by mode and base over their dates, day approval, and
// the version's "progress from facts" switch above the day matrix; the measure shown (volume, or
// the labour and cost it stands for); allocating plan or fact over the selected days and moving
// a value between days. The matrix opens on the focused row's start; every change is one step
// of the workbench's undo history. The "Resources" view shows the same days by resource (the
// spec's wdp resource gantt), read-only. When the matrix shows beside the WBS grid (the
// schedule page's ?chart=daily pane) the tab keeps its tools, acting on the pane's selection
// (kind, measure and selection are shared: state/wdp/matrix-view.ts). On the project grid the tab
// works on the focused row's version: its store and its rows (scope.tsx).
import { useLayoutEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import { formatDate, formatNumber, parseNumberValue } from '../../domain/format';
import type { DistributionBase, DistributionMode, Measure, PlanKind } from '../../domain/wdp';
import { DISTRIBUTION_MODES, MEASURES, PLAN_KINDS } from '../../domain/wdp';
import { useToasts } from '../../state/toasts';
import { rowAt } from '../../state/workbench/data';
import { workbench } from '../../state/workbench/store';
import { matrixView, useMatrixView } from '../../state/wdp/matrix-view';
import { allocateRows, distributeRows, setDayStatus, transferDayValue } from './commands';
import { DayMatrix, rangeOf } from './DayMatrix';
import { setMatrixSel, useMatrixOpen } from './matrix-open';
import { DistributionPickers } from './DistributionPickers';
import { ResourceDays } from './ResourceDays';
import { useWdpT } from './i18n';
import { useWdpScope } from './scope';

export function DailyPlanningTab({ height, lang }: { height: number; lang: 'en' | 'ru' }) {
  const { t } = useWdpT();
  const scope = useWdpScope();
  const { store, versionId, ids } = scope;
  const status = store.use((s) => s.status);
  const fromFacts = store.use((s) => s.progressFromFacts);
  const kind = useMatrixView((s) => s.kind);
  const measure = useMatrixView((s) => s.measure);
  const paneOpen = useMatrixView((s) => s.paneOpen);
  const setKind = (k: PlanKind) => matrixView.set({ kind: k });
  const setMeasure = (m: Measure) => matrixView.set({ measure: m });
  const [view, setView] = useState<'works' | 'resources'>('works');
  // The toolbar wraps on a narrow panel: the matrix gets what it leaves (no panel scroll).
  const bar = useRef<HTMLDivElement>(null);
  const [barHeight, setBarHeight] = useState(30);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    setBarHeight(el.offsetHeight);
    const ro = new ResizeObserver(() => setBarHeight(el.offsetHeight));
    ro.observe(el);
    return () => ro.disconnect();
    // The bar shows once the days are read.
  }, [status]);
  const [allocating, setAllocating] = useState(false);
  /** The read-only note's line (a version the project grid may not edit). */
  const noteH = scope.editable ? 0 : 26;
  const [mode, setMode] = useState<DistributionMode>('evenly');
  const [base, setBase] = useState<DistributionBase>('by_date');
  const { firstDay, sel } = useMatrixOpen({
    versionId: scope.scoped ? versionId : null,
    rowOf: scope.rowOf,
  });
  const push = useToasts((s) => s.push);
  const notify = (text: string, kind: 'info' | 'warning' = 'warning') =>
    push({ kind, title: t('title'), lines: [text], durationMs: 5000 });

  const selectedRows = () => {
    const s = workbench.get();
    const r = rangeOf(sel);
    const out: string[] = [];
    for (let i = r.r0; i <= r.r1; i++) {
      const id = ids[i];
      if (id) out.push(id);
    }
    // The grid's focused row when the matrix has no wider choice (beside the grid the matrix's
    // own cell is the choice: it was clicked there).
    if (out.length <= 1 && !matrixView.get().paneOpen) {
      const v = rowAt(s, s.selection.focus.row);
      if (v && !out.includes(v.row.id)) return [v.row.id];
    }
    return out;
  };

  const distribute = () => {
    const n = distributeRows(store, selectedRows(), mode, base);
    notify(n > 0 ? t('distributed', { count: n }) : t('nothing_distributed'), n > 0 ? 'info' : 'warning');
  };

  const approve = (to: 'open' | 'approved') => {
    const s = workbench.get();
    const r = rangeOf(sel);
    const cells = [];
    for (let i = r.r0; i <= r.r1; i++) {
      const id = ids[i];
      if (!id || s.wbs.index.children.has(id)) continue;
      for (let c = r.c0; c <= r.c1; c++) cells.push({ rowId: id, day: firstDay + c });
    }
    if (!setDayStatus(store, cells, to)) notify(t('nothing_changed'));
  };

  /** Moves the value of the selection's first day to its last day, on the focused row. */
  const moveValue = () => {
    const id = ids[sel.anchor.row];
    if (!id || workbench.get().wbs.index.children.has(id)) return notify(t('summary_skipped'));
    const out = transferDayValue(store, id, kind, firstDay + sel.anchor.col, firstDay + sel.focus.col);
    if (!out.ok) return out.reason === 'refused' ? undefined : notify(t(`transfer_${out.reason}`));
    notify(
      t('transferred', {
        value: formatNumber(out.moved, { lang, decimals: 3, trimZeros: true }),
        date: formatDate((firstDay + sel.focus.col) * MINUTES_PER_DAY, 'DD.MM.YYYY', lang),
      }),
      'info',
    );
  };

  const toggleFromFacts = async (on: boolean) => {
    if (!versionId) return;
    try {
      await call(api.wdp.estimatedData, { params: { id: versionId }, body: { progress_from_facts: on } });
      store.set({ progressFromFacts: on });
    } catch {
      // The error toast says why; the box shows the stored state.
    }
  };

  // A CSV or XLSX of day values (code, kind, dates): stored on the server as one undo step; the
  // version's live event then reads the version and its days again.
  const upload = async (file: File) => {
    if (!versionId) return;
    const form = new FormData();
    form.set('file', file, file.name);
    try {
      const res = await call(api.wdp.upload, { params: { id: versionId }, body: form });
      notify(
        t('uploaded', { count: res.cells, skipped: res.skipped.length }),
        res.skipped.length ? 'warning' : 'info',
      );
    } catch {
      // The error toast lists what the server refused.
    }
  };

  if (status === 'error')
    return (
      <p className="wb-rel-error" role="alert">
        {t('load_failed')}
      </p>
    );
  if (status !== 'ready') return <p className="wb-dim">{t('loading')}</p>;
  return (
    <div className="wdp-tab">
      <div ref={bar} className="wdp-bar" role="toolbar" aria-label={t('toolbar')}>
        <span role="radiogroup" aria-label={t('kind_label')} className="wdp-kinds">
          {PLAN_KINDS.map((k) => (
            <label key={k} className={k === kind ? 'wdp-kind-on' : ''}>
              <input type="radio" name="wdp-kind" checked={k === kind} onChange={() => setKind(k)} />
              {t(`kind.${k}`)}
            </label>
          ))}
        </span>
        <span role="radiogroup" aria-label={t('view_label')} className="wdp-kinds">
          {(['works', 'resources'] as const).map((v) => (
            <label key={v} className={v === view ? 'wdp-kind-on' : ''}>
              <input type="radio" name="wdp-view" checked={v === view} onChange={() => setView(v)} />
              {t(`view.${v}`)}
            </label>
          ))}
        </span>
        {view === 'works' && (
          <>
            <span role="radiogroup" aria-label={t('measure_label')} className="wdp-kinds">
              {MEASURES.map((m) => (
                <label key={m} className={m === measure ? 'wdp-kind-on' : ''}>
                  <input
                    type="radio"
                    name="wdp-measure"
                    checked={m === measure}
                    onChange={() => setMeasure(m)}
                  />
                  {t(`measure.${m}`)}
                </label>
              ))}
            </span>
            <DistributionPickers mode={mode} base={base} onMode={setMode} onBase={setBase} />
            <button type="button" className="btn" onClick={distribute}>
              {t('distribute')}
            </button>
            <button
              type="button"
              className="btn"
              aria-expanded={allocating}
              disabled={kind === 'approved_plan'}
              title={kind === 'approved_plan' ? t('allocate_kinds') : t('allocate_hint')}
              onClick={() => setAllocating((x) => !x)}
            >
              {t('allocate')}
            </button>
            <button type="button" className="btn" title={t('move_value_hint')} onClick={moveValue}>
              {t('move_value')}
            </button>
            <button type="button" className="btn" onClick={() => approve('approved')}>
              {t('approve_days')}
            </button>
            <button type="button" className="btn" onClick={() => approve('open')}>
              {t('reopen_days')}
            </button>
            <label className="btn wdp-upload">
              {t('upload')}
              <input
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (f) void upload(f);
                }}
              />
            </label>
          </>
        )}
        <label title={t('from_facts_hint')}>
          <input
            type="checkbox"
            checked={fromFacts}
            onChange={(e) => void toggleFromFacts(e.target.checked)}
          />{' '}
          {t('from_facts')}
        </label>
      </div>
      {!scope.editable && (
        <p className="wb-dim wdp-read-only" role="note" data-testid="wdp-read-only">
          {t('version_read_only')}
        </p>
      )}
      {view === 'works' && allocating && kind !== 'approved_plan' && (
        <AllocateForm
          kind={kind}
          from={firstDay + rangeOf(sel).c0}
          to={firstDay + rangeOf(sel).c1}
          rows={selectedRows()}
          lang={lang}
          onClose={() => setAllocating(false)}
          notify={notify}
        />
      )}
      {view === 'resources' ? (
        <ResourceDays
          kind={kind}
          firstDay={firstDay}
          openCol={sel.focus.col}
          lang={lang}
          t={t}
          height={Math.max(120, height - barHeight - 10 - noteH)}
        />
      ) : paneOpen ? (
        <p className="wb-dim wdp-pane-note">{t('pane_note')}</p>
      ) : (
        <DayMatrix
          kind={kind}
          measure={measure}
          firstDay={firstDay}
          sel={sel}
          onSel={setMatrixSel}
          lang={lang}
          t={t}
          height={Math.max(120, height - barHeight - 10 - noteH - (allocating ? 40 : 0))}
          notify={notify}
        />
      )}
    </div>
  );
}

/**
 * Allocate plan or fact over the selected days of the selected rows: an amount (empty: what each
 * row's volume leaves) by a mode; Enter allocates, Escape closes.
 */
function AllocateForm(props: {
  kind: 'plan' | 'fact';
  from: number;
  to: number;
  rows: readonly string[];
  lang: 'en' | 'ru';
  onClose: () => void;
  notify: (text: string, kind?: 'info' | 'warning') => void;
}) {
  const { kind, from, to, rows, lang, onClose, notify } = props;
  const { t } = useWdpT();
  const { store } = useWdpScope();
  const [amount, setAmount] = useState('');
  const [mode, setMode] = useState<DistributionMode>('evenly');
  const date = (d: number) => formatDate(d * MINUTES_PER_DAY, 'DD.MM.YYYY', lang);

  const submit = () => {
    const text = amount.trim();
    const value = text === '' ? null : parseNumberValue(text);
    if (text !== '' && value === null) return notify(t('not_a_number', { text }));
    const out = allocateRows(store, rows, kind, mode, from, to, value);
    if (out.ok) {
      notify(t('allocated', { count: out.rows, from: date(from), to: date(to) }), 'info');
      onClose();
    } else notify(t(`allocate_${out.reason}`, { code: out.code ?? '' }));
  };

  return (
    <form
      className="wdp-allocate"
      aria-label={t('allocate_title', { kind: t(`kind.${kind}`) })}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <strong>{t('allocate_title', { kind: t(`kind.${kind}`) })}</strong>
      <span data-testid="wdp-allocate-period">
        {t('allocate_period', { from: date(from), to: date(to), count: rows.length })}
      </span>
      <label>
        {t('amount')}{' '}
        <input
          autoFocus
          inputMode="decimal"
          value={amount}
          placeholder={t('amount_rest')}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <label>
        {t('mode_label')}{' '}
        <select value={mode} onChange={(e) => setMode(e.target.value as DistributionMode)}>
          {DISTRIBUTION_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`mode.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn--primary">
        {t('allocate_do')}
      </button>
      <button type="button" className="btn" onClick={onClose}>
        {t('cancel')}
      </button>
    </form>
  );
}
