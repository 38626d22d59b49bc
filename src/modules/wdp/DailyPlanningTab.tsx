// The node panel's daily planning tab: the kind shown (plan, fact, approved plan), the
// distribution of the selected rows' volume by mode and base over their dates, day approval, and
// the version's "progress from facts" switch above the day matrix. The matrix opens on the
// focused row's start; every change is one step of the workbench's undo history.
import { useMemo, useState } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import type { DistributionBase, DistributionMode, PlanKind } from '../../domain/wdp';
import { PLAN_KINDS } from '../../domain/wdp';
import { useToasts } from '../../state/toasts';
import { rowAt } from '../../state/workbench/data';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { useWdp, wdpStore } from '../../state/wdp/store';
import { distributeRows, setDayStatus } from './commands';
import { DAY_SPAN, DayMatrix, rangeOf } from './DayMatrix';
import type { MatrixSelection } from './DayMatrix';
import { DistributionPickers } from './DistributionPickers';
import { useWdpT } from './i18n';

/** The matrix's first day: two weeks before the earliest scheduled start (or today). */
function firstDayOf(): number {
  const s = workbench.get();
  let min = Infinity;
  if (s.schedule) for (const v of s.schedule.es) if (v >= 0 && v < min) min = v;
  const start = Number.isFinite(min)
    ? Math.floor(min / MINUTES_PER_DAY)
    : Math.floor(Date.now() / 86_400_000) - 10_957;
  return Math.max(0, start - 14);
}

export function DailyPlanningTab({ height, lang }: { height: number; lang: 'en' | 'ru' }) {
  const { t } = useWdpT();
  const status = useWdp((s) => s.status);
  const fromFacts = useWdp((s) => s.progressFromFacts);
  const focusRow = useWorkbench((s) => s.selection.focus.row);
  const hasSchedule = useWorkbench((s) => s.schedule !== null);
  const versionId = useWorkbench((s) => s.versionId);
  const [kind, setKind] = useState<PlanKind>('plan');
  const [mode, setMode] = useState<DistributionMode>('evenly');
  const [base, setBase] = useState<DistributionBase>('by_date');
  // Read again when the version or the presence of dates changes, not on every schedule.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const firstDay = useMemo(() => firstDayOf(), [hasSchedule, versionId]);
  const [sel, setSel] = useState<MatrixSelection>(() => {
    const v = rowAt(workbench.get(), focusRow);
    const col = v && Number.isFinite(v.es) ? Math.floor(v.es / MINUTES_PER_DAY) - firstDay : 0;
    const at = { row: focusRow, col: Math.max(0, Math.min(DAY_SPAN - 1, col)) };
    return { anchor: at, focus: at };
  });
  const push = useToasts((s) => s.push);
  const notify = (text: string, kind: 'info' | 'warning' = 'warning') =>
    push({ kind, title: t('title'), lines: [text], durationMs: 5000 });

  const selectedRows = () => {
    const s = workbench.get();
    const r = rangeOf(sel);
    const out: string[] = [];
    for (let i = r.r0; i <= r.r1; i++) {
      const id = s.visible.ids[i];
      if (id) out.push(id);
    }
    // The grid's focused row when the matrix has no wider choice.
    if (out.length <= 1) {
      const v = rowAt(s, s.selection.focus.row);
      if (v && !out.includes(v.row.id)) return [v.row.id];
    }
    return out;
  };

  const distribute = () => {
    const n = distributeRows(selectedRows(), mode, base);
    notify(n > 0 ? t('distributed', { count: n }) : t('nothing_distributed'), n > 0 ? 'info' : 'warning');
  };

  const approve = (to: 'open' | 'approved') => {
    const s = workbench.get();
    const r = rangeOf(sel);
    const cells = [];
    for (let i = r.r0; i <= r.r1; i++) {
      const id = s.visible.ids[i];
      if (!id || s.wbs.index.children.has(id)) continue;
      for (let c = r.c0; c <= r.c1; c++) cells.push({ rowId: id, day: firstDay + c });
    }
    if (!setDayStatus(cells, to)) notify(t('nothing_changed'));
  };

  const toggleFromFacts = async (on: boolean) => {
    if (!versionId) return;
    try {
      await call(api.wdp.estimatedData, { params: { id: versionId }, body: { progress_from_facts: on } });
      wdpStore.set({ progressFromFacts: on });
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
      <div className="wdp-bar" role="toolbar" aria-label={t('toolbar')}>
        <span role="radiogroup" aria-label={t('kind_label')} className="wdp-kinds">
          {PLAN_KINDS.map((k) => (
            <label key={k} className={k === kind ? 'wdp-kind-on' : ''}>
              <input type="radio" name="wdp-kind" checked={k === kind} onChange={() => setKind(k)} />
              {t(`kind.${k}`)}
            </label>
          ))}
        </span>
        <DistributionPickers mode={mode} base={base} onMode={setMode} onBase={setBase} />
        <button type="button" className="btn" onClick={distribute}>
          {t('distribute')}
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
        <label title={t('from_facts_hint')}>
          <input
            type="checkbox"
            checked={fromFacts}
            onChange={(e) => void toggleFromFacts(e.target.checked)}
          />{' '}
          {t('from_facts')}
        </label>
      </div>
      <DayMatrix
        kind={kind}
        firstDay={firstDay}
        sel={sel}
        onSel={setSel}
        lang={lang}
        t={t}
        height={Math.max(120, height - 40)}
        notify={notify}
      />
    </div>
  );
}
