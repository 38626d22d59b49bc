// The print of a dashboard, on the print route: /{space_id}/analytics/print/dashboard.{scope}.{id}/{format}.
// The server draws the dashboard's charts (its active preset) as vectors on sheets of the chosen
// format — a built-in one or the user's own — with header and footer titles; the page images on
// the right are the server's drawing of the same pages (SVG), and Print PDF runs the print job
// with a progress bar and downloads the PDF.
import { ArrowLeft, Printer } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AnalyticsLevel } from '../../api/analytics';
import type { DashboardPrintBody, DashboardPrintCount, SheetFormat } from '../../api/print';
import { printRoutes as routes } from '../../api/print';
import { call } from '../../app/api/call';
import { Loading } from '../../app/ui/StatePanels';
import { defaultDashboardTitles } from '../../domain/print/dashboard-layout';
import type { TitleSet } from '../../domain/print/settings';
import { download } from '../transfer/api';
import { ProgressBar } from '../transfer/ProgressBar';
import { watchJob } from '../transfer/jobs';
import { toastDone, toastFailed } from '../transfer/toasts';
import { loadPresets } from './api';
import { ErrorLines, PagePager, TitleEditor } from './PrintPanel';
import { usePrintT } from './i18n';
import './print.css';

const LEVELS: readonly AnalyticsLevel[] = ['space', 'facility', 'project', 'schedule', 'version'];

/** `dashboard.{scope}.{id}` of the print route's value, or null. */
export function dashboardValue(value: string): { scope: AnalyticsLevel; id: string } | null {
  const m = /^dashboard\.([a-z]+)\.([0-9a-f-]{36})$/i.exec(value);
  const scope = m?.[1] as AnalyticsLevel | undefined;
  return m && scope && LEVELS.includes(scope) ? { scope, id: m[2]! } : null;
}

const silent = { silent: true };

