// The Timesheets screen (/{space_id}/timesheets): a person's week of works, hours and facts per
// day, submitted to the planner; the planner approves (the facts flow into the works' fact values)
// or declines. The version comes from ?version= (the space's only actual version, else a choice).
// Fact gatherers enter facts; users who can edit plans (planning_and_control, moderator) decide.
import { Clock } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { api } from '../../api';
import type { EpsTree } from '../../api/structure';
import type { Timesheet, TimesheetWork } from '../../api/wdp';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import { formatDate, formatNumber, parseNumberValue } from '../../domain/format';
import { measureOf } from '../../domain/wdp';
import { useConfirm } from '../../state/confirm';
import { useSession } from '../../state/session';
import { useToasts } from '../../state/toasts';
import { EmptyState } from '../../app/ui/StatePanels';
import { allows } from '../../domain/admin/permissions';
import { useWdpT } from './i18n';
import { TimesheetReportView } from './TimesheetReportView';
import { TimesheetWorksView } from './TimesheetWorksView';
import './wdp.css';
import './timesheets.css';

type Work = z.infer<typeof TimesheetWork>;
const today = () => Math.floor(Date.now() / 86_400_000) - 10_957;
/** Monday of the week holding `day` (day 0, 2000-01-01, was a Saturday). */
const mondayOf = (day: number) => day - ((day + 5) % 7);

function useVersions(spaceId: string) {
  const [tree, setTree] = useState<EpsTree | null>(null);
  useEffect(() => {
    let live = true;
    void call(api.eps.tree, { params: { space_id: spaceId } }).then((t) => live && setTree(t));
    return () => {
      live = false;
    };
  }, [spaceId]);
  return tree;
}

