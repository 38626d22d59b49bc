// Accepted curator dates of a version (GET/PATCH versions/{id}/accepted-curator-dates): every row
// with the dates the schedule proposes (its calculated start and finish) beside the dates the
// curator accepted, and how far the finish moved since. Rows are chosen with Space (or a click on
// the check box), ↑ ↓ move, Ctrl+A chooses every row shown; Accept chosen / Accept all / Withdraw.

import { useVirtualizer } from '@tanstack/react-virtual';
import { CheckCheck, Undo2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api';
import type { CuratorDateRow, CuratorDates } from '../../api/curator-dates';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { formatDate } from '../../domain/format/dates';
import { useVersionsT } from './i18n';
import { problemText } from './ReplacementsDialog';

type Show = 'all' | 'moved' | 'none' | 'accepted';
const SHOWS: readonly Show[] = ['all', 'moved', 'none', 'accepted'];
const ROW = 26;

const date = (m: number | null) => (m === null ? '' : formatDate(m, 'DD.MM.YY'));

export function shownRows(rows: readonly CuratorDateRow[], show: Show): CuratorDateRow[] {
  if (show === 'all') return [...rows];
  if (show === 'accepted') return rows.filter((r) => r.state !== 'none');
  return rows.filter((r) => r.state === show);
}

interface Props {
  versionId: string;
  label: string;
  canEdit: boolean;
  onClose: () => void;
}

export function CuratorDatesDialog({ versionId, label, canEdit, onClose }: Props) {
  const { t: tr } = useVersionsT();
  const t = tr as unknown as (key: string, p?: Record<string, unknown>) => string;
  const [data, setData] = useState<CuratorDates | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [show, setShow] = useState<Show>('all');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    call(api.curatorDates.curatorDates, { params: { id: versionId } }).then(
      (d) => {
        if (live) setData(d);
      },
      (e: unknown) => {
        if (live) setError(problemText(e));
      },
    );
    return () => {
      live = false;
    };
  }, [versionId]);

  const rows = useMemo(() => (data ? shownRows(data.rows, show) : []), [data, show]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
  });

  const toggle = (id: string) =>
    setChosen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const send = async (body: { wbs_ids?: string[]; withdraw?: boolean }) => {
    setBusy(true);
    setError(null);
    try {
      setData(
        await call(
          api.curatorDates.acceptCuratorDates,
          { params: { id: versionId }, body },
          { silent: [400, 409] },
        ),
      );
      setChosen(new Set());
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };

  const keys = (e: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const go = (i: number) => {
      const n = Math.max(0, Math.min(rows.length - 1, i));
      setActive(n);
      virtual.scrollToIndex(n);
    };
    if (e.key === 'ArrowDown') go(active + 1);
    else if (e.key === 'ArrowUp') go(active - 1);
    else if (e.key === 'PageDown') go(active + 15);
    else if (e.key === 'PageUp') go(active - 15);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(rows.length - 1);
    else if (e.key === ' ') {
      const r = rows[active];
      if (r && r.start !== null) toggle(r.wbs_id);
    } else if (e.key === 'a' && (e.ctrlKey || e.metaKey))
      setChosen(new Set(rows.filter((r) => r.start !== null).map((r) => r.wbs_id)));
    else return;
    e.preventDefault();
  };

  const activeRow = rows[Math.min(active, rows.length - 1)];

  return (
    <Modal
      title={t('cd_title', { label })}
      closeLabel={t('close')}
      onClose={onClose}
      width={1040}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {t('close')}
        </button>
      }
    >
      <div className="vc">
        <p className="rp-intro">{t('cd_intro')}</p>
        {data && (
          <div className="vc-summary" data-testid="curator-summary">
            <span>{t('cd_summary', { accepted: data.accepted, total: data.rows.length })}</span>
            <span className={data.moved > 0 ? 'vc-warn' : ''}>
              {t('cd_moved_count', { count: data.moved })}
            </span>
            {data.timetable_state !== 'calculated' && (
              <span className="vc-warn">{t('cd_not_calculated')}</span>
            )}
          </div>
        )}
        {error && (
          <p className="rp-error" role="alert">
            {error}
          </p>
        )}
        <div className="vc-filters">
          <div role="radiogroup" aria-label={t('show')} className="vc-filters">
            {SHOWS.map((k) => (
              <button
                key={k}
                type="button"
                role="radio"
                aria-checked={show === k}
                className={`btn btn--sm${show === k ? ' btn--primary' : ' btn--ghost'}`}
                onClick={() => {
                  setShow(k);
                  setActive(0);
                }}
              >
                {t(`cd_show.${k}`)}
              </button>
            ))}
          </div>
          {canEdit && (
            <span className="cd-buttons">
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={busy || chosen.size === 0}
                onClick={() => void send({ wbs_ids: [...chosen] })}
              >
                <CheckCheck size={14} aria-hidden="true" />
                <span>{t('cd_accept_chosen', { count: chosen.size })}</span>
              </button>
              <button
                type="button"
                className="btn btn--sm"
                disabled={busy || !data}
                onClick={() => void send({})}
              >
                {t('cd_accept_all')}
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={busy || chosen.size === 0}
                onClick={() => void send({ wbs_ids: [...chosen], withdraw: true })}
              >
                <Undo2 size={14} aria-hidden="true" />
                <span>{t('cd_withdraw')}</span>
              </button>
            </span>
          )}
        </div>
        <div
          className="vc-table cd-table"
          role="grid"
          aria-label={t('cd_grid')}
          aria-rowcount={rows.length + 1}
        >
          <div className="vc-row vc-head cd-head" role="row">
            {(
              [
                'pick',
                'code',
                'name',
                'start',
                'finish',
                'accepted_start',
                'accepted_finish',
                'diff',
                'by',
              ] as const
            ).map((c) => (
              <div key={c} role="columnheader" className={`vc-c cd-c-${c}`}>
                {c === 'pick' ? (
                  <span className="visually-hidden">{t('cd_col.pick')}</span>
                ) : (
                  t(`cd_col.${c}`)
                )}
              </div>
            ))}
          </div>
          <div
            className="vc-body"
            ref={scroller}
            tabIndex={0}
            onKeyDown={keys}
            aria-activedescendant={activeRow ? `cd-row-${activeRow.wbs_id}` : undefined}
            aria-label={t('cd_keys')}
          >
            {!data ? (
              <p className="vc-empty">{t('rp_loading')}</p>
            ) : rows.length === 0 ? (
              <p className="vc-empty">{t('no_rows')}</p>
            ) : (
              <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
                {virtual.getVirtualItems().map((v) => {
                  const r = rows[v.index]!;
                  const diff = r.finish_diff_days;
                  const moved = r.state === 'moved';
                  return (
                    <div
                      key={v.key}
                      id={`cd-row-${r.wbs_id}`}
                      role="row"
                      aria-rowindex={v.index + 2}
                      aria-selected={chosen.has(r.wbs_id)}
                      data-code={r.code}
                      data-state={r.state}
                      className={`vc-row cd-row-${r.state}${r.node_type === 'sum' ? ' vc-sum' : ''}${v.index === active ? ' cd-active' : ''}`}
                      style={{ position: 'absolute', top: v.start, height: ROW, left: 0, right: 0 }}
                      onClick={() => setActive(v.index)}
                    >
                      <div role="gridcell" className="vc-c cd-c-pick">
                        <input
                          type="checkbox"
                          tabIndex={-1}
                          checked={chosen.has(r.wbs_id)}
                          disabled={r.start === null || !canEdit}
                          aria-label={t('cd_pick', { code: r.code || r.name })}
                          onChange={() => toggle(r.wbs_id)}
                        />
                      </div>
                      <div role="gridcell" className="vc-c cd-c-code">
                        {r.code}
                      </div>
                      <div
                        role="gridcell"
                        className="vc-c cd-c-name"
                        style={{ paddingLeft: 6 + r.depth * 12 }}
                        title={r.name}
                      >
                        {r.name}
                      </div>
                      <div
                        role="gridcell"
                        className={`vc-c cd-c-start${moved && r.start !== r.accepted_start ? ' vc-changed' : ''}`}
                      >
                        {date(r.start)}
                      </div>
                      <div
                        role="gridcell"
                        className={`vc-c cd-c-finish${moved && r.finish !== r.accepted_finish ? ' vc-changed' : ''}`}
                      >
                        {date(r.finish)}
                      </div>
                      <div role="gridcell" className="vc-c cd-c-accepted_start">
                        {date(r.accepted_start)}
                      </div>
                      <div role="gridcell" className="vc-c cd-c-accepted_finish">
                        {date(r.accepted_finish)}
                      </div>
                      <div
                        role="gridcell"
                        className={`vc-c cd-c-diff${diff !== null && diff > 0 ? ' vc-late' : diff !== null && diff < 0 ? ' vc-early' : ''}`}
                      >
                        {diff === null ? '' : diff > 0 ? `+${diff}` : String(diff)}
                      </div>
                      <div role="gridcell" className="vc-c cd-c-by" title={r.accepted_at ?? ''}>
                        {r.accepted_by ?? ''}
                      </div>
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </div>
        <p className="rp-keys">{t('cd_keys')}</p>
      </div>
    </Modal>
  );
}
