// Two versions of a schedule side by side (POST schedules/{id}/versions/compare): the summary a
// planner sends, filters per kind of change, and a virtualized grid of the rows where added rows
// are green, removed ones struck through in red and each changed cell shows old → new, marked.
// "Export to Excel" downloads the comparison shown (POST …/versions/export-comparison).

import { useVirtualizer } from '@tanstack/react-virtual';
import { FileSpreadsheet } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { api } from '../../api';
import type { CompareResult, CompareRow } from '../../api/version-compare';
import type { Version } from '../../api/versions';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { formatDate } from '../../domain/format/dates';
import { useVersionsT } from './i18n';

type Show = 'differences' | 'all' | 'added' | 'removed' | 'changed' | 'slipped';
const SHOWS: readonly Show[] = ['differences', 'all', 'added', 'removed', 'changed', 'slipped'];
const ROW = 26;
/** Durations and floats in days of 8 working hours, as the workbench's default calendar. */
const WORK_DAY = 480;

/** The rows a filter keeps. */
export function rowsOf(rows: readonly CompareRow[], show: Show, slipDays: number): CompareRow[] {
  switch (show) {
    case 'all':
      return [...rows];
    case 'differences':
      return rows.filter((r) => r.status !== 'same');
    case 'slipped':
      return rows.filter((r) => (r.finish_slip_days ?? 0) > slipDays);
    default:
      return rows.filter((r) => r.status === show);
  }
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
  const scroller = useRef<HTMLDivElement>(null);

  const run = async () => {
    if (!baseId || baseId === currentId) return;
    setBusy(true);
    try {
      setResult(
        await call(api.versionCompare.compare, {
          params: { id: scheduleId },
          body: { base_version_id: baseId, version_id: currentId, slip_days: slipDays },
        }),
      );
    } catch {
      setResult(null);
    } finally {
      setBusy(false);
    }
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

  const shown = useMemo(
    () => (result ? rowsOf(result.rows, show, result.summary.slip_days) : []),
    [result, show],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
  });

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

  return (
    <Modal title={t('compare_title')} closeLabel={t('close')} onClose={onClose} width={1180}>
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
                  onClick={() => setShow(k)}
                >
                  {t(`show_${k}`)}
                </button>
              ))}
              <span className="vc-count">
                {t('rows_shown', { shown: shown.length, total: result.rows.length })}
              </span>
            </div>
            <div
              className="vc-table"
              role="table"
              aria-label={t('grid_label')}
              aria-rowcount={shown.length + 1}
            >
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
              </div>
              <div className="vc-body" ref={scroller} tabIndex={0}>
                {shown.length === 0 ? (
                  <p className="vc-empty">{t('no_rows')}</p>
                ) : (
                  <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
                    {virtual.getVirtualItems().map((v) => {
                      const r = shown[v.index]!;
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
