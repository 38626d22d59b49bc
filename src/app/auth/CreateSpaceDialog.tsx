import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSpace } from '../../api/users';
import { spaceRoutes } from '../../api/spaces';
import { call } from '../api/call';
import { type FieldError, validateSpaceName } from '../forms/rules';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';

/** The create-space form (visibility flag createSpace). */
export function CreateSpaceDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (s: UserSpace) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateSpaceName(name);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      onCreated(await call(spaceRoutes.create, { body: { name: name.trim() } }));
    } catch {
      setBusy(false);
    }
  }

  return (
    <Modal title={t('auth.select_space.create_title')} closeLabel={t('common.close')} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('auth.select_space.name')}
          name="space_name"
          autoFocus
          value={name}
          onChange={(v) => {
            setName(v);
            if (error) setError(validateSpaceName(v));
          }}
          error={error}
        />
        <div className="modal__actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('common.abort')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('auth.select_space.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
