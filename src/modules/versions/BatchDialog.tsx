// Batch processing from the structure tree: with a project (or anything in it) selected,
// "Calculate schedules…" and "Export schedules…" open a checklist of the project's schedules
// (each with the version worked on: its actual version, else its first, or one chosen). Run queues one
// batch_versions job; the list then shows each schedule's state as the job reports it (live
// batch_* events, and a report read every second), Stop asks the job to stop after the schedule
// it is on, and the end shows the report: done, failed with the reason, stopped.
import { Calculator, Download, FileDown } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { EpsTree } from '../../api/structure';
import type { ExportFormat, Job } from '../../api/transfer';
import { transferRoutes } from '../../api/transfer';
import { call } from '../../app/api/call';
import { liveEvents } from '../../app/api/live';
import { Modal } from '../../app/ui/Modal';
import { download, jobReport, stopJob } from '../transfer/api';
import { useVersionsT } from './i18n';

type Action = 'calculate' | 'export';
type T = (key: string, p?: Record<string, unknown>) => string;

const FORMATS: ExportFormat[] = ['xlsx', 'csv', 'json', 'xml', 'xer', 'xml-primavera', 'zip'];

/** The project of a tree node (itself, or the nearest project above it; versions via their schedule). */
function projectOf(tree: EpsTree, item: { id: string; kind: string; parentId: string | null }) {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  let id: string | null = item.kind === 'version' ? item.parentId : item.id;
  while (id) {
    const node = byId.get(id);
    if (!node) return null;
    if (node.kind === 'project') return node;
    id = node.parent_id;
  }
  return null;
}

/** The project's schedules (also inside groups), each with the version a batch works on. */
export function batchTargets(tree: EpsTree, projectId: string) {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const inProject = (id: string | null): boolean => {
    for (let at = id; at; at = byId.get(at)?.parent_id ?? null) if (at === projectId) return true;
    return false;
  };
  return tree.nodes
    .filter((n) => n.kind === 'schedule' && inProject(n.parent_id))
    .map((s) => {
      const versions = tree.versions.filter((v) => v.schedule_id === s.id);
      const version = versions.find((v) => v.kind === 'actual') ?? versions[0];
      return version ? { schedule: s, version, versions } : null;
    })
    .filter((x): x is NonNullable<typeof x> => x !== null);
}

interface Props {
  tree: EpsTree | null;
  item: { id: string; kind: string; parentId: string | null } | null;
  canEdit: boolean;
}

