// The structure toolbar's version actions (a version selected): compare it with another version of
// its schedule, copy it into a schedule of the space, make it the schedule's target.
import { CalendarCheck, CalendarClock, Copy, GitCompare, Replace, Target } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api';
import type { EpsTree } from '../../api/structure';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { useToasts } from '../../state/toasts';
import { BatchActions } from './BatchDialog';
import { CompareDialog } from './CompareDialog';
import { CuratorDatesDialog } from './CuratorDatesDialog';
import { DpLimitDialog } from './DpLimitDialog';
import { ReplacementsDialog } from './ReplacementsDialog';
import { useVersionsT } from './i18n';
import './versions.css';

interface Props {
  tree: EpsTree | null;
  item: { id: string; kind: string; parentId: string | null } | null;
  canEdit: boolean;
  /** Read the tree again after a change. */
  onChanged: () => void;
}

export function VersionActions({ tree, item, canEdit, onChanged }: Props) {
  const { t: tr } = useVersionsT();
  const t = tr as unknown as (key: string, p?: Record<string, unknown>) => string;
  const [open, setOpen] = useState<'compare' | 'copy' | 'replacements' | 'curator' | 'dp' | null>(null);
  const version = item?.kind === 'version' ? tree?.versions.find((v) => v.id === item.id) : undefined;
  const versions = version ? (tree?.versions.filter((v) => v.schedule_id === version.schedule_id) ?? []) : [];
  // Replacements are the schedule's: offered with the schedule or one of its versions selected.
  const scheduleId = version?.schedule_id ?? (item?.kind === 'schedule' ? item.id : null);
  const schedule = scheduleId ? tree?.nodes.find((n) => n.id === scheduleId) : undefined;
  const scheduleVersions = scheduleId
    ? (tree?.versions.filter((v) => v.schedule_id === scheduleId) ?? [])
    : [];
  const toast = (title: string) =>
    useToasts.getState().push({ kind: 'success', title, lines: [], durationMs: 3000 });

  const makeTarget = async () => {
    if (!version) return;
    await call(api.versionCompare.targetDates, {
      params: { id: version.id },
      body: { target_version_id: version.id },
    });
    toast(t('target_done', { label: version.label }));
    onChanged();
  };

  return (
    <div className="vc-actions">
      <BatchActions tree={tree} item={item} canEdit={canEdit} />
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!version || versions.length < 2}
        title={t('compare_hint')}
        onClick={() => setOpen('compare')}
      >
        <GitCompare size={15} aria-hidden="true" />
        <span>{t('compare')}</span>
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!version || !canEdit}
        title={t('copy_to_hint')}
        onClick={() => setOpen('copy')}
      >
        <Copy size={15} aria-hidden="true" />
        <span>{t('copy_to')}</span>
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!version || !canEdit || version.kind === 'target' || version.kind === 'actual'}
        title={t('make_target_hint')}
        onClick={() => void makeTarget().catch(() => undefined)}
      >
        <Target size={15} aria-hidden="true" />
        <span>{t('make_target')}</span>
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!scheduleId}
        title={t('rp_hint')}
        onClick={() => setOpen('replacements')}
      >
        <Replace size={15} aria-hidden="true" />
        <span>{t('rp_open')}</span>
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!version}
        title={t('cd_hint')}
        onClick={() => setOpen('curator')}
      >
        <CalendarCheck size={15} aria-hidden="true" />
        <span>{t('cd_open')}</span>
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!scheduleId}
        title={t('dp_hint_open')}
        onClick={() => setOpen('dp')}
      >
        <CalendarClock size={15} aria-hidden="true" />
        <span>{t('dp_open')}</span>
      </button>
      {open === 'curator' && version && (
        <CuratorDatesDialog
          versionId={version.id}
          label={version.label}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'dp' && scheduleId && (
        <DpLimitDialog
          scheduleId={scheduleId}
          scheduleName={schedule?.name ?? ''}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'replacements' && scheduleId && (
        <ReplacementsDialog
          scheduleId={scheduleId}
          scheduleName={schedule?.name ?? ''}
          versions={scheduleVersions}
          versionId={version?.id ?? null}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'compare' && version && (
        <CompareDialog
          scheduleId={version.schedule_id}
          versions={versions}
          versionId={version.id}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'copy' && version && tree && (
        <CopyToDialog
          t={t}
          tree={tree}
          versionId={version.id}
          label={version.label}
          scheduleId={version.schedule_id}
          onClose={() => setOpen(null)}
          onDone={(schedule) => {
            setOpen(null);
            toast(t('copy_done', { schedule }));
            onChanged();
          }}
        />
      )}
    </div>
  );
}

function CopyToDialog({
  t,
  tree,
  versionId,
  label,
  scheduleId,
  onClose,
  onDone,
}: {
  t: (key: string, p?: Record<string, unknown>) => string;
  tree: EpsTree;
  versionId: string;
  label: string;
  scheduleId: string;
  onClose: () => void;
  onDone: (scheduleName: string) => void;
}) {
  const schedules = tree.nodes.filter((n) => n.kind === 'schedule');
  const [target, setTarget] = useState(schedules.find((s) => s.id !== scheduleId)?.id ?? scheduleId);
  const [name, setName] = useState(label.slice(0, 32));
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await call(api.versionCompare.copyTo, {
        params: { id: versionId, scheduleId: target },
        body: name.trim() ? { label: name.trim() } : {},
      });
      onDone(schedules.find((s) => s.id === target)?.name ?? '');
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t('copy_title')}
      closeLabel={t('close')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('close')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || !target}
            onClick={() => void submit()}
          >
            {t('copy_to')}
          </button>
        </>
      }
    >
      <div className="vc-copy">
        <label className="vc-field">
          <span>{t('copy_schedule')}</span>
          <select value={target} onChange={(e) => setTarget(e.target.value)} data-autofocus="">
            {schedules.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="vc-field">
          <span>{t('copy_label')}</span>
          <input value={name} maxLength={32} onChange={(e) => setName(e.target.value)} />
        </label>
      </div>
    </Modal>
  );
}
