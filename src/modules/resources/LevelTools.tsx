// The workbench toolbar's resource tools (issue 17): the switch between the task Gantt and the
// resource Gantt (Alt+R), and "Level…": P6's Level Resources dialog — priority order (up to
// three fields, each ascending or descending), level within total float only, never move started
// rows, the resources to level, the improvement's time budget — with the job's progress, the last
// levelling's figures and "Clear levelling". Level and Clear are steps of the undo history.

import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { LevelOptionsInput, LevellingPriorityField } from '../../api/levelling';
import type { Resource } from '../../api/resources';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { formatLocal } from '../../domain/calendar/time';
import { clearLevelling, levelVersion, loadLevelling } from '../../state/resources/levelling';
import { useToasts } from '../../state/toasts';
import { runCommand } from '../../state/workbench/commands';
import { useWorkbench } from '../../state/workbench/store';
import { openVersion } from '../schedule/load';
import { useResourcesT } from './i18n';

const FIELDS: readonly LevellingPriorityField[] = [
  'total_float',
  'late_start',
  'late_finish',
  'early_start',
  'duration',
  'priority',
  'id',
];

interface Key {
  field: LevellingPriorityField | '';
  descending: boolean;
}

export function LevelTools({ disabled }: { disabled?: boolean }) {
  const { t } = useResourcesT();
  const versionId = useWorkbench((s) => s.versionId);
  const view = useWorkbench((s) => s.ganttView);
  const [open, setOpen] = useState(false);

  // The open version's levelling, for the levelled bars.
  useEffect(() => {
    if (versionId) void loadLevelling(versionId).catch(() => undefined);
  }, [versionId]);

  return (
    <>
      <button
        type="button"
        className="btn"
        aria-pressed={view === 'resource'}
        title={t('rgantt.switch_hint')}
        onClick={() => runCommand('toggleResourceGantt')}
      >
        {view === 'resource' ? t('rgantt.switch_task') : t('rgantt.switch_resource')}
      </button>
      <button type="button" className="btn" disabled={disabled || !versionId} onClick={() => setOpen(true)}>
        {t('level.button')}
      </button>
      {open && versionId && <LevelDialog versionId={versionId} onClose={() => setOpen(false)} />}
    </>
  );
}

