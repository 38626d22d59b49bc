// The home page of a space: the schedules changed last (marked when changed since the previous
// visit), the members and the licence. Reading it records the visit.
import { useEffect, useState } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import { api } from '../../api';
import type { Home } from '../../api';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { CalendarClock, ListChecks } from 'lucide-react';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import { OpenNotices } from '../collab/notices';
import { useAdminT } from './i18n';
import './admin.css';
import { dayText, momentText } from '../../app/i18n/moment-text';

export function HomePage() {
  const { t } = useAdminT();
  const { spaceId } = useOutletContext<SpaceContext>();
  const [home, setHome] = useState<Home | null>(null);
  useEffect(() => {
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    void call(api.admin.home, { params: { space_id: spaceId }, query: { today } }).then(setHome);
  }, [spaceId]);
  if (!home) return <Loading />;
  return (
    <div className="admin">
      <h1>{t('home.title')}</h1>
      <OpenNotices spaceId={spaceId} />
      <h2>{t('home.week')}</h2>
      {home.tasks.length === 0 ? (
        <EmptyState icon={ListChecks} title={t('home.noTasks')} hint={t('home.noTasksHint')} />
      ) : (
        <table className="admin__table" aria-label={t('home.week')}>
          <thead>
            <tr>
              <th>{t('home.task')}</th>
              <th>{t('home.schedule')}</th>
              <th>{t('home.start')}</th>
              <th>{t('home.finish')}</th>
            </tr>
          </thead>
          <tbody>
            {home.tasks.map((task) => (
              <tr key={task.version_id + task.wbs_id}>
                <td>
                  <Link
                    to={`/${spaceId}/schedule/${task.schedule_id}?version=${task.version_id}&target=${task.wbs_id}`}
                  >
                    {task.code ? `${task.code} ` : ''}
                    {task.name}
                  </Link>
                </td>
                <td>{task.schedule_name}</td>
                <td className={task.starts_this_week ? 'home__this-week' : undefined}>
                  {task.start?.replace('T', ' ') ?? ''}
                </td>
                <td className={task.finishes_this_week ? 'home__this-week' : undefined}>
                  {task.finish?.replace('T', ' ') ?? ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t('home.recent')}</h2>
      {home.recent.length === 0 ? (
        <EmptyState icon={CalendarClock} title={t('home.none')} />
      ) : (
        <ul className="home__recent">
          {home.recent.map((r) => (
            <li key={r.version_id}>
              <Link to={`/${spaceId}/schedule/${r.schedule_id}?version=${r.version_id}`}>
                {r.project_name ? `${r.project_name} / ` : ''}
                {r.schedule_name} — {r.version_label}
              </Link>{' '}
              <small>{momentText(r.changed_at)}</small>
              {r.changed_since_visit && <span className="admin__changed">{t('home.changed')}</span>}
            </li>
          ))}
        </ul>
      )}
      <h2>{t('home.licence')}</h2>
      <p>
        {t('home.userCap', { members: home.members, cap: home.licence.user_cap })},{' '}
        {home.licence.expires_at
          ? t('home.expires', { date: dayText(home.licence.expires_at) })
          : t('home.noExpiry')}
      </p>
    </div>
  );
}
