// Two actions on the whole space, under its settings: add the demo schedule (a newcomer's first
// look at a real plan, or a fresh copy after changes) and delete a free space (demo and paid
// spaces are kept: the server answers 409 for them).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api';
import type { SpaceConfig } from '../../api';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { useToasts } from '../../state/toasts';
import { useAdmin4T } from './i18n';

export function SpaceActionsPanel({ spaceId, config }: { spaceId: string; config: SpaceConfig | null }) {
  const { t } = useAdmin4T();
  const navigate = useNavigate();
  const [demo, setDemo] = useState<{ schedule_id: string; version_id: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const params = { space_id: spaceId };

  const addDemo = async () => {
    setBusy(true);
    const made = await call(api.space.demo, { params }).catch(() => null);
    setBusy(false);
    if (made) setDemo(made);
  };
  const deleteSpace = async () => {
    const name = config?.name ?? '';
    const { confirmed } = await confirm({
      title: t('space.deleteTitle'),
      message: t('space.deleteConfirm', { name }),
      submitLabel: t('space.delete'),
      danger: true,
    });
    if (!confirmed) return;
    const ok = await call(api.space.deleteFree, { params }).catch(() => null);
    if (!ok) return; // the toast says why (not a free space, not an administrator)
    useToasts
      .getState()
      .push({ kind: 'success', title: t('space.deleted', { name }), lines: [], durationMs: 3000 });
    navigate('/', { replace: true });
  };

  return (
    <section className="admin__form" aria-labelledby="space-actions">
      <h2 id="space-actions">{t('space.title')}</h2>
      <p className="admin__note">{t('space.demoHint')}</p>
      <button type="button" className="btn" disabled={busy} onClick={() => void addDemo()}>
        {t('space.demo')}
      </button>
      {demo && (
        <p role="status">
          {t('space.demoAdded')}{' '}
          <Link to={`/${spaceId}/schedule/${demo.schedule_id}?version=${demo.version_id}`}>
            {t('space.open')}
          </Link>
        </p>
      )}
      {config?.kind === 'free' && (
        <>
          <p className="admin__note">{t('space.deleteHint')}</p>
          <button type="button" className="btn btn--danger" onClick={() => void deleteSpace()}>
            {t('space.delete')}
          </button>
        </>
      )}
    </section>
  );
}