export function TimesheetsPage() {
  const { t, i18n } = useWdpT();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const me = useSession((s) => s.user?.id ?? null);
  const [params, setParams] = useSearchParams();
  const versionId = params.get('version');
  const canAssign = !!config && allows(config.permissions, 'schedules', 'edit');
  const wanted = params.get('view');
  const view = wanted === 'report' || (wanted === 'works' && canAssign) ? wanted : 'sheets';
  const show = (v: 'sheets' | 'report' | 'works') => {
    const next = new URLSearchParams(params);
    if (v === 'sheets') next.delete('view');
    else next.set('view', v);
    setParams(next);
  };
  const tree = useVersions(spaceId);
  const [sheets, setSheets] = useState<Timesheet[] | null>(null);
  const [works, setWorks] = useState<Work[]>([]);
  const push = useToasts((s) => s.push);
  const ask = useConfirm((s) => s.ask);
  const say = useCallback(
    (text: string) => push({ kind: 'success', title: t('page.title'), lines: [text], durationMs: 5000 }),
    [push, t],
  );

  const [loads, setLoads] = useState(0);
  const reload = useCallback(async () => setLoads((n) => n + 1), []);
  useEffect(() => {
    if (!versionId) return;
    let live = true;
    void call(api.wdp.timesheets, { params: { id: versionId }, query: {} }).then((res) => {
      if (!live) return;
      setSheets(res.items);
      setWorks(res.works);
    });
    return () => {
      live = false;
    };
    // Read again on each view shown: the sheets and works others changed meanwhile.
  }, [versionId, loads, view]);

  const options = useMemo(() => {
    if (!tree) return [];
    const names = new Map(tree.nodes.map((n) => [n.id, n.name]));
    return tree.versions.map((v) => ({ id: v.id, label: `${names.get(v.schedule_id) ?? ''} — ${v.label}` }));
  }, [tree]);

  // No version asked for: the space's only actual version (else its only one that is not a
  // target) is the one meant; with several, the user chooses.
  useEffect(() => {
    if (versionId || !tree) return;
    const actual = tree.versions.filter((v) => v.kind === 'actual');
    const working = tree.versions.filter((v) => v.kind !== 'target');
    const only = actual.length === 1 ? actual[0] : working.length === 1 ? working[0] : undefined;
    if (!only) return;
    const next = new URLSearchParams(params);
    next.set('version', only.id);
    setParams(next, { replace: true });
  }, [versionId, tree, params, setParams]);

  const date = (day: number, pattern = 'DD.MM.YYYY') => formatDate(day * MINUTES_PER_DAY, pattern, lang);
  const mine = (sheets ?? []).filter((s) => s.user_id === me);
  const toDecide = (sheets ?? []).filter((s) => s.user_id !== me && s.status === 'submitted');

  const newWeek = async () => {
    if (!versionId) return;
    const first = mondayOf(today());
    await call(api.wdp.createTimesheet, {
      params: { id: versionId },
      body: { first_day: first, last_day: first + 6 },
    });
    await reload();
  };
  const setStatus = async (s: Timesheet, status: Timesheet['status'], text: string) => {
    await call(api.wdp.updateTimesheet, { params: { id: s.id }, body: { status } });
    say(text);
    await reload();
  };
  const remove = async (s: Timesheet) => {
    const r = await ask({ message: t('page.delete_confirm'), danger: true, submitLabel: t('page.delete') });
    if (!r.confirmed) return;
    await call(api.wdp.deleteTimesheet, { params: { id: s.id } });
    await reload();
  };

  return (
    <main className="ts-page" aria-labelledby="ts-title">
      <div className="ts-head">
        <h1 id="ts-title" style={{ margin: 0, fontSize: 20 }}>
          {t('page.title')}
        </h1>
        <label className="ts-version">
          {t('page.version')}
          <select
            className="field__input"
            value={versionId ?? ''}
            onChange={(e) => {
              const next = new URLSearchParams(params);
              if (e.target.value) next.set('version', e.target.value);
              else next.delete('version');
              setParams(next);
            }}
            aria-label={t('page.version')}
          >
            <option value="">{t('page.choose_version')}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <div role="tablist" aria-label={t('page.views')} className="ts-views">
          {(['sheets', 'report', ...(canAssign ? ['works' as const] : [])] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              className={view === v ? 'btn btn--primary' : 'btn'}
              onClick={() => show(v)}
            >
              {t(`page.view_${v}`)}
            </button>
          ))}
        </div>
        {view === 'sheets' && versionId && config?.role_value !== 'student' && (
          <button type="button" className="btn btn--primary ts-new" onClick={() => void newWeek()}>
            {t('page.new_week')}
          </button>
        )}
      </div>
      {tree && options.length === 0 && <p>{t('page.no_versions')}</p>}
      {view === 'report' && (
        <TimesheetReportView spaceId={spaceId} versionId={versionId} today={today()} lang={lang} />
      )}
      {view === 'works' && versionId && (
        <TimesheetWorksView versionId={versionId} works={works} onSaved={reload} />
      )}
      {view !== 'report' && !versionId && options.length > 0 && (
        <EmptyState icon={Clock} title={t('page.choose_version')} hint={t('page.choose_hint')} />
      )}
      {view === 'sheets' && versionId && sheets && (
        <>
          <section aria-labelledby="ts-mine" className="ts-section">
            <h2 id="ts-mine">{t('page.mine')}</h2>
            {mine.length === 0 && <p className="wb-dim">{t('page.none')}</p>}
            {mine.map((s) => (
              <SheetView key={s.id} sheet={s} works={works} date={date} lang={lang} editable onSaved={reload}>
                {(s.status === 'draft' || s.status === 'DECLINED') && (
                  <button
                    type="button"
                    className="btn btn--primary"
                    onClick={() => void setStatus(s, 'submitted', t('page.submitted'))}
                  >
                    {t('page.submit')}
                  </button>
                )}
                {s.status !== 'APPROVED' && (
                  <button type="button" className="btn" onClick={() => void remove(s)}>
                    {t('page.delete')}
                  </button>
                )}
              </SheetView>
            ))}
          </section>
          {config?.can.edit && (
            <section aria-labelledby="ts-decide" className="ts-section">
              <h2 id="ts-decide">{t('page.to_decide')}</h2>
              {toDecide.length === 0 && <p className="wb-dim">{t('page.nothing_to_decide')}</p>}
              {toDecide.map((s) => (
                <SheetView
                  key={s.id}
                  sheet={s}
                  works={works}
                  date={date}
                  lang={lang}
                  editable={false}
                  onSaved={reload}
                >
                  <button
                    type="button"
                    className="btn btn--primary"
                    onClick={() => void setStatus(s, 'APPROVED', t('page.approved'))}
                  >
                    {t('page.approve')}
                  </button>
                  <button
                    type="button"
                    className="btn"
                    onClick={() => void setStatus(s, 'DECLINED', t('page.declined'))}
                  >
                    {t('page.decline')}
                  </button>
                </SheetView>
              ))}
            </section>
          )}
        </>
      )}
    </main>
  );
}

