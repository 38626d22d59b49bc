// Batch processing from the structure tree: with a project (or anything in it) selected,
// "Calculate schedules…" and "Export schedules…" open a checklist of the project's schedules
// (each with the version worked on: its actual version, else its first, or one chosen). Run queues one
// batch_versions job; the list then shows each schedule's state as the job reports it (live
// batch_* events, and a report read every second), Stop asks the job to stop after the schedule
// it is on, and the end shows the report: done, failed with the reason, stopped. "Import files…"
// takes a file per schedule (any schedule of the project) and imports each as a new version.
import { Calculator, Download, FileDown, FileUp } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EpsTree } from '../../api/structure';
import type { ExportFormat, Job } from '../../api/transfer';
import { transferRoutes } from '../../api/transfer';
import { call } from '../../app/api/call';
import { liveEvents } from '../../app/api/live';
import { Modal } from '../../app/ui/Modal';
import { batchImport, download, jobReport, stopJob } from '../transfer/api';
import { useVersionsT } from './i18n';

type Action = 'calculate' | 'export' | 'import';
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

/** The project's schedules (also inside groups). */
export function projectSchedules(tree: EpsTree, projectId: string) {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const inProject = (id: string | null): boolean => {
    for (let at = id; at; at = byId.get(at)?.parent_id ?? null) if (at === projectId) return true;
    return false;
  };
  return tree.nodes.filter((n) => n.kind === 'schedule' && inProject(n.parent_id));
}

/** The project's schedules (also inside groups), each with the version a batch works on. */
export function batchTargets(tree: EpsTree, projectId: string) {
  return projectSchedules(tree, projectId)
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
        disabled={!project || !canEdit}
        title={t('batch_import_hint')}
        onClick={() => setOpen('import')}
      >
        <FileUp size={15} aria-hidden="true" />
        <span>{t('batch_import')}</span>
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
      {open === 'import' && tree && project ? (
        <ImportDialog
          t={t}
          projectName={project.name}
          schedules={projectSchedules(tree, project.id)}
          onClose={() => setOpen(null)}
        />
      ) : open && tree && project ? (
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
  const batch = useBatchJob();
  const { job, error } = batch;
  const names = useMemo(
    () =>
      new Map(
        targets.flatMap((x) => x.versions.map((v) => [v.id, `${x.schedule.name} — ${v.label}`] as const)),
      ),
    [targets],
  );

  const run = () => {
    const version_ids = targets.filter((x) => chosen.has(x.schedule.id)).map((x) => pick[x.schedule.id]!);
    return batch.start(() =>
      action === 'calculate'
        ? call(transferRoutes.batchTimetableCalc, { body: { version_ids } }, { silent: true })
        : call(transferRoutes.batchExport, { body: { version_ids, format } }, { silent: true }),
    );
  };

  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal
      title={t(action === 'calculate' ? 'batch_calc_title' : 'batch_export_title', { project: projectName })}
      closeLabel={t('close')}
      onClose={onClose}
      width={620}
      footer={
        <BatchFooter
          t={t}
          batch={batch}
          onClose={onClose}
          stoppable={(job) => job.items.length > 0}
          runLabel={t(action === 'calculate' ? 'batch_run_calc' : 'batch_run_export')}
          canRun={chosen.size > 0}
          onRun={run}
        />
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
          <BatchReport
            t={t}
            job={job}
            nameOf={(i) => names.get(i.version_id ?? '') ?? i.version_id ?? ''}
            extra={(i) =>
              i.file_id ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() =>
                    void download({
                      id: i.file_id!,
                      name: `${(names.get(i.version_id ?? '') ?? 'schedule').replace(/[\\/:*?"<>|]/g, '_')}.${format === 'xml-primavera' ? 'p6.xml' : format}`,
                    } as Parameters<typeof download>[0]).catch(() => undefined)
                  }
                >
                  <Download size={14} aria-hidden="true" />
                  <span>{t('batch_download')}</span>
                </button>
              ) : null
            }
          />
        )}
      </div>
    </Modal>
  );
}

