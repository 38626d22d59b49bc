// /{space_id}/calendars: the calendars of the space on the left; the chosen one's editor on the
// right (name, work week, hours, holidays and exceptions on a month or a year view). Saving a calendar that
// versions use asks first, naming how many, since the server recalculates them.
import { CalendarDays, Copy, Plus, Save, Star, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { Calendar } from '../../api/calendars';
import { confirm } from '../../app/dialogs/confirm';
import type { SpaceContext } from '../../app/layout/MainLayout';
import {
  type Interval,
  formatIntervals,
  parseIntervals,
  patternHours,
  setException,
  toggleDay,
} from '../../domain/calendar-edit';
import { useToasts } from '../../state/toasts';
import * as calApi from './api';
import { useCalendarsT } from './i18n';
import { MonthView } from './MonthView';
import { YearView } from './YearView';
import { WeekEditor } from './WeekEditor';
import '../directories/directories.css';
import './calendars.css';
import { EmptyState, Loading } from '../../app/ui/StatePanels';

/** The editor's state: the calendar as typed, with the week as texts so nothing typed is lost. */
interface Draft {
  name: string;
  weekTexts: string[];
  week: Interval[][];
  exceptions: Calendar['exceptions'];
  hours_per_day: string;
  hours_per_week: string;
  hours_per_month: string;
}

const STANDARD_DAY = [
  { start: 480, end: 720 },
  { start: 780, end: 1020 },
];

const draftOf = (
  c: Pick<Calendar, 'name' | 'week' | 'exceptions' | 'hours_per_day' | 'hours_per_week' | 'hours_per_month'>,
): Draft => ({
  name: c.name,
  weekTexts: c.week.map(formatIntervals),
  week: c.week,
  exceptions: c.exceptions,
  hours_per_day: String(c.hours_per_day),
  hours_per_week: String(c.hours_per_week),
  hours_per_month: String(c.hours_per_month),
});

const num = (s: string) => Number(s.replace(',', '.'));

/** The body to save, or null while a field does not read. */
function bodyOf(d: Draft): calApi.CalendarBody | null {
  const week = d.weekTexts.map(parseIntervals);
  if (week.some((w) => w === null)) return null;
  const h = [num(d.hours_per_day), num(d.hours_per_week), num(d.hours_per_month)];
  if (h.some((x) => !Number.isFinite(x) || x <= 0) || !d.name.trim()) return null;
  return {
    name: d.name.trim(),
    week: week as Interval[][],
    exceptions: d.exceptions,
    hours_per_day: h[0]!,
    hours_per_week: h[1]!,
    hours_per_month: h[2]!,
  };
}

export function CalendarsPage() {
  const { t } = useCalendarsT();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const canEdit = config?.can.edit ?? false;
  const [list, setList] = useState<Calendar[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  // What the user typed, on top of the calendar it started from (a reload or another choice
  // shows the stored calendar again).
  const [edited, setEdited] = useState<{ base: Calendar; draft: Draft } | null>(null);
  const [busy, setBusy] = useState(false);
  // Holidays and exceptions on a month, or on the whole year.
  const [view, setView] = useState<'month' | 'year'>('month');
  const calendar = list?.find((c) => c.id === selected) ?? null;

  const draft = calendar ? (edited && edited.base === calendar ? edited.draft : draftOf(calendar)) : null;
  const setDraft = (d: Draft) => calendar && setEdited({ base: calendar, draft: d });

  const reload = async () => {
    const l = await calApi.listCalendars();
    setList(l);
    return l;
  };
  useEffect(() => {
    let live = true;
    calApi.listCalendars().then(
      (l) => {
        if (!live) return;
        setList(l);
        setSelected((s) => s ?? l.find((c) => c.is_default)?.id ?? l[0]?.id ?? null);
      },
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [spaceId]);

  const body = draft ? bodyOf(draft) : null;
  const dirty = !!draft && !!calendar && JSON.stringify(draftOf(calendar)) !== JSON.stringify(draft);
  const toast = (title: string, line?: string) =>
    useToasts.getState().push({ kind: 'success', title, lines: line ? [line] : [], durationMs: 4000 });

  const edit = (f: (d: Draft) => Draft) => {
    if (draft) setDraft(f(draft));
  };
  const setWeekday = (w: number, text: string) =>
    edit((d) => {
      const weekTexts = d.weekTexts.map((x, i) => (i === w ? text : x));
      const parsed = parseIntervals(text);
      return { ...d, weekTexts, week: parsed ? d.week.map((x, i) => (i === w ? parsed : x)) : d.week };
    });

  async function save() {
    if (!calendar || !body) return;
    const users = await calApi.calendarUsage(calendar.id).catch(() => null);
    if (users === null) return;
    if (users.length > 0) {
      const names = users
        .slice(0, 5)
        .map((u) => `${u.schedule_name} / ${u.label}`)
        .join(', ');
      const { confirmed } = await confirm({
        title: t('confirm_title'),
        message: t('confirm_message', {
          count: users.length,
          names: users.length > 5 ? `${names} …` : names,
        }),
        submitLabel: t('save'),
      });
      if (!confirmed) return;
    }
    setBusy(true);
    try {
      const saved = await calApi.updateCalendar(calendar.id, body);
      await reload();
      toast(
        t('saved'),
        saved.recalculating.length ? t('recalculating', { count: saved.recalculating.length }) : undefined,
      );
    } catch {
      // The API client showed the refusal; the draft stays as typed.
    } finally {
      setBusy(false);
    }
  }

  async function create(source: Calendar | null) {
    const n = (list?.length ?? 0) + 1;
    const input = source
      ? { ...bodyOf(draftOf(source))!, name: t('copy_of', { name: source.name }).slice(0, 32) }
      : {
          name: t('new_name', { n }),
          week: [[], STANDARD_DAY, STANDARD_DAY, STANDARD_DAY, STANDARD_DAY, STANDARD_DAY, []],
          exceptions: [],
          hours_per_day: 8,
          hours_per_week: 40,
          hours_per_month: 173.33,
        };
    const c = await calApi.createCalendar(input).catch(() => null);
    if (!c) return;
    await reload();
    setSelected(c.id);
  }

  async function remove() {
    if (!calendar) return;
    const { confirmed } = await confirm({
      title: t('delete_title'),
      message: t('delete_message', { name: calendar.name }),
      submitLabel: t('delete'),
      danger: true,
    });
    if (!confirmed) return;
    const ok = await calApi.deleteCalendar(calendar.id).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const l = await reload();
    setSelected(l.find((c) => c.is_default)?.id ?? l[0]?.id ?? null);
  }

  async function makeDefault() {
    if (!calendar) return;
    await calApi.setDefaultCalendar(calendar.id).catch(() => undefined);
    await reload();
  }

  const fromPattern = () =>
    edit((d) => {
      const h = patternHours(d.week);
      return {
        ...d,
        hours_per_day: String(h.day),
        hours_per_week: String(h.week),
        hours_per_month: String(h.month),
      };
    });

  return (
    <div className="dirs">
      <div className="structure__head">
        <h1 className="structure__title">{t('title')}</h1>
      </div>
      <div className="toolbar">
        {canEdit ? (
          <>
            <button type="button" className="btn btn--sm" onClick={() => void create(null)}>
              <Plus size={15} aria-hidden="true" />
              {t('new')}
            </button>
            {calendar ? (
              <>
                <button type="button" className="btn btn--sm" onClick={() => void create(calendar)}>
                  <Copy size={15} aria-hidden="true" />
                  {t('copy')}
                </button>
                <button
                  type="button"
                  className="btn btn--sm"
                  disabled={calendar.is_default}
                  onClick={() => void makeDefault()}
                >
                  <Star size={15} aria-hidden="true" />
                  {t('set_default')}
                </button>
                <button
                  type="button"
                  className="btn btn--sm btn--danger"
                  disabled={calendar.is_default}
                  onClick={() => void remove()}
                >
                  <Trash2 size={15} aria-hidden="true" />
                  {t('delete')}
                </button>
                <span className="toolbar__sep" />
                <button
                  type="button"
                  className="btn btn--sm btn--primary"
                  disabled={!dirty || !body || busy}
                  onClick={() => void save()}
                >
                  {busy ? (
                    <span className="spinner" aria-hidden="true" />
                  ) : (
                    <Save size={15} aria-hidden="true" />
                  )}
                  {t('save')}
                </button>
                <button
                  type="button"
                  className="btn btn--sm"
                  disabled={!dirty}
                  onClick={() => setDraft(draftOf(calendar))}
                >
                  <Undo2 size={15} aria-hidden="true" />
                  {t('revert')}
                </button>
                {dirty ? <span className="cal-dirty">{t('unsaved')}</span> : null}
              </>
            ) : null}
          </>
        ) : null}
      </div>
      <div className="dirs__body">
        <nav className="dirs__list" aria-label={t('list_label')}>
          {list === null ? (
            <Loading />
          ) : (
            list.map((c) => (
              <button
                key={c.id}
                type="button"
                className={`dirs__item${c.id === selected ? ' dirs__item--on' : ''}`}
                aria-current={c.id === selected ? 'true' : undefined}
                onClick={() => setSelected(c.id)}
              >
                <span className="dirs__name">
                  {c.name} {c.is_default ? <span className="badge">{t('default')}</span> : null}
                </span>
                <span className="dirs__meta">
                  {c.hours_per_day} h · {t('exception_count', { count: c.exceptions.length })}
                </span>
              </button>
            ))
          )}
        </nav>
        <section className="cal-editor">
          {draft && calendar ? (
            <>
              <div className="cal-editor__col">
                <label className="field">
                  <span className="field__label">{t('name')}</span>
                  <input
                    className="field__input"
                    value={draft.name}
                    maxLength={32}
                    readOnly={!canEdit}
                    aria-invalid={!draft.name.trim()}
                    onChange={(e) => edit((d) => ({ ...d, name: e.target.value }))}
                  />
                </label>
                <WeekEditor texts={draft.weekTexts} canEdit={canEdit} onChange={setWeekday} />
                <div className="cal-hours">
                  {(['hours_per_day', 'hours_per_week', 'hours_per_month'] as const).map((k) => (
                    <label key={k} className="field">
                      <span className="field__label">{t(k)}</span>
                      <input
                        className="field__input"
                        inputMode="decimal"
                        value={draft[k]}
                        readOnly={!canEdit}
                        aria-invalid={!(num(draft[k]) > 0)}
                        onChange={(e) => edit((d) => ({ ...d, [k]: e.target.value }))}
                      />
                    </label>
                  ))}
                  {canEdit ? (
                    <button type="button" className="btn btn--sm" onClick={fromPattern}>
                      {t('from_pattern')}
                    </button>
                  ) : null}
                </div>
              </div>
              <div className={`cal-editor__col${view === 'year' ? ' cal-editor__col--wide' : ''}`}>
                <div className="cal-editor__bar">
                  <h2 className="cal-editor__h">{t('exceptions')}</h2>
                  <div className="cal-views" role="group" aria-label={t('view_label')}>
                    {(['month', 'year'] as const).map((v) => (
                      <button
                        key={v}
                        type="button"
                        className={`btn btn--sm${view === v ? ' btn--primary' : ''}`}
                        aria-pressed={view === v}
                        onClick={() => setView(v)}
                      >
                        {t(`view_${v}`)}
                      </button>
                    ))}
                  </div>
                </div>
                <p className="field__hint">{t('exceptions_hint')}</p>
                {view === 'year' ? (
                  <YearView
                    cal={draft}
                    canEdit={canEdit}
                    onToggle={(day) => edit((d) => toggleDay(d, day))}
                    onSetDay={(day, intervals) => edit((d) => setException(d, day, intervals))}
                  />
                ) : (
                  <MonthView
                    cal={draft}
                    canEdit={canEdit}
                    onToggle={(day) => edit((d) => toggleDay(d, day))}
                    onSetDay={(day, intervals) => edit((d) => setException(d, day, intervals))}
                  />
                )}
              </div>
            </>
          ) : list && list.length === 0 ? (
            <EmptyState icon={CalendarDays} title={t('empty')} hint={t('empty_hint')} />
          ) : (
            <p className="empty-text">{t('pick')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
