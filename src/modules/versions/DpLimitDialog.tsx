// The limit for daily plans of a schedule (GET schedules/{id}/limit-for-dp): how many days before
// the key date (today) its planned and actual days stay editable, and where that comes from; the
// schedule's own days are set here (PATCH schedules/{id}/settings; empty = the space's).

import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api';
import type { DpLimit } from '../../api/curator-dates';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { formatDate } from '../../domain/format/dates';
import { useVersionsT } from './i18n';
import { problemText } from './ReplacementsDialog';

const dayText = (day: number | null) => (day === null ? null : formatDate(day * 1440, 'DD.MM.YYYY'));

/** A typed number of days: empty is null (the space's), else a whole number 0…3650, else undefined. */
export function parseDays(text: string): number | null | undefined {
  const s = text.trim();
  if (s === '') return null;
  if (!/^\d+$/.test(s)) return undefined;
  const n = Number(s);
  return n <= 3650 ? n : undefined;
}

interface Props {
  scheduleId: string;
  scheduleName: string;
  canEdit: boolean;
  onClose: () => void;
}

export function DpLimitDialog({ scheduleId, scheduleName, canEdit, onClose }: Props) {
  const { t: tr } = useVersionsT();
  const t = tr as unknown as (key: string, p?: Record<string, unknown>) => string;
  const [limit, setLimit] = useState<DpLimit | null>(null);
  const [plan, setPlan] = useState('');
  const [fact, setFact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const show = (l: DpLimit) => {
    setLimit(l);
    setPlan(l.schedule_plan_edit_days === null ? '' : String(l.schedule_plan_edit_days));
    setFact(l.schedule_fact_edit_days === null ? '' : String(l.schedule_fact_edit_days));
  };

  useEffect(() => {
    let live = true;
    call(api.scheduleSettings.limitForDp, { params: { id: scheduleId } }).then(
      (l) => {
        if (live) show(l);
      },
      (e: unknown) => {
        if (live) setError(problemText(e));
      },
    );
    return () => {
      live = false;
    };
  }, [scheduleId]);

  const p = parseDays(plan);
  const f = parseDays(fact);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (p === undefined || f === undefined) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      show(
        await call(
          api.scheduleSettings.settings,
          { params: { id: scheduleId }, body: { plan_edit_days: p, fact_edit_days: f } },
          { silent: [400] },
        ),
      );
      setSaved(true);
    } catch (err) {
      setError(problemText(err));
    } finally {
      setBusy(false);
    }
  };

  const line = (kind: 'plan' | 'fact') => {
    if (!limit) return null;
    const from = kind === 'plan' ? limit.plan_from : limit.fact_from;
    const days = kind === 'plan' ? limit.plan_edit_days : limit.fact_edit_days;
    const source = kind === 'plan' ? limit.plan_source : limit.fact_source;
    return (
      <li data-testid={`dp-${kind}`}>
        {from === null ? t(`dp_${kind}_open`) : t(`dp_${kind}_from`, { date: dayText(from), days })}{' '}
        <span className="dp-source">({t(`dp_source.${source}`)})</span>
      </li>
    );
  };

  const spaceDays = (d: number | null) => (d === null ? t('dp_no_limit') : String(d));

  return (
    <Modal
      title={t('dp_title', { schedule: scheduleName })}
      closeLabel={t('close')}
      onClose={onClose}
      width={520}
    >
      <form className="vc-copy" onSubmit={(e) => void save(e)}>
        <p className="rp-intro">{t('dp_intro', { date: limit ? dayText(limit.key_day) : '' })}</p>
        <ul className="dp-lines" aria-live="polite">
          {line('plan')}
          {line('fact')}
        </ul>
        {limit && (
          <>
            <label className="vc-field">
              <span>{t('dp_plan_days')}</span>
              <input
                inputMode="numeric"
                value={plan}
                disabled={!canEdit}
                placeholder={
                  limit ? t('dp_space_value', { days: spaceDays(limit.space_plan_edit_days) }) : ''
                }
                aria-invalid={p === undefined}
                // Shown once the limit is read: the focus goes to it then.
                autoFocus
                onChange={(e) => {
                  setPlan(e.target.value);
                  setSaved(false);
                }}
              />
            </label>
            <label className="vc-field">
              <span>{t('dp_fact_days')}</span>
              <input
                inputMode="numeric"
                value={fact}
                disabled={!canEdit}
                placeholder={
                  limit ? t('dp_space_value', { days: spaceDays(limit.space_fact_edit_days) }) : ''
                }
                aria-invalid={f === undefined}
                onChange={(e) => {
                  setFact(e.target.value);
                  setSaved(false);
                }}
              />
            </label>
          </>
        )}
        <p className="rp-keys">{t('dp_hint')}</p>
        {(p === undefined || f === undefined) && (
          <p className="rp-error" role="alert">
            {t('dp_bad_days')}
          </p>
        )}
        {error && (
          <p className="rp-error" role="alert">
            {error}
          </p>
        )}
        {saved && <p role="status">{t('dp_saved')}</p>}
        <div className="dp-buttons">
          <button type="button" className="btn" onClick={onClose}>
            {t('close')}
          </button>
          {canEdit && (
            <button
              type="submit"
              className="btn btn--primary"
              disabled={busy || !limit || p === undefined || f === undefined}
            >
              {t('rp_save')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
