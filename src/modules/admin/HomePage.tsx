// /{space_id}/home: what a planner opens the day with — versions by their latest change, those
// changed since the previous visit marked, and the state of the space's licence.
import { Link, useOutletContext } from 'react-router-dom';
import { adminRoutes } from '../../api/admin';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { useAdminT } from './i18n';
import { useLoad } from './use-load';
import './admin.css';

export function HomePage() {
  const { t } = useAdminT();
  const { spaceId } = useOutletContext<SpaceContext>();
  const { data } = useLoad(() => call(adminRoutes.home, { params: { space_id: spaceId } }), spaceId);
  return (
    <div className="admin-page">
      <h1>{t('home.title')}</h1>
      {data && (
        <>
          <p className="admin-muted">
            {data.previous_visit_at
              ? t('home.previous_visit', { date: new Date(data.previous_visit_at).toLocaleString() })
              : t('home.first_visit')}{' '}
            · {t('home.members', { n: data.members, cap: data.licence.user_cap })}
          </p>
          <h2>{t('home.recent')}</h2>
          {data.recent.length === 0 && <p>{t('home.no_schedules')}</p>}
          <div className="admin-cards">
            {data.recent.map((r) => (
              <Link
                key={r.version_id}
                className="admin-card"
                to={`/${spaceId}/schedule/${r.schedule_id}?version=${r.version_id}`}
              >
                <strong>{r.schedule_name}</strong> — {r.version_label}
                <div className="admin-muted">{r.project_name}</div>
                <div className="admin-muted">
                  {t('home.changed', { date: new Date(r.changed_at).toLocaleString() })}
                  {r.changed_since_visit && <> · {t('home.changed_since')}</>}
                </div>
              </Link>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
