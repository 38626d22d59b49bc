// The Backups tab of the administration screen (issue 21): pick a schedule, back it up now (a
// backup_schedule job, followed until it ends), list its backups with restore and delete, and set
// its periodic backup (daily … monthly, or a cron expression, with how many backups to keep).
// A backup downloads as a file, and such a file uploads back as one more backup to restore.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import i18next from 'i18next';
import { Archive } from 'lucide-react';
import { api } from '../../api';
import type { Backup, BackupJob, EpsNode, Periodicity } from '../../api';
import { PERIODICITIES } from '../../domain/admin/periodicity';
import { call } from '../../app/api/call';
import { ApiError } from '../../app/api/errors';
import { confirm } from '../../app/dialogs/confirm';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import { useToasts } from '../../state/toasts';
import { downloadBackup, uploadBackup } from './backup-files';
import { useAdmin2T } from './i18n';

const toast = (kind: 'success' | 'error', title: string, lines: string[] = [], durationMs = 3000) =>
  useToasts.getState().push({ kind, title, lines, durationMs });

/** A moment in the interface's language (a Russian screen writes 28.11.2026, 09:56:10). */
const when = (iso: string) => new Date(iso).toLocaleString(i18next.language);
const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The server's reasons of a refusal (translated by the server), one a line. */
function reasons(err: unknown): string[] {
  if (!(err instanceof ApiError)) return [err instanceof Error ? err.message : String(err)];
  const list = err.body.error_message;
  if (Array.isArray(list))
    return list.map((i) => (typeof i === 'string' ? i : (i.error_message ?? i.code ?? '')));
  return [err.message];
}

/** A transfer's bar and its words ("Uploading… 42 %"); null fraction: size not known yet. */
function TransferBar({ label, fraction }: { label: string; fraction: number | null }) {
  const pct = fraction === null ? null : Math.round(fraction * 100);
  return (
    <span className="backups__transfer" role="status">
      <progress max={100} value={pct ?? undefined} aria-label={label} />
      <span>{pct === null ? label : `${label} ${pct} %`}</span>
    </span>
  );
}

