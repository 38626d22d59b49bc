// The complex-version indicator of a version: how many of the rows linked to source values have
// assignments that differ from what the relations' norms require of their volumes (each such
// row with the required and the present units), the codes no resource has, and "Recalculate"
// that sets them after a confirmation naming how many rows change.
import { useEffect, useState } from 'react';
import type { EpsNode } from '../../api/structure';
import type { ComplexIndicator, StaleRow } from '../../api/directory-relations';
import type { Version } from '../../api/versions';
import { confirm } from '../../app/dialogs/confirm';
import { Modal } from '../../app/ui/Modal';
import { useToasts } from '../../state/toasts';
import { refusal, RefusalLines } from './DirectoryDialogs';
import { useDirectoriesT } from './i18n';
import * as relApi from './relations-api';

const units = (list: StaleRow['required']) =>
  list.map((a) => `${a.code} ${Number(a.units.toPrecision(6))}`).join(', ') || '—';

export function NormsDialog(props: {
  nodes: readonly EpsNode[];
  versions: readonly Version[];
  onClose: () => void;
}) {
  const { t } = useDirectoriesT();
  const [versionId, setVersionId] = useState(props.versions[0]?.id ?? '');
  const [state, setState] = useState<ComplexIndicator | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const scheduleName = (v: Version) => props.nodes.find((n) => n.id === v.schedule_id)?.name ?? '';

  useEffect(() => {
    if (!versionId) return;
    let live = true;
    relApi.normsIndicator(versionId).then(
      (s) => live && setState(s),
      (err: unknown) => live && setErrors(refusal(err, t('failed'))),
    );
    return () => {
      live = false;
    };
  }, [versionId, t]);

  async function recalculate() {
    if (!state) return;
    const { confirmed } = await confirm({
      title: t('norms_recalc'),
      message: t('norms_confirm', { count: state.stale }),
      submitLabel: t('norms_recalc'),
      confirmWithEnter: true,
    });
    if (!confirmed) return;
    setBusy(true);
    setErrors([]);
    try {
      const done = await relApi.recalculateNorms(versionId);
      useToasts.getState().push({
        kind: 'success',
        title: t('norms_done', { count: done.rows }),
        lines: [t('norms_done_detail', { added: done.added, updated: done.updated, removed: done.removed })],
        durationMs: 4000,
      });
      setState(await relApi.normsIndicator(versionId));
    } catch (err) {
      setErrors(refusal(err, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t('norms_title')} closeLabel={t('close')} onClose={props.onClose} width={760}>
      <p className="muted dir-rel__hint">{t('norms_hint')}</p>
      <label className="field">
        <span className="field__label">{t('version')}</span>
        <select
          className="field__input"
          value={versionId}
          onChange={(e) => {
            setState(null);
            setVersionId(e.target.value);
          }}
        >
          {props.versions.map((v) => (
            <option key={v.id} value={v.id}>
              {scheduleName(v)} / {v.label}
            </option>
          ))}
        </select>
      </label>
      {state ? (
        <>
          <p className="dir-norms__summary" role="status" data-stale={state.stale}>
            {state.stale
              ? t('norms_stale', { count: state.stale, checked: state.checked })
              : t('norms_fresh', { checked: state.checked })}
          </p>
          {state.missing.length ? (
            <p className="dir-norms__missing" role="note">
              {t('norms_missing', { codes: state.missing.join(', ') })}
            </p>
          ) : null}
          {state.rows.length ? (
            <table className="dir-rel__rows">
              <thead>
                <tr>
                  <th scope="col">{t('code')}</th>
                  <th scope="col">{t('name')}</th>
                  <th scope="col">{t('norms_volume')}</th>
                  <th scope="col">{t('norms_required')}</th>
                  <th scope="col">{t('norms_actual')}</th>
                </tr>
              </thead>
              <tbody>
                {state.rows.map((r) => (
                  <tr key={r.wbs_id} data-row={r.code}>
                    <td>{r.code}</td>
                    <td>{r.name}</td>
                    <td>{r.volume ?? '—'}</td>
                    <td>{units(r.required)}</td>
                    <td>{units(r.actual)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ) : null}
      <RefusalLines lines={errors} />
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onClose}>
          {t('close')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!state || state.stale === 0 || busy}
          onClick={() => void recalculate()}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('norms_recalc')}
        </button>
      </div>
    </Modal>
  );
}