/** The items of a batch job as the report lists them: state, and the reasons of a failure. */
function BatchReport({
  t,
  job,
  nameOf,
  extra,
}: {
  t: T;
  job: Job;
  nameOf: (i: Job['items'][number]) => string;
  /** What an item offers beside its state (the export's download). */
  extra?: (i: Job['items'][number]) => ReactNode;
}) {
  const finished = job.state !== 'queued' && job.state !== 'running';
  const count = (s: string) => job.items.filter((i) => i.state === s).length;
  return (
    <>
      <p className="vc-batch__state" role="status">
        {finished
          ? t('batch_report', { done: count('done'), failed: count('failed'), stopped: count('stopped') })
          : t('batch_progress', { progress: job.progress })}
      </p>
      <ul className="vc-batch__list" aria-label={t('batch_report_list')}>
        {job.items.map((i, n) => (
          <li key={n} className={`vc-batch__item vc-batch__item--${i.state}`}>
            <span className="vc-batch__name">{nameOf(i)}</span>
            <span className="vc-batch__badge" data-state={i.state}>
              {t(`batch_state_${i.state}`)}
            </span>
            {extra?.(i)}
            {i.errors.length ? (
              <span className="vc-batch__why">{i.errors.map((e) => e.error_message).join('; ')}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Import files…: a file per schedule, one batch_versions job importing each as a new version. */
function ImportDialog({
  t,
  projectName,
  schedules,
  onClose,
}: {
  t: T;
  projectName: string;
  schedules: readonly { id: string; name: string }[];
  onClose: () => void;
}) {
  const [picked, setPicked] = useState<Record<string, File | undefined>>({});
  const batch = useBatchJob();
  const { job, error } = batch;
  const chosen = schedules.filter((s) => picked[s.id]);
  const names = useMemo(() => new Map(schedules.map((s) => [s.id, s.name])), [schedules]);

  const run = () =>
    batch.start(() =>
      batchImport(
        chosen.map((s) => picked[s.id]!),
        chosen.map((s) => s.id),
      ),
    );

  return (
    <Modal
      title={t('batch_import_title', { project: projectName })}
      closeLabel={t('close')}
      onClose={onClose}
      width={620}
      footer={
        <BatchFooter
          t={t}
          batch={batch}
          onClose={onClose}
          runLabel={t('batch_run_import', { count: chosen.length })}
          canRun={chosen.length > 0}
          onRun={run}
        />
      }
    >
      <div className="vc-batch">
        {!job ? (
          <>
            <p>{t('batch_import_help')}</p>
            <ul className="vc-batch__list" aria-label={t('batch_schedules')}>
              {schedules.map((s) => (
                <li key={s.id}>
                  <span className="vc-batch__name">{s.name}</span>
                  <input
                    type="file"
                    aria-label={t('batch_file_of', { schedule: s.name })}
                    accept=".xer,.xml,.xlsx,.csv,.json,.mpp,.zip"
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      setPicked((p) => ({ ...p, [s.id]: file }));
                    }}
                  />
                </li>
              ))}
            </ul>
            {error ? <p className="vc-warn">{error}</p> : null}
          </>
        ) : (
          <BatchReport
            t={t}
            job={job}
            nameOf={(i) => `${names.get(i.schedule_id) ?? ''} — ${i.file_name ?? ''}`}
          />
        )}
      </div>
    </Modal>
  );
}

interface BatchJob {
  job: Job | null;
  finished: boolean;
  busy: boolean;
  /** Why queueing the job failed (the dialog stays open with the choices). */
  error: string | null;
  setJob: (j: Job) => void;
  start: (queue: () => Promise<Job>) => Promise<void>;
}

/**
 * A batch job queued from a dialog and whether it has ended, followed while it runs: a live
 * batch_* event asks for its report at once, else every second.
 */
function useBatchJob(): BatchJob {
  const [job, setJob] = useState<Job | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const finished = job !== null && job.state !== 'queued' && job.state !== 'running';
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
  const start = async (queue: () => Promise<Job>) => {
    setBusy(true);
    setError(null);
    try {
      setJob(await queue());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return { job, finished, busy, error, setJob, start };
}

/** Close; Stop while the job runs; the run button before it is queued. */
function BatchFooter({
  t,
  batch: { job, finished, busy, setJob },
  onClose,
  stoppable = () => true,
  runLabel,
  canRun,
  onRun,
}: {
  t: T;
  batch: BatchJob;
  onClose: () => void;
  stoppable?: (job: Job) => boolean;
  runLabel: string;
  canRun: boolean;
  onRun: () => Promise<void>;
}) {
  return (
    <>
      <button type="button" className="btn" onClick={onClose}>
        {t('close')}
      </button>
      {job && !finished ? (
        <button
          type="button"
          className="btn btn--danger"
          disabled={!stoppable(job)}
          onClick={() => void stopJob(job.id).then(setJob, () => undefined)}
        >
          {t('batch_stop')}
        </button>
      ) : null}
      {!job ? (
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || !canRun}
          onClick={() => void onRun()}
        >
          {runLabel}
        </button>
      ) : null}
    </>
  );
}
