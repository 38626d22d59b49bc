// Linked attributes of a directory: each of its attributes may be shown on the WBS rows linked to
// the directory's values, as a read-only column of the workbench (a space attribute of its own).
// "Update linked values" refreshes those rows — after a confirmation naming how many rows in how
// many versions change (one undoable change per version; locked versions are left as they are).
import { useState } from 'react';
import type { Directory } from '../../api/directories';
import { confirm } from '../../app/dialogs/confirm';
import { Modal } from '../../app/ui/Modal';
import { useToasts } from '../../state/toasts';
import * as dirApi from './api';
import { refusal, RefusalLines } from './DirectoryDialogs';
import { useDirectoriesT } from './i18n';

/** Counts, asks, then refreshes the linked rows; false when the user said no. */
export async function refreshLinked(
  dirRef: dirApi.DirRef,
  t: ReturnType<typeof useDirectoriesT>['t'],
  ask: boolean,
): Promise<boolean> {
  const plan = await dirApi.updateLinkedValues(dirRef, true);
  if (plan.rows === 0) {
    useToasts.getState().push({
      kind: 'info',
      title: t('linked_nothing'),
      lines: plan.locked ? [t('donor_locked', { count: plan.locked })] : [],
      durationMs: 4000,
    });
    return true;
  }
  if (ask) {
    const { confirmed } = await confirm({
      title: t('refresh_title'),
      message: [
        t('linked_confirm', { count: plan.rows, versions: plan.versions.length }),
        ...(plan.locked ? [t('donor_locked', { count: plan.locked })] : []),
      ].join(' '),
      submitLabel: t('refresh_submit'),
      confirmWithEnter: true,
    });
    if (!confirmed) return false;
  }
  const done = await dirApi.updateLinkedValues(dirRef, false);
  useToasts.getState().push({
    kind: 'success',
    title: t('linked_done', { count: done.rows, versions: done.versions.length }),
    lines: done.versions.map((v) => `${v.label}: ${v.rows}`),
    durationMs: 4000,
  });
  return true;
}

export function LinkedDialog(props: {
  directory: Directory;
  dirRef: dirApi.DirRef;
  onChanged: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useDirectoriesT();
  const { directory, dirRef } = props;
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, work: () => Promise<unknown>) {
    setBusy(key);
    setErrors([]);
    try {
      await work();
    } catch (err) {
      setErrors(refusal(err, t('failed')));
    } finally {
      setBusy(null);
    }
  }

  const toggle = (key: string, on: boolean) =>
    run(key, async () => {
      if (on) await dirApi.linkedCreate(dirRef, key);
      else await dirApi.linkedDelete(dirRef, key);
      await props.onChanged();
    });

  const anyLinked = directory.attributes.some((a) => a.linked_to);
  return (
    <Modal
      title={t('linked_title', { name: directory.name })}
      closeLabel={t('close')}
      onClose={props.onClose}
      width={560}
    >
      <p className="muted">{t('linked_hint')}</p>
      {directory.attributes.length === 0 ? (
        <p className="empty-text">{t('donor_no_attributes')}</p>
      ) : (
        <ul className="dir-linked">
          {directory.attributes.map((a) => (
            <li key={a.key} data-attribute={a.name}>
              <label>
                <input
                  type="checkbox"
                  checked={!!a.linked_to}
                  disabled={busy !== null}
                  onChange={(e) => void toggle(a.key, e.target.checked)}
                />{' '}
                {t('linked_show', { name: a.name })}
              </label>
            </li>
          ))}
        </ul>
      )}
      <RefusalLines lines={errors} />
      <div className="modal__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={!anyLinked || busy !== null}
          onClick={() => void run('refresh', () => refreshLinked(dirRef, t, true))}
        >
          {busy === 'refresh' ? <span className="spinner" aria-hidden="true" /> : null}
          {t('linked_update')}
        </button>
        <button type="button" className="btn" onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
