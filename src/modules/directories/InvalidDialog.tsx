// Invalid values of a directory (spec "invalid values"): rows whose directory-type attribute holds
// a code the directory no longer has (a deleted, recoded or mistyped value), each fixed here by
// choosing a value or none (one undoable change of its version); and how many linked rows show
// out-of-date linked attributes, refreshed with "Update linked values".
import { useEffect, useState } from 'react';
import type { Directory, InvalidValues } from '../../api/directories';
import { Modal } from '../../app/ui/Modal';
import { flattenValues } from '../../domain/directory';
import * as dirApi from './api';
import { refusal, RefusalLines } from './DirectoryDialogs';
import { refreshLinked } from './LinkedDialog';
import { useDirectoriesT } from './i18n';

export function InvalidDialog(props: {
  directory: Directory;
  dirRef: dirApi.DirRef;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useDirectoriesT();
  const { directory, dirRef } = props;
  const [found, setFound] = useState<InvalidValues | null>(null);
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const options = flattenValues(directory.values);

  const load = async () => setFound(await dirApi.invalidValues(dirRef));
  useEffect(() => {
    let live = true;
    dirApi.invalidValues(dirRef).then(
      (f) => live && setFound(f),
      (err) => live && setErrors(refusal(err, t('failed'))),
    );
    return () => {
      live = false;
    };
  }, [dirRef.epsId, dirRef.id]); // eslint-disable-line react-hooks/exhaustive-deps

  async function run(work: () => Promise<unknown>) {
    setBusy(true);
    setErrors([]);
    try {
      await work();
      await load();
    } catch (err) {
      setErrors(refusal(err, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('invalid_title', { name: directory.name })}
      closeLabel={t('close')}
      onClose={props.onClose}
      width={720}
    >
      <p className="muted">{t('invalid_hint')}</p>
      {found === null ? null : found.unknown.length === 0 ? (
        <p className="empty-text">{t('invalid_none')}</p>
      ) : (
        <table className="dir-graph__table">
          <caption className="visually-hidden">{t('invalid_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('version')}</th>
              <th scope="col">{t('invalid_row')}</th>
              <th scope="col">{t('invalid_attribute')}</th>
              <th scope="col">{t('invalid_value')}</th>
              {props.canEdit ? <th scope="col">{t('invalid_fix')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {found.unknown.map((r) => {
              const id = `${r.version_id}:${r.wbs_id}:${r.attribute_key}`;
              const label = t('invalid_new_value', { code: r.code, name: r.name });
              return (
                <tr key={id}>
                  <td>{r.version_label}</td>
                  <td>
                    {r.code} {r.name}
                  </td>
                  <td>{r.attribute_name}</td>
                  <td>{r.value}</td>
                  {props.canEdit ? (
                    <td className="dir-invalid__fix">
                      <select
                        className="field__input"
                        aria-label={label}
                        value={choice[id] ?? ''}
                        onChange={(e) => setChoice((c) => ({ ...c, [id]: e.target.value }))}
                      >
                        <option value="">{t('invalid_clear')}</option>
                        {options.map(({ value: v, depth }) => (
                          <option key={v.id} value={v.code}>
                            {'\u00a0'.repeat(depth * 2)}
                            {v.code} {v.name}
                          </option>
                        ))}
                      </select>
                      <button
                        type="button"
                        className="btn btn--sm"
                        disabled={busy}
                        onClick={() =>
                          void run(() =>
                            dirApi.invalidValueFix(dirRef, {
                              version_id: r.version_id,
                              wbs_id: r.wbs_id,
                              attribute_key: r.attribute_key,
                              code: choice[id] || null,
                            }),
                          )
                        }
                      >
                        {t('invalid_apply')}
                      </button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {found && found.stale_linked.rows > 0 ? (
        <p>
          {t('invalid_stale', {
            count: found.stale_linked.rows,
            versions: found.stale_linked.versions.length,
          })}{' '}
          {props.canEdit ? (
            <button
              type="button"
              className="btn btn--sm"
              disabled={busy}
              onClick={() => void run(() => refreshLinked(dirRef, t, true))}
            >
              {t('linked_update')}
            </button>
          ) : null}
        </p>
      ) : null}
      <RefusalLines lines={errors} />
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
