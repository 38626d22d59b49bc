// Reports of the space, run on the version: built-in templates and uploaded XLSX templates with
// placeholders (docs/reports.md). A run downloads the filled workbook.
import { FileSpreadsheet, Trash2, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Report } from '../../api/reports';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import { download } from '../transfer/api';
import { toastDone, toastFailed } from '../transfer/toasts';
import { deleteReport, listReports, runReport, uploadReport } from './api';
import { usePrintT } from './i18n';

export function ReportsPanel({ versionId }: { versionId: string }) {
  const { t } = usePrintT();
  const [reports, setReports] = useState<Report[] | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    void listReports().then(
      (r) => setReports(r.items),
      () => setReports([]),
    );
  }, []);

  const label = (r: Report) =>
    r.builtin ? t(`builtin_names.${r.builtin}`, { defaultValue: r.name }) : r.name;

  const run = async (r: Report) => {
    setBusy(r.id);
    try {
      const f = await runReport(r.id, versionId);
      await download(f);
      toastDone(t('report_done'), f.name);
    } catch (err) {
      toastFailed(t('report_failed'), err, t('report_failed'));
    } finally {
      setBusy(null);
    }
  };

  const upload = async () => {
    if (!file) return;
    try {
      const r = await uploadReport(file, name.trim());
      setReports((rs) => [...(rs ?? []), r]);
      setFile(null);
      setName('');
      toastDone(t('report_uploaded'), r.name);
    } catch (err) {
      toastFailed(t('report_failed'), err, t('report_failed'));
    }
  };

  return (
    <section className="print__reports" aria-label={t('reports')} data-testid="reports-panel">
      <h3>{t('reports')}</h3>
      <p className="field__hint">{t('reports_hint')}</p>
      {reports === null ? (
        <Loading />
      ) : reports.length === 0 ? (
        <EmptyState icon={FileSpreadsheet} title={t('no_reports')} />
      ) : (
        <ul className="print__report-list">
          {reports.map((r) => (
            <li key={r.id} data-testid="report-item">
              <FileSpreadsheet size={15} aria-hidden="true" />
              <span className="print__report-name">{label(r)}</span>
              {r.builtin ? <span className="print__badge">{t('builtin')}</span> : null}
              <button
                type="button"
                className="btn btn--sm"
                disabled={busy !== null}
                onClick={() => void run(r)}
              >
                {t('report_run')}
              </button>
              {!r.builtin ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-label={`${t('report_delete')} ${r.name}`}
                  onClick={() =>
                    void deleteReport(r.id).then(
                      () => setReports((rs) => (rs ?? []).filter((x) => x.id !== r.id)),
                      (err: unknown) => toastFailed(t('report_failed'), err, t('report_failed')),
                    )
                  }
                >
                  <Trash2 size={14} aria-hidden="true" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div className="print__inline print__upload">
        <input
          type="file"
          accept=".xlsx"
          aria-label={t('report_file')}
          data-testid="report-file"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <input
          className="field__input"
          placeholder={t('report_name')}
          aria-label={t('report_name')}
          maxLength={32}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="button" className="btn btn--sm" disabled={!file} onClick={() => void upload()}>
          <Upload size={14} aria-hidden="true" />
          <span>{t('report_upload')}</span>
        </button>
      </div>
    </section>
  );
}
