// /{space_id}/admin: members, roles with their permission matrix, licences. Non-administrators see
// why the screen is closed to them (the server refuses their calls anyway).
import { useOutletContext } from 'react-router-dom';
import { roleRoutes } from '../../api/roles';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { LicencesSection } from './LicencesSection';
import { MembersSection } from './MembersSection';
import { RolesSection } from './RolesSection';
import { useAdminT } from './i18n';
import { useLoad } from './use-load';
import './admin.css';

export function AdminPage() {
  const { t } = useAdminT();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const isAdmin = config?.permissions.administration.includes('admin') ?? false;
  const { data: roles, reload } = useLoad(
    () => (isAdmin ? call(roleRoutes.list) : Promise.resolve([])),
    `${spaceId}:${isAdmin}`,
  );
  if (config && !isAdmin)
    return (
      <div className="admin-page">
        <h1>{t('title')}</h1>
        <p>{t('not_admin')}</p>
      </div>
    );
  return (
    <div className="admin-page">
      <h1>{t('title')}</h1>
      <MembersSection spaceId={spaceId} roles={roles ?? []} />
      <RolesSection roles={roles ?? []} reload={() => void reload()} />
      <LicencesSection spaceId={spaceId} />
    </div>
  );
}
