// /{space_id}/pipeline/{project_id}: the project's pipeline — each schedule a pipe of its stages
// (the WBS rows at the chosen level) on one time axis, the current version's span and progress
// over the target's, with how late or early each stage finishes. See docs/views.md.
import { Settings } from 'lucide-react';
import { useState } from 'react';
import { Link, useOutletContext, useParams } from 'react-router-dom';
import { api } from '../../api';
import type { Pipe, PipeSettings } from '../../api/views';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { formatDate } from '../../domain/format';
import { useToasts } from '../../state/toasts';
import { PipeSettingsForm } from './PipeSettingsForm';
import { useViewsT } from './i18n';
import { useLoad } from './use-load';
import './views.css';

const DAY = 1440;

export function PipelinePage() {
  const { t, i18n } = useViewsT();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const { project_id: projectId = '' } = useParams();
  const pipes = useLoad(() => call(api.views.pipes, { params: { id: projectId } }), [projectId]);
  const tree = useLoad(() => call(api.eps.tree, { params: { space_id: spaceId } }), [spaceId]);
  const [editing, setEditing] = useState(false);
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const day = (m: number | null) => (m === null ? '—' : formatDate(m, 'DD.MM.YYYY', lang));
  const project = tree.data?.nodes.find((n) => n.id === projectId);
  const schedules = (tree.data?.nodes ?? []).filter(
    (n) =>
      n.kind === 'schedule' &&
      (n.parent_id === projectId ||
        tree.data!.nodes.some((g) => g.id === n.parent_id && g.parent_id === projectId)),
  );

  const save = async (s: PipeSettings) => {
    setEditing(false);
    try {
      await call(api.views.savePipeSettings, { params: { id: projectId }, body: s });
    } catch (e) {
      useToasts.getState().push({ kind: 'error', title: (e as Error).message, lines: [], durationMs: 5000 });
    }
    pipes.reload();
  };

  if (pipes.error)
    return (
      <p className="views-error views-page" role="alert">
        {t('failed', { message: pipes.error })}{' '}
        <button type="button" className="btn" onClick={pipes.reload}>
          {t('retry')}
        </button>
      </p>
    );
  if (!pipes.data) return <p className="views-muted views-page">{t('loading')}</p>;
  const all = pipes.data.pipes;
  const times = all.flatMap((p) =>
    p.stages
      .flatMap((s) => [s.start, s.finish, s.target_start, s.target_finish])
      .filter((x): x is number => x !== null),
  );
  const t0 = times.length ? Math.min(...times) : 0;
  const t1 = times.length ? Math.max(...times) : 1;
  const pos = (m: number) => `${((m - t0) / Math.max(1, t1 - t0)) * 100}%`;
  const span = (a: number, b: number) => `${(Math.max(b - a, 0) / Math.max(1, t1 - t0)) * 100}%`;
  const stages = all.reduce((n, p) => n + p.stages.length, 0);

  const slip = (finish: number | null, target: number | null) => {
    if (finish === null || target === null) return '';
    const d = Math.round((finish - target) / DAY);
    return d > 0
      ? t('pipeline.late', { days: d })
      : d < 0
        ? t('pipeline.early', { days: -d })
        : t('pipeline.onTime');
  };
  const pipe = (p: Pipe) => (
    <section key={p.schedule_id} className="pipe" aria-label={p.name}>
      <header className="pipe__head">
        <h2>{p.name}</h2>
        <span className="views-muted">{p.version_label ?? t('pipeline.noVersion')}</span>
        <Link to={`/${spaceId}/schedule/${p.schedule_id}${p.version_id ? `?version=${p.version_id}` : ''}`}>
          {t('pipeline.open')}
        </Link>
        <Link
          to={`/${spaceId}/schedule/${p.schedule_id}/cyclogram${p.version_id ? `?version=${p.version_id}` : ''}`}
        >
          {t('pipeline.views')}
        </Link>
      </header>
      <ol className="pipe__stages">
        {p.stages.map((s) => {
          const text = t('pipeline.stageTip', {
            name: s.name,
            start: day(s.start),
            finish: day(s.finish),
            percent: Math.round(s.percent),
            tstart: day(s.target_start),
            tfinish: day(s.target_finish),
          });
          const late = s.finish !== null && s.target_finish !== null && s.finish > s.target_finish;
          return (
            <li key={s.id} className="pipe__stage" title={text} data-testid="pipe-stage">
              <span className="pipe__name">{s.name}</span>
              <span className="pipe__track" aria-hidden>
                {s.target_start !== null && s.target_finish !== null && (
                  <span
                    className="pipe__bar pipe__bar--target"
                    style={{ left: pos(s.target_start), width: span(s.target_start, s.target_finish) }}
                  />
                )}
                {s.start !== null && s.finish !== null && (
                  <span
                    className={`pipe__bar${late ? ' pipe__bar--late' : ''}`}
                    style={{ left: pos(s.start), width: span(s.start, s.finish) }}
                  >
                    <span className="pipe__done" style={{ width: `${Math.min(100, s.percent)}%` }} />
                  </span>
                )}
                {p.data_date !== null && p.data_date >= t0 && p.data_date <= t1 && (
                  <span className="pipe__today" style={{ left: pos(p.data_date) }} />
                )}
              </span>
              <span className="pipe__dates">
                {day(s.start)} – {day(s.finish)} · {Math.round(s.percent)} %
              </span>
              <span className={late ? 'views-fail' : 'views-muted'}>{slip(s.finish, s.target_finish)}</span>
              <span className="visually-hidden">{text}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );

  return (
    <div className="views-page pipeline">
      <header className="views-head">
        <h1>{t('pipeline.title', { name: project?.name ?? t('pipeline.project') })}</h1>
        <span className="pipe__legend">
          <span className="pipe__key" /> {t('pipeline.current')}{' '}
          <span className="pipe__key pipe__key--target" /> {t('pipeline.target')}
        </span>
        {config?.can.edit && (
          <button type="button" className="btn" onClick={() => setEditing(true)}>
            <Settings size={14} aria-hidden /> {t('pipeline.settings')}
          </button>
        )}
      </header>
      {editing && (
        <PipeSettingsForm
          settings={pipes.data.settings}
          schedules={schedules}
          onSave={(s) => void save(s)}
          onCancel={() => setEditing(false)}
        />
      )}
      <p className="views-summary" data-testid="pipeline-summary">
        {t('pipeline.summary', { pipes: all.length, stages })}
      </p>
      {all.length === 0 ? <p className="views-muted">{t('pipeline.empty')}</p> : all.map(pipe)}
    </div>
  );
}
