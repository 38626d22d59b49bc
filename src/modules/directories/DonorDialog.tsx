// Donor attributes of a directory: each of its attributes may give its values to an attribute of
// the space, and "Write into linked rows" puts them into the WBS rows linked to the directory's
// values — after a confirmation naming how many rows in how many versions change (one undoable
// change per version; locked versions are left as they are).
import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { Attribute } from '../../api/attributes';
import type { Directory } from '../../api/directories';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { Modal } from '../../app/ui/Modal';
import { useToasts } from '../../state/toasts';
import * as dirApi from './api';
import { refusal, RefusalLines } from './DirectoryDialogs';
import { useDirectoriesT } from './i18n';

export function DonorDialog(props: {
  directory: Directory;
  dirRef: dirApi.DirRef;
  onChanged: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useDirectoriesT();
  const { directory, dirRef } = props;
  const [targets, setTargets] = useState<Attribute[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    call(api.attributes.list, {}, { silent: true }).then(
      (r) => live && setTargets(r.items.filter((a) => a.type !== 'formula' && a.access === 'write')),
      () => live && setTargets([]),
    );
    return () => {
      live = false;
    };
  }, []);

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

  const choose = (key: string, was: string | null, target: string) =>
    run(key, async () => {
      if (!target) await dirApi.donorDelete(dirRef, key);
      else if (was) await dirApi.donorUpdate(dirRef, key, target);
      else await dirApi.donorCreate(dirRef, key, target);
      await props.onChanged();
    });

  const push = (key: string, name: string) =>
    run(key, async () => {
      const plan = await dirApi.donorPush(dirRef, key, true);
      if (plan.rows === 0) {
        useToasts.getState().push({
          kind: 'info',
          title: t('donor_nothing', { name }),
          lines: plan.locked ? [t('donor_locked', { count: plan.locked })] : [],
          durationMs: 4000,
        });
        return;
      }
      const { confirmed } = await confirm({
        title: t('refresh_title'),
        message: [
          t('donor_confirm', { name, count: plan.rows, versions: plan.versions.length }),
          ...(plan.locked ? [t('donor_locked', { count: plan.locked })] : []),
        ].join(' '),
        submitLabel: t('refresh_submit'),
        confirmWithEnter: true,
      });
      if (!confirmed) return;
      const done = await dirApi.donorPush(dirRef, key, false);
      useToasts.getState().push({
        kind: 'success',
        title: t('donor_done', { count: done.rows, versions: done.versions.length }),
        lines: done.versions.map((v) => `${v.label}: ${v.rows}`),
        durationMs: 4000,
      });
    });

  return (
    <Modal
      title={t('donor_title', { name: directory.name })}
      closeLabel={t('close')}
      onClose={props.onClose}
      width={620}
    >
      <p className="muted">{t('donor_hint')}</p>
      {directory.attributes.length === 0 ? (
        <p className="empty-text">{t('donor_no_attributes')}</p>
      ) : (
        <table className="dir-donors">
          <thead>
            <tr>
              <th scope="col">{t('donor_attribute')}</th>
              <th scope="col">{t('donor_target')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {directory.attributes.map((a) => (
              <tr key={a.key} data-attribute={a.name}>
                <td>{a.name}</td>
                <td>
                  <select
                    className="field__input"
                    aria-label={t('donor_target_of', { name: a.name })}
                    disabled={targets === null || busy !== null}
                    value={a.donor_to ?? ''}
                    onChange={(e) => void choose(a.key, a.donor_to ?? null, e.target.value)}
                  >
                    <option value="">{t('donor_none')}</option>
                    {(targets ?? []).map((x) => (
                      <option key={x.key} value={x.key}>
                        {x.name}
                      </option>
                    ))}
                    {a.donor_to && targets && !targets.some((x) => x.key === a.donor_to) ? (
                      <option value={a.donor_to}>{a.donor_to}</option>
                    ) : null}
                  </select>
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn--sm"
                    disabled={!a.donor_to || busy !== null}
                    onClick={() => void push(a.key, a.name)}
                  >
                    {busy === a.key ? <span className="spinner" aria-hidden="true" /> : null}
                    {t('donor_push')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <RefusalLines lines={errors} />
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
