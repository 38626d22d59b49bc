import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ExportFormat } from '../../api/transfer';
import { download, exportVersion, type ExportScope } from './api';
import { useTransferT } from './i18n';
import { toastDone, toastFailed } from './toasts';
import './transfer.css';

/** Formats offered, in the order planners reach for them. */
export const MENU_FORMATS: readonly ExportFormat[] = [
  'xlsx',
  'xer',
  'xml-primavera',
  'xml',
  'pdf',
  'csv',
  'json',
  'zip',
];

/**
 * "Export" with a menu of formats; the file downloads when the server has written it. `shownRows`:
 * the rows a filtered grid shows and its filter (null when nothing is filtered), read when the menu opens and
 * again when a format is chosen; the file then holds those rows and the summaries above them.
 */
export function ExportMenu({
  versionId,
  shownRows,
  align = 'start',
}: {
  versionId: string;
  shownRows?: () => ExportScope | null;
  align?: 'start' | 'end';
}) {
  const { t } = useTransferT();
  const [open, setOpen] = useState(false);
  const [filtered, setFiltered] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const run = async (format: ExportFormat) => {
    setOpen(false);
    setBusy(true);
    try {
      const file = await exportVersion(versionId, format, shownRows?.() ?? null);
      await download(file);
      toastDone(t('export_done_title'), t('export_done_text', { name: file.name }));
    } catch (err) {
      toastFailed(t('export_failed_title'), err, t('export_failed_title'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="transfer__menu" ref={ref}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={busy}
        onClick={() => {
          setFiltered(shownRows?.()?.rows.length ?? null);
          setOpen((o) => !o);
        }}
      >
        <Download size={15} aria-hidden="true" />
        <span>{busy ? t('exporting') : t('export')}</span>
      </button>
      {open ? (
        <ul
          className={`transfer__list${align === 'end' ? ' transfer__list--end' : ''}`}
          role="menu"
          aria-label={t('export_title')}
          aria-describedby={filtered !== null ? `${versionId}-export-filtered` : undefined}
        >
          {filtered !== null ? (
            <li role="none" id={`${versionId}-export-filtered`} className="transfer__note">
              {t('export_filtered', { count: filtered })}
            </li>
          ) : null}
          {MENU_FORMATS.map((f) => (
            <li key={f} role="none">
              <button type="button" role="menuitem" className="transfer__item" onClick={() => void run(f)}>
                {t(`formats.${f}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