function SheetView(props: {
  sheet: Timesheet;
  works: readonly Work[];
  date: (day: number, pattern?: string) => string;
  lang: 'en' | 'ru';
  editable: boolean;
  onSaved: () => Promise<void>;
  children?: React.ReactNode;
}) {
  const { sheet, works, date, lang, onSaved, children } = props;
  const { t } = useWdpT();
  const editable = props.editable && (sheet.status === 'draft' || sheet.status === 'DECLINED');
  const days = Array.from({ length: sheet.last_day - sheet.first_day + 1 }, (_, i) => sheet.first_day + i);
  const firstMin = sheet.first_day * MINUTES_PER_DAY;
  const lastMin = (sheet.last_day + 1) * MINUTES_PER_DAY;
  const withValues = new Set(sheet.days.map((d) => d.item_id));
  // The works assigned to the sheet's owner (their executor), and any the sheet already reports on;
  // those scheduled in the period first.
  const inPeriod = (w: Work) =>
    w.start !== null && w.finish !== null && w.start < lastMin && w.finish > firstMin;
  const shown = works
    .filter((w) => withValues.has(w.item_id) || w.executor_id === sheet.user_id)
    .sort((a, b) => Number(inPeriod(b)) - Number(inPeriod(a)));
  const value = (item: string, day: number) => sheet.days.find((d) => d.item_id === item && d.day === day);
  const n = (x: number | null | undefined) =>
    x === null || x === undefined ? '' : formatNumber(x, { lang, decimals: 3, trimZeros: true });

  // What was typed and not yet read back: a blur right after another (hours, then Tab, then the
  // fact) builds on it rather than on a sheet the reload has not refreshed yet, and the saves go
  // one after the other, so a quick typist's hours are not overwritten by the fact's save.
  const typed = useRef(
    new Map<string, { item: string; day: number; hours: number | null; fact: number | null }>(),
  );
  // An entry goes once the sheet read back holds it (the reload after a save is not awaited by
  // the save: onSaved only asks for it).
  useEffect(() => {
    for (const [key, v] of typed.current) {
      const d = sheet.days.find((x) => x.item_id === v.item && x.day === v.day);
      if ((d?.hours ?? null) === v.hours && (d?.fact ?? null) === v.fact) typed.current.delete(key);
    }
  }, [sheet]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const save = (item: string, day: number, field: 'hours' | 'fact', text: string) => {
    const v = text.trim() === '' ? null : parseNumberValue(text);
    if (text.trim() !== '' && v === null) return;
    const key = `${item}:${day}`;
    const cell = value(item, day);
    const cur = typed.current.get(key) ?? { item, day, hours: cell?.hours ?? null, fact: cell?.fact ?? null };
    const next = { ...cur, [field]: v };
    if (next.hours === cur.hours && next.fact === cur.fact) return;
    typed.current.set(key, next);
    const run = async () => {
      try {
        await call(api.wdp.updateTimesheetDay, {
          params: { id: sheet.id },
          body: { days: [{ item_id: item, day, hours: next.hours, fact: next.fact }] },
        });
      } catch (e) {
        // Refused: what the sheet holds is what counts again.
        if (typed.current.get(key) === next) typed.current.delete(key);
        throw e;
      }
      await onSaved();
    };
    // A refused save is told by call()'s toast; the queue goes on.
    queue.current = queue.current.then(run).catch(() => undefined);
  };

  return (
    <article
      className="ts-sheet"
      aria-label={`${t('page.week_of', { date: date(sheet.first_day) })} ${sheet.user_name}`}
    >
      <h3>
        {t('page.period', { from: date(sheet.first_day), to: date(sheet.last_day) })} ·{' '}
        {t('page.by', { name: sheet.user_name })} ·{' '}
        <span data-testid="ts-status">{t(`ts.status_${sheet.status}`)}</span>
      </h3>
      {shown.length === 0 ? (
        <p className="wb-dim">{t(editable ? 'page.no_works_mine' : 'page.no_works')}</p>
      ) : (
        <table className="ts-grid">
          <thead>
            <tr>
              <th>{t('page.work')}</th>
              {days.map((d) => (
                <th key={d}>{date(d, 'DD.MM')}</th>
              ))}
              <th>{t('page.total')}</th>
              <th>{t('page.hours_total')}</th>
              <th>{t('page.cost')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((w) => {
              const mine = sheet.days.filter((d) => d.item_id === w.item_id);
              const total = mine.reduce((s, d) => s + (d.fact ?? 0), 0);
              const hours = mine.reduce((s, d) => s + (d.hours ?? 0), 0);
              // The facts' cost at the work's cost of a unit (its price, else its resources').
              const cost = w.cost === null ? null : measureOf(total, 'cost', w);
              return (
                <tr key={w.item_id}>
                  <th scope="row">
                    {w.code} {w.name} {w.unit && `(${w.unit})`}
                  </th>
                  {days.map((d) => {
                    const cell = value(w.item_id, d);
                    const weekend = (d + 5) % 7 >= 5;
                    return (
                      <td key={d} className={weekend ? 'ts-off' : ''}>
                        {editable ? (
                          <>
                            <input
                              aria-label={`${w.code} ${date(d)} ${t('page.hours')}`}
                              placeholder={t('page.hours')}
                              defaultValue={n(cell?.hours)}
                              inputMode="decimal"
                              onBlur={(e) => save(w.item_id, d, 'hours', e.target.value)}
                            />
                            <input
                              aria-label={`${w.code} ${date(d)} ${t('page.fact')}`}
                              placeholder={t('page.fact')}
                              defaultValue={n(cell?.fact)}
                              inputMode="decimal"
                              onBlur={(e) => save(w.item_id, d, 'fact', e.target.value)}
                            />
                          </>
                        ) : cell ? (
                          `${n(cell.hours)}${cell.hours !== null ? ' h' : ''} ${n(cell.fact)}`
                        ) : (
                          ''
                        )}
                      </td>
                    );
                  })}
                  <td data-testid={`ts-total-${w.code}`}>{n(total)}</td>
                  <td data-testid={`ts-hours-${w.code}`}>{n(hours)}</td>
                  <td data-testid={`ts-cost-${w.code}`}>{cost === null ? '—' : n(cost)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {!editable && props.editable && (
        <p className="wb-dim">{t('page.read_only', { status: t(`ts.status_${sheet.status}`) })}</p>
      )}
      <div className="ts-actions">{children}</div>
    </article>
  );
}
