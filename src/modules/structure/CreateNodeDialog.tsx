import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldError, validateNodeName } from '../../app/forms/rules';
import { Modal } from '../../app/ui/Modal';
import { TextField } from '../../app/ui/TextField';
import { createItem } from './actions';
import { KindIcon } from './KindIcon';
import { type CreateKind, type CreateTarget, type TreeItem, findItem } from './model';

interface CreateNodeDialogProps {
  roots: TreeItem[];
  targets: CreateTarget[];
  onClose: () => void;
}

/** The create-node form (flag createNode): what to create, inside which parent, and its name. */
export function CreateNodeDialog({ roots, targets, onClose }: CreateNodeDialogProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CreateKind>(nextKind(targets));
  const [name, setName] = useState('');
  const [versionKind, setVersionKind] = useState<'version' | 'target'>('version');
  const [copyFrom, setCopyFrom] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const target = targets.find((x) => x.kind === kind) ?? targets[0]!;
  const versions = kind === 'version' ? (findItem(roots, target.parentId)?.children ?? []) : [];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateNodeName(name);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      await createItem(target, name.trim(), versionKind, copyFrom || undefined);
      onClose();
    } catch {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('structure.create_title', { kind: t(`structure.kind.${kind}`).toLowerCase() })}
      closeLabel={t('common.close')}
      onClose={onClose}
      // Five kinds side by side, "Schedule group" the longest, each on one line.
      width={600}
    >
      <form className="form" onSubmit={submit} noValidate>
        <div className="segmented" role="radiogroup" aria-label={t('structure.field_kind')}>
          {targets.map((x) => (
            <button
              key={x.kind}
              type="button"
              role="radio"
              aria-checked={x.kind === kind}
              className={`segmented__item${x.kind === kind ? ' segmented__item--on' : ''}`}
              onClick={() => setKind(x.kind)}
            >
              <KindIcon kind={x.kind} size={14} />
              {t(`structure.kind.${x.kind}`)}
            </button>
          ))}
        </div>
        {target.parentName ? (
          <p className="form__context">{t('structure.create_in', { parent: target.parentName })}</p>
        ) : null}
        <TextField
          label={t('structure.name')}
          name="node_name"
          autoFocus
          value={name}
          onChange={(v) => {
            setName(v);
            if (error) setError(validateNodeName(v));
          }}
          error={error}
        />
        {kind === 'version' ? (
          <label className="field">
            <span className="field__label">{t('structure.version_kind')}</span>
            <select
              className="field__input"
              value={versionKind}
              onChange={(e) => setVersionKind(e.target.value as 'version' | 'target')}
            >
              <option value="version">{t('structure.kind.version')}</option>
              <option value="target">{t('structure.kind.target')}</option>
            </select>
          </label>
        ) : null}
        {kind === 'version' && versions.length > 0 ? (
          <label className="field">
            <span className="field__label">{t('structure.copy_from')}</span>
            <select className="field__input" value={copyFrom} onChange={(e) => setCopyFrom(e.target.value)}>
              <option value="">{t('structure.copy_none')}</option>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="modal__actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('common.abort')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('common.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Default kind: one level below the selection (a project inside a selected facility, …). */
function nextKind(targets: CreateTarget[]): CreateKind {
  return targets[targets.length - 1]?.kind ?? 'facility';
}
