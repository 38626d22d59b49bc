// Two sections of the profile: the privacy policy (read, accept once) and the resources of this
// space that stand for the user (the resources' user-specialty link).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import type { Resource, User } from '../../api';
import { call } from '../../app/api/call';
import { useToasts } from '../../state/toasts';
import { useAdmin4T } from './i18n';

export function PrivacySection({ user, onUser }: { user: User; onUser: (u: User) => void }) {
  const { t, i18n } = useAdmin4T();
  const accept = async () => {
    const u = await call(api.users.acceptPrivacyPolicy).catch(() => null);
    if (!u) return;
    onUser(u);
    useToasts.getState().push({ kind: 'success', title: t('privacy.done'), lines: [], durationMs: 3000 });
  };
  const at = user.privacy_policy_accepted_at;
  return (
    <section className="admin__form" aria-labelledby="privacy-title">
      <h2 id="privacy-title">{t('privacy.title')}</h2>
      <p>{t('privacy.text')}</p>
      {at ? (
        <p className="admin__note">
          {t('privacy.accepted', { date: new Date(at).toLocaleDateString(i18n.language) })}
        </p>
      ) : (
        <>
          <p className="admin__note">{t('privacy.notAccepted')}</p>
          <button type="button" className="btn btn--primary" onClick={() => void accept()}>
            {t('privacy.accept')}
          </button>
        </>
      )}
    </section>
  );
}

export function MyResourcesSection({ spaceId, userId }: { spaceId: string; userId: string }) {
  const { t } = useAdmin4T();
  const [mine, setMine] = useState<Resource[] | null>(null);
  useEffect(() => {
    void call(api.resources.list, { query: {} }, { silent: true })
      .then((r) => setMine(r.items.filter((x) => x.user_id === userId)))
      .catch(() => setMine([]));
  }, [spaceId, userId]);
  if (mine === null) return null;
  return (
    <section className="admin__form" aria-labelledby="mine-title">
      <h2 id="mine-title">{t('mine.title')}</h2>
      {mine.length === 0 ? (
        <p className="admin__note">{t('mine.none')}</p>
      ) : (
        <table className="admin__table" aria-labelledby="mine-title">
          <thead>
            <tr>
              <th>{t('mine.name')}</th>
              <th>{t('mine.specialty')}</th>
              <th>{t('mine.unit')}</th>
            </tr>
          </thead>
          <tbody>
            {mine.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/${spaceId}/resources/${r.id}`} title={t('mine.open')}>
                    {r.code ? `${r.code} ` : ''}
                    {r.name}
                  </Link>
                </td>
                <td>{r.specialty}</td>
                <td>{r.unit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