export function DashboardPrintPanel({
  spaceId,
  value,
  format,
}: {
  spaceId: string;
  value: string;
  format: string;
}) {
  const { t, i18n } = usePrintT();
  const navigate = useNavigate();
  const lang = i18n.language.startsWith('ru') ? 'ru' : 'en';
  const target = dashboardValue(value);
  const [formats, setFormats] = useState<SheetFormat[] | null>(null);
  // The default titles follow the language until the user edits them.
  const [edited, setTitles] = useState<{ header: TitleSet; footer: TitleSet } | null>(null);
  const titles = useMemo(() => edited ?? defaultDashboardTitles(lang), [edited, lang]);
  const [count, setCount] = useState<DashboardPrintCount | null>(null);
  const [page, setPage] = useState(0);
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const stopWatch = useRef<(() => void) | null>(null);

  useEffect(() => {
    let live = true;
    void loadPresets().then(
      (p) => live && setFormats([...p.builtin, ...p.items]),
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
      stopWatch.current?.();
    };
  }, []);

  const sheet = formats?.find((f) => f.name.toLowerCase() === format.toLowerCase()) ?? null;
  const body = useMemo<DashboardPrintBody | null>(
    () =>
      target && sheet
        ? {
            scope: target.scope,
            id: target.id,
            format: sheet.name,
            header: titles.header,
            footer: titles.footer,
          }
        : null,
    // target is parsed from value on every render; its parts are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [target?.scope, target?.id, sheet, titles],
  );

  // Page count and the page image follow the titles and the format (debounced).
  useEffect(() => {
    if (!body) return;
    let live = true;
    const timer = setTimeout(() => {
      void call(routes.dashboardCount, { body }, silent).then(
        (c) => {
          if (!live) return;
          setCount(c);
          setError(null);
          const p = Math.min(page, c.pages - 1);
          if (p !== page) setPage(p);
          return call(routes.dashboardPreview, { body: { ...body, page: p } }, silent).then((blob) => {
            if (!live) return;
            setImage((old) => {
              if (old) URL.revokeObjectURL(old);
              return URL.createObjectURL(blob);
            });
          });
        },
        (err: unknown) => live && setError(err),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The server draws in the caller's language: a change of language draws again.
  }, [body, page, lang]);

  if (!target) return <div className="print__error">{t('dashboard.unknown', { value })}</div>;
  if (formats && !sheet) return <div className="print__error">{t('dashboard.no_format', { format })}</div>;
  if (!formats || !body) return error ? <ErrorLines error={error} t={t} /> : <Loading />;

  const print = async () => {
    try {
      const job = await call(routes.dashboardPrint, { body }, silent);
      setProgress(0);
      stopWatch.current = watchJob(job, (j) => {
        setProgress(j.progress);
        if (j.state === 'done' && j.file_id) {
          setProgress(null);
          const name = `dashboard-${target.scope}-${sheet!.name}.pdf`;
          void download({
            id: j.file_id,
            name,
            kind: 'temp',
            mime: 'application/pdf',
            size: 0,
            schedule_id: null,
            version_id: null,
            created_at: new Date().toISOString(),
            download_url: '',
          }).then(() => toastDone(t('print_done'), t('print_done_text', { name })));
        } else if (j.state === 'failed' || j.state === 'stopped') {
          setProgress(null);
          toastFailed(t('print_failed'), j.errors, t('print_failed'));
        }
      });
    } catch (err) {
      toastFailed(t('print_failed'), err, t('print_failed'));
    }
  };

  const pages = count?.pages ?? 0;
  return (
    <div className="print-page" data-testid="dashboard-print">
      <header className="print-page__head">
        <Link
          className="btn btn--ghost btn--sm"
          to={`/${spaceId}/analytics/${target.scope}/${target.id}`}
          aria-label={t('dashboard.back')}
          title={t('dashboard.back')}
        >
          <ArrowLeft size={15} aria-hidden="true" />
        </Link>
        <h2>
          {t('dashboard.title')} · {t(`dashboard.scope.${target.scope}`)}
        </h2>
      </header>
      <div className="print">
        <form className="print__form" onSubmit={(e) => e.preventDefault()}>
          <label className="field">
            <span className="field__label">{t('format')}</span>
            <select
              className="field__input"
              data-testid="dashboard-print-format"
              value={sheet!.name}
              onChange={(e) =>
                navigate(`/${spaceId}/analytics/print/${value}/${encodeURIComponent(e.target.value)}`)
              }
            >
              {formats.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.name} — {t('format_mm', { w: f.width_mm, h: f.height_mm })}
                </option>
              ))}
            </select>
          </label>
          <p className="field__hint">{t('dashboard.charts_hint')}</p>
          <TitleEditor
            id="header"
            label={t('header')}
            set={titles.header}
            t={t}
            onChange={(header) => setTitles({ ...titles, header })}
          />
          <TitleEditor
            id="footer"
            label={t('footer')}
            set={titles.footer}
            t={t}
            onChange={(footer) => setTitles({ ...titles, footer })}
          />
          <p className="field__hint">{t('values_hint')}</p>
          <div className="print__actions">
            <button
              type="button"
              className="btn btn--primary"
              data-testid="dashboard-print-run"
              disabled={progress !== null || !!error}
              onClick={() => void print()}
            >
              <Printer size={15} aria-hidden="true" />
              <span>{t('print')}</span>
            </button>
          </div>
          {progress !== null ? (
            <ProgressBar percent={progress} label={t('printing', { percent: progress })} />
          ) : null}
        </form>
        <section className="print__preview" aria-label={t('preview')}>
          <div className="print__pager">
            <PagePager page={page} pages={pages} setPage={setPage} t={t} />
            {count ? (
              <span className="print__summary" data-testid="dashboard-print-count">
                {t('dashboard.summary', { pages: count.pages, format: sheet!.name, columns: count.columns })}
              </span>
            ) : null}
          </div>
          {error ? (
            <ErrorLines error={error} t={t} />
          ) : image ? (
            <img
              className="print__page"
              src={image}
              alt={t('preview_alt', { page: page + 1 })}
              data-testid="print-preview"
            />
          ) : (
            <Loading />
          )}
        </section>
      </div>
    </div>
  );
}
