// The Timesheets screen's Report view (issue 18, the spec's timesheet reports): the hours and facts
// people gathered on timesheets over a period (a month by default), per person and work with the
// days' facts, each person's totals, filtered by version, person and status, exported as XLSX or
// CSV (GET space/{id}/timesheet-report[/export]). A fact gatherer sees their own lines only.
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api';
import type { TimesheetReport } from '../../api/wdp';
import { call } from '../../app/api/call';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import { formatDate, formatNumber } from '../../domain/format';
import { saveBlob } from '../directories/api';
import { useWdpT } from './i18n';

const EPOCH = 10_957;
const isoOf = (day: number) => new Date((day + EPOCH) * 86_400_000).toISOString().slice(0, 10);
const dayOf = (iso: string) => {
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(t) ? Math.floor(t / 86_400_000) - EPOCH : null;
};
/** The first and last day of the month holding `day`. */
function monthOf(day: number): [number, number] {
  const d = new Date((day + EPOCH) * 86_400_000);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 86_400_000 - EPOCH;
  const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) / 86_400_000 - EPOCH;
  return [first, last];
}

const STATUSES = ['', 'draft', 'submitted', 'APPROVED', 'DECLINED'] as const;

export function TimesheetReportView(props: {
  spaceId: string;
  versionId: string | null;
  today: number;
  lang: 'en' | 'ru';
}) {
  const { spaceId, versionId, lang } = props;
  const { t } = useWdpT();
  const [[from, to], setPeriod] = useState<[number, number]>(() => monthOf(props.today));
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('');
  const [person, setPerson] = useState('');
  const [onlyVersion, setOnlyVersion] = useState(true);
  const [report, setReport] = useState<TimesheetReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const query = useMemo(
    () => ({
      from,
      to,
      ...(status ? { status } : {}),
      ...(person ? { user_id: person } : {}),
      ...(onlyVersion && versionId ? { version_id: versionId } : {}),
    }),
    [from, to, status, person, onlyVersion, versionId],
  );
  // People to choose from: those of the last answer without a person filter, kept while filtering.
  const [people, setPeople] = useState<{ user_id: string; user_name: string }[]>([]);
  useEffect(() => {
    let live = true;
    call(api.wdp.timesheetReport, { params: { space_id: spaceId }, query }, { silent: true })
      .then((r) => {
        if (!live) return;
        setReport(r);
        setError(null);
        if (!query.user_id) setPeople(r.people.map((p) => ({ user_id: p.user_id, user_name: p.user_name })));
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [spaceId, query]);

  const n = (x: number | null) =>
    x === null ? '—' : formatNumber(x, { lang, decimals: 3, trimZeros: true });
  const date = (day: number, pattern = 'DD.MM.YYYY') => formatDate(day * MINUTES_PER_DAY, pattern, lang);
  const days = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const download = async (format: 'xlsx' | 'csv') => {
    const blob = await call(api.wdp.exportTimesheetReport, {
      params: { space_id: spaceId },
      query: { ...query, format },
    });
    saveBlob(blob, `${t('report.file')} ${isoOf(from)} – ${isoOf(to)}.${format}`);
  };
  const setFrom = (iso: string) => {
    const d = dayOf(iso);
    if (d !== null) setPeriod([d, Math.max(d, to)]);
  };
  const setTo = (iso: string) => {
    const d = dayOf(iso);
    if (d !== null) setPeriod([Math.min(from, d), d]);
  };

  return (
    <section aria-labelledby="ts-report" className="ts-report">
      <h2 id="ts-report">{t('report.title')}</h2>
      <div className="ts-filters">
        <label>
          {t('report.from')}{' '}
          <input type="date" value={isoOf(from)} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t('report.to')} <input type="date" value={isoOf(to)} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="button" className="btn" onClick={() => setPeriod(monthOf(from - 1))}>
          {t('report.prev_month')}
        </button>
        <button type="button" className="btn" onClick={() => setPeriod(monthOf(to + 1))}>
          {t('report.next_month')}
        </button>
        <label>
          {t('report.status')}{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s ? t(`ts.status_${s}`) : t('report.any_status')}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('report.person')}{' '}
          <select value={person} onChange={(e) => setPerson(e.target.value)}>
            <option value="">{t('report.everyone')}</option>
            {people.map((p) => (
              <option key={p.user_id} value={p.user_id}>
                {p.user_name}
              </option>
            ))}
          </select>
        </label>
        {versionId && (
          <label>
            <input type="checkbox" checked={onlyVersion} onChange={(e) => setOnlyVersion(e.target.checked)} />{' '}
            {t('report.only_version')}
          </label>
        )}
        <button type="button" className="btn" onClick={() => void download('xlsx')}>
          {t('report.export_xlsx')}
        </button>
        <button type="button" className="btn" onClick={() => void download('csv')}>
          {t('report.export_csv')}
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
      {report && report.lines.length === 0 && (
        <p className="wb-dim">{t('report.empty', { from: date(from), to: date(to) })}</p>
      )}
      {report && report.lines.length > 0 && (
        <div className="ts-report-scroll">
          <table className="ts-grid ts-report-grid" aria-label={t('report.title')}>
            <thead>
              <tr>
                <th>{t('page.work')}</th>
                <th>{t('report.unit')}</th>
                <th>{t('page.hours_total')}</th>
                <th>{t('report.fact')}</th>
                <th>{t('page.cost')}</th>
                {days.map((d) => (
                  <th key={d} className={(d + 5) % 7 >= 5 ? 'ts-off' : ''}>
                    {date(d, 'DD.MM')}
                  </th>
                ))}
              </tr>
            </thead>
            {report.people.map((p) => (
              <tbody key={p.user_id} data-testid={`ts-report-${p.user_id}`}>
                <tr className="ts-person">
                  <th scope="rowgroup" colSpan={2}>
                    {p.user_name} · {t('report.works', { count: p.works })}
                  </th>
                  <td data-testid="ts-report-hours">{n(p.hours)}</td>
                  <td />
                  <td data-testid="ts-report-cost">{n(p.cost)}</td>
                  <td colSpan={days.length} />
                </tr>
                {report.lines
                  .filter((l) => l.user_id === p.user_id)
                  .map((l) => {
                    const byDay = new Map(l.days.map((d) => [d.day, d]));
                    return (
                      <tr key={`${l.version_id}|${l.item_id}`} data-testid={`ts-report-line-${l.code}`}>
                        <th scope="row" title={`${l.schedule_name} — ${l.version_label}`}>
                          {l.code} {l.name}
                        </th>
                        <td>{l.unit}</td>
                        <td>{n(l.hours)}</td>
                        <td data-testid="ts-report-fact">{n(l.fact)}</td>
                        <td>{n(l.cost)}</td>
                        {days.map((d) => {
                          const v = byDay.get(d);
                          return (
                            <td
                              key={d}
                              className={(d + 5) % 7 >= 5 ? 'ts-off' : ''}
                              title={
                                v?.hours !== null && v?.hours !== undefined ? `${n(v.hours)} h` : undefined
                              }
                            >
                              {v && v.fact !== null ? n(v.fact) : ''}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </section>
  );
}