export function BatchActions({ tree, item, canEdit }: Props) {
  const { t: tr } = useVersionsT();
  const t = tr as unknown as T;
  const [open, setOpen] = useState<Action | null>(null);
  const project = tree && item ? projectOf(tree, item) : null;
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!project || !canEdit}
        title={t('batch_calc_hint')}
        onClick={() => setOpen('calculate')}
      >
        <Calculator size={15} aria-hidden="true" />
        <span>{t('batch_calc')}</span>
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!project}
        title={t('batch_export_hint')}
        onClick={() => setOpen('export')}
      >
        <FileDown size={15} aria-hidden="true" />
        <span>{t('batch_export')}</span>
      </button>
      {open && tree && project ? (
        <BatchDialog
          t={t}
          action={open}
          projectName={project.name}
          targets={batchTargets(tree, project.id)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

function BatchDialog({
  t,
  action,
  projectName,
  targets,
  onClose,
}: {
  t: T;
  action: Action;
  projectName: string;
  targets: ReturnType<typeof batchTargets>;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(targets.map((x) => x.schedule.id)));
  /** The version worked on per schedule (its actual version unless another is chosen). */
  const [pick, setPick] = useState<Record<string, string>>(() =>
    Object.fromEntries(targets.map((x) => [x.schedule.id, x.version.id])),
  );
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = useMemo(
    () =>
      new Map(
        targets.flatMap((x) => x.versions.map((v) => [v.id, `${x.schedule.name} — ${v.label}`] as const)),
      ),
    [targets],
  );
  const finished = job !== null && job.state !== 'queued' && job.state !== 'running';

  // Follows the job: a live batch_* event asks for the report at once, else every second.
  useEffect(() => {
    if (!job || finished) return;
    let alive = true;
    const refresh = () =>
      void jobReport(job.id).then((j) => {
        if (alive && j) setJob(j);
      });
    const timer = setInterval(refresh, 1000);
    const off = liveEvents.subscribe((e) => {
      if (e.event.startsWith('batch_') && e.ids.includes(job.id)) refresh();
    });
    return () => {
      alive = false;
      clearInterval(timer);
      off();
    };
  }, [job, finished]);

  const run = async () => {
    setBusy(true);
    setError(null);
    const version_ids = targets.filter((x) => chosen.has(x.schedule.id)).map((x) => pick[x.schedule.id]!);
    try {
      const queued =
        action === 'calculate'
          ? await call(transferRoutes.batchTimetableCalc, { body: { version_ids } }, { silent: true })
          : await call(transferRoutes.batchExport, { body: { version_ids, format } }, { silent: true });
      setJob(queued);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const counts = job
    ? {
        done: job.items.filter((i) => i.state === 'done').length,
        failed: job.items.filter((i) => i.state === 'failed').length,
        stopped: job.items.filter((i) => i.state === 'stopped').length,
      }
    : null;

  return (
    <Modal
      title={t(action === 'calculate' ? 'batch_calc_title' : 'batch_export_title', { project: projectName })}
      closeLabel={t('close')}
      onClose={onClose}
      width={620}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('close')}
          </button>
          {job && !finished ? (
            <button
              type="button"
              className="btn btn--danger"
              disabled={job.items.length === 0}
              onClick={() => void stopJob(job.id).then(setJob, () => undefined)}
            >
              {t('batch_stop')}
            </button>
          ) : null}
          {!job ? (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy || chosen.size === 0}
              onClick={() => void run()}
            >
              {t(action === 'calculate' ? 'batch_run_calc' : 'batch_run_export')}
            </button>
          ) : null}
        </>
      }
    >
      <div className="vc-batch">
        {!job ? (
          <>
            {targets.length === 0 ? <p>{t('batch_none')}</p> : null}
            {action === 'export' ? (
              <label className="vc-field">
                <span>{t('batch_format')}</span>
                <select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
                  {FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <ul className="vc-batch__list" aria-label={t('batch_schedules')}>
              {targets.map((x) => (
                <li key={x.schedule.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={chosen.has(x.schedule.id)}
                      onChange={() => toggle(x.schedule.id)}
                    />
                    <span>{x.schedule.name}</span>
                  </label>
                  <select
                    className="vc-batch__version"
                    aria-label={t('batch_version_of', { schedule: x.schedule.name })}
                    value={pick[x.schedule.id]}
                    onChange={(e) => setPick((p) => ({ ...p, [x.schedule.id]: e.target.value }))}
                  >
                    {x.versions.map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.label}
                        {v.kind !== 'version' ? ` (${t(`kind_${v.kind}`)})` : ''}
                      </option>
                    ))}
                  </select>
                </li>
              ))}
            </ul>
            {error ? <p className="vc-warn">{error}</p> : null}
          </>
        ) : (
          <>
            <p className="vc-batch__state" role="status">
              {finished && counts
                ? t('batch_report', counts)
                : t('batch_progress', { progress: job.progress })}
            </p>
            <ul className="vc-batch__list" aria-label={t('batch_report_list')}>
              {job.items.map((i) => (
                <li key={i.version_id} className={`vc-batch__item vc-batch__item--${i.state}`}>
                  <span className="vc-batch__name">{names.get(i.version_id) ?? i.version_id}</span>
                  <span className="vc-batch__badge" data-state={i.state}>
                    {t(`batch_state_${i.state}`)}
                  </span>
                  {i.file_id ? (
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      onClick={() =>
                        void download({
                          id: i.file_id!,
                          name: `${(names.get(i.version_id) ?? 'schedule').replace(/[\\/:*?"<>|]/g, '_')}.${format === 'xml-primavera' ? 'p6.xml' : format}`,
                        } as Parameters<typeof download>[0]).catch(() => undefined)
                      }
                    >
                      <Download size={14} aria-hidden="true" />
                      <span>{t('batch_download')}</span>
                    </button>
                  ) : null}
                  {i.errors.length ? (
                    <span className="vc-batch__why">{i.errors.map((e) => e.error_message).join('; ')}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Modal>
  );
}
