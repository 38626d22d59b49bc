// The print layout: sheet format (built-in or the user's own), fit, columns, header and footer
// titles (special first, default, special last page; left, centre, right; text size), a last
// cyclogram page, legend and relations on the left; the server-drawn page images (SVG, exactly what the PDF prints) on
// the right; Print runs a print_version job with progress and downloads the PDF.
import { ChevronLeft, ChevronRight, Printer, Save, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PrintCount, PrintPreset, PrintSettings, SheetFormat } from '../../api/print';
import { PRINT_COLUMNS } from '../../domain/print/settings';
import type { PrintColumn, TitleParts, TitleSet } from '../../domain/print/settings';
import type { GridIndicator } from '../../domain/indicators/grid-filter';
import { Loading } from '../../app/ui/StatePanels';
import { download } from '../transfer/api';
import { ProgressBar } from '../transfer/ProgressBar';
import { watchJob } from '../transfer/jobs';
import { toastDone, toastFailed } from '../transfer/toasts';
import {
  countPages,
  createPreset,
  loadPresets,
  loadPrintSettings,
  previewPage,
  removePreset,
  savePrintSettings,
  startPrint,
} from './api';
import { CyclogramPageChoice } from './CyclogramPageChoice';
import { usePrintT } from './i18n';
import './print.css';

type T = ReturnType<typeof usePrintT>['t'];
const blankTitle: TitleParts = { left: '', center: '', right: '' };

function TitleRow({
  label,
  parts,
  onChange,
  t,
  id,
}: {
  label: string;
  parts: TitleParts;
  onChange: (p: TitleParts) => void;
  t: T;
  id: string;
}) {
  return (
    <div className="print__title-row">
      <span className="print__sub">{label}</span>
      {(['left', 'center', 'right'] as const).map((k) => (
        <input
          key={k}
          className="field__input"
          aria-label={`${label}: ${t(k)}`}
          data-testid={`${id}-${k}`}
          placeholder={t(k)}
          maxLength={200}
          value={parts[k]}
          onChange={(e) => onChange({ ...parts, [k]: e.target.value })}
        />
      ))}
    </div>
  );
}

