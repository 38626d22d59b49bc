// Two versions of a schedule side by side (POST schedules/{id}/versions/compare): the summary a
// planner sends, filters per kind of change, and a virtualized grid of the rows where added rows
// are green, removed ones struck through in red and each changed cell shows old → new, marked.
// "Export to Excel" downloads the comparison shown (POST …/versions/export-comparison).

import { useVirtualizer } from '@tanstack/react-virtual';
import { FileSpreadsheet } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api';
import { ComparedField, CompareShow } from '../../api/version-compare';
import type { CompareResult, CompareRow } from '../../api/version-compare';
import type { Version } from '../../api/versions';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { formatDate } from '../../domain/format/dates';
import { monthTicks, scaleOfSpan, slipOf, spanOf } from './compare-gantt';
import { useVersionsT } from './i18n';

type Show = CompareShow;
const SHOWS: readonly Show[] = CompareShow.options;
const ROW = 26;
/** Rows asked for at a time: the view asks for the pages its visible rows fall in. */
const PAGE = 200;
/** Durations and floats in days of 8 working hours, as the workbench's default calendar. */
const WORK_DAY = 480;

/** The pages (of PAGE rows) that rows first…last fall in. */
export function pagesOf(first: number, last: number): number[] {
  const out: number[] = [];
  for (let p = Math.floor(first / PAGE); p <= Math.floor(last / PAGE); p++) out.push(p);
  return out;
}

const date = (m: number | null | undefined) =>
  m === null || m === undefined ? '' : formatDate(m, 'DD.MM.YY');
const days = (m: number | null | undefined) =>
  m === null || m === undefined ? '' : String(Math.round((m / WORK_DAY) * 10) / 10);

interface Props {
  scheduleId: string;
  versions: readonly Version[];
  versionId: string;
  onClose: () => void;
}

