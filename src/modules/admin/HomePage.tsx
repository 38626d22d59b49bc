// The home page of a space: the schedules changed last (marked when changed since the previous
// visit), the members and the licence. Reading it records the visit.
import { useEffect, useState } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import { api } from '../../api';
import type { Home } from '../../api';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { useAdminT } from './i18n';
import './admin.css';

export function HomePage() {
  const { t } = useAdminT();
  const { spaceId } = useOutletContext<SpaceContext>();
  const [home, setHome] = useState<Home | null>(null);
  useEffect(() => void call(api.admin.home, { params: { space_id: spaceId } }).then(setHome), [spaceId]);
  if (!home) return <div className="admin" />;
  return (
    <div className="admin">
      <h1>{t('home.title')}</h1>
      <h2>{t('home.recent')}</h2>
      {home.recent.length === 0 ? (
        <p>{t('home.none')}</p>
      ) : (
        <ul className="home__recent">
          {home.recent.map((r) => (
            <li key={r.version_id}>
              <Link to={`/${spaceId}/schedule/${r.schedule_id}?version=${r.version_id}`}>
                {r.project_name ? `${r.project_name} / ` : ''}
                {r.schedule_name} — {r.version_label}
              </Link>{' '}
              <small>{new Date(r.changed_at).toLocaleString()}</small>
              {r.changed_since_visit && <span className="admin__changed">{t('home.changed')}</span>}
            </li>
          ))}
        </ul>
      )}
      <h2>{t('home.licence')}</h2>
      <p>
        {t('home.userCap', { members: home.members, cap: home.licence.user_cap })},{' '}
        {home.licence.expires_at
          ? t('home.expires', { date: new Date(home.licence.expires_at).toLocaleDateString() })
          : t('home.noExpiry')}
      </p>
    </div>
  );
}