export function TitleEditor({
  label,
  set,
  onChange,
  t,
  id,
}: {
  label: string;
  set: TitleSet;
  onChange: (s: TitleSet) => void;
  t: T;
  id: string;
}) {
  return (
    <fieldset className="print__group">
      <legend>{label}</legend>
      <label className="print__inline">
        {t('text_size')}
        <input
          type="number"
          className="field__input print__num"
          min={4}
          max={48}
          value={set.size}
          onChange={(e) => onChange({ ...set, size: Number(e.target.value) || 4 })}
        />
      </label>
      <TitleRow
        id={`${id}-default`}
        label={t('default_pages')}
        parts={set.default}
        t={t}
        onChange={(p) => onChange({ ...set, default: p })}
      />
      {(['first', 'last'] as const).map((which) => (
        <div key={which}>
          <label className="print__inline">
            <input
              type="checkbox"
              checked={set[which] !== null}
              onChange={(e) => onChange({ ...set, [which]: e.target.checked ? { ...blankTitle } : null })}
            />
            {t(which === 'first' ? 'first_page' : 'last_page')}
          </label>
          {set[which] ? (
            <TitleRow
              id={`${id}-${which}`}
              label={t(which === 'first' ? 'first_page' : 'last_page')}
              parts={set[which]}
              t={t}
              onChange={(p) => onChange({ ...set, [which]: p })}
            />
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}

const sameFormat = (a: SheetFormat, b: SheetFormat) => a.name.toLowerCase() === b.name.toLowerCase();

export function PrintPanel({
  versionId,
  formatName,
  pageFilter = null,
  pageIndicator = null,
  pageTarget = null,
}: {
  versionId: string;
  formatName?: string;
  /**
   * The schedule page's filter (JSON) and indicator filter, printed when the box is ticked (it
   * is at first); the indicator compares with the page's target version.
   */
  pageFilter?: string | null;
  pageIndicator?: GridIndicator | null;
  pageTarget?: string | null;
}) {
  const { t } = usePrintT();
  const [saved, setSettings] = useState<PrintSettings | null>(null);
  const [useFilter, setUseFilter] = useState(true);
  // What the calls print: the saved settings with the page's filter (never saved with them).
  const settings = useMemo(
    () =>
      saved && {
        ...saved,
        filter: useFilter && pageFilter ? pageFilter : null,
        filter_indicator: useFilter && pageIndicator ? pageIndicator : null,
        filter_target: useFilter && pageIndicator && pageTarget ? pageTarget : null,
      },
    [saved, useFilter, pageFilter, pageIndicator, pageTarget],
  );
  const [builtin, setBuiltin] = useState<SheetFormat[]>([]);
  const [presets, setPresets] = useState<PrintPreset[]>([]);
  const [count, setCount] = useState<PrintCount | null>(null);
  const [page, setPage] = useState(0);
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [draft, setDraft] = useState<SheetFormat | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const stopWatch = useRef<(() => void) | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([loadPrintSettings(versionId), loadPresets()]).then(([s, p]) => {
      if (!live) return;
      setBuiltin(p.builtin);
      setPresets(p.items);
      const all = [...p.builtin, ...p.items];
      const wanted = formatName ? all.find((f) => sameFormat(f, { ...f, name: formatName })) : undefined;
      setSettings(wanted ? { ...s.settings, format: { ...wanted, name: wanted.name } } : s.settings);
    }, setError);
    return () => {
      live = false;
      stopWatch.current?.();
    };
  }, [versionId, formatName]);

  // Page count and the page image follow the settings (debounced).
  useEffect(() => {
    if (!settings) return;
    let live = true;
    const timer = setTimeout(() => {
      void countPages(versionId, settings).then(
        (c) => {
          if (!live) return;
          setCount(c);
          setError(null);
          const p = Math.min(page, c.pages - 1);
          if (p !== page) setPage(p);
          return previewPage(versionId, settings, p).then((blob) => {
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
  }, [versionId, settings, page]);

  const formats = useMemo(
    () => [
      ...builtin.map((f) => ({ ...f, own: null as string | null })),
      ...presets.map((p) => ({ ...p, own: p.id })),
    ],
    [builtin, presets],
  );

  const update = useCallback(
    (patch: Partial<PrintSettings>) => setSettings((s) => (s ? { ...s, ...patch } : s)),
    [],
  );

  if (!settings) return error ? <div className="print__error">{t('print_failed')}</div> : <Loading />;

  const current = formats.find((f) => sameFormat(f, settings.format));
  const toggleColumn = (c: PrintColumn) =>
    update({
      columns: settings.columns.includes(c)
        ? settings.columns.filter((x) => x !== c)
        : PRINT_COLUMNS.filter((x) => x === c || settings.columns.includes(x)),
    });

  const print = async () => {
    try {
      const job = await startPrint(versionId, settings);
      setProgress(0);
      stopWatch.current = watchJob(job, (j) => {
        setProgress(j.progress);
        if (j.state === 'done' && j.file_id) {
          setProgress(null);
          const name = `${settings.format.name}.pdf`;
          void download({
            id: j.file_id,
            name,
            kind: 'temp',
            mime: 'application/pdf',
            size: 0,
            schedule_id: null,
            version_id: versionId,
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

  const saveFormat = async () => {
    if (!draft) return;
    try {
      const p = await createPreset(draft);
      setPresets((ps) => [...ps, p]);
      update({
        format: { name: p.name, width_mm: p.width_mm, height_mm: p.height_mm, margins_mm: p.margins_mm },
      });
      setDraft(null);
    } catch (err) {
      toastFailed(t('invalid'), err, t('invalid'));
    }
  };

  const pages = count?.pages ?? 0;
  return (
    <div className="print" data-testid="print-panel">
      <form className="print__form" onSubmit={(e) => e.preventDefault()}>
        <fieldset className="print__group">
          <legend>{t('format')}</legend>
          <div className="print__inline">
            <select
              className="field__input"
              aria-label={t('format')}
              data-testid="print-format"
              value={current?.name ?? ''}
              onChange={(e) => {
                const f = formats.find((x) => x.name === e.target.value);
                if (f)
                  update({
                    format: {
                      name: f.name,
                      width_mm: f.width_mm,
                      height_mm: f.height_mm,
                      margins_mm: f.margins_mm,
                    },
                  });
              }}
            >
              {formats.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.name} ({t('format_mm', { w: f.width_mm, h: f.height_mm })})
                </option>
              ))}
            </select>
            {current?.own ? (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                title={t('delete_format')}
                aria-label={t('delete_format')}
                onClick={() =>
                  void removePreset(current.own!).then(() => {
                    setPresets((ps) => ps.filter((p) => p.id !== current.own));
                    update({ format: builtin[1] ?? builtin[0]! });
                  })
                }
              >
                <Trash2 size={14} aria-hidden="true" />
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setDraft(draft ? null : { ...settings.format, name: '' })}
            >
              {t('new_format')}
            </button>
          </div>
          {draft ? (
            <div className="print__draft" data-testid="format-draft">
              <label className="print__inline">
                {t('format_name')}
                <input
                  className="field__input"
                  maxLength={32}
                  value={draft.name}
                  onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                />
              </label>
              <label className="print__inline">
                {t('width')}
                <input
                  type="number"
                  className="field__input print__num"
                  value={draft.width_mm}
                  onChange={(e) => setDraft({ ...draft, width_mm: Number(e.target.value) })}
                />
              </label>
              <label className="print__inline">
                {t('height')}
                <input
                  type="number"
                  className="field__input print__num"
                  value={draft.height_mm}
                  onChange={(e) => setDraft({ ...draft, height_mm: Number(e.target.value) })}
                />
              </label>
              <div className="print__inline">
                <span>{t('margins')}</span>
                {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
                  <input
                    key={side}
                    type="number"
                    className="field__input print__num"
                    aria-label={t(`margin_${side}`)}
                    title={t(`margin_${side}`)}
                    value={draft.margins_mm[side]}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        margins_mm: { ...draft.margins_mm, [side]: Number(e.target.value) },
                      })
                    }
                  />
                ))}
              </div>
              <p className="field__hint">{t('format_rules')}</p>
              <button type="button" className="btn btn--sm" onClick={() => void saveFormat()}>
                {t('save_format')}
              </button>
            </div>
          ) : null}
        </fieldset>

        <fieldset className="print__group">
          <legend>{t('fit')}</legend>
          <label className="print__inline">
            <input
              type="radio"
              name="fit"
              checked={settings.fit.mode === 'pages'}
              onChange={() => update({ fit: { mode: 'pages', pages_wide: 1 } })}
            />
            {t('fit_pages')}
            <input
              type="number"
              className="field__input print__num"
              min={1}
              max={50}
              disabled={settings.fit.mode !== 'pages'}
              value={settings.fit.mode === 'pages' ? settings.fit.pages_wide : 1}
              onChange={(e) =>
                update({
                  fit: {
                    mode: 'pages',
                    pages_wide: Math.max(1, Math.min(50, Math.round(Number(e.target.value)) || 1)),
                  },
                })
              }
            />
          </label>
          <label className="print__inline">
            <input
              type="radio"
              name="fit"
              checked={settings.fit.mode === 'scale'}
              onChange={() => update({ fit: { mode: 'scale', percent: 100 } })}
            />
            {t('fit_scale')}
            <input
              type="number"
              className="field__input print__num"
              min={10}
              max={400}
              disabled={settings.fit.mode !== 'scale'}
              value={settings.fit.mode === 'scale' ? settings.fit.percent : 100}
              onChange={(e) =>
                update({
                  fit: { mode: 'scale', percent: Math.max(10, Math.min(400, Number(e.target.value) || 100)) },
                })
              }
            />
          </label>
        </fieldset>

        <fieldset className="print__group">
          <legend>{t('columns')}</legend>
          <label className="print__inline print__check">
            <input
              type="checkbox"
              data-testid="print-use-layout"
              checked={settings.use_layout === true}
              onChange={(e) => update({ use_layout: e.target.checked })}
            />
            {t('use_layout')}
          </label>
          <label className="print__inline print__check">
            <input
              type="checkbox"
              data-testid="print-layout-sort"
              disabled={settings.use_layout === true}
              checked={settings.use_layout === true || settings.layout_sort === true}
              onChange={(e) => update({ layout_sort: e.target.checked })}
            />
            {t('layout_sort')}
          </label>
          {pageFilter || pageIndicator ? (
            <label className="print__inline print__check">
              <input
                type="checkbox"
                data-testid="print-use-filter"
                checked={useFilter}
                onChange={(e) => setUseFilter(e.target.checked)}
              />
              {t('use_filter')}
            </label>
          ) : null}
          <div className="print__columns">
            {PRINT_COLUMNS.map((c) => (
              <label key={c} className="print__inline">
                <input
                  type="checkbox"
                  disabled={settings.use_layout === true}
                  checked={settings.columns.includes(c)}
                  onChange={() => toggleColumn(c)}
                />
                {t(`col.${c}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <TitleEditor
          id="header"
          label={t('header')}
          set={settings.header}
          t={t}
          onChange={(header) => update({ header })}
        />
        <TitleEditor
          id="footer"
          label={t('footer')}
          set={settings.footer}
          t={t}
          onChange={(footer) => update({ footer })}
        />
        <p className="field__hint">{t('values_hint')}</p>
        <CyclogramPageChoice
          versionId={versionId}
          page={settings.cyclogram ?? null}
          onChange={(cyclogram) => update({ cyclogram })}
        />
        <div className="print__inline">
          <label className="print__inline">
            <input
              type="checkbox"
              checked={settings.legend}
              onChange={(e) => update({ legend: e.target.checked })}
            />
            {t('legend')}
          </label>
          <label className="print__inline">
            <input
              type="checkbox"
              checked={settings.relations}
              onChange={(e) => update({ relations: e.target.checked })}
            />
            {t('relations')}
          </label>
        </div>
        <div className="print__actions">
          <button
            type="button"
            className="btn"
            onClick={() =>
              void savePrintSettings(versionId, saved!).then(
                () => toastDone(t('saved'), ''),
                (err: unknown) => toastFailed(t('invalid'), err, t('invalid')),
              )
            }
          >
            <Save size={15} aria-hidden="true" />
            <span>{t('save')}</span>
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="print-run"
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
            <span className="print__summary" data-testid="print-count">
              {t(settings.cyclogram ? 'pages_summary_cyclogram' : 'pages_summary', {
                pages: count.pages,
                across: count.across,
                down: count.down,
                scale: Math.round(count.scale * 100),
              })}
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
  );
}

/** Previous / "page N of M" / next over the preview's pages. */
export function PagePager({
  page,
  pages,
  setPage,
  t,
}: {
  page: number;
  pages: number;
  setPage: (page: number) => void;
  t: T;
}) {
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-label={t('prev')}
        disabled={page <= 0}
        onClick={() => setPage(page - 1)}
      >
        <ChevronLeft size={15} aria-hidden="true" />
      </button>
      <span data-testid="print-page-of">{pages ? t('page_of', { page: page + 1, pages }) : ''}</span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-label={t('next')}
        disabled={page >= pages - 1}
        onClick={() => setPage(page + 1)}
      >
        <ChevronRight size={15} aria-hidden="true" />
      </button>
    </>
  );
}

export function ErrorLines({ error, t }: { error: unknown; t: T }) {
  const body = (error as { body?: { error_message?: unknown } }).body;
  const items = Array.isArray(body?.error_message)
    ? (body.error_message as { error_message?: string }[])
    : [];
  return (
    <div className="print__error" role="alert">
      <strong>{t('invalid')}</strong>
      {items.map((i, k) => (
        <div key={k}>{i.error_message}</div>
      ))}
    </div>
  );
}
