// Members of the space: invite by login or email, role per member, estimates/BIM seats, kick out.
import { useState } from 'react';
import { adminRoutes } from '../../api/admin';
import type { Role } from '../../api/roles';
import { spaceRoutes } from '../../api/spaces';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { useAdminT } from './i18n';
import { useLoad } from './use-load';

export function MembersSection({ spaceId, roles }: { spaceId: string; roles: Role[] }) {
  const { t } = useAdminT();
  const params = { space_id: spaceId };
  const { data: members, reload } = useLoad(() => call(spaceRoutes.users, { params }), spaceId);
  const [login, setLogin] = useState('');
  const [roleId, setRoleId] = useState('');
  const act = (p: Promise<unknown>) => p.then(reload, () => undefined);

  const invite = (e: React.FormEvent) => {
    e.preventDefault();
    void act(
      call(spaceRoutes.invite, { params, body: roleId ? { login, role_id: roleId } : { login } }).then(() =>
        setLogin(''),
      ),
    );
  };

  return (
    <section className="admin-section" aria-labelledby="admin-members">
      <h2 id="admin-members">{t('members.title')}</h2>
      <form className="admin-row" onSubmit={invite}>
        <input
          aria-label={t('members.login')}
          placeholder={t('members.login')}
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          required
        />
        <select aria-label={t('members.role')} value={roleId} onChange={(e) => setRoleId(e.target.value)}>
          <option value="">{t('members.default_role')}</option>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        <button className="btn btn--primary" type="submit">
          {t('members.invite')}
        </button>
      </form>
      <table className="admin-table">
        <thead>
          <tr>
            <th>{t('members.name')}</th>
            <th>{t('members.login')}</th>
            <th>{t('members.role')}</th>
            <th>{t('members.estimates')}</th>
            <th>{t('members.bim')}</th>
            <th>{t('members.last_seen')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(members ?? []).map((m) => (
            <tr key={m.user_id} data-login={m.login}>
              <td>
                {m.first_name} {m.last_name}
              </td>
              <td>{m.login}</td>
              <td>
                <select
                  aria-label={t('members.role_of', { login: m.login })}
                  value={m.role_id}
                  onChange={(e) =>
                    void act(
                      call(spaceRoutes.setRole, {
                        params,
                        body: { user_id: m.user_id, role_id: e.target.value },
                      }),
                    )
                  }
                >
                  {roles.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </td>
              {(['estimates', 'bim'] as const).map((kind) => (
                <td key={kind}>
                  <input
                    type="checkbox"
                    aria-label={t(`members.${kind}`)}
                    checked={m[kind]}
                    onChange={(e) =>
                      void act(
                        call(adminRoutes.setEntitlements, {
                          params,
                          body: {
                            user_id: m.user_id,
                            estimates: kind === 'estimates' ? e.target.checked : m.estimates,
                            bim: kind === 'bim' ? e.target.checked : m.bim,
                          },
                        }),
                      )
                    }
                  />
                </td>
              ))}
              <td>{m.last_seen_at ? new Date(m.last_seen_at).toLocaleString() : '—'}</td>
              <td>
                <button
                  className="btn"
                  type="button"
                  onClick={async () => {
                    const ok = await confirm({
                      message: t('members.kick_confirm', { login: m.login }),
                      danger: true,
                    });
                    if (ok.confirmed)
                      void act(call(spaceRoutes.kickout, { params, body: { user_id: m.user_id } }));
                  }}
                >
                  {t('members.kick')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