function LevelDialog({ versionId, onClose }: { versionId: string; onClose: () => void }) {
  const { t, i18n } = useResourcesT();
  const toast = useToasts((s) => s.push);
  const levelled = useWorkbench((s) => (s.levelled?.versionId === versionId ? s.levelled.data : null));
  const [keys, setKeys] = useState<Key[]>(() => {
    const p = levelled?.options?.priority ?? [{ field: 'total_float' }, { field: 'late_start' }];
    return [0, 1, 2].map((i) => ({ field: p[i]?.field ?? '', descending: p[i]?.descending ?? false }));
  });
  const [withinFloat, setWithinFloat] = useState(levelled?.options?.within_float ?? false);
  const [preserveStarted, setPreserveStarted] = useState(levelled?.options?.preserve_started ?? true);
  const [timeMs, setTimeMs] = useState(String(levelled?.options?.time_ms ?? 1000));
  const [resources, setResources] = useState<Resource[]>([]);
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(
    levelled?.options?.resource_ids ? new Set(levelled.options.resource_ids) : null,
  );
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    void call(api.resources.list, { query: { kind: 'resource' } }, { silent: true }).then(
      (r) => setResources(r.items.filter((x) => x.default_limit > 0 || x.limits.length > 0)),
      () => undefined,
    );
  }, []);

  const date = (m: number | null | undefined) => (m == null ? '—' : formatLocal(m).slice(0, 10));

  const run = async () => {
    const priority = keys
      .filter((k): k is Key & { field: LevellingPriorityField } => k.field !== '')
      .map((k) => ({ field: k.field, descending: k.descending }));
    const options: LevelOptionsInput = {
      priority: priority.length ? priority : [{ field: 'total_float' }],
      within_float: withinFloat,
      preserve_started: preserveStarted,
      resource_ids: chosen ? [...chosen] : null,
      time_ms: Math.max(0, Math.min(10_000, Math.round(Number(timeMs) || 0))),
    };
    setProgress(0);
    try {
      const done = await levelVersion(versionId, options, setProgress);
      const s = done.stats;
      toast({
        kind: 'success',
        title: t('level.done', {
          delayed: s?.delayed ?? 0,
          before: s?.overallocations_before ?? 0,
          after: s?.overallocations_after ?? 0,
        }),
        lines: [],
        durationMs: 5000,
      });
      onClose();
    } catch (e) {
      toast({
        kind: 'error',
        title: t('level.failed', { message: e instanceof Error ? e.message : String(e) }),
        lines: [],
        durationMs: 8000,
      });
      setProgress(null);
    }
  };

  const clear = async () => {
    await clearLevelling(versionId);
    toast({ kind: 'info', title: t('level.cleared'), lines: [], durationMs: 4000 });
    onClose();
  };

  // Resource-dependent rows take their durations from their assignments (the server's
  // calculate-remains-duration-by-intensity); the version is read again with them.
  const durations = async () => {
    setProgress(0);
    try {
      const { updated } = await call(api.resources.remainsByIntensity, { params: { id: versionId } });
      if (updated > 0) await openVersion(versionId);
      toast({
        kind: 'success',
        title: t('level.durations_done', { count: updated }),
        lines: [],
        durationMs: 4000,
      });
      onClose();
    } catch {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const stats = levelled?.stats;
  return (
    <Modal
      title={t('level.title')}
      closeLabel={t('level.cancel')}
      onClose={onClose}
      width={520}
      footer={
        <>
          {levelled && (
            <button type="button" className="btn" disabled={busy} onClick={() => void clear()}>
              {t('level.clear')}
            </button>
          )}
          <button
            type="button"
            className="btn"
            disabled={busy}
            title={t('level.durations_hint')}
            onClick={() => void durations()}
          >
            {t('level.durations')}
          </button>
          <span style={{ flex: 1 }} />
          <button type="button" className="btn" onClick={onClose}>
            {t('level.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            data-autofocus
            onClick={() => void run()}
          >
            {busy ? t('level.running', { percent: progress }) : t('level.run')}
          </button>
        </>
      }
    >
      <div className="lv-form">
        <p className="lv-intro">{t('level.intro')}</p>
        {levelled && stats && (
          <p className="lv-current" data-testid="levelling-current">
            {t('level.current', {
              when: levelled.levelled_at ? new Date(levelled.levelled_at).toLocaleString(i18n.language) : '',
              delayed: stats.delayed,
              before: date(stats.finish_before),
              after: date(stats.finish_after),
            })}
          </p>
        )}
        {levelled?.out_of_date && <p className="lv-warn">{t('level.out_of_date')}</p>}
        <fieldset className="lv-set">
          <legend>{t('level.priority')}</legend>
          {keys.map((k, i) => (
            <div key={i} className="lv-key">
              <label>
                <span>{i === 0 ? t('level.priority') : t('level.then')}</span>
                <select
                  value={k.field}
                  onChange={(e) =>
                    setKeys((all) =>
                      all.map((x, j) =>
                        j === i ? { ...x, field: e.target.value as LevellingPriorityField | '' } : x,
                      ),
                    )
                  }
                >
                  {i > 0 && <option value="">{t('level.none')}</option>}
                  {FIELDS.map((f) => (
                    <option key={f} value={f}>
                      {t(`level.fields.${f}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="lv-check">
                <input
                  type="checkbox"
                  checked={k.descending}
                  disabled={k.field === ''}
                  onChange={(e) =>
                    setKeys((all) =>
                      all.map((x, j) => (j === i ? { ...x, descending: e.target.checked } : x)),
                    )
                  }
                />
                {t('level.descending')}
              </label>
            </div>
          ))}
          <p className="lv-hint">{t('level.priority_hint')}</p>
        </fieldset>
        <label className="lv-check">
          <input type="checkbox" checked={withinFloat} onChange={(e) => setWithinFloat(e.target.checked)} />
          {t('level.within_float')}
        </label>
        <label className="lv-check">
          <input
            type="checkbox"
            checked={preserveStarted}
            onChange={(e) => setPreserveStarted(e.target.checked)}
          />
          {t('level.preserve_started')}
        </label>
        <fieldset className="lv-set">
          <legend>{t('level.resources')}</legend>
          <label className="lv-check">
            <input
              type="checkbox"
              checked={chosen === null}
              onChange={(e) => setChosen(e.target.checked ? null : new Set())}
            />
            {t('level.all_resources')}
          </label>
          {chosen !== null && (
            <div className="lv-resources">
              {resources.map((r) => (
                <label key={r.id} className="lv-check">
                  <input
                    type="checkbox"
                    checked={chosen.has(r.id)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(r.id);
                      else next.delete(r.id);
                      setChosen(next);
                    }}
                  />
                  {r.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <label className="lv-field">
          <span>{t('level.time')}</span>
          <input
            type="number"
            min={0}
            max={10000}
            step={100}
            value={timeMs}
            onChange={(e) => setTimeMs(e.target.value)}
          />
        </label>
        <p className="lv-hint">{t('level.time_hint')}</p>
      </div>
    </Modal>
  );
}
