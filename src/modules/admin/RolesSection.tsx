// Roles and their permission matrix (module × read/edit/approve/admin); the server enforces it.
import { useState } from 'react';
import { ROLE_VALUES, roleRoutes } from '../../api/roles';
import type { Role, RoleValue } from '../../api/roles';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { ABILITIES, PERMISSION_MODULES } from '../../domain/admin/permissions';
import type { PermissionAbility, PermissionModule } from '../../domain/admin/permissions';
import { useAdminT } from './i18n';

export function RolesSection({ roles, reload }: { roles: Role[]; reload: () => void }) {
  const { t } = useAdminT();
  const [name, setName] = useState('');
  const [value, setValue] = useState<RoleValue>('student');
  const act = (p: Promise<unknown>) => p.then(reload, () => undefined);

  const toggle = (role: Role, module: PermissionModule, ability: PermissionAbility, on: boolean) => {
    const row = on
      ? [...role.permissions[module], ability]
      : role.permissions[module].filter((a) => a !== ability);
    void act(
      call(roleRoutes.update, {
        params: { id: role.id },
        body: { name: role.name, value: role.value, permissions: { ...role.permissions, [module]: row } },
      }),
    );
  };

  return (
    <section className="admin-section" aria-labelledby="admin-roles">
      <h2 id="admin-roles">{t('roles.title')}</h2>
      <form
        className="admin-row"
        onSubmit={(e) => {
          e.preventDefault();
          void act(call(roleRoutes.create, { body: { name, value } }).then(() => setName('')));
        }}
      >
        <input
          aria-label={t('roles.name')}
          placeholder={t('roles.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <select
          aria-label={t('roles.value')}
          value={value}
          onChange={(e) => setValue(e.target.value as RoleValue)}
        >
          {ROLE_VALUES.map((v) => (
            <option key={v} value={v}>
              {t(`values.${v}`)}
            </option>
          ))}
        </select>
        <button className="btn btn--primary" type="submit">
          {t('roles.create')}
        </button>
      </form>
      {roles.map((role) => (
        <details key={role.id} className="admin-role" data-role={role.name}>
          <summary>
            {role.name} <span className="admin-muted">({t(`values.${role.value}`)})</span>
          </summary>
          <table className="admin-table admin-matrix">
            <thead>
              <tr>
                <th>{t('roles.module')}</th>
                {ABILITIES.map((a) => (
                  <th key={a}>{t(`abilities.${a}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PERMISSION_MODULES.map((m) => (
                <tr key={m}>
                  <th scope="row">{t(`modules.${m}`)}</th>
                  {ABILITIES.map((a) => (
                    <td key={a}>
                      <input
                        type="checkbox"
                        aria-label={`${role.name}: ${t(`modules.${m}`)} — ${t(`abilities.${a}`)}`}
                        checked={role.permissions[m].includes(a)}
                        onChange={(e) => toggle(role, m, a, e.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {!role.builtin && (
            <button
              className="btn"
              type="button"
              onClick={async () => {
                const ok = await confirm({
                  message: t('roles.delete_confirm', { name: role.name }),
                  danger: true,
                });
                if (ok.confirmed) void act(call(roleRoutes.remove, { params: { id: role.id } }));
              }}
            >
              {t('roles.delete')}
            </button>
          )}
        </details>
      ))}
    </section>
  );
}