export function BackupsPanel({ spaceId }: { spaceId: string }) {
  const { t } = useAdmin2T();
  const [schedules, setSchedules] = useState<EpsNode[] | null>(null);
  const [scheduleId, setScheduleId] = useState('');
  useEffect(() => {
    void call(api.eps.tree, { params: { space_id: spaceId } }).then((tree) => {
      const list = tree.nodes.filter((n) => n.kind === 'schedule');
      setSchedules(list);
      setScheduleId((old) => old || list[0]?.id || '');
    });
  }, [spaceId]);
  if (!schedules) return <Loading />;
  if (!schedules.length) return <EmptyState icon={Archive} title={t('noSchedules')} />;
  return (
    <section className="backups">
      <label className="backups__pick">
        {t('schedule')}
        <select value={scheduleId} onChange={(e) => setScheduleId(e.target.value)}>
          {schedules.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {scheduleId && <ScheduleBackups key={scheduleId} spaceId={spaceId} scheduleId={scheduleId} />}
    </section>
  );
}

function ScheduleBackups({ spaceId, scheduleId }: { spaceId: string; scheduleId: string }) {
  const { t } = useAdmin2T();
  const [list, setList] = useState<Backup[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState<{ id: string; fraction: number | null } | null>(null);
  const params = { space_id: spaceId, id: scheduleId };
  const load = useCallback(
    () =>
      void call(api.backups.list, { params: { space_id: spaceId }, query: { schedule_id: scheduleId } }).then(
        (r) => setList(r.items),
      ),
    [spaceId, scheduleId],
  );
  useEffect(load, [load]);

  const backUp = async () => {
    setBusy(true);
    try {
      let job = await call(api.backups.create, { params }).catch(() => null);
      while (job && (job.state === 'queued' || job.state === 'running')) {
        await new Promise((r) => setTimeout(r, 400));
        const [j] = await call(api.transfer.batchReport, { body: { job_ids: [job.id] } }).catch(() => [null]);
        job = j ?? null;
      }
      if (job?.state === 'done') toast('success', t('made'));
      else if (job)
        toast(
          'error',
          t('failed'),
          job.errors.map((e) => e.error_message),
          5000,
        );
    } finally {
      setBusy(false);
      load();
    }
  };
  const restore = async (b: Backup) => {
    const date = when(b.created_at);
    const { confirmed } = await confirm({ message: t('restoreConfirm', { date }) });
    if (!confirmed) return;
    try {
      await call(api.backups.restore, { params: { ...params, backup_id: b.id } }, { silent: true });
      // Spec §8: the restore toasts, success and failure, say the backup's date and last 1 s.
      toast('success', t('restored', { date }), [], 1000);
    } catch (err) {
      const list = err instanceof ApiError ? err.body.error_message : undefined;
      const lines = Array.isArray(list)
        ? list.map((i) => (typeof i === 'string' ? i : (i.error_message ?? '')))
        : [];
      toast('error', t('restoreFailed', { date }), lines, 1000);
    }
    load();
  };
  const download = async (b: Backup) => {
    setDownloading({ id: b.id, fraction: 0 });
    try {
      await downloadBackup(spaceId, scheduleId, b, (fraction) => setDownloading({ id: b.id, fraction }));
    } catch (err) {
      toast('error', t('files.downloadFailed'), reasons(err), 5000);
    } finally {
      setDownloading(null);
    }
  };
  const remove = async (b: Backup) => {
    const { confirmed } = await confirm({ message: t('deleteConfirm', { date: when(b.created_at) }) });
    if (!confirmed) return;
    await call(api.backups.remove, { params: { ...params, backup_id: b.id } }).catch(() => null);
    load();
  };

  return (
    <>
      <div className="admin__row">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void backUp()}>
          {busy ? t('working') : t('backupNow')}
        </button>
      </div>
      <UploadBackup spaceId={spaceId} scheduleId={scheduleId} onAdded={load} />
      {!list ? (
        <Loading />
      ) : list.length === 0 ? (
        <EmptyState icon={Archive} title={t('none')} />
      ) : (
        <table className="admin__table" aria-label={t('tab')}>
          <thead>
            <tr>
              <th>{t('created')}</th>
              <th>{t('versions')}</th>
              <th>{t('rows')}</th>
              <th>{t('size')}</th>
              <th>{t('origin')}</th>
              <th>{t('restoredAt')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((b) => (
              <tr key={b.id} data-backup={b.id}>
                <td>{when(b.created_at)}</td>
                <td>{b.versions}</td>
                <td>{b.rows}</td>
                <td>{kb(b.size)}</td>
                <td>{b.uploaded_at ? t('files.uploaded') : b.backup_job_id ? t('periodic') : t('byHand')}</td>
                <td>{b.restored_at ? when(b.restored_at) : ''}</td>
                <td>
                  <div className="backups__actions">
                    <button type="button" className="btn" onClick={() => void restore(b)}>
                      {t('restore')}
                    </button>
                    {downloading?.id === b.id ? (
                      <TransferBar label={t('files.downloading')} fraction={downloading.fraction} />
                    ) : (
                      <button
                        type="button"
                        className="btn"
                        disabled={downloading !== null}
                        aria-label={t('files.downloadOf', { date: when(b.created_at) })}
                        onClick={() => void download(b)}
                      >
                        {t('files.download')}
                      </button>
                    )}
                    <button type="button" className="btn" onClick={() => void remove(b)}>
                      {t('delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PeriodicBackup spaceId={spaceId} scheduleId={scheduleId} />
    </>
  );
}

/**
 * "Add a backup file": a file chosen, sent with its progress, checked by the server; it then is one
 * more backup in the list (restored as any other). A refusal says why, under the field.
 */
function UploadBackup(props: { spaceId: string; scheduleId: string; onAdded: () => void }) {
  const { spaceId, scheduleId, onAdded } = props;
  const { t } = useAdmin2T();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<number | null | undefined>(undefined);
  const [failed, setFailed] = useState<string[] | null>(null);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setFailed(null);
    setSending(0);
    try {
      const b = await uploadBackup(spaceId, scheduleId, file, setSending);
      toast('success', t('files.added', { date: when(b.created_at) }));
      setFile(null);
      if (input.current) input.current.value = '';
      onAdded();
    } catch (err) {
      setFailed(err instanceof ApiError && err.status === 0 ? [t('files.unreachable')] : reasons(err));
    } finally {
      setSending(undefined);
    }
  };
  const busy = sending !== undefined;
  return (
    <form className="admin__form backups__upload" onSubmit={(e) => void send(e)}>
      <label htmlFor={`${id}-file`}>{t('files.uploadLabel')}</label>
      <div className="admin__row">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".gz,application/gzip"
          aria-describedby={`${id}-hint`}
          disabled={busy}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFailed(null);
          }}
        />
        <button type="submit" className="btn" disabled={!file || busy}>
          {t('files.upload')}
        </button>
        {busy && (
          <TransferBar
            label={sending !== null && sending >= 1 ? t('files.checking') : t('files.uploading')}
            fraction={sending !== null && sending >= 1 ? null : sending}
          />
        )}
      </div>
      <small id={`${id}-hint`}>{t('files.uploadHint')}</small>
      {failed && (
        <div className="backups__error" role="alert">
          <strong>{t('files.refused')}</strong>
          <ul>
            {failed.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

type Choice = Periodicity | 'none';

function PeriodicBackup({ spaceId, scheduleId }: { spaceId: string; scheduleId: string }) {
  const { t } = useAdmin2T();
  const [job, setJob] = useState<BackupJob | null | undefined>(undefined);
  const [choice, setChoice] = useState<Choice>('none');
  const [cron, setCron] = useState('0 3 * * *');
  const [keep, setKeep] = useState('10');
  const params = { space_id: spaceId, id: scheduleId };
  useEffect(() => {
    void call(api.backups.hasJob, { params: { space_id: spaceId, id: scheduleId } }).then((r) => {
      setJob(r.job);
      if (r.job) {
        setChoice(r.job.periodicity);
        setCron(r.job.cron ?? '0 3 * * *');
        setKeep(String(r.job.keep));
      }
    });
  }, [spaceId, scheduleId]);
  if (job === undefined) return <Loading />;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (choice === 'none') {
      if (job)
        await call(api.backups.deleteJob, { params: { space_id: spaceId, id: job.id } }).catch(() => null);
      setJob(null);
      toast('success', t('periodicRemoved'));
      return;
    }
    const saved = await call(api.backups.setJob, {
      params,
      body: { periodicity: choice, cron: choice === 'cron' ? cron.trim() : null, keep: Number(keep) },
    }).catch(() => null);
    if (!saved) return; // the toast names the bad field
    setJob(saved);
    toast('success', t('periodicSaved'));
  };
  return (
    <form className="admin__form backups__periodic" onSubmit={(e) => void save(e)}>
      <h2>{t('periodicTitle')}</h2>
      <label>
        {t('periodicity')}
        <select value={choice} onChange={(e) => setChoice(e.target.value as Choice)}>
          {(['none', ...PERIODICITIES] as const).map((p) => (
            <option key={p} value={p}>
              {t(`periodicities.${p}`)}
            </option>
          ))}
        </select>
      </label>
      {choice === 'cron' && (
        <label>
          {t('cron')}
          <input value={cron} onChange={(e) => setCron(e.target.value)} required />
        </label>
      )}
      {choice !== 'none' && (
        <label>
          {t('keep')}
          <input type="number" min={1} max={100} value={keep} onChange={(e) => setKeep(e.target.value)} />
        </label>
      )}
      {job?.next_run_at && <small>{t('nextRun', { date: when(job.next_run_at) })}</small>}
      <button type="submit" className="btn btn--primary">
        {t('savePeriodic')}
      </button>
    </form>
  );
}