export function CompareDialog({ scheduleId, versions, versionId, onClose }: Props) {
  const { t: tr } = useVersionsT();
  const t = tr as unknown as (key: string, p?: Record<string, unknown>) => string;
  const others = versions.filter((v) => v.id !== versionId);
  const [baseId, setBaseId] = useState(
    () => (others.find((v) => v.kind === 'target') ?? others[0])?.id ?? '',
  );
  const [currentId, setCurrentId] = useState(versionId);
  const [slipDays, setSlipDays] = useState(5);
  const [result, setResult] = useState<CompareResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [show, setShow] = useState<Show>('differences');
  const [field, setField] = useState<ComparedField | ''>('');
  /** The rows of the current filter, by page; a page asked for and not answered yet is absent. */
  const [pages, setPages] = useState<ReadonlyMap<number, readonly CompareRow[]>>(new Map());
  const asking = useRef(new Set<number>());
  /** Bumped for each comparison or filter: answers for an older one are dropped. */
  const generation = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);

  /** One page of the comparison (the server keeps the comparison, so pages cost little). */
  const ask = useCallback(
    (
      pair: { base: string; current: string; slip: number },
      f: { show: Show; field: ComparedField | '' },
      page: number,
    ) =>
      call(api.versionCompare.compare, {
        params: { id: scheduleId },
        body: {
          base_version_id: pair.base,
          version_id: pair.current,
          slip_days: pair.slip,
          show: f.show,
          ...(f.field ? { field: f.field } : {}),
          offset: page * PAGE,
          limit: PAGE,
        },
      }),
    [scheduleId],
  );

  /** The first page of a comparison or of a filter: the summary, the count and the rows on top. */
  const first = async (
    pair: { base: string; current: string; slip: number },
    f: { show: Show; field: ComparedField | '' },
  ) => {
    const g = ++generation.current;
    asking.current = new Set([0]);
    const answer = await ask(pair, f, 0);
    if (g !== generation.current) return;
    setResult(answer);
    setPages(new Map([[0, answer.rows]]));
    asking.current = new Set();
    scroller.current?.scrollTo({ top: 0 });
  };

  const run = async () => {
    if (!baseId || baseId === currentId) return;
    setBusy(true);
    try {
      await first({ base: baseId, current: currentId, slip: slipDays }, { show, field });
    } catch {
      setResult(null);
    } finally {
      setBusy(false);
    }
  };

  /** Another filter: its first page (the comparison shown stays the same). */
  const filter = (f: { show: Show; field: ComparedField | '' }) => {
    setShow(f.show);
    setField(f.field);
    if (!result) return;
    const pair = { base: result.base.id, current: result.version.id, slip: result.summary.slip_days };
    void first(pair, f).catch(() => undefined);
  };

  /** The comparison shown, as an XLSX file (summary and rows sheets) the browser downloads. */
  const exportXlsx = async () => {
    if (!result) return;
    setExporting(true);
    try {
      const blob = await call(api.versionCompare.exportComparison, {
        params: { id: scheduleId },
        body: {
          base_version_id: result.base.id,
          version_id: result.version.id,
          slip_days: result.summary.slip_days,
        },
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${result.base.label} - ${result.version.label}.xlsx`.replace(/[\\/:*?"<>|]/g, '_');
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      // The call shows its error.
    } finally {
      setExporting(false);
    }
  };

  const total = result?.total ?? 0;
  const scale = useMemo(() => (result ? scaleOfSpan(result.span) : null), [result]);
  const ticks = useMemo(() => (scale ? monthTicks(scale) : []), [scale]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
  });
  const items = virtual.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;
  const lastShown = items[items.length - 1]?.index ?? 0;

  // Ask for the pages the visible rows fall in that are not here yet.
  useEffect(() => {
    if (!result || total === 0) return;
    const g = generation.current;
    const pair = { base: result.base.id, current: result.version.id, slip: result.summary.slip_days };
    for (const p of pagesOf(firstShown, lastShown)) {
      if (pages.has(p) || asking.current.has(p)) continue;
      asking.current.add(p);
      ask(pair, { show, field }, p)
        .then((answer) => {
          if (g !== generation.current) return;
          asking.current.delete(p);
          setPages((m) => new Map(m).set(p, answer.rows));
        })
        .catch(() => asking.current.delete(p));
    }
  }, [result, total, firstShown, lastShown, pages, ask, show, field]);

  const rowAt = (i: number): CompareRow | undefined => pages.get(Math.floor(i / PAGE))?.[i % PAGE];

  const s = result?.summary;
  const versionSelect = (label: string, value: string, set: (id: string) => void) => (
    <label className="vc-field">
      <span>{label}</span>
      <select value={value} onChange={(e) => set(e.target.value)} aria-label={label}>
        {versions.map((v) => (
          <option key={v.id} value={v.id}>
            {v.label}
            {v.kind !== 'version' ? ` (${v.kind})` : ''}
          </option>
        ))}
      </select>
    </label>
  );

  const cell = (r: CompareRow, field: 'start' | 'finish' | 'duration' | 'total_float') => {
    const fmt = field === 'start' || field === 'finish' ? date : days;
    // A summary's duration is its span, not an input: left blank.
    if (field === 'duration' && (r.current ?? r.base)?.node_type === 'sum')
      return <div role="cell" className="vc-c vc-c-duration" />;
    const b = r.base?.[field];
    const c = r.current?.[field];
    const changed = r.status === 'changed' && r.changed.includes(field);
    return (
      <div role="cell" className={`vc-c vc-c-${field}${changed ? ' vc-changed' : ''}`}>
        {changed ? (
          <>
            <span className="vc-old">{fmt(b)}</span> → <span>{fmt(c)}</span>
          </>
        ) : (
          fmt(c ?? b)
        )}
      </div>
    );
  };

  /** Both bars on one scale (the compared version above, the base below) and the finish slip. */
  const gantt = (r: CompareRow) => {
    if (!scale) return <div role="cell" className="vc-c vc-c-gantt" />;
    const cur = r.current && spanOf(scale, r.current.start, r.current.finish);
    const base = r.base && spanOf(scale, r.base.start, r.base.finish);
    const slip = slipOf(scale, r);
    const sum = (r.current ?? r.base)?.node_type === 'sum' ? ' vc-bar--sum' : '';
    const place = (x: { left: number; width: number }) => ({ left: `${x.left}%`, width: `${x.width}%` });
    return (
      <div role="cell" className="vc-c vc-c-gantt">
        {ticks.map((m) => (
          <i key={m} className="vc-grid" style={{ left: `${spanOf(scale, m, m)!.left}%` }} />
        ))}
        {base && <i className={`vc-bar vc-bar--base${sum}`} style={place(base)} />}
        {cur && (
          <i
            className={`vc-bar vc-bar--current${sum}${r.current?.critical ? ' vc-bar--critical' : ''}`}
            style={place(cur)}
          />
        )}
        {slip && (
          <i
            className={`vc-bar vc-slip vc-slip--${slip.late ? 'late' : 'early'}`}
            style={place(slip)}
            data-slip={slip.late ? 'late' : 'early'}
          />
        )}
      </div>
    );
  };

  return (
    <Modal title={t('compare_title')} closeLabel={t('close')} onClose={onClose} width={1440}>
      <div className="vc">
        <form
          className="vc-controls"
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          {versionSelect(t('base'), baseId, setBaseId)}
          {versionSelect(t('current'), currentId, setCurrentId)}
          <label className="vc-field">
            <span>{t('slip_days')}</span>
            <input
              type="number"
              min={0}
              max={3650}
              value={slipDays}
              onChange={(e) =>
                setSlipDays(Math.max(0, Math.min(3650, Math.round(Number(e.target.value) || 0))))
              }
            />
          </label>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={busy || !baseId || baseId === currentId}
            data-autofocus=""
          >
            {busy ? t('running') : t('run')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={!result || exporting}
            onClick={() => void exportXlsx()}
          >
            <FileSpreadsheet size={15} aria-hidden="true" />
            <span>{t('export_xlsx')}</span>
          </button>
        </form>
        {s && (
          <div className="vc-summary" data-testid="compare-summary">
            <strong>
              {s.finish_moved_days === null
                ? t('summary_finish_none')
                : t('summary_finish', { days: s.finish_moved_days })}
            </strong>
            <span>{t('summary_counts', s)}</span>
            <span>{t('summary_slipped', { count: s.slipped, days: s.slip_days })}</span>
            <span className={s.critical_changed ? 'vc-warn' : ''}>
              {t(s.critical_changed ? 'summary_critical_changed' : 'summary_critical_same')}
            </span>
            <span>
              {t('summary_relations', {
                added: s.relations_added,
                removed: s.relations_removed,
                changed: s.relations_changed,
              })}
            </span>
          </div>
        )}
        {result && (
          <>
            <div className="vc-filters" role="radiogroup" aria-label={t('show')}>
              {SHOWS.map((k) => (
                <button
                  key={k}
                  type="button"
                  role="radio"
                  aria-checked={show === k}
                  className={`btn btn--sm${show === k ? ' btn--primary' : ' btn--ghost'}`}
                  onClick={() => filter({ show: k, field })}
                >
                  {t(`show_${k}`)}
                </button>
              ))}
              <label className="vc-field vc-field--inline">
                <span>{t('field_filter')}</span>
                <select
                  value={field}
                  onChange={(e) => filter({ show, field: e.target.value as ComparedField | '' })}
                  aria-label={t('field_filter')}
                >
                  <option value="">{t('field_any')}</option>
                  {ComparedField.options.map((f) => (
                    <option key={f} value={f}>
                      {t(`field.${f}`)}
                    </option>
                  ))}
                </select>
              </label>
              <span className="vc-legend" aria-hidden="true">
                <i className="vc-bar vc-bar--current" /> {t('legend_current')}
                <i className="vc-bar vc-bar--base" /> {t('legend_base')}
                <i className="vc-bar vc-slip vc-slip--late" /> {t('legend_slip')}
              </span>
              <span className="vc-count">
                {t('rows_shown', {
                  shown: total,
                  total:
                    result.summary.added +
                    result.summary.removed +
                    result.summary.changed +
                    result.summary.same,
                })}
              </span>
            </div>
            <div className="vc-table" role="table" aria-label={t('grid_label')} aria-rowcount={total + 1}>
              <div className="vc-row vc-head" role="row">
                {(
                  [
                    'status',
                    'code',
                    'name',
                    'start',
                    'finish',
                    'duration',
                    'float',
                    'slip',
                    'fields',
                  ] as const
                ).map((c) => (
                  <div key={c} role="columnheader" className={`vc-c vc-c-${c}`}>
                    {t(`col_${c}`)}
                  </div>
                ))}
                <div role="columnheader" className="vc-c vc-c-gantt" aria-label={t('col_gantt')}>
                  {scale &&
                    ticks.map((m) => (
                      <span key={m} className="vc-tick" style={{ left: `${spanOf(scale, m, m)!.left}%` }}>
                        {formatDate(m, 'MM.YY')}
                      </span>
                    ))}
                </div>
              </div>
              <div className="vc-body" ref={scroller} tabIndex={0}>
                {total === 0 ? (
                  <p className="vc-empty">{t('no_rows')}</p>
                ) : (
                  <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
                    {items.map((v) => {
                      const r = rowAt(v.index);
                      if (!r)
                        return (
                          <div
                            key={v.key}
                            role="row"
                            aria-rowindex={v.index + 2}
                            aria-busy="true"
                            className="vc-row vc-row-loading"
                            style={{ position: 'absolute', top: v.start, height: ROW, left: 0, right: 0 }}
                          >
                            <div role="cell" className="vc-c vc-c-status">
                              {t('rows_loading')}
                            </div>
                          </div>
                        );
                      const a = r.current ?? r.base!;
                      const slip = r.finish_slip_days;
                      return (
                        <div
                          key={v.key}
                          role="row"
                          aria-rowindex={v.index + 2}
                          className={`vc-row vc-row-${r.status}${a.node_type === 'sum' ? ' vc-sum' : ''}`}
                          style={{ position: 'absolute', top: v.start, height: ROW, left: 0, right: 0 }}
                          data-code={a.code}
                        >
                          <div role="cell" className="vc-c vc-c-status">
                            {t(`status.${r.status}`)}
                          </div>
                          <div
                            role="cell"
                            className={`vc-c vc-c-code${r.changed.includes('code') ? ' vc-changed' : ''}`}
                          >
                            {a.code}
                          </div>
                          <div
                            role="cell"
                            className={`vc-c vc-c-name${r.changed.includes('name') ? ' vc-changed' : ''}`}
                            title={
                              r.changed.includes('name') ? `${r.base?.name} → ${r.current?.name}` : a.name
                            }
                          >
                            {a.name}
                          </div>
                          {cell(r, 'start')}
                          {cell(r, 'finish')}
                          {cell(r, 'duration')}
                          {cell(r, 'total_float')}
                          <div
                            role="cell"
                            className={`vc-c vc-c-slip${slip !== null && slip > 0 ? ' vc-late' : slip !== null && slip < 0 ? ' vc-early' : ''}`}
                          >
                            {slip === null || slip === 0 ? '' : slip > 0 ? `+${slip}` : String(slip)}
                          </div>
                          <div role="cell" className="vc-c vc-c-fields">
                            {r.changed.map((f) => t(`field.${f}`)).join(', ')}
                          </div>
                          {gantt(r)}
                        </div>
                      );
                    })}
                  </div>
                )}
              </div>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
